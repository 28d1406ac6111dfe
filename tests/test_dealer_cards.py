"""Dealer-final definitions that read the dealer's cards (version 2 of docs/wager-files.md): the
engine (odds.engine.dealer_cards, compiled by odds.wagers.dealer_reading) against hand counts, the
plain interpreter (odds.reference.defined, every physical card dealt) on many small shoes, the
published figures of Bust Bonus, the simulator, and the refusals."""
import random
from fractions import Fraction
from pathlib import Path

import pytest

from odds import DealerRules, Shoe
from odds.core.wager_definition import DefinitionError, parse_definition
from odds.wagers import get_wager
from odds.wagers.defined import definition_wager, outcome_chances, wager_file
from odds.wagers.paytables import builtin_paytables
from odds.reference import defined as interpreter

from defined_roads import interpreter_matches
from rounding import within_print

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "wagers"
S17, H17 = DealerRules.parse("S17"), DealerRules.parse("H17")

SUITED = """version = 2
name = "suited-bust-test"
family = "dealer-final"
placed = "{placed}"
[[outcomes]]
name = "suited"
when = {{ all = [{{ bust = true }}, {{ same = "suit" }}] }}
[[outcomes]]
name = "bust"
when = {{ bust = true }}
[paytables.P]
citation = "a test"
pays = {{ suited = 20, bust = 1 }}
"""

# Outcomes over every kind of card condition, of the whole hand and of the first cards, tested in
# this order; the pays make every row its own.
EVERY_KIND = """version = 2
name = "{name}"
family = "dealer-final"
placed = "{placed}"
{offered}
[[outcomes]]
name = "suited-three"
when = {{ all = [{{ same = "suit" }}, {{ size = 3 }}] }}
[[outcomes]]
name = "red-start"
when = {{ colour = "red", cards = ["up", "hole"] }}
[[outcomes]]
name = "two-sevens"
when = {{ all = [{{ bust = true }}, {{ number = [2, 21], of = {{ value = 7 }} }}] }}
[[outcomes]]
name = "four-ranks"
when = {{ distinct = "rank", count = [4, 21] }}
[[outcomes]]
name = "third-spade"
when = {{ any = [{{ suit = "S" }}, {{ rank = ["K", "Q"] }}], cards = ["dealer3"] }}
[[outcomes]]
name = "fourth-card"
when = {{ all = [{{ card = ["AS", "2H", "5C"], cards = ["dealer4"] }}, {{ not = {{ total = 21 }} }}] }}
[[outcomes]]
name = "one-colour"
when = {{ same = "colour" }}
[[outcomes]]
name = "pair-start"
when = {{ same = "rank", cards = ["up", "hole"] }}
[paytables.P]
citation = "a test"
pays = {{ suited-three = 30, red-start = 1, two-sevens = 8, four-ranks = 5, third-spade = 2, fourth-card = 12, one-colour = 3, pair-start = 4 }}
"""


def small_shoe(rng, n):
    counts = [0] * 52
    for card in rng.sample(list(range(52)) * 2, n):
        counts[card] += 1
    return Shoe.from_flat_counts(counts)


def rows_of(definition, shoe, rules, pays, upcard=None):
    """The compiled road's rows (first outcome that holds and is paid, else the losing row)."""
    law, _ = outcome_chances(definition, shoe, rules, {}, upcard)
    out = {}
    for name, p in law.items():
        row = name if name is not None and name in pays else definition.lose
        out[row] = out.get(row, Fraction(0)) + p
    return {k: v for k, v in out.items() if v}


def reference_rows(definition, shoe, rules, pays, upcard=None):
    figures = interpreter.dealer_figures(definition, shoe, rules, pays, {}, upcard)
    return {k: v for k, v in figures.probabilities.items() if v}


def test_a_suited_bust_counted_by_hand():
    """7S 7S TS TH, before the deal: the dealer busts only on 7S 7S then a ten, 2/4 * 1/3 = 1/6; the
    ten is the spade half the time."""
    d = parse_definition(SUITED.format(placed="before-deal"), "suited.toml")
    shoe = Shoe.from_flat_counts([2 if c == 4 * 6 else 1 if c in (4 * 9, 4 * 9 + 1) else 0 for c in range(52)])
    pays = d.paytables["P"]["pays"]
    expected = {"suited": Fraction(1, 12), "bust": Fraction(1, 12), "lose": Fraction(5, 6)}
    assert rows_of(d, shoe, S17, pays) == expected
    assert reference_rows(d, shoe, S17, pays) == expected


