"""The dealer's drawing graph propagated from a shoe (built from ``ext/dealer_kernel.pyx``)."""
from collections.abc import Sequence
from typing import Any

class DealerKernel:
    """The graph of ``odds.engine.dealer_graph.DealerGraph`` folded into C arrays once."""

    def __init__(self, child: Sequence[int], term: Sequence[int], have: Sequence[int], depth: Sequence[int],
                 roots: Sequence[int], nbuckets: int, nresults: int, width: int, bust_result: int) -> None: ...
    def upcard_of(self, node: int) -> int:
        """The up card (0-based value) of a node."""
    def folded(self) -> dict[str, Any]:
        """The folded graph as lists and sizes, for ``odds.engine.split_kernel.SplitKernel``."""
    def exact(self, counts: Sequence[int], total: int) -> tuple[list[int], int]:
        """Integer numerators of every bucket and the first starved node (-1 if none)."""
    def floats(self, counts: Sequence[int], total: int, buckets: Any, finals: Any) -> int:
        """Probabilities into ``buckets`` and ``finals`` (writable double buffers); the first
        starved node or -1."""


def dealer_rows(counts: Sequence[int], out: Any, hits_soft_17: bool = False) -> None:
    """Every up card's final distribution (17, 18, 19, 20, 21, blackjack, bust; blackjack kept, no
    peek) in floats into ``out``, a writable C-contiguous float64 array of 70 (row ``u`` for up
    card value ``u + 1``; zeros for an up card the shoe lacks). ``counts``: 10 by value, ace
    first, or 52 by rank and suit (rank major)."""

def dealer_table_rows(counts: Sequence[int], out: Any, hits_soft_17: bool = False) -> None:
    """:func:`dealer_rows` into the first 70 of ``out`` (77 float64), then the final results before
    the up card is seen (each row weighted by its up card's chance)."""

def dealer_expectation(counts: Sequence[int], weights: Any, hits_soft_17: bool = False) -> float:
    """The expectation of ``weights[u, r, k]`` (a C-contiguous float64 array of 10 x 7 x 14) over
    the up card ``u`` drawn from the shoe, the dealer's result ``r`` and number of cards ``k``."""

class DealerWeights:
    """:func:`dealer_expectation` with its ``weights`` prepared once; call it with a shoe (52
    counts by rank and suit, or 10 by value if ``by_value``) for the expectation."""

    hits_soft_17: bool
    busts_only: bool
    by_value: bool

    def __init__(self, weights: Any, hits_soft_17: bool = False, by_value: bool = True) -> None: ...
    def __call__(self, counts: Sequence[int]) -> float: ...
    def many(self, states: Any, out: Any) -> None:
        """The expectation of every row of ``states`` (an int64 array of rows of 52 counts) into ``out``."""
