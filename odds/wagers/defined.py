"""A wager definition file (:mod:`odds.core.wager_definition`) compiled into the exact engines, as a
:class:`~odds.pricing.record.Wager` record every command reads.

- **first-cards**: each outcome's condition is evaluated at once over every ordered tuple of the
  52 cards (numpy arrays, one axis a deciding card); cards that no outcome tells apart are merged
  into classes (two cards are alike when the table is the same with either at every position), and
  the first-cards engine (:mod:`odds.engine.first_cards`, the Cython kernel over classes of cards)
  counts every deal of a shoe by those classes, as for 21+3 or royal match. The return for a shoe
  as it stands is the compiled sum over the deals (:func:`~odds.pricing.shoe_returns.deals_return`).
- **dealer-final**: each cell (up card, final result, number of cards) of the dealer's law
  (:func:`odds.engine.dealer.dealer_table`, the dealer kernel) is given the pay of its outcome; the
  return for a shoe as it stands folds those pays into :class:`odds.engine.dealer.DealerWeights`
  (floats, microseconds) and the kernel's exact counts. A definition that reads the dealer's cards
  (version 2) is counted by :mod:`odds.engine.dealer_cards` instead, compiled by
  :mod:`odds.wagers.dealer_reading`.

The check of a definition that cannot be priced (an outcome no shoe can deal, outcomes that
overlap in a file that says they may not, cards counted unordered that an outcome tells apart) is
made here, on the same tables.

>>> from odds import Shoe
>>> with wager_file(DEFINITIONS / "21+3.toml") as w:
...     sheet = get_wager_sheet(w.name, Shoe.decks(6), "C")
>>> w.name, w.regulation
('21+3-defined', 'defined in 21+3.toml, not in a regulation')
>>> [(o.name, o.probability) for o in sheet.outcomes] == [
...     (o.name, o.probability) for o in get_wager_sheet("21+3", Shoe.decks(6), "C").outcomes]
True
"""
from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import itertools
import json
import os
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Optional, Sequence, Union

import numpy

from odds.core.cards import RANKS, RED_SUITS, SUITS, Card
from odds.core.errors import OddsError, WagerError, shown
from odds.core.inputs import MAX_TEXT_FILE, InputError, load_toml, read_regular
from odds.core.rules import DealerRules
from odds.core.wager_definition import Condition, Definition, DefinitionError, parse_definition
from odds.engine import deal_law as deals
from odds.engine.dealer import DealerWeights, dealer_table
from odds.engine.dealer_graph import RESULTS, bucket_keys
from odds.engine.first_cards import ALL_CARDS, FirstCardsGame
from odds.reference import defined as interpreter
from odds.reference.figures import ReferenceFigures

from odds.pricing.first_cards_base import first_cards_par_sheet
from odds.pricing.parsheet import Outcome, ParSheet
from odds.pricing.record import Options, Wager
from odds.pricing.shoe_returns import WIDE, ShoeReturn, deals_return, listed

from . import WAGERS, extra_paytables, get_wager, register, unregister
from .dealer_reading import check_dealer_cards, outcome_law, reads_cards
from .paytables import builtin_paytables

DEFINITIONS = Path(str(resources.files("odds.tables"))) / "wagers"
"""The shipped definition files: the regulations' wagers the families express, restated."""

ENGINE_POSITION = {"player1": "player", "player2": "player", "up": "up", "hole": "hole", "player3": "third",
                   "dealer3": "dealer-next", "hand2-1": "second-hand", "hand2-2": "second-hand"}
_C = len(ALL_CARDS)
_RANK = numpy.array([RANKS.index(c.rank) for c in ALL_CARDS])  # 0 = ace .. 12 = king
_VALUE = numpy.minimum(_RANK + 1, 10)
_SUIT = numpy.array([SUITS.index(str(c.suit)) for c in ALL_CARDS])
_RED = numpy.array([c.suit in RED_SUITS for c in ALL_CARDS])
_CARD = numpy.arange(_C)
_ATTRIBUTE = {"rank": _RANK, "value": _VALUE, "suit": _SUIT, "colour": _RED, "card": _CARD}


# ------------------------------------------------------------------------------------------ first cards

MAX_GRID = 8_000_000  # the most ordered tuples of classes of cards a definition is classified over
SUIT_READ = frozenset({"suit", "card"})  # what a condition reads of a card, beyond its rank
COLOUR_READ = frozenset({"colour"})


def _reads(c: Condition) -> set[str]:
    """What the condition reads of a card beyond its rank: ``suit`` (or the card itself), ``colour``."""
    if c.kind in ("all", "any", "not", "number"):
        return set().union(*(_reads(p) for p in c.parts))
    if c.kind in ("suit", "colour", "card"):
        return {c.kind}
    if c.kind in ("same", "distinct") and c.attribute in ("suit", "colour", "card"):
        return {c.attribute}
    return set()


