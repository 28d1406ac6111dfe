"""The dealing simulator (odds.simulate) against the exact par sheets, and its power to notice
planted errors. Fixed seeds make every run here deterministic; the round counts are modest so each
test takes a few seconds."""
import math
from fractions import Fraction

import pytest

from odds.errors import PaytableError, WagerError
from odds.paytables import builtin_paytables
from odds.rules import DealerRules
from odds.shoe import Shoe
from odds.simulate import FLAG_LEVEL, check, simulate, twenty_one_plus_three_hands, wilson, with_pay, z_value
from odds.wagers import get_wager

H17 = DealerRules.parse("H17")
BUSTER_C = builtin_paytables("buster").tables["C"]
ROUNDS = 200_000


def test_buster_agrees_with_exact():
    c = check("buster", BUSTER_C, 6, H17, ROUNDS, seed=1)
    assert c.agrees, c.to_text()
    assert {r.name for r in c.rows} == {"bust-3", "bust-4", "bust-5", "bust-6", "bust-7", "bust-8+", "no-bust"}
    assert sum(r.count for r in c.rows) == ROUNDS


def test_21_plus_3_agrees_with_exact():
    table = builtin_paytables("21+3").tables["C"]
    c = check("21+3", table, 6, H17, ROUNDS, seed=3)
    assert c.agrees, c.to_text()
    assert {r.name for r in c.rows} == {o.name for o in get_wager("21+3").par_sheet(
        Shoe.decks(6), H17, table, 6).outcomes}


def test_flags_a_wrong_pay_on_the_exact_side():
    # The exact side is told bust-8+ pays 5000 instead of 250. The shift in the return this makes
    # is checked to be far beyond the flagging interval at this round count, so the catch does not
    # hang on the seed.
    wrong = with_pay(BUSTER_C, "bust-8+", 5000)
    sheet = get_wager("buster").par_sheet(Shoe.decks(6), H17, BUSTER_C, 6)
    p8 = next(o.probability for o in sheet.outcomes if o.name == "bust-8+")
    shift = float((wrong.pays["bust-8+"] - BUSTER_C.pays["bust-8+"]) * p8)
    standard_error = sheet.std_dev / math.sqrt(ROUNDS)
    assert shift > (z_value(1 - (1 - FLAG_LEVEL) / 8) + 4) * standard_error  # 7 outcomes and the mean
    c = check("buster", BUSTER_C, 6, H17, ROUNDS, seed=1, exact_paytable=wrong)
    assert not c.mean_inside and not c.agrees
    assert all(r.inside for r in c.rows)  # the frequencies are right: only the pay is wrong


def test_flags_a_dealer_who_stands_on_16():
    c = check("buster", BUSTER_C, 6, H17, 50_000, seed=2, dealer_stands_on=16)
    flagged = {r.name for r in c.rows if not r.inside}
    assert {"bust-3", "bust-4", "bust-5", "no-bust"} <= flagged
    assert not c.agrees


def test_same_seed_same_run_and_settled_with_the_given_pays():
    pays = dict(BUSTER_C.pays)
    a = simulate("buster", 6, H17, pays, 3000, seed=5)
    assert a == simulate("buster", 6, H17, pays, 3000, seed=5)
    assert a != simulate("buster", 6, H17, pays, 3000, seed=6)
    assert a.pays["no-bust"] == -1 and all(a.pays[o] == pays[o] for o in a.counts if o != "no-bust")
    expected = sum(Fraction(pays.get(o, -1)) * k for o, k in a.counts.items()) / a.rounds
    assert a.mean_return() == pytest.approx(float(expected))


def test_21_plus_3_hands():
    assert twenty_one_plus_three_hands([("7", "H")] * 3) == ["suited-trips", "trips", "flush"]
    assert twenty_one_plus_three_hands([("A", "S"), ("2", "H"), ("3", "D")]) == ["straight"]
    assert twenty_one_plus_three_hands([("7", "H"), ("7", "H"), ("9", "H")]) == ["flush", "pair"]
    assert twenty_one_plus_three_hands([("7", "H"), ("7", "S"), ("9", "H")]) == ["pair"]


def test_wilson_interval():
    lo, hi = wilson(50, 100, 0.95)
    assert lo < 0.5 < hi and hi - 0.5 == pytest.approx(0.5 - lo)


def test_bad_input():
    with pytest.raises(WagerError):
        simulate("streak", 6, H17, {}, 100)
    with pytest.raises(WagerError):
        simulate("buster", 0, H17, BUSTER_C.pays, 100)
    with pytest.raises(PaytableError):
        simulate("buster", 6, H17, {"bust-3": 2}, 100)


def test_simulate_and_solve_from_the_command_line(capsys):
    import json as _json

    from odds.cli import main
    assert main(["simulate", "buster", "--decks", "6", "--rule", "H17", "--paytable", "C", "--rounds", "5000",
                 "--seed", "3", "--format", "json"]) == 0
    assert _json.loads(capsys.readouterr().out)
    assert main(["simulate", "streak", "--decks", "6"]) == 2
    assert "the simulator deals" in capsys.readouterr().err
    assert main(["solve", "buster", "--decks", "6", "--rule", "H17", "--paytable", "C", "--outcome", "bust-6",
                 "--edge", "5%", "--format", "json"]) == 0
    assert _json.loads(capsys.readouterr().out)
    assert main(["solve", "buster", "--decks", "6", "--paytable", "C", "--outcome", "bust-99", "--edge", "5%"]) == 2


# ------------------------------------------------------------------- the wagers added to the simulator

