"""Player engine: exact expected values of the player's options, the composition-dependent
strategy, and the house edge of a whole round from a fresh shoe.

The values are computed jointly with "the dealer has no blackjack". With peek, a decision is made
only when the dealer has no blackjack, and maximising E[X; no blackjack] over the options is the
same as maximising E[X | no blackjack] (the two differ by a factor that does not depend on the
option). The player's cards come from the shoe less the up card and the player's own cards; the
hole card is, by exchangeability, dealt after them, so the dealer's outcome is the dealer engine's
row for the up card from the shoe less the player's cards, with its blackjack mass left out. This
is exact: nothing is renormalised along the way.

Splits, resplits included, are exact for the post-split strategy of ``rules.post_split``: by
default the play D in which each split hand takes the option best for its own cards and the up
card with the other pair card gone (CDP1); or the pre-split strategy (CDZ-), or D with every pair
card out gone (CDP). The method is described at :meth:`PlayerEngine.split_value`. With no hole
card and original bets only, a dealer blackjack costs one unit whatever the player did, so the
values are those of the peek game.

>>> from odds import DealerRules
>>> engine = PlayerEngine(GameRules(decks=1, dealer=DealerRules.parse("S17")), exact=True)
>>> engine.option_values("T", "6", "T")["stand"] < engine.option_values("T", "6", "T")["hit"]
True
"""
from __future__ import annotations

from dataclasses import fields
from fractions import Fraction

from gmpy2 import mpq
from functools import lru_cache
from math import comb, perm
from typing import TYPE_CHECKING, Dict, Iterator, List, Optional, Tuple, Type, Union

from odds.core.rationals import as_fraction
from odds.core.actions import Action, STAND, HIT, DOUBLE, SPLIT, SURRENDER
from odds.core.cards import parse_card, value_label
from .dealer import dealer_finals
from odds.core.errors import EngineError, require_bool, require_type
from odds.core.game_rules import GameRules
from odds.core.results import DealerResult
from odds.core.shoe import Shoe

if TYPE_CHECKING:
    from .player_kernel import PlayerKernel

Hand = Tuple[int, ...]  # cards by value: ten counts, aces first
Value = Union[mpq, float]  # an expected value: exact (gmpy2) or float

ZERO_HAND: Hand = (0,) * 10
# Positions in a row of dealer_finals (17, 18, 19, 20, 21, blackjack, bust), as plain ints for the
# hot loops.
BLACKJACK, BUST = int(DealerResult.BLACKJACK), int(DealerResult.BUST)


@lru_cache(maxsize=None)
def add_card(hand: Hand, v: int) -> Hand:
    """The hand (counts by value) with one more card of value ``v`` (ace = 1).

    >>> add_card(add_card(ZERO_HAND, 1), 10)
    (1, 0, 0, 0, 0, 0, 0, 0, 0, 1)
    """
    return hand[:v - 1] + (hand[v - 1] + 1,) + hand[v:]


@lru_cache(maxsize=None)
def cards_out(hand: Hand, extra: Hand) -> Hand:
    """The cards out of the shoe: the hand's and the ones set aside (``extra``: the other pair
    card of a split, a burned card).

    >>> cards_out(add_card(ZERO_HAND, 8), PlayerEngine.pair_cards_aside(8, 0))
    (0, 0, 0, 0, 0, 0, 0, 2, 0, 0)
    """
    if extra is ZERO_HAND:
        return hand
    return tuple(h + e for h, e in zip(hand, extra))


@lru_cache(maxsize=None)
def hard_total(hand: Hand) -> int:
    """The total of a hand counting its aces as 1."""
    return sum(v * n for v, n in zip(range(1, 11), hand))


@lru_cache(maxsize=None)
def hand_total(hand: Hand) -> Tuple[int, bool]:
    """Best total of a hand (counts by value) and whether it is soft."""
    hard = hard_total(hand)
    if hand[0] and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


