"""Strategies: the composition-dependent one is the engine's own (each decision best for the
hand's cards); here is the total-dependent basic strategy, computed for the rules.

Total-dependent play makes one decision for every hand of the same kind: for a two-card hand
(first decision) one per hard total, soft total or pair and up card; for a hand of three cards or
more, stand or hit per total, soft or hard, and up card. Each decision is the option with the best
expected result summed over the hands it covers, each weighted by its chance of being played.
The weights depend on the earlier decisions and the values on the later ones, so the chart is
found by rounds: the decisions of three cards and more from the highest totals down (hard 20 to
11, soft 20 to 12, hard 10 to 4: a hand only ever moves to a total decided before it), then the
first decisions, then the weights again, until nothing changes. Decisions are chosen in floating
point; the value of the chosen strategy is then computed exactly.

>>> from odds import DealerRules
>>> from odds.core.game_rules import GameRules
>>> chart = basic_strategy_chart(GameRules(decks=6, dealer=DealerRules.parse("S17"), das=True), exact=False)
>>> chart[("hard", 11)]["T"], chart[("pair", 8)]["A"], chart[("soft", 18)]["2"]
('D', 'P', 'S')
"""
from __future__ import annotations

from typing import Any, Dict, Iterable, Iterator, Optional

from odds.core.display import data_frame, html_table
from odds.core.actions import Action, STAND, HIT, DOUBLE, SPLIT, SURRENDER
from odds.core.cards import value_label
from odds.core.errors import EngineError
from odds.core.game_rules import GameRules
from .player import ZERO_HAND, Hand, PlayerEngine, Value, add_card, cards_out, hand_total
from odds.core.shoe import Shoe

UP_ORDER = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)


def row_of(a: int, b: int) -> tuple[str, int]:
    """The chart row of a two-card hand (values, ace = 1): a pair, a soft total or a hard total."""
    if a == b:
        return "pair", a
    if 1 in (a, b):
        return "soft", a + b + 10
    return "hard", a + b


class StrategyChart(dict):
    """``{(kind, total): {up label: letter}}`` with a readable form: a row a hand, a column an up card
    (``S`` stand, ``H`` hit, ``D`` double, ``P`` split, ``R`` surrender)."""

    def _table(self) -> tuple[list[str], list[list[str]]]:
        ups = list(dict.fromkeys(u for row in self.values() for u in row))
        ups.sort(key=lambda u: "23456789TA".index(u))
        return ["hand", *ups], [[f"{kind} {total}", *(row.get(u, "-") for u in ups)]
                                for (kind, total), row in self.items()]

    def __repr__(self) -> str:
        header, rows = self._table()
        return "\n".join(" ".join(f"{c:>8}" if i == 0 else c for i, c in enumerate(r)) for r in [header, *rows])

    def _repr_html_(self) -> str:
        return html_table(*self._table())

    def to_frame(self) -> Any:
        """A pandas DataFrame: a row a hand, a column an up card."""
        return data_frame(*self._table())


def basic_strategy_chart(rules: GameRules, exact: bool = False,
                         engine: Optional["TotalDependentEngine"] = None) -> StrategyChart:
    """{(kind, total): {up label: letter}}: the total-dependent first decision (the best option;
    see :class:`TotalDependentEngine` for the order of the others and the later decisions)."""
    engine = engine or TotalDependentEngine(rules, exact=exact)
    chart = StrategyChart()
    for (row, u), ranked in engine.first.items():
        if any(engine._deals_of(row, u)):
            chart.setdefault(row, {})[value_label(u)] = Action(ranked[0]).letter
    return chart


# The order in which the decisions of three cards and more are made: a hand moves only to totals
# decided before its own (a hard 11 or more stays hard; a soft hand goes to a higher soft total or
# to a hard 12 or more; a hard 10 or less may turn soft).
PLAY_ORDER = ([(t, False) for t in range(20, 10, -1)] + [(t, True) for t in range(20, 11, -1)]
              + [(t, False) for t in range(10, 3, -1)])
FIRST_OPTIONS = (STAND, HIT, DOUBLE, SURRENDER, SPLIT)


def _two_cards(hand: tuple) -> tuple[int, int]:
    a, b = (v for v in range(1, 11) for _ in range(hand[v - 1]))
    return a, b


