"""A wager record priced for any shoe state: its paytable, the dealer's rules and its options
bound once, then asked for the return of the shoe as it stands, as often as a simulator needs
(:class:`PricedRecord`). :func:`odds.price` (:mod:`odds.wagers.priced`) finds the record and the
paytable by name and makes one.

The return comes from the fastest path the package has for the wager: the closed forms and dealer
kernel calls of its shoe return (microseconds a state, the sign of a float return within 1e-9 of
zero decided exactly), the deal-by-deal return read off its own par sheet, else its exact par sheet
for that shoe (milliseconds). :attr:`PricedRecord.path` says which.
"""
from __future__ import annotations

import dataclasses

from fractions import Fraction
from typing import Any, Callable, Mapping, NamedTuple, Optional, Sequence, Union, cast

from odds.core.errors import ShoeError, WagerError

from odds.core.rules import DealerRules
from odds.core.shoe import Shoe
from odds.engine.deal_law import DealLaw
from odds.engine.shoe_state import shoe_state

from .parsheet import ParSheet
from .paytables import Paytable
from .record import Options, Wager
from .shoe_return import TIE_BAND, ShoeReturn
from .shoe_returns import record_return, recorded_deals

Number = Union[float, Fraction]
ShoeLike = Union[Shoe, Sequence[int]]


class WagerReturn(NamedTuple):
    """The return of a wager for one shoe state: ``ret`` per unit wagered when the wager is placed,
    ``offered`` the chance it is offered in the round (EZ Bust: an up card of 2 to 6; else 1), and
    ``player_edge`` whether the return is above zero (decided exactly, even in floats). Immutable;
    a named tuple, so that a simulator pays nothing to build one."""

    ret: Number
    offered: Number
    player_edge: bool


class PricedRecord:
    """The wager of ``wager`` (its record) with ``table``, the sections beside it in its file
    (``extras``), the dealer's ``rules``, the game's ``decks`` and its checked ``options``, ready
    for any shoe state; ``exact``: Fractions, else floats."""

    def __init__(self, wager: Wager, table: Paytable, extras: Mapping[str, Any], rules: DealerRules,
                 decks: Optional[int], exact: bool, options: Options, notes: Sequence[str] = ()) -> None:
        self.notes = tuple(notes)  # warnings every par sheet carries (a proposed paytable)
        self.wager, self.table, self.extras, self.rules = wager, table, dict(extras), rules
        self.decks, self.exact, self.options = decks, exact, options
        given = self.options.keywords()
        fast_ok = (self.wager.shoe_return is not None and not self.table.meter_pays
                   and set(given) <= set(self.wager.shoe_return_options))
        self._fast: Optional[ShoeReturn] = (record_return(self.wager, self.table.pays, rules, **given)
                                            if fast_ok else None)
        if self._fast is None and self.wager.game is not None:  # its options or meters read off its own sheet
            self._fast = recorded_deals(self.wager.name, lambda decks: self.par_sheet(Shoe.decks(decks)))
        # the float return of a shoe state, checked in C, as (return, chance offered)
        self._float: Optional[Callable[[Sequence[int]], tuple[float, float]]] = (
            None if exact or self._fast is None else self._fast.fast)
        self.path = (self._fast.method if self._fast is not None
                     else "the exact law of a round of the main game for the shoe (seconds a shoe), the "
                          "player playing composition-dependent strategy: each decision best for the hand's "
                          "cards and the up card, split hands by their own cards" if self.wager.rounds
                     else "the wager's exact par sheet for the shoe")

    def __repr__(self) -> str:
        return (f"{type(self).__name__}({self.wager.name!r}, paytable {self.table.id!r}, {self.rules.name}, "
                f"{'exact' if self.exact else 'float'}; {self.path})")

    def ret(self, shoe: ShoeLike) -> WagerReturn:
        """The return per unit wagered for the shoe as it stands: a shoe state (see :func:`odds.price`)."""
        # a Shoe is taken as it is: every path reads the state through the one check (shoe_state)
        state: Sequence[int] = shoe  # type: ignore[assignment]
        if self._float is not None:
            r, q = self._float(state)
            if r >= TIE_BAND or r <= -TIE_BAND:
                return WagerReturn(r, q, r > 0)
            # the sign of a return this close to 0 decided exactly
            return WagerReturn(r, q, cast(ShoeReturn, self._fast).ratio(state)[0] > 0)
        if self._fast is not None:
            num, den, onum, oden = self._fast.ratio(state)
            return WagerReturn(Fraction(num, den), Fraction(onum, oden), num > 0)
        sheet = self.par_sheet(shoe)
        ret = sheet.expected_return
        return WagerReturn(ret if self.exact else float(ret), Fraction(1) if self.exact else 1.0, ret > 0)

    def ret_many(self, states: Any) -> Any:
        """The return per unit wagered of many shoe states in one call: ``states`` a 2-D array of
        rows of 52 counts by rank and suit (a numpy array, any buffer, or a list of lists). Floats:
        a float64 array, one return a row (the closed forms in one compiled loop, no Python object a
        state; other wagers a row at a time); exact: a list of Fractions. Several wagers on the same
        states: call each one's ``ret_many`` with the same array (read once into it: ``states_array``).

        >>> from odds import price
        >>> w = price("21+3", "C", decks=6)
        >>> rows = [[6] * 52, [6] * 51 + [5]]
        >>> [round(float(r), 6) for r in w.ret_many(rows)] == [round(w.ret(row).ret, 6) for row in rows]
        True
        """
        import numpy
        array = states_array(states)
        if self.exact:
            return [self.ret(row).ret for row in array.tolist()]
        if self._fast is None:
            return numpy.array([float(self.ret(row).ret) for row in array.tolist()], dtype=numpy.float64)
        return self._fast.fast_many(array)

    def deal_law(self) -> Optional[DealLaw]:
        """The wager's value a round (the chance it is offered times its return) as a sum over the
        deals that settle it, for the exact counting analysis (:mod:`odds.engine.counting`): its
        shoe return's, else read deal by deal off its own par sheet (a first-cards wager); None for
        a wager settled on whole rounds or paid by the shoe."""
        law = self._fast.deal_law() if self._fast is not None else None
        if law is None and self.wager.game is not None:
            deals = recorded_deals(self.wager.name, lambda decks: self.par_sheet(Shoe.decks(decks)))
            law = deals.deal_law() if deals is not None else None
        return law

    def par_sheet(self, shoe: ShoeLike) -> ParSheet:
        """The whole outcome distribution for the shoe, exact (every outcome's chance and return)."""
        sheet = self.wager.price(_shoe(shoe), self.rules, self.table, self.decks or 1, self.options,
                                 extras=self.extras)
        return dataclasses.replace(sheet, warnings=sheet.warnings + self.notes) if self.notes else sheet

    def outcomes(self, shoe: ShoeLike) -> dict[str, Number]:
        """The chance of each outcome for the shoe, by name (Fractions, or floats unless exact)."""
        return {o.name: (o.probability if self.exact else float(o.probability))
                for o in self.par_sheet(shoe).outcomes}