def card_classes(definition: Definition) -> tuple[int, ...]:
    """The class of each of the 52 cards (rank major) for classifying the definition's deals,
    numbered from 0: its rank, with its colour or its suit where a condition reads them, so that a
    wager on ranks alone is classified over 13 classes, not 52.

    >>> between, cards = (read_definition(DEFINITIONS / f) for f in ("in-between.toml", "21+3.toml"))
    >>> len(set(card_classes(between))), card_classes(between)[:5], len(set(card_classes(cards)))
    (13, (0, 0, 0, 0, 1), 52)
    """
    read = set().union(*(_reads(o.condition) for o in definition.outcomes))
    if read & SUIT_READ:
        return tuple(range(_C))
    if read & COLOUR_READ:
        return tuple(int(2 * r + red) for r, red in zip(_RANK, _RED))
    return tuple(int(r) for r in _RANK)


class _Grid:
    """Conditions evaluated over every ordered tuple of ``len(cards)`` classes of cards, each class
    seen through its first card (``reps``: indices into the 52 cards)."""

    def __init__(self, cards: tuple[str, ...], options: Mapping[str, str], reps: Sequence[int] = tuple(range(_C))):
        self.cards, self.options, self.k = cards, options, len(cards)
        self.reps = numpy.asarray(reps)

    def of(self, values: numpy.ndarray, position: str) -> numpy.ndarray:
        shape = [1] * self.k
        shape[self.cards.index(position)] = len(self.reps)
        return values[self.reps].reshape(shape)

    def every(self, condition: Condition, test: Callable[[str], numpy.ndarray]) -> numpy.ndarray:
        out = numpy.ones((1,) * self.k, dtype=bool)
        for position in condition.cards:
            out = out & test(position)
        return out

    def holds(self, c: Condition) -> numpy.ndarray:  # noqa: C901 - one branch a kind of condition
        kind = c.kind
        if kind == "all":
            out = self.holds(c.parts[0])
            for p in c.parts[1:]:
                out = out & self.holds(p)
            return out
        if kind == "any":
            out = self.holds(c.parts[0])
            for p in c.parts[1:]:
                out = out | self.holds(p)
            return out
        if kind == "not":
            return ~self.holds(c.parts[0])
        if kind == "option":
            return numpy.full((1,) * self.k, self.options[c.attribute] in c.values)
        if kind == "rank":
            return self.every(c, lambda p: self.of(numpy.isin(_RANK, [RANKS.index(r) for r in c.values]), p))
        if kind == "value":
            return self.every(c, lambda p: self.of(numpy.isin(_VALUE, list(c.values)), p))
        if kind == "suit":
            return self.every(c, lambda p: self.of(numpy.isin(_SUIT, [SUITS.index(s) for s in c.values]), p))
        if kind == "colour":
            return self.every(c, lambda p: self.of(_RED if c.values == ("red",) else ~_RED, p))
        if kind == "card":
            wanted = [RANKS.index(x[0]) * 4 + SUITS.index(x[1]) for x in c.values]
            return self.every(c, lambda p: self.of(numpy.isin(_CARD, wanted), p))
        if kind == "same":
            a = _ATTRIBUTE[c.attribute]
            first = self.of(a, c.cards[0])
            out = numpy.ones((1,) * self.k, dtype=bool)
            for position in c.cards[1:]:
                out = out & (self.of(a, position) == first)
            return out
        if kind == "distinct":
            return self._between_counts(self._distinct(_ATTRIBUTE[c.attribute], c.cards), c.values)
        if kind == "number":  # how many of the cards read pass the one-card test c.parts[0]
            one = c.parts[0]
            count = numpy.zeros((1,) * self.k, dtype=int)
            for position in c.cards:
                count = count + self.holds(Condition(one.kind, (position,), one.values))
            return self._between_counts(count, c.values)
        if kind == "straight":
            return self._straight(c)
        if kind in ("total", "blackjack"):
            values = [self.of(_VALUE, p) for p in c.cards]
            hard = sum(values[1:], values[0])
            if c.attribute == "ace-low":
                return self._between_counts(hard, c.values)
            ace = values[0] == 1
            for v in values[1:]:
                ace = ace | (v == 1)
            soft = ace & (hard + 10 <= 21)
            if kind == "blackjack":
                return soft & (hard + 10 == 21)
            best = numpy.where(soft, hard + 10, hard)
            ok = self._between_counts(best, c.values)
            return ok & soft if c.attribute == "soft" else ok & ~soft if c.attribute == "hard" else ok
        order = numpy.where(_RANK == 0, 14 if c.attribute == "high" else 1, _RANK + 1)
        if kind == "spread":
            a, b = (self.of(order, p) for p in c.cards)
            return self._between_counts(numpy.abs(a - b) - 1, c.values)
        a, b, middle = (self.of(order, p) for p in c.cards)  # between
        return (numpy.minimum(a, b) < middle) & (middle < numpy.maximum(a, b))

    def _distinct(self, a: numpy.ndarray, cards: Sequence[str]) -> numpy.ndarray:
        count = numpy.zeros((1,) * self.k, dtype=int)
        for i, p in enumerate(cards):
            new = numpy.ones((1,) * self.k, dtype=bool)
            for q in cards[:i]:
                new = new & (self.of(a, p) != self.of(a, q))
            count = count + new
        return count

    @staticmethod
    def _between_counts(x: numpy.ndarray, bounds: tuple) -> numpy.ndarray:
        low, high = bounds
        return (x >= low) & (x <= high)

    def _straight(self, c: Condition) -> numpy.ndarray:
        m = len(c.cards)
        distinct = self._distinct(_RANK, c.cards) == m

        def run(order: numpy.ndarray) -> numpy.ndarray:
            ranks = [self.of(order, p) for p in c.cards]
            hi, lo = ranks[0], ranks[0]
            for r in ranks[1:]:
                hi, lo = numpy.maximum(hi, r), numpy.minimum(lo, r)
            return hi - lo == m - 1

        high = numpy.where(_RANK == 0, 13, _RANK)  # 2 .. K, A on top
        if c.attribute == "ace-high":
            return distinct & run(high)
        if c.attribute == "ace-low":
            return distinct & run(_RANK)
        if c.attribute == "ace-high-or-low":
            return distinct & (run(high) | run(_RANK))
        out = numpy.zeros((1,) * self.k, dtype=bool)
        for shift in range(13):  # wrap: a run round the corner (K-A-2) counts
            out = out | run((_RANK + shift) % 13)
        return distinct & out


