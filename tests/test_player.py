"""Player engine: float and exact agree, hand-countable values, the `odds game` contract."""
import json
import subprocess
import sys
from fractions import Fraction

import pytest

from odds import DealerRules, RuleError, Shoe
from odds.core.game_rules import GameRules
from odds.engine.player import PlayerEngine, house_edge

S17, H17 = DealerRules.parse("S17"), DealerRules.parse("H17")


def test_float_mode_gives_the_same_house_edge():
    rules = GameRules(decks=1, dealer=H17, das=True, surrender=True)
    exact, fast = house_edge(rules), house_edge(rules, exact=False)
    assert isinstance(exact, Fraction) and abs(float(exact) - fast) < 1e-14


def test_standing_on_a_shoe_of_tens_and_sixes_by_hand():
    # Shoe T T T T 6 6 6. The player holds T 6 against a T: left are T T 6 6. The hole card is a T
    # (2 in 4: dealer 20, the player loses) or a 6 (2 in 4: 16, and the next card, T or 6, busts).
    shoe = Shoe.from_rank_counts({"T": 4, "6": 3})
    engine = PlayerEngine(GameRules(decks=1, dealer=S17), shoe)
    hand = (0, 0, 0, 0, 0, 1, 0, 0, 0, 1)
    assert engine.stand(hand, 10, 16) == Fraction(1, 2) - Fraction(1, 2)
    assert engine.stand(hand, 10, 21) == 1  # any 21 beats every dealer hand this shoe can make


def test_surrender_is_half_a_unit_when_the_dealer_has_no_blackjack():
    engine = PlayerEngine(GameRules(decks=6, dealer=S17, surrender=True))
    v = engine.option_values("T", "6", "9")  # a 9 up: no blackjack possible
    assert v["surrender"] == Fraction(-1, 2)


def test_rules_that_make_no_sense_are_refused():
    with pytest.raises(RuleError, match="5 hands"):
        GameRules(split_hands=5)
    with pytest.raises(RuleError, match="resplitting aces needs"):
        GameRules(split_hands=2, resplit_aces=True)
    with pytest.raises(RuleError, match="original bets only"):
        GameRules(original_bets_only=True)
    with pytest.raises(RuleError, match="surrender needs the dealer to peek"):
        GameRules(dealer=DealerRules.parse("S17", peek=False), surrender=True)


def test_no_hole_card_by_hand():
    # Shoe A T T T 6 5, no hole card. The player stands on T T against the ace, leaving T 6 5: the
    # dealer's second card is a T (1 in 3: blackjack, the bet is lost) or the 6 (soft 17, stands) or
    # the 5 (and he busts on the cards left): +1 in 2 of 3. With peek the same hand is valued jointly
    # with "no dealer blackjack": 2/3.
    shoe = Shoe.from_rank_counts({"A": 1, "T": 3, "6": 1, "5": 1})
    hand = (0,) * 9 + (2,)
    enhc = PlayerEngine(GameRules(decks=1, dealer=DealerRules.parse("S17", peek=False)), shoe)
    peek = PlayerEngine(GameRules(decks=1, dealer=S17), shoe)
    assert enhc.stand(hand, 1, 20) == Fraction(1, 3) and peek.stand(hand, 1, 20) == Fraction(2, 3)
    assert enhc.lost_bet(hand, 1) == -1 and peek.lost_bet(hand, 1) == Fraction(-2, 3)


def test_no_hole_card_costs_the_player():
    peek = house_edge(GameRules(decks=6, dealer=S17, das=True), exact=False)
    enhc = house_edge(GameRules(decks=6, dealer=DealerRules.parse("S17", peek=False), das=True), exact=False)
    assert 0.0005 < enhc - peek < 0.003


def test_more_favourable_rules_lower_the_edge():
    base = GameRules(decks=1, dealer=S17)
    edges = [house_edge(r, exact=False) for r in (
        base, GameRules(decks=1, dealer=S17, das=True), GameRules(decks=1, dealer=H17),
        GameRules(decks=1, dealer=S17, blackjack_pays=Fraction(6, 5)))]
    assert edges[1] < edges[0] < edges[2] < edges[3]


@pytest.fixture(scope="module")
def boss_media_edge():
    """One deck, S17, peek, double any two cards, DAS, split once, split aces one card, no
    surrender, 3 to 2: the exact house edge with composition-dependent play."""
    return house_edge(GameRules(decks=1, dealer=S17, das=True))


