"""Blackjack Switch (58 Pa. Code § 633a.12(a)): two equal wagers, two hands, the second cards may
be switched; exact values of the switch decision, of each hand's play and of the house edge.

How (a)(5) is read (each reading is a field of :class:`SwitchRules`):

- (i) a player blackjack wins the game's usual payout (``game.blackjack_pays``, 3/2 unless set),
  except against a dealer 21 of three or more cards, when it is paid 1 to 1
  (``pays_vs_dealer_21``). This is the literal reading: (i) is *not* "every blackjack pays 1 to 1";
  that common rule is ``game.blackjack_pays = 1`` (:meth:`SwitchRules.common`). A blackjack is
  settled once the dealer's hand is complete (as (i) requires).
- (ii) natural against dealer blackjack: push. (iii) an ace and ten made by switching counts 21,
  not blackjack, and loses to a dealer blackjack. (iv) it pushes a dealer 21 or 22 (as any 21).
- (v) a dealer 22 pushes every hand of 21 or less: doubled and split hands included, a bust hand
  loses first. Whether a *natural* is "a hand of 21 or less" is not said: ``blackjack_vs_22``
  "win" (default: the regulation calls it a Blackjack, not a point count, throughout (a)(5)) or
  "push" (the words "total point count of 21" read as covering it).
- (iii) has a player switch *before* the dealer's blackjack is known, so by default the switch is
  decided before the peek (``switch_before_peek``); the dealer then peeks (required) and a dealer
  blackjack ends the round: naturals push, every other hand loses one unit.
- (a)(4) allows doubling and splitting as in §§ 633a.10, 633a.11 (taken from ``game``: double,
  DAS, resplits, split aces) and offers no surrender (refused).

Interaction of the two hands through the shoe. Each hand plays by a rule D that uses only its own
cards, the other hand's two initial cards and the up card (composition-dependent: the best option
for the hand as if it were alone, the other hand's two cards gone). Hand 1 is played to the end,
then hand 2, then the dealer. Every card is taken at a time decided by what was seen before, so
(exchangeability) the cards hand 2 draws do not change the law of the dealer's cards seen from
hand 1, nor the law of hand 1's cards seen from hand 2: the value of the pair is the sum of each
hand's value computed from the shoe less all four player cards and the up card. This is exact for
the rule D (a player who also used hand 1's drawn cards to play hand 2 could do a little better);
``odds.reference.switch`` deals the physical sequence card by card and checks it on small shoes.
The switch decision takes the arrangement with the larger sum (keep on a tie).

The dealer's 22 is kept apart from other busts by the compiled dealer kernel run on a graph with
one more result, "22" (:func:`dealer22_finals`). Each hand's play runs in the compiled player
kernel walking that graph (a stand neither wins nor loses against the 22), one kernel for every
other hand, which keeps the dealer's rows it has computed (they depend only on the cards out of the
full shoe); ``SwitchGame(..., compiled=False)`` keeps the Python recursion of
:class:`SwitchHandEngine`, the check.

>>> from odds import DealerRules
>>> from odds.core.game_rules import GameRules
>>> g = SwitchGame(SwitchRules.pa(1, "H17", split_hands=1), exact=False)
>>> g.decision("T", "6", "5", "T", "6")[0]   # T6 + 5T against a 6: switch to TT + 56
'switch'
>>> house_edge(SwitchRules.pa(1, "S17", split_hands=1), shoe=Shoe.from_rank_counts({"2": 1, "T": 7}))
Fraction(1, 4)
"""
from __future__ import annotations

import time
from array import array
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import perm
from typing import TYPE_CHECKING, Any, Callable, Dict, Optional, Sequence, Tuple, Union

from gmpy2 import mpq

from odds.core.interrupts import max_workers, worker_pool
from odds.core.rationals import as_fraction
from odds.core.actions import Action
from odds.core.cards import parse_card, value_label
from odds.engine.dealer import exact_rows
from odds.engine.dealer_graph import classify, dealer_graph, dealer_kernel
from odds.core.progress import bar
from odds.core.errors import EngineError, RuleError, shown
from odds.core.formats import fraction_text, text_table
from odds.core.game_rules import GameRules
from odds.engine.player import (OPTIONS, ZERO_HAND, Hand, PlayerEngine, Value, add_card, build_kernel, kernel_plays,
                                kernel_unsupported)
from odds.core.results import DealerResult
from odds.core.rules import DealerRules
from odds.core.shoe import Shoe

if TYPE_CHECKING:
    from odds.engine.player_kernel import PlayerKernel

