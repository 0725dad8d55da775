"""Price calculations for the checkout service."""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

VAT_RATES = {"standard": Decimal("0.20"), "reduced": Decimal("0.05"), "zero": Decimal("0")}


def round_money(amount: Decimal) -> Decimal:
    """Round to whole cents, halves away from zero."""
    return amount.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def apply_discount(price: Decimal, percent: float) -> Decimal:
    """Price after a percentage discount; percent must be between 0 and 100."""
    if not 0 <= percent <= 100:
        raise ValueError(f"discount must be between 0 and 100, got {percent}")
    return round_money(price * (Decimal(1) - Decimal(str(percent)) / 100))


def add_vat(net: Decimal, rate: str = "standard") -> Decimal:
    """Gross price for a VAT rate name."""
    try:
        return round_money(net * (1 + VAT_RATES[rate]))
    except KeyError:
        raise ValueError(f"unknown VAT rate {rate!r}") from None


class Cart:
    """Items and quantities, with totals in Decimal."""

    def __init__(self) -> None:
        self.lines: dict[str, tuple[Decimal, int]] = {}

    def add(self, sku: str, unit_price: Decimal, quantity: int = 1) -> None:
        if quantity < 1:
            raise ValueError("quantity must be at least 1")
        price, count = self.lines.get(sku, (unit_price, 0))
        self.lines[sku] = (price, count + quantity)

    def total(self, discount_percent: float = 0) -> Decimal:
        subtotal = sum((price * count for price, count in self.lines.values()), Decimal(0))
        return apply_discount(subtotal, discount_percent)
