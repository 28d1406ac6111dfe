"""Every swept wager at one set of conditions, ranked by what a card counter gains a round: the page
a regulator reads to see which wagers need a continuous shuffler (``odds sweep-all``).

Each wager whose return the shoe alone decides is swept (:func:`odds.apps.sweep.run_sweep`) with
the same decks, dealer rule, penetration, spots, shoes and seed. Its paytable is the first of its
regulation's tables that allows the deck count and returns less than the wager from a full shoe
(a table printed with a player edge, a faulty text, is passed over while another is there), a
progressive at the book's meters held through the sweep (:func:`odds.apps.book_plan.book_meters`). The wagers are ranked by the counter's gain
per round dealt (a unit bet when the true count passes the threshold from the exact effects of
removal), ties by name. Each sweep's processor time is kept, so that the time of a larger study,
here or on a cluster, is estimated from it.

>>> s = run_summary(Conditions(shoes=2, only=("21+3", "bust-it")))
>>> gains = [row["counter_gain_per_round"] for row in s.rows()]
>>> sorted(row["wager"] for row in s.rows()), gains == sorted(gains, reverse=True)
(['21+3', 'bust-it'], True)
"""
from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Optional, Union

from odds.core.formats import fraction_text, text_table
from odds.core.outputs import output_folder, write_into
from odds.core.progress import bar
from odds.wagers import WAGERS
from odds.wagers.paytables import builtin_paytables
from odds.wagers.sevens import parse_meters, pays_at_meters
from odds.core.rules import DealerRules
from odds.wagers.shoe_returns import shoe_return, swept_wagers

from .book_plan import book_meters
from .sweep import SweepError, SweepResult, SweepSpec, dask_client, run_sweep
from .sweep_report import burnout_hands_warning, percent, png_bytes, sweep_json

STUDY_SHOES = 100_000  # the full study the estimate is for
ROUND_SHOES = 10  # shoes a wager settled on the player's play is swept over by default
NODES, CORES_PER_NODE = 100, 2  # the cluster the estimate is for


@dataclass(frozen=True)
class Conditions:
    """What every wager is swept at (six decks, H17, 75% penetration, five spots by default)."""

    decks: int = 6
    rule: str = "H17"
    penetration: Fraction = Fraction(3, 4)
    spots: int = 5
    shoes: int = 1000
    seed: int = 0
    chunk: int = 100
    only: Optional[tuple[str, ...]] = None  # these wagers (default: every swept wager)
    round_shoes: int = ROUND_SHOES  # at most so many shoes for a wager settled on the player's play
    exact_count: bool = False  # also each wager's counting figures computed exactly, where it has them

    def shoes_of(self, wager: str) -> int:
        """The shoes ``wager`` is swept over: ``shoes``, or at most ``round_shoes`` for a wager
        settled on the player's play (its return takes the round's outcome law, seconds a round)."""
        return min(self.shoes, self.round_shoes) if WAGERS[wager].rounds else self.shoes

    def specs(self) -> list[SweepSpec]:
        """One sweep a wager, in the registry's order."""
        names = swept_wagers() if self.only is None else self.only
        unknown = [n for n in names if n not in swept_wagers()]
        if unknown:
            raise SweepError(f"sweep computes {', '.join(swept_wagers())}, not {unknown[0]!r}")
        out = []
        for name in names:
            chosen = None
            for table in builtin_paytables(name).tables.values():
                if not table.allows(self.decks):
                    continue
                meters = book_meters(name, table)
                pays = pays_at_meters(name, table, parse_meters(meters)) if table.meter_pays else dict(table.pays)
                below = self._full_return(name, pays) < 0
                if chosen is None or below:
                    chosen = table, pays
                if below:
                    break
            if chosen is None:
                continue  # no table of this wager's regulation is for this many decks
            table, pays = chosen
            out.append(SweepSpec(name, table.id, self.decks, self.rule, shoes=self.shoes_of(name),
                                 penetration=self.penetration,
                                 spots=self.spots, seed=self.seed, chunk=self.chunk, pays=tuple(sorted(pays.items()))))
        return out

    def _full_return(self, name: str, pays: dict) -> Fraction:
        return shoe_return(name, pays, DealerRules.parse(self.rule)).exact([self.decks] * 52)[0]


