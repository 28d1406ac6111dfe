"""The exact law of a linear running count.

A count gives each card a whole-number tag; after ``m`` cards are dealt from the top of a shuffled
shoe, the running count is the sum of their tags. Every set of ``m`` cards is equally likely to be
the first ``m``, so the chance of a running count ``c`` after ``m`` cards is ``W(m, c) / C(N, m)``:
``W(m, c)`` the number of ``m``-card subsets of the shoe's ``N`` (physical) cards whose tags sum to
``c``, the coefficient of ``x^m y^c`` in the product over the tag groups of ``(1 + x y^t)^G`` (``G``
cards of tag ``t``). A :class:`CountTable` holds every ``W(m, c)`` for ``m`` up to a depth, exact.

The shoe less some cards (the cards of a deal kept out of the first ``m``) has its own table,
found from the whole shoe's by one pass: a card of tag ``t`` is either among the ``m`` or not, so
``W(m, c) = W'(m, c) + W'(m - 1, c - t)`` for ``W'`` the table without it (:meth:`CountTable.without`).

>>> law = CountTable.of({1: 2, 0: 1, -1: 2}, most=5)   # five cards: two +1, a 0, two -1
>>> [law.ways(2, c) for c in (-2, -1, 0, 1, 2)]         # the ten pairs by running count
[1, 2, 4, 2, 1]
>>> law.chance(2, 0)
Fraction(2, 5)
>>> fewer = law.without(law.tags.index(1))               # one +1 card kept out
>>> [fewer.ways(2, c) for c in (-2, -1, 0, 1)] == [CountTable.of({1: 1, 0: 1, -1: 2}, 4).ways(2, c) for c in (-2, -1, 0, 1)]
True
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any, Mapping

import numpy

from odds.core.errors import EngineError

@dataclass(frozen=True)
class CountTable:
    """``W(m, c)`` for ``m = 0 .. most``: ``rows[m][c - lo]`` (numpy arrays of Python integers),
    for a shoe of ``sizes[g]`` cards of tag ``tags[g]`` in each group ``g``."""

    tags: tuple[int, ...]
    sizes: tuple[int, ...]
    most: int
    lo: int
    rows: tuple[Any, ...]

    @classmethod
    def of(cls, groups: Mapping[int, int], most: int) -> CountTable:
        """The table of a shoe of ``groups[tag]`` cards of each tag, to a depth of ``most`` cards."""
        tags = tuple(sorted(groups))
        sizes = tuple(groups[t] for t in tags)
        if any(not isinstance(t, int) or isinstance(t, bool) for t in tags):
            raise EngineError(f"a count's tags are whole numbers, not {tags}")
        if any(s < 0 for s in sizes):
            raise EngineError(f"a tag group of {min(sizes)} cards")
        total = sum(sizes)
        if not 0 <= most <= total:
            raise EngineError(f"a depth of {most} cards in a shoe of {total}")
        lo = sum(t * s for t, s in zip(tags, sizes) if t < 0)
        hi = sum(t * s for t, s in zip(tags, sizes) if t > 0)
        width = hi - lo + 1
        rows = [numpy.zeros(width, dtype=object) for _ in range(most + 1)]
        rows[0][-lo] = 1
        seen = 0  # cards of the groups multiplied in so far: rows past it are still zero
        for tag, size in zip(tags, sizes):
            new = [numpy.zeros(width, dtype=object) for _ in range(most + 1)]
            for m in range(min(seen, most) + 1):
                row = rows[m]
                if not row.any():
                    continue
                for k in range(min(size, most - m) + 1):
                    _add_shifted(new[m + k], row * comb(size, k), k * tag)
            rows, seen = new, seen + size
        return cls(tags, sizes, most, lo, tuple(rows))

    @property
    def total(self) -> int:
        return sum(self.sizes)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    def ways(self, m: int, c: int) -> int:
        """The number of ``m``-card subsets of the shoe with running count ``c``."""
        i = c - self.lo
        return int(self.rows[m][i]) if 0 <= i < self.width and 0 <= m <= self.most else 0

    def chance(self, m: int, c: int) -> Fraction:
        """P(running count ``c`` after ``m`` cards are dealt)."""
        return Fraction(self.ways(m, c), comb(self.total, m))

    def counts(self, m: int) -> dict[int, Fraction]:
        """The law of the running count after ``m`` cards: every count it can take, with its chance."""
        whole = comb(self.total, m)
        return {self.lo + i: Fraction(int(w), whole) for i, w in enumerate(self.rows[m]) if w}

    def without(self, group: int) -> CountTable:
        """The table of the shoe less one card of ``tags[group]`` (the rows to the same depth, so
        ``m`` up to ``most`` where the smaller shoe still has ``m`` cards)."""
        if self.sizes[group] == 0:
            raise EngineError(f"no card of tag {self.tags[group]} left to take out")
        tag = self.tags[group]
        rows: list = [self.rows[0].copy()]
        for m in range(1, self.most + 1):
            row = self.rows[m].copy()
            _add_shifted(row, -rows[m - 1], tag)
            rows.append(row)
        sizes = tuple(s - (g == group) for g, s in enumerate(self.sizes))
        return CountTable(self.tags, sizes, self.most, self.lo, tuple(rows))


def _add_shifted(into: Any, row: Any, shift: int) -> None:
    """``into[i + shift] += row[i]`` where both are in range."""
    n = len(into)
    if shift >= 0:
        into[shift:] += row[:n - shift]
    else:
        into[:n + shift] += row[-shift:]
