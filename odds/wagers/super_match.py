"""Blackjack Switch's Super Match wager (58 Pa. Code 633a.12(a)(2)): settled on the player's four
first cards, the two cards of each of his two hands before any switch, as a poker hand of ranks:
four of a kind, two pair, three of a kind or one pair, paid for that hand (the four cards make one
of them, or none).

>>> from odds.core.cards import parse_cards
>>> super_match(tuple(parse_cards("7S 7H KD 7C"))), super_match(tuple(parse_cards("7S 2H KD 7C")))
(('three-of-a-kind',), ('pair',))
>>> super_match(tuple(parse_cards("AS 2H KD 7C")))
()
"""
from __future__ import annotations

from collections import Counter

from odds.core.cards import Card
from odds.engine.first_cards import FirstCardsGame
from odds.pricing.first_cards_base import first_cards_wager
from odds.pricing.record import Wager
from odds.pricing.shoe_returns import closed_form_return
from odds.reference import dealt, hands
from odds.reference.dealt import Dealt

RANKING = ("four-of-a-kind", "two-pair", "three-of-a-kind", "pair")
_BY_SHAPE = {(4,): "four-of-a-kind", (2, 2): "two-pair", (3, 1): "three-of-a-kind", (2, 1, 1): "pair"}


def super_match(cards: tuple[Card, ...]) -> tuple[str, ...]:
    """The hand the four cards make, by how many share each rank."""
    shape = tuple(sorted(Counter(c.rank for c in cards).values(), reverse=True))
    hand = _BY_SHAPE.get(shape)
    return (hand,) if hand else ()


# the player's two hands: a card to each, the up card, a card to each (633a.12(a)); the four are alike
GAME = FirstCardsGame("super-match", ("player", "player", "second-hand", "second-hand"), 4, super_match,
                      lambda card: card.rank)

WAGERS: tuple[Wager, ...] = (
    first_cards_wager("super-match", "Super Match (Blackjack Switch)", "58 Pa. Code 633a.12(a)(2)", GAME, RANKING,
                      ("the player's four first cards, both hands' two cards before any switch; suits do not count",
                       "the four cards are alike for this wager and counted unordered"),
                      reference_hands=hands.super_match, dealt=Dealt(dealt.super_match_round),
                      shoe_return=closed_form_return("super-match")),
)
