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
    assert shift > (z_value(FLAG_LEVEL) + 4) * standard_error
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
