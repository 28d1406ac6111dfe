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

The wager is found by name (or in its definition file), its paytable by id, and its options are
read and checked here; what it returns for a shoe state is :class:`odds.pricing.priced.PricedRecord`'s,
from the fastest path the package has for the wager. :attr:`PricedWager.path` says which.
"""
from __future__ import annotations

import difflib
import warnings
from os import PathLike
from typing import Any, Mapping, Optional, Union

from odds.core.errors import WagerError, shown
from odds.core.rules import DealerRules
from odds.core.shoe import MAX_DECKS
from odds.pricing.priced import Number, PricedRecord, ShoeLike, WagerReturn, ret_table

from . import get_wager
from .defined import load_wager_file
from .paytables import Paytable, choose_paytable, proposed_note, provenance
from .sevens import parse_meters

__all__ = ["Number", "PricedWager", "ShoeLike", "WagerReturn", "price", "ret_table"]


class DefaultRuleWarning(UserWarning):
    """A wager whose figures depend on the dealer's rule priced without ``rules=``: at S17."""


SETTINGS = ("rules", "decks", "exact", "paytable_file", "any_decks", "wager_file")


def _suggest(record: Any, options: Mapping[str, Any]) -> None:
    """A keyword that is neither a setting nor an option of the wager, refused with the nearest name.

    >>> _suggest(get_wager("buster"), {"rule": "H17"})
    Traceback (most recent call last):
    ...
    odds.core.errors.WagerError: buster takes no setting or option rule=: did you mean rules=?
    """
    names = list(SETTINGS) + list(record.options.names())
    for key in options:
        if key not in record.options.names():
            near = difflib.get_close_matches(key, names, n=1, cutoff=0.6)
            if near:
                raise WagerError(f"{record.name} takes no setting or option {key}=: did you mean {near[0]}=?")


class PricedWager(PricedRecord):
    """A wager with its paytable, the dealer's rules and its options, ready for any shoe state.

    ``paytable``: an id of the shipped paytables (or of ``paytable_file``), or a
    :class:`~odds.wagers.paytables.Paytable`; ``decks``: the game's deck count, checked against the
    decks the paytable's regulation allows unless ``any_decks``; ``exact``: Fractions, else floats.
    Unknown options and wrong types are refused with an :class:`~odds.core.errors.OddsError`.
    """

    def __init__(self, wager: Optional[str] = None, paytable: Union[str, Paytable, None] = None, *,
                 rules: Union[str, DealerRules, None] = None, decks: Optional[int] = None, exact: bool = False,
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
        record = get_wager(wager)
        _suggest(record, options)
        if rules is None:
            if record.dealer_rule_matters:
                warnings.warn(f"{record.name}'s figures depend on the dealer's rule and no rules= was given: priced "
                              "at S17 (the dealer stands on soft 17); give rules='S17' or rules='H17'",
                              DefaultRuleWarning, stacklevel=3)
            rules = "S17"
        if isinstance(rules, str):
            rules = DealerRules.parse(rules)
        elif not isinstance(rules, DealerRules):
            raise WagerError(f"rules must be a DealerRules or a rule such as 'H17', got {rules!r}")
        notes: tuple[str, ...] = ()
        if isinstance(paytable, Paytable):
            if paytable.wager != record.name:
                raise WagerError(f"paytable {paytable.id} is for {paytable.wager}, not {record.name}")
            table, extras = paytable, {}
            if provenance(table).proposed:
                notes = (f"paytable {table.id} is proposed, not in the regulation",)
        elif paytable is None or isinstance(paytable, str):
            book, table = choose_paytable(record.name, paytable, paytable_file)
            extras = dict(book.extra)
            note = proposed_note(book, table)
            notes = (note,) if note else ()
        else:
            raise WagerError(f"paytable must be an id or a Paytable, got {paytable!r}")
        if table.decks is not None and not any_decks:
            if decks is None:
                raise WagerError(f"{record.name} paytable {table.id} is for "
                                 f"{', '.join(map(str, table.decks))} deck(s): give decks= (any_decks=True "
                                 "prices it at any)")
            if decks not in table.decks:
                raise WagerError(f"{record.name} paytable {table.id} is for "
                                 f"{', '.join(map(str, table.decks))} deck(s) ({table.citation}), "
                                 f"not {decks} (any_decks=True prices it anyway)")
        built = record.build_options(options)
        needed = sorted({meter for _, meter in table.meter_pays.values()})
        if needed:
            missing = [m for m in needed if m not in parse_meters(options.get("meters"))]
            if missing:
                raise WagerError(f"{record.name} paytable {table.id} pays from meter(s) "
                                 f"{', '.join(needed)}: give meters=\"{missing[0]}=VALUE\" (units of the wager)")
        super().__init__(record, table, extras, rules, decks, exact, built, notes)


def price(wager: Optional[str] = None, paytable: Union[str, Paytable, None] = None, *,
          rules: Union[str, DealerRules, None] = None, decks: Optional[int] = None, exact: bool = False,
          paytable_file: Optional[str] = None, any_decks: bool = False,
          wager_file: Union[str, "PathLike[str]", None] = None, **options: Any) -> PricedWager:
    """A wager ready for any shoe state (:class:`PricedWager`): ``wager`` by name (``odds list``)
    with its ``paytable`` (an id, or a :class:`Paytable`; from ``paytable_file`` if given), the
    dealer's ``rules`` ("S17", "H17" or a :class:`DealerRules`; where the wager's figures depend on
    them and none are given, S17 with a warning), the game's ``decks`` (the paytable's allowed ones;
    ``any_decks=True`` for others), ``exact`` (Fractions, else floats), and the wager's own options
    by name (``meters="jackpot=2000"``, ``upcard=6``, ...). ``wager_file=PATH`` prices the wager a
    definition file defines (``docs/wager-files.md``). A table in no regulation carries "proposed"
    in its par sheet's warnings.

    >>> from odds import Shoe
    >>> buster = price("buster", "C", rules="H17", decks=6)
    >>> round(buster.ret(Shoe.decks(6)).ret, 6), buster.ret(Shoe.decks(6).remove("TS TH")).player_edge
    (-0.062143, False)

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
    return PricedWager(wager, paytable, rules=rules, decks=decks, exact=exact, paytable_file=paytable_file,
                       any_decks=any_decks, wager_file=wager_file, **options)
