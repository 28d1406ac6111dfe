"""The total-dependent first decisions, computed, against published basic strategy charts."""
import pytest

from odds import DealerRules
from odds.core.game_rules import GameRules
from odds.engine.strategy import UP_ORDER, basic_strategy_chart
from odds.core.cards import value_label

UPS = [value_label(u) for u in UP_ORDER]  # 2 .. 9, T, A


def chart_rows(chart, kind):
    return {t: "".join(chart[(kind, t)][u] for u in UPS) for k, t in chart if k == kind}


# Wizard of Odds, "4-Deck to 8-Deck Blackjack Strategy" (wizardofodds.com/games/blackjack/strategy/
# 4-decks/), dealer stands on soft 17, double after split, no surrender; columns 2..10, A.
# (Pairs: the published chart assumes resplitting; the engine splits to two hands, and the
# first decisions come out the same.)
WIZARD_MULTIDECK_S17_DAS = {
    "hard": {8: "HHHHHHHHHH", 9: "HDDDDHHHHH", 10: "DDDDDDDDHH", 11: "DDDDDDDDDH", 12: "HHSSSHHHHH",
             13: "SSSSSHHHHH", 14: "SSSSSHHHHH", 15: "SSSSSHHHHH", 16: "SSSSSHHHHH", 17: "SSSSSSSSSS"},
    "soft": {13: "HHHDDHHHHH", 14: "HHHDDHHHHH", 15: "HHDDDHHHHH", 16: "HHDDDHHHHH", 17: "HDDDDHHHHH",
             18: "SDDDDSSHHH", 19: "SSSSSSSSSS", 20: "SSSSSSSSSS"},
    "pair": {1: "PPPPPPPPPP", 2: "PPPPPPHHHH", 3: "PPPPPPHHHH", 4: "HHHPPHHHHH", 5: "DDDDDDDDHH",
             6: "PPPPPHHHHH", 7: "PPPPPPHHHH", 8: "PPPPPPPPPP", 9: "PPPPPSPPSS", 10: "SSSSSSSSSS"},
}

# hundredpercentgambling.com, "Boss Media single deck blackjack" (basic strategy from Ken Smith's
# engine): one deck, S17, double any two cards, DAS, peek; hard and soft rows, columns 2..10, A.
SINGLE_DECK_S17_DAS = {
    "hard": {8: "HHHDDHHHHH", 9: "DDDDDHHHHH", 10: "DDDDDDDDHH", 11: "DDDDDDDDDD", 12: "HHSSSHHHHH",
             13: "SSSSSHHHHH", 16: "SSSSSHHHHH"},
    "soft": {13: "HHDDDHHHHH", 14: "HHDDDHHHHH", 15: "HHDDDHHHHH", 16: "HHDDDHHHHH", 17: "DDDDDHHHHH",
             18: "SDDDDSSHHS", 19: "SSSSDSSSSS", 20: "SSSSSSSSSS"},
}


@pytest.mark.parametrize("decks,published", [(6, WIZARD_MULTIDECK_S17_DAS), (1, SINGLE_DECK_S17_DAS)])
def test_basic_strategy_matches_published_charts(decks, published):
    chart = basic_strategy_chart(GameRules(decks=decks, dealer=DealerRules.parse("S17"), das=True))
    for kind, rows in published.items():
        got = chart_rows(chart, kind)
        for total, expected in rows.items():
            assert got[total] == expected, (decks, kind, total, got[total], expected)
