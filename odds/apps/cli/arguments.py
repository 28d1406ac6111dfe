"""The command line's argument types and the arguments several commands share: the deck count, a
payout, the paytable a wager is priced with, the options of the simulated wagers."""
from __future__ import annotations

import argparse
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, NoReturn, Optional, Sequence

from odds.core.errors import OddsError, shown
from odds.core.numbers import exact_number
from odds.core.interrupts import max_workers
from odds.core.outputs import output_file, output_folder
from odds.core.shoe import MAX_DECKS
from odds.wagers.paytables import Paytable, PaytableBook, choose_paytable

if TYPE_CHECKING:
    from odds.wagers import Wager


FORMAT_HELP = "how to print: %(choices)s (default %(default)s)"


def examples(lines: list[str]) -> str:
    """The end of a command's help: its examples, a command a line."""
    return "examples:\n" + "".join(f"  {line}\n" for line in lines)


class UsageError(OddsError):
    """Bad command-line arguments."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit status 2, no usage dump
        words = self.prog.split()  # "odds", or "odds COMMAND": the command names itself
        raise UsageError(f"{words[-1]}: {message}" if len(words) > 1 else message)

    def _get_value(self, action: argparse.Action, text: str) -> Any:  # the value quoted through shown()
        try:
            return super()._get_value(action, text)
        except argparse.ArgumentError as exc:
            raise argparse.ArgumentError(action, _quoted(str(exc.message), text)) from None

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        try:
            super()._check_value(action, value)
        except argparse.ArgumentError as exc:
            raise argparse.ArgumentError(action, _quoted(str(exc.message), value)) from None


def _quoted(message: str, value: object) -> str:
    """argparse's ``message`` with the ``repr`` of the user's ``value`` in it shown short and printable."""
    return message.replace(repr(value), f"'{shown(value)}'")


def whole_number(least: int, most: Optional[int] = None) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``least`` (and at most ``most``)."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:  # also a number of more than 4,300 digits
            raise argparse.ArgumentTypeError(f"must be a whole number, got {text[:30]!r}"
                                             + ("..." if len(text) > 30 else "")) from None
        if n < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, got {n}")
        if most is not None and n > most:
            raise argparse.ArgumentTypeError(f"must be at most {most:,}, got {n:,}")
        return n
    return parse


def worker_count(least: int) -> Callable[[str], int]:
    """An argparse type: a number of worker processes, ``least`` to :func:`~odds.core.interrupts.max_workers`."""
    return whole_number(least, max_workers())


deck_count = whole_number(1, MAX_DECKS)
round_count = whole_number(2, 10 ** 9)
MAX_PAYOUT = 10 ** 6  # the largest payout a rule of the game may name (to 1)


def add_decks(p: argparse.ArgumentParser, **options: Any) -> None:
    """``--decks``: the number of 52-card decks, required unless ``options`` give a default."""
    options.setdefault("help", f"number of 52-card decks (1 to {MAX_DECKS:,})")
    if "default" not in options:
        options["required"] = True
    p.add_argument("--decks", type=deck_count, **options)


def wager_names(text: str) -> list:
    """An argparse type: a comma-separated list of names."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise argparse.ArgumentTypeError("give one or more names, separated by commas")
    return names


def deck_list(text: str) -> list:
    """An argparse type: deck counts separated by commas, each at least 1."""
    try:
        return sorted({deck_count(n.strip()) for n in text.split(",")})
    except argparse.ArgumentTypeError as exc:
        raise argparse.ArgumentTypeError(f"deck counts separated by commas: {exc}") from None


