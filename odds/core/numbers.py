"""Exact numbers as a user writes them (``0.75``, ``3/4``, ``75%``, ``1e-3``), read in one place with
bounded digits and exponent, so that ``1e5000``, a 10,000-digit integer, ``nan`` or ``inf`` is refused
in one line rather than computed with (or overflowing a float in a message).

>>> exact_number("3/4"), exact_number("75%", percent=True), exact_number("-2.5e-1")
(Fraction(3, 4), Fraction(3, 4), Fraction(-1, 4))
>>> exact_number("1e400")
Traceback (most recent call last):
odds.core.errors.OddsError: cannot read the number '1e400': at most 40 digits and an exponent of at most 40 (e.g. 0.05 or 1/20)
"""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Union

from .errors import OddsError, shown

MAX_DIGITS = 40  # digits of a numerator or of a denominator as written
MAX_EXPONENT = 40  # the largest exponent, either sign, of a number written 1e-3
_NUMBER = re.compile(r"\s*(?P<sign>[+-]?)(?P<whole>[0-9]*)(?:\.(?P<part>[0-9]*))?(?:[eE](?P<exp>[+-]?[0-9]{1,6}))?"
                     r"\s*(?:/\s*(?P<den>[0-9]+)\s*)?(?P<pc>%?)\s*")


def exact_number(text: Union[str, int, Fraction], what: str = "number", percent: bool = False,
                 error: type[OddsError] = OddsError, hint: str = "e.g. 0.05 or 1/20") -> Fraction:
    """``text`` as an exact ``Fraction``: a decimal (with an exponent), a fraction ``a/b``, or (with
    ``percent``) a per cent; at most :data:`MAX_DIGITS` digits a part and an exponent of at most
    :data:`MAX_EXPONENT`. Anything else raises ``error`` naming ``what`` and quoting the text through
    :func:`~odds.core.errors.shown`. A ``Fraction`` or an ``int`` is taken as it is, a
    ``float`` as it prints.

    >>> exact_number("5%", "house edge", percent=True), exact_number(" 1 / 20 ")
    (Fraction(1, 20), Fraction(1, 20))
    >>> exact_number("1/0", "pay")
    Traceback (most recent call last):
    odds.core.errors.OddsError: cannot read the pay '1/0' (e.g. 0.05 or 1/20)
    """
    if isinstance(text, Fraction) or (isinstance(text, int) and not isinstance(text, bool)):
        return Fraction(text)
    s = text if isinstance(text, str) else str(text) if isinstance(text, float) else ""
    m = _NUMBER.fullmatch(s) if len(s) <= 4 * MAX_DIGITS else None
    if m is None or not (m["whole"] or m["part"]) or (m["pc"] and not percent) or (m["den"] is not None and not m["den"].lstrip("0")):
        raise error(f"cannot read the {what} '{shown(text)}' ({hint})")
    digits = len((m["whole"] + (m["part"] or "")).lstrip("0"))
    if digits > MAX_DIGITS or len((m["den"] or "").lstrip("0")) > MAX_DIGITS or abs(int(m["exp"] or 0)) > MAX_EXPONENT:
        raise error(f"cannot read the {what} '{shown(text)}': at most {MAX_DIGITS} digits and an exponent "
                    f"of at most {MAX_EXPONENT} ({hint})")
    value = Fraction(f"{m['sign']}{m['whole'] or 0}.{m['part'] or 0}e{m['exp'] or 0}")
    if m["den"]:
        value /= int(m["den"])
    return value / 100 if m["pc"] else value