def _option_sets(definition: Definition) -> list[dict[str, str]]:
    """Every assignment of the options (or, when there are more than 64, each choice of each one
    with the others at their defaults)."""
    names = [o.name for o in definition.options]
    product = 1
    for o in definition.options:
        product *= len(o.choices)
    if product <= 64:
        return [dict(zip(names, values)) for values in itertools.product(*(o.choices for o in definition.options))]
    defaults = definition.option_defaults()
    return [{**defaults, o.name: c} for o in definition.options for c in o.choices]


@dataclasses.dataclass(frozen=True)
class _Compiled:
    """The classes of cards and the classification of every ordered tuple of them."""

    class_of: Mapping[Card, int]
    table: numpy.ndarray  # (classes,) * k: index into atoms
    atoms: tuple[tuple[str, ...], ...]


def _bits(definition: Definition, options: Mapping[str, str], reps: Sequence[int]) -> list[numpy.ndarray]:
    grid = _Grid(definition.cards, options, reps)
    full = (len(reps),) * len(definition.cards)
    return [numpy.broadcast_to(grid.holds(o.condition), full) for o in definition.outcomes]


def check_first_cards(definition: Definition) -> None:
    """Refuse (:class:`DefinitionError`) a first-cards definition whose outcomes no shoe can deal,
    that overlap where the file says they may not, or that tell apart cards counted unordered."""
    names = [o.name for o in definition.outcomes]
    dealt: set[str] = set()
    for options in _option_sets(definition):
        compiled = _compiled(definition, tuple(sorted(options.items())))
        table, atoms = compiled.table, compiled.atoms
        for perm in itertools.permutations(range(definition.alike)):
            order = list(perm) + list(range(definition.alike, len(definition.cards)))
            if order == sorted(order):
                continue
            differ = table != table.transpose(order)
            if differ.any():
                cell = tuple(numpy.argwhere(differ)[0])
                apart = set(atoms[table[cell]]) ^ set(atoms[table.transpose(order)[cell]])
                told = [n for n in names if n in apart]
                swapped = [definition.cards[j] for j in range(definition.alike) if perm[j] != j]
                raise DefinitionError(f"{definition.source}: outcomes.{told[0]}: tells apart "
                                      f"{' and '.join(swapped)}, which alike = {definition.alike} counts "
                                      "unordered (give alike, or the same condition on each)")
        for atom in atoms:
            dealt.update(atom)
            if definition.exclusive and len(atom) > 1:
                cell = numpy.argwhere(table == atoms.index(atom))[0]
                reps = {c: next(card for card, k in compiled.class_of.items() if k == c) for c in map(int, cell)}
                example = " ".join(f"{p} {reps[int(c)]}" for p, c in zip(definition.cards, cell))
                raise DefinitionError(f"{definition.source}: outcomes.{atom[1]}: overlaps outcomes.{atom[0]} "
                                      f"(both hold for {example}), and the file says exclusive = true")
    for n in names:
        if n not in dealt:
            raise DefinitionError(f"{definition.source}: outcomes.{n}: no shoe can deal it (its condition "
                                  "holds for no deal of the deciding cards)")


