"""Strategy charts for the first decision: composition-dependent (each two-card hand on its own)
and total-dependent (one decision for every two-card hand of the same total, soft total or pair:
the option with the best expected result summed over those hands, each weighted by its chance).

>>> from odds import DealerRules
>>> from odds.game_rules import GameRules
>>> chart = basic_strategy_chart(GameRules(decks=6, dealer=DealerRules.parse("S17"), das=True), exact=False)
>>> chart[("hard", 11)]["T"], chart[("pair", 8)]["A"], chart[("soft", 18)]["2"]
('D', 'P', 'S')
"""
from __future__ import annotations

from .cards import value_label
from .game_rules import GameRules
from .player import PlayerEngine

LETTERS = {"stand": "S", "hit": "H", "double": "D", "split": "P", "surrender": "R"}
UP_ORDER = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)


def row_of(a: int, b: int) -> tuple[str, int]:
    """The chart row of a two-card hand (values, ace = 1): a pair, a soft total or a hard total."""
    if a == b:
        return "pair", a
    if 1 in (a, b):
        return "soft", a + b + 10
    return "hard", a + b


def basic_strategy_chart(rules: GameRules, exact: bool = False, engine: PlayerEngine = None) -> dict:
    """{(kind, total): {up label: letter}} for the total-dependent first decision."""
    engine = engine or PlayerEngine(rules, exact=exact)
    counts, n = engine.counts, engine.total
    sums: dict = {}  # (row, up) -> {option: weighted value}, and how many hands offered it
    hands: dict = {}
    for u in UP_ORDER:
        for a in range(1, 11):
            for b in range(a, 11):
                if {a, b} == {1, 10}:
                    continue
                ways = counts[a - 1] * (counts[a - 1] - 1) if a == b else 2 * counts[a - 1] * counts[b - 1]
                ways *= counts[u - 1] - (u == a) - (u == b)
                if ways <= 0:
                    continue
                key = (row_of(a, b), u)
                hands[key] = hands.get(key, 0) + 1
                acc = sums.setdefault(key, {})
                for name, value in engine.first_options(a, b, u).items():
                    total, seen = acc.get(name, (0, 0))
                    acc[name] = (total + ways * value, seen + 1)
    chart: dict = {}
    for key, acc in sums.items():
        row, u = key
        offered = {name: total for name, (total, seen) in acc.items() if seen == hands[key]}
        chart.setdefault(row, {})[value_label(u)] = LETTERS[max(offered, key=offered.get)]
    return chart
