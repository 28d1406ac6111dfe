"""A wager priced for any shoe state: prepared once (wager, paytable, the dealer's rules, options,
exact or float), then asked for the return of the shoe as it stands, as often as a simulator needs.

>>> from odds import Shoe, price
>>> buster = price("buster", "C", rules="H17", decks=6)
>>> shoe = Shoe.decks(6).remove("KS 7H 5D QC 2S TH 9D 6C 3H KD 4S 5H 8C")
>>> r = buster.ret(shoe)
>>> round(r.ret, 6), r.offered, r.player_edge
(-0.062618, 1.0, False)
>>> exact = price("buster", "C", rules="H17", decks=6, exact=True).ret(shoe)
>>> exact.ret == buster.par_sheet(shoe).expected_return
True

The return comes from the fastest path the package has for the wager: the sweep's closed forms and
dealer kernel calls (Buster, EZ Bust, 21+3, the twenty-point bonus: microseconds a state, the sign
of a float return within 1e-9 of zero decided exactly), else the wager's exact par sheet for that
shoe (milliseconds). :attr:`PricedWager.path` says which.
"""
from __future__ import annotations

from fractions import Fraction
from os import PathLike
from typing import Any, Callable, NamedTuple, Optional, Sequence, Union, cast

from odds.core.errors import WagerError, shown
from odds.core.rules import DealerRules
from odds.core.shoe import MAX_DECKS, Shoe
from odds.engine.shoe_state import shoe_state
from odds.pricing.parsheet import ParSheet
from odds.pricing.shoe_return import TIE_BAND, ShoeReturn
from odds.pricing.shoe_returns import recorded_deals

from . import get_wager
from .defined import load_wager_file
from .paytables import Paytable, choose_paytable
from .sevens import parse_meters
from .shoe_returns import shoe_return

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


