"""A search for practical paytables: the pays that may move, their steps and bounds, a target
house edge (or a band) over every configuration a table will be played in, and the constraints a
designer uses; the tables that meet them, ranked by their distance from the target.

The house edge is linear in the pays. At a configuration c (decks, dealer's rule) a table's edge
is ``-(sum over outcomes of P_c(o) * pay(o))``, the losing rows paying -1: one par sheet a
configuration gives every ``P_c(o)``, and then a candidate's edge is a dot product. Every
candidate (the product of the varied pays' ranges) is screened at once in floating point; the
candidates near enough are then computed exactly in rationals and ranked, and each one listed is
priced again by the wager's own engine at every configuration and must equal its linear edge
exactly (else the wager's return is not linear in these pays, and the search says so).

>>> from odds.wagers import get_wager
>>> from odds.wagers.paytables import builtin_paytables
>>> from odds import DealerRules
>>> r = design(get_wager("buster"), builtin_paytables("buster").tables["C"], [(6, DealerRules.parse("H17"))],
...            Fraction(5, 100), {"bust-6": (8, 16, 1)}, top=2)
>>> [(c.pays["bust-6"], f"{float(c.edges[0]):.4%}") for c in r.candidates]
[(Fraction(16, 1), '5.1592%'), (Fraction(15, 1), '5.4230%')]
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Mapping, Optional, Sequence

from odds.core.errors import EngineError, PaytableError
from odds.core.formats import fraction_text, text_table
from odds.core.shoe import Shoe

from .paytables import Paytable
from .record import Wager

MOST_CANDIDATES = 2_000_000  # a search larger than this is refused: narrow the bounds or take coarser steps
SCREEN_MARGIN = 1e-9  # float screening keeps what lies this near the band, then decides exactly


@dataclass(frozen=True)
class Candidate:
    """A table found: its pays (every outcome's), its exact house edge at each configuration,
    its distance from the target (the largest over the configurations), and the standard
    deviation and 90% volatility index of one round at each configuration."""

    pays: Mapping[str, Fraction]
    edges: tuple[Fraction, ...]
    distance: Fraction
    sds: tuple[float, ...]
    counting: tuple[Any, ...] = ()  # a counter's figures at each configuration, where asked (odds.apps.compare.Counting)


@dataclass
class DesignResult:
    wager: str
    base: Paytable
    configurations: tuple[str, ...]
    target: Fraction
    band: Optional[tuple[Fraction, Fraction]]
    varied: Mapping[str, tuple[Fraction, Fraction, Fraction]]
    monotone: bool
    max_sd: Optional[float]
    searched: int
    meeting: int
    candidates: list[Candidate] = field(default_factory=list)
    seconds: float = 0.0
    counting: str = ""  # the conditions of the counter's figures, where asked
    max_edge_share: Optional[float] = None  # a constraint on them

    def constraints(self) -> list[str]:
        out = [f"{name} from {fraction_text(lo)} to {fraction_text(hi)} in steps of {fraction_text(step)}"
               for name, (lo, hi, step) in self.varied.items()]
        if self.band is not None:
            out.append(f"every configuration's house edge from {float(self.band[0]):.4%} to {float(self.band[1]):.4%}")
        if self.monotone:
            out.append("a rarer outcome pays at least as much as a commoner one (at every configuration)")
        if self.max_sd is not None:
            out.append(f"standard deviation of a round at most {self.max_sd:g} (at every configuration)")
        if self.max_edge_share is not None:
            out.append(f"rounds with a player edge at most {self.max_edge_share:.3%} of rounds (at every configuration, "
                       "as swept)")
        return out

    def to_json(self) -> dict[str, Any]:
        return {"wager": self.wager, "base_paytable": self.base.id, "configurations": list(self.configurations),
                "target_house_edge": fraction_text(self.target),
                "band": None if self.band is None else [fraction_text(b) for b in self.band],
                "constraints": self.constraints(), "searched": self.searched, "meeting": self.meeting,
                "method": METHOD, "seconds": round(self.seconds, 3),
                "candidates": [{"pays": {k: fraction_text(v) for k, v in c.pays.items()},
                                "house_edge": dict(zip(self.configurations, (fraction_text(e) for e in c.edges))),
                                "house_edge_decimal": dict(zip(self.configurations, (float(e) for e in c.edges))),
                                "distance": fraction_text(c.distance),
                                "std_dev": dict(zip(self.configurations, (round(s, 6) for s in c.sds))),
                                "volatility_index_90": dict(zip(self.configurations,
                                                                (round(Z90 * s, 6) for s in c.sds))),
                                **({"counting": dict(zip(self.configurations, (
                                    {"rounds": k.rounds, "player_edge_rounds": k.edge_rounds,
                                     "player_edge_share_ci95": list(k.share_interval),
                                     "counter_gain_per_round": k.gain_per_round} for k in c.counting)))}
                                   if c.counting else {})}
                               for c in self.candidates],
                "counting_conditions": self.counting or None}

    def to_text(self) -> str:
        names = list(self.varied)
        header = ["rank", *names, *(f"edge {c}" for c in self.configurations), "distance",
                  f"SD {self.configurations[0]}", "vol. 90%"]
        counted = any(c.counting for c in self.candidates)
        header += [f"edge rounds {self.configurations[0]}", "counter gain/round"] if counted else []
        rows = [[str(k), *(fraction_text(c.pays[n]) for n in names), *(f"{float(e):.4%}" for e in c.edges),
                 f"{float(c.distance):.4%}", f"{c.sds[0]:.4f}", f"{Z90 * c.sds[0]:.4f}"]
                + ([f"{c.counting[0].edge_rounds / c.counting[0].rounds:.3%}", f"{c.counting[0].gain_per_round:+.5f}"]
                   if counted and c.counting else ["-", "-"] if counted else [])
                for k, c in enumerate(self.candidates, start=1)]
        lines = [f"design {self.wager} from paytable {self.base.id}: target house edge {float(self.target):.4%} "
                 f"at {', '.join(self.configurations)}",
                 *(f"  - {c}" for c in self.constraints()),
                 f"{self.searched:,} tables searched in {self.seconds:.2f} s; {self.meeting:,} meet "
                 + ("the exact constraints" if self.max_edge_share is not None else "every constraint")
                 + ((f"; the {len(self.candidates)} nearest the target"
                     + (" that the sweep finds within the share of player-edge rounds" if self.max_edge_share is not None
                        else "") + ":") if self.candidates else ".")]
        if self.candidates:
            lines += ["", text_table(header, rows, right=range(1, len(header)))]
            lines += ["", "distance: the largest difference from the target over the configurations; every edge "
                      "exact (the decimals rounded from it) and confirmed by pricing the table again"]
            lines += [f"counting: {self.counting}"] if self.counting else []
        return "\n".join(lines)


METHOD = ("the house edge is linear in the pays: one par sheet a configuration gives each outcome's exact "
          "probability, every candidate is screened in floating point at once, the nearest are computed exactly "
          "in rationals, and each one listed is priced again by the wager's engine, equal exactly")
Z90 = 1.6448536269514722  # the 95th percentile of the standard normal: the 90% volatility index is z times the SD


def steps(lo: Fraction, hi: Fraction, step: Fraction) -> list[Fraction]:
    """The pays from ``lo`` to ``hi`` in steps of ``step``.

    >>> steps(Fraction(3), Fraction(4), Fraction(1, 2))
    [Fraction(3, 1), Fraction(7, 2), Fraction(4, 1)]
    """
    if step <= 0 or hi < lo:
        raise PaytableError(f"a range of pays runs from a low to a high pay in steps above 0, got "
                            f"{fraction_text(lo)}..{fraction_text(hi)} by {fraction_text(step)}")
    return [lo + k * step for k in range(int((hi - lo) / step) + 1)]


def design(wager: Wager, base: Paytable, configurations: Sequence[tuple[int, Any]], target: Fraction,
           vary: Mapping[str, tuple[Any, Any, Any]], band: Optional[tuple[Fraction, Fraction]] = None,
           monotone: bool = True, max_sd: Optional[float] = None, top: int = 10,
           options: Optional[Mapping[str, Any]] = None, extras: Optional[Mapping[str, Any]] = None) -> DesignResult:
    """Search the tables of ``wager``'s paytable ``base`` with the pays of ``vary`` (outcome: (low, high, step)) moved,
    at ``configurations`` ((decks, DealerRules), ...): those meeting ``band`` (every configuration's
    edge inside it), ``monotone`` and ``max_sd``, ranked by their largest distance from ``target``;
    the ``top`` nearest."""
    import numpy

    t0 = time.perf_counter()
    wager_name = wager.name
    if not configurations:
        raise PaytableError("give at least one configuration (decks and rule) to design for")
    varied = {name: (Fraction(lo), Fraction(hi), Fraction(step)) for name, (lo, hi, step) in vary.items()}
    for name in varied:
        if name not in base.pays:
            raise PaytableError(f"{wager_name} paytable {base.id} has no outcome {name!r} to vary "
                                f"(it pays: {', '.join(base.pays)})")
    if not varied:
        raise PaytableError("name at least one pay to vary: --vary OUTCOME=LOW..HIGH")
    ranges = {name: steps(*spec) for name, spec in varied.items()}
    size = math.prod(len(r) for r in ranges.values())
    if size > MOST_CANDIDATES:
        raise PaytableError(f"{size:,} tables to search, more than {MOST_CANDIDATES:,}: narrow the ranges or take "
                            "coarser steps")
    labels, probabilities = [], []
    for decks, rules in configurations:
        sheet = wager.price(Shoe.decks(decks), rules, base, decks, options or {}, extras)
        labels.append(f"{decks}d" + (f" {rules.name}" if wager.dealer_rule_matters else ""))
        probabilities.append({o.name: o.probability for o in sheet.outcomes})
    names = list(ranges)
    grid = numpy.array(numpy.meshgrid(*[[float(x) for x in ranges[n]] for n in names], indexing="ij"))
    grid = grid.reshape(len(names), -1).T  # a candidate a row
    keep = numpy.ones(len(grid), dtype=bool)
    screened = []
    for probs in probabilities:
        p = numpy.array([float(probs.get(n, 0)) for n in names])
        fixed = float(sum(prob * _pay(base, o) for o, prob in probs.items() if o not in varied))
        edge = -(fixed + grid @ p)
        screened.append(edge)
        if band is not None:
            keep &= (edge >= float(band[0]) - SCREEN_MARGIN) & (edge <= float(band[1]) + SCREEN_MARGIN)
        if max_sd is not None:
            second = float(sum(prob * _pay(base, o) ** 2 for o, prob in probs.items() if o not in varied))
            variance = second + (grid ** 2) @ p - edge ** 2
            keep &= numpy.sqrt(numpy.maximum(variance, 0)) <= max_sd + SCREEN_MARGIN
    if monotone:
        keep &= _monotone(base, names, grid, probabilities)
    distance = numpy.max(numpy.abs(numpy.array(screened) - float(target)), axis=0)
    order = [int(k) for k in numpy.argsort(distance, kind="stable") if keep[k]]
    meeting = len(order)
    found: list[Candidate] = []
    for k in order[:max(4 * top, top + 20)]:
        pays = dict(base.pays)
        for j, name in enumerate(names):
            pays[name] = ranges[name][_index(k, j, [len(ranges[n]) for n in names])]
        candidate = _exact(pays, probabilities, target)
        if band is not None and not all(band[0] <= e <= band[1] for e in candidate.edges):
            continue
        if max_sd is not None and max(candidate.sds) > max_sd:
            continue
        found.append(candidate)
    found.sort(key=lambda c: (c.distance, [c.pays[n] for n in names]))
    found = found[:top]
    for c in found:
        _confirm(wager, base, c, configurations, options, extras)
    return DesignResult(wager_name, base, tuple(labels), target, band, varied, monotone, max_sd, size, meeting, found,
                        time.perf_counter() - t0)


def _pay(table: Paytable, outcome: str) -> Fraction:
    return Fraction(table.pays[outcome]) if outcome in table.pays else Fraction(-1)


def _index(k: int, j: int, sizes: Sequence[int]) -> int:
    """The index into the ``j``-th varied pay's range of candidate ``k`` (meshgrid order, the last fastest)."""
    for size in reversed(sizes[j + 1:]):
        k //= size
    return k % sizes[j]


def _monotone(base: Paytable, names: Sequence[str], grid: Any, probabilities: Sequence[Mapping]) -> Any:
    """Which candidates pay a rarer outcome at least as much as a commoner one, at every configuration."""
    import numpy
    ok = numpy.ones(len(grid), dtype=bool)
    column = {n: grid[:, j] for j, n in enumerate(names)}
    for probs in probabilities:
        paid = [o for o in base.pays if probs.get(o)]
        for rare in paid:
            for common in paid:
                if probs[rare] < probs[common]:
                    a = column.get(rare, float(base.pays[rare]))
                    b = column.get(common, float(base.pays[common]))
                    ok &= numpy.asarray(a >= b)
    return ok


def _exact(pays: Mapping[str, Fraction], probabilities: Sequence[Mapping], target: Fraction) -> Candidate:
    edges, sds = [], []
    for probs in probabilities:
        mean = sum((p * pays.get(o, Fraction(-1)) for o, p in probs.items()), Fraction(0))
        second = sum((p * pays.get(o, Fraction(-1)) ** 2 for o, p in probs.items()), Fraction(0))
        edges.append(-mean)
        sds.append(math.sqrt(second - mean * mean))
    return Candidate(dict(pays), tuple(edges), max(abs(e - target) for e in edges), tuple(sds))


def _confirm(wager: Any, base: Paytable, candidate: Candidate, configurations: Sequence[tuple[int, Any]],
             options: Optional[Mapping[str, Any]], extras: Optional[Mapping[str, Any]]) -> None:
    """Price the candidate again at every configuration: its edge must equal the linear one."""
    table = replace(base, pays=dict(candidate.pays))
    for (decks, rules), edge in zip(configurations, candidate.edges):
        again = wager.price(Shoe.decks(decks), rules, table, decks, options or {}, extras).house_edge
        if again != edge:
            raise EngineError(f"the return of {wager.name} is not linear in these pays ({decks} deck(s): "
                              f"{again} priced, {edge} by the linear formula)")


def paytable_file(result: DesignResult, candidate: Candidate, table_id: str, decks: Sequence[int],
                  citation: str) -> str:
    """The candidate as a commented paytable file (``odds validate`` reads it)."""
    lines = [f"# Designed by odds design from {result.wager} paytable {result.base.id}: target house edge "
             f"{float(result.target):.4%} at {', '.join(result.configurations)}.",
             *(f"# {c}" for c in result.constraints()),
             *(f"# house edge {label}: {float(e):.6%} (exact {fraction_text(e)})"
               for label, e in zip(result.configurations, candidate.edges)),
             f'wager = "{result.wager}"', "", f"[paytables.{table_id}]", f'citation = "{citation}"',
             f"decks = [{', '.join(str(d) for d in decks)}]", "", f"[paytables.{table_id}.pays]"]
    lines += [f'"{name}" = ' + (str(p.numerator) if p.denominator == 1 else f'"{fraction_text(p)}"')
              for name, p in candidate.pays.items()]
    return "\n".join(lines) + "\n"
