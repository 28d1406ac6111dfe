"""Buster Blackjack, EZ Bust and Bust It: fast path against reference path, and published figures."""
import json
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rounding import within_print
from odds import DealerRules, Shoe, WagerError
from odds.wagers.paytables import builtin_paytables
from odds.reference.dealer import reference_dealer_table
from odds.reference.wagers import reference_buster, reference_bust_it
from odds.wagers.dealer_bust import (buster_bonus_probabilities, buster_par_sheet, bust_it_combinations,
                                     bust_it_par_sheet, ez_bust_par_sheet, ez_bust_probability, ez_bust_search)

S17, H17 = DealerRules.parse("S17"), DealerRules.parse("H17")
BUSTER = builtin_paytables("buster")


def odds_cli(*args, cwd):
    return subprocess.run([sys.executable, "-m", "odds", *args], capture_output=True, text=True, cwd=cwd)


# ------------------------------------------------------------------------------------ Buster

@pytest.mark.parametrize("decks", [1, 2])
@pytest.mark.parametrize("rules", [S17, H17])
def test_buster_equals_reference(decks, rules):
    sheet = buster_par_sheet(Shoe.decks(decks), rules, BUSTER.tables["A"], decks)
    ref = reference_buster(Shoe.decks(decks).by_value(), rules.hits_soft_17)
    assert {o.name: o.probability for o in sheet.outcomes} == ref


@settings(max_examples=15, deadline=None)
@given(removed=st.lists(st.sampled_from("A23456789TJQK"), max_size=20), h17=st.booleans())
def test_buster_on_depleted_shoes_equals_reference(removed, h17):
    removed = [r for i, r in enumerate(removed) if removed[:i].count(r) < 4]  # at most a deck's worth
    shoe = Shoe.decks(1).remove(removed)
    rules = DealerRules(hits_soft_17=h17)
    sheet = buster_par_sheet(shoe, rules, BUSTER.tables["F"], 1)
    assert {o.name: o.probability for o in sheet.outcomes} == reference_buster(shoe.by_value(), h17)


def reference_bonus(shoe, rules):
    """P(a player blackjack, an ace and a ten-value, and the dealer's bust of 7 / 8+ cards from the
    rest), by the reference count."""
    counts = list(shoe.by_value())
    n = sum(counts)
    p_bj = Fraction(2 * counts[0] * counts[9], n * (n - 1))
    counts[0] -= 1
    counts[9] -= 1
    ref = reference_buster(counts, rules.hits_soft_17)
    return {"bust-7": p_bj * ref["bust-7"], "bust-8+": p_bj * ref["bust-8+"]}


def test_buster_bonus_equals_reference():
    for decks, rules in ((1, S17), (2, H17)):
        shoe = Shoe.decks(decks)
        assert buster_bonus_probabilities(shoe, rules) == reference_bonus(shoe, rules)


def test_buster_bonus_takes_any_ten_value_card_left():
    """With every T gone, the player's blackjack is an ace and a J, Q or K: the bonus was refused
    ("no T left in the shoe") though tens of value remain."""
    for shoe, rules in ((Shoe.decks(1).remove("TS TH TD TC"), S17), (Shoe.decks(2).remove("TS TH TD TC JS QH"), H17)):
        assert buster_bonus_probabilities(shoe, rules) == reference_bonus(shoe, rules)


def test_buster_bonus_section_is_linear_in_one_over_the_wager():
    sheet = buster_par_sheet(Shoe.decks(6), H17, BUSTER.tables["A"], 6, bonuses=BUSTER.extra["bonuses"])
    b1 = sheet.extra["bonus"]["B1"]
    p = buster_bonus_probabilities(Shoe.decks(6), H17)
    expected = 8000 * p["bust-8+"] + 1000 * p["bust-7"]
    assert Fraction(b1["expected_award_dollars"]) == expected
    assert Fraction(b1["added_return_at_min_wager"]) == expected / 5


