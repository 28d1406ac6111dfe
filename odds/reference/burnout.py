"""Reference value of a Blackjack Burnout round, by brute force over explicit deals, for checking
:class:`odds.games.burnout.BurnoutEngine` on small shoes.

It extends :class:`odds.reference.game.BruteForceRound` (deals card by card, the hole card unknown
to the player: every decision maximises E[result | cards seen] over an explicit posterior of the
hole card) with the burn. The hand as dealt carries a context ``(up, None, burned, available)``:
``burned`` is the card discarded (none yet, or one), ``available`` whether the burn may still be
used. Each time a hit or double card is dealt to it while the burn is available, the player, who
has seen the card, chooses between keeping it and burning it by the same posterior rule; a burned
card joins the cards seen, so the hole card's posterior, the replacement, later draws and the
dealer's draws all come from the shoe less it. With ``reading="no-bust"`` a card that busts the
hand cannot be burned. Split hands are the base class's, untouched: splitting forfeits the burn.

A case counted by hand (the test file runs it): a shoe of two 5s, one 6 and five tens; the player
holds T-6 against a ten up; the five cards unseen are three tens and two 5s, the hole card one of
them (no ace, so no dealer blackjack). See the module docstring of :mod:`odds.games.burnout`:

- stand: hole ten (3/5) loses to 20; hole 5 (2/5), the dealer's 15 draws a ten (3/4, bust) or
  the last 5 (1/4, 20): -3/5 + 2/5 * (3/4 - 1/4) = -2/5;
- hit, no burn: a 5 makes 21, a ten busts. Hole ten: 2 tens and 2 fives left, 1/2 - 1/2 = 0;
  hole 5: 3 tens and a 5 left, 1/4 - 3/4 = -1/2 (21 beats the dealer's 15, who then busts);
  -1/5 in all. Under the "no-bust" reading the ten cannot be burned: the hit stays -1/5;
- hit, burning a busting ten ("any-card"): hole ten: 5 first (1/2) wins; a ten (1/2) is burned
  and of the 3 cards left (a ten, two 5s) a 5 (2/3) wins and the ten (1/3) busts: 1/2 + 1/2 *
  1/3 = 2/3. Hole 5: 5 first (1/4) wins; a ten (3/4) is burned, then a 5 (1/3) wins and a ten
  (2/3) busts: 1/4 - 3/4 * 1/3 = 0. In all 3/5 * 2/3 = 2/5; doubling, 4/5 (the best option).
- Were the burned ten shuffled back (the control in the tests), the replacement would come from
  the same four cards as the burned one: hole ten, 1/2 + 1/2 * (1/2 - 1/2) = 1/2; hole 5, 1/4 +
  3/4 * (1/4 - 3/4) = -1/8; the hit 3/5 * 1/2 - 2/5 * 1/8 = 1/4, not 2/5.

>>> from fractions import Fraction
>>> from odds import DealerRules
>>> from odds.core.game_rules import GameRules
>>> rules = GameRules(decks=1, dealer=DealerRules.parse("S17"), split_hands=1)
>>> BurnoutRound(rules, [0, 0, 0, 0, 2, 1, 0, 0, 0, 5]).option_values(6, 10, 10)
{'stand': Fraction(-2, 5), 'hit': Fraction(2, 5), 'double': Fraction(4, 5)}
"""
from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from odds.core.game_rules import GameRules

from .deal import draws, hand_total, take, with_card
from .game import BruteForceRound

READINGS = ("any-card", "no-bust")


