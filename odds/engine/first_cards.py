"""Exact counts of the first cards dealt, for wagers settled on them.

A wager on the first cards names the positions it looks at, in dealing order (the player's two
cards, the dealer's up card, the dealer's hole card, the player's next card) and classifies a deal
of those cards into the hands it makes, best first. The engine counts every deal exactly from a
shoe by rank and suit.

Combinations are counted as published par sheets count them: the first ``alike`` positions (the
player's two cards, say) are interchangeable and counted unordered; the others are ordered. The
cycle is the number of all deals so counted, and the rows add up to it.

Each wager also says which features of a card its classifier looks at (``card_class``); cards alike
in those features are counted together, which keeps the enumeration small. The reference path
(:mod:`odds.reference.first_cards`) deals every physical card instead.

>>> game = FirstCardsGame("pair", ("player", "player"), alike=2,
...                       classify=lambda c: ("pair",) if c[0].rank == c[1].rank else (),
...                       card_class=lambda card: card.rank)
>>> counts, cycle = count_first_cards(game, Shoe.decks(1))
>>> counts[("pair",)], cycle
(78, 1326)
"""
from __future__ import annotations

import itertools
from array import array
from dataclasses import dataclass
from functools import cached_property, lru_cache
from math import factorial
from fractions import Fraction
from typing import Any, Callable, Hashable, Mapping, Sequence

from .deal_law import DealLaw, first_cards_law
from .kernels import first_cards_kernel
from odds.core.cards import RANKS, SUITS, Card
from odds.core.errors import EngineError, InternalError
from odds.core.shoe import Shoe

ALL_CARDS = tuple(Card(r, s) for r in RANKS for s in SUITS)


@dataclass(frozen=True, eq=False)
class FirstCardsGame:
    """What a first-cards wager looks at.

    ``classify(cards)`` gets the cards in ``positions`` order and returns the hands they make, best
    first (empty when none). ``card_class(card)`` returns what ``classify`` can see of a card.
    """

    name: str
    positions: tuple[str, ...]
    alike: int
    classify: Callable[[tuple[Card, ...]], tuple[str, ...]]
    card_class: Callable[[Card], Hashable] = lambda card: (card.rank, card.suit)

    @property
    def k(self) -> int:
        return len(self.positions)

    @property
    def divisor(self) -> int:
        return factorial(self.alike)


@dataclass(frozen=True)
class _Table:
    classes: tuple[tuple[Card, ...], ...]  # the cards of each class
    atoms: tuple[tuple[str, ...], ...]  # every distinct classification
    table: array[int]  # outcome (index into atoms) of each ordered tuple of classes
    needs_suits: bool


@lru_cache(maxsize=None)
def _table(game: FirstCardsGame) -> _Table:
    groups: dict[Hashable, list[Card]] = {}
    for card in ALL_CARDS:
        groups.setdefault(game.card_class(card), []).append(card)
    classes = tuple(tuple(v) for v in groups.values())
    reps = [c[0] for c in classes]
    atoms: dict[tuple[str, ...], int] = {}
    table = array("i")
    combos = list(itertools.product(range(len(reps)), repeat=game.k))
    for combo in combos:
        hands = tuple(game.classify(tuple(reps[i] for i in combo)))
        table.append(atoms.setdefault(hands, len(atoms)))
    # Positions counted unordered must not matter to the classification.
    n = len(reps)
    for perm in itertools.permutations(range(game.alike)):
        order = list(perm) + list(range(game.alike, game.k))
        for index, combo in enumerate(combos):
            swapped = 0
            for pos in order:
                swapped = swapped * n + combo[pos]
            if table[swapped] != table[index]:
                raise AssertionError(f"{game.name}: positions 1..{game.alike} are not interchangeable")
    needs_suits = any(len({c.suit for c in ALL_CARDS if c.rank == card.rank and c in cls}) < 4
                      for cls in classes for card in cls)
    return _Table(classes, tuple(atoms), table, needs_suits)


