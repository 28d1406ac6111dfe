"""What a wager's return for the shoe as it stands answers (:class:`ShoeReturn`): the exact
return and the chance the wager is offered, as integers or Fractions, or as floats, for a shoe
state (a :class:`~odds.core.shoe.Shoe`, or 52 counts by rank and suit, rank major). Each wager's
return is made by :mod:`odds.pricing.shoe_returns` or its family's module.

>>> from odds.core.shoe import Shoe
>>> class Even(ShoeReturn):  # pays 1 to 1 on a red first card, loses on a black one
...     def _exact(self, counts):
...         red = sum(counts[4 * r + s] for r in range(13) for s in (1, 2))
...         return 2 * red - sum(counts), sum(counts), 1, 1
>>> Even().exact(Shoe.decks(1)), Even().decide(Shoe.decks(1).remove("2H"), exact=True)[2]
((Fraction(0, 1), Fraction(1, 1)), False)
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Optional, Sequence

from odds.engine.deal_law import DealLaw
from odds.engine.shoe_state import shoe_state

TIE_BAND = 1e-9  # a float return this close to 0 has its sign decided in exact arithmetic


class ShoeReturn:
    """The return of one wager and paytable for any shoe (see the module's notes)."""

    wager = ""
    method = ""

    def ratio(self, counts: Sequence[int]) -> tuple[int, int, int, int]:
        """The exact return per unit wagered as ``num / den`` and the chance the wager is offered
        as ``onum / oden``, integers with ``den, oden > 0``."""
        return self._exact(shoe_state(counts))

    def _exact(self, counts: list[int]) -> tuple[int, int, int, int]:
        """:meth:`ratio` of a shoe state already checked."""
        raise NotImplementedError

    def exact(self, counts: Sequence[int]) -> tuple[Fraction, Fraction]:
        """(return per unit wagered, chance the wager is offered), exact."""
        num, den, onum, oden = self.ratio(counts)
        return Fraction(num, den), Fraction(onum, oden)

    def fast(self, counts: Sequence[int]) -> tuple[float, float]:
        """The same as floats (the shoe state checked by the compiled code that reads it)."""
        raise NotImplementedError

    def deal_law(self) -> Optional[DealLaw]:
        """The wager's value a round (the chance it is offered times its return) as a sum over the
        deals that settle it (:class:`~odds.engine.deal_law.DealLaw`), for the exact counting
        analysis; None where the return is not such a sum (a pay that depends on the shoe, a
        round of the main game)."""
        return None

    def fast_many(self, states: Any) -> Any:
        """:meth:`fast`'s return (not the chance offered) of every row of ``states`` (a C-contiguous
        int64 array of rows of 52 counts) as a float64 array; a compiled return may do it in one call."""
        import numpy
        return numpy.array([self.fast(row)[0] for row in states.tolist()], dtype=numpy.float64)

    def decide(self, counts: Sequence[int], exact: bool) -> tuple[float, float, bool]:
        """(return, chance offered, is the return > 0?) as floats and a sign that is always exact:
        from the exact ratio (its floats correctly rounded), or from the floats with a return
        within ``TIE_BAND`` of 0 decided in exact arithmetic."""
        if exact:
            num, den, onum, oden = self.ratio(counts)
            return num / den, onum / oden, num > 0
        r, q = self.fast(counts)
        return r, q, (r > 0 if abs(r) >= TIE_BAND else self.ratio(counts)[0] > 0)