RESULTS22 = tuple(str(r) for r in DealerResult) + ("22",)  # "bust": 23 and more
# Positions in a dealer row of RESULTS22, as plain ints for the hot loops.
BLACKJACK, BUST, TWENTY_TWO = int(DealerResult.BLACKJACK), int(DealerResult.BUST), len(DealerResult)
HANDS = tuple((a, b) for a in range(1, 11) for b in range(a, 11))  # two-card hands by value
LETTERS: dict[str, str] = {**{a: a.letter for a in Action if a != Action.SURRENDER}, "blackjack": "BJ"}


# ------------------------------------------------------------------------------ the dealer, 22 apart

def _classify22(hard: int, has_ace: bool, ncards: int, hits_soft_17: bool) -> Optional[str]:
    result = classify(hard, has_ace, ncards, hits_soft_17)
    return "22" if result == "bust" and hard == 22 else result


@lru_cache(maxsize=60000)
def dealer22_finals(counts: tuple, hits_soft_17: bool, exact: bool = True) -> tuple:
    """For up cards 1..10, ``(P17, P18, P19, P20, P21, Pblackjack, Pbust above 22, P22)`` from a
    shoe of ``counts`` (by value, the up card still in it), no peek; None for a value the shoe
    lacks. As :func:`odds.engine.dealer.dealer_finals` with its bust split into 22 and the rest.

    >>> f = dealer22_finals((0, 1, 0, 0, 0, 0, 0, 0, 0, 2), False)  # a 2 and two tens
    >>> f[9]  # up T: hole T (20) or hole 2, then the T: 22
    (mpq(0,1), mpq(0,1), mpq(0,1), mpq(1,2), mpq(0,1), mpq(0,1), mpq(0,1), mpq(1,2))
    """
    total = sum(counts)
    if total < 2:
        raise EngineError(f"the shoe holds {total} card(s); a dealer hand needs at least 2")
    g = dealer_graph(hits_soft_17, RESULTS22, _classify22)
    kernel, n, width = dealer_kernel(hits_soft_17, RESULTS22, _classify22), len(RESULTS22), g.max_cards + 1
    if not exact:
        buckets = array("d", bytes(8 * g.nbuckets))
        finals = array("d", bytes(8 * 11 * n))
        starved = kernel.floats(counts, total, buckets, finals)
        if starved >= 0:
            raise EngineError(f"the shoe ({total} cards) can run out before the dealer finishes a hand")
        return tuple(tuple(finals[u * n:(u + 1) * n]) if counts[u] else None for u in range(10))
    nums, starved = kernel.exact(counts, total)
    if starved >= 0:
        raise EngineError(f"the shoe ({total} cards) can run out before the dealer finishes a hand")
    return exact_rows(nums, counts, total, width, n)


@lru_cache(maxsize=None)
def _folded22(hits_soft_17: bool) -> dict:
    """The dealer's graph with the 22 apart, as the compiled player kernel walks it."""
    return dealer_kernel(hits_soft_17, RESULTS22, _classify22).folded()


# ------------------------------------------------------------------------------------- the rules

