"""A sweep's counting figures computed exactly, with no shoe dealt (``odds sweep --exact-count``).

What is exact: the chance of each running count ``c`` after ``m`` cards and the wager's value a
round given ``(m, c)`` (:mod:`odds.engine.counting`), so every figure below is a sum of exact
fractions. What is a model: where rounds start. The sweep deals rounds of varying size; here a
round starts at each depth ``round(j K)`` (``j = 0, 1, ...``) below the cut card, every one weighted
alike, ``K`` the mean number of cards a round of the sweep uses, measured by dealing
:data:`ROUND_SHOES` shoes as the sweep deals them (its seed, spots and rules). The figures:

* the counter of the sweep (bets when the true count is above the sweep's threshold): the share
  of rounds bet and the value a round dealt and a round bet;
* the best a count can do (bets when the exact value given ``(m, c)`` is above 0), and at each
  depth the least running count at which it bets (its index, as a true count);
* the full shoe's value, which the average over every count at any depth must equal (a check).

>>> from odds.apps.sweep import SweepSpec, make_plan
>>> spec = SweepSpec("buster", "C", 1, "H17", penetration=Fraction(1, 2))
>>> exact = exact_counting(spec, make_plan(spec))
>>> exact.check == make_plan(spec).full_return, exact.counter.share <= 1
(True, True)
"""
from __future__ import annotations

import dataclasses
import random
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Optional

from odds.core.errors import OddsError
from odds.engine.counting import ExactCount, Trigger, trigger
from odds.engine.deal_law import DealLaw
from odds.pricing.priced import PricedRecord
from odds.wagers import WAGERS
from odds.wagers.paytables import builtin_paytables

from .sweep import Plan, SweepError, SweepSpec, evaluator, play_round, shoe_seed

ROUND_SHOES = 200  # shoes dealt to measure the cards a round uses


class NoExactCount(OddsError):
    """A wager whose value is not a sum over the deals that settle it (a round of the main game,
    a pay that depends on the shoe): its counting figures only the sweep gives."""


@dataclass(frozen=True)
class ExactCounting:
    """The counting figures of a sweep's wager and count, exact under the model of round starts."""

    tags: tuple[int, ...]
    threshold: Optional[Fraction]
    round_cards: Fraction
    depths: tuple[int, ...]
    counter: Optional[Trigger]
    best: Trigger  # bets whenever the value given the count is above 0 (its threshold field unused: 0)
    index: tuple[tuple[int, Optional[int], Optional[Fraction]], ...]  # (depth, least count bet, its true count)
    check: Fraction  # the value averaged over every count at every depth: the full shoe's
    seconds: float
    # at a few depths, (true count, value given it, chance of it) for every running count: to draw
    curves: tuple[tuple[int, tuple[tuple[float, float, float], ...]], ...] = ()

    def json(self) -> dict[str, Any]:
        """The JSON of ``odds sweep --exact-count`` (key ``exact_count``)."""
        def trig(t: Optional[Trigger]) -> Optional[dict]:
            if t is None:
                return None
            per_bet = t.value_per_bet
            return {"fraction_bet": str(t.share), "fraction_bet_float": float(t.share),
                    "gain_per_round": str(t.value_per_round), "gain_per_round_float": float(t.value_per_round),
                    "gain_per_round_bet": None if per_bet is None else str(per_bet),
                    "gain_per_round_bet_float": None if per_bet is None else float(per_bet)}
        return {"method": "exact: the law of the running count and the value given it (no shoe dealt)",
                "round_starts": {"every_cards": str(self.round_cards), "every_cards_float": float(self.round_cards),
                                 "measured_over_shoes": ROUND_SHOES, "depths": list(self.depths)},
                "counter": trig(self.counter), "best_count": trig(self.best),
                "index": [{"depth": m, "least_running_count": c, "true_count": None if tc is None else float(tc)}
                          for m, c, tc in self.index],
                "full_shoe_check": str(self.check)}


def round_cards(spec: SweepSpec, shoes: int = ROUND_SHOES) -> Fraction:
    """The mean number of cards a round of the sweep uses, over ``shoes`` shoes dealt as it deals them."""
    base = [c for c in range(52) for _ in range(spec.decks)]
    used = rounds = 0
    for shoe in range(shoes):
        cards = list(base)
        random.Random(shoe_seed(spec.seed, shoe)).shuffle(cards)
        pos = 0
        while pos < spec.cut:
            after = play_round(cards, pos, spec.spots, spec.rules.hits_soft_17, spec.peek,
                               split=spec.visible is not None)
            used, rounds, pos = used + after - pos, rounds + 1, after
    return Fraction(used, rounds)


def round_starts(spec: SweepSpec, every: Fraction) -> tuple[int, ...]:
    """The depths ``round(j every)`` below the cut card (halves rounded up)."""
    out: list[int] = []
    j = 0
    while True:
        m = int(j * every + Fraction(1, 2))
        if m >= spec.cut:
            return tuple(sorted(set(out)))
        out.append(m)
        j += 1


def deal_law(spec: SweepSpec) -> DealLaw:
    """The sweep's wager as a sum over its deals (its return's own, else read off its par sheet)."""
    law = evaluator(spec).deal_law()
    record = WAGERS[spec.wager]
    if law is None and record.game is not None and spec.cap is None and spec.wager_file is None:
        book = builtin_paytables(spec.wager)
        table = book.tables.get(spec.paytable)
        if table is not None:
            table = dataclasses.replace(table, pays=spec.pay_table, meter_pays={})
            priced = PricedRecord(record, table, dict(book.extra), spec.rules, spec.decks, True,
                                  record.build_options(dict(spec.game)))
            law = priced.deal_law()
    if law is None:
        raise NoExactCount(f"{spec.wager}'s return is not a sum over the deals that settle it (a round of the "
                           "main game, or a pay that depends on the shoe): the sweep alone gives its counting figures")
    return law


def exact_counting(spec: SweepSpec, plan: Plan) -> ExactCounting:
    """Every counting figure of the sweep ``spec`` (its count from ``plan``), exact."""
    started = time.perf_counter()
    law = deal_law(spec)
    every = round_cards(spec)
    depths = round_starts(spec, every)
    count = ExactCount(law, plan.tags, spec.decks, depths)
    counter = None if plan.threshold is None else trigger(count, plan.threshold)
    share = value = check = Fraction(0)
    index = []
    total, tag_sum = spec.cards, 4 * spec.decks * sum(plan.tags)
    for m in depths:
        least = None
        for c, v in sorted(count.values(m).items()):
            p = count.chance(m, c)
            check += p * v
            if v > 0:
                share += p
                value += p * v
                least = c if least is None else least
        tc = None if least is None else Fraction(52 * (least * total - m * tag_sum), (total - m) * total)
        index.append((m, least, tc))
    drawn = sorted({depths[len(depths) * k // 4] for k in (1, 2, 3)} | {depths[-1]})
    curves = tuple((m, tuple((float(Fraction(52 * (c * total - m * tag_sum), (total - m) * total)), float(v),
                              float(count.chance(m, c))) for c, v in sorted(count.values(m).items())))
                   for m in drawn)
    n = len(depths)
    if check / n != plan.full_return * plan.full_offered:
        raise SweepError(f"{spec.wager}: the exact counting figures do not average to the full shoe's value")
    best = Trigger(Fraction(0), share / n, value / n)
    return ExactCounting(plan.tags, plan.threshold, every, depths, counter, best, tuple(index), check / n,
                         time.perf_counter() - started, curves)

