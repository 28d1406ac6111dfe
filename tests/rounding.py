"""Comparing exact values with figures as a source printed them."""
from decimal import Decimal
from fractions import Fraction


def _round(x: Fraction, places: int) -> Fraction:
    scaled = x * 10 ** places
    n = (scaled.numerator * 2 + scaled.denominator) // (2 * scaled.denominator)  # half up, x >= 0
    return Fraction(n, 10 ** places)


def _round_sig(x: Fraction, sig: int) -> Fraction:
    if x == 0:
        return x
    exponent = Decimal(x.numerator / x.denominator).adjusted()
    return _round(x, sig - 1 - exponent)


def within_print(value, printed: str, scale=1, via=()) -> bool:
    """True when ``value`` (exact), in units of ``scale`` (100 for percent), rounds half up to the
    decimal ``printed``. ``via`` lists earlier roundings a source applied before printing
    (``("sig", 7)``: to 7 significant digits; ``("places", 3)``: to 3 decimal places); a value
    passes if it rounds to the printed figure directly or through that chain."""
    places = len(printed.split(".")[1]) if "." in printed else 0
    target = Fraction(printed)
    x = Fraction(value) * Fraction(scale)
    if _round(x, places) == target:
        return True
    for kind, n in via:
        x = _round_sig(x, n) if kind == "sig" else _round(x, n)
    return bool(via) and _round(x, places) == target


assert within_print(Fraction(1, 3), "0.333") and not within_print(Fraction(1, 3), "0.334")
assert within_print(Fraction(124949, 1000000), "12.50", 100, via=[("places", 3)])
assert not within_print(Fraction(124949, 1000000), "12.50", 100)
