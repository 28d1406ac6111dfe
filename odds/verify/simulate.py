"""An independent dealing simulator, to check the exact par sheets by another road.

This is the one place in ``odds`` that works in floats, and it says so: frequencies, means and
confidence intervals here are floating-point estimates. It deals physical cards from a shoe of
``decks`` decks with ``random.Random(seed)`` (so a seed gives the same run every time) and settles
each round as the wager's regulation says, with rules written out again here: it calls none of the
exact engines (no dealer tables, no combination counts, no settling functions of the wagers), but
for the player's decisions in the streak wagers' rounds, which it asks of the player engine (below).

Each round is dealt from the full shoe freshly shuffled: the cards are drawn one by one by a
partial Fisher-Yates shuffle, which gives a uniformly random ordering of the cards used, so the
rounds are independent (no cut card, no depletion between rounds), as in the exact par sheets.

Every round opens as the regulations deal it (9 NYCRR 5324.11(a)(4); 58 Pa. Code 633a.7): the
player's first card, the dealer's up card, the player's second card, the dealer's hole card. Cards
dealt after that come in the order the wager needs them.

The wagers dealt and how each round is settled: :mod:`odds.reference.dealt` (each wager's record
points at its settlement). Whole rounds of the main game, for the streak wagers: :mod:`odds.verify.rounds`.
The statistics of the comparison: :mod:`odds.verify.statistics`.

>>> from odds.core.rules import DealerRules
>>> run = simulate("21+3", 6, DealerRules.parse("S17"), {"flush": 5, "straight": 10}, rounds=2000, seed=1)
>>> run.rounds, sum(run.counts.values())
(2000, 2000)
>>> sorted(run.counts)
['flush', 'lose', 'straight']
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Mapping, Optional, Union

from odds.core.progress import bar
from odds.core.errors import PaytableError, WagerError
from odds.core.rules import DealerRules
from odds.core.shoe import Shoe
from odds.reference.dealt import Deal, Table
from odds.wagers import WAGERS, get_wager
from odds.pricing.parsheet import ParSheet
from odds.wagers.paytables import Paytable

from .statistics import FLAG_LEVEL, FLOAT_NOTE, REPORT_LEVEL, Check, Row, mean_interval, wilson

PROGRESSIVE_NOTE = ("meter awards counted at a meter of 0: the meter hands' frequencies are compared, and the mean "
                    "return is the fixed-pay part a of R(M) = a + b*M")


def simulated_wagers() -> tuple[str, ...]:
    """The wagers the simulators deal: dealt cards (:func:`simulate`) or whole rounds
    (:func:`odds.verify.rounds.simulate_rounds`), in the registry's order."""
    return tuple(name for name, w in WAGERS.items() if w.simulated)


# ------------------------------------------------------------------------------------- results

@dataclass(frozen=True)
class Simulation:
    """Counts per outcome over ``rounds`` rounds, and the pays they were settled with."""

    wager: str
    decks: int
    rule: str
    rounds: int
    seed: Optional[int]
    counts: Mapping[str, int]
    pays: Mapping[str, Fraction]  # every outcome's net pay, the losing one -1

    def frequency(self, outcome: str) -> float:
        return self.counts.get(outcome, 0) / self.rounds

    def mean_return(self) -> float:
        """The average net win per round (from the counts; exact sum, float result)."""
        return float(sum((self.pays[o] * k for o, k in self.counts.items()), Fraction(0)) / self.rounds)

    def mean_interval(self, level: float) -> tuple[float, float]:
        """Normal interval for the mean return, from the sample variance of the rounds."""
        returns: dict = {}
        for o, k in self.counts.items():
            returns[self.pays[o]] = returns.get(self.pays[o], 0) + k
        return mean_interval(returns, level)


