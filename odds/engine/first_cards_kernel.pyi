"""Ordered deals of k cards by outcome (built from ``ext/first_cards_kernel.pyx``)."""
from collections.abc import Sequence
from typing import Any

def count_deals(counts: Sequence[int], k: int, table: Any, noutcomes: int) -> list[int]:
    """Ordered deals of ``k`` cards by outcome; ``table`` a buffer of C ints, ``len(counts) ** k``
    entries."""

def expected_pay(cards: Sequence[int], class_of: Any, nclasses: int, k: int, pays: Any, name: str = "the deal",
                 alike: int = 1) -> float:
    """The mean pay of a deal of ``k`` cards from 52 counts by rank and suit (doubles), ``pays`` a
    buffer of doubles: the pay of each ordered tuple of classes; the first ``alike`` positions
    interchangeable (each multiset of them visited once)."""

class SparsePays:
    """The pays of a deal as the common pay and the deals that pay otherwise; ``mean`` as
    ``expected_pay`` gives it, skipping the deals that pay the common pay."""
    nclasses: int
    k: int
    alike: int
    common: float
    def __init__(self, class_of: Any, nclasses: int, k: int, alike: int, pays: Any) -> None: ...
    def mean(self, cards: Sequence[int], name: str = "the deal") -> float:
        """The mean pay of a deal from 52 counts by rank and suit."""
    def mean_many(self, states: Any, out: Any, name: str = "the deal") -> None:
        """``mean`` of every row of ``states`` (an int64 array of rows of 52 counts) into ``out``."""
