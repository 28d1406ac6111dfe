"""Decisions opened by side wagers (odds.games.decisions): house money (9 NYCRR 5324.11(h)(6)) and 7-7
with the sevens wagers ((d), (e), (q)).

Each result is checked exactly (== on rationals) against odds.reference.decisions, a plain
enumeration that shares none of the fast path's code: ordered deals card kind by card kind, its
own house money classifier, the pays typed from the regulation, the sevens counted directly. On a
small shoe the main game's values come from the brute force over explicit deals, so nothing of the
player engine is used either. Hand-counted cases pin the numbers; controls show that the
comparisons can fail.
"""
import json
from fractions import Fraction

import pytest

from odds import DealerRules, Shoe
from odds.core.cards import RANKS, SUITS, parse_cards
from odds.games.decisions import (DecisionTable, Linear, house_money_decisions, house_money_value, ny_rules,
                            sevens_side, sevens_split_decisions)
from odds.core.errors import OddsError, RuleError, ShoeError, WagerError
from odds.core.game_rules import GameRules
from odds.engine.player import PlayerEngine
from odds.reference.decisions import (house_money_hand, reference_hit_minus_split, reference_house_money,
                                      reference_sevens_side)
from odds.wagers.paytables import builtin_paytables

LABELS = "A23456789T"
S17, H17 = DealerRules.parse("S17"), DealerRules.parse("H17")


def shoe_of(text):
    counts = [[0] * 4 for _ in range(13)]
    for c in parse_cards(text):
        counts[RANKS.index(c.rank)][SUITS.index(c.suit)] += 1
    return Shoe(tuple(map(tuple, counts)))


# By value A2 3 5 7 9 T5 (13 cards), a shoe of test_player_bruteforce that never runs out, given suits:
# pairs AA 55 99, straights and straight flushes among the tens, a suited A-K (KH AH).
SMALL = shoe_of("AS AH 3S 5H 5D 7C 9S 9H TS JS QS KH TD")


def fast_rows(table):
    return {(r["player"], r["up"]): (r["probability"], r["proceeds"], r["value"]) for r in table.rows}


def ref_rows(rows):
    return {(f"{LABELS[a - 1]}-{LABELS[b - 1]}", LABELS[u - 1]): tuple(v) for (a, b, u), v in rows.items()}


# ------------------------------------------------------------------------------- house money

def test_house_money_hand_classifiers_agree():
    from odds.wagers.card_combinations import house_money
    from odds.pricing.first_cards_base import paid_hand
    from odds.core.cards import Card
    pays = builtin_paytables("house-money").tables["A"].pays
    cards = [Card(r, s) for r in RANKS for s in SUITS]
    for c1 in cards:
        for c2 in cards:
            assert paid_hand(house_money((c1, c2)), pays) == house_money_hand((c1.rank, c1.suit), (c2.rank, c2.suit))


def test_house_money_hand_counted_blackjack_row():
    # One deck (NY (c)(1): a blackjack pays 6:5), an ace and a ten-value against a 5: 4 suited A-K
    # (9:1, proceeds 10) and 12 offsuit A-K (a straight, 1:1, proceeds 2) of C(52,2) = 1326 hands,
    # then a 5 (4 of the 50 left). A blackjack against a 5 is worth 6/5 per unit added.
    t = house_money_decisions(1, "S17", "A")
    row = next(r for r in t.rows if r["player"] == "A-T" and r["up"] == "5")
    assert row["probability"] == Fraction(16, 1326) * Fraction(4, 50)
    assert row["proceeds"] == Fraction(4 * 10 + 12 * 2, 1326) * Fraction(4, 50)
    assert row["value"] == Fraction(6, 5) and row["decision"] == "add all"
    assert row["gain"] == row["proceeds"] * Fraction(6, 5)
    # Against an ace: 15 tens among the 49 cards left give the dealer a blackjack (a push).
    ace = next(r for r in t.rows if r["player"] == "A-T" and r["up"] == "A")
    assert ace["value"] == Fraction(6, 5) * Fraction(34, 49)
    # The wager's own return is its par sheet's: 156 straights, 78 pairs, 48 straight flushes and
    # 4 suited A-K win among 1326 hands.
    assert t.summary["wager_return"] == Fraction(156 * 1 + 78 * 3 + 48 * 4 + 4 * 9 - (1326 - 286), 1326)
    assert t.summary["combined_return"] == t.summary["wager_return"] + t.summary["gain_from_adding"]
    assert t.summary["gain_from_adding"] == sum(r["gain"] for r in t.rows)