def _groups(rows: numpy.ndarray) -> numpy.ndarray:
    """A group number for each row of ``rows``, equal rows alike (rows hashed, then compared whole:
    a collision only splits a group, which keeps the classes right)."""
    rng = numpy.random.default_rng(20240601)
    h = rows.astype(numpy.int64) @ rng.integers(1, 2 ** 61, size=rows.shape[1], dtype=numpy.int64)
    group = numpy.empty(len(rows), dtype=numpy.int64)
    firsts: dict[int, list[int]] = {}
    count = 0
    for i, key in enumerate(h.tolist()):
        for j in firsts.get(key, []):
            if numpy.array_equal(rows[i], rows[j]):
                group[i] = group[j]
                break
        else:
            firsts.setdefault(key, []).append(i)
            group[i] = count
            count += 1
    return group


@lru_cache(maxsize=16)
def _compiled(definition: Definition, options: tuple[tuple[str, str], ...]) -> _Compiled:
    k = len(definition.cards)
    first_class = card_classes(definition)
    reps = [first_class.index(c) for c in range(max(first_class) + 1)]  # the first card of each class
    n = len(reps)
    if n ** k > MAX_GRID:
        raise DefinitionError(f"{definition.source}: cards: {k} deciding cards whose "
                              f"{'suits' if n == _C else 'colours'} a condition reads make {n ** k:,} ordered deals "
                              f"of classes of cards to classify, more than {MAX_GRID:,}: read fewer cards, or "
                              "their ranks alone")
    bits = _bits(definition, dict(options), reps)
    code = numpy.zeros((n,) * k, dtype=numpy.uint64)
    for i, b in enumerate(bits):
        code |= b.astype(numpy.uint64) << numpy.uint64(i)
    table: numpy.ndarray
    if len(bits) <= 20:
        present = numpy.flatnonzero(numpy.bincount(code.reshape(-1).astype(numpy.int64), minlength=1))
        index = numpy.zeros(int(present[-1]) + 1, dtype=numpy.int32)
        index[present] = numpy.arange(len(present), dtype=numpy.int32)
        values, table = present, index[code.astype(numpy.int64)]
    else:
        values, table = numpy.unique(code, return_inverse=True)
        table = table.reshape(code.shape)
    del code, bits
    names = [o.name for o in definition.outcomes]
    atoms = tuple(tuple(n for i, n in enumerate(names) if int(v) >> i & 1) for v in values)
    # cards alike for every outcome at every position make one class
    keys = numpy.stack([_groups(numpy.moveaxis(table, axis, 0).reshape(n, -1)) for axis in range(k)], axis=1)
    classes: dict[tuple[int, ...], int] = {}
    card_class = [classes.setdefault(tuple(row), len(classes)) for row in keys.tolist()]  # by class of reps
    first = [card_class.index(c) for c in range(len(classes))]
    reduced = numpy.ascontiguousarray(table[numpy.ix_(*[first] * k)])
    return _Compiled({c: card_class[first_class[i]] for i, c in enumerate(ALL_CARDS)}, reduced, atoms)


@lru_cache(maxsize=64)
def defined_game(definition: Definition, options: tuple[tuple[str, str], ...]) -> FirstCardsGame:
    """The first-cards engine's game of a definition under ``options`` (sorted (name, choice) pairs)."""
    compiled = _compiled(definition, options)
    class_of, table, atoms = compiled.class_of, compiled.table, compiled.atoms

    def classify(cards: tuple[Card, ...]) -> tuple[str, ...]:
        return atoms[int(table[tuple(class_of[Card(c.rank, c.suit)] for c in cards)])]

    return FirstCardsGame(definition.name, tuple(ENGINE_POSITION[p] for p in definition.cards), definition.alike,
                          classify, lambda card: class_of[card])


def _paid_pay(definition: Definition) -> Optional[Callable[[str, Mapping[str, Fraction]], Fraction]]:
    if not definition.paid:
        return None
    pays_as = {o.name: o.pays_as for o in definition.outcomes}
    return lambda hand, pays: sum((times * Fraction(pays.get(p, 0)) for p, times in pays_as[hand].items()),
                                  Fraction(0))


# ------------------------------------------------------------------------------------------ dealer final

def _dealer_predicate(c: Condition, options: Mapping[str, str]) -> Callable[[int, str, int], bool]:
    """The condition as a test of (up card value, final result, number of cards)."""
    kind = c.kind
    if kind in ("all", "any", "not"):
        parts = [_dealer_predicate(p, options) for p in c.parts]
        if kind == "not":
            return lambda u, r, k: not parts[0](u, r, k)
        combine = all if kind == "all" else any
        return lambda u, r, k: combine(p(u, r, k) for p in parts)
    if kind == "option":
        value = options[c.attribute] in c.values
        return lambda u, r, k: value
    if kind == "bust":
        return lambda u, r, k: r == "bust"
    if kind == "blackjack":
        return lambda u, r, k: r == "blackjack"
    low, high = c.values[0], c.values[-1]
    if kind == "total":
        return lambda u, r, k: r not in ("bust", "blackjack") and low <= int(r) <= high
    if kind == "size":
        return lambda u, r, k: low <= k <= high
    ups = set(c.values)
    return lambda u, r, k: u in ups  # up