class PricedWager:
    """A wager with its paytable, the dealer's rules and its options, ready for any shoe state.

    ``paytable``: an id of the shipped paytables (or of ``paytable_file``), or a
    :class:`~odds.wagers.paytables.Paytable`; ``decks``: the game's deck count, checked against the
    decks the paytable's regulation allows unless ``any_decks``; ``exact``: Fractions, else floats.
    Unknown options and wrong types are refused with an :class:`~odds.core.errors.OddsError`.
    """

    def __init__(self, wager: Optional[str] = None, paytable: Union[str, Paytable, None] = None, *,
                 rules: Union[str, DealerRules] = "S17", decks: Optional[int] = None, exact: bool = False,
                 paytable_file: Optional[str] = None, any_decks: bool = False,
                 wager_file: Union[str, "PathLike[str]", None] = None, **options: Any) -> None:
        for flag, value in (("exact", exact), ("any_decks", any_decks)):
            if not isinstance(value, bool):
                raise WagerError(f"{flag} must be True or False, got {value!r}")
        if paytable_file is not None and not isinstance(paytable_file, (str, PathLike)):
            raise WagerError(f"paytable_file must be a path, e.g. 'proposed.toml', got {paytable_file!r}")
        if decks is not None and (isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= MAX_DECKS):
            got = shown(repr(decks) if isinstance(decks, str) else decks)
            raise WagerError(f"decks must be a whole number from 1 to {MAX_DECKS:,}, got {got}")
        if wager_file is not None:
            if not isinstance(wager_file, (str, PathLike)):
                raise WagerError(f"wager_file must be a path, e.g. 'my-wager.toml', got {wager_file!r}")
            defined = load_wager_file(wager_file)
            if wager not in (None, defined.name):
                raise WagerError(f"{wager_file} defines {defined.name}, not {wager}")
            wager = defined.name
        if wager is None:
            raise WagerError("name a wager, or give wager_file= (a definition file)")
        self.wager = get_wager(wager)
        if isinstance(rules, str):
            rules = DealerRules.parse(rules)
        elif not isinstance(rules, DealerRules):
            raise WagerError(f"rules must be a DealerRules or a rule such as 'H17', got {rules!r}")
        self.rules = rules
        self.exact = exact
        if isinstance(paytable, Paytable):
            if paytable.wager != self.wager.name:
                raise WagerError(f"paytable {paytable.id} is for {paytable.wager}, not {self.wager.name}")
            self.table, self.extras = paytable, {}
        elif paytable is None or isinstance(paytable, str):
            book, self.table = choose_paytable(self.wager.name, paytable, paytable_file)
            self.extras = dict(book.extra)
        else:
            raise WagerError(f"paytable must be an id or a Paytable, got {paytable!r}")
        if self.table.decks is not None and not any_decks:
            if decks is None:
                raise WagerError(f"{self.wager.name} paytable {self.table.id} is for "
                                 f"{', '.join(map(str, self.table.decks))} deck(s): give decks= (any_decks=True "
                                 "prices it at any)")
            if decks not in self.table.decks:
                raise WagerError(f"{self.wager.name} paytable {self.table.id} is for "
                                 f"{', '.join(map(str, self.table.decks))} deck(s) ({self.table.citation}), "
                                 f"not {decks} (any_decks=True prices it anyway)")
        self.decks = decks
        self.options = self.wager.build_options(options)
        needed = sorted({meter for _, meter in self.table.meter_pays.values()})
        if needed:
            missing = [m for m in needed if m not in parse_meters(options.get("meters"))]
            if missing:
                raise WagerError(f"{self.wager.name} paytable {self.table.id} pays from meter(s) "
                                 f"{', '.join(needed)}: give meters=\"{missing[0]}=VALUE\" (units of the wager)")
        given = self.options.keywords()
        fast_ok = (self.wager.shoe_return is not None and not self.table.meter_pays
                   and set(given) <= set(self.wager.shoe_return_options))
        self._fast: Optional[ShoeReturn] = (shoe_return(self.wager.name, self.table.pays, rules, **given)
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
        return (f"PricedWager({self.wager.name!r}, paytable {self.table.id!r}, {self.rules.name}, "
                f"{'exact' if self.exact else 'float'}; {self.path})")

    def ret(self, shoe: ShoeLike) -> WagerReturn:
        """The return per unit wagered for the shoe as it stands: a shoe state (see :func:`price`)."""
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

    def par_sheet(self, shoe: ShoeLike) -> ParSheet:
        """The whole outcome distribution for the shoe, exact (every outcome's chance and return)."""
        return self.wager.price(_shoe(shoe), self.rules, self.table, self.decks or 1, self.options,
                                extras=self.extras)

    def outcomes(self, shoe: ShoeLike) -> dict[str, Number]:
        """The chance of each outcome for the shoe, by name (Fractions, or floats unless exact)."""
        return {o.name: (o.probability if self.exact else float(o.probability))
                for o in self.par_sheet(shoe).outcomes}


def price(wager: Optional[str] = None, paytable: Union[str, Paytable, None] = None, **settings: Any) -> PricedWager:
    """:class:`PricedWager` ``(wager, paytable, **settings)``: a wager ready for any shoe state;
    ``wager_file=PATH`` prices the wager a definition file defines (``docs/wager-files.md``).

    A shoe state, for every wager and both ``exact=False`` and ``exact=True``, is a :class:`Shoe`
    or 52 whole numbers by rank and suit, rank major (``counts[4 * r + s]``; a list, a tuple, a
    numpy array of integers), each 0 to 1,000; ten counts by value, a bool, a float or a negative
    count is a :class:`~odds.core.errors.ShoeError`, the same one float and exact
    (``docs/errors.md``, "Shoe states"). A shoe too small for the wager's deal is an
    :class:`~odds.core.errors.EngineError`.

    >>> price("buster", "C", rules="H17", decks=6).ret([4] * 10)
    Traceback (most recent call last):
    ...
    odds.core.errors.ShoeError: a shoe as counts is 52 whole numbers by rank and suit (rank major: A, 2, ..., K; suits S, H, D, C), not 10
    """
    return PricedWager(wager, paytable, **settings)


def _shoe(shoe: ShoeLike) -> Shoe:
    """A Shoe as it is (its suits may be unknown: a par sheet that needs them says so), else the
    Shoe of a checked shoe state."""
    return shoe if isinstance(shoe, Shoe) else Shoe.from_flat_counts(shoe_state(shoe))
