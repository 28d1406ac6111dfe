"""The figures of a lab's math report that follow from a wager's exact distribution of one round's
result: the volatility index, the band of the player's result after N rounds, the maximum win, and
how many rounds a Monte Carlo confirmation needs to see the rarest paid outcome often enough.

The result of one round is the net pay of its outcome (-1 for a loss), in units of the wager. With
``mu`` and ``sigma`` its exact mean and standard deviation, the volatility index at confidence
``c`` is ``z * sigma`` with ``z`` the two-sided normal quantile (1.6449 at 90%, 1.9600 at 95%).

The band after ``N`` rounds is the central 90% and 95% of the player's total result. Where the
normal approximation holds it is ``N mu -+ z sigma sqrt(N)``; it is taken to hold when the
skewness ``g`` of one round satisfies ``|g| / sqrt(N) <= 0.2`` (the size of the first correction
to the normal law, Edgeworth's, is ``g / (6 sqrt(N))`` in the tails). Below that the band is read
off the distribution of the sum of ``N`` rounds itself, computed in floating point by raising the
one-round distribution to the ``N``-th power on the lattice of results (squarings by the FFT, the
far tails below 1e-16 trimmed); where a power would be too wide the band is not given.

>>> from fractions import Fraction as F
>>> figures = LabFigures.of([(F(1), F(1, 2)), (F(-1), F(1, 2))])  # an even-money coin
>>> round(figures.volatility_index[90], 4), figures.max_win, figures.rounds_for_hits(10)
(1.6449, Fraction(1, 1), 20)
>>> band = figures.bands[0]
>>> band.rounds, band.method, [round(x, 2) for x in band.band_95]
(100, 'normal', [-19.6, 19.6])
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import reduce
from statistics import NormalDist
from typing import Iterable, Optional, cast

ROUNDS = (100, 1_000, 10_000, 100_000)
LEVELS = (90, 95)
NORMAL_SKEW = Fraction(1, 5)  # |skewness| / sqrt(N) at most this: the normal band
LATTICE_MAX = 1 << 22  # the widest lattice of N-round totals raised by the FFT


def z_value(level: int) -> float:
    """The two-sided normal quantile of a confidence level in per cent."""
    return NormalDist().inv_cdf(0.5 + level / 200)


@dataclass(frozen=True)
class Band:
    """The player's total result after ``rounds`` rounds: its exact mean and the central 90% and
    95% of its law (units of the wager), found by ``method`` (``normal``, ``distribution`` or
    ``none`` where neither applies)."""

    rounds: int
    mean: Fraction
    band_90: Optional[tuple[float, float]]
    band_95: Optional[tuple[float, float]]
    method: str

    def to_json(self) -> dict:
        return {"rounds": self.rounds, "mean": str(self.mean), "mean_decimal": round(float(self.mean), 6),
                "band_90": None if self.band_90 is None else [round(x, 6) for x in self.band_90],
                "band_95": None if self.band_95 is None else [round(x, 6) for x in self.band_95],
                "method": self.method}


@dataclass(frozen=True)
class LabFigures:
    mean: Fraction
    variance: Fraction
    skewness: float
    volatility_index: dict  # level (90, 95) -> z * sigma
    max_win: Fraction
    rarest_paid: Optional[Fraction]  # the smallest probability of an outcome that pays
    bands: tuple[Band, ...]

    @classmethod
    def of(cls, results: Iterable[tuple[Fraction, Fraction]], rounds: Iterable[int] = ROUNDS) -> LabFigures:
        """The figures of a round whose result is ``pays`` with chance ``p``, for each ``(pays, p)``."""
        law = [(Fraction(x), Fraction(p)) for x, p in results if p]
        mean = sum((p * x for x, p in law), Fraction(0))
        variance = sum((p * (x - mean) ** 2 for x, p in law), Fraction(0))
        third = sum((p * (x - mean) ** 3 for x, p in law), Fraction(0))
        sigma = math.sqrt(variance)
        skew = float(third) / sigma ** 3 if sigma else 0.0
        paid = [p for x, p in law if x > 0]
        bands = tuple(_band(law, n, mean, sigma, skew) for n in rounds)
        return cls(mean, variance, skew, {lv: z_value(lv) * sigma for lv in LEVELS},
                   max((x for x, _ in law), default=Fraction(0)), min(paid) if paid else None, bands)

    def rounds_for_hits(self, hits: int) -> Optional[int]:
        """The fewest rounds in which the rarest paid outcome is expected ``hits`` times."""
        if self.rarest_paid is None:
            return None
        return math.ceil(hits / self.rarest_paid)

    def to_json(self) -> dict:
        return {"volatility_index": {f"{lv}%": round(v, 6) for lv, v in self.volatility_index.items()},
                "skewness": round(self.skewness, 6), "max_win": str(self.max_win),
                "rounds_for_ten_hits": self.rounds_for_hits(10),
                "result_bands": [b.to_json() for b in self.bands], "figures_method": METHOD}

    def summary_lines(self) -> list[str]:
        """The figures as lines of the plain-text and Markdown par sheets."""
        vi = ", ".join(f"{lv}% {v:.4f}" for lv, v in self.volatility_index.items())
        lines = [f"volatility index {vi}", f"maximum win      {self.max_win} to 1",
                 f"skewness         {self.skewness:.4f}"]
        need = self.rounds_for_hits(10)
        if need is not None:
            lines.append(f"rounds to see the rarest paid outcome 10 times (expected): {need:,}")
        lines.append("player's total result after N rounds (units of the wager; 90% and 95% bands):")
        for b in self.bands:
            lines.append(f"  N = {b.rounds:>7,}: mean {float(b.mean):12.2f}, 90% {_interval(b.band_90)}, "
                         f"95% {_interval(b.band_95)} ({b.method})")
        return lines


METHOD = ("volatility index = z * sigma (z: the two-sided normal quantile), sigma the square root of the exact "
          "variance; bands of the total result after N rounds: normal where |skewness| / sqrt(N) <= 0.2, else the "
          "distribution of the sum of N rounds (FFT, floating point); none where that is too wide")


def _interval(band: Optional[tuple[float, float]]) -> str:
    return "-" if band is None else f"[{band[0]:.2f}, {band[1]:.2f}]"


def _band(law: list, n: int, mean: Fraction, sigma: float, skew: float) -> Band:
    total = n * mean
    if abs(skew) <= float(NORMAL_SKEW) * math.sqrt(n):
        half = {lv: z_value(lv) * sigma * math.sqrt(n) for lv in LEVELS}
        return Band(n, total, (float(total) - half[90], float(total) + half[90]),
                    (float(total) - half[95], float(total) + half[95]), "normal")
    quantiles = _sum_quantiles(law, n, (0.025, 0.05, 0.95, 0.975))
    if quantiles is None:
        return Band(n, total, None, None, "none")
    lo95, lo90, hi90, hi95 = quantiles
    return Band(n, total, (lo90, hi90), (lo95, hi95), "distribution")


def _sum_quantiles(law: list, n: int, levels: tuple) -> Optional[list[float]]:
    """Quantiles of the sum of ``n`` independent rounds: the smallest total whose cumulative chance
    reaches each level. The ``n``-fold law is built by squaring (FFT convolutions), each power
    trimmed of the totals at either end whose chance together is below :data:`TAIL`. A result of
    many digits (the expected share of a capped pay) that would make the lattice wider than
    :data:`LATTICE_MAX` is rounded to the lattice of the other results. None when a power spans
    more than :data:`LATTICE_MAX` totals."""
    import numpy as np

    scale = reduce(math.lcm, (x.denominator for x, _ in law), 1)
    span = max(x for x, _ in law) - min(x for x, _ in law)
    if span * scale >= LATTICE_MAX:  # a pay of many digits (an expected share): rounded to the others' lattice
        scale = reduce(math.lcm, (x.denominator for x, _ in law if x.denominator <= 1000), 1)
    steps = [round(x * scale) for x, _ in law]
    base = np.zeros(max(steps) - min(steps) + 1)
    for s, (_, p) in zip(steps, law):
        base[s - min(steps)] += float(p)
    power: tuple = (base, min(steps))  # a law on the lattice: chances from the total ``offset`` up
    result: Optional[tuple] = None
    while True:
        if n & 1:
            result = power if result is None else _convolve(result, power)
            if result is None:
                return None
        n >>= 1
        if not n:
            break
        squared = _convolve(power, power)
        if squared is None:
            return None
        power = squared
    dist, offset = cast(tuple, result)
    cdf = np.cumsum(dist)
    cdf /= cdf[-1]
    return [(offset + int(np.searchsorted(cdf, level - 1e-12))) / scale for level in levels]


TAIL = 1e-16  # the chance trimmed from each end of a power of the law


def _convolve(a: tuple, b: tuple) -> Optional[tuple]:
    """The law of the sum of two independent totals, each ``(chances, lowest total)``, trimmed."""
    import numpy as np

    width = len(a[0]) + len(b[0]) - 1
    if width > LATTICE_MAX:
        return None
    size = 1 << (width - 1).bit_length()
    dist = np.clip(np.fft.irfft(np.fft.rfft(a[0], size) * np.fft.rfft(b[0], size), size)[:width], 0.0, None)
    cdf = np.cumsum(dist)
    lo = int(np.searchsorted(cdf, TAIL * cdf[-1]))
    hi = int(np.searchsorted(cdf, (1 - TAIL) * cdf[-1])) + 1
    return dist[lo:hi], a[1] + b[1] + lo
