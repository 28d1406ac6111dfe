"""The player's options on a hand, as an enum. Each member is the plain string it stands for
(``Action.HIT == "hit"``), so tables, JSON and text read as before.

>>> Action.DOUBLE.letter, str(Action.SURRENDER), Action("split") is Action.SPLIT
('D', 'surrender', True)
"""
from __future__ import annotations

from enum import Enum


class Action(str, Enum):
    """An option of the player: stand, hit, double, split or (late) surrender."""

    STAND = "stand"
    HIT = "hit"
    DOUBLE = "double"
    SPLIT = "split"
    SURRENDER = "surrender"

    def __str__(self) -> str:
        return self.value

    @property
    def letter(self) -> str:
        """The letter of the option in a strategy chart: S, H, D, P or R."""
        return LETTERS[self]


# The members as module names, for hot loops (a module name is read faster than an enum member).
STAND, HIT, DOUBLE, SPLIT, SURRENDER = Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT, Action.SURRENDER

LETTERS = {Action.STAND: "S", Action.HIT: "H", Action.DOUBLE: "D", Action.SPLIT: "P", Action.SURRENDER: "R"}
