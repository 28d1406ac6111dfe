"""Closed-form counts of three-card 21+3 deals (built from ``ext/closed_counts.pyx``)."""
from collections.abc import Sequence

def count_21_plus_3(counts: Sequence[int]) -> tuple[int, int, int, int, int, int, int]:
    """Suited trips, trips, straight flush, straight, flush holding a pair, flush of three ranks,
    pair: the combinations of each, from 52 counts by rank and suit."""
