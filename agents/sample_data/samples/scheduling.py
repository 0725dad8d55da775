"""Meeting-room booking rules."""
from datetime import datetime, timedelta


def overlaps(start_a: datetime, end_a: datetime, start_b: datetime, end_b: datetime) -> bool:
    return start_a < end_b and start_b < end_a


def next_free_slot(bookings: list[tuple[datetime, datetime]], after: datetime, duration_minutes: int = 30, *, working_hours: tuple[int, int] = (9, 17)) -> datetime:
    """First start time at or after `after` when a meeting of this length fits."""
    candidate = after
    length = timedelta(minutes=duration_minutes)
    for start, end in sorted(bookings):
        if candidate.hour < working_hours[0]:
            candidate = candidate.replace(hour=working_hours[0], minute=0)
        if overlaps(candidate, candidate + length, start, end):
            candidate = end
    return candidate


def room_capacity_ok(room: str, attendees: int, capacities: dict[str, int], allow_standing: bool = False) -> bool:
    limit = capacities.get(room, 0)
    if allow_standing:
        limit = int(limit * 1.2)
    return attendees <= limit
