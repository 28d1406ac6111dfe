"""A wager's value for any shoe as a sum over the deals that settle it.

The cards that settle a wager settled by the shoe alone (the first cards dealt, the dealer's hand)
are a multiset ``H`` of card classes drawn in some orders. A given order of ``H`` is drawn from a
shoe of ``n`` cards, ``n_v`` of class ``v``, with chance ``prod_v (n_v)_{H_v} / (n)_{|H|}``
(falling factorials), the same for every order. So the wager's value is

    value(shoe) = sum over H of coef[H] * prod_v (n_v)_{H_v} / (n)_{|H|},

``coef[H]`` the sum of the pays of the orders of ``H`` that settle it (a constant of the wager).
A :class:`DealLaw` holds the classes and ``coef``; it is what the exact counting analysis
(:mod:`odds.engine.counting`) needs, and :meth:`DealLaw.value` gives the value of any shoe from it,
which the tests hold to the wager's own exact return.

>>> rank_of = tuple(r for r in range(13) for _ in range(4))
>>> pair = DealLaw("pair", rank_of, {(r, r): Fraction(11) for r in range(13)} | {(): Fraction(-1)})
>>> pair.value([1] * 52)                                      # 11 * 3/51 - 1
Fraction(-6, 17)
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from math import perm
from typing import Callable, Mapping, Sequence

from odds.core.errors import EngineError

from .dealer_graph import dealer_graph

VALUE_CLASS = tuple(min(c // 4, 9) for c in range(52))  # the class of each card by point value (ace 0, ten 9)
Multiset = tuple[int, ...]  # classes, sorted


@dataclass(frozen=True)
class DealLaw:
    """``class_of[i]``: the class of card ``i`` (52, rank major); ``coefs[H]``: the summed pays of
    the orders of the multiset ``H`` (a sorted tuple of classes) that settle the wager."""

    wager: str
    class_of: tuple[int, ...]
    coefs: Mapping[Multiset, Fraction]

    @property
    def nclasses(self) -> int:
        return max(self.class_of) + 1

    def class_counts(self, counts: Sequence[int]) -> list[int]:
        """The cards of each class in a shoe of 52 counts."""
        n = [0] * self.nclasses
        for card, k in enumerate(counts):
            n[self.class_of[card]] += k
        return n

    def value(self, counts: Sequence[int]) -> Fraction:
        """The wager's value for the shoe of 52 counts (rank major), exact."""
        n = self.class_counts(counts)
        total = sum(n)
        out = Fraction(0)
        for multiset, coef in self.coefs.items():
            if len(multiset) > total:
                raise EngineError(f"{self.wager}: a deal of {len(multiset)} cards from a shoe of {total}")
            ways = 1
            for v, h in _runs(multiset):
                ways *= perm(n[v], h)
            out += coef * Fraction(ways, perm(total, len(multiset)))
        return out


def _runs(multiset: Multiset) -> list[tuple[int, int]]:
    """(class, how many) of a sorted multiset."""
    return [(v, len(list(g))) for v, g in itertools.groupby(multiset)]


def first_cards_law(wager: str, class_of: Sequence[int], nclasses: int, k: int,
                    pays: Sequence[Fraction]) -> DealLaw:
    """The law of a wager paid on ``k`` first cards: ``pays[t]`` the pay of the ordered tuple of
    classes number ``t`` in base ``nclasses`` (every tuple a deal: the mean over ordered deals is
    the return)."""
    coefs: dict[Multiset, Fraction] = {}
    for combo, pay in zip(itertools.product(range(nclasses), repeat=k), pays):
        if pay:
            key = tuple(sorted(combo))
            coefs[key] = coefs.get(key, Fraction(0)) + pay
    return DealLaw(wager, tuple(class_of), {h: c for h, c in coefs.items() if c})


def dealer_law(wager: str, hits_soft_17: bool, weight: Callable[[int, str, int], Fraction],
               constant: Mapping[Multiset, Fraction] = {}) -> DealLaw:
    """The law of a wager on the dealer's final hand: ``weight(up card value, result, cards)``
    for each final hand (up card included), plus the ``constant`` terms (``{(): -1}``: the unit
    staked). Classes are point values (``VALUE_CLASS``)."""
    g = dealer_graph(hits_soft_17)
    coefs: dict[Multiset, Fraction] = {h: Fraction(c) for h, c in constant.items()}
    paths = [0] * len(g.depth)
    for up in range(1, 11):
        paths[g.roots[up - 1]] = 1
    for node in range(len(g.depth)):  # nodes in order of depth: a node's paths are complete here
        if not paths[node]:
            continue
        held = tuple(g.have[10 * node:10 * node + 10])
        for v in range(10):
            child = g.child[10 * node + v]
            if child >= 0:
                paths[child] += paths[node]
                continue
            up, result, ncards = g.unbucket(g.term[10 * node + v])
            w = weight(up, result, ncards)
            if w:
                final = [c for c in range(10) for _ in range(held[c] + (c == v))]
                key = tuple(final)
                coefs[key] = coefs.get(key, Fraction(0)) + paths[node] * Fraction(w)
    return DealLaw(wager, VALUE_CLASS, {h: c for h, c in coefs.items() if c})
