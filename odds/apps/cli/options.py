"""The wagers' options on the command line, made from their declarations
(:func:`odds.pricing.record.wager_option`): one flag per option for each command that takes it,
its help naming the wagers that take it, its value read and checked as the declaration says.

>>> import argparse
>>> p = argparse.ArgumentParser()
>>> add_wager_options(p, "simulate")
>>> args = p.parse_args(["--streak", "3", "--das"])
>>> from odds.wagers import get_wager
>>> options_given(args, get_wager("streak"), "simulate")
{'streak': 3, 'das': True}
>>> options_given(args, get_wager("buster"), "simulate")
Traceback (most recent call last):
...
odds.apps.cli.arguments.UsageError: --streak does not apply to buster
"""
from __future__ import annotations

import argparse
from typing import Any, Mapping

from odds.core.errors import InternalError
from odds.wagers import WAGERS, Declared, Wager

from .arguments import UsageError, option_choices


def declared_options(command: str) -> dict[str, tuple[Declared, list[str]]]:
    """Every option ``command`` takes, by name: its declaration and the wagers that take it (a
    sweep: those whose return takes it; simulate and certify: those the simulator deals)."""
    found: dict[str, tuple[Declared, list[str]]] = {}
    for wager in WAGERS.values():
        if wager.definition is not None:  # a definition file's options: --option, or a shipped wager's flag
            continue
        for declared in wager.options.declared():
            if command not in declared.commands:
                continue
            if command == "sweep" and (wager.shoe_return is None or declared.name not in wager.shoe_return_options):
                continue
            if command in ("simulate", "certify") and not wager.simulated:
                continue
            if declared.name not in found:
                found[declared.name] = (declared, [wager.name])
                continue
            first, takers = found[declared.name]
            if (first.flag, first.switch, first.type, first.choices) != \
                    (declared.flag, declared.switch, declared.type, declared.choices):
                raise InternalError(f"option {declared.name} is declared two ways ({takers[0]} and {wager.name})")
            takers.append(wager.name)
    return found


def add_wager_options(p: argparse.ArgumentParser, command: str, also: Mapping[str, str] = {}) -> None:
    """The flags of every option ``command`` takes. ``also``: options other parts of the command
    read too (``odds wager burnout --reading``), with what they mean there; their values are then
    checked where they are used, not by the parser."""
    for name, (declared, takers) in declared_options(command).items():
        text = f"{', '.join(takers)}: {declared.help}" + (f"; {also[name]}" if name in also else "")
        if declared.switch:
            p.add_argument(declared.flag, dest=name, action="store_true", help=text)
            continue
        parsing: dict[str, Any] = {"type": declared.type} if declared.type is not None else {}
        if declared.choices is not None and declared.read is None and name not in also:
            parsing["choices"] = declared.choices
        p.add_argument(declared.flag, dest=name, metavar=declared.metavar, help=text, **parsing)


def options_given(args: argparse.Namespace, wager: Wager, command: str) -> dict[str, Any]:
    """The options of ``wager`` given to ``command`` (a flag not given is left out), with a
    definition file's ``--option NAME=CHOICE``; a flag given that ``wager`` does not take is refused."""
    takes = set(wager.options.names())
    given: dict[str, Any] = {}
    for name, (declared, _) in declared_options(command).items():
        value = getattr(args, name, None)
        if value is None or value is False:
            continue
        if name not in takes:
            raise UsageError(f"{declared.flag} does not apply to {wager.name}")
        given[name] = value
    given.update(option_choices(wager, getattr(args, "option", None) or ()))
    return given
