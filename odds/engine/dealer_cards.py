"""The dealer's final hands with what a wager reads of their cards: the suits, ranks or colours of
every card of the hand, and the cards of its first positions one by one.

The dealer's drawing depends only on the point values of his cards, so the final hands are first
found by value: a multiset of values and, for the first ``positions`` cards, their order (hands
reached by different orders of the same cards share one state, as in the drawing graph). Given the
values, the physical cards are a draw without replacement within each value, independent across
values: the ``m`` cards of value ``v`` are ``m`` cards taken at random, in order, from the shoe's
cards of value ``v``. So the law of what is read of the cards, for one multiset of values, is the
product over values of a multivariate hypergeometric law, folded into

- the class of each of the first ``positions`` cards (a class is what the wager reads of a card:
  its rank or only its value, its suit, its colour), and
- for each *tally*, a fold over the cards of the whole hand (how many are eights; the one suit
  they all have, if they have one).

All counts are whole numbers; a probability is a ratio of them (exact).

>>> from odds import Shoe
>>> same_suit = Tally("same", tuple(c % 4 for c in range(40)))
>>> reading = Reading(classes=tuple(4 * min(c // 4, 9) + c % 4 for c in range(52)), positions=0,
...                   tallies=(same_suit,))
>>> hands = DealerCards(Shoe.decks(1), reading, hits_soft_17=False)
>>> cells = hands.cells(up=10)
>>> sum(cells.values()) == 1
True
>>> (cell, p), = [(c, p) for c, p in cells.items() if c.result == "blackjack"]   # T then A: one cell
>>> law = hands.law(cell)
>>> suited = sum(q for (_, (suit,)), q in law.items() if suit != -1)
>>> suited   # the ace has the ten's suit: 1 ace in 4 of the 51 cards left ... given an ace
Fraction(1, 4)
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import factorial, perm
from typing import Any, Callable, Iterator, Optional

from .dealer_graph import classify

MAX_POSITIONS = 5
_VALUE_OF_RANK = tuple(min(r + 1, 10) for r in range(13))


@dataclass(frozen=True)
class Tally:
    """A fold over the cards of the whole hand, each card seen through its class's label
    (``labels[class]``, a small whole number):

    - ``count``: how many cards carry label 1, counted up to ``cap`` (``cap`` meaning "that many
      or more");
    - ``same``: the label every card carries, or -1 when they differ;
    - ``distinct``: the labels the cards carry (a bit a label)."""

    kind: str
    labels: tuple[int, ...]
    cap: int = 1

    def of(self, taken: Iterator[tuple[int, int]]) -> Any:
        """The fold of ``(class, how many)`` pairs (a hand's part), None when there are no cards."""
        state: Any = None
        join = self.joiner()
        for c, k in taken:
            if k:
                one = self.one(self.labels[c], k)
                state = one if state is None else join(state, one)
        return state

    def one(self, label: int, k: int) -> Any:
        if self.kind == "count":
            return min(k, self.cap) if label == 1 else 0
        if self.kind == "same":
            return label
        return 1 << label

    def joiner(self) -> Callable[[Any, Any], Any]:
        """The fold of two parts of a hand (neither empty)."""
        if self.kind == "count":
            cap = self.cap
            return lambda a, b: min(a + b, cap)
        if self.kind == "same":
            return lambda a, b: a if a == b else -1
        return lambda a, b: a | b


@dataclass(frozen=True)
class Reading:
    """What a wager reads of the dealer's cards: ``classes`` gives each of the 52 cards (rank major,
    ``4 * rank + suit``) its class, numbered from 0, two cards of one class having one point value;
    ``positions``: how many of the dealer's first cards are read one by one (the up card first);
    ``tallies``: the folds over the whole hand it reads (:class:`Tally`); ``marks``: what it reads
    of a class at each position (a small whole number), where it reads less there than the class."""

    classes: tuple[int, ...]
    positions: int
    tallies: tuple[Tally, ...] = ()
    marks: tuple[tuple[int, ...], ...] = ()  # for each position read, the mark of each class there (else the class)

    def __post_init__(self) -> None:
        if len(self.classes) != 52 or not 0 <= self.positions <= MAX_POSITIONS:
            raise ValueError("a reading gives 52 classes and reads at most 5 positions")
        if self.marks and len(self.marks) != self.positions:
            raise ValueError("a reading marks every position it reads, or none")
        values: dict[int, int] = {}
        for card, c in enumerate(self.classes):
            if values.setdefault(c, _VALUE_OF_RANK[card // 4]) != _VALUE_OF_RANK[card // 4]:
                raise ValueError("a class holds cards of two point values")


@dataclass(frozen=True)
class Cell:
    """A final hand of the dealer by value: its up card's value, result (``17`` .. ``21``,
    ``blackjack``, ``bust``), number of cards, the values of its first cards in order (as many as
    the reading reads, fewer when the hand is shorter) and how many cards of each value it holds."""

    up: int
    result: str
    size: int
    first: tuple[int, ...]
    values: tuple[int, ...]  # 10 counts, aces first


Seen = tuple[tuple[int, ...], tuple[Any, ...]]  # (classes of the first cards, each tally's fold)


class DealerCards:
    """The dealer's final hands from one shoe (any shoe state: 52 counts by card, or a
    :class:`~odds.core.shoe.Shoe`) under one drawing rule, and the law of what a reading sees of
    their cards."""

    def __init__(self, shoe: Any, reading: Reading, hits_soft_17: bool) -> None:
        counts = shoe if not hasattr(shoe, "by_rank_suit") else [n for row in shoe.by_rank_suit() for n in row]
        self.reading, self.hits_soft_17 = reading, hits_soft_17
        self.total = sum(counts)
        n_class: dict[int, int] = defaultdict(int)
        for card, n in enumerate(counts):
            n_class[reading.classes[card]] += n
        self.by_value = [0] * 10
        self.of_value: list[list[tuple[int, int]]] = [[] for _ in range(10)]  # (class, count) per value
        seen = set()
        for card, c in enumerate(reading.classes):
            v = _VALUE_OF_RANK[card // 4]
            if c not in seen:
                seen.add(c)
                self.of_value[v - 1].append((c, n_class[c]))
            self.by_value[v - 1] += counts[card]
        self._per_value = lru_cache(maxsize=None)(self._value_law)
        self._joins = tuple(t.joiner() for t in reading.tallies)
        self._hand_law = lru_cache(maxsize=4096)(self._law)  # a law of the tallies alone, by the hand's values

    def cells(self, up: int) -> dict[Cell, Fraction]:
        """Every final hand on up card value ``up`` with its chance given that up card (empty when
        the shoe holds none)."""
        if not self.by_value[up - 1]:
            return {}
        positions = self.reading.positions
        start = [0] * 10
        start[up - 1] = 1
        frontier: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {((up,)[:positions], tuple(start)): 1}
        out: dict[Cell, Fraction] = {}
        size, ways_up = 1, 1
        while frontier:
            following: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = defaultdict(int)
            # every ordered draw of ``size`` cards after the up card: (total - 1) falling (size - 1)
            denominator = ways_up
            for (first, values), ways in frontier.items():
                hard = sum((v + 1) * m for v, m in enumerate(values))
                result = classify(hard, values[0] > 0, size, self.hits_soft_17)
                if result is not None:
                    out[Cell(up, result, size, first, values)] = Fraction(ways, denominator)
                    continue
                for v in range(10):
                    left = self.by_value[v] - values[v]
                    if left > 0:
                        more = list(values)
                        more[v] += 1
                        following[(first + (v + 1,) if len(first) < positions else first, tuple(more))] += ways * left
            frontier = following
            ways_up *= self.total - size
            size += 1
        return out

    def law(self, cell: Cell, first_cards: bool = True) -> dict[Seen, Fraction]:
        """{(classes (or marks) of the first cards, each tally's fold): chance} for the hand ``cell`` given its
        values (each value's cards drawn at random from the shoe's cards of that value); without
        ``first_cards``, the tallies alone (the classes of the first cards left out: ``()``)."""
        if not first_cards or not self.reading.positions:
            return self._hand_law(cell.values)
        return self._law(cell.values, cell.first)

    def _law(self, values: tuple[int, ...], first_values: tuple[int, ...] = ()) -> dict[Seen, Fraction]:
        """:meth:`law` of a hand of ``values``, the values of its first cards ``first_values``
        (none: the tallies alone)."""
        joins = self._joins
        law: Optional[dict[Any, int]] = None
        denominator = 1
        for v in range(10):
            m = values[v]
            if not m:
                continue
            slots = tuple(i for i, f in enumerate(first_values) if f == v + 1)
            part, below = self._per_value(v, m, slots)
            denominator *= below
            if law is None:
                law = part
                continue
            joined: dict[Any, int] = defaultdict(int)
            for (first, folds), p in law.items():
                for (placed, more), q in part.items():
                    joined[(first + placed, tuple(j(a, b) for j, a, b in zip(joins, folds, more)))] += p * q
            law = joined
        assert law is not None  # a hand holds a card
        return {(tuple(c for _, c in sorted(first)), folds): Fraction(p, denominator) for (first, folds), p in law.items()}

    def _value_law(self, v: int, m: int, slots: tuple[int, ...]) -> tuple[dict[Any, int], int]:
        """The law of ``m`` cards of value ``v + 1`` drawn in order, the first ``len(slots)`` of
        them at the hand's positions ``slots``: ({(((position, class), ...), tally folds): ways},
        every way)."""
        classes = self.of_value[v]
        out: dict[Any, int] = defaultdict(int)
        for placed in product(range(len(classes)), repeat=len(slots)):
            for rest in compositions(m - len(slots), len(classes)):
                taken = list(rest)
                for i in placed:
                    taken[i] += 1
                ways = factorial(m - len(slots))
                for k in rest:
                    ways //= factorial(k)
                for (_, n), k in zip(classes, taken):
                    ways *= perm(n, k)
                if not ways:
                    continue
                folds = tuple(t.of(zip((c for c, _ in classes), taken)) for t in self.reading.tallies)
                marks = self.reading.marks
                out[(tuple((s, marks[s][classes[i][0]] if marks else classes[i][0]) for s, i in zip(slots, placed)),
                     folds)] += ways
        return dict(out), perm(self.by_value[v], m)


def compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` ordered whole numbers (each 0 or more).

    >>> list(compositions(2, 2))
    [(0, 2), (1, 1), (2, 0)]
    """
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in compositions(total - first, parts - 1):
            yield (first,) + rest
