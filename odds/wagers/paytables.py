"""A wager's paytables: the shipped files of the regulations (``tables/``, installed as
``odds.tables``), a user's file in the same form (:func:`load_paytable_file`), read with the
outcomes the registry's wagers pay, and where a table comes from (:func:`provenance`). The records
and the reading of a file's text are :mod:`odds.pricing.paytables`.

>>> book = builtin_paytables("buster")
>>> book.tables["C"].pays["bust-6"], book.tables["A"].decks
(Fraction(12, 1), (1, 4, 6, 8))
"""
from __future__ import annotations

import hashlib
from fractions import Fraction
from importlib import resources
from os import PathLike
from pathlib import Path
from typing import Any, Mapping, Optional, Union

from odds.core.errors import PaytableError, WagerError, option, shown
from odds.core.inputs import MAX_TEXT_FILE, InputError, read_regular
from . import WAGERS, extra_paytables
from odds.pricing.paytables import (ANY_DECKS, BONUS_OUTCOMES, MAX_DENOMINATOR, MAX_PAY, TABLE_ID, Paytable,
                                    PaytableBook, Provenance, parse_meter_pay, parse_pay, parse_paytables,
                                    toml_number)

__all__ = ["ANY_DECKS", "BONUS_OUTCOMES", "MAX_DENOMINATOR", "MAX_PAY", "TABLE_ID", "Paytable", "PaytableBook",
           "Provenance", "builtin_paytables", "choose_paytable", "load_paytable_file", "parse_meter_pay",
           "parse_pay", "parse_paytables", "paytable_template", "proposed_note", "provenance", "toml_number"]


def provenance(table: Paytable, extras: Optional[Mapping[str, Mapping[str, Any]]] = None) -> Provenance:
    """The table's :class:`Provenance`. ``extras``: the sections beside the paytables in its file
    (Buster's bonus awards), compared with the shipped file's where the wager reads them."""
    try:
        shipped = builtin_paytables(table.wager)
    except FileNotFoundError:
        return Provenance(table, None)
    record = WAGERS.get(table.wager)
    for key in record.paytable_extras if record else ():
        if extras is not None and (extras.get(key) or {}) != (shipped.extra.get(key) or {}):
            return Provenance(table, None)
    same = [t for t in shipped.tables.values()
            if dict(t.pays) == dict(table.pays) and dict(t.meter_pays) == dict(table.meter_pays)]
    named = [t for t in same if (t.id, t.citation) == (table.id, table.citation)]
    return Provenance(table, (named or same)[0] if same else None)


def _known_outcomes() -> tuple[Mapping[str, tuple[str, ...]], frozenset[str]]:
    return ({name: w.paid_outcomes for name, w in WAGERS.items()},
            frozenset(name for name, w in WAGERS.items() if w.partial_paytables))