# Wizard of Odds, "Buster Blackjack" (wizardofodds.com/games/blackjack/side-bets/buster-blackjack/),
# house edge by decks for pays 8+ 250, 7 50, 6 12, 5 4, 3-4 2 (this is 633c.13 paytable C; the
# page's pay table prints 15 for six cards, but its return column and edges use 12).
WIZARD_BUSTER_EDGE_C = {1: ("8.77", "6.89"), 2: ("8.48", "6.51"), 4: ("8.31", "6.29"),
                        5: ("8.27", "6.25"), 6: ("8.25", "6.21"), 8: ("8.22", "6.17")}


@pytest.mark.parametrize("decks", sorted(WIZARD_BUSTER_EDGE_C))
def test_buster_wizard_of_odds_house_edges(decks):
    for rules, printed in zip((S17, H17), WIZARD_BUSTER_EDGE_C[decks]):
        sheet = buster_par_sheet(Shoe.decks(decks), rules, BUSTER.tables["C"], decks)
        assert within_print(sheet.house_edge, printed, scale=100), (decks, rules.name, float(sheet.house_edge))


JACOBSON_TABLE = """
wager = "buster"
[paytables.CA]
citation = "Eliot Jacobson, Card Counting Buster Blackjack (California card rooms)"
decks = "any"
pays = { "bust-8+" = 200, "bust-7" = 100, "bust-6" = 30, "bust-5" = 6, "bust-4" = 3, "bust-3" = 1 }
"""


