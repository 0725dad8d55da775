from decimal import Decimal

from pricing import add_vat, round_money


def test_round_money_rounds_half_up():
    assert round_money(Decimal("1.005")) == Decimal("1.01")


def test_add_vat_standard_rate():
    assert add_vat(Decimal("10.00")) == Decimal("12.00")
