"""Solve a paytable for a house edge: the exact pay of one outcome that gives a target edge.

The return of a wager is linear in the pay of any one outcome (the pay multiplies that outcome's
probability, which does not depend on the pay), so two exact par sheets, with the pay at 0 and at
1, fix the line; sympy solves it in rationals, and the answer is checked by computing the par sheet
once more with the solved pay: its house edge must equal the target exactly. Everything here is
exact (``Fraction``); nothing passes through a float.

The practical pays either side are the nearest whole numbers, or halves for pays under 10.

>>> from odds.wagers.paytables import builtin_paytables
>>> from odds.core.rules import DealerRules
>>> C = builtin_paytables("buster").tables["C"]
>>> s = solve_pay("buster", C, 6, DealerRules.parse("H17"), "bust-3", "5%")
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
from typing import TYPE_CHECKING, Any, Callable, Optional, Union

import sympy

from odds.core.errors import EngineError, PaytableError

if TYPE_CHECKING:
    from odds.core.rules import DealerRules
    from . import Wager
    from .paytables import Paytable

HALVES_BELOW = 10  # pays under this are rounded to halves, others to whole numbers


def parse_edge(text: Union[str, int, Fraction]) -> Fraction:
    """A house edge as an exact number: ``"0.05"``, ``"1/20"``, ``"5%"`` or a Fraction.

    >>> parse_edge("5%"), parse_edge("0.05"), parse_edge("1/20")
    (Fraction(1, 20), Fraction(1, 20), Fraction(1, 20))
    """
    if isinstance(text, Fraction) or (isinstance(text, int) and not isinstance(text, bool)):
        return Fraction(text)
    s = str(text).strip()
    try:
        return Fraction(s[:-1].strip()) / 100 if s.endswith("%") else Fraction(s)
    except (ValueError, ZeroDivisionError):
        raise PaytableError(f"cannot read the house edge {text!r} (write 0.05, 1/20 or 5%)") from None


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
            return f"{label}: {p.pay} to 1, house edge {float(p.house_edge * 100):.4f}% = {p.house_edge}"
        return "\n".join([
            f"{self.wager}, paytable {self.paytable}, {self.decks} deck(s), {self.rule}: pay of {self.outcome}",
            f"target house edge {float(self.target_edge * 100):.4f}% = {self.target_edge}",
            f"exact pay {self.pay} to 1 (~{float(self.pay):.6f}); P({self.outcome}) = {self.probability}",
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


def solve_pay(wager: Union[str, Wager], paytable: Paytable, decks: int, rules: DealerRules, outcome: str,
              target_edge: Union[str, int, Fraction], **options: Any) -> Solution:
    """The exact pay for ``outcome`` that gives ``target_edge``, the other pays as in ``paytable``.

    ``wager`` is a name or a :class:`~odds.wagers.Wager`; ``options`` go to its par sheet.
    An unknown outcome, one that never happens, or a target that would need a negative pay is a
    :class:`~odds.core.errors.PaytableError`.
    """
    from odds.core.shoe import Shoe
    from . import get_wager

    w = get_wager(wager) if isinstance(wager, str) else wager
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
        raise PaytableError(f"a house edge of {target} needs a negative pay for {outcome} ({pay}); "
                            f"with the other pays as they are, the highest edge is {e0} (at pay 0)")
    if edge_at(pay) != target:
        raise EngineError(f"the return of {w.name} is not linear in the pay of {outcome}")
    lo, hi = practical_pays(pay)
    return Solution(w.name, paytable.id, decks, rules.name, outcome, target, pay, slope,
                    None if lo is None else Practical(lo, edge_at(lo)), Practical(hi, edge_at(hi)),
                    edge_at)
