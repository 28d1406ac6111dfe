"""Blackjack Burnout: the burn option, its optimal use, its value and the house edge with its fee.

For a fee of 1 for each 5 wagered (0.2 units per unit of the main wager, placed with the wager
and kept whether or not the option is used), the player may, once in the hand, discard a hit or
double card he has seen and take the next card in its place ("Blackjack Burnout - Procedures",
(2), (3), (5), (5)(a)); splitting forfeits the option ((5)(a)(I)). The burned card is out of play:
the replacement, the later draws and the dealer's cards come from the shoe less it.

Two readings of which cards may be burned (the procedures do not exclude a card that busts the
hand; the Wizard of Odds' description of the game says the option "includes after busting"):

- ``"any-card"`` (reading A, the default): any hit or double card, one that busts the hand
  included (the player sees it and discards it);
- ``"no-bust"`` (reading B): a card that busts the hand settles it at once and cannot be burned.

Method: :class:`BurnoutEngine` is the player engine (:mod:`odds.engine.player`) with one more state, "the
burn is still available". Hitting with it: for each card ``v`` drawn, the better of keeping it
(and playing on, burn still available) and burning it, which is the plain engine's hit with ``v``
set aside (the replacement and everything after it drawn from the shoe less ``v``, no burn left).
Doubling with it: the better of the double card and a replacement (final). Splits are the plain
engine's (no burn). Values are exact, jointly with "no dealer blackjack" as in the player engine,
and the burned card enters the dealer's law as a card seen. The compiled player kernel carries the
same state (``PlayerKernel.burn``) and computes where it plays the rules; ``compiled=False`` keeps
the recursion here, the check it is held to (tests/test_burnout.py).

>>> from odds import DealerRules
>>> from odds.core.shoe import Shoe
>>> rules = GameRules(decks=1, dealer=DealerRules.parse("S17"), split_hands=1)
>>> shoe = Shoe.from_rank_counts([0, 0, 0, 0, 2, 1, 0, 0, 0, 5, 0, 0, 0])  # two 5s, a 6, five tens
>>> engine = BurnoutEngine(rules, shoe)
>>> {str(k): v for k, v in engine.option_values("T", "6", "T").items()}  # see tests/test_burnout.py
{'stand': Fraction(-2, 5), 'hit': Fraction(2, 5), 'double': Fraction(4, 5)}
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Iterable, Optional, Union

from odds.core.actions import Action, HIT, DOUBLE
from odds.core.cards import value_label
from odds.core.errors import RuleError
from odds.core.formats import fraction_text, text_table
from odds.core.game_rules import GameRules
from odds.engine.player import (ZERO_HAND, Hand, PlayerEngine, Value, add_card, build_kernel, hand_total,
                                kernel_plays, kernel_unsupported)
from odds.core.shoe import Shoe

if TYPE_CHECKING:
    from odds.engine.player_kernel import PlayerKernel

FEE = Fraction(1, 5)  # (3): 1 for each 5 wagered, collected whether the option is used or not
READINGS = {
    "any-card": "any hit or double card may be burned, one that busts the hand included",
    "no-bust": "a card that busts the hand settles it at once and cannot be burned",
}
UP_ORDER = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)


def _one(v: int) -> tuple:
    """A single card of value ``v`` set aside (the burned card), as a 10-tuple of counts."""
    return add_card(ZERO_HAND, v)


def burnout_rules(dealer: str = "H17", das: bool = True, decks: int = 6) -> GameRules:
    """The rules of play of the procedures ((1), (4)): six decks, blackjack 3 to 2, pairs split to
    four hands except aces (once), double on any first two cards; peek, no surrender. DAS is not
    mentioned in the procedures: on by default, as the maker's suggested rules have it.

    >>> burnout_rules("S17").describe()
    '6 decks, S17, peek, blackjack pays 3/2, double any two cards, DAS, split to 4 hands, aces split once, one card to split aces, no surrender'
    """
    return GameRules.from_options(decks, dealer, das=das, split_hands=4)


class BurnoutEngine(PlayerEngine):
    """The player engine with the burn option on the hand as dealt (see the module docstring).
    ``reading``: ``"any-card"`` or ``"no-bust"``. The plain engine's methods (``hit``, ``double``,
    splits) keep their meaning, with no burn; :meth:`burn_hit` and :meth:`burn_double` carry it.

    >>> from odds import DealerRules
    >>> e = BurnoutEngine(burnout_rules("S17"), exact=False)
    >>> e.burn_decision((6, 10), 10, 10)  # T-6 against a ten draws a ten: burn it
    True
    """

    def __init__(self, rules: GameRules, shoe: Optional[Shoe] = None, exact: bool = True,
                 reading: str = "any-card", compiled: bool = True) -> None:
        if reading not in READINGS:
            raise RuleError(f"unknown burn reading {reading!r}: use " + " or ".join(READINGS))
        if rules.double_rescue or any(getattr(rules, name) is not None for name in (
                "bonus_678_suited", "bonus_777", "bonus_posted_blackjack", "bonus_five_card_21")):
            raise RuleError("Blackjack Burnout is computed without the New York bonus payouts and double rescue")
        super().__init__(rules, shoe, exact, compiled)
        self.reading = reading
        self.burn_busts = reading == "any-card"
        self.burn_on = True  # off: the plain game's first options (the memo is shared)

    def kernel(self) -> Optional[PlayerKernel]:
        """The compiled kernel with the burn (built once, switched as ``burn_on``), or None where
        the recursion below computes: ``compiled=False``, a subclass, or rules the kernel does not
        play."""
        if not (self.compiled and type(self) is BurnoutEngine and kernel_plays(self.rules)):
            return None
        if self._kernel is None:
            self._kernel = build_kernel(self)
        self._kernel.burn(self.burn_on, self.burn_busts, self.rules.dealer.peek)
        return self._kernel

    # ------------------------------------------------------------------- one card, seen

    def _kept(self, new: tuple, up: int, final: bool) -> Value:
        """Value (per unit staked) of keeping the card just drawn onto ``new``, the burn still
        available: bust, stand if ``final`` (a double), else the better of standing and hitting."""
        total, _ = hand_total(new)
        if total > 21:
            return self.lost_bet(new, up)
        stand = self.stand(new, up, total)
        if final or total == 21:
            return stand
        return max(stand, self.burn_hit(new, up))

    def _burned(self, hand: tuple, v: int, up: int, final: bool) -> Value:
        """Value (per unit staked) of burning the card ``v`` drawn onto ``hand``: the replacement
        comes from the shoe less ``v``; after it the hand plays on with no burn (or stands, a
        double)."""
        if not final:
            return self.hit(hand, _one(v), up)
        key = ("burned double", hand, v, up)
        if key not in self.memo:
            extra = _one(v)
            self.memo[key] = sum((p * self.after_card(add_card(hand, w), extra, up, True)
                                  for w, p in self.draw(add_card(hand, v), up)), 0 * self.one)
        return self.memo[key]

    def _seen(self, hand: tuple, v: int, up: int, final: bool) -> tuple[Value, bool]:
        """(value, burn?) of the best choice once ``v`` is seen on ``hand`` (burn still available)."""
        new = add_card(hand, v)
        kept = self._kept(new, up, final)
        if hand_total(new)[0] > 21 and not self.burn_busts:
            return kept, False
        burned = self._burned(hand, v, up, final)
        return (burned, True) if burned > kept else (kept, False)

    def burn_decision(self, hand: Union[Hand, Iterable[int]], v: int, up: int, double: bool = False) -> bool:
        """Whether the best play burns the card ``v`` drawn (by a hit, or the double card if
        ``double``) onto ``hand`` (values of its cards, ace = 1) against ``up``, burn available."""
        if not isinstance(hand, tuple) or len(hand) != 10:
            counts = list(ZERO_HAND)
            for c in hand:
                counts[c - 1] += 1
            hand = tuple(counts)
        kernel = self.kernel()
        if kernel is not None:
            try:
                return kernel.burn_seen(hand, v, up, double)
            except kernel_unsupported():
                pass
        return self._seen(hand, v, up, double)[1]

    # ---------------------------------------------------------------------------- options

    def burn_hit(self, hand: Hand, up: int) -> Value:
        """Value of hitting ``hand`` (counts by value, nothing else set aside) with the burn still
        available, then playing on by composition."""
        key = ("burn hit", hand, up)
        if key not in self.memo:
            self.memo[key] = sum((p * self._seen(hand, v, up, False)[0]
                                  for v, p in self.draw(hand, up)), 0 * self.one)
        return self.memo[key]

    def burn_double(self, hand: Hand, up: int) -> Value:
        """Value (per unit of the original bet) of doubling with the burn still available."""
        key = ("burn double", hand, up)
        if key not in self.memo:
            self.memo[key] = 2 * sum((p * self._seen(hand, v, up, True)[0]
                                      for v, p in self.draw(hand, up)), 0 * self.one)
        return self.memo[key]

    def first_options(self, a: int, b: int, u: int) -> dict:
        """The options of the hand as dealt, hitting and doubling with the burn available;
        stand, surrender and split (which forfeits the burn) as in the plain game."""
        out = super().first_options(a, b, u)
        if not self.burn_on:
            return out
        hand = add_card(add_card(ZERO_HAND, a), b)
        out[HIT] = self.burn_hit(hand, u)
        if DOUBLE in out:
            out[DOUBLE] = self.burn_double(hand, u)
        return out

    # ------------------------------------------------------------------ how often it is used

    def _burn_chance(self, hand: tuple, up: int, final: bool) -> Value:
        """P(the burn is used; no dealer blackjack) over the rest of the hand, from ``hand`` about
        to take a card (a hit, or the double card if ``final``), burn available, optimal play."""
        key = ("burn chance", hand, up, final)
        if key not in self.memo:
            acc = 0 * self.one
            for v, p in self.draw(hand, up):
                new = add_card(hand, v)
                value, burn = self._seen(hand, v, up, final)
                if burn:  # with peek the hand is played only when the dealer has no blackjack
                    acc += p * (self.no_blackjack(new, up) if self.rules.dealer.peek else self.one)
                elif not final and hand_total(new)[0] < 21 and self.burn_hit(new, up) > self.stand(
                        new, up, hand_total(new)[0]):
                    acc += p * self._burn_chance(new, up, False)
            self.memo[key] = acc
        return self.memo[key]

    def burn_frequency(self, choices: dict) -> Union[Fraction, float]:
        """P(the burn is used in a round) with the first decisions ``choices`` (from
        :meth:`round_value`): over every deal, the chance that the hand as played burns a card."""
        n = self.total
        deals = n * (n - 1) * (n - 2)
        acc: Union[Fraction, float] = Fraction(0) if self.exact else 0.0
        kernel = self.kernel()
        for (a, b, u), choice in choices.items():
            if choice not in (HIT, DOUBLE):
                continue
            ca, cb = self.counts[a - 1], self.counts[b - 1]
            ways = (ca * (ca - 1) if a == b else 2 * ca * cb) * (self.counts[u - 1] - (u == a) - (u == b))
            p = Fraction(ways, deals) if self.exact else ways / deals
            acc += p * self._first_burn_chance(kernel, a, b, u, choice == DOUBLE)
        return acc

    def _first_burn_chance(self, kernel: Optional[PlayerKernel], a: int, b: int, u: int,
                           final: bool) -> Union[Fraction, float]:
        if kernel is not None:
            try:
                return kernel.burn_chance(a, b, u, final)
            except kernel_unsupported():
                pass
        return self.public(self._burn_chance(add_card(add_card(ZERO_HAND, a), b), u, final))


# ------------------------------------------------------------------------------- the report

def _hand_label(a: int, b: int) -> str:
    return value_label(a) + value_label(b)


@dataclass(frozen=True)
class BurnoutReport:
    """The figures of the burn option for one rule set and reading, per unit of the main wager.
    ``ev_without``/``ev_with``: the round's expected result without the option and with it
    (before the fee); the option's value is their difference; ``house_edge_with_fee`` adds the
    fee. ``first_without``/``first_with``: the first decision of each two-card hand and up card;
    ``burns``: for each two-card hand and up card whose first decision hits or doubles, the values
    of the first card drawn that the player burns."""

    rules: GameRules
    reading: str
    exact: bool
    ev_without: Value
    ev_with: Value
    burn_frequency: Value
    first_without: dict
    first_with: dict
    burns: dict
    seconds: float = 0.0
    fee: Fraction = FEE
    notes: tuple = field(default_factory=tuple)

    @property
    def house_edge_without(self) -> Union[Fraction, float]:
        return -self.ev_without

    @property
    def house_edge_with_option(self) -> Union[Fraction, float]:
        """Before the fee."""
        return -self.ev_with

    @property
    def option_value(self) -> Union[Fraction, float]:
        return self.ev_with - self.ev_without

    @property
    def house_edge_with_fee(self) -> Union[Fraction, float]:
        """Per unit of the main wager: the fee is lost whatever happens."""
        return self.fee - self.ev_with

    @property
    def house_edge_with_fee_per_total(self) -> Union[Fraction, float]:
        """Per unit put up at the start (the main wager and its fee, 1.2 units)."""
        return self.house_edge_with_fee / (1 + self.fee)

    def changes(self) -> list:
        """[(hand, up, without, with)]: the first decisions the option changes."""
        return [(k, self.first_without[k], v) for k, v in sorted(self.first_with.items())
                if self.first_without.get(k) != v]

    def _num(self, x: Value) -> dict:
        return {"exact": fraction_text(x) if self.exact else None, "decimal": float(x)}

    def to_json(self) -> dict:
        r = self.rules
        return {
            "game": "Blackjack Burnout", "reading": self.reading, "reading_text": READINGS[self.reading],
            "rules": r.describe(), "decks": r.decks, "rule": r.dealer.name, "das": r.das,
            "split_hands": r.split_hands, "exact": self.exact, "fee": fraction_text(self.fee),
            "house_edge_without_option": self._num(self.house_edge_without),
            "house_edge_with_option_before_fee": self._num(self.house_edge_with_option),
            "option_value": self._num(self.option_value),
            "house_edge_with_fee": self._num(self.house_edge_with_fee),
            "house_edge_with_fee_per_total_staked": self._num(self.house_edge_with_fee_per_total),
            "burn_frequency": self._num(self.burn_frequency),
            "strategy": "composition-dependent, the burn included; splits forfeit the burn and are played as "
                        "in odds.engine.player (each split hand best for its own cards)",
            "first_decisions_changed": [
                {"hand": _hand_label(a, b), "up": value_label(u), "without": w, "with": x}
                for (a, b, u), w, x in self.changes()],
            "burns": {f"{_hand_label(a, b)} v {value_label(u)}": "".join(value_label(v) for v in vs)
                      for (a, b, u), vs in sorted(self.burns.items())},
            "seconds": round(self.seconds, 2), "notes": list(self.notes),
        }

    def _line(self, name: str, x: Value) -> str:
        exact = f"   = {fraction_text(x)}" if self.exact else ""
        return f"{name:<34}{float(x) * 100:>11.6f}%{exact}"

    def decision_table(self, with_option: bool = True) -> str:
        table = self.first_with if with_option else self.first_without
        ups = [value_label(u) for u in UP_ORDER]
        rows = []
        for a in range(1, 11):
            for b in range(a, 11):
                if {a, b} == {1, 10}:
                    continue
                cells = []
                for u in UP_ORDER:
                    c = table.get((a, b, u))
                    mark = "*" if with_option and c is not None and self.first_without.get((a, b, u)) != c else ""
                    cells.append("-" if c is None else Action(c).letter + mark)
                rows.append([_hand_label(a, b)] + cells)
        return text_table(["hand"] + ups, rows)

    def burn_table(self) -> str:
        ups = [value_label(u) for u in UP_ORDER]
        rows = []
        for a in range(1, 11):
            for b in range(a, 11):
                cells = [("".join(value_label(v) for v in self.burns[(a, b, u)]) or ".") if (a, b, u) in self.burns
                         else "" for u in UP_ORDER]
                if any(cells):
                    rows.append([_hand_label(a, b)] + cells)
        return text_table(["hand"] + ups, rows)

    def to_text(self) -> str:
        out = [f"Blackjack Burnout, {self.rules.describe()}",
               f"burn reading: {self.reading} ({READINGS[self.reading]})",
               f"fee: {fraction_text(self.fee)} of the main wager, always collected", "",
               self._line("house edge without the option", self.house_edge_without),
               self._line("house edge with it, before the fee", self.house_edge_with_option),
               self._line("value of the option", self.option_value),
               self._line("house edge with the fee", self.house_edge_with_fee),
               self._line("  per unit staked (wager + fee)", self.house_edge_with_fee_per_total),
               self._line("rounds in which a card is burned", self.burn_frequency), "",
               "strategy: composition-dependent; splitting forfeits the burn",
               "", "First decisions with the option (S stand, H hit, D double, P split; * changed by it)",
               self.decision_table(True), "",
               "First decisions without the option", self.decision_table(False), "",
               "Cards burned on the first draw (after the first decision's hit or double; '.' none; blank: the "
               "first decision draws no card, a stand or a split, which forfeits the burn)",
               self.burn_table()]
        out += [f"note: {n}" for n in self.notes]
        out.append(f"computed in {self.seconds:.1f} s ({'exact' if self.exact else 'float'})")
        return "\n".join(out)

    def to_json_text(self) -> str:
        return json.dumps(self.to_json(), indent=1)


def burnout_report(rules: GameRules, reading: str = "any-card", exact: bool = True,
                   shoe: Optional[Shoe] = None) -> BurnoutReport:
    """The figures of the burn option for ``rules`` (e.g. :func:`burnout_rules`).

    >>> from odds import DealerRules
    >>> from odds.core.shoe import Shoe
    >>> small = Shoe.from_rank_counts([2, 0, 1, 0, 2, 0, 1, 0, 2, 5, 0, 0, 0])
    >>> r = burnout_report(GameRules(decks=1, dealer=DealerRules.parse("S17")), shoe=small)
    >>> r.option_value > 0, r.house_edge_with_fee == r.fee + r.house_edge_with_option
    (True, True)
    """
    start = time.perf_counter()
    engine = BurnoutEngine(rules, shoe, exact, reading)
    ev_with, first_with = engine.round_value()
    ev_without, first_without = _plain_round(engine)
    burns = {}
    for (a, b, u), choice in first_with.items():
        if choice in (HIT, DOUBLE):
            hand = add_card(add_card(ZERO_HAND, a), b)
            burns[(a, b, u)] = tuple(v for v, _ in engine.draw(hand, u)
                                     if engine.burn_decision(hand, v, u, choice == DOUBLE))
    frequency = engine.burn_frequency(first_with)
    return BurnoutReport(rules, reading, exact, ev_without, ev_with, frequency, first_without, first_with,
                         burns, time.perf_counter() - start)


def _plain_round(engine: BurnoutEngine) -> tuple[Union[Fraction, float], dict]:
    """The round without the option, on the same engine (its memo holds the plain values)."""
    engine.burn_on = False
    try:
        return engine.round_value()
    finally:
        engine.burn_on = True