def test_house_money_before_and_after_the_peek():
    # A ten-value pair against an ace, one deck: 14 ten-values among the 49 cards left make a dealer
    # blackjack. Before the peek the money added meets it; after the peek the value is conditional
    # on no blackjack.
    engine = PlayerEngine(ny_rules(1), exact=True)
    before, b_round, play = house_money_value(engine, 10, 10, 1, "before-peek")
    after, a_round, _ = house_money_value(engine, 10, 10, 1, "after-peek")
    joint = max(engine.option_values("T", "T", "A").values())
    p_bj = Fraction(14, 49)  # 16 ten-values less the player's two
    assert play == "stand"
    assert before == b_round == joint - p_bj
    assert after == joint / (1 - p_bj) and a_round == joint
    # Against a 6 there is no blackjack to fear: the readings agree.
    assert house_money_value(engine, 10, 10, 6, "before-peek")[0] == house_money_value(engine, 10, 10, 6, "after-peek")[0]


@pytest.mark.slow
@pytest.mark.parametrize("decks,rule,paytable,timing,proceeds", [
    (1, "S17", "A", "before-peek", "stake-and-win"),
    (1, "H17", "B", "after-peek", "win"),
])
def test_house_money_equals_reference_enumeration(decks, rule, paytable, timing, proceeds):
    t = house_money_decisions(decks, rule, paytable, timing=timing, proceeds=proceeds)
    engine = PlayerEngine(ny_rules(decks, rule), Shoe.decks(decks), exact=True)
    wager, gain, rows = reference_house_money(Shoe.decks(decks).by_rank_suit(), ny_rules(decks, rule), paytable,
                                              timing, proceeds, engine=engine)
    assert wager == t.summary["wager_return"]
    assert gain == t.summary["gain_from_adding"]
    assert ref_rows(rows) == fast_rows(t)


RULES_SMALL = {
    "S17": GameRules(decks=1, dealer=S17),
    "H17 DAS LS 6:5": GameRules(decks=1, dealer=H17, das=True, surrender=True, blackjack_pays=Fraction(6, 5)),
    "S17 no hole card": GameRules(decks=1, dealer=DealerRules.parse("S17", peek=False)),
}


@pytest.mark.parametrize("timing", ["before-peek", "after-peek"])
@pytest.mark.parametrize("name", list(RULES_SMALL))
def test_house_money_equals_brute_force_on_a_small_shoe(name, timing):
    """The main game's values from the brute force over explicit deals: no player engine at all."""
    rules = RULES_SMALL[name]
    if timing == "after-peek" and not rules.dealer.peek:
        with pytest.raises(RuleError):
            house_money_decisions(1, rules=rules, shoe=SMALL, timing=timing)
        return
    t = house_money_decisions(1, rules=rules, shoe=SMALL, timing=timing)
    wager, gain, rows = reference_house_money(SMALL.by_rank_suit(), rules, "A", timing, values="brute")
    assert (wager, gain) == (t.summary["wager_return"], t.summary["gain_from_adding"])
    assert ref_rows(rows) == fast_rows(t)
    assert gain > 0


def test_house_money_controls():
    # The readings give different numbers, so the comparisons above can tell them apart.
    rules = RULES_SMALL["S17"]
    gains = {(timing, proceeds): house_money_decisions(1, rules=rules, shoe=SMALL, timing=timing,
                                                       proceeds=proceeds).summary["gain_from_adding"]
             for timing in ("before-peek", "after-peek") for proceeds in ("stake-and-win", "win")}
    assert len(set(gains.values())) == 4
    _, wrong, _ = reference_house_money(SMALL.by_rank_suit(), rules, "A", "after-peek", values="brute")
    assert wrong != gains[("before-peek", "stake-and-win")]
    # Adding where the hand is worth less than nothing would cost money: every skipped row has
    # value <= 0 and every added row value > 0.
    t = house_money_decisions(1, rules=rules, shoe=SMALL)
    assert all((r["value"] > 0) == (r["decision"] == "add all") for r in t.rows)
    assert any(r["decision"] == "add nothing" for r in t.rows)


def test_house_money_table_formats():
    t = house_money_decisions(1, rules=RULES_SMALL["S17"], shoe=SMALL, paytable="B")
    doc = json.loads(json.dumps(t.to_json()))
    assert Fraction(doc["summary"]["combined_return"]) == t.summary["combined_return"]
    assert doc["summary"]["combined_return_decimal"] == float(t.summary["combined_return"])
    assert Fraction(doc["rows"][0]["value"]) == t.rows[0]["value"]
    text = t.to_text()
    assert "E per unit added" in text and "combined_return" in text and "assumptions:" in text
    assert t.to_text(fractions=True) != text


