"""Solve a paytable for a house edge: the exact pay of one outcome that gives a target edge.

The return of a wager is linear in the pay of any one outcome (the pay multiplies that outcome's
probability, which does not depend on the pay), so two exact par sheets, with the pay at 0 and at
1, fix the line; sympy solves it in rationals, and the answer is checked by computing the par sheet
once more with the solved pay: its house edge must equal the target exactly. Everything here is
exact (``Fraction``); nothing passes through a float.

The practical pays either side are the nearest whole numbers, or halves for pays under 10.

>>> from odds.wagers import get_wager
>>> from odds.wagers.paytables import builtin_paytables
>>> from odds.core.rules import DealerRules
>>> C = builtin_paytables("buster").tables["C"]
>>> s = solve_pay(get_wager("buster"), C, 6, DealerRules.parse("H17"), "bust-3", "5%")
>>> s.target_edge, s.exact_edge(s.pay) == s.target_edge
(Fraction(1, 20), True)
>>> s.lower.pay <= s.pay <= s.upper.pay
True
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Optional, Union, cast

import sympy

from odds.core.errors import EngineError, PaytableError, shown
from odds.core.numbers import exact_number

if TYPE_CHECKING:
    from odds.core.rules import DealerRules
    from .record import Wager
    from .paytables import Paytable

HALVES_BELOW = 10  # pays under this are rounded to halves, others to whole numbers


def parse_share(text: Union[str, int, Fraction], what: str = "share", example: str = "0.05, 1/20 or 5%") -> Fraction:
    """An exact number written ``"0.75"``, ``"3/4"`` or ``"75%"`` (or given as a Fraction), read by
    :func:`odds.core.numbers.exact_number` (bounded digits and exponent); ``example`` for the message.

    >>> parse_share("75%"), parse_share("3/4")
    (Fraction(3, 4), Fraction(3, 4))
    """
    return exact_number(text, what, percent=True, error=PaytableError, hint=f"write {example}")


def parse_edge(text: Union[str, int, Fraction]) -> Fraction:
    """A house edge as an exact number: ``"0.05"``, ``"1/20"``, ``"5%"`` or a Fraction. A bare number
    of 1 or more (``"5"``, which would be 500%) is refused with a hint, as is an edge of 100% or more.

    >>> parse_edge("5%"), parse_edge("0.05"), parse_edge("1/20"), parse_edge("-0.5%")
    (Fraction(1, 20), Fraction(1, 20), Fraction(1, 20), Fraction(-1, 200))
    >>> parse_edge("5")
    Traceback (most recent call last):
    odds.core.errors.PaytableError: a house edge of '5' reads as 500%: write 5% for five per cent, or 0.05
    """
    edge = parse_share(text, "house edge")
    if abs(edge) >= 1:
        if isinstance(text, str) and not text.strip().endswith("%"):
            raise PaytableError(f"a house edge of '{shown(text)}' reads as {edge * 100}%: write {text.strip()}% for "
                                f"{_words(edge)} per cent, or {_decimal(edge / 100)}")
        raise PaytableError(f"a house edge of {edge * 100}% is not possible (write one below 100%)")
    return edge


def _words(x: Fraction) -> str:
    names = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
             9: "nine", 10: "ten"}
    return names.get(int(x), str(x)) if x.denominator == 1 else str(float(x))


def _decimal(x: Fraction) -> str:
    """A short decimal of ``x`` (exact when it has one of at most 12 places)."""
    for places in range(13):
        if (x * 10 ** places).denominator == 1:
            return f"{float(x):.{places}f}"
    return f"{float(x):.12g}"


@dataclass(frozen=True)
class Practical:
    pay: Fraction
    house_edge: Fraction


@dataclass(frozen=True)
class Solution:
    wager: str
    paytable: str
    decks: int
    rule: str
    outcome: str
    target_edge: Fraction
    pay: Fraction  # the exact pay giving target_edge
    probability: Fraction  # d(return)/d(pay): the outcome's probability
    lower: Optional[Practical]  # the nearest practical pay at or below (None when it would be negative)
    upper: Practical  # the nearest practical pay at or above
    exact_edge: Optional[Callable[[Fraction], Fraction]] = dataclasses.field(repr=False, compare=False, default=None)

    def to_json(self) -> dict[str, Any]:
        def prac(p: Optional[Practical]) -> Optional[dict[str, str]]:
            return None if p is None else {"pay": str(p.pay), "house_edge": str(p.house_edge),
                                           "house_edge_percent": f"{float(p.house_edge * 100):.4f}"}
        return {"wager": self.wager, "paytable": self.paytable, "decks": self.decks, "rule": self.rule,
                "outcome": self.outcome, "target_edge": str(self.target_edge), "pay": str(self.pay),
                "pay_decimal": f"{float(self.pay):.6f}", "probability": str(self.probability),
                "lower": prac(self.lower), "upper": prac(self.upper)}

    def to_text(self) -> str:
        def line(label: str, p: Optional[Practical]) -> str:
            if p is None:
                return f"{label}: none (a pay cannot be negative)"
            return f"{label}: {p.pay} to 1, house edge {_percent(p.house_edge)}"
        return "\n".join([
            f"{self.wager}, paytable {self.paytable}, {self.decks} deck(s), {self.rule}: pay of {self.outcome}",
            f"target house edge {_percent(self.target_edge)}",
            f"pay {float(self.pay):.6f} to 1 (exact {self.pay}); P({self.outcome}) {float(self.probability):.8g} "
            f"(exact {self.probability})",
            line("practical pay below", self.lower),
            line("practical pay above", self.upper)])


def practical_pays(pay: Fraction) -> tuple[Optional[Fraction], Fraction]:
    """The nearest practical pays at or below and at or above ``pay`` (halves under 10, else whole).

    >>> practical_pays(Fraction(37, 4)), practical_pays(Fraction(101, 4))
    ((Fraction(9, 1), Fraction(19, 2)), (Fraction(25, 1), Fraction(26, 1)))
    >>> practical_pays(Fraction(-1, 3))
    (None, Fraction(0, 1))
    """
    def step_for(x: Fraction) -> Fraction:
        return Fraction(1, 2) if x < HALVES_BELOW else Fraction(1)

    step = step_for(pay)
    lo = math.floor(pay / step) * step
    hi = math.ceil(pay / step) * step
    if step_for(hi) != step:  # just under 10 rounding up lands on 10, still a practical pay
        hi = Fraction(math.ceil(hi))
    return (Fraction(lo) if lo >= 0 else None), Fraction(max(hi, Fraction(0)))


def solve_pay(wager: Wager, paytable: Paytable, decks: int, rules: DealerRules, outcome: str,
              target_edge: Union[str, int, Fraction], **options: Any) -> Solution:
    """The exact pay for ``outcome`` that gives ``target_edge``, the other pays as in ``paytable``.

    ``wager`` is the wager's record (:class:`~odds.pricing.record.Wager`); ``options`` go to its par sheet.
    An unknown outcome, one that never happens, or a target that would need a negative pay is a
    :class:`~odds.core.errors.PaytableError`.
    """
    from odds.core.shoe import Shoe
    w = wager
    target = parse_edge(target_edge)
    known = set(w.paid_outcomes) | set(paytable.pays)
    if outcome not in known:
        raise PaytableError(f"{w.name} has no paid outcome {outcome!r} (paid outcomes: {', '.join(w.paid_outcomes)})")
    shoe = Shoe.decks(decks)

    def edge_at(pay: Union[int, Fraction]) -> Fraction:
        pays = dict(paytable.pays)
        pays[outcome] = Fraction(pay)
        table = dataclasses.replace(paytable, pays=pays)
        return w.price(shoe, rules, table, decks, options).house_edge

    e0, e1 = edge_at(0), edge_at(1)
    slope = e0 - e1  # the edge falls by P(outcome) for each unit of pay
    if slope == 0:
        raise PaytableError(f"{outcome} never happens in {w.name} with {decks} deck(s): no pay changes the edge")
    x = sympy.Symbol("x")
    roots = sympy.solve(sympy.Eq(sympy.Rational(e0.numerator, e0.denominator)
                                 - sympy.Rational(slope.numerator, slope.denominator) * x,
                                 sympy.Rational(target.numerator, target.denominator)), x)
    if len(roots) != 1 or not roots[0].is_Rational:
        raise EngineError(f"no single rational pay solves for {outcome}: {roots}")
    pay = Fraction(int(roots[0].p), int(roots[0].q))
    if pay < 0:
        raise PaytableError(f"a house edge of {_percent(target)} needs a negative pay for {outcome} "
                            f"({float(pay):.6g}); with the other pays as they are, the highest edge is "
                            f"{_percent(e0)}, at pay 0")
    if edge_at(pay) != target:
        raise EngineError(f"the return of {w.name} is not linear in the pay of {outcome}")
    lo, hi = practical_pays(pay)
    return Solution(w.name, paytable.id, decks, w.rule_shown(rules), outcome, target, pay, slope,
                    None if lo is None else Practical(lo, edge_at(lo)), Practical(hi, edge_at(hi)),
                    edge_at)


def _pays_edge(w: Wager, paytable: Paytable, decks: int, rules: DealerRules,
               options: dict) -> Callable[[dict], Fraction]:
    """The exact house edge of the paytable with some pays replaced (``{outcome: pay}``)."""
    from odds.core.shoe import Shoe

    shoe = Shoe.decks(decks)

    def edge(changes: dict) -> Fraction:
        table = dataclasses.replace(paytable, pays={**paytable.pays, **{k: Fraction(v) for k, v in changes.items()}})
        return w.price(shoe, rules, table, decks, options).house_edge
    return edge


def _check_outcomes(w: Wager, paytable: Paytable, outcomes: tuple[str, ...]) -> None:
    known = set(w.paid_outcomes) | set(paytable.pays)
    for outcome in outcomes:
        if outcome not in known:
            raise PaytableError(f"{w.name} has no paid outcome {outcome!r} (paid outcomes: "
                                f"{', '.join(w.paid_outcomes)})")
    if len(set(outcomes)) != len(outcomes):
        raise PaytableError(f"an outcome is named twice: {', '.join(outcomes)}")


@dataclass(frozen=True)
class ScaledSolution:
    """Several pays scaled together by one exact factor to reach a target edge, and practical
    tables near it (each pay rounded down, to the nearest, and up), each with its exact edge."""

    wager: str
    paytable: str
    decks: int
    rule: str
    outcomes: tuple[str, ...]
    target_edge: Fraction
    factor: Fraction
    pays: dict  # outcome -> exact scaled pay
    practical: tuple  # (label, {outcome: pay}, exact house edge)

    def to_json(self) -> dict[str, Any]:
        return {"wager": self.wager, "paytable": self.paytable, "decks": self.decks, "rule": self.rule,
                "outcomes": list(self.outcomes), "target_edge": str(self.target_edge),
                "factor": str(self.factor), "factor_decimal": round(float(self.factor), 6),
                "pays": {k: str(v) for k, v in self.pays.items()},
                "pays_decimal": {k: round(float(v), 6) for k, v in self.pays.items()},
                "practical": [{"rounding": label, "pays": {k: str(v) for k, v in pays.items()},
                               "house_edge": str(edge), "house_edge_percent": f"{float(edge * 100):.4f}"}
                              for label, pays, edge in self.practical]}

    def to_text(self) -> str:
        lines = [f"{self.wager}, paytable {self.paytable}, {self.decks} deck(s), {self.rule}: "
                 f"the pays of {', '.join(self.outcomes)} scaled together",
                 f"target house edge {_percent(self.target_edge)}",
                 f"factor {float(self.factor):.6f} (exact {self.factor})"]
        lines += [f"  {k}: {float(v):.6f} to 1 (exact {v})" for k, v in self.pays.items()]
        for label, pays, edge in self.practical:
            lines.append(f"practical, {label}: " + ", ".join(f"{k} {v}" for k, v in pays.items())
                         + f"; house edge {_percent(edge)}")
        return "\n".join(lines)


def _percent(x: Fraction) -> str:
    """``4.1234% (exact p/q)``: a decimal with the exact fraction beside it."""
    return f"{float(x * 100):.4f}% (exact {x})"


def solve_scale(wager: Wager, paytable: Paytable, decks: int, rules: DealerRules,
                outcomes: tuple[str, ...], target_edge: Union[str, int, Fraction], **options: Any) -> ScaledSolution:
    """The one factor by which the pays of ``outcomes`` are multiplied to give ``target_edge``.

    >>> from odds.wagers import get_wager
    >>> from odds.wagers.paytables import builtin_paytables
    >>> from odds.core.rules import DealerRules
    >>> C = builtin_paytables("buster").tables["C"]
    >>> s = solve_scale(get_wager("buster"), C, 6, DealerRules.parse("H17"), ("bust-7", "bust-8+"), "6%")
    >>> down, nearest, up = s.practical
    >>> down[0], down[2] >= s.target_edge >= up[2]
    ('each pay rounded down', True)
    """
    w = wager
    target = parse_edge(target_edge)
    _check_outcomes(w, paytable, outcomes)
    edge = _pays_edge(w, paytable, decks, rules, options)
    base = {o: Fraction(paytable.pays.get(o, 0)) for o in outcomes}
    if not any(base.values()):
        raise PaytableError(f"{', '.join(outcomes)} pay nothing now: there is nothing to scale (solve one pay)")
    e0, e1 = edge({o: 0 for o in outcomes}), edge(base)
    if e0 == e1:
        raise PaytableError(f"{', '.join(outcomes)} never happen with {decks} deck(s): no scaling changes the edge")
    factor = (e0 - target) / (e0 - e1)
    if factor < 0:
        raise PaytableError(f"a house edge of {_percent(target)} needs negative pays; with these pays at 0 the edge "
                            f"is {_percent(e0)}")
    pays = {o: factor * p for o, p in base.items()}
    if edge(pays) != target:
        raise EngineError(f"the return of {w.name} is not linear in the pays of {', '.join(outcomes)}")
    practical = []
    for label, pick in (("each pay rounded down", 0), ("each pay to the nearest", None), ("each pay rounded up", 1)):
        chosen = {}
        for o, p in pays.items():
            lo, hi = practical_pays(p)
            nearest = hi if lo is None or hi - p < p - lo else lo
            chosen[o] = (lo if lo is not None else hi) if pick == 0 else hi if pick == 1 else nearest
        practical.append((label, chosen, edge(chosen)))
    return ScaledSolution(w.name, paytable.id, decks, w.rule_shown(rules), tuple(outcomes), target, factor, pays,
                          tuple(practical))


@dataclass(frozen=True)
class EdgeGrid:
    """The exact house edge for every pair of pays of two outcomes (the other pays as they are)."""

    wager: str
    paytable: str
    decks: int
    rule: str
    rows: tuple  # (outcome, (pays...)): down the side
    columns: tuple  # (outcome, (pays...)): across
    edges: tuple  # edges[i][j]: row pay i, column pay j
    target_edge: Optional[Fraction] = None

    def to_json(self) -> dict[str, Any]:
        return {"wager": self.wager, "paytable": self.paytable, "decks": self.decks, "rule": self.rule,
                "rows": {"outcome": self.rows[0], "pays": [str(p) for p in self.rows[1]]},
                "columns": {"outcome": self.columns[0], "pays": [str(p) for p in self.columns[1]]},
                "house_edge": [[str(e) for e in row] for row in self.edges],
                "house_edge_percent": [[f"{float(e * 100):.4f}" for e in row] for row in self.edges],
                "target_edge": None if self.target_edge is None else str(self.target_edge)}

    def to_text(self) -> str:
        from odds.core.formats import text_table
        (r_name, r_pays), (c_name, c_pays) = self.rows, self.columns
        marked = self.target_edge is not None
        header = [f"{r_name} \\ {c_name}"] + [str(p) for p in c_pays]
        body = [[str(rp)] + [f"{float(e * 100):.4f}%" + ("*" if marked and e >= cast(Fraction, self.target_edge)
                                                          else "") for e in row]
                for rp, row in zip(r_pays, self.edges)]
        lines = [f"{self.wager}, paytable {self.paytable}, {self.decks} deck(s), {self.rule}: house edge by the "
                 f"pays of {r_name} (rows) and {c_name} (columns), exact (--format json for the fractions)", "",
                 text_table(header, body, right=range(1, len(header)))]
        if marked:
            lines += ["", f"* at or above the target house edge {_percent(cast(Fraction, self.target_edge))}"]
        return "\n".join(lines)


def edge_grid(wager: Wager, paytable: Paytable, decks: int, rules: DealerRules,
              rows: tuple, columns: tuple, target_edge: Union[str, Fraction, None] = None,
              **options: Any) -> EdgeGrid:
    """The exact house edge at every pay of ``rows`` = ``(outcome, pays)`` against every pay of
    ``columns``. The edge is affine in the two pays (their outcomes' chances do not depend on
    them): three par sheets fix it, and the cells at the grid's four corners are computed again
    and must agree exactly.

    >>> from odds.wagers import get_wager
    >>> from odds.wagers.paytables import builtin_paytables
    >>> from odds.core.rules import DealerRules
    >>> C = builtin_paytables("buster").tables["C"]
    >>> g = edge_grid(get_wager("buster"), C, 6, DealerRules.parse("H17"), ("bust-7", (40, 50)), ("bust-8+", (200, 250)))
    >>> g.edges[1][1] == _pays_edge(get_wager("buster"), C, 6,
    ...                             DealerRules.parse("H17"), {})({"bust-7": 50, "bust-8+": 250})
    True
    """
    w = wager
    (r_name, r_pays), (c_name, c_pays) = rows, columns
    _check_outcomes(w, paytable, (r_name, c_name))
    r_pays, c_pays = tuple(Fraction(p) for p in r_pays), tuple(Fraction(p) for p in c_pays)
    if not r_pays or not c_pays or min(r_pays + c_pays) < 0:
        raise PaytableError("a grid needs one or more pays, none negative, for each of its two outcomes")
    edge = _pays_edge(w, paytable, decks, rules, options)
    e00 = edge({r_name: 0, c_name: 0})
    a, b = edge({r_name: 1, c_name: 0}) - e00, edge({r_name: 0, c_name: 1}) - e00
    cells = tuple(tuple(e00 + a * x + b * y for y in c_pays) for x in r_pays)
    for i in (0, len(r_pays) - 1):
        for j in (0, len(c_pays) - 1):
            if edge({r_name: r_pays[i], c_name: c_pays[j]}) != cells[i][j]:
                raise EngineError(f"the return of {w.name} is not affine in the pays of {r_name} and {c_name}")
    target = None if target_edge is None else parse_edge(target_edge)
    return EdgeGrid(w.name, paytable.id, decks, w.rule_shown(rules), (r_name, r_pays), (c_name, c_pays), cells, target)
