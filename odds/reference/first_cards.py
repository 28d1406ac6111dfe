"""Reference count of first-cards wagers: every ordered deal of the physical cards, one by one
(:func:`reference_first_cards`), or, on a full shoe, every ordered deal of card types weighted by
the ways to take those physical cards (:func:`reference_first_cards_by_type`).

>>> from odds import Shoe
>>> from odds.engine.first_cards import FirstCardsGame
>>> pair = FirstCardsGame("pair", ("player", "player"), 2, lambda c: ("pair",) if c[0].rank == c[1].rank else ())
>>> reference_first_cards(pair, Shoe.decks(1))
({('pair',): 78, (): 1248}, 1326)
"""
from __future__ import annotations

import itertools
from collections import Counter
from math import factorial
from typing import Any, Callable, Optional, Sequence

from odds.core.cards import RANKS, SUITS, Card
from odds.core.shoe import Shoe

Rule = Callable[[Sequence[tuple[str, str]]], Sequence[str]]
"""Classifies a deal of ``(rank, suit)`` pairs (see :mod:`odds.reference.hands`)."""


def physical_cards(shoe: Shoe) -> list[Card]:
    """Every card left in the shoe, one entry per physical card."""
    rs = shoe.by_rank_suit()
    return [Card(r, s) for i, r in enumerate(RANKS) for j, s in enumerate(SUITS) for _ in range(rs[i][j])]


def reference_first_cards(game: Any, shoe: Shoe, rule: Optional[Rule] = None) -> tuple[dict, int]:
    """Classify every ordered deal of ``game.k`` physical cards; count the first ``game.alike``
    positions unordered (each unordered deal appears ``alike!`` times among the ordered ones).

    ``rule`` classifies a deal given as ``(rank, suit)`` pairs (see :mod:`odds.reference.hands`);
    by default the game's own classifier is used."""
    if rule is None:
        deals = (tuple(game.classify(deal)) for deal in itertools.permutations(physical_cards(shoe), game.k))
    else:
        pairs = [(c.rank, c.suit) for c in physical_cards(shoe)]
        deals = (tuple(rule(deal)) for deal in itertools.permutations(pairs, game.k))
    tally = Counter(deals)
    d = factorial(game.alike)
    return {atom: n // d for atom, n in tally.items()}, sum(tally.values()) // d


def reference_first_cards_by_type(game: Any, shoe: Shoe, rule: Rule) -> tuple[dict, int]:
    """The count of :func:`reference_first_cards`, for shoes too large to deal card by card.

    Every ordered tuple of ``game.k`` card types (rank and suit) is classified by ``rule`` and
    weighted by the ways to take those physical cards in that order (a type already taken has
    one card fewer); the first ``game.alike`` positions are then counted unordered. Plain loops,
    nothing grouped: 52 ** k classifications whatever the number of decks (k = 4 takes some
    seconds).

    >>> from odds import Shoe
    >>> from odds.engine.first_cards import FirstCardsGame
    >>> pair = FirstCardsGame("pair", ("player", "player"), 2, lambda c: ())
    >>> same = lambda deal: ("pair",) if deal[0][0] == deal[1][0] else ()
    >>> reference_first_cards_by_type(pair, Shoe.decks(6), same)  # 13 ranks x C(24, 2) pairs
    ({('pair',): 3588, (): 44928}, 48516)
    """
    rs = shoe.by_rank_suit()
    cards = [(r, s) for i, r in enumerate(RANKS) for j, s in enumerate(SUITS) if rs[i][j]]
    left = [rs[RANKS.index(r)][SUITS.index(s)] for r, s in cards]  # of each type, not yet dealt
    tally: Counter = Counter()

    def deal(prefix: list, ways: int) -> None:
        last = len(prefix) == game.k - 1
        for i, card in enumerate(cards):
            n = left[i]
            if not n:
                continue
            prefix.append(card)
            if last:
                tally[tuple(rule(tuple(prefix)))] += ways * n
            else:
                left[i] -= 1
                deal(prefix, ways * n)
                left[i] += 1
            prefix.pop()

    deal([], 1)
    d = factorial(game.alike)
    return {atom: n // d for atom, n in tally.items()}, sum(tally.values()) // d