@pytest.mark.parametrize("kwargs,error", [
    ({"timing": "later"}, WagerError), ({"proceeds": "all"}, WagerError), ({"paytable": "Z"}, WagerError),
    ({"rule": "S18"}, RuleError), ({"decks": 0}, ShoeError),
])
def test_house_money_bad_input(kwargs, error):
    args = {"decks": 1, **kwargs}
    with pytest.raises(error):
        house_money_decisions(**args)
    assert issubclass(error, OddsError)


def test_house_money_rules_must_match_decks():
    with pytest.raises(RuleError):
        house_money_decisions(6, rules=ny_rules(1))


# ------------------------------------------------------------------------------------ sevens

def test_sevens_side_hand_counted():
    # Six decks, 7S 7S against a 5: 309 cards left, 4 sevens of spades, 18 other sevens. Table A of
    # (e) pays a suited pair 50, three of one suit the jackpot M, three mixed 500; a split pays 50.
    side = sevens_side("progressive-super-sevens", "A", "7S 7S", "5", Shoe.decks(6))
    assert side["split"] == side["stand"] == Linear.of(50)
    assert side["hit"] == side["double"] == Linear.of(50 + Fraction(18, 309) * 450 - Fraction(4, 309) * 50,
                                                     {"jackpot": Fraction(4, 309)})
    # One deck, super sevens table A, 7S 7H against a ten: an ace in the hole (4 of 49) is a dealer
    # blackjack. Two 7s pay 50, a third seven (7D or 7C) 500, and a split keeps it ((d)(4)).
    ss = sevens_side("super-sevens", "A", "7S 7H", "T", Shoe.decks(1))
    assert ss["stand"] == Linear.of(Fraction(50 * 45, 49))
    assert ss["hit"] == ss["split"] == Linear.of(Fraction(50 * 45, 49) + 450 * Fraction(2, 49) * Fraction(44, 48))


TABLES = {w: list(builtin_paytables(w).tables) for w in ("super-sevens", "progressive-super-sevens", "blazing-7s")}
CASES = [(w, p, d, r) for w, ps in TABLES.items() for p in ps for d, r in ((1, "S17"), (6, "H17"))]


def _pair_suits(text):
    return [(p[1], p[3]) for p in text.split()]


def _up(row):
    return (row["up"][0], row["up"][1]) if len(row["up"]) == 2 else ({"T": "T", "A": "A"}.get(row["up"], row["up"]), None)


@pytest.mark.slow
@pytest.mark.parametrize("wager,paytable,decks,rule", CASES)
def test_sevens_equal_reference_counts(wager, paytable, decks, rule):
    shoe = Shoe.decks(decks)
    rs = shoe.by_rank_suit()
    side_bet = Fraction(1, 250)
    t = sevens_split_decisions(wager, paytable, decks, rule, side_bet=side_bet)
    engine = PlayerEngine(ny_rules(decks, rule), exact=True)
    for row in t.rows:
        rank, suit = _up(row)
        up = (rank, suit or "S")  # a non-seven's suit does not matter
        main = engine.option_values("7", "7", rank)
        assert main == row["main"]
        for ps in _pair_suits(row["pairs"]):
            third, none = reference_sevens_side(wager, paytable, ps, up, rs)
            fast = sevens_side(wager, paytable, f"7{ps[0]} 7{ps[1]}", f"{rank}{suit or ''}", shoe)
            with_third = {"super-sevens": "split", "progressive-super-sevens": "hit", "blazing-7s": "split"}[wager]
            assert fast["hit"] == Linear.of(*third) and fast["stand"] == Linear.of(*none)
            assert fast[with_third] == Linear.of(*third)
            assert fast == row["side"] | {"surrender": fast["surrender"]}
            const, meters, breakeven = reference_hit_minus_split(wager, paytable, ps, up, rs, main, side_bet)
            assert row["hit_minus_split"] == Linear.of(const, meters)
            assert row["breakeven_meter"] == breakeven


