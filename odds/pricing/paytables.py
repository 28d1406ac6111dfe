"""Paytables as data: the records (:class:`Paytable`, :class:`PaytableBook`, :class:`Provenance`)
and the reading of a paytable file's text, each pay an exact number, against the outcomes it is
given. :mod:`odds.wagers.paytables` finds a wager's shipped tables and reads a user's file with the
registry's outcomes.

A file names its wager and holds one or more paytables::

    wager = "buster"
    title = "Buster Blackjack"
    regulation = "58 Pa. Code 633c.13"

    [paytables.A]
    citation = "58 Pa. Code 633c.13(h), Paytable A"
    decks = [1, 4, 6, 8]          # or "any"
    pays = { "bust-8+" = 250, "bust-7" = 50, "bust-6" = "15", "bust-5" = "4/1", ... }
    notes = ["optional remarks, e.g. a problem in the printed text"]

Pays are "to 1" and exact: an integer, a decimal (read as a decimal, never through a float) or a
string such as ``"5/2"`` or ``"2.5"``; ``"lose"`` makes a row whose deals lose the wager (where a
wager pays a deal at the best row the table lists, a row left out would pay at a lower one).

>>> parse_pay("5/2", "x.toml", "pays.bust-3")
Fraction(5, 2)
>>> toml_number(Fraction(5, 2)), toml_number(Fraction(3)), toml_number(Fraction(-1))
('"5/2"', '3', '"lose"')
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from importlib import resources
from types import MappingProxyType
from typing import Any, Mapping, Optional

from odds.core.errors import PaytableError, shown
from odds.core.numbers import exact_number
from odds.core.inputs import load_toml

ANY_DECKS = None  # a paytable whose regulation names no deck counts


@dataclass(frozen=True)
class Paytable:
    """One paytable of one wager: pays "to 1" by outcome name."""

    wager: str
    id: str
    pays: Mapping[str, Fraction]
    citation: str
    decks: Optional[tuple[int, ...]]  # None: any number of decks
    source: str  # the file it was read from
    notes: tuple[str, ...] = ()
    meter_pays: Mapping[str, tuple[Fraction, str]] = field(default_factory=dict)  # share of a meter
    sha256: str = ""  # the SHA-256 of a user's file it was read from ("" for the shipped files)

    def allows(self, decks: int) -> bool:
        return self.decks is None or decks in self.decks

    @property
    def from_file(self) -> bool:
        """Whether the table was read from a user's file (not from the files shipped with odds)."""
        return bool(self.sha256)


@dataclass(frozen=True)
class PaytableBook:
    """Everything one file holds: its paytables and any extra sections (e.g. bonuses)."""

    wager: str
    title: str
    regulation: str
    source: str
    tables: Mapping[str, Paytable]
    extra: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    sha256: str = ""  # the SHA-256 of a user's file ("" for the shipped files)


@dataclass(frozen=True)
class Provenance:
    """Where a paytable's pays come from, judged by its content (never by its file's name or path):
    ``regulated`` is the shipped table of the regulation with the same pays, meter awards and
    bonus awards, or None when the table is proposed, in no regulation.

    >>> from dataclasses import replace
    >>> from odds.wagers.paytables import builtin_paytables, provenance
    >>> shipped = builtin_paytables("buster")
    >>> provenance(shipped.tables["C"], shipped.extra).label()
    "the regulation's paytable C (58 Pa. Code 633c.13(h), Paytable C)"
    >>> doctored = replace(shipped.tables["C"], pays={**shipped.tables["C"].pays, "bust-3": Fraction(3)})
    >>> provenance(doctored).label()
    'proposed, not in the regulation'
    """

    table: Paytable
    regulated: Optional[Paytable]

    @property
    def proposed(self) -> bool:
        return self.regulated is None

    def label(self) -> str:
        if self.regulated is None:
            return "proposed, not in the regulation"
        return f"the regulation's paytable {self.regulated.id} ({self.regulated.citation})"



MAX_PAY = 10 ** 9  # the largest pay (to 1) or award a paytable file may hold
MAX_DENOMINATOR = 10 ** 6  # the finest fraction of a unit a pay may hold
TABLE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]{0,31}")


LOSES = "lose"  # a pay written so: the row's deals lose the wager (a pay of -1), not paid at a lower row


def parse_pay(value: object, source: str, key: str) -> Fraction:
    """An exact, non-negative pay from TOML: int, decimal or string ``"p/q"`` / ``"2.5"``, at most
    :data:`MAX_PAY` and in steps no finer than ``1/``:data:`MAX_DENOMINATOR`."""
    if isinstance(value, bool):
        raise PaytableError(f"{source}: {key}: a pay must be a number, not {value!r}")
    try:
        if isinstance(value, int):
            pay = Fraction(value)
        elif isinstance(value, (str, Decimal)):  # a decimal of TOML as written: 1e-99999 has a bounded exponent
            pay = exact_number(str(value))
        else:
            raise ValueError
    except (ValueError, ArithmeticError):
        raise PaytableError(f"{source}: {key}: cannot read {_short(value)} as an exact number "
                            f"(write 250, 2.5 or \"5/2\")") from None
    if pay < 0:
        raise PaytableError(f"{source}: {key}: a pay cannot be negative, got {_short(value)}")
    if pay > MAX_PAY or pay.denominator > MAX_DENOMINATOR:
        raise PaytableError(f"{source}: {key}: {_short(value)} is outside what a paytable holds (0 to "
                            f"{MAX_PAY:,}, in steps of at least 1/{MAX_DENOMINATOR:,})")
    return pay