@dataclass
class Summary:
    """The sweeps of :class:`Conditions`, with the time they took and where they ran."""

    conditions: Conditions
    results: list[SweepResult] = field(default_factory=list)
    seconds: float = 0.0
    where: str = "in process"
    exact: dict = field(default_factory=dict)  # wager -> its ExactCounting, or None where it has none

    @property
    def ranked_exactly(self) -> bool:
        """Whether every wager has its counter's gain computed exactly (then the ranking is by it)."""
        return bool(self.results) and all(self.exact.get(res.spec.wager) is not None and
                                          self.exact[res.spec.wager].counter is not None for res in self.results)

    def rows(self) -> list[dict]:
        """A row a wager, best for the counter first (the figures of ``odds sweep``'s JSON)."""
        out = []
        for res in self.results:
            j = sweep_json(res)
            meters = book_meters(res.spec.wager, builtin_paytables(res.spec.wager).tables[res.spec.paytable])
            out.append({
                "wager": j["wager"], "paytable": j["paytable"], "meters": meters,
                "full_shoe_return": j["full_shoe"]["return"], "full_shoe_return_float": j["full_shoe"]["return_float"],
                "mean_return": j["return"]["mean"], "edge_fraction": j["player_edge"]["fraction"],
                "betting_correlation": j["count"]["betting_correlation"],
                "counter_fraction_bet": j["counter"]["fraction_bet"],
                "counter_gain_per_round": j["counter"]["gain_per_round"],
                "counter_gain_per_round_bet": j["counter"]["gain_per_round_bet"],
                "perfect_gain_per_round": j["perfect"]["gain_per_round"],
                "shoes": j["shoes"], "rounds": j["rounds"], "cpu_us_per_round": _cpu_per(res, res.tally.rounds) * 1e6,
                "cpu_s_per_shoe": _cpu_per(res, res.tally.shoes)})
            if self.conditions.exact_count:
                e = self.exact.get(res.spec.wager)
                out[-1]["exact_counter_gain_per_round"] = (None if e is None or e.counter is None
                                                           else float(e.counter.value_per_round))
                out[-1]["exact_best_gain_per_round"] = None if e is None else float(e.best.value_per_round)
        key = "exact_counter_gain_per_round" if self.ranked_exactly else "counter_gain_per_round"
        return sorted(out, key=lambda row: (-row[key], row["wager"]))

    def estimate(self, shoes: int = STUDY_SHOES, cores: int = 2, nodes: int = NODES,
                 cores_per_node: int = CORES_PER_NODE) -> dict:
        """The processor time of the study at ``shoes`` shoes a wager, from these sweeps' time a
        shoe, and its length on ``cores`` cores and on ``nodes`` nodes (the work splits into
        chunks; the Dask overhead of a few milliseconds a chunk is left out)."""
        cpu = sum(_cpu_per(res, res.tally.shoes) for res in self.results) * shoes
        return {"shoes_per_wager": shoes, "wagers": len(self.results), "cpu_seconds": cpu,
                "here": {"cores": cores, "seconds": cpu / cores},
                "cluster": {"nodes": nodes, "cores_per_node": cores_per_node,
                            "seconds": cpu / (nodes * cores_per_node)}}


def _cpu_per(res: SweepResult, n: int) -> float:
    return res.tally.cpu_ns / 1e9 / n if n else 0.0


