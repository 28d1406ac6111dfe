"""Reference outcome distribution of a whole round, by brute force over explicit deals, for
checking :mod:`odds.engine.outcomes` on small shoes.

It extends :class:`odds.reference.game.BruteForceRound` (same deals, same policy, same dealer) from
the round's expected value to the law of (net result, streak class): the cards are dealt one by
one (player card, up card, player card, hole card), the player acts by the brute force's own
policy, a split is played hand after hand card by card (resplitting as the cards come), then the
dealer draws from what is left and every hand is settled against the same dealer hand.

Streak class: one hand wins (a player blackjack included), loses (a surrender included) or pushes
(neither); a split round is a win when more hands win than lose, a loss when more lose than win,
else neither. With peek, a dealer blackjack ends the round at once: a player blackjack pushes,
anything else loses 1. With no hole card and original bets only, a dealer blackjack costs 1 (a
loss) whatever the player did; with no hole card otherwise it takes every stake on the table.

>>> from odds import DealerRules
>>> from odds.core.game_rules import GameRules
>>> rules = GameRules(decks=1, dealer=DealerRules.parse("S17"), split_hands=1)
>>> dist = outcome_distribution(rules, [1, 0, 0, 0, 0, 0, 0, 0, 0, 4])  # one ace, four tens
>>> sorted((str(net), kind, str(p)) for (net, kind), p in dist.items())
[('-1', 'loss', '2/5'), ('2', 'win', '1/5'), ('3/2', 'win', '2/5')]
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

from odds.core.game_rules import GameRules

from .deal import draws, hand_total, is_blackjack, take, with_card
from .game import BLACKJACK, BUST, BruteForceRound

WIN, LOSS, NEITHER = "win", "loss", "neither"


class BruteForceOutcomes(BruteForceRound):
    """The law of a round's (net result, streak class) for ``rules`` and a shoe of ``counts``."""

    def __init__(self, rules: GameRules, counts: Sequence[int]) -> None:
        super().__init__(rules, counts)
        self._joint_memo: dict = {}
        self._hand_memo: dict = {}

    # ---------------------------------------------------------------- how the hands end

    def finish_hand(self, hand: tuple, option: str, pool: tuple, up: int) -> dict:
        """A hand as dealt taking ``option`` (stand, hit or double), card by card off ``pool``,
        then played by the policy: {(final total, stake, pool left): probability}."""
        key = (hand, option, pool, up)
        if key in self._hand_memo:
            return self._hand_memo[key]
        out: dict = {}

        def put(k: Any, p: Fraction) -> None:
            out[k] = out.get(k, 0) + p

        total, _ = hand_total(hand)
        if option == "stand":
            put((total, 1, pool), Fraction(1))
        elif option == "double":
            for c, p in draws(pool):
                put((hand_total(with_card(hand, c))[0], 2, take(pool, c)), p)
        elif option == "hit":
            for c, p in draws(pool):
                more = with_card(hand, c)
                t, _ = hand_total(more)
                then = "stand" if t >= 21 else self.policy(more, (up, None))
                for k, q in self.finish_hand(more, then, take(pool, c), up).items():
                    put(k, p * q)
        else:
            raise ValueError(option)
        self._hand_memo[key] = out
        return out

    def split_hands(self, pending: int, hands: int, pair: int, up: int, pool: tuple) -> dict:
        """Joint law of how the split hands still waiting for their second card end, played one
        after the other (see :meth:`BruteForceRound.deal_split`): {(sorted tuple of (final total,
        stake) of those hands, pool left): probability}."""
        key = (pending, hands, pair, up, pool)
        if key in self._joint_memo:
            return self._joint_memo[key]
        out: dict = {}
        if pending == 0:
            out[((), pool)] = Fraction(1)
        else:
            for c, p in draws(pool):
                rest = take(pool, c)
                if c == pair and hands < self.rules.most_hands(pair):
                    for k, q in self.split_hands(pending + 1, hands + 1, pair, up, rest).items():
                        out[k] = out.get(k, 0) + p * q
                    continue
                for (t, s, pool1), q in self.play_split_hand(with_card((pair,), c), rest, pair, up).items():
                    for (others, pool_end), r in self.split_hands(pending - 1, hands, pair, up, pool1).items():
                        k = (tuple(sorted(others + ((t, s),))), pool_end)
                        out[k] = out.get(k, 0) + p * q * r
        self._joint_memo[key] = out
        return out

    def play_out(self, hand: tuple, option: str, up: int, pool: tuple) -> dict:
        """How the player's hands end after the first decision ``option`` (not surrender):
        {(sorted tuple of (final total, stake), pool left): probability}."""
        if option == "split":
            return self.split_hands(2, 2, hand[0], up, pool)
        return {(((t, s),), pool_end): q for (t, s, pool_end), q in self.finish_hand(hand, option, pool, up).items()}

    # --------------------------------------------------------------------------- settling

    def settle_round(self, hands: tuple, dealer_final: int | str) -> tuple[Fraction, str]:
        """(net, streak class) of the hands ((final total, stake) each) against the dealer's
        final result (a total, BUST or BLACKJACK, the last only with no hole card)."""
        results = []
        for total, stake in hands:
            if total > 21 or dealer_final == BLACKJACK:
                results.append(-stake)
            elif dealer_final == BUST or dealer_final < total:
                results.append(stake)
            elif dealer_final > total:
                results.append(-stake)
            else:
                results.append(0)
        wins = sum(1 for r in results if r > 0)
        losses = sum(1 for r in results if r < 0)
        kind = WIN if wins > losses else LOSS if losses > wins else NEITHER
        return Fraction(sum(results)), kind

    # ------------------------------------------------------------------------------ round

    def outcomes(self) -> dict[tuple[Fraction, str], Fraction]:
        """{(net result, streak class): probability} over every ordered initial deal."""
        out: dict = {}

        def put(k: Any, p: Fraction) -> None:
            out[k] = out.get(k, 0) + p

        peek = self.rules.dealer.peek
        for a, up, b, hole, p, pool in self.deals():
            dealer_bj = is_blackjack(up, hole)
            if dealer_bj and (peek or is_blackjack(a, b)):
                put((Fraction(0), NEITHER) if is_blackjack(a, b) else (Fraction(-1), LOSS), p)
            elif is_blackjack(a, b):
                put((Fraction(self.rules.blackjack_pays), WIN), p)
            elif dealer_bj and self.rules.original_bets_only:
                put((Fraction(-1), LOSS), p)  # the player's play does not matter
            else:
                hand = tuple(sorted((a, b)))
                option = self.policy(hand, (up, None))
                if option == "surrender":
                    put((Fraction(-1, 2), LOSS), p)
                    continue
                for (hands, pool_end), q in self.play_out(hand, option, up, pool).items():
                    for final, r in self.dealer(pool_end, up, hole).items():
                        put(self.settle_round(hands, final), p * q * r)
        return {k: p for k, p in out.items() if p}


def outcome_distribution(rules: GameRules, counts: Sequence[int]) -> dict[tuple[Fraction, str], Fraction]:
    """{(net result, streak class): probability} of a round from a shoe of ``counts`` (by value,
    A to T)."""
    return BruteForceOutcomes(rules, counts).outcomes()
