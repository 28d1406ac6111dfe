"""The joint law of a split round's hands and the dealer's hand (built from ``ext/split_kernel.pyx``)."""
from collections.abc import Sequence
from typing import Any, Optional, Union

class SplitKernel:
    """The dealer's graph for one rule, from ``DealerKernel.folded()``; ``straight``: whether it is
    the dealer's own graph under H17 (True) or S17 (False), whose rows then come from the
    straight-line code of the one up card (None: another graph, walked)."""

    max_cards: int
    peak_rows: int  # the most unions held at once by one run since set to 0
    rows_made: int  # the unions weighed since set to 0
    peak_heads: int  # the most head entries held by one run since set to 0
    narrow_bits: int  # exact sums by halves of residues while the leaves' counts add up to less than 2**this

    def __init__(self, folded: dict[str, Any], straight: Optional[bool] = None) -> None: ...
    def run(self, base: Sequence[int], up: int, leaves: Sequence[Sequence[tuple[int, int, int]]],
            groups: Sequence[tuple[int, tuple[int, ...], int, int]], exact: bool, moduli: Sequence[int],
            jmax: int, one_unit: bool, part: int = 0, parts: int = 1,
            heads: Optional[list[Any]] = None,
            bounds: Optional[list[int]] = None) -> Optional[Union[list[list[int]], list[float]]]:
        """Exact: each outcome's residues modulo each modulus; float: its probability. None where
        the dealer can run out of cards or his counts could pass 128 bits. ``part`` of ``parts``:
        only the unions of that part (their high parts within ``bounds``, from
        :meth:`part_bounds`); ``heads``: the tables from :meth:`heads`, shared."""
    def heads(self, base: Sequence[int], up: int, leaves: Sequence[Sequence[tuple[int, int, int]]],
              groups: Sequence[tuple[int, tuple[int, ...], int, int]], exact: bool) -> list[Any]:
        """The head tables of a run with these arguments (opaque), to share among its calls."""
    def part_bounds(self, base: Sequence[int], up: int, leaves: Sequence[Sequence[tuple[int, int, int]]],
                    heads: list[Any], parts: int) -> list[int]:
        """The ``parts + 1`` bounds of the high parts of the unions that each part joins."""