class PlayerEngine:
    """Expected values for one rule set and one shoe (a fresh shoe of ``rules.decks`` decks by
    default). ``exact``: rationals (computed as ``gmpy2.mpq``; the public methods return
    ``Fraction``); otherwise floats.

    A hand is a tuple of ten counts by value (:data:`ZERO_HAND`, :func:`add_card`); ``removed``
    is every card out of the shoe besides the up card, ``extra`` the cards set aside beside a hand
    (:func:`cards_out`). Games that change the play or the settlement subclass the engine and
    override these hooks, each called by the plain engine wherever it needs the answer:

    - :meth:`finals`: the dealer's row for an up card (Switch keeps a dealer 22 apart);
    - :meth:`stand`: the value of standing (Switch: a dealer 22 pushes);
    - :meth:`after_card`: the value of a hand that has just taken a card (the total-dependent
      strategy plays its chart);
    - :meth:`decide`: the option of a split hand, by the post-split strategy (the
      total-dependent chart);
    - :meth:`first_options`: the options of the hand as dealt (Burnout hits and doubles with the
      burn available);
    - :meth:`first_choice`: which of them is taken (the best one here).

    Subclasses also use :meth:`draw` (the law of the player's next card), :meth:`lost_bet`,
    :meth:`no_blackjack`, and ``memo``, the engine's dictionary of values computed (keys are tuples
    whose first item names the kind of value; a subclass keeps its own kinds there). ``counts``
    (the shoe by value) and ``total`` (its size) are what every value is drawn from: a subclass may
    narrow them in its ``__init__`` before any value is asked for (Switch takes the other hand's
    two cards out).
    """

    def __init__(self, rules: GameRules, shoe: Optional[Shoe] = None, exact: bool = True,
                 compiled: bool = True) -> None:
        require_type("rules", rules, GameRules, "GameRules(decks=6, dealer=DealerRules.parse('H17'))")
        if shoe is not None:
            require_type("shoe", shoe, Shoe, "Shoe.decks(6)")
        require_bool("exact", exact)
        self.rules = rules
        self.exact = exact
        self.compiled = compiled
        self._kernel: Optional[PlayerKernel] = None
        shoe = shoe or Shoe.decks(rules.decks)
        if (rules.bonus_678_suited or rules.bonus_posted_blackjack) and not _suits_alike(shoe):
            raise EngineError("the suited 6-7-8 and posted blackjack payouts are computed for a shoe whose "
                              "suits are alike (every rank the same in each suit)")
        self.counts = shoe.by_value()
        self.total = sum(self.counts)
        self.one = mpq(1) if exact else 1.0
        # With peek, or with no hole card and original bets only, a dealer blackjack costs the
        # round one unit whatever the player does: values are then taken jointly with "no dealer
        # blackjack". Else (no hole card) it takes every stake on the table.
        self.one_unit_to_blackjack = rules.dealer.peek or rules.original_bets_only
        self.bonuses = any(pay is not None for pay in (
            rules.bonus_777, rules.bonus_678_suited, rules.bonus_five_card_21))
        self._finals: dict = {}
        self.memo: dict = {}

    # ------------------------------------------------------------------------------ dealer

    def finals(self, removed: Hand, up: int) -> tuple:
        """The dealer's final results given the up card, from the shoe less ``removed`` (the
        player's cards): no peek, blackjack included; see :func:`odds.engine.dealer.dealer_finals`."""
        rows = self._finals.get(removed)
        if rows is None:
            counts = tuple(c - r for c, r in zip(self.counts, removed))
            rows = self._finals[removed] = dealer_finals(counts, self.rules.dealer.hits_soft_17, self.exact)
        if rows[up - 1] is None:
            raise EngineError(f"the shoe holds no {value_label(up)} for the up card")
        return rows[up - 1]

    def draw(self, removed: Hand, up: int) -> Iterator[Tuple[int, Value]]:
        """(value, probability) of the player's next card, from the shoe less the up card and
        ``removed``."""
        left = self.total - sum(removed) - 1
        if left <= 0:
            raise EngineError(f"the shoe ({self.total} cards) runs out before the player's hand is complete")
        for v in range(1, 11):
            n = self.counts[v - 1] - removed[v - 1] - (v == up)
            if n > 0:
                yield v, (mpq(n, left) if self.exact else n / left)

    # ------------------------------------------------------------------------ hand values

    def no_blackjack(self, removed: Hand, up: int) -> Value:
        """P(the hole card makes no blackjack), the shoe less the up card and ``removed``."""
        if up != 1 and up != 10:
            return self.one
        other = 11 - up  # the ten for an ace up, the ace for a ten up
        left = self.total - sum(removed) - 1
        if left <= 0:
            raise EngineError(f"the shoe ({self.total} cards) runs out before the dealer's hole card")
        n = self.counts[other - 1] - removed[other - 1]
        return self.one - (mpq(n, left) if self.exact else n / left)

    def lost_bet(self, removed: Hand, up: int) -> Value:
        """Value of a bet that is lost whatever the dealer holds (a bust, a rescued double): with
        peek, jointly with no dealer blackjack; with no hole card, the whole unit."""
        return -self.no_blackjack(removed, up) if self.one_unit_to_blackjack else -self.one

    def stand(self, removed: Hand, up: int, total: int, pay: Union[Value, Fraction, int] = 1) -> Value:
        """Value of standing on ``total``; a win pays ``pay`` to 1. With no hole card a dealer
        blackjack, found only now, takes the bet."""
        f = self.finals(removed, up)
        win, value = f[BUST], (0 * self.one if self.one_unit_to_blackjack else -f[BLACKJACK])
        for i in range(5):  # dealer totals 17 to 21
            if 17 + i < total:
                win += f[i]
            elif 17 + i > total:
                value -= f[i]
        return value + pay * win

    def bonus_pay(self, hand: Hand) -> Union[Value, Fraction, int]:
        """What a winning (undoubled) hand pays under New York's optional payouts: 7-7-7, five
        cards totalling 21, and 6-7-8 of one suit (in a shoe whose suits are alike, the three cards
        are of one suit with chance 1/16)."""
        r = self.rules
        if not self.bonuses:
            return 1
        if sum(hand) == 3 and r.bonus_777 is not None and hand[6] == 3:
            return r.bonus_777
        if sum(hand) == 3 and r.bonus_678_suited is not None and hand[5] == hand[6] == hand[7] == 1:
            same_suit = mpq(1, 16) if self.exact else 1 / 16
            return 1 + same_suit * (r.bonus_678_suited - 1)
        if sum(hand) == 5 and r.bonus_five_card_21 is not None and hand_total(hand)[0] == 21:
            return r.bonus_five_card_21
        return 1

    def after_card(self, hand: Hand, extra: Hand, up: int, final: bool) -> Value:
        """Value of a hand that has just taken a card: bust, stand if ``final``, else play on."""
        removed = cards_out(hand, extra)
        total, _ = hand_total(hand)
        if total > 21:
            return self.lost_bet(removed, up)
        if final:  # a double: no bonus payouts
            return self.stand(removed, up, total)
        stand = self.stand(removed, up, total, self.bonus_pay(hand))
        return stand if total == 21 else max(stand, self.hit(hand, extra, up))

    def hit(self, hand: Hand, extra: Hand, up: int) -> Value:
        """Value of hitting, then playing on by composition (stand or hit again)."""
        key = ("hit", hand, extra, up)
        if key not in self.memo:
            removed = cards_out(hand, extra)
            self.memo[key] = sum((p * self.after_card(add_card(hand, v), extra, up, False)
                                  for v, p in self.draw(removed, up)), 0 * self.one)
        return self.memo[key]

    def double(self, hand: Hand, extra: Hand, up: int, decide_with: Optional[Hand] = None) -> Value:
        """Value of doubling (per unit of the original bet). With the rescue of 5324.11(a)(5)(vii),
        a doubled hand that has not busted may take back the double and give up the original bet
        (-1 when the dealer has no blackjack); the choice is made as if ``decide_with`` (by
        default ``extra``) were the cards set aside."""
        removed = cards_out(hand, extra)
        value = 0 * self.one
        for v, p in self.draw(removed, up):
            drawn = add_card(hand, v)
            played = 2 * self.after_card(drawn, extra, up, True)
            if self.rules.double_rescue and hand_total(drawn)[0] <= 21:
                rescue = self.lost_bet(cards_out(drawn, extra), up)
                if decide_with is None or decide_with == extra:
                    played = max(played, rescue)
                elif self.lost_bet(cards_out(drawn, decide_with), up) > 2 * self.after_card(drawn, decide_with, up, True):
                    played = rescue
            value += p * played
        return value

    # ------------------------------------------------------------------------------ splits
    #
    # A split hand follows a decision rule of its own cards and the up card, the post-split
    # strategy of ``rules.post_split``: the best option for a hand holding those cards with some
    # cards counted as set aside (decision_aside): one other pair card (cdp1, the rule D), none
    # (cdz: the pre-split strategy), or every pair card gone in the term being summed (cdp).
    # With resplitting, the second cards of the hands form one stream (by exchangeability they
    # may be dealt before any hand is played): a pair card resplits while fewer than the most
    # hands are out, any other card settles a hand. A pattern of that stream (P resplit, N a
    # non-pair second card, X any second card once no more resplits are allowed) has a law that
    # depends only on how many pair cards it takes out, and the hands' values inside it on how
    # many pair cards are gone: writing "not a pair card" as "1 - a pair card" for the other
    # hands' second cards turns every term into (chance of m pair cards off the top) x (value of
    # one hand with m more pair cards gone). See :meth:`split_value`. Under cdp the decisions of
    # the hand in the term with m more pair cards gone are those best with them gone, as Eric
    # Farmer's analyser defines CDP; cdp1 and cdz decide alike in every term.

    @staticmethod
    @lru_cache(maxsize=None)
    def pair_cards_aside(pair: int, m: int) -> Hand:
        """The cards set aside beside a split hand: the other pair card and ``m`` more."""
        return tuple(1 + m if v == pair else 0 for v in range(1, 11))

    def decision_aside(self, pair: int, m: int) -> Hand:
        """The cards a split hand's decisions count as set aside, by the post-split strategy,
        with ``m`` more pair cards gone: the other pair card (cdp1), none (cdz), the other pair
        card and the ``m`` (cdp).

        >>> from odds import DealerRules
        >>> rules = GameRules(decks=6, dealer=DealerRules.parse("S17"), split_hands=4, post_split="cdp")
        >>> PlayerEngine(rules).decision_aside(8, 2)[7], PlayerEngine(GameRules()).decision_aside(8, 2)[7]
        (3, 1)
        """
        strategy = self.rules.post_split
        if strategy == "cdz":
            return ZERO_HAND
        return self.pair_cards_aside(pair, m if strategy == "cdp" else 0)

    def decide(self, hand: Hand, pair: int, up: int, first: bool) -> Action:
        """The split hand's option (stand, hit or double) by the post-split strategy, with no
        more pair cards gone than the other one: :meth:`best_split_option` with the cards of
        :meth:`decision_aside`."""
        return self.best_split_option(hand, up, first, self.decision_aside(pair, 0))

    def best_split_option(self, hand: Hand, up: int, first: bool, aside: Hand) -> Action:
        """The option (stand, hit or double) best for a split hand holding ``hand`` with the
        cards ``aside`` out of the shoe; ``first``: its first decision (a double needs DAS)."""
        key = ("D", hand, aside, up, first)
        choice = self.memo.get(key)
        if choice is None:
            total, soft = hand_total(hand)
            pay = 1 if first else self.bonus_pay(hand)
            options = {STAND: self.stand(cards_out(hand, aside), up, total, pay)}
            if total < 21:
                options[HIT] = self.hit(hand, aside, up)
                if first and self.rules.das and self.rules.can_double(hard_total(hand), soft):
                    options[DOUBLE] = self.double(hand, aside, up)
            choice = max(options, key=options.__getitem__)  # the first of equal values: stand, hit, double
            self.memo[key] = choice
        return choice

    def _split_play(self, hand: Hand, pair: int, up: int, m: int, first: bool) -> Value:
        """Value of a split hand holding ``hand`` played by the post-split strategy, with ``m``
        more pair cards gone."""
        extra, aside = self.pair_cards_aside(pair, m), self.decision_aside(pair, m)
        if not first and aside == extra:  # decisions best for the cards out: the composition-optimal play
            return self.after_card(hand, extra, up, False)
        key = ("play", hand, pair, up, m, first)
        if key in self.memo:
            return self.memo[key]
        removed = cards_out(hand, extra)
        total, _ = hand_total(hand)
        if total > 21:
            value = self.lost_bet(removed, up)
        elif first and pair == 1 and not self.rules.hit_split_aces:
            value = self.stand(removed, up, total)
        else:
            pay = 1 if first else self.bonus_pay(hand)
            if total == 21:
                choice = STAND
            elif m and self.rules.post_split == "cdp":  # the one strategy whose choice reads m
                choice = self.best_split_option(hand, up, first, aside)
            else:
                choice = self.decide(hand, pair, up, first)
            if choice == STAND:
                value = self.stand(removed, up, total, pay)
            elif choice == DOUBLE:
                value = self.double(hand, extra, up, aside)
            else:
                value = sum((p * self._split_play(add_card(hand, v), pair, up, m, False)
                             for v, p in self.draw(removed, up)), 0 * self.one)
        self.memo[key] = value
        return value

    def _split_hand(self, pair: int, up: int, m: int, any_card: bool) -> Value:
        """E[value of one split hand; its second card is not a pair card (unless ``any_card``)]
        with ``m`` more pair cards gone: the hand's own second card comes from the shoe less the
        up card, both pair cards and the ``m``."""
        key = ("split", pair, up, m, any_card)
        if key not in self.memo:
            start = add_card(ZERO_HAND, pair)
            self.memo[key] = sum((p * self._split_play(add_card(start, v), pair, up, m, True)
                                  for v, p in self.draw(cards_out(start, self.pair_cards_aside(pair, m)), up)
                                   if any_card or v != pair), 0 * self.one)
        return self.memo[key]

    def split_value(self, pair: int, up: int) -> Value:
        """E[result of all the split hands; no dealer blackjack] of splitting a pair against
        ``up``, resplitting while the rules allow (to ``rules.most_hands(pair)`` hands)."""
        most = self.rules.most_hands(pair)
        pool = self.total - 3  # the shoe less the up card and both pair cards
        pairs_left = self.counts[pair - 1] - 2 - (up == pair)

        def off_the_top(m: int) -> Value:  # chance that m given cards of the stream are all pair cards
            ways = perm(max(pairs_left, 0), m)
            return (self.one * ways / perm(pool, m)) if ways else 0

        value = 0 * self.one
        for resplits, fills in split_patterns(most):
            others_n = fills.count("N")
            for kind in fills:
                n = others_n - (kind == "N")
                for t in range(n + 1):
                    chance = off_the_top(resplits + t)
                    if chance:
                        sign = -1 if t % 2 else 1
                        value += sign * comb(n, t) * chance * self._split_hand(pair, up, resplits + t, kind == "X")
        return value

    def option_values(self, card1: str, card2: str, upcard: str) -> Dict[str, Union[Fraction, float]]:
        """E[result; dealer has no blackjack] of each option for a two-card hand (not a blackjack)
        against an up card, from the shoe less the three cards; keyed by the option's name."""
        a, b, u = (parse_card(c).value for c in (card1, card2, upcard))
        kernel = self.kernel() if _dealt(self.counts, a, b, u) else None
        if kernel is not None:
            try:
                return {str(OPTIONS[k]): v for k, v in kernel.first_options(a, b, u)}
            except kernel_unsupported():
                pass
        return {str(k): self.public(v) for k, v in self.first_options(a, b, u).items()}

    def public(self, x: Value) -> Union[Fraction, float]:
        """A value as the public methods return it: ``Fraction`` (exact) or float."""
        return as_fraction(x) if self.exact else float(x)

    def first_options(self, a: int, b: int, u: int) -> Dict[Action, Value]:
        """As :meth:`option_values`, for card values (ace = 1), exact values as ``gmpy2.mpq``."""
        hand = add_card(add_card(ZERO_HAND, a), b)
        total, soft = hand_total(hand)
        out = {STAND: self.stand(hand, u, total), HIT: self.hit(hand, ZERO_HAND, u)}
        if self.rules.can_double(a + b, soft):
            out[DOUBLE] = self.double(hand, ZERO_HAND, u)
        if self.rules.surrender:
            out[SURRENDER] = -self.no_blackjack(hand, u) / 2
        if a == b and self.rules.split_hands >= 2:
            out[SPLIT] = self.split_value(a, u)
        return out

    def first_choice(self, a: int, b: int, u: int, options: Dict[Action, Value]) -> Action:
        """The option taken with the two cards ``a``, ``b`` against ``u``: here the best one."""
        return max(options, key=options.__getitem__)

    # ------------------------------------------------------------------------------ round

    def blackjack_pay(self) -> Union[Value, Fraction]:
        """A blackjack's pay; with the posted-combination payout, the posted ace (one suit in four)
        with the posted face card (one of the sixteen ten-value cards) pays more."""
        posted = self.rules.bonus_posted_blackjack
        if posted is None:
            return self.rules.blackjack_pays
        share = mpq(1, 64) if self.exact else 1 / 64
        return self.rules.blackjack_pays + share * (posted - self.rules.blackjack_pays)

    def kernel(self) -> Optional[PlayerKernel]:
        """The compiled kernel of this engine (built once), or None where the Python recursion
        computes: ``compiled=False``, a subclass (it overrides hooks), or rules the kernel was not
        written for (:func:`kernel_plays`)."""
        if not (self.compiled and type(self) is PlayerEngine and kernel_plays(self.rules)):
            return None
        if self._kernel is None:
            self._kernel = build_kernel(self)
        return self._kernel

    def round_value(self) -> Tuple[Union[Fraction, float], dict]:
        """Expected result of a round per unit bet, composition-dependent play, and the
        probability of each initial deal with its best option (for strategy tables). Computed
        by the compiled kernel where it plays the rules (:meth:`kernel`), else by the recursion
        below: the same values, exact, or in floats to 1e-12 with the same choices."""
        kernel = self.kernel()
        if kernel is not None:
            try:
                ev, codes = kernel.round_value()
            except kernel_unsupported():
                pass
            else:
                return ev, {deal: OPTIONS[k] for deal, k in codes.items()}
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
                    p = mpq(ways, deals) if self.exact else ways / deals
                    hand = add_card(add_card(ZERO_HAND, a), b)
                    p_bj = self.finals(hand, u)[BLACKJACK]
                    if {a, b} == {1, 10}:
                        ev += p * (1 - p_bj) * self.blackjack_pay()
                        continue
                    options = self.first_options(a, b, u)
                    best = self.first_choice(a, b, u, options)
                    choices[(a, b, u)] = best
                    ev += p * (options[best] - p_bj if self.one_unit_to_blackjack else options[best])
        return self.public(ev), choices