def _dealer_cells(definition: Definition, rules: DealerRules, options: Mapping[str, str]) -> dict:
    """{(up value, result, cards): the first outcome that holds, or None}, every cell the dealer's
    graph reaches."""
    tests = [(o.name, _dealer_predicate(o.condition, options)) for o in definition.outcomes]
    cells = {}
    for up, keys in enumerate(bucket_keys(rules.hits_soft_17), start=1):
        for _, (result, k) in keys:
            cells[(up, result, k)] = next((n for n, t in tests if t(up, result, k)), None)
    return cells


def check_dealer(definition: Definition) -> None:
    """Refuse a dealer-final definition with an outcome no shoe can deal, or overlapping outcomes
    where the file says they may not."""
    if reads_cards(definition):
        return check_dealer_cards(definition, _option_sets(definition))
    names = [o.name for o in definition.outcomes]
    seen: set[str] = set()
    for options in _option_sets(definition):
        tests = [_dealer_predicate(o.condition, options) for o in definition.outcomes]
        for h17 in (False, True):
            for up, keys in enumerate(bucket_keys(h17), start=1):
                if up not in definition.offered:
                    continue
                for _, (result, k) in keys:
                    held = [n for n, t in zip(names, tests) if t(up, result, k)]
                    seen.update(held)
                    if definition.exclusive and len(held) > 1:
                        raise DefinitionError(f"{definition.source}: outcomes.{held[1]}: overlaps outcomes.{held[0]} "
                                              f"(both hold for up card {up}, {result} with {k} cards), and the file "
                                              "says exclusive = true")
    for n in names:
        if n not in seen:
            raise DefinitionError(f"{definition.source}: outcomes.{n}: no shoe can deal it (no final hand of the "
                                  "dealer, under S17 or H17, on an up card the wager is offered on, makes it)")


def _upcards(definition: Definition, upcard: Optional[str]) -> tuple[int, ...]:
    if upcard is None:
        return definition.offered
    from odds.core.cards import parse_card
    value = parse_card(str(upcard)).value
    if value not in definition.offered:
        raise WagerError(f"{definition.name} is offered on up cards {', '.join(map(str, definition.offered))}, "
                         f"not {upcard}")
    return (value,)


def dealer_law(definition: Definition, shoe: Any, rules: DealerRules, upcard: Optional[str] = None) -> tuple[dict, Fraction]:
    """{(up, result, cards): P} of the dealer's hand as the wager sees it, and the chance the wager
    is made in a round: before the deal, every hand (blackjack kept, no peek to condition on), made
    every round; after the up card, the hands of each up card it is offered on, weighted by the up
    card's chance and, with the peek, made only on the hands that go on (no dealer blackjack)."""
    unpeeked = dealer_table(shoe, dataclasses.replace(rules, peek=False))
    if definition.placed == "before-deal":
        table, ups = unpeeked, tuple(range(1, 11))
    else:
        table, ups = dealer_table(shoe, rules), _upcards(definition, upcard)
    counts = shoe.by_value()
    weights: dict[int, Fraction] = {}
    for u in ups:
        row = unpeeked.by_upcard[_label(u)]
        if row is None or table.by_upcard[_label(u)] is None:
            continue
        goes_on = 1 - row.probability("blackjack") if table is not unpeeked and rules.peek and u in (1, 10) else 1
        weights[u] = counts[u - 1] * Fraction(goes_on)
    total = sum(weights.values(), Fraction(0))
    if not total:
        raise WagerError(f"the shoe holds no up card on which {definition.name} is offered")
    law: dict = {}
    for u, w in weights.items():
        row = table.by_upcard[_label(u)]
        assert row is not None  # weighed above only when there is a row
        for (result, k), p in row.joint.items():
            law[(u, result, k)] = w / total * p
    return law, total / sum(counts)


def outcome_chances(definition: Definition, shoe: Any, rules: DealerRules, options: Mapping[str, str],
                    upcard: Optional[str] = None) -> tuple[dict[Optional[str], Fraction], Fraction]:
    """{the first outcome that holds (None: none): chance} over the rounds the wager is made in, and
    the chance it is made in a round (:func:`dealer_law`): from the dealer kernel's cells, or, for
    a definition that reads the dealer's cards, from :func:`odds.wagers.dealer_reading.outcome_law`."""
    if reads_cards(definition):
        return outcome_law(definition, shoe, rules, options, _upcards(definition, upcard)[0] if upcard else None)
    cells = _dealer_cells(definition, rules, options)
    law, made = dealer_law(definition, shoe, rules, upcard)
    out: dict[Optional[str], Fraction] = {}
    for key, p in law.items():
        out[cells.get(key)] = out.get(cells.get(key), Fraction(0)) + p
    return out, made