def simulate(wager: str, decks: int, rules: DealerRules, pays: Mapping, rounds: int, seed: Optional[int] = 0,
             dealer_stands_on: int = 17, **options: Any) -> Simulation:
    """Deal ``rounds`` rounds of ``wager`` and count the outcomes, settled with ``pays``
    (outcome -> net pay "to 1"; a paytable's ``.pays`` or any modified dict).

    ``dealer_stands_on`` is the total the dealer stands on (17 by the rules; change it only to
    check that the comparison notices a dealer who plays wrongly). ``options``: ``upcard``
    (ez-bust: bet on this up card only), ``procedure`` (blazing-7s: ``third-card`` or
    ``up-card``), ``split_sevens`` (progressive-super-sevens: the up cards against which 7-7 is
    split, by rank; default 2 to 7).

    >>> from odds.core.rules import DealerRules
    >>> pays = {"bust-3": 2, "bust-4": 2, "bust-5": 4, "bust-6": 12, "bust-7": 50, "bust-8+": 250}
    >>> a = simulate("buster", 6, DealerRules.parse("H17"), pays, rounds=500, seed=7)
    >>> a == simulate("buster", 6, DealerRules.parse("H17"), pays, rounds=500, seed=7)
    True
    """
    record = WAGERS.get(wager)
    if record is not None and record.rounds:
        raise WagerError(f"{wager} is decided by whole rounds of the main game: simulate_rounds deals it")
    if record is None or record.dealt is None:
        raise WagerError(f"the simulator deals {', '.join(simulated_wagers())}, not {wager!r}")
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise WagerError(f"number of decks must be a whole number >= 1, got {decks!r}")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 2:
        raise WagerError(f"the number of rounds must be a whole number >= 2, got {rounds!r}")
    try:
        exact_pays = {k: Fraction(v) for k, v in pays.items()}
    except (TypeError, ValueError) as exc:
        raise PaytableError(f"a pay is not a number: {exc}") from None
    spec = record.dealt
    missing = [o for o in spec.every_pay if o not in exact_pays]
    if missing:
        raise PaytableError(f"{wager} paytable lacks pays for {', '.join(missing)}")
    given = {k: v for k, v in (options or {}).items() if v is not None}
    built = record.build_options(given)  # read and checked as the wager's options declare them
    table = Table(rules.hits_soft_17, dealer_stands_on,
                  spec.check_options(wager, {k: getattr(built, k) for k in given}))
    paid = (lambda h: True) if spec.pay else (lambda h: h in exact_pays)
    deal = Deal(decks, random.Random(seed))
    counts: dict[str, int] = {}
    settled_rounds = 0
    with bar(rounds, f"simulating {wager}", "round") as shown:
        while settled_rounds < rounds:
            deal.new_round()
            hands = spec.deal(deal, table)
            if hands is None:
                continue
            settled_rounds += 1
            outcome = next((h for h in hands if paid(h)), spec.lose)
            counts[outcome] = counts.get(outcome, 0) + 1
            if not settled_rounds & 1023:
                shown.update(1024)
    settled = {o: (Fraction(-1) if o == spec.lose else spec.pay(o, exact_pays) if spec.pay else exact_pays[o])
               for o in counts}
    return Simulation(wager, decks, get_wager(wager).rule_shown(rules), rounds, seed, dict(sorted(counts.items())),
                      settled)


# -------------------------------------------------------------------------------- comparison

