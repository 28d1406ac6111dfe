"""Player engine: exact expected values of the player's options, the composition-dependent
strategy, and the house edge of a whole round from a fresh shoe.

The values are computed jointly with "the dealer has no blackjack". With peek, a decision is made
only when the dealer has no blackjack, and maximising E[X; no blackjack] over the options is the
same as maximising E[X | no blackjack] (the two differ by a factor that does not depend on the
option). The player's cards come from the shoe less the up card and the player's own cards; the
hole card is, by exchangeability, dealt after them, so the dealer's outcome is the dealer engine's
row for the up card from the shoe less the player's cards, with its blackjack mass left out. This
is exact: nothing is renormalised along the way.

Splits (to two hands) are exact for a strategy in which each split hand is played on its own cards
and the up card: the two hands then have the same law, so the split is worth twice one hand dealt
from the shoe less both pair cards.

>>> from odds import DealerRules
>>> engine = PlayerEngine(GameRules(decks=1, dealer=DealerRules.parse("S17")), exact=True)
>>> engine.option_values("T", "6", "T")["stand"] < engine.option_values("T", "6", "T")["hit"]
True
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Optional

from .cards import parse_card, value_label
from .dealer import dealer_finals
from .errors import EngineError
from .game_rules import GameRules
from .shoe import Shoe

ZERO_HAND = (0,) * 10
BLACKJACK, BUST = 5, 6  # positions in a row of dealer_finals: 17, 18, 19, 20, 21, blackjack, bust


@lru_cache(maxsize=None)
def _add(hand: tuple, v: int) -> tuple:
    return hand[:v - 1] + (hand[v - 1] + 1,) + hand[v:]


def _with(hand: tuple, extra: tuple) -> tuple:
    """The cards out of the shoe: the hand's and the ones set aside (the other pair card)."""
    if extra is ZERO_HAND:
        return hand
    return tuple(h + e for h, e in zip(hand, extra))


@lru_cache(maxsize=None)
def hard_total(hand: tuple) -> int:
    return sum(v * n for v, n in zip(range(1, 11), hand))


@lru_cache(maxsize=None)
def hand_total(hand: tuple) -> tuple[int, bool]:
    """Best total of a hand (counts by value) and whether it is soft."""
    hard = hard_total(hand)
    if hand[0] and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


