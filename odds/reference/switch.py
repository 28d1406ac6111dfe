"""Reference value of a Blackjack Switch round (58 Pa. Code § 633a.12(a)), dealt card by card in
the physical order, for checking :mod:`odds.games.switch` on small shoes.

Plain Python with exact fractions. The cards come in the order of the table: hand 1's first card,
hand 2's first card, the up card, hand 1's second card, hand 2's second card, the hole card. With
an ace or ten up and the peek the dealer looks: a blackjack ends the round (a natural, unswitched,
pushes; any other hand, a switched ace-ten included, loses one unit; so too with no hole card and
original bets only). Else hand 1 is played out card by card (splits hand by hand), then hand 2
from the cards that are left, then the dealer draws from what is left after both; every hand is
settled against that one dealer hand: a dealer blackjack (no hole card) takes every stake but a
natural's, which pushes; a dealer 22 pushes every hand of 21 or less (``dealer_22`` "push") or is
a bust; a tie on a total of ``ties_lose`` loses, any other pushes; a natural wins
``blackjack_pays`` (``pays_vs_dealer_21`` against a dealer 21 of three cards or more; against a
22 as ``blackjack_vs_22`` says).

The player's play is fixed and stated: a hand (or split hand) takes the option best for its own
cards, the other hand's two initial cards and the up card, computed as if it were the only hand
(:class:`odds.reference.game.BruteForceRound` on the shoe less the other hand's two cards, the
hole card kept unknown through its posterior given no dealer blackjack, with the Switch settlement
and the dealer's 22 kept apart by a plain recursion here). The switch decision compares the
physical value of the two arrangements under that play (the whole sequence above: nothing is
summed hand by hand), before the peek or after it as ``switch_before_peek`` says. The engine's
claim (the pair is worth the sum of each hand's value from the shoe less the four cards and the
up card) is what the equality of the two round values shows.

>>> from odds.games.switch import SwitchRules
>>> r = SwitchRules.pa(1, "S17", split_hands=1)
>>> round_value(r, (0, 1, 0, 0, 0, 0, 0, 0, 0, 7))  # one 2, seven tens: see the tests
Fraction(-1, 2)
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

from .deal import draws, hand_total, is_blackjack, take, with_card
from .game import BLACKJACK, BruteForceRound

TWENTY_TWO, OVER_22 = 22, 23  # the dealer's 22, and his busts above 22
NATURAL = "natural"


class SwitchPolicy(BruteForceRound):
    """The decision rule D of a hand whose other hand holds ``other``: BruteForceRound on the
    shoe less those two cards, settled as Switch settles."""

    def __init__(self, rules: Any, counts: Sequence[int]) -> None:
        super().__init__(rules.game, counts)
        self.switch = rules

    def bust_result(self, total: int) -> int:  # type: ignore[override]
        return TWENTY_TWO if total == 22 and self.switch.dealer_22 == "push" else OVER_22

    def settle(self, total: Any, stake: int, dealer: dict) -> Fraction:  # type: ignore[override]
        """A hand against the dealer's law (a dealer blackjack only with no hole card: with the
        peek it ended the round)."""
        value = Fraction(0)
        r = self.switch
        if total == NATURAL:
            pays_22 = r.game.blackjack_pays if r.blackjack_vs_22 == "win" else 0
            for final, p in dealer.items():
                if final != BLACKJACK:
                    value += p * (r.pays_vs_dealer_21 if final == 21 else pays_22 if final == TWENTY_TWO
                                  else r.game.blackjack_pays)
            return value
        if total > 21:
            return Fraction(-stake)
        for final, p in dealer.items():
            if final == BLACKJACK:
                value -= p * stake
            elif final == TWENTY_TWO:
                continue
            elif final == OVER_22 or final < total:
                value += p * stake
            elif final > total or total in r.ties_lose:
                value -= p * stake
        return value


class BruteForceSwitch:
    """Round value of Blackjack Switch for ``rules`` (:class:`odds.games.switch.SwitchRules`) and a
    shoe of ``counts`` (10 numbers by value, aces first)."""

    def __init__(self, rules: Any, counts: Sequence[int]) -> None:
        self.rules = rules
        self.shoe = tuple(int(n) for n in counts)
        self._policies: dict = {}
        self._laws: dict = {}

    def policy(self, other: tuple) -> SwitchPolicy:
        other = tuple(sorted(other))
        if other not in self._policies:
            self._policies[other] = SwitchPolicy(self.rules, take(self.shoe, *other))
        return self._policies[other]

    def law(self, hand: tuple, other: tuple, up: int, pool: tuple, natural: bool) -> dict:
        """How a hand dealt ``hand`` ends, played by D from ``pool``: {pool left: (probability,
        {(final total, stake): expected number of such hands, jointly with that pool})}."""
        key = (hand, other, up, pool, natural)
        if key in self._laws:
            return self._laws[key]
        if natural:
            out = {pool: (Fraction(1), {(NATURAL, 1): Fraction(1)})}
        else:
            pol = self.policy(other)
            option = pol.policy(hand, (up, None))
            if option == "split":
                out = pol.deal_split(2, 2, hand[0], up, pool)
            else:
                out = self._play(hand, option, pol, up, pool)
        self._laws[key] = out
        return out

    def _play(self, hand: tuple, option: str, pol: SwitchPolicy, up: int, pool: tuple) -> dict:
        out: dict = {}

        def put(p: Fraction, t: int, s: int, rest: tuple) -> None:
            prob, acc = out.get(rest, (Fraction(0), {}))
            acc[(t, s)] = acc.get((t, s), 0) + p
            out[rest] = (prob + p, acc)

        total, _ = hand_total(hand)
        if option == "stand":
            put(Fraction(1), total, 1, pool)
        elif option == "double":
            for c, p in draws(pool):
                put(p, hand_total(with_card(hand, c))[0], 2, take(pool, c))
        elif option == "hit":
            for c, p in draws(pool):
                nxt, rest = with_card(hand, c), take(pool, c)
                t, _ = hand_total(nxt)
                if t >= 21:
                    put(p, t, 1, rest)
                    continue
                for end, (q, acc) in self._play(nxt, pol.policy(nxt, (up, None)), pol, up, rest).items():
                    prob, acc0 = out.get(end, (Fraction(0), {}))
                    for k, n in acc.items():
                        acc0[k] = acc0.get(k, 0) + p * n
                    out[end] = (prob + p * q, acc0)
        else:
            raise ValueError(option)
        return out

    def arrangement(self, h1: tuple, h2: tuple, up: int, switched: bool, pool: tuple, hole: int) -> Fraction:
        """Value of the two hands given the hole card, both played out in order, then the dealer."""
        natural = not switched or self.rules.switched_blackjack
        n1 = natural and is_blackjack(*h1)
        n2 = natural and is_blackjack(*h2)
        game = self.rules.game
        dealer_blackjack = is_blackjack(up, hole)
        if dealer_blackjack and (game.dealer.peek or game.original_bets_only):
            return Fraction(-(2 - n1 - n2))
        h1s, h2s = tuple(sorted(h1)), tuple(sorted(h2))
        dealer_pol = self.policy(())
        value = Fraction(0)
        for pool1, (p1, acc1) in self.law(h1s, h2s, up, pool, n1).items():
            for pool2, (p2, acc2) in self.law(h2s, h1s, up, pool1, n2).items():
                dealer = {BLACKJACK: Fraction(1)} if dealer_blackjack else \
                    dealer_pol.dealer_from(up + hole, 1 in (up, hole), pool2)
                for (t, s), n in acc1.items():  # E[N1; pool1] x P(pool2 | pool1)
                    value += n * p2 * dealer_pol.settle(t, s, dealer)
                for (t, s), n in acc2.items():  # P(pool1) x E[N2; pool2 | pool1]
                    value += p1 * n * dealer_pol.settle(t, s, dealer)
        return value

    def deal_values(self, c1: int, c2: int, c3: int, c4: int, up: int) -> tuple[Fraction, ...]:
        """(keep, switch, keep given no dealer blackjack, switch given none): values of the two
        arrangements over the hole card (the last two jointly with no dealer blackjack)."""
        rest = take(self.shoe, c1, c2, c3, c4, up)
        out = [Fraction(0)] * 4
        for hole, p in draws(rest):
            pool = take(rest, hole)
            keep = self.arrangement((c1, c2), (c3, c4), up, False, pool, hole)
            sw = self.arrangement((c1, c4), (c3, c2), up, True, pool, hole)
            out[0] += p * keep
            out[1] += p * sw
            if not is_blackjack(up, hole):
                out[2] += p * keep
                out[3] += p * sw
        return tuple(out)

    def choose(self, c1: int, c2: int, c3: int, c4: int, up: int) -> tuple[str, Fraction]:
        """("keep" or "switch", the value of the round given this deal)."""
        keep, sw, keep_nb, sw_nb = self.deal_values(c1, c2, c3, c4, up)
        if self.rules.switch_before_peek:
            return ("switch", sw) if sw > keep else ("keep", keep)
        bj = keep - keep_nb  # a dealer blackjack meets the hands as dealt
        return ("switch", sw_nb + bj) if sw_nb > keep_nb else ("keep", keep)

    def round_value(self) -> Fraction:
        """Expected result of a round (both wagers together) over every physical deal."""
        ev = Fraction(0)
        for c1, p1 in draws(self.shoe):
            s1 = take(self.shoe, c1)
            for c3, p3 in draws(s1):
                s3 = take(s1, c3)
                for up, pu in draws(s3):
                    su = take(s3, up)
                    for c2, p2 in draws(su):
                        s2 = take(su, c2)
                        for c4, p4 in draws(s2):
                            ev += p1 * p3 * pu * p2 * p4 * self.choose(c1, c2, c3, c4, up)[1]
        return ev


def round_value(rules: Any, counts: Sequence[int]) -> Fraction:
    """Expected result of a Blackjack Switch round (both wagers) from a shoe of ``counts``."""
    return BruteForceSwitch(rules, counts).round_value()


def dealer_22(counts: tuple, up: int, hits_soft_17: bool) -> Fraction:
    """P(the dealer ends on 22) given the up card, from ``counts`` (the up card still in it), no
    peek: a plain recursion over his draws."""
    from types import SimpleNamespace

    from odds.core.game_rules import GameRules
    from odds.core.rules import DealerRules
    pol = SwitchPolicy(SimpleNamespace(game=GameRules(decks=1, dealer=DealerRules(hits_soft_17)), dealer_22="push"), counts)
    rest = take(tuple(counts), up)
    out = Fraction(0)
    for hole, p in draws(rest):
        if not is_blackjack(up, hole):
            out += p * pol.dealer_from(up + hole, 1 in (up, hole), take(rest, hole)).get(TWENTY_TWO, 0)
    return out