@dataclass(frozen=True)
class SwitchRules:
    """The Switch rules: ``game`` (decks, S17/H17, doubling, splitting; peek required, no
    surrender) and the readings of (a)(5) described in the module docstring.

    >>> SwitchRules.common(6, "H17").describe()
    '6 decks, H17, peek, blackjack pays 1, double any two cards, DAS, split to 4 hands, ..., blackjack 1 to 1 against a dealer 21 of 3+ cards, natural beats a dealer 22, switch decided before the peek'
    """

    game: GameRules = GameRules(decks=6, dealer=DealerRules.parse("H17"), das=True, split_hands=4)
    pays_vs_dealer_21: Fraction = Fraction(1)  # (a)(5)(i)
    blackjack_vs_22: str = "win"  # (a)(5)(v) read for a natural: "win" or "push"
    switch_before_peek: bool = True  # (a)(5)(iii)
    ties_lose: Tuple[int, ...] = ()  # the totals (17..21) on which a tie with the dealer loses
    dealer_22: str = "push"  # (a)(5)(v): a dealer 22 pushes every hand of 21 or less; "bust": a plain bust
    switched_blackjack: bool = False  # (a)(5)(iii): a switched ace and ten is 21; True: it is a blackjack

    def __post_init__(self) -> None:
        g = self.game
        if not isinstance(g, GameRules):
            raise RuleError("Switch rules need a GameRules for the main game")
        if not g.dealer.peek and not self.switch_before_peek:
            raise RuleError("with no hole card the switch is decided before a dealer blackjack is known: "
                            "deciding it after the peek needs the peek")
        ties = self.ties_lose
        if not isinstance(ties, tuple) or any(isinstance(t, bool) or t not in range(17, 22) for t in ties) \
                or list(ties) != sorted(set(ties)):
            raise RuleError(f"ties lost to the dealer: {shown(ties)}; give totals from 17 to 21, in order, once each")
        if not isinstance(self.switched_blackjack, bool):
            raise RuleError(f"switched_blackjack must be True or False, got {shown(self.switched_blackjack)}")
        if self.dealer_22 not in ("push", "bust"):
            raise RuleError(f"a dealer 22: {shown(self.dealer_22)}; use push or bust")
        if g.surrender:
            raise RuleError("Blackjack Switch offers no surrender: 633a.12(a)(4) lists double, split, stand, draw")
        if g.double_rescue or any(getattr(g, n) is not None for n in (
                "bonus_678_suited", "bonus_777", "bonus_posted_blackjack", "bonus_five_card_21")):
            raise RuleError("the New York bonus payouts and double rescue are not part of 633a.12(a)")
        if self.blackjack_vs_22 not in ("win", "push"):
            raise RuleError(f"blackjack against a dealer 22: {self.blackjack_vs_22!r}; use win or push")
        if Fraction(self.pays_vs_dealer_21) < 0:
            raise RuleError(f"blackjack against a dealer 21 pays {self.pays_vs_dealer_21}: must be >= 0")

    @classmethod
    def pa(cls, decks: int = 6, rule: str = "H17", **game: object) -> "SwitchRules":
        """The literal reading of 633a.12(a)(5): blackjack pays 3/2 (the game's payout), 1 to 1
        against a dealer 21 of three or more cards; double any two, DAS, split to 4 unless given."""
        opts: dict[str, object] = dict(das=True, split_hands=4)
        opts.update(game)
        return cls(GameRules.from_options(decks, rule, **opts))

    @classmethod
    def common(cls, decks: int = 6, rule: str = "H17", **game: object) -> "SwitchRules":
        """The common (Las Vegas) rules: every blackjack pays 1 to 1, a switched A-T is 21, a dealer
        22 pushes all but a natural, peek, double any two, DAS, resplit to 4 hands."""
        return cls.pa(decks, rule, blackjack_pays=Fraction(1), **game)

    @classmethod
    def european(cls, decks: int = 6, rule: str = "H17", **game: object) -> "SwitchRules":
        """The European no-hole-card rule as published for the online game: no peek, a dealer
        blackjack takes every stake (doubles and splits too) but a natural's, every blackjack
        pays 1 to 1, a dealer 22 pushes all but a natural, double any two, DAS, no resplit.

        >>> SwitchRules.european().game.dealer.peek
        False
        """
        opts: dict[str, object] = dict(das=True, split_hands=2, blackjack_pays=Fraction(1))
        opts.update(game)
        return cls(GameRules.from_options(decks, DealerRules.parse(rule, peek=False), **opts))

    @classmethod
    def ties_to_dealer(cls, decks: int = 6, rule: str = "H17", **game: object) -> "SwitchRules":
        """An early rule set (Atlantic City): every tie lost to the dealer in place of the dealer-22
        push (a 22 is a plain bust), every blackjack 1 to 1, peek, double any two, DAS, split to 4."""
        return cls(cls.common(decks, rule, **game).game, ties_lose=tuple(range(17, 22)), dealer_22="bust")

    @property
    def full_loss_to_blackjack(self) -> bool:
        """No hole card, and a dealer blackjack takes doubles and splits too (not original bets only)."""
        return not (self.game.dealer.peek or self.game.original_bets_only)

    def _ties_text(self) -> str:
        t = self.ties_lose
        if not t:
            return "ties push"
        span = f"{t[0]} to {t[-1]}" if list(t) == list(range(t[0], t[-1] + 1)) and len(t) > 1 else \
            ", ".join(str(x) for x in t)
        return "every tie lost to the dealer" if t == tuple(range(17, 22)) else f"ties on {span} lost to the dealer"

    def _hole_text(self) -> str:
        if self.game.dealer.peek:
            return ("switch decided before the peek" if self.switch_before_peek
                    else "switch decided after the peek")
        if self.game.original_bets_only:
            return "no hole card, a dealer blackjack takes the original bets only"
        return "no hole card, a dealer blackjack takes every stake but a natural's (doubles and splits too)"

    def reading(self) -> str:
        g = self.game
        return (f"(a)(5)(i): a blackjack pays {fraction_text(g.blackjack_pays)} to 1, "
                f"{fraction_text(self.pays_vs_dealer_21)} to 1 against a dealer 21 of three or more cards"
                + (" (every blackjack pays 1 to 1)" if g.blackjack_pays == self.pays_vs_dealer_21 == 1 else
                   " (literal reading, not 'every blackjack pays 1 to 1')")
                + (f"; (v): a dealer 22 pushes every hand of 21 or less, a natural {'wins' if self.blackjack_vs_22 == 'win' else 'pushes'}"
                   if self.dealer_22 == "push" else "; a dealer 22 is a plain bust (in place of (v)'s push)")
                + ("; a switched ace and ten is a blackjack (in place of (iii)/(iv))" if self.switched_blackjack
                   else "; (iii)/(iv): a switched ace and ten is 21, not blackjack")
                + (f"; {self._ties_text()} (a natural against a dealer blackjack pushes)" if self.ties_lose else "")
                + ("" if self.game.dealer.peek else f"; {self._hole_text()}, and a switch into an ace and ten is "
                   "allowed before the dealer's blackjack is known")
                + ("; the switch is decided before the dealer peeks (as (iii) supposes)" if self.game.dealer.peek and self.switch_before_peek
                   else "; the switch is decided after the dealer peeks" if self.game.dealer.peek else ""))

    def describe(self) -> str:
        return ", ".join([self.game.describe(),
            f"blackjack {fraction_text(self.pays_vs_dealer_21)} to 1 against a dealer 21 of 3+ cards",
            (f"natural {'beats' if self.blackjack_vs_22 == 'win' else 'pushes'} a dealer 22" if self.dealer_22 == "push"
             else "a dealer 22 is a bust"),
            *([self._ties_text()] if self.ties_lose else []),
            *(["a switched ace and ten is a blackjack"] if self.switched_blackjack else []),
            *([self._hole_text()] if self.game.dealer.peek else [])])  # else the game's rules say it