@pytest.mark.parametrize("placed,offered", [("before-deal", ""), ("after-up-card", ""),
                                            ("after-up-card", "offered = [1, 5, 10]")])
def test_the_roads_agree_on_small_shoes(placed, offered):
    """Every kind of card condition, of the whole hand and of the first cards, on shoes of 12 to 16
    cards drawn at random from two decks, S17 and H17, each up card and every up card together."""
    d = parse_definition(EVERY_KIND.format(name="every-kind", placed=placed, offered=offered), "every-kind.toml")
    pays = d.paytables["P"]["pays"]
    rng = random.Random(f"{placed}{offered}")
    for i in range(6):
        shoe = small_shoe(rng, 12 + i % 5)
        rules = (S17, H17)[i % 2]
        assert rows_of(d, shoe, rules, pays) == reference_rows(d, shoe, rules, pays), (i, shoe)
        if placed == "after-up-card":
            up = "AT5"[i % 3] if offered else "A23456789T"[i]
            if shoe.by_value()["A23456789T".index(up)]:
                assert rows_of(d, shoe, rules, pays, up) == reference_rows(d, shoe, rules, pays, up), (i, up)


def test_every_kind_sees_every_row():
    """Every row of the test definition happens on a shoe of 26 cards, so the agreement above is
    not an agreement on zeros."""
    d = parse_definition(EVERY_KIND.format(name="every-kind", placed="before-deal", offered=""), "every-kind.toml")
    pays = d.paytables["P"]["pays"]
    assert set(rows_of(d, small_shoe(random.Random(26), 26), H17, pays)) == set(pays) | {"lose"}