def run_summary(conditions: Conditions, workers: int = 0, scheduler: Optional[str] = None,
                checkpoint: Union[str, Path, None] = None) -> Summary:
    """Sweep every wager of ``conditions``: in this process, on a local Dask cluster of ``workers``
    processes (one for all the wagers) or on the cluster at ``scheduler``; each sweep's finished
    chunks kept in ``checkpoint`` (see :func:`odds.apps.sweep.run_sweep`)."""
    specs = conditions.specs()
    summary = Summary(conditions)
    start = time.perf_counter()
    with (dask_client(workers, scheduler) if workers or scheduler else contextlib.nullcontext()) as client:
        with bar(len(specs), "sweeping every wager", "wager") as shown:
            for spec in specs:
                summary.results.append(run_sweep(spec, client=client, checkpoint=checkpoint))
                if conditions.exact_count:
                    from .sweep_exact import NoExactCount, exact_counting
                    try:
                        summary.exact[spec.wager] = exact_counting(spec, summary.results[-1].plan)
                    except NoExactCount:
                        summary.exact[spec.wager] = None
                shown.update(1)
        summary.where = ("in process" if client is None else f"Dask scheduler {scheduler}" if scheduler
                         else f"local Dask cluster of {workers} worker(s), its start-up included")
        resumed = sum(res.resumed for res in summary.results)
        if resumed:
            summary.where += f"; {resumed:,} of the {sum(res.tally.shoes for res in summary.results):,} shoes read " \
                             f"back from {checkpoint}"
    summary.seconds = time.perf_counter() - start
    return summary


def summary_json(s: Summary) -> dict:
    """The ranking and the conditions (no timings: the same sweeps give the same JSON anywhere)."""
    c = s.conditions
    return {"conditions": {"decks": c.decks, "rule": c.rule, "penetration": fraction_text(c.penetration),
                           "spots": c.spots, "shoes": c.shoes, "seed": c.seed, "chunk": c.chunk,
                           "round_shoes": c.round_shoes, "exact_count": c.exact_count},
            "ranking": [{k: v for k, v in row.items() if not k.startswith("cpu")} for row in s.rows()],
            "not_swept": _not_swept(),
            "method": "each wager swept as `odds sweep` sweeps it; ranked by the counter's gain per round dealt"
                      + (", computed exactly (odds sweep --exact-count)" if s.ranked_exactly else "")}


def _not_swept() -> list[str]:
    """The wagers no sweep takes (settled on the player's play), in the registry's order."""
    return [name for name in WAGERS if name not in swept_wagers()]


def _shoes(n: int) -> str:
    return f"{n:,} shoe{'s' if n != 1 else ''}"


def _duration(seconds: float) -> str:
    """A length of time in the unit that reads best.

    >>> _duration(42.0), _duration(5400.0), _duration(9000.0), _duration(3.5 * 86400)
    ('42.0 s', '90.0 min', '2.5 h', '3.5 days')
    """
    for unit, size, least in (("days", 86400, 2 * 86400), ("h", 3600, 2 * 3600), ("min", 60, 100)):
        if seconds >= least:
            return f"{seconds / size:.1f} {unit}"
    return f"{seconds:.1f} s"