def ret_table(wagers: Sequence[PricedRecord], states: Any) -> Any:
    """The return of several priced wagers on the same shoe states, in one call: the states read
    once (:func:`states_array`), then each wager's :meth:`PricedRecord.ret_many` on them. Floats: a
    float64 array of one row a state and one column a wager, in the order given; exact (every wager
    ``exact=True``): a list of rows of Fractions. Float and exact wagers are not mixed.

    >>> from odds import price
    >>> table = ret_table([price("21+3", "C", decks=6), price("buster", "C", rules="H17", decks=6)],
    ...                   [[6] * 52, [6] * 51 + [5]])
    >>> table.shape, round(float(table[0, 1]), 6)
    ((2, 2), -0.062143)
    """
    import numpy
    wagers = list(wagers)
    if not wagers or not all(isinstance(w, PricedRecord) for w in wagers):
        raise WagerError("ret_table: a list of priced wagers (odds.price(...)), at least one")
    kinds = {w.exact for w in wagers}
    if len(kinds) > 1:
        raise WagerError("ret_table: every wager float or every wager exact (exact=True), not both")
    array = states_array(states)
    columns = [w.ret_many(array) for w in wagers]
    if kinds == {True}:
        return [list(row) for row in zip(*columns)]
    return numpy.column_stack(columns) if len(array) else numpy.empty((0, len(wagers)))


def states_array(states: Any) -> Any:
    """Shoe states as one C-contiguous int64 array of rows of 52 counts (rank major), checked for
    its shape; each row's counts are checked where they are read.

    >>> states_array([[1] * 52]).shape
    (1, 52)
    """
    import numpy
    try:
        given = numpy.asarray(states)
        array = numpy.ascontiguousarray(given, dtype=numpy.int64)
    except (TypeError, ValueError, OverflowError):
        raise ShoeError("shoe states: a 2-D array of whole numbers, rows of 52 counts by rank and suit") from None
    if array.ndim != 2 or array.shape[1] != 52:
        raise ShoeError(f"shoe states: rows of 52 counts by rank and suit (rank major), not an array of shape "
                        f"{array.shape}")
    if given.dtype.kind not in "iu":
        raise ShoeError(f"shoe states: whole numbers (an integer array, or lists of ints), not {given.dtype}")
    return array


def _shoe(shoe: ShoeLike) -> Shoe:
    """A Shoe as it is (its suits may be unknown: a par sheet that needs them says so), else the
    Shoe of a checked shoe state."""
    return shoe if isinstance(shoe, Shoe) else Shoe.from_flat_counts(shoe_state(shoe))
