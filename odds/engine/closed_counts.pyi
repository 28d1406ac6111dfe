"""Closed-form counts of first-cards deals (built from ``ext/closed_counts.pyx``)."""
from collections.abc import Sequence
from typing import Any

FORMS: tuple[str, ...]
NEEDS: tuple[int, ...]

def closed_terms(form: int, counts: Sequence[int]) -> tuple[int, ...]:
    """The terms of the closed form ``FORMS[form]``, exact, and the cycle last."""

def closed_mean(form: int, counts: Sequence[int], pays: Any) -> float:
    """``sum(pays[i] * term[i]) / cycle`` in doubles (``pays`` a buffer of doubles)."""
def closed_mean_many(form: int, states: Any, pays: Any, out: Any) -> None:
    """``closed_mean`` of every row of ``states`` (an int64 array of rows of 52 counts) into ``out`` (doubles)."""
