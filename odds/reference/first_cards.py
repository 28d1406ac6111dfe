"""Reference count of first-cards wagers: every ordered deal of the physical cards, one by one.

>>> from odds import Shoe
>>> from odds.first_cards import FirstCardsGame
>>> pair = FirstCardsGame("pair", ("player", "player"), 2, lambda c: ("pair",) if c[0].rank == c[1].rank else ())
>>> reference_first_cards(pair, Shoe.decks(1))
({('pair',): 78, (): 1248}, 1326)
"""
from __future__ import annotations

import itertools
from collections import Counter
from math import factorial

from ..cards import RANKS, SUITS, Card


def physical_cards(shoe) -> list[Card]:
    """Every card left in the shoe, one entry per physical card."""
    rs = shoe.by_rank_suit()
    return [Card(r, s) for i, r in enumerate(RANKS) for j, s in enumerate(SUITS) for _ in range(rs[i][j])]


def reference_first_cards(game, shoe, rule=None) -> tuple[dict, int]:
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