def compare(simulation: Simulation, sheet: ParSheet, notes: tuple[str, ...] = ()) -> Check:
    """Set a simulation against an exact :class:`~odds.pricing.parsheet.ParSheet` of the same wager."""
    n = simulation.rounds
    exact = {o.name: o.probability for o in sheet.outcomes}
    names = [o.name for o in sheet.outcomes] + [o for o in simulation.counts if o not in exact]
    level = 1 - (1 - FLAG_LEVEL) / (len(names) + 1)  # Bonferroni over the outcomes and the mean return
    rows = []
    for name in names:
        k = simulation.counts.get(name, 0)
        p = exact.get(name, Fraction(0))
        lo, hi = wilson(k, n, level)
        rows.append(Row(name, k, k / n, wilson(k, n, REPORT_LEVEL), p, lo <= p <= hi))
    lo, hi = simulation.mean_interval(level)
    ret = sheet.expected_return
    notes = (FLOAT_NOTE, "intervals shown at 95% (Wilson for frequencies, normal for the mean return); "
             f"'inside' uses intervals at 99.9% for the whole run: each of the {len(names) + 1} comparisons "
             f"at {level:.5%} (Bonferroni), so a false alarm comes at most once in 1,000 runs",
             "each round is dealt from a full, freshly shuffled shoe") + tuple(notes)
    return Check(simulation, tuple(rows), simulation.mean_return(), simulation.mean_interval(REPORT_LEVEL),
                 ret, lo <= ret <= hi, notes, level)


def check(wager: str, paytable: Union[Paytable, Mapping], decks: int, rules: DealerRules, rounds: int,
          seed: Optional[int] = 0, exact_paytable: Union[Paytable, Mapping, None] = None,
          dealer_stands_on: int = 17, **options: Any) -> Check:
    """Simulate ``wager`` with ``paytable`` and compare with its exact par sheet.

    ``paytable`` is a :class:`~odds.wagers.paytables.Paytable` or a dict of pays; ``exact_paytable``
    (default: the same) is what the exact side is told, so a test can plant a wrong pay there.
    ``options`` go to :func:`simulate` and to the par sheet alike. A progressive is compared at
    meters of 0 (its fixed-pay part).
    """

    def as_table(t: Union[Paytable, Mapping]) -> Paytable:
        if isinstance(t, Paytable):
            return t
        return Paytable(wager, "custom", {k: Fraction(v) for k, v in t.items()}, "given pays", None, "")

    table = as_table(paytable)
    exact_table = table if exact_paytable is None else as_table(exact_paytable)
    pays = {**table.pays, **{hand: Fraction(0) for hand in table.meter_pays}}
    sim = simulate(wager, decks, rules, pays, rounds, seed, dealer_stands_on, **options)
    sheet_options = {k: v for k, v in options.items() if v is not None}
    meters = sorted({m for _, m in exact_table.meter_pays.values()})
    if meters:
        sheet_options["meters"] = ",".join(f"{m}=0" for m in meters)
    if "split_sevens" in sheet_options:
        sheet_options["split_sevens"] = list(sheet_options["split_sevens"])
    sheet = get_wager(wager).par_sheet(Shoe.decks(decks), rules, exact_table, decks, **sheet_options)
    spec = get_wager(wager).dealt
    notes = ((PROGRESSIVE_NOTE,) if meters else ()) + ((spec.note,) if spec is not None and spec.note else ())
    few = few_rounds_note(rounds, sheet)
    return compare(sim, sheet, notes + ((few,) if few else ()))


def few_rounds_note(rounds: int, sheet: ParSheet) -> Optional[str]:
    """A warning when ``rounds`` are too few to expect ten hits of the sheet's rarest paid outcome
    (with the rounds that would), else None."""
    need = sheet.lab.rounds_for_hits(10)
    if need is None or rounds >= need:
        return None
    return (f"{rounds:,} rounds are too few to expect ten hits of the rarest paid outcome (chance "
            f"{float(sheet.lab.rarest_paid or 0):.3g} a round): its check is weak; {need:,} rounds would "
            f"expect ten (--rounds {need})")


def with_pay(paytable: Paytable, outcome: str, pay: Union[int, str, Fraction]) -> Paytable:
    """A copy of a :class:`~odds.wagers.paytables.Paytable` with one pay changed.

    >>> from odds.wagers.paytables import builtin_paytables
    >>> with_pay(builtin_paytables("buster").tables["C"], "bust-8+", 2500).pays["bust-8+"]
    Fraction(2500, 1)
    """
    pays = dict(paytable.pays)
    pays[outcome] = Fraction(pay)
    return replace(paytable, pays=pays)


