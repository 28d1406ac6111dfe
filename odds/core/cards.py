"""Card notation.

A card is a rank followed by a suit: ``AS`` (ace of spades), ``TH`` (ten of hearts), ``7C``.
Ranks are ``A 2 3 4 5 6 7 8 9 T J Q K`` (``10`` is accepted for ``T``); suits are ``S H D C``.
A bare rank (``7``, ``T``, ``K``) names a card whose suit does not matter. Parsing ignores case.

>>> parse_card("ah")
Card(rank='A', suit='H')
>>> parse_card("10")
Card(rank='T', suit=None)
>>> [str(c) for c in parse_cards("AS TH, 5c 7")]
['AS', 'TH', '5C', '7']
>>> point_value("K"), point_value("A")
(10, 1)
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from .errors import CardError

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RED_SUITS = frozenset("HD")
VALUES = tuple(range(1, 11))  # point values; the ace is 1 here (soft totals add 10)


def point_value(rank: str) -> int:
    """The blackjack point value of a rank, the ace counted as 1."""
    return min(RANKS.index(rank) + 1, 10)


def value_label(value: int) -> str:
    """``1`` -> ``'A'``, ``10`` -> ``'T'``, otherwise the digit."""
    return {1: "A", 10: "T"}.get(value, str(value))


@dataclass(frozen=True, order=True)
class Card:
    """One card. ``suit`` is None for a bare rank (suit unknown or irrelevant)."""

    rank: str
    suit: Optional[str] = None

    def __str__(self) -> str:
        return self.rank + (self.suit or "")

    @property
    def value(self) -> int:
        return point_value(self.rank)


_CARD = re.compile(r"^(10|[AaTtJjQqKk2-9])([SsHhDdCc]?)$")


def parse_card(text: str) -> Card:
    """Parse one card such as ``AS`` or a bare rank such as ``7``."""
    if not isinstance(text, str):
        raise CardError(f"a card is written as text such as 'AS', 'TH' or '7', got {text!r}")
    m = _CARD.match(text.strip())
    if not m:
        raise CardError(
            f"cannot read card {text!r}: expected a rank of A23456789TJQK (or 10) "
            f"optionally followed by a suit of SHDC, e.g. 'AS', 'TH', '7'"
        )
    rank = "T" if m.group(1) == "10" else m.group(1).upper()
    return Card(rank, m.group(2).upper() or None)


def parse_cards(text: str) -> list[Card]:
    """Parse cards separated by spaces or commas. An empty string gives no cards."""
    if not isinstance(text, str):
        raise CardError(f"cards are written as text such as 'AS TH 7', got {text!r}")
    return [parse_card(t) for t in re.split(r"[\s,]+", text.strip()) if t]