# ------------------------------------------------------------------------------ one hand's values

class SwitchHandEngine(PlayerEngine):
    """Values of one Switch hand, the other hand's two cards ``other`` (by value counts) gone
    from the shoe: :class:`odds.engine.player.PlayerEngine` with the Switch settlement (a dealer 22
    pushes, a switched A-T is a plain 21). Values are E[result; no dealer blackjack] per unit.
    :meth:`options` computes a hand's options with the compiled player kernel on the dealer's graph
    with the 22 apart (``compiled=False``: the Python recursion, the hooks below).

    >>> e = SwitchHandEngine(SwitchRules.pa(1, "S17"), Shoe.decks(1), (0,) * 10, exact=True)
    >>> e.natural((1,) + (0,) * 8 + (1,), 10) > e.first_options(1, 10, 10)["stand"]
    True
    """

    def __init__(self, rules: SwitchRules, shoe: Shoe, other: Hand, exact: bool = True,
                 compiled: bool = True) -> None:
        super().__init__(rules.game, shoe, exact, compiled)
        self.switch = rules
        self.other = other
        full = shoe.by_value()
        self.counts = tuple(c - o for c, o in zip(full, other))
        if min(self.counts) < 0:
            raise EngineError("the other hand's cards are not in the shoe")
        self.total = sum(self.counts)
        self.hits_soft_17 = rules.game.dealer.hits_soft_17
        self.bj_pay = self._num(rules.game.blackjack_pays)
        self.bj_21 = self._num(rules.pays_vs_dealer_21)
        self.wins_22 = rules.dealer_22 == "bust"
        self.bj_22 = self.bj_pay if rules.blackjack_vs_22 == "win" or self.wins_22 else 0 * self.one
        self.tie_loses = tuple(t in rules.ties_lose for t in range(17, 22))
        self._rows22: dict = {}  # the cards removed: the dealer's rows, 22 apart

    def _num(self, x: Union[int, str, Fraction]) -> Value:
        x = Fraction(x)
        return mpq(x.numerator, x.denominator) if self.exact else float(x)

    def kernel(self) -> Optional[PlayerKernel]:
        """The compiled kernel for the shoe less the other hand, a dealer 22 pushing every stand;
        None with ``compiled=False`` or rules the kernel does not play."""
        if not (self.compiled and kernel_plays(self.rules)):
            return None
        if self._kernel is None:
            self._kernel = build_kernel(self, _folded22(self.hits_soft_17))
            self._kernel.settle(self.tie_loses, self.wins_22)
            self._kernel.reshoe(self.counts, self.other)
        return self._kernel

    def share(self, kernel: PlayerKernel) -> None:
        """Compute with ``kernel``, built by another hand's engine on the same shoe: its dealer's
        rows are kept (they depend only on the cards out of the full shoe); unless its exact scale
        does not hold this shoe (a kernel of this engine's own is then built)."""
        if not (self.compiled and kernel_plays(self.rules)):
            return
        try:
            kernel.reshoe(self.counts, self.other)
        except kernel_unsupported():
            return
        self._kernel = kernel

    def options(self, a: int, b: int, u: int) -> Dict[Action, Value]:
        """:meth:`first_options` of the hand ``a``, ``b`` against ``u``, by the compiled kernel
        where it computes (the same values: exact, or floats to 1e-12), else by the recursion."""
        kernel = self.kernel()
        if kernel is not None:
            try:
                got = kernel.first_options(a, b, u)
            except kernel_unsupported():
                pass
            else:
                if self.exact:
                    return {OPTIONS[k]: mpq(v.numerator, v.denominator) for k, v in got}  # type: ignore[union-attr]
                return {OPTIONS[k]: v for k, v in got}
        return self.first_options(a, b, u)

    def finals(self, removed: tuple, up: int) -> tuple:
        """The dealer's row (P17..P21, Pblackjack, Pbust above 22, P22) for the up card, from the
        shoe less the other hand and ``removed``."""
        rows = self._rows22.get(removed)
        if rows is None:
            left = tuple(c - r for c, r in zip(self.counts, removed))
            rows = self._rows22[removed] = dealer22_finals(left, self.hits_soft_17, self.exact)
        if rows[up - 1] is None:
            raise EngineError(f"the shoe holds no {value_label(up)} for the up card")
        return rows[up - 1]

    def stand(self, removed: Hand, up: int, total: int, pay: Union[Value, Fraction, int] = 1) -> Value:
        """Standing on ``total`` (21 or less): a dealer 22 pushes (or pays, ``dealer_22`` "bust"), a
        dealer bust above 22 pays, a tie on a total of ``ties_lose`` loses; with no hole card a
        dealer blackjack, found only now, takes the bet."""
        f = self.finals(removed, up)
        win = f[BUST] + f[TWENTY_TWO] if self.wins_22 else f[BUST]
        value = 0 * self.one if self.one_unit_to_blackjack else -f[BLACKJACK]
        for i in range(5):
            if 17 + i < total:
                win += f[i]
            elif 17 + i > total or (17 + i == total and self.tie_loses[i]):
                value -= f[i]
        return value + pay * win

    def natural(self, hand: Hand, up: int) -> Value:
        """E[result; no dealer blackjack] of a natural (unswitched) blackjack ``hand`` (against a
        dealer blackjack it pushes)."""
        f = self.finals(hand, up)
        return self.bj_pay * (f[0] + f[1] + f[2] + f[3] + f[BUST]) + self.bj_21 * f[4] + self.bj_22 * f[TWENTY_TWO]

    def dealer_blackjack(self, removed: Hand, up: int) -> Value:
        """P(the dealer's hole card makes a blackjack), the shoe less the other hand and ``removed``."""
        return self.one - self.no_blackjack(removed, up)