AGREE = [("ez-bust", "PA", {}), ("ez-bust", "PA", {"upcard": "6"}), ("bust-it", "NY", {}),
         ("super-sevens", "A", {}), ("royal-match-21", "A", {}), ("bet-the-set-21", "G", {}),
         ("house-money", "B", {}), ("match-the-dealer", "A", {}), ("in-between", "A", {}),
         ("twenty-point-bonus", "A", {}), ("kings-bounty", "A", {}), ("kings-bounty", "A-20", {}),
         ("progressive-super-sevens", "C", {}), ("progressive-super-sevens", "A", {"split_sevens": ""}),
         ("blazing-7s", "B", {}), ("blazing-7s", "A", {"procedure": "up-card"}),
         ("progressive-blackjack", "USD1", {})]


@pytest.mark.parametrize("name, table, options", AGREE)
def test_each_simulator_agrees_with_the_exact_par_sheet(name, table, options):
    paytable = builtin_paytables(name).tables[table]
    c = check(name, paytable, 6, H17, 40_000, seed=11, **options)
    assert c.agrees, c.to_text()
    assert sum(r.count for r in c.rows) == 40_000
    exact_rows = {r.name for r in c.rows if r.exact}
    assert {o for o in c.simulation.counts} <= exact_rows  # every outcome dealt is a row of the sheet
    if paytable.meter_pays:  # a progressive is compared on its fixed-pay part, at meters of 0
        assert any("fixed-pay part" in n for n in c.notes)
        assert all(c.simulation.pays[h] == 0 for h in paytable.meter_pays if h in c.simulation.counts)


def test_every_wager_is_simulated_but_those_decided_by_whole_rounds():
    from odds.simulate import NOT_SIMULATED, SIMULATED
    from odds.wagers import WAGERS
    assert set(SIMULATED) | set(NOT_SIMULATED) == set(WAGERS)
    assert set(NOT_SIMULATED) == {"streak", "burnout-bonus"}


def test_flags_an_exact_engine_that_miscounts_the_in_between_spread(monkeypatch):
    # A plausible bug planted in the exact engine: the spread counted as the gap between the two
    # ranks (hi - lo) rather than the ranks strictly between them (hi - lo - 1), (j)(5).
    import dataclasses

    from odds import wagers
    from odds.first_cards import FirstCardsGame
    from odds.wagers.card_combinations import PLAYER_AND_UP, in_between
    from odds.wagers.first_cards_base import first_cards_par_sheet
    shift = {"spread-1": "spread-2", "spread-2": "spread-3", "spread-3": "spread-other"}
    game = FirstCardsGame("in-between/off-by-one", PLAYER_AND_UP, 2,
                          lambda cards: tuple(shift.get(h, h) for h in in_between(cards)))
    ranking = ("triple-match", "spread-1", "spread-2", "spread-3", "spread-other")
    wrong = dataclasses.replace(wagers.WAGERS["in-between"], par_sheet=lambda shoe, rules, table, decks, **_:
                                first_cards_par_sheet("in-between", game, ranking, shoe, "any", table, decks))
    monkeypatch.setitem(wagers.WAGERS, "in-between", wrong)
    c = check("in-between", builtin_paytables("in-between").tables["A"], 6, H17, 40_000, seed=11)
    assert not c.agrees
    assert {"spread-1", "spread-3", "spread-other"} <= {r.name for r in c.rows if not r.inside}


def test_flags_a_wrong_pay_for_a_first_cards_wager():
    # The exact side is told a two-card straight pays 2 to 1 where house money pays 1 to 1: a
    # shift of P(straight) in the return, far beyond the flagging interval at this round count.
    table = builtin_paytables("house-money").tables["A"]
    wrong = with_pay(table, "straight", 2)
    sheet = get_wager("house-money").par_sheet(Shoe.decks(6), H17, table, 6)
    p = next(o.probability for o in sheet.outcomes if o.name == "straight")
    assert float(p) > (z_value(1 - (1 - FLAG_LEVEL) / 6) + 4) * sheet.std_dev / math.sqrt(40_000)
    c = check("house-money", table, 6, H17, 40_000, seed=11, exact_paytable=wrong)
    assert not c.mean_inside and all(r.inside for r in c.rows)


def test_flags_a_bust_it_dealer_who_stands_on_a_two_card_16():
    c = check("bust-it", builtin_paytables("bust-it").tables["NY"], 6, H17, 40_000, seed=11, dealer_stands_on=16)
    assert not c.agrees and "lose" in {r.name for r in c.rows if not r.inside}


def test_simulator_options_are_checked():
    pays = builtin_paytables("ez-bust").tables["PA"].pays
    with pytest.raises(WagerError, match="2 to 6"):
        simulate("ez-bust", 6, H17, pays, 100, upcard="7")
    with pytest.raises(WagerError, match="takes no upcard"):
        simulate("buster", 6, H17, BUSTER_C.pays, 100, upcard="6")
    with pytest.raises(WagerError, match="whole rounds"):
        simulate("burnout-bonus", 6, H17, {}, 100)


def test_new_simulators_from_the_command_line(capsys):
    from odds.cli import main
    assert main(["simulate", "blazing-7s", "--decks", "6", "--paytable", "B", "--procedure", "up-card",
                 "--rounds", "4000", "--seed", "2"]) == 0
    assert "agrees with the exact par sheet" in capsys.readouterr().out
    assert main(["simulate", "ez-bust", "--decks", "6", "--upcard", "5", "--rounds", "4000"]) == 0
    capsys.readouterr()
    assert main(["simulate", "buster", "--decks", "6", "--paytable", "C", "--upcard", "5"]) == 2
    assert "takes no upcard" in capsys.readouterr().err
