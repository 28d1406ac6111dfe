"""What a counter knows, exactly: a wager's value given the running count, with no simulation.

A linear count tags each rank with a whole number; ``m`` cards into a shoe of ``N``, the counter
knows ``m`` and the running count ``c`` (the sum of the tags seen), nothing else. Every ``m``-card
subset of the shoe is equally likely to be the cards seen, so (:mod:`odds.engine.count_law`)
``P(m, c) = W(m, c) / C(N, m)``.

The wager's value for the unseen cards is a sum over deals (:mod:`odds.engine.deal_law`) of
``coef[H] prod_v (n_v)_{H_v} / (N - m)_{|H|}``. Split each class by tag, so a deal's cards fall in
tag groups ``delta``; then ``prod (n_v)_{H_v}`` counts the ordered picks of ``|H|`` distinct unseen
cards of the deal's classes, and a given set of cards is unseen given ``(m, c)`` with chance
``W_{G - delta}(m, c) / W_G(m, c)``, the ways to see ``m`` cards with count ``c`` from the shoe
without them over the ways from the whole shoe. So

    E[value | m, c] = sum over delta of A[delta] W_{G-delta}(m, c) / (W_G(m, c) (N - m)_{|delta|}),

``A[delta]`` the sum of ``coef[H]`` times the ordered picks of its cards from the full shoe, over
the splits of the deals whose cards fall in the tag groups so. Nothing is enumerated but the deals
and the tag profiles: no shoe composition (3.7e12 of them at six decks) and no sample.

>>> from odds.engine.deal_law import DealLaw
>>> red = DealLaw("red", tuple(int(c % 4 in (1, 2)) for c in range(52)), {(1,): Fraction(2), (): Fraction(-1)})
>>> hi_lo = (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1, -1, -1, -1)
>>> law = ExactCount(red, hi_lo, decks=1, depths=[0, 10])
>>> law.value(0, 0), law.value(10, 0)   # a red card evens the money; suits are not counted
(Fraction(0, 1), Fraction(0, 1))
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from math import comb, factorial, lcm, perm
from typing import Any, Callable, Iterator, Optional, Sequence

import numpy

from odds.core.errors import EngineError

from .count_law import CountTable
from .deal_law import DealLaw
from .dealer_cards import compositions

Profile = tuple[int, ...]  # cards of a deal in each tag group


class ExactCount:
    """E[value | m cards seen, running count c] and P(m, c) for a wager's :class:`DealLaw`, a
    count's ``tags`` by rank (A, 2, ..., K), a shoe of ``decks`` decks, at each of ``depths``."""

    def __init__(self, law: DealLaw, tags: Sequence[int], decks: int, depths: Sequence[int]) -> None:
        if len(tags) != 13 or any(not isinstance(t, int) or isinstance(t, bool) for t in tags):
            raise EngineError(f"a count's tags: 13 whole numbers, one a rank from the ace to the king, not {tags}")
        self.law, self.tags, self.decks = law, tuple(tags), decks
        self.total = 52 * decks
        self.depths = tuple(sorted(set(depths)))
        if not self.depths or self.depths[0] < 0 or self.depths[-1] > self.total:
            raise EngineError(f"depths from 0 to the {self.total} cards of the shoe, not {list(depths)}")
        self.group_tags = tuple(sorted(set(self.tags)))
        group_of = [self.group_tags.index(self.tags[c // 4]) for c in range(52)]
        # the cards of each (class, tag group) in the full shoe
        split: dict[int, list[int]] = {}
        for card in range(52):
            split.setdefault(law.class_of[card], [0] * len(self.group_tags))[group_of[card]] += decks
        sizes = [sum(split[v][g] for v in split) for g in range(len(self.group_tags))]
        self.table = CountTable.of(dict(zip(self.group_tags, sizes)), self.depths[-1])
        self.profiles = _profiles(law, split, len(self.group_tags))
        self._numer, self._den = self._numerators()

    # -- the law of the count and the value given it

    def chance(self, m: int, c: int) -> Fraction:
        """P(running count ``c`` after ``m`` cards)."""
        return self.table.chance(m, c)

    def value(self, m: int, c: int) -> Optional[Fraction]:
        """E[the wager's value | ``m`` cards seen, running count ``c``], None where that cannot happen."""
        ways = self.table.ways(m, c)
        if not ways or m not in self._numer:
            return None
        return Fraction(int(self._numer[m][c - self.table.lo]), ways * self._den[m])

    def values(self, m: int) -> dict[int, Fraction]:
        """Every running count possible ``m`` cards in, with E[value | m, c]."""
        numer, den = self._numer[m], self._den[m]
        return {self.table.lo + i: Fraction(int(numer[i]), int(w) * den)
                for i, w in enumerate(self.table.rows[m]) if w}

    def least_count(self, m: int) -> Optional[int]:
        """The least running count ``m`` cards in at which the value given it is above 0 (None: none)."""
        numer = self._numer[m]
        return next((self.table.lo + i for i, w in enumerate(self.table.rows[m]) if w and numer[i] > 0), None)

    def weighed(self, m: int, bet: Callable[[int, int], bool]) -> tuple[Fraction, Fraction]:
        """(P(bet), E[value; bet]) at depth ``m`` for a rule ``bet(c, numerator)`` of the running count
        ``c`` (``numerator``: of the value given ``c``, over a positive denominator, so its sign is
        the value's): summed in integers, one fraction a depth."""
        ways = value = 0
        numer = self._numer[m]
        for i, w in enumerate(self.table.rows[m]):
            if w and bet(self.table.lo + i, int(numer[i])):
                ways += int(w)
                value += int(numer[i])
        whole = comb(self.total, m)
        return Fraction(ways, whole), Fraction(value, whole * self._den[m])

    def _numerators(self) -> tuple[dict[int, Any], dict[int, int]]:
        """For each depth ``m``, E[value | m, c] = numer[m][c - lo] / (W(m, c) den[m]): integers."""
        scale = lcm(*(a.denominator for a in self.profiles.values()))
        whole = {p: int(a * scale) for p, a in self.profiles.items()}
        sizes = sorted({sum(p) for p in whole})
        most = sizes[-1] if sizes else 0
        if self.total - self.depths[-1] < most:
            raise EngineError(f"{self.law.wager}: a deal of {most} cards {self.depths[-1]} cards into a shoe of "
                              f"{self.total}")
        # sums[s][i]: sum over the profiles of s cards of A * W_{G - profile}(depths[i], .), integers
        at = list(self.depths)
        sums = {s: numpy.zeros((len(at), self.table.width), dtype=object) for s in sizes}
        for profile, table in _tables_of(self.table, whole):
            sums[sum(profile)] += whole[profile] * numpy.array([table.rows[m] for m in at], dtype=object)
        numer, den = {}, {}
        for i, m in enumerate(at):
            left = self.total - m
            # one denominator a depth, (left)_most: a profile of s cards is over (left)_s
            numer[m] = sum((sums[s][i] * perm(left - s, most - s) for s in sizes),
                           numpy.zeros(self.table.width, dtype=object))
            den[m] = perm(left, most) * scale
        return numer, den


def _profiles(law: DealLaw, split: dict[int, list[int]], ngroups: int) -> dict[Profile, Fraction]:
    """A[delta]: each deal's coefficient times the ordered picks of its cards from the full shoe,
    split by the tag groups its cards fall in."""
    ways: dict[tuple[int, int], list[tuple[Profile, int]]] = {}

    def picks(v: int, h: int) -> list[tuple[Profile, int]]:
        """The splits of h cards of class v over its tag groups: (profile, multinomial x picks)."""
        if (v, h) not in ways:
            got = []
            live = [g for g in range(ngroups) if split[v][g]]
            for parts in compositions(h, len(live)):
                n = factorial(h)
                profile = [0] * ngroups
                for g, k in zip(live, parts):
                    n = n // factorial(k) * perm(split[v][g], k) if k else n
                    profile[g] = k
                if n:
                    got.append((tuple(profile), n))
            ways[(v, h)] = got
        return ways[(v, h)]

    out: dict[Profile, Fraction] = {}
    zero = (0,) * ngroups
    for multiset, coef in law.coefs.items():
        partial: dict[Profile, Fraction] = {zero: coef}
        for v, group in itertools.groupby(multiset):
            h = len(list(group))
            partial = {tuple(a + b for a, b in zip(p, q)): x * n for p, x in partial.items() for q, n in picks(v, h)}
        for p, x in partial.items():
            out[p] = out.get(p, Fraction(0)) + x
    return {p: a for p, a in out.items() if a}


def _tables_of(full: CountTable, needed: Any) -> Iterator[tuple[Profile, CountTable]]:
    """The table of the shoe less each profile of ``needed`` (a profile: cards out of each tag group),
    depth first: a profile's table from its parent's by one card, the parents kept only while
    their children are made."""
    needed = set(needed)
    ngroups = len(full.tags)
    prefixes = set()
    for p in needed:
        q = list(p)
        while any(q):
            prefixes.add(tuple(q))
            g = max(i for i in range(ngroups) if q[i])
            q[g] -= 1
    prefixes.add((0,) * ngroups)

    def walk(profile: Profile, table: CountTable, last: int) -> Iterator[tuple[Profile, CountTable]]:
        if profile in needed:
            yield profile, table
        for g in range(last, ngroups):
            child = profile[:g] + (profile[g] + 1,) + profile[g + 1:]
            if child in prefixes:
                yield from walk(child, table.without(g), g)

    yield from walk((0,) * ngroups, full, 0)


@dataclass(frozen=True)
class Trigger:
    """A counter who bets when the true count is above ``threshold``: the share of rounds bet,
    the value a round (over every round, bet or not) and a unit bet, exact."""

    threshold: Fraction
    share: Fraction
    value_per_round: Fraction

    @property
    def value_per_bet(self) -> Optional[Fraction]:
        return self.value_per_round / self.share if self.share else None


def true_count(tags: Sequence[int], decks: int, m: int, c: int) -> Fraction:
    """The balanced true count ``52 (c - m t) / (N - m)`` after ``m`` cards at running count ``c``
    (``t`` the mean tag of the full shoe's cards, ``N`` its cards), exact: the sweep's.

    >>> true_count((-1, 1, 1, 1, 1, 1, 0, 0, 0, -1, -1, -1, -1), 1, 26, 3)
    Fraction(6, 1)
    """
    total = 52 * decks
    return Fraction(52 * (c * total - m * 4 * decks * sum(tags)), (total - m) * total)


def true_count_above(tags: Sequence[int], decks: int, m: int, c: int, threshold: Fraction) -> bool:
    """Whether the balanced true count (:func:`true_count`) is above ``threshold``: the sweep's rule."""
    return true_count(tags, decks, m, c) > threshold


def trigger(count: ExactCount, threshold: Fraction, weights: Optional[Sequence[Fraction]] = None) -> Trigger:
    """The counter's figures over rounds starting at ``count.depths`` (weighted as ``weights``,
    equal if not given: one round at each depth)."""
    return _figures(count, threshold, weights, lambda m, c, numer: true_count_above(count.tags, count.decks, m, c,
                                                                                   threshold))


def best_count(count: ExactCount, weights: Optional[Sequence[Fraction]] = None) -> Trigger:
    """The best a count can do: bet whenever the value given the count is above 0 (``threshold``
    is 0 in the result, not used)."""
    return _figures(count, Fraction(0), weights, lambda m, c, numer: numer > 0)


def _figures(count: ExactCount, threshold: Fraction, weights: Optional[Sequence[Fraction]],
             bet: Callable[[int, int, int], bool]) -> Trigger:
    depths = count.depths
    w = [Fraction(1, len(depths))] * len(depths) if weights is None else [Fraction(x) for x in weights]
    if len(w) != len(depths) or sum(w) != 1 or min(w) < 0:
        raise EngineError("weights of the round starts: one a depth, none below 0, adding up to 1")
    share = value = Fraction(0)
    for m, wm in zip(depths, w):
        if wm:
            p, v = count.weighed(m, lambda c, numer: bet(m, c, numer))
            share += wm * p
            value += wm * v
    return Trigger(Fraction(threshold), share, value)