def _hand(a: int, b: int) -> tuple:
    return add_card(add_card(ZERO_HAND, a), b)


def _other_values(rules: SwitchRules, shoe: Shoe, other: tuple, exact: bool, compiled: bool = True) -> dict:
    """For the other hand ``other`` (a pair of values) gone: {(hand, up): (play value, option,
    natural value or None, P(dealer blackjack))} for every two-card hand and up card the shoe allows."""
    return _values_given(rules, shoe, _hand(*other), exact, compiled)


def _others_values(rules: SwitchRules, shoe: Shoe, others: Sequence[tuple], exact: bool,
                   compiled: bool = True, done: Optional[Callable[[int], Any]] = None) -> list:
    """:func:`_other_values` of each of ``others``, in order; compiled, one kernel computes them
    all, its dealer's rows shared (:meth:`SwitchHandEngine.share`). ``done(1)`` after each."""
    out, kernel = [], None
    for other in others:
        engine = SwitchHandEngine(rules, shoe, _hand(*other), exact, compiled)
        if kernel is not None:
            engine.share(kernel)
        out.append(_engine_values(engine))
        kernel = engine._kernel or kernel
        if done is not None:
            done(1)
    return out


def _values_given(rules: SwitchRules, shoe: Shoe, o: tuple, exact: bool, compiled: bool = True) -> dict:
    """As :func:`_other_values`, the cards ``o`` (counts by value) gone."""
    return _engine_values(SwitchHandEngine(rules, shoe, o, exact, compiled))


def _engine_values(engine: SwitchHandEngine) -> dict:
    """As :func:`_other_values`, from the engine of the shoe less the other hand."""
    out = {}
    for a, b in HANDS:
        h = _hand(a, b)
        if any(n < k for n, k in zip(engine.counts, h)):
            continue
        for u in range(1, 11):
            if engine.counts[u - 1] - h[u - 1] <= 0:
                continue
            options = engine.options(a, b, u)
            best = max(options, key=options.__getitem__)
            nat = engine.natural(h, u) if (a, b) == (1, 10) else None
            out[(a, b), u] = (options[best], best, nat, engine.dealer_blackjack(h, u))
    return out


def _sorted(a: int, b: int) -> tuple:
    return (a, b) if a <= b else (b, a)


