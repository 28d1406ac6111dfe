"""The total-dependent basic strategy for the whole game: the engine playing a chart against a
brute force playing the same chart card by card, and against published figures."""
from fractions import Fraction

import pytest
from test_player_bruteforce import RESPLIT_SHOES, SHOES, shoe

from odds import DealerRules
from odds.core.game_rules import GameRules
from odds.engine.player import PlayerEngine
from odds.reference.game import round_value
from odds.engine.strategy import TotalDependentEngine

S17, H17 = DealerRules.parse("S17"), DealerRules.parse("H17")
RULES = {
    "S17 DAS": GameRules(decks=1, dealer=S17, das=True),
    "H17 LS D10-11 to 4": GameRules(decks=1, dealer=H17, surrender=True, double="10-11", split_hands=4),
    "S17 no hole card DAS to 3 RSA": GameRules(decks=1, dealer=DealerRules.parse("S17", peek=False), das=True,
                                               split_hands=3, resplit_aces=True),
}
ONE_DECK_CHART = {name: TotalDependentEngine(rules, exact=False) for name, rules in RULES.items()}

CASES = [(SHOES[name], rules) for name in ("A2 3 5 7 9 T5 (13)", "A3 52 62 T6 (13)") for rules in ("S17 DAS",)]
CASES += [(RESPLIT_SHOES[name], rules) for name in ("A4 83 92 T10 (19)", "A3 63 83 T10 (19)") for rules in RULES]


@pytest.mark.parametrize("counts, name", CASES)
def test_one_deck_chart_on_small_shoes_equals_brute_force(counts, name):
    """The one-deck chart, played on a small shoe: the engine's exact value of that fixed chart
    equals the brute force's, which deals card by card and asks the chart at every decision."""
    rules, chart = RULES[name], ONE_DECK_CHART[name]
    engine = TotalDependentEngine(rules, shoe(counts), exact=True, play_on=chart.play_on, first=chart.first)
    assert engine.round_value()[0] == round_value(rules, counts, chart)


@pytest.mark.parametrize("name", ["A4 83 92 T10 (19)", "A3 23 92 T11 (19)"])
def test_chart_computed_for_a_small_shoe_equals_brute_force(name):
    counts = RESPLIT_SHOES[name]
    rules = RULES["H17 LS D10-11 to 4"]
    engine = TotalDependentEngine(rules, shoe(counts), exact=True)
    assert engine.round_value()[0] == round_value(rules, counts, engine)


def test_total_dependent_play_is_worth_less_than_composition_play():
    # Control: the chart is a restriction of composition-dependent play, so it is worth less,
    # and the brute force sees the difference too.
    counts, rules = RESPLIT_SHOES["A4 83 92 T10 (19)"], RULES["S17 DAS"]
    chart = ONE_DECK_CHART["S17 DAS"]
    td = TotalDependentEngine(rules, shoe(counts), exact=True, play_on=chart.play_on, first=chart.first)
    cd = PlayerEngine(rules, shoe(counts), exact=True)
    assert td.round_value()[0] < cd.round_value()[0] == round_value(rules, counts)
    assert round_value(rules, counts, chart) == td.round_value()[0]


def test_multi_card_sixteen_against_ten_stands_at_six_decks():
    # The textbook total-dependent exception: hard 16 of three cards or more stands against a ten
    # at six decks (two cards: hit, or surrender where offered).
    chart = TotalDependentEngine(GameRules(decks=6, dealer=S17, das=True), exact=False)
    assert chart.play_on[(16, False, 10)] == "stand"
    assert chart.first[(("hard", 16), 10)][0] == "hit"


def test_game_command_with_basic_strategy(capsys):
    import json

    from odds.apps.cli import main
    assert main(["game", "--decks", "1", "--das", "--strategy", "basic", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["strategy"] == "basic" and "total-dependent chart" in doc["split_method"]
    rules = GameRules(decks=1, dealer=S17, das=True)
    assert Fraction(doc["house_edge"]) == -TotalDependentEngine(rules).round_value()[0]
    assert Fraction(doc["house_edge"]) > -PlayerEngine(rules).round_value()[0]
