"""The wagers, by the name used on the command line (``odds wager NAME``).

Each wager knows the outcomes its paytables pay and computes a :class:`~odds.wagers.parsheet.ParSheet`
for a shoe, dealer rules and paytable.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from odds.core.errors import WagerError


@dataclass(frozen=True)
class Wager:
    name: str
    title: str
    regulation: str
    paid_outcomes: tuple[str, ...]
    par_sheet: Callable  # (shoe, rules, paytable, decks, **options) -> ParSheet
    options: tuple[str, ...] = ()  # keyword options par_sheet accepts (e.g. upcard, bonuses)
    partial_paytables: bool = False  # a paytable may leave some outcomes unpaid (a blank cell)


def _registry() -> dict[str, Wager]:
    from . import card_combinations, dealer_bust, sevens, streaks
    return {w.name: w for w in dealer_bust.WAGERS + card_combinations.WAGERS + sevens.WAGERS + streaks.WAGERS}


WAGERS = _registry()


def get_wager(name: str) -> Wager:
    if name not in WAGERS:
        raise WagerError(f"unknown wager {name!r} (known: {', '.join(sorted(WAGERS))})")
    return WAGERS[name]