def test_buster_jacobson_pay_table_from_a_user_file(tmp_path):
    # Eliot Jacobson, "Card Counting Buster Blackjack" (888casino blog): pays 200/100/30/6/3/1;
    # six decks: house edge 4.724%, standard deviation 2.724, hit frequency 28.576%; two decks:
    # 5.478%, 2.591, 28.645%. The rule is not stated; the figures are those of H17.
    f = tmp_path / "jacobson.toml"
    f.write_text(JACOBSON_TABLE)
    for decks, edge, sd, hit in ((6, "4.724", "2.724", "28.576"), (2, "5.478", "2.591", "28.645")):
        r = odds_cli("wager", "buster", "--decks", str(decks), "--rule", "H17", "--paytable-file", str(f),
                     "--format", "json", cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        doc = json.loads(r.stdout)
        assert doc["paytable"] == "CA"
        assert within_print(Fraction(doc["house_edge"]), edge, scale=100)
        assert within_print(Fraction(doc["hit_frequency"]), hit, scale=100)
        assert abs(doc["std_dev"] - float(sd)) <= 0.0005


def test_buster_json_contract(tmp_path):
    r = odds_cli("wager", "buster", "--decks", "6", "--rule", "H17", "--paytable", "C", "--format", "json",
                 cwd=tmp_path)
    doc = json.loads(r.stdout)
    for key in ("wager", "paytable", "decks", "rule", "outcomes", "cycle", "expected_return", "house_edge",
                "hit_frequency", "variance", "std_dev", "assumptions", "method"):
        assert key in doc
    assert [o["name"] for o in doc["outcomes"]] == ["bust-8+", "bust-7", "bust-6", "bust-5", "bust-4",
                                                   "bust-3", "no-bust"]
    assert doc["outcomes"][0]["pays"] == "250" and doc["outcomes"][-1]["pays"] == "-1"
    assert all(set(o) >= {"name", "pays", "probability", "return", "combinations"} for o in doc["outcomes"])
    assert sum(Fraction(o["probability"]) for o in doc["outcomes"]) == 1
    assert sum(Fraction(o["return"]) for o in doc["outcomes"]) == Fraction(doc["expected_return"])
    assert Fraction(doc["house_edge"]) == -Fraction(doc["expected_return"])
    assert doc["cycle"] is None and isinstance(doc["std_dev"], float)


@pytest.mark.parametrize("table", sorted(BUSTER.tables))
@pytest.mark.parametrize("rule", ["S17", "H17"])
def test_every_buster_paytable_at_every_allowed_deck_count(table, rule, tmp_path):
    for decks in BUSTER.tables[table].decks:
        r = odds_cli("wager", "buster", "--decks", str(decks), "--rule", rule, "--paytable", table,
                     "--format", "md", cwd=tmp_path)
        assert r.returncode == 0 and r.stdout.startswith("# buster"), r.stderr


def test_buster_paytable_not_allowed_for_the_deck_count(tmp_path):
    r = odds_cli("wager", "buster", "--decks", "4", "--paytable", "B", cwd=tmp_path)
    assert r.returncode == 2 and "is for 1, 6, 8 deck(s)" in r.stderr and r.stdout == ""


# ------------------------------------------------------------------------------------ EZ Bust

EZ = builtin_paytables("ez-bust").tables["PA"]


@pytest.mark.parametrize("rules", [S17, H17])
def test_ez_bust_equals_reference(rules):
    shoe = Shoe.decks(1).remove("7H 9S 2C")
    counts = shoe.by_value()
    ref = reference_dealer_table(list(counts), rules.hits_soft_17, rules.peek)
    weights = {u: counts[int(u) - 1] for u in "23456"}
    for u in "23456":
        p_ref = sum(p for (r, _), p in ref[u].items() if r == "bust")
        sheet = ez_bust_par_sheet(Shoe.decks(1), rules, EZ, 1, upcard=u, visible="7H 9S 2C")
        assert sheet.outcomes[0].probability == p_ref
        assert sheet.expected_return == 2 * p_ref - 1
    always = sum(Fraction(weights[u], sum(weights.values())) *
                 sum(p for (r, _), p in ref[u].items() if r == "bust") for u in "23456")
    assert ez_bust_probability(shoe, rules) == always


def test_ez_bust_rejects_an_up_card_it_is_not_offered_on():
    with pytest.raises(WagerError, match="2 to 6"):
        ez_bust_par_sheet(Shoe.decks(6), S17, EZ, 6, upcard="7")


def test_ez_bust_says_the_push_option_is_not_modelled(tmp_path):
    r = odds_cli("wager", "ez-bust", "--decks", "6", "--upcard", "6", cwd=tmp_path)
    assert r.returncode == 0 and "paragraph (g)" in r.stdout and "WARNING" in r.stdout


@pytest.mark.parametrize("decks", [1, 2, 6, 8])
@pytest.mark.parametrize("rules", [S17, H17])
def test_ez_bust_search_finds_no_favourable_two_card_situation(decks, rules):
    results = ez_bust_search(decks, rules)
    assert len(results) == 55 * 5
    best_ret, hand, up = results[0]
    assert best_ret < 0
    # The best situation, recomputed on the reference path.
    counts = list(Shoe.decks(decks).remove([hand[0], hand[1]]).by_value())
    if decks <= 2:
        ref = reference_dealer_table(counts, rules.hits_soft_17, rules.peek)[up]
        assert best_ret == 2 * sum(p for (r, _), p in ref.items() if r == "bust") - 1


# ------------------------------------------------------------------------------------ Bust It

BUST_IT = builtin_paytables("bust-it").tables["NY"]


@pytest.mark.parametrize("decks", [1, 2, 6])
def test_bust_it_equals_reference(decks):
    shoe = Shoe.decks(decks)
    ways, cycle = bust_it_combinations(shoe)
    ref = reference_bust_it(shoe.by_rank_suit())
    assert {k: v for k, v in ways.items() if v} == {k: v for k, v in ref.items() if k != "lose"}
    assert cycle - sum(ways.values()) == ref["lose"]


@settings(max_examples=20, deadline=None)
@given(removed=st.lists(st.sampled_from([r + s for r in "A23456789TJQK" for s in "SHDC"]), unique=True, max_size=30),
       drop_red_eights=st.booleans())
def test_bust_it_on_depleted_suited_shoes_equals_reference(removed, drop_red_eights):
    if drop_red_eights:  # uneven colours among the eights
        removed = removed + [e for e in ("8H", "8D") if e not in removed]
    shoe = Shoe.decks(2).remove(removed)
    ways, cycle = bust_it_combinations(shoe)
    ref = reference_bust_it(shoe.by_rank_suit())
    assert {k: v for k, v in ways.items() if v} == {k: v for k, v in ref.items() if k != "lose"}


def test_bust_it_by_hand_on_three_eights():
    # Three eights of hearts and nothing else: one deal (two unordered, one third): suited.
    shoe = Shoe((tuple((3, 0, 0, 0) if r == "8" else (0, 0, 0, 0) for r in "A23456789TJQK")))
    ways, cycle = bust_it_combinations(shoe)
    assert cycle == 3 and ways["eights-suited"] == 3 and ways["third-8"] == 0


# Eliot Jacobson, "Card Counting the Bust It Blackjack Side Bet" (888casino blog): pays 200 (suited
# 8-8-8), 50 (coloured 8-8-8), third card 6 15, 7 9, 8 7, 9 5, ten 3: house edge 7.568% at two
# decks, 6.912% at six. These are the pays of 9 NYCRR 5324.11(o).
@pytest.mark.parametrize("decks,printed", [(2, "7.568"), (6, "6.912")])
def test_bust_it_jacobson(decks, printed):
    sheet = bust_it_par_sheet(Shoe.decks(decks), S17, BUST_IT, decks)
    assert within_print(sheet.house_edge, printed, scale=100)
    assert sheet.cycle == sum(o.combinations for o in sheet.outcomes)


def test_bust_it_needs_suits():
    with pytest.raises(Exception, match="suit"):
        bust_it_par_sheet(Shoe.decks(1).remove("8"), S17, BUST_IT, 1)


def test_float_mode_for_simulators_mid_shoe():
    shoe = Shoe.decks(6).remove("5 5 6 T T 2 A 9")
    from odds.wagers.dealer_bust import buster_bust_probabilities
    exact, fast = buster_bust_probabilities(shoe, H17), buster_bust_probabilities(shoe, H17, exact=False)
    assert all(isinstance(v, float) and abs(v - float(exact[k])) <= 1e-14 for k, v in fast.items())
    for up in ("4", None):
        e, f = ez_bust_probability(shoe, S17, up), ez_bust_probability(shoe, S17, up, exact=False)
        assert isinstance(f, float) and abs(f - float(e)) <= 1e-14


def test_busters_cash_bonus_figures_at_the_minimum_wager_in_every_format():
    """633c.13(i): with bonus B1 ($8,000 and $1,000 on a player blackjack and a bust of eight or
    more cards, or of seven, to a wager of at least $5), the return to player, house edge and
    maximum win at $5, as JSON keys (added), CSV columns (added), and in the text and Markdown
    sheets; by hand from the bonus's chances and the wager's own return."""
    import csv
    import io
    import json as json_
    from fractions import Fraction

    from odds import DealerRules, Shoe
    from odds.wagers import get_wager
    from odds.wagers.dealer_bust import buster_bonus_probabilities
    from odds.wagers.paytables import builtin_paytables
    shipped = builtin_paytables("buster")
    rules = DealerRules.parse("H17")
    sheet = get_wager("buster").price(Shoe.decks(6), rules, shipped.tables["C"], 6, {}, shipped.extra)
    p = buster_bonus_probabilities(Shoe.decks(6), rules)
    added = (8000 * p["bust-8+"] + 1000 * p["bust-7"]) / 5
    b1 = sheet.to_json()["bonus"]["B1"]
    assert Fraction(b1["return_to_player_at_min_wager"]) == 1 + sheet.expected_return + added
    assert Fraction(b1["house_edge_at_min_wager"]) == sheet.house_edge - added
    assert Fraction(b1["max_win_at_min_wager"]) == 250 + Fraction(8000, 5) == 1850
    assert Fraction(sheet.to_json()["bonus"]["B2"]["max_win_at_min_wager"]) == 250 + 1000 == 1250
    row = next(csv.DictReader(io.StringIO(sheet.to_csv())))
    assert Fraction(row["bonus_B1_return_to_player_at_min_wager"]) == 1 + sheet.expected_return + added
    assert row["bonus_B1_max_win_at_min_wager"] == "1850" and row["max_win"] == "250.0"
    rtp = f"{float((1 + sheet.expected_return + added) * 100):.6f}%"
    assert f"with bonus B1 at $5: RTP {rtp}" in sheet.to_text() and f"RTP {rtp}" in sheet.to_markdown()
    assert json_.loads(sheet.render("json"))["bonus"]["B1"]["min_wager"] == "5"
    plain = get_wager("buster").price(Shoe.decks(6), rules, shipped.tables["C"], 6, {})
    assert "bonus" not in plain.to_json() and "bonus_" not in plain.to_csv() and "with bonus" not in plain.to_text()
