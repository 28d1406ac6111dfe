"""Exact rationals as the library hands them out: the engines compute in gmpy2's ``mpq``, and
every exact figure leaves them as a :class:`fractions.Fraction`.

>>> import gmpy2
>>> as_fraction(gmpy2.mpq(6, 4)), as_fraction(3)
(Fraction(3, 2), Fraction(3, 1))
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any


def as_fraction(x: Any) -> Fraction:
    """``x`` (a gmpy2 ``mpq``, a ``Fraction``, an ``int``, anything with a numerator and a
    denominator) as a ``Fraction`` of the same value."""
    if hasattr(x, "numerator"):
        return Fraction(int(x.numerator), int(x.denominator))
    return Fraction(x)
