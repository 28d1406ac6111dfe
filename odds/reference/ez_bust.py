"""Reference EZ Bust with paragraph (g) (58 Pa. Code 633b.16), by brute force over explicit deals,
for checking :func:`odds.wagers.dealer_bust.ez_bust_with_push` on small shoes.

One player: the cards are dealt one by one (player card, up card, player card, hole card); the
wager stands on an up card of 2 to 6; the player plays his hand (or split hands, one after the
other, card by card) by the brute force's own policy; it pushes when he has a blackjack or every
hand of his is bust, else it wins when the dealer busts and loses when he does not.

>>> from odds import DealerRules
>>> from odds.core.game_rules import GameRules
>>> rules = GameRules(decks=1, dealer=DealerRules.parse("S17"), split_hands=1)
>>> sorted((k, str(p)) for k, p in ez_bust_with_push(rules, [0, 0, 0, 0, 0, 3, 0, 0, 0, 5], 6).items())
[('bust', '20/21'), ('no-bust', '1/21'), ('push', '0')]
"""
from __future__ import annotations

from fractions import Fraction
from typing import Container, Optional, Sequence

from odds.core.game_rules import GameRules

from .deal import is_blackjack
from .game import BUST
from .outcomes import BruteForceOutcomes


class BruteForceEzBust(BruteForceOutcomes):
    def ez_bust(self, up_cards: Container[int]) -> dict[str, Fraction]:
        """{bust, push, no-bust: probability given the up card is one of ``up_cards``}."""
        out = {"bust": Fraction(0), "push": Fraction(0), "no-bust": Fraction(0)}
        for a, up, b, hole, p, pool in self.deals(up_cards):
            if is_blackjack(a, b):
                out["push"] += p
                continue
            hand = tuple(sorted((a, b)))
            for (hands, pool_end), q in self.play_out(hand, self.policy(hand, (up, None)), up, pool).items():
                if all(t > 21 for t, _ in hands):
                    out["push"] += p * q
                    continue
                for final, r in self.dealer(pool_end, up, hole).items():
                    out["bust" if final == BUST else "no-bust"] += p * q * r
        total = sum(out.values())
        return {k: v / total for k, v in out.items()}


def ez_bust_with_push(rules: GameRules, counts: Sequence[int], upcard: Optional[int] = None) -> dict[str, Fraction]:
    """As :func:`odds.wagers.dealer_bust.ez_bust_with_push`, on a shoe of ``counts`` (by value)."""
    return BruteForceEzBust(rules, counts).ez_bust((upcard,) if upcard else (2, 3, 4, 5, 6))