def _short(value: object) -> str:
    """A value as it reads in a message: printable, at most 40 characters."""
    text = repr(value) if not isinstance(value, int) or value.bit_length() < 128 else f"a {len(str(value))}-digit number"
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text if len(text) <= 40 else text[:37] + "..."


def _text(value: object, source: str, key: str) -> str:
    """A string of a paytable file (a citation, a note, a title): printable characters only."""
    if not isinstance(value, str):
        raise PaytableError(f"{source}: {key}: expected a string, got {_short(value)}")
    if any(not c.isprintable() for c in value) or len(value) > 500:
        raise PaytableError(f"{source}: {key}: must be printable text of at most 500 characters")
    return value


def parse_meter_pay(value: object, source: str, key: str) -> tuple[Fraction, str]:
    """``"100% jackpot"``, ``"10% jackpot"`` or ``"jackpot"`` -> (share, meter name).

    >>> parse_meter_pay("10% jackpot", "f", "k")
    (Fraction(1, 10), 'jackpot')
    """
    parts = str(value).split()
    try:
        if len(parts) == 1:
            share, meter = Fraction(1), parts[0]
        elif len(parts) == 2 and parts[0].endswith("%"):
            share, meter = Fraction(parts[0][:-1]) / 100, parts[1]
        else:
            raise ValueError
    except (ValueError, ZeroDivisionError):
        raise PaytableError(f"{source}: {key}: cannot read {value!r} as a meter award "
                            "(write \"100% jackpot\", \"10% jackpot\" or \"minor\")") from None
    if not meter.isidentifier() or not 0 < share <= 1:
        raise PaytableError(f"{source}: {key}: {value!r} is not a share (0-100%) of a named meter")
    return share, meter