# ------------------------------------------------------------------------------------ the round

@dataclass
class SwitchResult:
    """The result of :meth:`SwitchGame.solve`: values per round (two wagers) and per wager."""

    rules: SwitchRules
    exact: bool
    round_value: Union[Fraction, float]  # per round, both wagers: Fraction (exact) or float
    switch_probability: Union[Fraction, float]
    decisions: dict  # (c1, c2, c3, c4, up) -> "keep" / "switch", every deal the shoe allows
    hand_options: dict  # ((a, b), up) -> {option: probability of the deal with that hand and up}
    seconds: float
    extra: dict = field(default_factory=dict)

    @property
    def per_wager(self) -> Union[Fraction, float]:
        return self.round_value / 2

    @property
    def house_edge(self) -> Union[Fraction, float]:
        """Per unit on each of the two wagers: minus the round value over 2."""
        return -self.round_value / 2

    def assumptions(self) -> list:
        return [self.rules.game.describe(), self.rules.reading(),
                "composition-dependent play: each hand (and each split hand) takes the option best for its own "
                "cards, the other hand's two initial cards and the up card, as if it were alone; the switch "
                "takes the arrangement whose two hand values add up to more (keep on a tie)",
                "the two hands interact through the shoe only: hand 1 is played out, then hand 2, then the "
                "dealer; by exchangeability each hand's value is computed from the shoe less all four player "
                "cards and the up card (exact for that play; checked card by card by odds.reference.switch)",
                "fresh shoe every round; no insurance; the dealer completes his hand even when every hand is "
                "settled (a natural's pay depends on his final hand under (a)(5)(i))"]

    def method(self) -> str:
        return ("exact enumeration of every ordered deal of the four player cards and the up card; each hand's "
                "value by PlayerEngine's composition-dependent recursion with the Switch settlement, the dealer's "
                "22 kept apart by the compiled dealer kernel on a graph with a 22 result; splits exact for the "
                "post-split play D; " + ("rational arithmetic (gmpy2)" if self.exact else "floating point"))

    def to_json(self) -> dict:
        fmt = fraction_text if self.exact else float
        g = self.rules.game
        return {
            "game": "blackjack-switch", "regulation": "58 Pa. Code § 633a.12(a)",
            "decks": g.decks, "rule": g.dealer.name, "exact": self.exact,
            "rules": {"blackjack_pays": fraction_text(g.blackjack_pays),
                      "blackjack_pays_vs_dealer_21_of_3_cards": fraction_text(self.rules.pays_vs_dealer_21),
                      "natural_vs_dealer_22": self.rules.blackjack_vs_22,
                      "switch_before_peek": self.rules.switch_before_peek,
                      "dealer_peeks": g.dealer.peek, "original_bets_only": g.original_bets_only,
                      "ties_lose": list(self.rules.ties_lose), "dealer_22": self.rules.dealer_22,
                      "switched_ace_ten_is_blackjack": self.rules.switched_blackjack,
                      "double": g.double, "das": g.das, "split_hands": g.split_hands,
                      "resplit_aces": g.resplit_aces, "hit_split_aces": g.hit_split_aces},
            "house_edge_per_wager": fmt(self.house_edge), "house_edge_per_wager_decimal": float(self.house_edge),
            "round_value": fmt(self.round_value), "switch_probability": float(self.switch_probability),
            "assumptions": self.assumptions(), "method": self.method(), "seconds": round(self.seconds, 2),
            **self.extra}

    def strategy_table(self) -> str:
        """The first decision of each two-card hand (after the switch) by up card: the option
        taken most often over the other hand's cards (lower case where it changes with them). A
        switched ace-ten is not listed: it is a plain 21 and stands."""
        ups = list(range(2, 11)) + [1]
        rows = []
        for a, b in HANDS:
            row = [("A" if a == 1 else value_label(a)) + value_label(b)]
            for u in ups:
                opts = self.hand_options.get(((a, b), u))
                if not opts:
                    row.append("-")
                    continue
                best = max(opts, key=opts.get)
                letter = LETTERS.get(best, best[:1].upper())
                row.append(letter if len(opts) == 1 else letter.lower())
            rows.append(row)
        return text_table(["hand"] + [value_label(u) for u in ups], rows)

    def to_text(self) -> str:
        edge = self.house_edge
        lines = [f"Blackjack Switch (58 Pa. Code § 633a.12(a)), {self.rules.describe()}", "",
                 f"house edge per wager  {float(edge) * 100:.6f}%" + (f"   = {fraction_text(edge)}" if self.exact else ""),
                 f"switch frequency      {float(self.switch_probability):.6f}", "",
                 "assumptions:"] + [f"  - {a}" for a in self.assumptions()] + [
                 f"method: {self.method()}", "",
                 "first decisions (S stand, H hit, D double, P split, BJ natural; lower case: changes with the "
                 "other hand's cards)", self.strategy_table()]
        return "\n".join(lines)


