"""Exact checks: figures computed two ways and compared with ``==``, as certification reports them.

>>> from fractions import Fraction
>>> check = ExactCheck((Figure("P(bust)", Fraction(1, 3), Fraction(1, 3)),), "method")
>>> check.agrees, check.verdict()
(True, 'The fast path and the reference path agree exactly on every figure.')
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Figure:
    """One figure computed both ways."""

    name: str
    fast: Fraction
    reference: Fraction

    @property
    def agrees(self) -> bool:
        return self.fast == self.reference


@dataclass(frozen=True)
class ExactCheck:
    """Figures computed two ways and compared with ``==``. ``compared`` names the two ways (as the
    verdict says them), ``columns`` head their columns; ``method`` is the paragraph of section 5,
    ``lead`` the text before the table; ``label`` is the line the command prints."""

    figures: tuple[Figure, ...]
    method: str
    title: str = "Fast path against reference path (exact)"
    compared: str = "the fast path and the reference path"
    columns: tuple[str, str] = ("fast path", "reference path")
    lead: str = ""
    label: str = "fast path = reference path"

    @property
    def agrees(self) -> bool:
        return all(f.agrees for f in self.figures)

    def verdict(self) -> str:
        if self.agrees:
            return f"{self.compared[0].upper()}{self.compared[1:]} agree exactly on every figure."
        bad = ", ".join(f.name for f in self.figures if not f.agrees)
        return f"VERIFICATION FAILED: {self.compared} differ on {bad}."