class TotalDependentEngine(PlayerEngine):
    """The player engine playing the total-dependent basic strategy: ``play_on`` maps (total,
    soft, up) to stand or hit for hands of three cards or more, ``first`` maps (chart row, up)
    to the first-decision options best first (the first one allowed is taken; a split hand's two
    cards take the row of their total, doubling only with DAS).

    >>> from odds import DealerRules
    >>> engine = TotalDependentEngine(GameRules(decks=6, dealer=DealerRules.parse("S17"), das=True), exact=False)
    >>> engine.play_on[(16, False, 10)], engine.play_on[(18, True, 9)], engine.first[(("hard", 11), 10)][0]
    (<Action.STAND: 'stand'>, <Action.HIT: 'hit'>, <Action.DOUBLE: 'double'>)
    """

    def __init__(self, rules: GameRules, shoe: Optional[Shoe] = None, exact: bool = True,
                 play_on: Optional[dict] = None, first: Optional[dict] = None) -> None:
        super().__init__(rules, shoe, exact)
        if play_on is None or first is None:
            builder = self if not exact else TotalDependentEngine(rules, shoe, exact=False)
            if builder is self:
                self._find_strategy()
            play_on, first = builder.play_on, builder.first
        self.play_on: dict = play_on
        self.first: dict = first

    # -------------------------------------------------------------------------- playing it

    def after_card(self, hand: Hand, extra: Hand, up: int, final: bool) -> Value:
        removed = cards_out(hand, extra)
        total, soft = hand_total(hand)
        if total > 21:
            return self.lost_bet(removed, up)
        if final:
            return self.stand(removed, up, total)
        if total == 21 or self.play_on.get((total, soft, up), STAND) == STAND:
            return self.stand(removed, up, total, self.bonus_pay(hand))
        return self.hit(hand, extra, up)

    def decide(self, hand: Hand, pair: int, up: int, first: bool) -> Action:
        total, soft = hand_total(hand)
        if not first:
            return self.play_on.get((total, soft, up), STAND)
        allowed = {STAND, HIT}
        if self.rules.das and self.rules.can_double(total if not soft else total - 10, soft):
            allowed.add(DOUBLE)
        return next(o for o in self.first[(row_of(*_two_cards(hand)), up)] if o in allowed)

    def first_choice(self, a: int, b: int, u: int, options: Dict[Action, Value]) -> Action:
        return next(o for o in self.first[(row_of(a, b), u)] if o in options)

    # ------------------------------------------------------------------------- finding it

    def _find_strategy(self, rounds: int = 8) -> None:
        self.play_on = {(t, soft, u): (HIT if t < (18 if soft else 17) else STAND)
                        for t, soft in PLAY_ORDER for u in range(1, 11)}
        self.first = {}
        for u in range(1, 11):
            for t in range(4, 21):
                self.first[(("hard", t), u)] = (HIT, STAND) if t < 17 else (STAND, HIT)
            for t in range(13, 21):
                self.first[(("soft", t), u)] = (HIT, STAND) if t < 18 else (STAND, HIT)
            for v in range(1, 11):
                self.first[(("pair", v), u)] = (SPLIT, HIT, STAND)
        for _ in range(rounds):
            before = (dict(self.play_on), dict(self.first))
            self._choose_play_on(self._reach())
            self._choose_first()
            if (self.play_on, self.first) == before:
                return
        raise EngineError("the total-dependent strategy did not settle")

    def _deals(self, u: int) -> Iterator[tuple[int, int, int]]:
        """(a, b, ways): the two-card hands against ``u`` (blackjacks left out), ``ways`` the
        number of ordered deals of the three cards."""
        c = self.counts
        for a in range(1, 11):
            for b in range(a, 11):
                if {a, b} == {1, 10}:
                    continue
                ways = c[a - 1] * (c[a - 1] - 1) if a == b else 2 * c[a - 1] * c[b - 1]
                ways *= c[u - 1] - (u == a) - (u == b)
                if ways > 0:
                    yield a, b, ways

    def _deals_of(self, row: tuple, u: int) -> Iterable[tuple[int, int, int]]:
        return (deal for deal in self._deals(u) if row_of(deal[0], deal[1]) == row) if self.counts[u - 1] else ()

    def _reach(self) -> dict:
        """{(total, soft, up): {hand: chance of playing it}} for hands of three cards or more."""
        out: dict = {}
        for u in range(1, 11):
            if not self.counts[u - 1]:
                continue
            level = {}
            for a, b, ways in self._deals(u):
                if self.first[(row_of(a, b), u)][0] == HIT:
                    level[add_card(add_card(ZERO_HAND, a), b)] = float(ways)
            while level:
                nxt: dict = {}
                for hand, w in level.items():
                    for v, p in self.draw(hand, u):
                        new = add_card(hand, v)
                        total, soft = hand_total(new)
                        if total < 21:
                            nxt[new] = nxt.get(new, 0.0) + w * p
                for hand, w in nxt.items():
                    out.setdefault(hand_total(hand) + (u,), {})[hand] = w
                level = {h: w for h, w in nxt.items() if self.play_on[hand_total(h) + (u,)] == HIT}
        return out

    def _choose_play_on(self, reach: dict) -> None:
        self.memo.clear()
        for t, soft in PLAY_ORDER:
            for u in range(1, 11):
                hands = reach.get((t, soft, u))
                if not hands:
                    continue
                stand = sum(w * self.stand(h, u, t, self.bonus_pay(h)) for h, w in hands.items())
                hit = sum(w * self.hit(h, ZERO_HAND, u) for h, w in hands.items())
                self.play_on[(t, soft, u)] = HIT if hit > stand else STAND

    def _choose_first(self) -> None:
        self.memo.clear()
        sums: dict = {}
        for u in range(1, 11):
            if not self.counts[u - 1]:
                continue
            for a, b, ways in self._deals(u):
                acc = sums.setdefault((row_of(a, b), u), {})
                for name, value in self.first_options(a, b, u).items():
                    total, seen = acc.get(name, (0.0, 0))
                    acc[name] = (total + ways * value, seen + 1)
        for key, acc in sums.items():
            hands = max(seen for _, seen in acc.values())
            offered = {name: total for name, (total, seen) in acc.items() if seen == hands}
            self.first[key] = tuple(sorted(offered, key=lambda o: (-offered[o], FIRST_OPTIONS.index(o))))
        self.memo.clear()
