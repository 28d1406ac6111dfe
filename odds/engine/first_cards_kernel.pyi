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

def expected_pay_many(states: Any, class_of: Any, nclasses: int, k: int, pays: Any, out: Any,
                      name: str = ..., alike: int = 1) -> None:
    """``expected_pay`` of every row of ``states`` (an int64 array of rows of 52 counts) into ``out``."""
