"""Plane geometry helpers used by the floor-plan editor."""
from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Point:
    x: float
    y: float

    def distance_to(self, other: Point) -> float:
        return math.hypot(self.x - other.x, self.y - other.y)

    def translated(self, dx: float = 0.0, dy: float = 0.0) -> Point:
        """Move the point."""
        return Point(self.x + dx, self.y + dy)


class Polygon:
    def __init__(self, vertices: list[Point], name: str | None = None) -> None:
        if len(vertices) < 3:
            raise ValueError("a polygon needs at least three vertices")
        self.vertices = vertices
        self.name = name

    def perimeter(self) -> float:
        pairs = zip(self.vertices, self.vertices[1:] + self.vertices[:1])
        return sum(start.distance_to(end) for start, end in pairs)

    def area(self) -> float:
        """Area of the polygon.

        Uses the shoelace formula.
        """
        total = 0.0
        for start, end in zip(self.vertices, self.vertices[1:] + self.vertices[:1]):
            total += start.x * end.y - end.x * start.y
        return abs(total) / 2

    @staticmethod
    def regular(sides: int, radius: float, *, center: Point = Point(0.0, 0.0)) -> Polygon:
        step = 2 * math.pi / sides
        return Polygon([Point(center.x + radius * math.cos(i * step), center.y + radius * math.sin(i * step)) for i in range(sides)])


def bounding_box(points: list[Point]) -> tuple[Point, Point]:
    xs = [point.x for point in points]
    ys = [point.y for point in points]
    return Point(min(xs), min(ys)), Point(max(xs), max(ys))


def clamp(value: float, low: float, high: float) -> float: return max(low, min(high, value))