@lru_cache(maxsize=None)
def split_patterns(most: int) -> Tuple[Tuple[int, Tuple[str, ...]], ...]:
    """The second-card streams of a split to at most ``most`` hands, as (resplits, fills): fills
    lists the kind of each hand's second card, "N" (not a pair card: a pair card would have
    resplit) or "X" (any card: no more resplits allowed).

    >>> split_patterns(3)
    ((0, ('N', 'N')), (1, ('N', 'X', 'X')), (1, ('X', 'X', 'X')))
    """
    out = []

    def walk(hands: int, filled: int, fills: list[str]) -> None:
        if filled == hands:
            out.append((hands - 2, tuple(fills)))
            return
        if hands < most:
            walk(hands, filled + 1, fills + ["N"])
            walk(hands + 1, filled, fills)
        else:
            walk(hands, filled + 1, fills + ["X"])

    walk(2, 0, [])
    return tuple(out)


# The options as the kernel numbers them.
OPTIONS = (Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER, Action.SPLIT)

# The fields of GameRules the kernel was written for; a rule set with any other field away from
# its default is computed by the Python recursion.
KERNEL_RULES = frozenset((
    "decks", "dealer", "blackjack_pays", "double", "das", "split_hands", "hit_split_aces", "resplit_aces",
    "surrender", "original_bets_only", "bonus_678_suited", "bonus_777", "bonus_posted_blackjack",
    "bonus_five_card_21", "double_rescue"))


