"""The statistics of the simulation checks: confidence intervals (Wilson for frequencies, normal
for a mean) and the rows of a comparison with the exact figures, in floats.

The check (:func:`odds.verify.simulate.check`) puts the simulated frequency of every outcome and the mean return next to
the exact values of the par sheet, each with a 95% interval (Wilson for frequencies, normal for the
mean return); the flag ``inside`` uses wider intervals, at 99.9% for the whole run: each of the
``m`` comparisons (every outcome and the mean return) at ``1 - 0.001 / m`` (Bonferroni), so that a
run with many outcomes raises a false alarm at most once in a thousand runs.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from statistics import NormalDist
from typing import Any, Mapping, Optional

REPORT_LEVEL = 0.95
FLAG_LEVEL = 0.999
FLOAT_NOTE = "simulation: floating-point estimates (the only float results in odds)"


def z_value(level: float) -> float:
    """The two-sided normal quantile for a confidence level.

    >>> round(z_value(0.95), 4)
    1.96
    """
    return NormalDist().inv_cdf(0.5 + level / 2)


def wilson(count: int, n: int, level: float) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion ``count / n``.

    >>> lo, hi = wilson(0, 100, 0.95)
    >>> lo, round(hi, 4)
    (0.0, 0.037)
    >>> wilson(3000, 3000, 0.999)[1]
    1.0
    """
    z = z_value(level)
    p = count / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # the bounds at 0 and 1 are exact (rounding must not push a certain outcome out of its interval)
    return (0.0 if count == 0 else max(0.0, centre - half)), (1.0 if count == n else min(1.0, centre + half))


def mean_interval(returns: Mapping[Fraction, int], level: float) -> tuple[float, float]:
    """Normal interval for the mean of a sample given as {value: count}, from its sample variance
    (unbounded for an empty sample)."""
    n = sum(returns.values())
    if not n:
        return -math.inf, math.inf
    mean = sum((v * k for v, k in returns.items()), Fraction(0)) / n
    ss = sum(((v - mean) ** 2 * k for v, k in returns.items()), Fraction(0))
    sd = math.sqrt(ss / (n - 1)) if n > 1 else float("inf")
    half = z_value(level) * sd / math.sqrt(n)
    return float(mean) - half, float(mean) + half


def rate_row(name: str, count: int, trials: int, exact: Fraction, level: float, power: int = 1) -> Row:
    """A row for ``count`` out of ``trials`` against the exact chance ``exact``; with ``power``, for
    the ``power``-th power of the rate (its Wilson bounds raised to that power). No trials: nothing
    to compare."""
    if not trials:
        return Row(name, 0, float("nan"), (0.0, 1.0), exact, True, 0)
    lo, hi = wilson(count, trials, level)
    lo95, hi95 = wilson(count, trials, REPORT_LEVEL)
    return Row(name, count, (count / trials) ** power, (lo95 ** power, hi95 ** power), exact,
               lo ** power <= exact <= hi ** power, trials)


@dataclass(frozen=True)
class Row:
    """One outcome: simulated frequency and 95% interval; exact probability; whether the exact
    value lies inside the flagging interval (see :attr:`Check.flag_level`)."""

    name: str
    count: int
    frequency: float
    interval: tuple[float, float]
    exact: Fraction
    inside: bool
    trials: Optional[int] = None  # what the count is out of, when not every round


@dataclass(frozen=True)
class Check:
    simulation: Any  # a Simulation or a RoundSimulation
    rows: tuple[Row, ...]
    mean: float
    mean_interval: tuple[float, float]
    exact_return: Fraction
    mean_inside: bool
    notes: tuple[str, ...] = field(default=())
    flag_level: float = FLAG_LEVEL  # the level of each comparison: 99.9% for the whole run, Bonferroni

    @property
    def agrees(self) -> bool:
        return self.mean_inside and all(r.inside for r in self.rows)

    def to_json(self) -> dict:
        s = self.simulation
        return {"wager": s.wager, "decks": s.decks, "rule": s.rule, "rounds": s.rounds, "seed": s.seed,
                "report_level": REPORT_LEVEL, "flag_level": FLAG_LEVEL, "flag_level_each": self.flag_level,
                "outcomes": [{"name": r.name, "count": r.count, "trials": r.trials or s.rounds,
                              "frequency": r.frequency, "ci95": list(r.interval), "exact": str(r.exact),
                              "exact_float": float(r.exact), "inside": r.inside} for r in self.rows],
                "mean_return": self.mean, "mean_return_ci95": list(self.mean_interval),
                "exact_return": str(self.exact_return), "exact_return_float": float(self.exact_return),
                "mean_inside": self.mean_inside, "agrees": self.agrees, "notes": list(self.notes)}

    def to_text(self) -> str:
        s = self.simulation
        width = max([16] + [len(r.name) + 2 for r in self.rows])
        counted = max([10] + [len(f"{r.count}/{r.trials}") + 2 for r in self.rows if r.trials])
        lines = [f"simulation of {s.wager}: {s.rounds:,} rounds, {s.decks} deck(s), {s.rule}, seed {s.seed}", "",
                 f"{'outcome':<{width}}{'count':>{counted}}{'frequency':>13}{'95% interval':>27}{'exact':>13}"
                 "  inside"]
        for r in self.rows:
            count = f"{r.count}/{r.trials}" if r.trials else str(r.count)
            lines.append(f"{r.name:<{width}}{count:>{counted}}{r.frequency:>13.6f}"
                         f"{f'[{r.interval[0]:.6f}, {r.interval[1]:.6f}]':>27}{float(r.exact):>13.6f}  "
                         f"{'yes' if r.inside else 'NO'}")
        lo, hi = self.mean_interval
        lines += ["", f"mean return {self.mean:.6f}  95% interval [{lo:.6f}, {hi:.6f}]  exact "
                      f"{float(self.exact_return):.6f}  inside: {'yes' if self.mean_inside else 'NO'}",
                  "", "agrees with the exact par sheet" if self.agrees
                  else "DISAGREES with the exact par sheet"]
        lines += [f"note: {n}" for n in self.notes]
        return "\n".join(lines)