def count_first_cards(game: FirstCardsGame, shoe: Shoe) -> tuple[dict[tuple[str, ...], int], int]:
    """Combinations of each classification (a tuple of hands, best first) and the cycle."""
    t = _table(game)
    if shoe.total < game.k:
        raise EngineError(f"{game.name} needs {game.k} cards; the shoe holds {shoe.total}")
    if t.needs_suits:
        rs = shoe.by_rank_suit()
        # Every card of ALL_CARDS has a suit; the test says so to the type checker.
        counts = [sum(rs[RANKS.index(c.rank)][SUITS.index(c.suit)] for c in cls if c.suit is not None)
                  for cls in t.classes]
    else:
        by_rank = shoe.by_rank()
        counts = [sum(by_rank[RANKS.index(r)] for r in {c.rank for c in cls}) for cls in t.classes]
    ordered = first_cards_kernel.count_deals(counts, game.k, t.table, len(t.atoms))
    n = shoe.total
    all_deals = 1
    for j in range(game.k):
        all_deals *= n - j
    if sum(ordered) != all_deals:
        raise InternalError(f"{game.name}: the deals do not add up")  # pragma: no cover
    out: dict[tuple[str, ...], int] = {}
    for atom, ways in zip(t.atoms, ordered):
        if ways:
            out[atom] = ways // game.divisor
    return out, all_deals // game.divisor


@dataclass(frozen=True)
class DealPays:
    """The pay of every deal of a game's deciding cards, laid out for the kernel: :meth:`mean`
    gives the mean pay of a deal from a shoe of 52 counts, in floating point (the return per unit
    wagered of a wager that pays each deal so)."""

    game: FirstCardsGame
    class_of: array  # the class of each of the 52 cards, rank major
    nclasses: int
    pays: array  # the pay of each ordered tuple of classes (in base nclasses)
    atom_pays: Mapping[tuple[str, ...], Fraction]  # the exact pay of each classification
    needs_suits: bool  # whether the classes tell suits apart

    @cached_property
    def sparse(self) -> Any:
        """The pays laid out for the kernel as the common pay and the deals that pay otherwise
        (``first_cards_kernel.SparsePays``): what :meth:`mean` and :meth:`mean_many` read."""
        return first_cards_kernel.SparsePays(self.class_of, self.nclasses, self.game.k, self.game.alike, self.pays)

    def mean(self, cards: Sequence[int]) -> float:
        """The mean pay over every deal of the game's cards from ``cards`` (52 counts, rank major)."""
        return self.sparse.mean(cards, self.game.name)

    def dense_mean(self, cards: Sequence[int]) -> float:
        """:meth:`mean` by the plainer loop over every deal (``first_cards_kernel.expected_pay``): its check."""
        return first_cards_kernel.expected_pay(cards, self.class_of, self.nclasses, self.game.k, self.pays,
                                              self.game.name, self.game.alike)

    def deal_law(self) -> DealLaw:
        """The exact pays of every ordered deal of classes, as a :class:`~odds.engine.deal_law.DealLaw`."""
        t = _table(self.game)
        return first_cards_law(self.game.name, self.class_of, self.nclasses, self.game.k,
                               [self.atom_pays[t.atoms[i]] for i in t.table])

    def mean_many(self, states: Any, out: Any) -> None:
        """:meth:`mean` of every row of ``states`` (an int64 array of rows of 52 counts) into ``out``."""
        self.sparse.mean_many(states, out, self.game.name)


def deal_pays(game: FirstCardsGame, pays: Mapping[tuple[str, ...], Fraction]) -> DealPays:
    """:class:`DealPays` of ``game`` with ``pays[hands]`` the pay of a deal making ``hands``
    (0 for hands no deal makes).

    >>> game = FirstCardsGame("pair", ("player", "player"), alike=2,
    ...                       classify=lambda c: ("pair",) if c[0].rank == c[1].rank else (),
    ...                       card_class=lambda card: card.rank)
    >>> round(deal_pays(game, {("pair",): Fraction(10), (): Fraction(-1)}).mean([1] * 52), 6)  # 3/51 pairs
    -0.352941
    """
    t = _table(game)
    class_of = {card: i for i, cls in enumerate(t.classes) for card in cls}
    exact = {atom: Fraction(pays.get(atom, 0)) for atom in t.atoms}
    by_atom = [float(exact[atom]) for atom in t.atoms]
    return DealPays(game, array("i", [class_of[card] for card in ALL_CARDS]), len(t.classes),
                    array("d", [by_atom[outcome] for outcome in t.table]), exact, t.needs_suits)
