"""Reference value of a round whose splits are summed term by term over the second cards, for
checking the post-split strategies of :class:`odds.engine.player.PlayerEngine` on small shoes,
CDP above all, which is defined by such a sum.

Plain Python with exact fractions, on top of :class:`odds.reference.game.BruteForceRound` (the
hand as dealt, its options and the dealer are played as there, card by card, given the hole
card). Only a split is valued differently. The split hands' second cards form a stream: a pair
card resplits while fewer than the most hands are out, any other card ends the waiting of a hand.
Each way the stream can run (which of its cards are pair cards) is an event; the split's value is
the sum over the events and over their hands of E[the hand's result; the event]. In an event a
hand's second card is a pair card (a resplit), not a pair card, or any card (no more resplits
allowed). Writing "not a pair card" as "1 - a pair card" for every other hand's second card
turns each term into: the chance that ``k`` given cards of the stream are all pair cards, times
E[the hand's result; its own second card as its kind says], the hand played alone with those
``k`` pair cards and the other pair card out of the shoe.

The hand in the term with ``k`` pair cards gone decides (stand, hit or double) by
``rules.post_split``: with the other pair card gone (cdp1), as if dealt unsplit (cdz), or with
the other pair card and the ``k`` gone (cdp, Eric Farmer's CDP, whose value is this sum). For
cdp1 and cdz the decisions do not depend on the term, and the sum is the value of the split
played card by card (:meth:`odds.reference.game.BruteForceRound.split_value`): the tests check
that too.

>>> from odds import DealerRules
>>> from odds.core.game_rules import GameRules
>>> from odds.reference.game import round_value
>>> counts = [4, 0, 0, 0, 0, 0, 0, 3, 2, 10]  # four aces, three eights, two nines, ten tens
>>> cdp1 = GameRules(decks=1, dealer=DealerRules.parse("S17"), das=True, split_hands=4)
>>> termwise_round_value(cdp1, counts) == round_value(cdp1, counts)
True
>>> cdp = GameRules(decks=1, dealer=DealerRules.parse("S17"), das=True, split_hands=4, post_split="cdp")
>>> float(termwise_round_value(cdp, counts) - termwise_round_value(cdp1, counts))  # CDP is no optimum
-0.000238...
"""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Sequence

from odds.core.game_rules import GameRules

from .deal import draws, hand_total, take
from .game import BruteForceRound

PAIR, NOT_PAIR, ANY = "P", "N", "X"


def stream_events(most: int) -> list[tuple[str, ...]]:
    """The ways the second-card stream of a split to at most ``most`` hands can run, each a
    string of kinds in the order dealt: P a pair card that resplits, N a card that is not a pair
    card (a pair card would have resplit), X any card (no more resplits allowed).

    >>> stream_events(3)
    [('N', 'N'), ('N', 'P', 'X', 'X'), ('P', 'X', 'X', 'X')]
    """
    events: list[tuple[str, ...]] = []

    def deal(waiting: int, hands: int, so_far: tuple[str, ...]) -> None:
        if waiting == 0:
            events.append(so_far)
        elif hands < most:
            deal(waiting - 1, hands, so_far + (NOT_PAIR,))
            deal(waiting + 1, hands + 1, so_far + (PAIR,))  # the pair card waits for a card too
        else:
            deal(waiting - 1, hands, so_far + (ANY,))

    deal(2, 2, ())
    return events


class TermwiseRound(BruteForceRound):
    """Round value for ``rules`` and a shoe of ``counts`` (by value, aces first), each split
    summed term by term over the second-card stream (module docstring). A split hand's context
    is ``(up card, cards set aside)``, the cards set aside a tuple of values."""

    def unseen(self, hand: tuple, ctx: tuple) -> tuple:
        up, aside = ctx
        if isinstance(aside, tuple):
            return take(self.shoe, up, *aside, *hand)
        return super().unseen(hand, ctx)

    def judged_as(self, ctx: tuple) -> tuple:
        """A hand in a term with ``k`` pair cards gone, under the post-split strategy."""
        up, aside = ctx
        if not isinstance(aside, tuple):
            return super().judged_as(ctx)
        kind = self.rules.post_split
        if kind == "cdz":
            return (up, None)
        return (up, aside if kind == "cdp" else aside[:1])

    def policy(self, hand: tuple, ctx: tuple) -> str:
        up, aside = ctx
        if not isinstance(aside, tuple):
            return super().policy(hand, ctx)
        key = ("term", hand, ctx)
        if key not in self._policy_memo:
            seen = self.judged_as(ctx)
            post = self.hole_posterior(self.unseen(hand, seen), up)
            best, best_q = None, None
            for option in self.options(hand, ctx):  # a split hand's options
                q = sum((p * self.value(hand, option, h, seen) for h, p in post.items()), Fraction(0))
                if best_q is None or q > best_q:
                    best, best_q = option, q
            self._policy_memo[key] = best
        return self._policy_memo[key]

    def hand_term(self, pair: int, up: int, hole: int, k: int, kind: str) -> Fraction:
        """E[one split hand's result | hole card; its second card not a pair card (kind N) or
        any card (X)], played alone with the other pair card and ``k`` more out of the shoe."""
        ctx = (up, (pair,) * (k + 1))
        pool = take(self.shoe, up, hole, pair, *ctx[1])
        value = Fraction(0)
        for c, p in draws(pool):
            if c == pair and kind == NOT_PAIR:
                continue
            hand = tuple(sorted((pair, c)))
            total, _ = hand_total(hand)
            if total == 21 or (pair == 1 and not self.rules.hit_split_aces):
                option = "stand"
            else:
                option = self.policy(hand, ctx)
            value += p * self.value(hand, option, hole, ctx)
        return value

    def split_value(self, pair: int, up: int, hole: int) -> Fraction:
        """E[result of all the split hands | hole card], summed term by term."""
        pool = take(self.shoe, pair, up, pair, hole)
        pairs, size = pool[pair - 1], sum(pool)

        def all_pair_cards(k: int) -> Fraction:  # k given cards of the stream, all pair cards
            p = Fraction(1)
            for j in range(k):
                p *= Fraction(max(pairs - j, 0), size - j)
            return p

        value = Fraction(0)
        for event in stream_events(self.rules.most_hands(pair)):
            resplits = event.count(PAIR)
            hands = [i for i, kind in enumerate(event) if kind != PAIR]
            for i in hands:
                others = [j for j in hands if j != i and event[j] == NOT_PAIR]
                for size_t in range(len(others) + 1):
                    for _ in combinations(others, size_t):
                        k = resplits + size_t
                        chance = all_pair_cards(k)
                        if chance:
                            value += (-1) ** size_t * chance * self.hand_term(pair, up, hole, k, event[i])
        return value


def termwise_round_value(rules: GameRules, counts: Sequence[int]) -> Fraction:
    """Expected result per unit bet of a round from a shoe of ``counts`` (by value, A to T),
    composition-dependent play, splits summed term by term (module docstring)."""
    return TermwiseRound(rules, counts).round_value()