def summary_text(s: Summary) -> str:
    c = s.conditions
    rows = s.rows()
    table = text_table(
        ["rank", "wager", "paytable", "shoes", "full shoe", "edge rounds", "correlation", "counter bets", "gain/round",
         "gain/round bet", "perfect gain/round", "CPU us/round"]
        + (["exact gain/round", "exact best count"] if c.exact_count else []),
        [[str(i + 1), r["wager"], r["paytable"] + (f" ({r['meters']})" if r["meters"] else ""), f"{r['shoes']:,}",
          percent(r["full_shoe_return_float"]), f"{r['edge_fraction']:.4%}", f"{r['betting_correlation']:.3f}",
          f"{r['counter_fraction_bet']:.4%}", percent(r["counter_gain_per_round"]),
          percent(r["counter_gain_per_round_bet"]), percent(r["perfect_gain_per_round"]), f"{r['cpu_us_per_round']:.0f}"]
         + ([percent(r["exact_counter_gain_per_round"]), percent(r["exact_best_gain_per_round"])]
            if c.exact_count else [])
         for i, r in enumerate(rows)], right=tuple(range(3, 14)) + (0,))
    est = s.estimate()
    not_swept = _not_swept()
    return "\n".join([
        f"odds sweep-all: {c.decks} deck(s), {c.rule}, penetration {float(c.penetration):g}, {c.spots} spots, "
        f"{_shoes(c.shoes)} a wager ({c.round_shoes:,} at most for a wager settled on the player's play), "
        f"seed {c.seed}",
        "ranked by the counter's gain per round dealt" + (", computed exactly" if s.ranked_exactly else "")
        + " (one unit bet when the true count passes the threshold from the exact effects of removal; 'perfect' bets "
        "when the exact return is above 0"
        + ("; exact: no shoe dealt, rounds where the sweep's start, n/a for a wager with no exact count; the best count "
           "bets when the exact return given the count is above 0)" if c.exact_count else ")"),
        "",
        table,
        "",
        *([f"not swept: {', '.join(not_swept)}"] if not_swept else []),
        *[f"{res.spec.wager}: {w}" for res in s.results if (w := burnout_hands_warning(res.spec)) is not None],
        f"time: {s.seconds:.1f} s ({s.where})",
        f"the study at {est['shoes_per_wager']:,} shoes a wager ({est['wagers']} wager{'s' if est['wagers'] != 1 else ''}): "
        f"{est['cpu_seconds'] / 3600:.2f} CPU-hours; about {_duration(est['here']['seconds'])} on "
        f"{est['here']['cores']} cores, {_duration(est['cluster']['seconds'])} on {est['cluster']['nodes']} nodes of "
        f"{est['cluster']['cores_per_node']} cores (estimated from these sweeps' processor time a shoe; the start of a "
        "cluster, the exact effects of removal and Dask's few milliseconds a chunk come on top)",
    ])


def write_summary_plots(s: Summary, directory: Union[str, Path]) -> list[Path]:
    """``sweep-all-gain.png`` in ``directory`` (made if missing): each wager's gain per round dealt for
    the counter and for a player who knows the exact return, best first."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = s.rows()
    out = output_folder(directory, "--plots", create=True)
    c = s.conditions
    fig, ax = plt.subplots(figsize=(9, 1.2 + 0.38 * len(rows)))
    y = list(range(len(rows)))[::-1]
    ax.barh([v + 0.2 for v in y], [100 * r["counter_gain_per_round"] for r in rows], height=0.4,
            label="counter (linear count)", color="tab:blue")
    ax.barh([v - 0.2 for v in y], [100 * r["perfect_gain_per_round"] for r in rows], height=0.4,
            label="knows the exact return", color="tab:orange", hatch="//", edgecolor="white")
    top = max([100 * max(r["counter_gain_per_round"], r["perfect_gain_per_round"]) for r in rows] + [0.0])
    for v, r in zip(y, rows):  # the figures, so that the small gains are read too
        ax.text(100 * max(r["counter_gain_per_round"], r["perfect_gain_per_round"], 0.0) + top * 0.01, v,
                f"{100 * r['counter_gain_per_round']:+.4f}% / {100 * r['perfect_gain_per_round']:+.4f}%",
                va="center", fontsize=7)
    ax.set_xlim(min(0.0, *(100 * r["counter_gain_per_round"] for r in rows)), top * 1.35 or 1.0)
    ax.set_yticks(y, [f"{r['wager']} {r['paytable']}" + (f" ({_shoes(r['shoes'])})" if r["shoes"] != c.shoes else "")
                      for r in rows], fontsize=8)
    ax.axvline(0, color="k", lw=0.8)
    ax.set(xlabel="gain per round dealt (% of a unit wager)",
           title=f"What counting gains: {c.decks}D {c.rule}, pen {float(c.penetration):g}, {c.spots} spots, "
                 f"{c.shoes:,} shoes a wager")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False, fontsize=8)
    fig.tight_layout()
    path = write_into(out, "sweep-all-gain.png", png_bytes(fig), "--plots")
    plt.close(fig)
    return [path]