def kernel_plays(rules: GameRules) -> bool:
    """Whether the compiled player kernel plays ``rules``: every rule it does not know is at
    its default.

    >>> kernel_plays(GameRules(decks=2, das=True, split_hands=4, surrender=True))
    True
    """
    return all(f.name in KERNEL_RULES or getattr(rules, f.name) == f.default for f in fields(rules))


def split_terms(most: int) -> List[Tuple[int, int, bool]]:
    """The terms of :meth:`PlayerEngine.split_value` for a split to ``most`` hands, in its
    order: (sign x binomial coefficient, pair cards off the top, whether any second card).

    >>> split_terms(2)
    [(1, 0, True), (1, 0, True)]
    """
    out = []
    for resplits, fills in split_patterns(most):
        others_n = fills.count("N")
        for kind in fills:
            n = others_n - (kind == "N")
            for t in range(n + 1):
                out.append(((-1 if t % 2 else 1) * comb(n, t), resplits + t, kind == "X"))
    return out


def _dealt(counts: Hand, a: int, b: int, u: int) -> bool:
    """Whether the shoe holds the cards a, b and the up card u."""
    need = add_card(add_card(add_card(ZERO_HAND, a), b), u)
    return all(n <= c for n, c in zip(need, counts))


def kernel_unsupported() -> Type[Exception]:
    """The exception the compiled kernel raises where the Python engine would (it then says why)."""
    from .kernels import player_kernel

    return player_kernel.Unsupported