def test_bust_bonus_through_the_registered_record():
    """The example as every command reads it: the interpreter behind certify agrees with the par
    sheet on a small shoe, and its return for a shoe as it stands is the par sheet's."""
    with wager_file(EXAMPLES / "bust-bonus.toml") as wager:
        shoe = Shoe.from_flat_counts([1 if c % 3 == 0 or c // 4 == 7 else 0 for c in range(52)])
        for options in ({}, {"upcard": "8"}):
            assert interpreter_matches(wager, shoe, H17, "WoO", options)
        record = get_wager(wager.name)
        table = builtin_paytables(wager.name).tables["WoO"]
        counts = [n for row in Shoe.decks(2).remove("8S 8H 5D").by_rank_suit() for n in row]
        ret = record.shoe_return(table.pays, H17)
        r, q = ret.exact(counts)
        assert r == record.price(Shoe.from_flat_counts(counts), H17, table, 2, {}).expected_return
        assert ret.fast(counts) == (float(r), float(q))


# Wizard of Odds, "Bust Bonus" (wizardofodds.com/games/blackjack/side-bets/bust-bonus/, read in a copy
# at nilapub.com/games/blackjack/side-bets/bust-bonus/): eight decks, H17, the peek before the wager
# under an ace or ten; pays by up card, suited A 50, 2 25, 3 15, 4 10, 5 5; bust A 3, 2-4 1. By up
# card: P(suited bust), P(other bust), return. Under an ace the page prints a suited bust of 0.002238
# (return 0.111920, so 0.0022384), bust 0.198886 and all other 0.798875: its three rows sum to
# 0.999999. Ours are 0.0022390, 0.198886 and 0.798875, summing to one; the suited row is short by
# the page's missing 0.000001, and Discount Gambling's six-deck ace row (below) agrees with ours to
# every digit. So the ace is checked on its two other rows.
WIZARD_EIGHT_DECKS = {"A": (None, "0.198886", None), "2": ("0.008834", "0.347843", "-0.074630"),
                      "3": ("0.011606", "0.365285", "-0.083734"), "4": ("0.014647", "0.383472", "-0.071939"),
                      "5": ("0.017942", None, None)}
# The page's return column is each pay times the chance as printed (25 x 0.008834 = 0.220850 under a
# 2), so a return is held to the printed chances' rounding: half a unit of the sixth digit times the
# pays, 1e-5 at most here.
RETURN_ROUNDING = Fraction(1, 10 ** 5)
# Discount Gambling, "Bust Bonus BJ Side Bet" (discountgambling.net/2013/05/14/bust-bonus-bj-side-bet/),
# six decks, the wager after the peek under an ace or ten: P(suited bust), P(offsuit bust) by up card
# (an eight: suited 8-8-8 and offsuit 8-8-8 as well). Its rules are not stated; these are H17's.
DISCOUNT_SIX_DECKS = {"A": ("0.002222", "0.199059"), "2": ("0.008751", "0.347909"), "3": ("0.011524", "0.365435"),
                      "4": ("0.014574", "0.383896"), "5": ("0.017883", "0.401749"), "6": ("0.020844", "0.418415"),
                      "7": ("0.011716", "0.250219"), "9": ("0.011602", "0.217640"), "T": ("0.012263", "0.217975")}


def test_bust_bonus_published_figures():
    with wager_file(EXAMPLES / "bust-bonus.toml") as wager:
        record = get_wager(wager.name)
        table = builtin_paytables(wager.name).tables["WoO"]
        for up, (suited, other, ret) in WIZARD_EIGHT_DECKS.items():
            sheet = record.price(Shoe.decks(8), H17, table, 8, {"upcard": up})
            p = {o.name: o.probability for o in sheet.outcomes}
            if suited:
                assert within_print(p[f"suited-{up}"], suited), up
            if other:
                assert within_print(p[f"bust-{up}"], other), up
            if ret:
                assert abs(sheet.expected_return - Fraction(ret)) < RETURN_ROUNDING, up
        ace = {o.name: o.probability for o in record.price(Shoe.decks(8), H17, table, 8, {"upcard": "A"}).outcomes}
        assert within_print(ace["no-bust"], "0.798875") and within_print(ace["suited-A"], "0.0022390")
        for up, (suited, other) in DISCOUNT_SIX_DECKS.items():
            p = {o.name: o.probability for o in record.price(Shoe.decks(6), H17, table, 6, {"upcard": up}).outcomes}
            assert within_print(p[f"suited-{up}"], suited) and within_print(p[f"bust-{up}"], other), up
        eight = {o.name: o.probability for o in record.price(Shoe.decks(6), H17, table, 6, {"upcard": "8"}).outcomes}
        for row, printed in (("suited-8", "0.011133"), ("suited-8-8-8", "0.000207"), ("bust-8", "0.227312"),
                             ("8-8-8", "0.005041"), ("no-bust", "0.756307")):
            assert within_print(eight[row], printed), row


def test_the_simulator_deals_the_dealers_cards():
    from odds.verify.simulate import compare, simulate
    with wager_file(EXAMPLES / "bust-bonus.toml") as wager:
        table = builtin_paytables(wager.name).tables["WoO"]
        run = simulate(wager.name, 6, H17, table.pays, 30000, 5, upcard="8")
        check = compare(run, get_wager(wager.name).price(Shoe.decks(6), H17, table, 6, {"upcard": "8"}))
        assert all(row.inside for row in check.rows), [(r.name, r.inside) for r in check.rows]


def test_certify_says_in_one_line_that_the_plain_road_is_out_of_reach(tmp_path, capsys):
    from odds.apps.cli import main
    out = tmp_path / "bust-bonus.html"
    status = main(["certify", "--wager-file", str(EXAMPLES / "bust-bonus.toml"), "--decks", "1", "--rule", "H17",
                   "--rounds", "1000", "--out", str(out)])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1, err
    assert "reaches shoes of at most 32 cards, not 52" in err and "odds simulate" in err
    assert not out.exists()


BAD = {
    "version 1": (("version = 2", "version = 1"), "outcomes.suited.when.all[1].same: a condition on the dealer's "
                                                  "cards is new in version 2"),
    "unknown position": (('{ same = "suit" }', '{ same = "suit", cards = ["up", "dealer9"] }'),
                         "'dealer9' is not one of the deciding cards (up, hole, dealer3, dealer4, dealer5)"),
    "one card compared": (('{ same = "suit" }', '{ same = "suit", cards = ["up"] }'),
                          "same compares at least 2 cards"),
    "no shoe deals it": (('{ same = "suit" }', '{ rank = "8", cards = ["up", "hole", "dealer3", "dealer4"] }'),
                         "outcomes.suited: no shoe can deal it"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_card_conditions_are_one_line(case):
    (old, new), words = BAD[case]
    text = SUITED.format(placed="before-deal")
    assert old in text
    with pytest.raises(DefinitionError) as err:
        definition_wager(parse_definition(text.replace(old, new), "bad.toml"))
    assert words in str(err.value) and "\n" not in str(err.value)


def test_exclusive_overlap_needs_the_cards():
    """Two outcomes that overlap only in some suits of some hands are found (a suited bust is a
    bust), and told apart when they cannot meet."""
    text = SUITED.format(placed="before-deal").replace('family = "dealer-final"', 'family = "dealer-final"\n'
                                                                                   'exclusive = true')
    with pytest.raises(DefinitionError, match="outcomes.bust: overlaps outcomes.suited"):
        definition_wager(parse_definition(text, "overlap.toml"))
    apart = text.replace('when = { bust = true }', 'when = { all = [{ bust = true }, { not = { same = "suit" } }] }')
    assert definition_wager(parse_definition(apart, "apart.toml")).name == "suited-bust-test"


def test_an_up_card_named_10_is_a_ten_on_both_roads():
    """``--upcard 10`` was read as an ace by the interpreter (its first character)."""
    with wager_file(EXAMPLES / "bet-the-bust.toml") as wager:
        for up in ("10", "T", "KD"):
            assert interpreter_matches(wager, Shoe.decks(1), S17, "WoO", {"upcard": up}), up


# Discount Gambling, "Push 22 Side Bet @ Viejas Casino" (discountgambling.net, August 22, 2013), six
# decks (rules not stated; these are H17's, S17 gives 0.003317): suited dealer 22 0.003327 at 50 to
# 1, same colour (not suited) 0.011659 at 20, other 22 0.058551 at 8, not 22 0.926464; return -0.058540.
def test_push_22_published_figures():
    with wager_file(EXAMPLES / "push-22.toml") as wager:
        table = builtin_paytables(wager.name).tables["DG"]
        sheet = get_wager(wager.name).price(Shoe.decks(6), H17, table, 6, {})
        p = {o.name: o.probability for o in sheet.outcomes}
        for row, printed in (("suited-22", "0.003327"), ("colour-22", "0.011659"), ("other-22", "0.058551"),
                             ("not-22", "0.926464")):
            assert within_print(p[row], printed), row
        # the page's total is the sum of its rows' returns as printed (0.166345 + 0.233174 + 0.468405 -
        # 0.926464); ours is -0.0585394
        assert abs(sheet.expected_return - Fraction("-0.058540")) < Fraction(2, 10 ** 6)
        rng = random.Random(22)
        for i in range(3):
            assert interpreter_matches(wager, small_shoe(rng, 20 + 4 * i), (S17, H17)[i % 2], "DG", {}), i


BUST_TOTALS = """version = 2
name = "bust-totals"
family = "dealer-final"
exclusive = true
[[outcomes]]
name = "22"
when = { total = 22 }
[[outcomes]]
name = "23-26"
when = { total = [23, 26] }
[[outcomes]]
name = "20-21"
when = { total = [20, 21] }
[paytables.P]
citation = "a test"
pays = { 22 = 10, 23-26 = 2, 20-21 = 1 }
"""


def test_a_bust_total_on_full_shoes():
    """A bust's total needs no card read: the interpreter deals by point value, so the roads meet
    on full and depleted shoes of two decks."""
    d = parse_definition(BUST_TOTALS, "bust-totals.toml")
    pays = d.paytables["P"]["pays"]
    for shoe, rules in ((Shoe.decks(2), H17), (Shoe.decks(2).remove("TS TH 6D 6C 5S"), S17)):
        assert rows_of(d, shoe, rules, pays) == reference_rows(d, shoe, rules, pays)
    with pytest.raises(DefinitionError, match="a bust's total is new in version 2"):
        parse_definition(BUST_TOTALS.replace("version = 2", "version = 1"), "bust-totals.toml")
