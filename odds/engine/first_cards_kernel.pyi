"""Ordered deals of k cards by outcome (built from ``ext/first_cards_kernel.pyx``)."""
from collections.abc import Sequence
from typing import Any

def count_deals(counts: Sequence[int], k: int, table: Any, noutcomes: int) -> list[int]:
    """Ordered deals of ``k`` cards by outcome; ``table`` a buffer of C ints, ``len(counts) ** k``
    entries."""