class PlayerEngine:
    """Expected values for one rule set and one shoe (a fresh shoe of ``rules.decks`` decks by
    default). ``exact``: Fractions; otherwise floats."""

    def __init__(self, rules: GameRules, shoe: Optional[Shoe] = None, exact: bool = True):
        self.rules = rules
        self.exact = exact
        shoe = shoe or Shoe.decks(rules.decks)
        if (rules.bonus_678_suited or rules.bonus_posted_blackjack) and not _suits_alike(shoe):
            raise EngineError("the suited 6-7-8 and posted blackjack payouts are computed for a shoe whose "
                              "suits are alike (every rank the same in each suit)")
        self.counts = shoe.by_value()
        self.total = sum(self.counts)
        self.one = Fraction(1) if exact else 1.0
        self._finals: dict = {}
        self._memo: dict = {}

    # ------------------------------------------------------------------------------ dealer

    def finals(self, removed: tuple, up: int) -> tuple:
        """The dealer's final results given the up card, from the shoe less ``removed`` (the
        player's cards): no peek, blackjack included; see :func:`odds.dealer.dealer_finals`."""
        rows = self._finals.get(removed)
        if rows is None:
            counts = tuple(c - r for c, r in zip(self.counts, removed))
            rows = self._finals[removed] = dealer_finals(counts, self.rules.dealer.hits_soft_17, self.exact)
        if rows[up - 1] is None:
            raise EngineError(f"the shoe holds no {value_label(up)} for the up card")
        return rows[up - 1]

    def _draw(self, removed: tuple, up: int):
        """(value, probability) of the player's next card."""
        left = self.total - sum(removed) - 1
        if left <= 0:
            raise EngineError(f"the shoe ({self.total} cards) runs out before the player's hand is complete")
        for v in range(1, 11):
            n = self.counts[v - 1] - removed[v - 1] - (v == up)
            if n > 0:
                yield v, (Fraction(n, left) if self.exact else n / left)

    # ------------------------------------------------------------------------ hand values

    def no_blackjack(self, removed: tuple, up: int):
        return self.one - self.finals(removed, up)[BLACKJACK]

    def lost_bet(self, removed: tuple, up: int):
        """Value of a bet that is lost whatever the dealer holds (a bust, a rescued double): with
        peek, jointly with no dealer blackjack; with no hole card, the whole unit."""
        return -self.no_blackjack(removed, up) if self.rules.dealer.peek else -self.one

    def stand(self, removed: tuple, up: int, total: int, pay=1):
        """Value of standing on ``total``; a win pays ``pay`` to 1. With no hole card a dealer
        blackjack, found only now, takes the bet."""
        f = self.finals(removed, up)
        win, value = f[BUST], (0 * self.one if self.rules.dealer.peek else -f[BLACKJACK])
        for i in range(5):  # dealer totals 17 to 21
            if 17 + i < total:
                win += f[i]
            elif 17 + i > total:
                value -= f[i]
        return value + pay * win

    def bonus_pay(self, hand: tuple):
        """What a winning (undoubled) hand pays under New York's optional payouts: 7-7-7, five
        cards totalling 21, and 6-7-8 of one suit (in a shoe whose suits are alike, the three cards
        are of one suit with chance 1/16)."""
        r = self.rules
        if sum(hand) == 3 and r.bonus_777 is not None and hand[6] == 3:
            return r.bonus_777
        if sum(hand) == 3 and r.bonus_678_suited is not None and hand[5] == hand[6] == hand[7] == 1:
            same_suit = Fraction(1, 16) if self.exact else 1 / 16
            return 1 + same_suit * (r.bonus_678_suited - 1)
        if sum(hand) == 5 and r.bonus_five_card_21 is not None and hand_total(hand)[0] == 21:
            return r.bonus_five_card_21
        return 1

    def _after_card(self, hand, extra, up, final: bool):
        """Value of a hand that has just taken a card: bust, stand if ``final``, else play on."""
        removed = _with(hand, extra)
        total, _ = hand_total(hand)
        if total > 21:
            return self.lost_bet(removed, up)
        if final:  # a double: no bonus payouts
            return self.stand(removed, up, total)
        stand = self.stand(removed, up, total, self.bonus_pay(hand))
        return stand if total == 21 else max(stand, self.hit(hand, extra, up))

    def hit(self, hand: tuple, extra: tuple, up: int):
        """Value of hitting, then playing on by composition (stand or hit again)."""
        key = ("hit", hand, extra, up)
        if key not in self._memo:
            removed = _with(hand, extra)
            self._memo[key] = sum((p * self._after_card(_add(hand, v), extra, up, False)
                                   for v, p in self._draw(removed, up)), 0 * self.one)
        return self._memo[key]

    def double(self, hand: tuple, extra: tuple, up: int):
        """Value of doubling (per unit of the original bet). With the rescue of 5324.11(a)(5)(vii),
        a doubled hand that has not busted may take back the double and give up the original bet
        (-1 when the dealer has no blackjack)."""
        removed = _with(hand, extra)
        value = 0 * self.one
        for v, p in self._draw(removed, up):
            played = 2 * self._after_card(_add(hand, v), extra, up, True)
            if self.rules.double_rescue and hand_total(_add(hand, v))[0] <= 21:
                played = max(played, self.lost_bet(_with(_add(hand, v), extra), up))
            value += p * played
        return value

    def _split_hand(self, card: int, up: int):
        """One of two split hands: ``card`` and the next card, the other pair card set aside."""
        key = ("split", card, up)
        if key in self._memo:
            return self._memo[key]
        extra = _add(ZERO_HAND, card)
        start = _add(ZERO_HAND, card)
        value = 0 * self.one
        for v, p in self._draw(_with(start, extra), up):
            hand = _add(start, v)
            removed = _with(hand, extra)
            total, soft = hand_total(hand)
            if card == 1 and not self.rules.hit_split_aces:
                best = self.stand(removed, up, total)
            else:
                options = [self.stand(removed, up, total)]
                if total < 21:
                    options.append(self.hit(hand, extra, up))
                    if self.rules.das and self.rules.can_double(hard_total(hand), soft):
                        options.append(self.double(hand, extra, up))
                best = max(options)
            value += p * best
        self._memo[key] = value
        return value

    def option_values(self, card1: str, card2: str, upcard: str) -> dict:
        """E[result; dealer has no blackjack] of each option for a two-card hand (not a blackjack)
        against an up card, from the shoe less the three cards."""
        a, b, u = (parse_card(c).value for c in (card1, card2, upcard))
        return self.first_options(a, b, u)

    def first_options(self, a: int, b: int, u: int) -> dict:
        """As :meth:`option_values`, for card values (ace = 1)."""
        hand = _add(_add(ZERO_HAND, a), b)
        total, soft = hand_total(hand)
        out = {"stand": self.stand(hand, u, total), "hit": self.hit(hand, ZERO_HAND, u)}
        if self.rules.can_double(a + b, soft):
            out["double"] = self.double(hand, ZERO_HAND, u)
        if self.rules.surrender:
            out["surrender"] = -self.no_blackjack(hand, u) / 2
        if a == b and self.rules.split_hands >= 2:
            out["split"] = 2 * self._split_hand(a, u)
        return out

    # ------------------------------------------------------------------------------ round

    def blackjack_pay(self):
        """A blackjack's pay; with the posted-combination payout, the posted ace (one suit in four)
        with the posted face card (one of the sixteen ten-value cards) pays more."""
        posted = self.rules.bonus_posted_blackjack
        if posted is None:
            return self.rules.blackjack_pays
        share = Fraction(1, 64) if self.exact else 1 / 64
        return self.rules.blackjack_pays + share * (posted - self.rules.blackjack_pays)

    def round_value(self):
        """Expected result of a round per unit bet, composition-dependent play, and the
        probability of each initial deal with its best option (for strategy tables)."""
        n = self.total
        deals = n * (n - 1) * (n - 2)
        ev = 0 * self.one
        choices = {}
        for u in range(1, 11):
            for a in range(1, 11):
                for b in range(a, 11):
                    ca, cb = self.counts[a - 1], self.counts[b - 1]
                    ways = ca * (ca - 1) if a == b else 2 * ca * cb
                    ways *= self.counts[u - 1] - (u == a) - (u == b)
                    if ways <= 0:
                        continue
                    p = Fraction(ways, deals) if self.exact else ways / deals
                    hand = _add(_add(ZERO_HAND, a), b)
                    p_bj = self.finals(hand, u)[BLACKJACK]
                    if {a, b} == {1, 10}:
                        ev += p * (1 - p_bj) * self.blackjack_pay()
                        continue
                    options = self.first_options(a, b, u)
                    best = max(options, key=options.get)
                    choices[(a, b, u)] = best
                    ev += p * (options[best] - p_bj if self.rules.dealer.peek else options[best])
        return ev, choices


def _suits_alike(shoe: Shoe) -> bool:
    if not shoe.suits_known:
        return False
    return all(len(set(row)) == 1 for row in shoe.by_rank_suit())


def house_edge(rules: GameRules, exact: bool = True, shoe: Optional[Shoe] = None):
    """House edge (minus the expected result per unit bet) of a round from a fresh shoe,
    composition-dependent strategy.

    >>> from odds import DealerRules
    >>> he = house_edge(GameRules(decks=1, dealer=DealerRules.parse("S17"), das=True), exact=False)
    >>> -0.01 < he < 0.0
    True
    """
    ev, _ = PlayerEngine(rules, shoe, exact).round_value()
    return -ev
