"""How a dealer's hand ends and how a round counts, as enums. Each member is (or compares equal
to) the plain value it stands for, so tables, JSON and text read as before.

>>> row = (0, 0, 0, 0, 0, 1, 3)  # a row of the dealer's results, by position
>>> row[DealerResult.BUST], str(DealerResult.BLACKJACK)
(3, 'blackjack')
>>> from odds.engine.dealer_graph import RESULTS
>>> tuple(str(r) for r in DealerResult) == RESULTS
True
>>> RoundClass.WIN == "win", f"{RoundClass.NEITHER}"
(True, 'neither')
"""
from __future__ import annotations

from enum import Enum, IntEnum


class DealerResult(IntEnum):
    """The dealer's final result, as its position in a row of the dealer's results
    (:func:`odds.engine.dealer.dealer_finals`): a total of 17 to 21, a blackjack (his first two
    cards), a bust. ``str`` gives the name the dealer tables print."""

    TOTAL_17 = 0
    TOTAL_18 = 1
    TOTAL_19 = 2
    TOTAL_20 = 3
    TOTAL_21 = 4
    BLACKJACK = 5
    BUST = 6

    def __str__(self) -> str:
        return self.name[len("TOTAL_"):] if self.name.startswith("TOTAL_") else self.name.lower()


class RoundClass(str, Enum):
    """How a round counts for the streak wagers (:mod:`odds.engine.outcomes`): won, lost or
    neither (a push, or a split round with as many hands won as lost)."""

    WIN = "win"
    LOSS = "loss"
    NEITHER = "neither"

    def __str__(self) -> str:
        return self.value