def _label(value: int) -> str:
    return {1: "A", 10: "T"}.get(value, str(value))


class _DefinedDealer(ShoeReturn):
    """The return of a dealer-final definition for any shoe: exact from the dealer kernel's table,
    fast from :class:`~odds.engine.dealer.DealerWeights` with each final hand's win as its weight."""

    def __init__(self, definition: Definition, pays: Mapping[str, Fraction], rules: DealerRules,
                 options: Mapping[str, str]) -> None:
        self.definition, self.rules, self.pays = definition, rules, {k: Fraction(v) for k, v in pays.items()}
        self.wager, self.options = definition.name, options
        self.offered = definition.offered if definition.placed == "after-up-card" else tuple(range(1, 11))
        self.method = ("dealer kernel over the drawing graph, each final hand paid as the definition pays it: exact "
                       "integer counts (exact), or its folded float weights (fast)")
        if reads_cards(definition):  # no float weights: the fast return is the exact one
            self._weights = None
            self.method = ("the dealer's final hands by value, each value's cards a draw without replacement, as "
                           "odds.engine.dealer_cards counts them; the fast return is the exact one")
            return
        self.cells = _dealer_cells(definition, rules, options)
        weights = numpy.zeros((10, len(RESULTS), WIDE))
        for (u, result, k), name in self.cells.items():
            if u in self.offered and k < WIDE:
                weights[u - 1, RESULTS.index(result), k] = float(self.pays.get(name, -1) + 1) if name else 0.0
        self.peeked = (definition.placed == "after-up-card" and rules.peek and bool({1, 10} & set(self.offered)))
        self._weights = None if self.peeked else DealerWeights(weights, rules.hits_soft_17, by_value=False)

    def _exact(self, counts: list[int]) -> tuple[int, int, int, int]:
        from odds.core.shoe import Shoe
        shoe = Shoe.from_flat_counts(counts)
        if not any(shoe.by_value()[u - 1] for u in self.offered):
            return 0, 1, 0, 1
        law, made = outcome_chances(self.definition, shoe, self.rules, self.options)
        ret = sum((p * (self.pays.get(n, Fraction(-1)) if n else Fraction(-1)) for n, p in law.items()), Fraction(0))
        return ret.numerator, ret.denominator, made.numerator, made.denominator

    def deal_law(self) -> Optional[deals.DealLaw]:
        """Each final hand under an up card it is offered on pays as the fast twin weighs it (the pay
        and the unit back); each such up card takes the unit. None where the fast twin has no
        weights (a definition that reads the dealer's cards, or one placed after a peeked up card)."""
        if self._weights is None:
            return None
        wins = {cell: (self.pays.get(name, Fraction(-1)) + 1 if name else Fraction(0))
                for cell, name in self.cells.items() if cell[0] in self.offered}
        return deals.dealer_law(self.wager, self.rules.hits_soft_17,
                                lambda up, result, k: wins.get((up, result, k), Fraction(0)),
                                {(u - 1,): Fraction(-1) for u in self.offered})

    def fast(self, counts: Sequence[int]) -> tuple[float, float]:
        if self._weights is None:
            num, den, onum, oden = self.ratio(counts)
            return num / den, onum / oden
        counts = listed(counts)
        paid = self._weights(counts)  # the shoe state checked first
        total = sum(counts)
        offered = sum(sum(counts[4 * (u - 1):4 * u]) if u < 10 else sum(counts[36:52]) for u in self.offered)
        if not offered:
            return 0.0, 0.0
        return paid * total / offered - 1.0, offered / total


def dealer_par_sheet(definition: Definition, shoe: Any, rules: DealerRules, paytable: Any, decks: int,
                     options: Mapping[str, str], upcard: Optional[str] = None) -> ParSheet:
    """The par sheet of a dealer-final definition: a row per outcome paid, then the losing row."""
    probs: dict[str, Fraction] = {}
    for name, p in outcome_chances(definition, shoe, rules, options, upcard)[0].items():
        row = name if name is not None and name in paytable.pays else definition.lose
        probs[row] = probs.get(row, Fraction(0)) + p
    outcomes = [Outcome(o.name, paytable.pays[o.name], probs[o.name]) for o in definition.outcomes
                if o.name in probs]
    outcomes.append(Outcome(definition.lose, Fraction(-1), probs.get(definition.lose, Fraction(0))))
    when = ("placed before the deal: every final hand of the dealer, a blackjack included"
            if definition.placed == "before-deal" else
            f"placed after the up card is seen, on up card {upcard}" if upcard else
            "placed after the up card is seen, on every up card it is offered on "
            f"({', '.join(map(_label, definition.offered))}), weighted by its chance; with the peek, made only on "
            "the hands that go on after it (no dealer blackjack under an ace or ten)")
    return ParSheet(
        definition.name, paytable.id, decks, rules.name, tuple(outcomes), None,
        assumptions=(f"{decks} deck(s); {rules.describe()}", when, *definition.notes, FRESH),
        method=("exact dealer's final hands by value, each value's cards a draw without replacement from the shoe's "
                "cards of that value (odds.engine.dealer_cards, integer counts)" if reads_cards(definition) else
                "exact dealer distribution (Cython kernel over the dealer's drawing graph, integer counts)") +
               ", each final hand paid by the first outcome of the definition that holds and that the paytable pays; "
               "checked against a plain interpreter of the file",
        warnings=tuple(paytable.notes) + (defined_note(definition),))


