"""The reference path's figures of a par sheet, wager by wager, for certification: every row's
probability, its combinations and cycle where the wager counts them, and how they were computed.

Each wager's record (:class:`odds.wagers.Wager`) points at one of these functions, called as
``reference(shoe, rules, paytable, options)``; they compute with plain enumerations in
``fractions`` (:mod:`odds.reference.dealer`, :mod:`odds.reference.wagers`,
:mod:`odds.reference.first_cards` with the hand rules of :mod:`odds.reference.hands`) and share no
code with the engines.

>>> from odds import Shoe, DealerRules
>>> f = bust_it(Shoe.decks(1), DealerRules.parse("S17"), None, {})
>>> f.cycle, sum(f.combinations.values()) == f.cycle
(66300, True)
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Mapping, Optional

from .first_cards import reference_first_cards_by_type
from .wagers import reference_bust_it, reference_buster, reference_ez_bust


@dataclass(frozen=True)
class ReferenceFigures:
    """Every row's probability; combinations and the cycle where counted; the method in words."""

    probabilities: Mapping[str, Fraction]
    combinations: Optional[Mapping[str, int]]
    cycle: Optional[int]
    method: str


Reference = Callable[[Any, Any, Any, Mapping[str, Any]], ReferenceFigures]


def buster(shoe: Any, rules: Any, paytable: Any, options: Mapping[str, Any]) -> ReferenceFigures:
    """Buster: the dealer's bust by number of cards, every ordered sequence of his cards."""
    return ReferenceFigures(reference_buster(shoe.by_value(), rules.hits_soft_17), None, None,
                            "every ordered sequence of the dealer's cards by point value, one card at a "
                            "time, in Fraction arithmetic (odds.reference.dealer)")


def ez_bust(shoe: Any, rules: Any, paytable: Any, options: Mapping[str, Any]) -> ReferenceFigures:
    """EZ Bust: the dealer's bust after each up card it is offered on."""
    p = reference_ez_bust(shoe.by_value(), rules.hits_soft_17, rules.peek, options.get("upcard"))
    return ReferenceFigures({"bust": p, "no-bust": 1 - p}, None, None, (
        "every ordered sequence of the dealer's cards by point value after each up card, in Fraction "
        "arithmetic (odds.reference.dealer), weighted by the up cards on which the wager is offered"))


def buster_bonus(shoe: Any, rules: Any) -> dict[str, Fraction]:
    """Buster's cash bonus (633c.13(i)): P(player blackjack and dealer bust with 7 / with 8 or more
    cards), the player's ace and ten taken out before the dealer's cards are enumerated.

    >>> from odds import Shoe, DealerRules
    >>> buster_bonus(Shoe.from_rank_counts([0] * 9 + [4, 0, 0, 0]), DealerRules.parse("S17"))  # no ace
    {}
    >>> b = buster_bonus(Shoe.decks(1), DealerRules.parse("S17"))
    >>> b["bust-8+"] < b["bust-7"] < Fraction(32, 663)  # below P(player blackjack)
    True
    """
    counts = shoe.by_value()
    n, aces, tens = shoe.total, counts[0], counts[9]
    if not aces or not tens:
        return {}
    after = list(counts)
    after[0] -= 1
    after[9] -= 1
    p_bj = Fraction(2 * aces * tens, n * (n - 1))
    ref = reference_buster(after, rules.hits_soft_17)
    return {k: p_bj * ref[k] for k in ("bust-7", "bust-8+")}


def bust_it(shoe: Any, rules: Any, paytable: Any, options: Mapping[str, Any]) -> ReferenceFigures:
    """Bust It: every deal of the dealer's first three cards."""
    ways = reference_bust_it(shoe.by_rank_suit())
    cycle = sum(ways.values())
    return ReferenceFigures({k: Fraction(n, cycle) for k, n in ways.items()}, ways, cycle,
                            "every ordered deal of the dealer's first three cards by rank and suit "
                            "(odds.reference.wagers), the first two counted unordered")


def first_cards(game_for: Callable[[Mapping[str, Any]], Any], rule_for: Callable[[Mapping[str, Any]], Callable],
                rows_by_first_hand: bool = False) -> Reference:
    """The reference of a wager on the first cards: ``game_for(options)`` gives the deal's shape
    (how many cards, how many alike), ``rule_for(options)`` the hand rule of
    :mod:`odds.reference.hands` that names the hands a deal makes, best first. Each deal is paid for
    the best hand the paytable lists (``rows_by_first_hand``: its first hand is its row)."""

    def reference(shoe: Any, rules: Any, paytable: Any, options: Mapping[str, Any]) -> ReferenceFigures:
        game = game_for(options)
        counts, cycle = reference_first_cards_by_type(game, shoe, rule_for(options))
        listed = set(paytable.pays) | set(paytable.meter_pays)
        ways: dict[str, int] = {}
        for atom, n in counts.items():
            row = (atom[0] if atom else "lose") if rows_by_first_hand else \
                next((h for h in atom if h in listed), "lose")
            ways[row] = ways.get(row, 0) + n
        method = (f"every ordered deal of {game.k} card types (rank and suit) from the shoe, weighted by the ways "
                  f"to take those physical cards, classified by the hand rules of odds.reference.hands (written "
                  f"apart from the engine's), the first {game.alike} positions counted unordered; each deal paid "
                  "for the best hand the paytable lists")
        return ReferenceFigures({k: Fraction(n, cycle) for k, n in ways.items()}, ways, cycle, method)

    return reference