def test_splitting_forfeits_only_under_progressive_super_sevens():
    # Control: the side wager's part of hit - split is 0 for (d) and (q), never for (e).
    for wager, forfeits in (("super-sevens", False), ("blazing-7s", False), ("progressive-super-sevens", True)):
        t = sevens_split_decisions(wager, TABLES[wager][0], 6, "S17")
        for row in t.rows:
            differs = row["side"]["hit"] != row["side"]["split"]
            assert differs == forfeits
    # Under the (q)(10) procedure no option touches the wager, standing included.
    t = sevens_split_decisions("blazing-7s", "A", 6, "S17", procedure="up-card")
    assert all(len(set(r["side"].values())) == 1 for r in t.rows)
    up7 = next(r for r in t.rows if r["up"] == "7S" and r["pairs"].startswith("7S7S"))
    assert up7["side"]["stand"] == Linear.of(0, {"jackpot": 1})


def test_breakeven_meter_is_where_hit_and_split_are_equal():
    side_bet = Fraction(1, 500)
    t = sevens_split_decisions("progressive-super-sevens", "A", 6, "S17", side_bet=side_bet)
    rows = [r for r in t.rows if r["breakeven_meter"] is not None and r["breakeven_meter"] > 0]
    assert rows  # with a small side wager splitting is right below some meter
    for r in rows:
        m = r["breakeven_meter"]
        v = r["values"]
        assert v["hit"].at({"jackpot": m}) == v["split"].at({"jackpot": m})
        env = r["best_play"]
        assert any(seg["to"] == m for seg in env)  # the best play changes there (hit vs split at the top)
        assert env[-1]["play"] == "hit" and env[-1]["to"] is None
    # Fixing the meter resolves the row into one play.
    fixed = sevens_split_decisions("progressive-super-sevens", "A", 6, "S17", side_bet=side_bet,
                                   meters={"jackpot": 10 ** 6})
    suited = [r for r in fixed.rows if r["hit_minus_split"].substitute({"jackpot": 0}) != r["hit_minus_split"]
              or r["values"]["hit"].meters]
    assert suited and all(r["best_play_text"] == "hit" for r in suited)
    # Unsuited sevens cannot make three of a suit: their play does not depend on the meter.
    assert all(not r["values"]["hit"].meters for r in fixed.rows if r not in suited)


def test_sevens_table_formats():
    t = sevens_split_decisions("progressive-super-sevens", "C", 1, "S17", side_bet=Fraction(1, 100),
                               meters={"major": 1000, "mega": 5000})
    doc = json.loads(json.dumps(t.to_json()))
    r0, d0 = t.rows[0], doc["rows"][0]
    assert Fraction(d0["hit_minus_split"]["constant"]) == r0["hit_minus_split"].const
    if r0["breakeven_meter"] is not None:
        assert Fraction(d0["breakeven_meter"]) == r0["breakeven_meter"]
    assert "hit = split at" in t.to_text() and "(e)(3)" in t.to_text()


@pytest.mark.parametrize("kwargs,error", [
    ({"wager": "buster"}, WagerError), ({"paytable": "Q"}, WagerError), ({"side_bet": 0}, WagerError),
    ({"side_bet": 0.5}, WagerError), ({"meters": {"jackpot": -1}}, WagerError),
    ({"meters": {"nosuch": 1}}, WagerError), ({"procedure": "up-card"}, WagerError),
])
def test_sevens_bad_input(kwargs, error):
    with pytest.raises(error):
        sevens_split_decisions(**{"decks": 1, **kwargs})


def test_sevens_side_bad_cards():
    with pytest.raises(WagerError):
        sevens_side("super-sevens", "A", "7S 8S", "5", Shoe.decks(1))
    with pytest.raises(WagerError):
        sevens_side("super-sevens", "A", "7S 7H", "7", Shoe.decks(1))
    with pytest.raises(ShoeError):
        sevens_side("super-sevens", "A", "7S 7S", "5", Shoe.decks(1))  # one deck has one 7S


def test_linear_and_table_helpers():
    x = Linear.of(-50, {"jackpot": Fraction(1, 100)})
    assert x.solve("jackpot") == 5000 and (x - x) == Linear()
    with pytest.raises(WagerError):
        Linear.of(1).solve("jackpot")
    with pytest.raises(WagerError):
        x.at({})
    assert isinstance(house_money_decisions(1, rules=RULES_SMALL["S17"], shoe=SMALL), DecisionTable)


def test_decide_from_the_command_line(capsys):
    import json as _json

    from odds.apps.cli import main
    assert main(["decide", "sevens-split", "--decks", "6", "--paytable", "C", "--side-bet", "1/25",
                 "--format", "json"]) == 0
    doc = _json.loads(capsys.readouterr().out)
    assert doc and "assumptions" in doc
    assert main(["decide", "sevens-split", "--decks", "6", "--side-bet", "x"]) == 2
    assert "cannot read the --side-bet" in capsys.readouterr().err