FRESH = "a freshly shuffled shoe for each round (the shoe as given, less the cards named)"


# ------------------------------------------------------------------------------------------ the record

def defined_note(definition: Definition) -> str:
    """What every output says of a defined wager: where it is defined, not in a regulation."""
    digest = f" (SHA-256 {definition.sha256})" if definition.sha256 else ""
    return f"defined in {definition.source}{digest}, not in a regulation"


def definition_json(definition: Definition) -> dict[str, str]:
    """The key ``wager_file`` of a defined wager's JSON outputs: the file and its SHA-256."""
    return {"path": definition.source, "sha256": definition.sha256, "note": defined_note(definition)}


def _options_class(definition: Definition) -> type[Options]:
    fields = [(o.name, Optional[str], dataclasses.field(default=None, metadata={"help": o.help}))
              for o in definition.options]
    if definition.family == "dealer-final" and definition.placed == "after-up-card":
        fields.append(("upcard", Optional[str], dataclasses.field(default=None)))
    choices = {o.name: o.choices for o in definition.options}

    def validate(self: Options, wager: str) -> None:
        for name, allowed in choices.items():
            value = getattr(self, name)
            if value is not None and value not in allowed:
                raise WagerError(f"{wager}: option {name} is one of {', '.join(allowed)}, not {shown(repr(value))}")
        if getattr(self, "upcard", None) is not None:
            _upcards(definition, getattr(self, "upcard"))

    return dataclasses.make_dataclass(f"{definition.name}-options".replace("-", "_").replace("+", "p")
                                      .replace(".", "_"), fields, bases=(Options,), frozen=True,
                                      namespace={"validate": validate})


def _choices(definition: Definition, given: Mapping[str, Any]) -> dict[str, str]:
    chosen = definition.option_defaults()
    chosen.update({k: v for k, v in given.items() if k in chosen and v is not None})
    return chosen


def definition_wager(definition: Definition) -> Wager:
    """The :class:`Wager` record of a checked definition (not registered)."""
    if definition.family == "first-cards":
        check_first_cards(definition)
    else:
        check_dealer(definition)
    regulation = f"defined in {Path(definition.source).name}, not in a regulation"
    row_pay = _paid_pay(definition)
    ranking = tuple(o.name for o in definition.outcomes)

    if definition.family == "first-cards":
        def par_sheet(shoe: Any, rules: Any, paytable: Any, decks: int, **options: Any) -> ParSheet:
            chosen = _choices(definition, options)
            game = defined_game(definition, tuple(sorted(chosen.items())))
            return first_cards_par_sheet(definition.name, game, ranking, shoe, "any", paytable, decks,
                                         tuple(definition.notes) + tuple(f"option {k}: {v}" for k, v in chosen.items()),
                                         warnings=(defined_note(definition),), row_pay=row_pay,
                                         lose=definition.lose, warn_fallen=True)

        def reference(shoe: Any, rules: Any, paytable: Any, options: Mapping[str, Any]) -> ReferenceFigures:
            return interpreter.first_cards_figures(definition, shoe, paytable.pays, _choices(definition, options))

        return Wager(definition.name, definition.title, regulation, definition.paid_outcomes, par_sheet,
                     _options_class(definition), partial_paytables=True, dealer_rule_matters=False,
                     reference=reference, shoe_return=deals_return(definition.name),
                     shoe_return_options=tuple(o.name for o in definition.options),
                     dealt=interpreter.dealt_settlement(definition),
                     game=defined_game(definition, tuple(sorted(definition.option_defaults().items()))),
                     definition=definition)

    def dealer_sheet(shoe: Any, rules: Any, paytable: Any, decks: int, upcard: Optional[str] = None,
                     **options: Any) -> ParSheet:
        return dealer_par_sheet(definition, shoe, rules, paytable, decks, _choices(definition, options), upcard)

    def dealer_reference(shoe: Any, rules: Any, paytable: Any, options: Mapping[str, Any]) -> ReferenceFigures:
        return interpreter.dealer_figures(definition, shoe, rules, paytable.pays, _choices(definition, options),
                                          options.get("upcard"))

    def dealer_return(pays: Mapping[str, Fraction], rules: DealerRules = DealerRules(), **options: Any) -> ShoeReturn:
        return _DefinedDealer(definition, pays, rules, _choices(definition, options))

    return Wager(definition.name, definition.title, regulation, definition.paid_outcomes, dealer_sheet,
                 _options_class(definition), partial_paytables=True, reference=dealer_reference,
                 dealt=interpreter.dealt_settlement(definition),
                 shoe_return=dealer_return, shoe_return_options=tuple(o.name for o in definition.options),
                 definition=definition)


