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
