"""What the book of par sheets holds: one :class:`Item` per sheet, every wager's paytables at the
deck counts their regulations allow and the dealer's rules that matter, read from the wagers'
records (:mod:`odds.wagers`).

>>> items = plan(only=["buster"], decks=[6])
>>> [i.label for i in items][:2]
['buster A 6d S17', 'buster A 6d H17']
>>> [i.command() for i in plan(only=["ez-bust"], decks=[6]) if i.rule == "H17"]  # doctest: +NORMALIZE_WHITESPACE
['odds wager ez-bust --decks 6 --rule H17 --paytable PA',
 'odds wager ez-bust --decks 6 --rule H17 --paytable PA --push-option',
 'odds wager ez-bust --decks 6 --rule H17 --paytable PA --split-hands 4 --das']
"""
from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Iterable, Optional, Sequence

from odds.wagers import WAGERS, BookVariant, get_wager
from odds.core.errors import PaytableError, WagerError
from odds.wagers.paytables import Paytable, PaytableBook, builtin_paytables, load_paytable_file

ANY_DECKS = (1, 2, 4, 6, 8)  # the deck counts of a paytable whose regulation names none
RULES = ("S17", "H17")

@dataclass(frozen=True)
class Item:
    """One par sheet of the book. ``rule`` is ``S17``, ``H17`` or ``any`` (first-cards wagers);
    ``variant`` is ``""`` or the name of one of the wager's book variants (EZ Bust's ``"push"``,
    with paragraph (g), and ``"resplit"``, resplits to four hands)."""

    wager: str
    paytable: str
    decks: int
    rule: str
    variant: str = ""
    meters: Optional[str] = None
    paytable_file: Optional[str] = None  # a user's paytable file, else the shipped one
    paytable_sha256: str = ""  # that file's SHA-256 when the book was planned
    wager_file: Optional[str] = None  # the definition file of a defined wager, else a shipped one

    def paytables(self) -> PaytableBook:
        """The paytables the sheet is priced with (a user's file must not have changed since)."""
        if self.paytable_file is None:
            return builtin_paytables(self.wager)
        book = load_paytable_file(self.paytable_file)
        if book.sha256 != self.paytable_sha256:
            raise PaytableError(f"{self.paytable_file}: the file changed while the book was built")
        return book

    @property
    def slow(self) -> bool:
        return get_wager(self.wager).rounds or self.book_variant() is not None

    @property
    def on_every_core(self) -> bool:
        """Whether the sheet's slow part takes every core by itself: a round's outcome law with pairs
        split to four hands (the split kernel's threads), which gains nothing beside another."""
        return get_wager(self.wager).rounds and self.options().get("split_hands", 2) >= 4

    @property
    def stem(self) -> str:
        return f"{self.wager}-{self.paytable}-{self.decks}d-{self.rule}" + (f"-{self.variant}" if self.variant else "")

    @property
    def label(self) -> str:
        return " ".join(filter(None, (self.wager, self.paytable, f"{self.decks}d", self.rule, self.variant)))

    def path(self, ext: str) -> str:
        return f"{self.wager}/{self.stem}.{ext}"

    def options(self) -> dict:
        """The keyword options of the wager's par sheet (as ``odds wager`` passes them)."""
        return {**({"meters": self.meters} if self.meters else {}), **self._set_options()}

    def _set_options(self) -> dict:
        """The options the book sets: the wager's for all its sheets, then its variant's."""
        variant = self.book_variant()
        return {**get_wager(self.wager).book_options, **(variant.options if variant else {})}

    def book_variant(self) -> Optional[BookVariant]:
        """The wager's book variant this sheet is (None for its plain sheet)."""
        return next((v for v in get_wager(self.wager).book_variants if v.name == self.variant), None)

    def command(self) -> str:
        """The ``odds wager`` command that prints this sheet."""
        words = ["odds", "wager", *(["--wager-file", self.wager_file] if self.wager_file else [self.wager]),
                 "--decks", str(self.decks)]
        words += [] if self.rule == "any" else ["--rule", self.rule]
        words += ["--paytable", self.paytable] + (["--meter", self.meters] if self.meters else [])
        words += ["--paytable-file", self.paytable_file] if self.paytable_file else []
        flags = get_wager(self.wager).options.flags()
        for key, value in self._set_options().items():
            words += [flags[key]] if value is True else [flags[key], str(value)]
        return shlex.join(words)


def book_meters(wager: str, table: Paytable) -> Optional[str]:
    """The meters at which the book prices a progressive (each sheet gives R(M) = a + b*M): the
    wager's book meters that this table pays from."""
    by_table = get_wager(wager).book_meters
    text = by_table.get(table.id, by_table.get(None))
    needed = {meter for _, meter in table.meter_pays.values()}
    kept = [part for part in (text or "").split(",") if part.split("=")[0].strip() in needed]
    return ",".join(kept) or None


def plan(only: Optional[Iterable[str]] = None, decks: Optional[Sequence[int]] = None,
         paytable_file: Optional[str] = None, wager_file: Optional[str] = None) -> list[Item]:
    """The sheets of the book, in order: wager (as ``odds list``), paytable, decks, rule.

    ``only`` keeps those wagers; ``decks`` keeps those deck counts (and gives them to a paytable
    that allows any number of decks in place of :data:`ANY_DECKS`); ``paytable_file``: the book
    of that file's paytables alone (its wager's sheets, each table at its deck counts);
    ``wager_file``: the book of the wager that definition file defines (registered) alone."""
    names = list(WAGERS) if only is None else [get_wager(n).name for n in only]
    source: dict = {}
    if wager_file is not None:
        from odds.wagers.defined import load_wager_file
        defined = load_wager_file(wager_file)
        if only is not None and defined.name not in names:
            raise WagerError(f"{wager_file} defines {defined.name}, not {', '.join(names)}")
        names = [defined.name]
        source["wager_file"] = str(wager_file)
    if paytable_file is not None:
        book = load_paytable_file(paytable_file)
        if only is not None and book.wager not in names:
            raise WagerError(f"{paytable_file} holds paytables for {book.wager}, not {', '.join(names)}")
        names = [book.wager]
        source.update(paytable_file=str(paytable_file), paytable_sha256=book.sha256)
    items = []
    for name in WAGERS:
        if name not in names:
            continue
        tables = (load_paytable_file(paytable_file) if paytable_file else builtin_paytables(name)).tables
        for table in tables.values():
            shoes = table.decks or tuple(decks or ANY_DECKS)
            record = get_wager(name)
            rules = RULES if record.dealer_rule_matters else ("any",)
            for d in sorted(d for d in shoes if decks is None or d in decks):
                items += [Item(name, table.id, d, r, meters=book_meters(name, table), **source) for r in rules]
                for variant in record.book_variants:
                    if d in variant.decks:
                        items += [Item(name, table.id, d, r, variant.name, **source) for r in rules]
    return items