class SwitchGame:
    """Exact Blackjack Switch for one rule set and shoe (fresh ``rules.game.decks`` decks by default).
    Each hand's play is computed by the compiled player kernel; ``compiled=False`` keeps the Python
    recursion of :class:`SwitchHandEngine` (the same values: exact, or floats to 1e-12).

    >>> g = SwitchGame(SwitchRules.common(1, "S17", split_hands=1), exact=False)
    >>> g.decision("A", "5", "8", "T", "7")[0]   # A5 + 8T: switch to AT (21) + 85
    'switch'
    """

    def __init__(self, rules: SwitchRules, shoe: Optional[Shoe] = None, exact: bool = True, workers: int = 1,
                 compiled: bool = True) -> None:
        if not isinstance(rules, SwitchRules):
            raise RuleError("SwitchGame needs SwitchRules")
        self.rules = rules
        self.exact = exact
        self.shoe = shoe or Shoe.decks(rules.game.decks)
        self.counts = self.shoe.by_value()
        if sum(self.counts) < 8:
            raise EngineError(f"the shoe ({sum(self.counts)} cards) is too small for two hands and the dealer")
        if not isinstance(workers, int) or isinstance(workers, bool) or not 1 <= workers <= max_workers():
            raise EngineError(f"workers must be a whole number from 1 to {max_workers()}, got {shown(workers)}")
        self.workers = workers
        self.compiled = compiled
        self._values: dict = {}  # other hand -> _other_values

    def precompute(self) -> None:
        """Every other hand's values, in ``workers`` processes (one task per other hand)."""
        todo = [o for o in HANDS if o not in self._values
                and all(n >= k for n, k in zip(self.counts, _hand(*o)))]
        shown = bar(len(todo), "Switch: the other hand's values", "hand")
        if self.workers == 1 or len(todo) < 2:
            for o, values in zip(todo, _others_values(self.rules, self.shoe, todo, self.exact, self.compiled,
                                                      shown.update)):
                self._values[o] = values
            shown.close()
            return
        # Compiled, each process computes a share of the other hands with one kernel (the dealer's
        # rows shared); else one task per other hand.
        parts = [todo[i::self.workers] for i in range(self.workers)] if self.compiled else [[o] for o in todo]
        with worker_pool(self.workers, "fork") as pool:
            jobs = [pool.apply_async(_others_values, (self.rules, self.shoe, part, self.exact, self.compiled))
                    for part in parts]
            for part, job in zip(parts, jobs):
                for o, values in zip(part, job.get()):
                    self._values[o] = values
                shown.update(len(part))
        shown.close()

    def values_for(self, other: tuple) -> dict:
        """Hand values with the other hand ``other`` (two values, ace = 1) gone; see :func:`_other_values`."""
        other = _sorted(*other)
        if other not in self._values:
            self._values[other] = _other_values(self.rules, self.shoe, other, self.exact, self.compiled)
        return self._values[other]

    def _w(self, h: tuple, o: tuple, u: int, natural: bool) -> Value:
        play, _, nat, _ = self.values_for(o)[h, u]
        return nat if natural else play

    def arrangement(self, h1: tuple, h2: tuple, u: int, switched: bool) -> Tuple[Value, Value]:
        """(E[result; no dealer blackjack] of the two hands, their loss to a dealer blackjack):
        ``switched`` hands hold no natural (unless ``rules.switched_blackjack``)."""
        h1, h2 = _sorted(*h1), _sorted(*h2)
        natural = not switched or self.rules.switched_blackjack
        n1 = natural and h1 == (1, 10)
        n2 = natural and h2 == (1, 10)
        value = self._w(h1, h2, u, n1) + self._w(h2, h1, u, n2)
        if self.rules.full_loss_to_blackjack:
            return value, 0 * value  # the hands' values hold the dealer blackjack's take
        p_bj = self.values_for(h2)[h1, u][3]
        return value, -p_bj * (2 - n1 - n2)

    def deal_values(self, c1: int, c2: int, c3: int, c4: int, u: int) -> tuple:
        """(keep, switch): the value of each arrangement, dealer blackjack included, the deal
        h1 = c1 c2, h2 = c3 c4 (the switch makes c1 c4 and c3 c2)."""
        kv, kb = self.arrangement((c1, c2), (c3, c4), u, False)
        sv, sb = self.arrangement((c1, c4), (c3, c2), u, True)
        if self.rules.switch_before_peek:
            return kv + kb, sv + sb
        return kv + kb, sv + kb  # decided knowing no blackjack; a dealer blackjack meets the hands as dealt

    def decision(self, c1: str, c2: str, c3: str, c4: str, up: str) -> tuple:
        """("keep" or "switch", value kept, value switched) for hands c1 c2 and c3 c4 against ``up``.

        Values per round (both wagers), as ``Fraction`` (exact) or float."""
        cs = [parse_card(c).value for c in (c1, c2, c3, c4, up)]
        self._check_deal(cs)
        keep, sw = self._decide(*cs)
        return ("switch" if sw > keep else "keep"), self._public(keep), self._public(sw)

    def _decide(self, c1: int, c2: int, c3: int, c4: int, u: int) -> tuple[Value, Value]:
        keep, sw = self.deal_values(c1, c2, c3, c4, u)
        if self.rules.switch_before_peek:
            return keep, sw
        kv, _ = self.arrangement((c1, c2), (c3, c4), u, False)
        sv, _ = self.arrangement((c1, c4), (c3, c2), u, True)
        return kv, sv  # compared given no dealer blackjack

    def _check_deal(self, cs: Sequence[int]) -> None:
        need = [0] * 10
        for v in cs:
            need[v - 1] += 1
        if any(n > c for n, c in zip(need, self.counts)):
            raise EngineError("the shoe does not hold those five cards")

    def _public(self, x: Any) -> Union[Fraction, float]:
        return as_fraction(x) if self.exact else x

    def solve(self) -> SwitchResult:
        """The whole game: every ordered deal of c1 c2 c3 c4 and the up card, the switch decided
        for each, summed with its probability."""
        t0 = time.perf_counter()
        self.precompute()
        counts, total = self.counts, sum(self.counts)
        denom = perm(total, 5)
        one = mpq(1) if self.exact else 1.0
        ev, p_switch = 0 * one, 0 * one
        hand_options: dict
        decisions, hand_options = {}, {}
        for deal in product(range(1, 11), repeat=5):
            ways, left = 1, list(counts)
            for v in deal:
                ways *= left[v - 1]
                left[v - 1] -= 1
            if ways <= 0:
                continue
            p = mpq(ways, denom) if self.exact else ways / denom
            c1, c2, c3, c4, u = deal
            keep, sw = self.deal_values(*deal)
            dk, ds = self._decide(*deal)
            switched = ds > dk
            decisions[deal] = "switch" if switched else "keep"
            ev += p * (sw if switched else keep)
            if switched:
                p_switch += p
            pairs = [((c1, c4), (c3, c2)), ((c3, c2), (c1, c4))] if switched else \
                [((c1, c2), (c3, c4)), ((c3, c4), (c1, c2))]
            for h, o in pairs:
                h, o = _sorted(*h), _sorted(*o)
                if h == (1, 10) and switched and not self.rules.switched_blackjack:
                    continue  # a switched ace-ten: a plain 21, which stands
                opt = "blackjack" if h == (1, 10) else self.values_for(o)[h, u][1]
                row = hand_options.setdefault((h, u), {})
                row[opt] = row.get(opt, 0) + float(p)
        return SwitchResult(self.rules, self.exact, self._public(ev), self._public(p_switch), decisions,
                            hand_options, time.perf_counter() - t0)


