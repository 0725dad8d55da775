"""Order handling for the storefront: line items, shipping and discounts."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from enum import Enum
from typing import Optional


class ShippingMethod(str, Enum):
    STANDARD = "standard"
    EXPRESS = "express"
    PICKUP = "pickup"


@dataclass
class LineItem:
    sku: str
    quantity: int
    unit_price: float
    gift_wrap: bool = False


@dataclass
class Order:
    order_id: str
    customer_email: str
    items: list[LineItem] = field(default_factory=list)
    coupon: Optional[str] = None
    placed_on: Optional[date] = None

    def subtotal(self) -> float:
        return sum(item.quantity * item.unit_price for item in self.items)


def shipping_cost(weight_kg: float, method: str = "standard", country: str = "GB", express_surcharge: float = 4.5) -> float:
    """Shipping price in pounds for a parcel."""
    if weight_kg <= 0:
        raise ValueError("weight must be positive")
    base = 3.0 + 0.8 * weight_kg
    if country != "GB":
        base *= 2.2
    if method == ShippingMethod.EXPRESS:
        base += express_surcharge
    elif method == ShippingMethod.PICKUP:
        base = 0.0
    return round(base, 2)


def apply_coupon(total: float, coupon: str | None, coupons: dict[str, float]) -> float:
    """Total after a coupon worth a fraction of the total (0.1 is 10% off)."""
    if coupon is None:
        return total
    rate = coupons.get(coupon.upper())
    if rate is None:
        raise KeyError(f"unknown coupon {coupon}")
    return round(total * (1 - rate), 2)


def group_by_customer(orders: list[Order]) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {}
    for order in orders:
        grouped.setdefault(order.customer_email, []).append(order.order_id)
    return grouped
