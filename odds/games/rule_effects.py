"""The effect of New York's rule options on the house edge (9 NYCRR 5324.11(a)(5) and (b)): each
option switched on its own against the rules given, every house edge exact.

>>> from odds import DealerRules
>>> from odds.core.game_rules import GameRules
>>> rows = rule_effects(GameRules(decks=1, dealer=DealerRules.parse("S17"), split_hands=1), exact=False)
>>> [row.name for row in rows][:2]
['as given', 'blackjack pays 6:5']
>>> rows[1].change > 0  # 6:5 costs the player
True
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Union

from odds.core.progress import bar
from odds.core.game_rules import GameRules
from odds.engine.player import house_edge
from odds.core.rules import DealerRules


@dataclass(frozen=True)
class RuleEffect:
    name: str
    rules: GameRules
    house_edge: Union[Fraction, float]  # Fraction, or float in float mode
    change: Union[Fraction, float]  # house edge less that of the rules as given


def variations(base: GameRules) -> list[tuple[str, GameRules]]:
    """The options of a hand-dealt New York game, each on its own: blackjack at 6 to 5 (allowed
    with one or two decks, (b)(2)), the double-down rescue ((a)(5)(vii)), and the hole card: no
    peek with every bet lost to a dealer blackjack, and no peek with original bets only (the
    nearest rule to (a)(5)(vi), which gives back the double)."""
    no_peek = DealerRules(hits_soft_17=base.dealer.hits_soft_17, peek=False)
    out = [("as given", base)]
    if base.blackjack_pays != Fraction(6, 5):
        out.append(("blackjack pays 6:5", dataclasses.replace(base, blackjack_pays=Fraction(6, 5))))
    if base.blackjack_pays != Fraction(3, 2):
        out.append(("blackjack pays 3:2", dataclasses.replace(base, blackjack_pays=Fraction(3, 2))))
    if not base.double_rescue:
        out.append(("double-down rescue", dataclasses.replace(base, double_rescue=True)))
    if base.dealer.peek:
        plain = dataclasses.replace(base, dealer=no_peek, surrender=False)
        out.append(("no hole card, every bet lost to a dealer blackjack", plain))
        out.append(("no hole card, original bets only", dataclasses.replace(plain, original_bets_only=True)))
    return out


def rule_effects(base: GameRules, exact: bool = True) -> list[RuleEffect]:
    """The house edge of ``base`` and of each variation, composition-dependent play."""
    rows = []
    reference = None
    todo = list(variations(base))
    shown = bar(len(todo), "rule variations", "game")
    for name, rules in todo:
        edge = house_edge(rules, exact=exact)
        shown.update(1)
        reference = edge if reference is None else reference
        rows.append(RuleEffect(name, rules, edge, edge - reference))
    shown.close()
    return rows