def read_definition(path: Union[str, "os.PathLike[str]"]) -> Definition:
    """Read and check a definition file (a regular file of at most 1 MB, UTF-8); a ``paytables``
    given as a file name is read from beside it."""
    p = Path(path)
    try:
        data = read_regular(p, MAX_TEXT_FILE, "wager file")
        text = data.decode("utf-8")
    except InputError as exc:
        raise DefinitionError(str(exc)) from None
    except OSError as exc:
        raise DefinitionError(f"{shown(str(p))}: cannot read the wager file ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise DefinitionError(f"{shown(str(p))}: not a text file in UTF-8 (byte {exc.start} cannot be read)") from None
    doc = load_toml(text, str(p), DefinitionError)
    tables = None
    digest = hashlib.sha256(data)
    if isinstance(doc.get("paytables"), str):
        other = p.parent / doc["paytables"]
        try:
            more = read_regular(other, MAX_TEXT_FILE, "paytable file")
        except (InputError, OSError) as exc:
            raise DefinitionError(f"{p}: paytables: cannot read {shown(str(other))} "
                                  f"({getattr(exc, 'strerror', None) or exc})") from None
        digest.update(more)
        tables = load_toml(more.decode("utf-8", "replace"), str(other), DefinitionError).get("paytables")
        if not isinstance(tables, dict):
            raise DefinitionError(f"{p}: paytables: {shown(str(other))} holds no [paytables.ID] tables")
    return parse_definition(text, str(p), digest.hexdigest(), tables)


def paytables_text(definition: Definition) -> str:
    """The definition's paytables as a paytable file's text (for :func:`odds.wagers.register`)."""
    lines = [f"wager = {json.dumps(definition.name)}", f"title = {json.dumps(definition.title)}",
             f"regulation = {json.dumps(defined_note(definition))}"]
    for tid, t in definition.paytables.items():
        lines.append(f"[paytables.{json.dumps(str(tid))}]")
        for key, value in t.items():
            lines.append(f"{json.dumps(str(key))} = {_toml(value)}")
    return "\n".join(lines) + "\n"


def _toml(value: Any) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(str(k))} = {_toml(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return json.dumps(str(value))  # strings, and decimals kept exact as text


def load_wager_file(path: Union[str, "os.PathLike[str]"]) -> Wager:
    """The wager a definition file defines, registered (every command reads it by its name from
    then on), keyed by the file's content: loading the same content again gives the same record; a
    file edited since it was loaded (or another file of the same name) is read again and takes the
    name over. A name of a shipped wager, or of one registered otherwise, is refused; so is a file
    whose paytables do not read, and a refused file takes no name (the last good one keeps it).
    """
    definition = read_definition(path)
    name = definition.name
    known = WAGERS.get(name)
    loaded = _LOADED.get(name)
    if known is not None:
        if loaded == definition.sha256:
            return known
        if loaded is None:
            raise DefinitionError(f"{definition.source}: name: {name!r} is the name of another wager "
                                  "already known; give the definition a name of its own")
    wager = definition_wager(definition)
    previous = None if known is None else (known, extra_paytables(name))
    unregister(name)
    register(wager, paytables_text(definition))
    try:
        builtin_paytables(name)  # its paytables read now, so that a file refused for them takes no name
    except OddsError:
        unregister(name)
        if previous is not None:
            register(*previous)
        raise
    _LOADED[name] = definition.sha256
    return wager


_LOADED: dict[str, str] = {}


@contextlib.contextmanager
def wager_file(path: Union[str, "os.PathLike[str]"]) -> Iterator[Wager]:
    """:func:`load_wager_file` for the length of a ``with`` block (the wager unregistered after)."""
    wager = load_wager_file(path)
    try:
        yield wager
    finally:
        unregister(wager.name)
        _LOADED.pop(wager.name, None)  # wager name -> SHA-256 of the definition file registered under it


def get_wager_sheet(name: str, shoe: Any, paytable: str, rules: str = "S17", **options: Any) -> ParSheet:
    """The par sheet of a registered wager with one of its shipped paytables (a shortcut for tests
    and examples)."""
    w = get_wager(name)
    return w.price(shoe, DealerRules.parse(rules), builtin_paytables(name).tables[paytable], 6, options)