def house_edge(rules: SwitchRules, exact: bool = True, shoe: Optional[Shoe] = None, workers: int = 1) -> Union[Fraction, float]:
    """House edge per wager (per unit on each of the two wagers) of Blackjack Switch.

    >>> house_edge(SwitchRules.pa(1, "S17", split_hands=1), shoe=Shoe.from_rank_counts({"2": 1, "T": 7}))
    Fraction(1, 4)
    """
    return SwitchGame(rules, shoe, exact, workers).solve().house_edge


def switch_table(result: SwitchResult, up: int) -> list:
    """The deals (c1 c2 | c3 c4) switched against ``up`` (ace = 1), as strings "c1c2+c3c4 -> c1c4+c3c2",
    one per unordered pair of arrangements."""
    seen, out = set(), []
    lab = "A23456789T"
    for (c1, c2, c3, c4, u), d in result.decisions.items():
        if u != up or d != "switch":
            continue
        kept = tuple(sorted((_sorted(c1, c2), _sorted(c3, c4))))
        new = tuple(sorted((_sorted(c1, c4), _sorted(c3, c2))))
        if (kept, new) in seen:
            continue
        seen.add((kept, new))
        out.append(f"{lab[kept[0][0] - 1]}{lab[kept[0][1] - 1]}+{lab[kept[1][0] - 1]}{lab[kept[1][1] - 1]} -> "
                   f"{lab[new[0][0] - 1]}{lab[new[0][1] - 1]}+{lab[new[1][0] - 1]}{lab[new[1][1] - 1]}")
    return sorted(out)