def load_paytable_file(path: Union[str, Path]) -> PaytableBook:
    """Read a user's paytable file (same form as the files in ``tables/``): a regular file of at
    most :data:`~odds.core.inputs.MAX_TEXT_FILE` bytes."""
    if not isinstance(path, (str, PathLike)):
        raise PaytableError(f"a paytable file is a path, e.g. 'proposed.toml', got {shown(path, 40)}")
    p = Path(path)
    try:
        data = read_regular(p, MAX_TEXT_FILE, "paytable file")
    except InputError as exc:
        raise PaytableError(str(exc)) from None
    except OSError as exc:
        raise PaytableError(f"{shown(str(p))}: cannot read the paytable file ({exc.strerror})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PaytableError(f"{p}: not a text file in UTF-8 (byte {exc.start} cannot be read)") from None
    return parse_paytables(text, str(p), *_known_outcomes(), sha256=hashlib.sha256(data).hexdigest())


def proposed_note(book: PaytableBook, table: Paytable) -> Optional[str]:
    """One line for a table in no regulation (judged by its pays): its id, its file and the file's
    SHA-256; None for a regulation's table, wherever it was read from."""
    if not provenance(table, book.extra).proposed:
        return None
    return (f"paytable {table.id} of {book.source} is proposed, not in the regulation"
            + (f" (file SHA-256 {book.sha256})" if book.sha256 else ""))


def choose_paytable(wager: str, paytable: Optional[str] = None, paytable_file: Union[str, Path, None] = None,
                    decks: Optional[int] = None, any_decks: bool = False) -> tuple[PaytableBook, Paytable]:
    """The book and the paytable ``paytable`` of a wager: from ``paytable_file`` if given, else the
    shipped one; the only table of the book when ``paytable`` is None. Refuses a table at a deck
    count its regulation does not allow unless ``any_decks``.

    >>> book, table = choose_paytable("buster", "C", decks=6)
    >>> table.citation, table.from_file
    ('58 Pa. Code 633c.13(h), Paytable C', False)
    """
    book = load_paytable_file(paytable_file) if paytable_file else builtin_paytables(wager)
    if book.wager != wager:
        raise WagerError(f"{book.source} holds paytables for {book.wager}, not {wager}")
    if paytable is None:
        if len(book.tables) != 1:
            raise WagerError(f"{wager} has paytables {', '.join(book.tables)}: choose one with {option('paytable')}")
        table = next(iter(book.tables.values()))
    elif paytable not in book.tables:
        raise WagerError(f"{wager} has no paytable {paytable!r} in {book.source} "
                            f"(it has {', '.join(book.tables)})")
    else:
        table = book.tables[paytable]
    if decks is not None and not table.allows(decks) and not any_decks:
        raise WagerError(f"{wager} paytable {table.id} is for {', '.join(map(str, table.decks or ()))} "
                            f"deck(s) ({table.citation}), not {decks} ({option('any_decks', True)} computes it anyway)")
    return book, table


def builtin_paytables(wager: str) -> PaytableBook:
    """The paytables of the regulations for one wager (a defined wager's: those of its file)."""
    name = f"{wager}.toml"
    source = f"tables/{name}"
    text = extra_paytables(wager)
    if text is None:
        text = resources.files("odds.tables").joinpath(name).read_text(encoding="utf-8")
    elif wager in WAGERS and WAGERS[wager].definition is not None:
        source = WAGERS[wager].defined.source
    return parse_paytables(text, source, *_known_outcomes())


def paytable_template(wager: str) -> str:
    """A commented paytable file for ``wager`` to start a proposed table from: the wager's first
    shipped table under the id ``P``, each pay on its own line.

    >>> text = paytable_template("buster")
    >>> book = parse_paytables(text, "template.toml", *_known_outcomes())
    >>> provenance(book.tables["P"], book.extra).regulated.id  # as written, the regulation's table A
    'A'
    """
    shipped = builtin_paytables(wager)
    first = next(iter(shipped.tables.values()))
    decks = '"any"' if first.decks is None else "[" + ", ".join(map(str, first.decks)) + "]"
    lines = [f"# A paytable file for {shipped.title} ({shipped.regulation}), to start a proposed table from.",
             "# Pays are \"to 1\" and exact: 250, 2.5 or \"5/2\" (never read through a float).",
             f"# As written it holds the regulation's paytable {first.id}, {first.citation}.",
             "# A table whose pays are a regulation's is that table; any other is labelled",
             "# \"proposed, not in the regulation\". Then:",
             "#   odds validate FILE",
             f"#   odds wager {wager} --decks 6 --paytable-file FILE",
             f"#   odds certify {wager} --decks 6 --paytable-file FILE --out report.html",
             f'wager = "{wager}"', f'title = "{shipped.title}"', f'regulation = "{shipped.regulation}"', "",
             "[paytables.P]", 'citation = "proposed by ..., on ..."',
             f"decks = {decks}  # the deck counts the table is for, or \"any\"",
             'notes = []  # remarks printed with the table, e.g. ["pays as submitted on ..."]', ""]
    if first.pays:
        lines += ["[paytables.P.pays]  # outcome = pay (to 1)"]
        lines += [f'"{k}" = {toml_number(v)}' for k, v in first.pays.items()]
    if first.meter_pays:
        lines += ["", "[paytables.P.meter_pays]  # outcome = the share of a meter it takes"]
        lines += [f'"{k}" = "{toml_number(share * 100)}% {meter}"' for k, (share, meter) in first.meter_pays.items()]
    for bid, bonus in (shipped.extra.get("bonuses") or {}).items():
        lines += ["", f"[bonuses.{bid}]  # as in the regulation; change it and the table is a proposal"]
        for key, value in bonus.items():
            if isinstance(value, dict):
                lines.append(f"{key} = {{ " + ", ".join(f'"{k}" = {toml_number(Fraction(v))}'
                                                         for k, v in value.items()) + " }")
            elif isinstance(value, str):
                lines.append(f'{key} = "{value}"')
            else:
                lines.append(f"{key} = {toml_number(Fraction(value))}")
    return "\n".join(lines) + "\n"