def _require(table: Mapping[str, Any], key: str, kind: type, source: str, where: str) -> Any:
    if key not in table:
        raise PaytableError(f"{source}: {where}{key}: missing")
    value = table[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise PaytableError(f"{source}: {where}{key}: expected {getattr(kind, '__name__', kind)}, got {value!r}")
    return value


def _decks(value: object, source: str, where: str) -> Optional[tuple[int, ...]]:
    if value == "any":
        return ANY_DECKS
    if (not isinstance(value, list) or not value
            or not all(isinstance(d, int) and not isinstance(d, bool) and d >= 1 for d in value)):
        raise PaytableError(f"{source}: {where}decks: expected \"any\" or a list of deck counts >= 1, got {value!r}")
    return tuple(sorted(set(value)))


def parse_paytables(text: str, source: str, outcomes: Mapping[str, tuple[str, ...]],
                    partial: frozenset[str] = frozenset(), sha256: str = "") -> PaytableBook:
    """Read a paytable file's text. ``outcomes`` maps each known wager to its paid outcomes;
    wagers in ``partial`` may leave outcomes out (a blank cell in a printed table); ``sha256``:
    the digest of a user's file, kept on the book and each table."""
    doc = load_toml(text, source, PaytableError)
    wager = _require(doc, "wager", str, source, "")
    if wager not in outcomes:
        raise PaytableError(f"{source}: wager: unknown wager '{shown(wager)}' (known: {', '.join(sorted(outcomes))})")
    known = outcomes[wager]
    allowed_top = {"wager", "title", "regulation", "paytables", "bonuses"}
    for key in doc:
        if key not in allowed_top:
            raise PaytableError(f"{source}: {key}: unknown key (expected one of {', '.join(sorted(allowed_top))})")
    tables = {}
    for tid, t in _require(doc, "paytables", dict, source, "").items():
        if not TABLE_ID.fullmatch(tid):
            raise PaytableError(f"{source}: paytables.{_short(tid)}: a paytable id is 1 to 32 letters, digits or "
                                "_ . + - (starting with a letter or digit)")
        where = f"paytables.{tid}."
        if not isinstance(t, dict):
            raise PaytableError(f"{source}: paytables.{tid}: expected a table")
        for key in t:
            if key not in ("citation", "decks", "pays", "meter_pays", "notes"):
                raise PaytableError(f"{source}: {where}{key}: unknown key "
                                    "(expected citation, decks, pays, meter_pays, notes)")
        pays_in = t.get("pays", {}) if "meter_pays" in t else _require(t, "pays", dict, source, where)
        meter_in = t.get("meter_pays", {})
        if not isinstance(pays_in, dict) or not isinstance(meter_in, dict):
            raise PaytableError(f"{source}: {where}pays: expected a table of outcome = pay")
        pays = {}
        for name, value in pays_in.items():
            if name not in known:
                raise PaytableError(f"{source}: {where}pays.{name}: unknown outcome for {wager} "
                                    f"(expected one of {', '.join(known)})")
            pays[name] = Fraction(-1) if value == LOSES else parse_pay(value, source, f"{where}pays.{name}")
        meter_pays = {}
        for name, value in meter_in.items():
            if name not in known:
                raise PaytableError(f"{source}: {where}meter_pays.{name}: unknown outcome for {wager} "
                                    f"(expected one of {', '.join(known)})")
            if name in pays:
                raise PaytableError(f"{source}: {where}meter_pays.{name}: also has a fixed pay")
            meter_pays[name] = parse_meter_pay(value, source, f"{where}meter_pays.{name}")
        missing = [o for o in known if o not in pays and o not in meter_pays]
        if not pays and not meter_pays:
            raise PaytableError(f"{source}: {where}pays: the table pays nothing")
        if missing and wager not in partial:
            raise PaytableError(f"{source}: {where}pays: no pay for {', '.join(missing)}")
        notes = t.get("notes", [])
        if not isinstance(notes, list):
            raise PaytableError(f"{source}: {where}notes: expected a list of strings")
        notes = [_text(n, source, f"{where}notes") for n in notes]
        tables[tid] = Paytable(wager, tid, MappingProxyType(pays),
                               _text(_require(t, "citation", str, source, where), source, f"{where}citation"),
                               _decks(t.get("decks", "any"), source, where), source, tuple(notes),
                               MappingProxyType(meter_pays), sha256)
    if not tables:
        raise PaytableError(f"{source}: paytables: the file defines no paytable")
    extra = {"bonuses": _bonuses(doc.get("bonuses", {}), source, wager)}
    return PaytableBook(wager, _text(doc.get("title", wager), source, "title"),
                        _text(doc.get("regulation", ""), source, "regulation"), source,
                        MappingProxyType(tables), MappingProxyType(extra), sha256)


# The outcomes a wager's cash bonus awards may be paid on: Buster's, with the player's blackjack,
# on the dealer's bust in seven cards or in eight or more (58 Pa. Code 633c.13(i)).
BONUS_OUTCOMES = {"buster": ("bust-7", "bust-8+")}


def _bonuses(section: object, source: str, wager: str) -> dict:
    """The ``[bonuses]`` section: ``[bonuses.ID]`` tables of a ``citation``, a ``min_wager`` and
    ``awards`` (outcome = amount), every outcome one :data:`BONUS_OUTCOMES` names for the wager and
    every amount a pay within the bounds of :func:`parse_pay`."""
    if not isinstance(section, dict):
        raise PaytableError(f"{source}: bonuses: expected tables [bonuses.ID]")
    known = BONUS_OUTCOMES.get(wager, ())
    if section and not known:
        raise PaytableError(f"{source}: bonuses: {wager} has no bonus awards (only "
                            f"{', '.join(sorted(BONUS_OUTCOMES))} has)")
    out: dict = {}
    for bid, b in section.items():
        where = f"bonuses.{bid}"
        if not TABLE_ID.fullmatch(bid) or not isinstance(b, dict):
            raise PaytableError(f"{source}: {_short(where)}: expected a table [bonuses.ID] (ID: letters, digits, "
                                "_ . + -)")
        for key in b:
            if key not in ("citation", "min_wager", "awards"):
                raise PaytableError(f"{source}: {where}.{_short(key)}: unknown key (expected citation, min_wager, "
                                    "awards)")
        awards = b.get("awards")
        if not isinstance(awards, dict) or not awards:
            raise PaytableError(f"{source}: {where}.awards: expected a table of outcome = amount")
        for name, value in awards.items():
            if name not in known:
                raise PaytableError(f"{source}: {where}.awards.{_short(name)}: not an outcome a bonus is paid on "
                                    f"(expected one of {', '.join(known)})")
            parse_pay(value, source, f"{where}.awards.{name}")
        parse_pay(b.get("min_wager", 0), source, f"{where}.min_wager")
        out[bid] = {**b, "citation": _text(b.get("citation", ""), source, f"{where}.citation")}
    return out



def toml_number(x: Fraction) -> str:
    """An exact number as TOML: an integer, else a quoted fraction; a pay of -1 (a row that loses) as ``"lose"``."""
    x = Fraction(x)
    if x == -1:
        return f'"{LOSES}"'
    return str(x.numerator) if x.denominator == 1 else f'"{x.numerator}/{x.denominator}"'


def first_shipped_id(wager: str) -> Optional[str]:
    """The id of the first paytable shipped for ``wager`` in ``odds.tables`` (for a message), or
    None where none is shipped (a wager defined in a file).

    >>> first_shipped_id("buster"), first_shipped_id("no-such-wager")
    ('A', None)
    """
    try:
        text = resources.files("odds.tables").joinpath(f"{wager}.toml").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return None
    found = re.search(r"^\[paytables\.\"?([A-Za-z0-9_.+-]+)", text, re.MULTILINE)
    return found.group(1) if found else None