class BurnoutRound(BruteForceRound):
    """Round value with the burn option (``burn=False``: none, the base class's game)."""

    def __init__(self, rules: GameRules, counts: Sequence[int], reading: str = "any-card", burn: bool = True) -> None:
        if reading not in READINGS:
            raise ValueError(f"reading: one of {READINGS}")
        super().__init__(rules, counts)
        self.reading = reading
        self.burn = burn
        self._choice_memo: dict = {}
        self._counting = False  # see burn_frequency

    # ------------------------------------------------------------------------- contexts

    @staticmethod
    def _main(ctx: tuple) -> tuple:
        """The context of the hand as dealt (a split hand's ``(up, pair)`` stays as it is)."""
        return (ctx[0], None, (), True) if len(ctx) == 2 and ctx[1] is None else ctx

    def unseen(self, hand: tuple, ctx: tuple) -> tuple:
        if len(ctx) == 4:
            return take(self.shoe, ctx[0], *ctx[2], *hand)
        return super().unseen(hand, ctx)

    def options(self, hand: tuple, ctx: tuple) -> list:
        return super().options(hand, ctx[:2])

    def policy(self, hand: tuple, ctx: tuple) -> str:
        ctx = self._main(ctx)
        if self._counting and (hand, ctx) not in self._policy_memo:
            raise AssertionError("counting burns met a decision the round had not made")
        return super().policy(hand, ctx)

    def value(self, hand: tuple, option: str, hole: int, ctx: tuple) -> Fraction:
        ctx = self._main(ctx)
        if len(ctx) == 2 or not ctx[3] or not self.burn or option not in ("hit", "double"):
            return super().value(hand, option, hole, ctx)
        key = (hand, option, hole, ctx)
        if key not in self._value_memo:
            if self.rules.original_bets_only and {ctx[0], hole} == {1, 10}:
                v = Fraction(-1)
            else:
                pool = take(self.unseen(hand, ctx), hole)
                v = sum((p * self.dealt(hand, c, hole, ctx, option == "double") for c, p in draws(pool)),
                        Fraction(0))
            self._value_memo[key] = v
        return self._value_memo[key]

    # -------------------------------------------------------------------------- the burn

    def keep(self, hand: tuple, c: int, hole: int, ctx: tuple, double: bool) -> Fraction:
        """E[result | hole] of keeping ``c`` (burn still available)."""
        new = with_card(hand, c)
        if double:
            up = ctx[0]
            pool = take(self.unseen(new, ctx), hole)
            return self.settle(hand_total(new)[0], 2, self.dealer(pool, up, hole))
        return self.play_on(new, hole, ctx)

    def burn_card(self, hand: tuple, c: int, hole: int, ctx: tuple, double: bool) -> Fraction:
        """E[result | hole] of burning ``c``: the next card replaces it; no burn is left."""
        after = (ctx[0], None, ctx[2] + (c,), False)
        pool = take(self.unseen(hand, after), hole)
        total = Fraction(0)
        for w, p in draws(pool):
            new = with_card(hand, w)
            if double:
                rest = take(pool, w)
                total += p * self.settle(hand_total(new)[0], 2, self.dealer(rest, ctx[0], hole))
            else:
                total += p * self.play_on(new, hole, after)
        return total

    def burns(self, hand: tuple, c: int, ctx: tuple, double: bool) -> bool:
        """Whether the player, having seen ``c`` dealt onto ``hand``, burns it: the better
        E[result | cards seen] over the hole card's posterior (ties keep)."""
        if hand_total(with_card(hand, c))[0] > 21 and self.reading == "no-bust":
            return False
        key = (hand, c, ctx, double)
        if self._counting and key not in self._choice_memo:
            raise AssertionError("counting burns met a decision the round had not made")
        if key not in self._choice_memo:
            seen = take(self.unseen(hand, ctx), c)
            post = self.hole_posterior(seen, ctx[0])
            keep = sum((p * self.keep(hand, c, h, ctx, double) for h, p in post.items()), Fraction(0))
            burn = sum((p * self.burn_card(hand, c, h, ctx, double) for h, p in post.items()), Fraction(0))
            self._choice_memo[key] = burn > keep
        return self._choice_memo[key]

    def dealt(self, hand: tuple, c: int, hole: int, ctx: tuple, double: bool) -> Fraction:
        """E[result | hole] once ``c`` is dealt onto ``hand`` with the burn available."""
        if self.burns(hand, c, ctx, double):
            return self.burn_card(hand, c, hole, ctx, double) + (1 if self._counting else 0)
        return self.keep(hand, c, hole, ctx, double)

    def burn_frequency(self) -> Fraction:
        """P(a card is burned in a round), the decisions those of :meth:`round_value`: the round
        is valued again with every decision already made and a point added for each burn; the
        difference of the two values is the chance of a burn."""
        plain = self.round_value()
        self._value_memo.clear()
        self._counting = True
        try:
            return self.round_value() - plain
        finally:
            self._counting = False
            self._value_memo.clear()