@lru_cache(maxsize=None)
def _folded(hits_soft_17: bool) -> dict:
    """The dealer's graph as the kernels walk it (see ``ext/dealer_walk.pxd``)."""
    from .dealer_graph import dealer_kernel

    return dealer_kernel(hits_soft_17).folded()


def build_kernel(engine: PlayerEngine, folded: Optional[dict] = None) -> PlayerKernel:
    """The compiled kernel for an engine's rules and shoe (``engine.counts``), in its arithmetic;
    ``folded``: the dealer's graph, by default the seven results' (a graph with an eighth result,
    a dealer 22 kept apart, makes the 22 push every stand; peek only)."""
    from .kernels import player_kernel

    r = engine.rules
    bj: Union[Fraction, float]
    bonus_777: Optional[Union[Fraction, float]] = None
    bonus_678: Optional[Union[Fraction, float]] = None
    bonus_21: Optional[Union[Fraction, float]] = None
    if engine.exact:
        bj = Fraction(r.blackjack_pays)
        if r.bonus_posted_blackjack is not None:
            bj += Fraction(1, 64) * (r.bonus_posted_blackjack - bj)
        if r.bonus_678_suited is not None:
            bonus_678 = 1 + Fraction(1, 16) * (r.bonus_678_suited - 1)
        bonus_777, bonus_21 = r.bonus_777, r.bonus_five_card_21
    else:  # the floats the Python engine multiplies by
        bj = float(engine.blackjack_pay())
        if r.bonus_678_suited is not None:
            bonus_678 = float(engine.bonus_pay((0, 0, 0, 0, 0, 1, 1, 1, 0, 0)))
        if r.bonus_777 is not None:
            bonus_777 = float(r.bonus_777)
        if r.bonus_five_card_21 is not None:
            bonus_21 = float(r.bonus_five_card_21)
    return player_kernel.PlayerKernel(
        folded if folded is not None else _folded(r.dealer.hits_soft_17), engine.counts, engine.exact, engine.one_unit_to_blackjack,
        r.das, r.surrender, r.hit_split_aces, r.double_rescue, r.split_hands >= 2,
        [r.most_hands(p) for p in range(1, 11)],
        [[r.can_double(h, soft) for h in range(64)] for soft in (False, True)],
        [split_terms(m) if m >= 2 else [] for m in range(5)], (bj, bonus_777, bonus_678, bonus_21),
        r.dealer.hits_soft_17 if folded is None else None)


def _suits_alike(shoe: Shoe) -> bool:
    if not shoe.suits_known:
        return False
    return all(len(set(row)) == 1 for row in shoe.by_rank_suit())


def house_edge(rules: GameRules, exact: bool = True, shoe: Optional[Shoe] = None) -> Union[Fraction, float]:
    """House edge (minus the expected result per unit bet) of a round from a fresh shoe,
    composition-dependent strategy.

    >>> from odds import DealerRules
    >>> he = house_edge(GameRules(decks=1, dealer=DealerRules.parse("S17"), das=True), exact=False)
    >>> -0.01 < he < 0.0
    True
    """
    ev, _ = PlayerEngine(rules, shoe, exact).round_value()
    return -ev
