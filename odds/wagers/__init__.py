"""The wagers, by the name used on the command line (``odds wager NAME``): one :class:`Wager`
record each (:mod:`odds.pricing.record`), in the order ``odds list`` shows them.

>>> get_wager("buster").regulation
'58 Pa. Code 633c.13'
>>> [w.name for w in WAGERS.values() if w.rounds]  # settled on the player's play: the round's outcome law
['streak', 'burnout-bonus']
>>> all(w.shoe_return for w in WAGERS.values())  # the return of every wager for a shoe as it stands
True
"""
from __future__ import annotations

import contextlib
from typing import Iterator, Optional

from odds.core.errors import WagerError, declare_flags, shown

from odds.pricing.record import BookVariant, Declared, Options, ReferenceFigures, Wager, wager_option

__all__ = ["BookVariant", "Declared", "Options", "ReferenceFigures", "WAGERS", "Wager", "get_wager", "register",
           "registered", "unregister", "extra_paytables", "wager_option"]


def _registry() -> dict[str, Wager]:
    from . import card_combinations, dealer_bust, sevens, streaks, super_match
    wagers = {w.name: w for w in dealer_bust.WAGERS + card_combinations.WAGERS + super_match.WAGERS + sevens.WAGERS
              + streaks.WAGERS}
    for wager in wagers.values():
        declare_flags(wager.options.flags())
    return wagers


WAGERS: dict[str, Wager] = _registry()
_EXTRA_PAYTABLES: dict[str, str] = {}  # wager -> paytable TOML of a wager registered at run time


def get_wager(name: str) -> Wager:
    """The record of the wager called ``name``; :class:`~odds.core.errors.WagerError` if none."""
    if name not in WAGERS:
        raise WagerError(f"unknown wager '{shown(name)}' (known: {', '.join(sorted(WAGERS))})")
    return WAGERS[name]


def register(wager: Wager, paytables: Optional[str] = None) -> None:
    """Add a wager to the registry, with its paytables as TOML text (in the form of the files in
    ``tables/``) when it has no file there. Every command reads it from then on."""
    if wager.name in WAGERS:
        raise WagerError(f"a wager named {wager.name!r} is registered already")
    WAGERS[wager.name] = wager
    declare_flags(wager.options.flags())
    if paytables is not None:
        _EXTRA_PAYTABLES[wager.name] = paytables


def unregister(name: str) -> None:
    """Take a wager registered at run time out of the registry again (its paytables with it)."""
    WAGERS.pop(name, None)
    _EXTRA_PAYTABLES.pop(name, None)


def extra_paytables(name: str) -> Optional[str]:
    """The paytable text a registered wager brought with it, if any."""
    return _EXTRA_PAYTABLES.get(name)


@contextlib.contextmanager
def registered(wager: Wager, paytables: Optional[str] = None) -> Iterator[Wager]:
    """:func:`register` for the length of a ``with`` block."""
    register(wager, paytables)
    try:
        yield wager
    finally:
        unregister(wager.name)