def test_wizard_of_odds_boss_media_composition_dependent(boss_media_edge):
    # Wizard of Odds, Blackjack Appendix 3a (wizardofodds.com/games/blackjack/appendix/3a/), the
    # "Boss Media" single-deck rules above: composition-dependent strategy gives the player an
    # advantage of 0.1541%.
    from rounding import within_print
    assert within_print(-boss_media_edge, "0.1541", scale=100)


def test_game_json_contract(tmp_path, boss_media_edge):
    r = subprocess.run([sys.executable, "-m", "odds", "game", "--decks", "1", "--rule", "S17", "--das",
                        "--format", "json"], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert set(doc) >= {"house_edge", "rules", "strategy", "split_method"}
    assert Fraction(doc["house_edge"]) == boss_media_edge
    assert doc["strategy"] == "composition" and doc["rules"]["das"] is True


def test_seven_seven_seven_bonus_by_hand():
    # Shoe 7 7 7 7 T T T T; the player holds 7 7 against a T, leaving 7 7 T T T. Hitting draws a 7
    # (2 in 5: 21, and the dealer, holding T and a 7 or a T, stands on 17 or 20: a win) or a T (bust).
    shoe = Shoe.from_rank_counts({"7": 4, "T": 4})
    plain = PlayerEngine(GameRules(decks=1, dealer=S17), shoe).option_values("7", "7", "T")["hit"]
    bonus = PlayerEngine(GameRules(decks=1, dealer=S17, bonus_777=Fraction(3, 2)), shoe).option_values("7", "7", "T")["hit"]
    assert plain == Fraction(2, 5) - Fraction(3, 5)
    assert bonus == Fraction(2, 5) * Fraction(3, 2) - Fraction(3, 5)


def test_bonus_payouts_and_their_conditions():
    engine = PlayerEngine(GameRules(decks=6, dealer=S17, bonus_678_suited=Fraction(2), bonus_five_card_21=Fraction(2)),
                          exact=True)
    assert engine.bonus_pay((0, 0, 0, 0, 0, 1, 1, 1, 0, 0)) == 1 + Fraction(1, 16)
    assert engine.bonus_pay((0, 3, 0, 0, 0, 0, 0, 0, 0, 1)) == 1  # three cards, not a bonus hand
    assert engine.bonus_pay((2, 0, 1, 1, 0, 0, 0, 0, 0, 1)) == 1  # A A 3 4 T: five cards but 19
    assert engine.bonus_pay((2, 0, 0, 1, 1, 0, 0, 0, 0, 1)) == 2  # A A 4 5 T: five cards, 21

    with pytest.raises(RuleError):
        GameRules(bonus_777=Fraction(1, 2))
    with pytest.raises(Exception, match="suits are alike"):
        PlayerEngine(GameRules(decks=1, dealer=S17, bonus_678_suited=Fraction(2)), Shoe.decks(1).remove("6H"))


def test_double_rescue_by_hand():
    # Shoe 5 5 9 6 T T T T. The player doubles 5 5 against a 9, leaving 6 T T T T. The double card
    # is the 6 (1 in 5: 16 against the dealer's 19, a loss of 2, or -1 with the rescue) or a T
    # (4 in 5: 20, and the dealer ends on 19 or busts: a win of 2).
    shoe = Shoe.from_rank_counts({"5": 2, "9": 1, "6": 1, "T": 4})
    plain = PlayerEngine(GameRules(decks=1, dealer=S17), shoe).option_values("5", "5", "9")["double"]
    rescue = PlayerEngine(GameRules(decks=1, dealer=S17, double_rescue=True), shoe).option_values("5", "5", "9")["double"]
    assert plain == Fraction(1, 5) * -2 + Fraction(4, 5) * 2
    assert rescue == Fraction(1, 5) * -1 + Fraction(4, 5) * 2


def test_rule_effects_of_the_hand_dealt_game():
    from odds.games.rule_effects import rule_effects
    base = GameRules(decks=1, dealer=S17, split_hands=1)
    rows = {row.name: row for row in rule_effects(base, exact=True)}
    assert rows["as given"].change == 0
    assert rows["blackjack pays 6:5"].house_edge == house_edge(GameRules(decks=1, dealer=S17, split_hands=1,
                                                                         blackjack_pays=Fraction(6, 5)))
    assert rows["blackjack pays 6:5"].change > 0 > rows["double-down rescue"].change
    # Original bets only makes the no-hole-card game worth exactly the peek game.
    assert rows["no hole card, original bets only"].change == 0 < rows[
        "no hole card, every bet lost to a dealer blackjack"].change
