"""A sweep's counting figures computed exactly, with no shoe dealt (``odds sweep --exact-count``).

What is exact: the chance of each running count ``c`` after ``m`` cards and the wager's value a
round given ``(m, c)`` (:mod:`odds.engine.counting`), so every figure below is a sum of exact
fractions. What is a model: where rounds start. A sweep that deals rounds of a fixed number of
cards ``K`` (``round_cards``) starts them at ``0, K, 2K, ...`` below the cut card, and so does the
model: then the exact figures are those of the sweep with no sampling error. A sweep of played
rounds starts them where the cards put them; the model then weighs each depth by the share of the
sweep's rounds that start there, measured by dealing :data:`ROUND_SHOES` shoes as the sweep deals
them (its seed, spots and rules), and takes the cards seen at a depth as any cards (a round that
ran long because small cards came is not told apart): the distance of the two is reported. The
figures:

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

from odds.core.errors import InternalError, OddsError
from odds.engine.counting import ExactCount, Trigger, best_count, trigger, true_count
from odds.engine.deal_law import DealLaw
from odds.pricing.priced import PricedRecord
from odds.wagers import WAGERS
from odds.wagers.paytables import builtin_paytables

from .sweep import Plan, SweepSpec, evaluator, play_round, shoe_seed

ROUND_SHOES = 1000  # shoes dealt to find where the sweep's rounds start


class NoExactCount(OddsError):
    """A wager whose value is not a sum over the deals that settle it (a round of the main game,
    a pay that depends on the shoe): its counting figures only the sweep gives."""


@dataclass(frozen=True)
class ExactCounting:
    """The counting figures of a sweep's wager and count, exact under the model of round starts."""

    fixed_rounds: bool  # every round takes round_cards cards (the sweep's round_cards), not as played
    round_cards: Fraction  # the mean cards a round uses
    depths: tuple[int, ...]  # where rounds start
    weights: tuple[Fraction, ...]  # the share of rounds that start at each
    counter: Optional[Trigger]
    best: Trigger  # bets whenever the value given the count is above 0 (its threshold field unused: 0)
    index: tuple[tuple[int, Optional[int], Optional[Fraction]], ...]  # (depth, least count bet, its true count)
    check: Fraction  # the value averaged over every count at every depth: the full shoe's
    seconds: float
    # at a few depths, (true count, value given it, chance of it) for every running count: to draw
    curves: tuple[tuple[int, tuple[tuple[float, float, float], ...]], ...] = ()

    @property
    def model(self) -> str:
        """Where rounds start, in words."""
        if self.fixed_rounds:
            return f"a round every {self.round_cards} cards, from the first to the cut card, each alike"
        return (f"each depth weighted by the share of the sweep's rounds that start there, over {ROUND_SHOES} "
                "shoes dealt as it deals them; the cards seen at a depth taken as any cards")

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
                "round_starts": {"model": self.model, "mean_cards": str(self.round_cards),
                                 "mean_cards_float": float(self.round_cards),
                                 "depths": list(self.depths), "weights": [str(w) for w in self.weights]},
                "counter": trig(self.counter), "best_count": trig(self.best),
                "index": [{"depth": m, "least_running_count": c, "true_count": None if tc is None else float(tc)}
                          for m, c, tc in self.index],
                "full_shoe_check": str(self.check)}


def round_start_weights(spec: SweepSpec, shoes: int = ROUND_SHOES) -> tuple[Fraction, dict[int, Fraction]]:
    """The mean number of cards a round uses and the share of rounds that start at each depth:
    with ``spec.round_cards`` (K), every K cards; else over ``shoes`` shoes dealt as the sweep deals them."""
    starts: dict[int, int] = {}
    if spec.round_cards is not None:
        for m in range(0, spec.cut, spec.round_cards):
            starts[m] = 1
        every = Fraction(spec.round_cards)
    else:
        base = [c for c in range(52) for _ in range(spec.decks)]
        used = 0
        for shoe in range(shoes):
            cards = list(base)
            random.Random(shoe_seed(spec.seed, shoe)).shuffle(cards)
            pos = 0
            while pos < spec.cut:
                starts[pos] = starts.get(pos, 0) + 1
                after = play_round(cards, pos, spec.spots, spec.rules.hits_soft_17, spec.peek,
                                   split=spec.visible is not None)
                used, pos = used + after - pos, after
        every = Fraction(used, sum(starts.values()))
    rounds = sum(starts.values())
    return every, {m: Fraction(n, rounds) for m, n in sorted(starts.items())}


def deal_law(spec: SweepSpec) -> DealLaw:
    """The sweep's wager as a sum over its deals (its return's own, else read off its par sheet)."""
    law = evaluator(spec).deal_law()
    record = WAGERS[spec.wager]
    if law is None and record.game is not None and spec.cap is None and spec.wager_file is None:
        book = builtin_paytables(spec.wager)
        # the sweep's pays on a shipped table's record (a proposed table's id is none of them)
        template = book.tables.get(spec.paytable) or next(iter(book.tables.values()))
        table = dataclasses.replace(template, id=spec.paytable, pays=spec.pay_table, meter_pays={})
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
    every, weights = round_start_weights(spec)
    depths = tuple(weights)
    count = ExactCount(law, plan.tags, spec.decks, depths)
    w = list(weights.values())
    counter = None if plan.threshold is None else trigger(count, plan.threshold, w)
    best = best_count(count, w)
    everyone = trigger(count, Fraction(-10 ** 9), w)  # every round bet: the value must be the full shoe's
    index = []
    for m in depths:
        least = count.least_count(m)
        index.append((m, least, None if least is None else true_count(plan.tags, spec.decks, m, least)))
    drawn = sorted({depths[len(depths) * k // 4] for k in (1, 2, 3)} | {depths[-1]})
    curves = tuple((m, tuple((float(true_count(plan.tags, spec.decks, m, c)), float(v), float(count.chance(m, c)))
                             for c, v in sorted(count.values(m).items())))
                   for m in drawn)
    if everyone.share != 1 or everyone.value_per_round != plan.full_return * plan.full_offered:
        raise InternalError(f"{spec.wager}: the exact counting figures do not average to the full shoe's value")
    return ExactCounting(spec.round_cards is not None, every, depths, tuple(w), counter, best, tuple(index),
                         everyone.value_per_round, time.perf_counter() - started, curves)