def payout(flag: str, text: Optional[str]) -> Optional[Fraction]:
    """A payout written as odds (``3:2``) or as a fraction (``3/2``); ``None`` stays ``None``.

    >>> payout("--bj-pays", "6:5"), payout("--bonus-777", None)
    (Fraction(6, 5), None)
    """
    if text is None:
        return None
    try:
        pay = exact_number(text.replace(":", "/"), f"{flag} payout", error=UsageError)
    except UsageError:  # quoted as the user wrote it, not as read
        raise UsageError(f"{flag}: '{shown(text)}' is not a payout (write a payout like 3:2 or 1:1)") from None
    if not 0 <= pay <= MAX_PAYOUT or pay.denominator > 1000:
        raise UsageError(f"{flag}: '{shown(text)}' is outside the payouts a game offers (0 to {MAX_PAYOUT:,} to 1, in "
                         "steps of at least 1/1,000)")
    return pay


def writable_file(path: str, flag: str) -> Path:
    """``path`` as a file this command can write, checked before any computing
    (:func:`odds.core.outputs.output_file`: a regular file or nothing, a link followed)."""
    return output_file(path, flag)


def writable_folder(path: str, flag: str) -> Path:
    """``path`` as a folder this command can create or write into, checked before any computing
    (:func:`odds.core.outputs.output_folder`)."""
    return output_folder(path, flag)


def select_paytable(wager: Wager, args: argparse.Namespace) -> tuple[PaytableBook, Paytable]:
    """The book and paytable the command's ``--paytable``, ``--paytable-file``, ``--decks`` and
    ``--any-decks`` name (:func:`odds.wagers.paytables.choose_paytable`)."""
    return choose_paytable(wager.name, args.paytable, args.paytable_file, args.decks, args.any_decks)


def add_wager_source(p: argparse.ArgumentParser,
                     any_decks: str = "allow a paytable at a deck count its regulation does not name") -> None:
    """The shoe, the dealer's rules and the paytable, as `odds wager`, `simulate` and `solve` take them
    (``any_decks``: the help of ``--any-decks``)."""
    add_decks(p)
    p.add_argument("--rule", default="S17", help="S17 (default) or H17")
    p.add_argument("--no-peek", action="store_true", help="no hole-card peek for blackjack")
    p.add_argument("--paytable", help="paytable id (see `odds list`)")
    p.add_argument("--paytable-file", help="read paytables from this TOML file instead")
    p.add_argument("--any-decks", action="store_true", help=any_decks)
    add_wager_file(p)


def add_wager_file(p: argparse.ArgumentParser, what: str = "the wager", option: bool = True) -> None:
    """``--wager-file``: a wager definition file (docs/wager-files.md) in place of a wager's name;
    ``option``: with ``--option NAME=CHOICE``, an option of the wager by its name."""
    p.add_argument("--wager-file", metavar="FILE",
                   help=f"{what} this definition file defines (docs/wager-files.md), in place of a name")
    if option:
        p.add_argument("--option", action="append", default=[], metavar="NAME=CHOICE",
                       help="an option of the wager by its name, e.g. one a definition file declares")


def wager_of(args: argparse.Namespace) -> Wager:
    """The wager named on the command line, or the one ``--wager-file`` defines (registered, so that
    every part of the command reads it by its name)."""
    from odds.wagers import get_wager
    if getattr(args, "wager_file", None):
        from odds.wagers.defined import load_wager_file
        wager = load_wager_file(args.wager_file)
        if getattr(args, "name", None) not in (None, wager.name):
            raise UsageError(f"{args.wager_file} defines {wager.name}, not {args.name}: give one of the two")
        return wager
    if getattr(args, "name", None) is None:
        raise UsageError("name a wager, or give --wager-file FILE")
    return get_wager(args.name)


def option_choices(wager: Wager, given: Sequence[str]) -> dict[str, str]:
    """``--option NAME=CHOICE`` of a wager's options (those of a definition file among them)."""
    out = {}
    for item in given or ():
        name, eq, value = item.partition("=")
        if not eq or name not in wager.options.names():
            raise UsageError(f"--option {item}: expected NAME=CHOICE, NAME one of "
                             f"{', '.join(wager.options.names()) or 'none'} for {wager.name}")
        out[name] = value
    return out
