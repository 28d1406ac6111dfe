"""The main game's rules of play as options of the wagers played on it (the streak wagers, EZ
Bust's push), each declared once (:func:`~odds.pricing.record.wager_option`) and shared by the
records that take it.

>>> from dataclasses import dataclass
>>> from odds.pricing.record import Options
>>> @dataclass(frozen=True)
... class Played(Options):
...     das: bool = das()
...     split_hands: "int | None" = split_hands()
>>> Played.build("x", {"split_hands": 4})
Played(das=False, split_hands=4)
"""
from __future__ import annotations

from typing import Any

from odds.pricing.record import COMMANDS, wager_option

__all__ = ["das", "hit_split_aces", "resplit_aces", "split_hands", "surrender"]


def das(commands: tuple[str, ...] = COMMANDS) -> Any:
    """Double after split in the main game."""
    return wager_option(False, help="double after split in the main game", commands=commands)


def split_hands(commands: tuple[str, ...] = COMMANDS) -> Any:
    """The most hands a pair may become."""
    return wager_option(help="the most hands a pair may become (default 2)", type=int, choices=(1, 2, 3, 4),
                        commands=commands)


def resplit_aces(commands: tuple[str, ...] = COMMANDS) -> Any:
    """Aces resplit."""
    return wager_option(False, help="aces resplit", commands=commands)


def hit_split_aces(commands: tuple[str, ...] = COMMANDS) -> Any:
    """Split aces may draw."""
    return wager_option(False, help="split aces may draw", commands=commands)


def surrender(commands: tuple[str, ...] = COMMANDS) -> Any:
    """Late surrender."""
    return wager_option(False, help="late surrender", commands=commands)
