"""odds.pricing.solve: the exact pay for a target house edge."""
from fractions import Fraction
from math import comb

import pytest

from odds.core.errors import PaytableError
from odds.wagers.paytables import Paytable, builtin_paytables
from odds.core.rules import DealerRules
from odds.pricing.solve import parse_edge, practical_pays, solve_pay
from odds.core.shoe import Shoe
from odds.wagers import get_wager

H17 = DealerRules.parse("H17")
S17 = DealerRules.parse("S17")


def _edge(wager, table, decks, rules, outcome, pay):
    pays = dict(table.pays)
    pays[outcome] = pay
    t = Paytable(table.wager, table.id, pays, table.citation, table.decks, table.source)
    return get_wager(wager).par_sheet(Shoe.decks(decks), rules, t, decks).house_edge


@pytest.mark.parametrize("wager, table, decks, rules, outcome, edge", [
    ("buster", "C", 6, H17, "bust-6", Fraction(1, 20)),
    ("buster", "A", 8, S17, "bust-8+", "2.5%"),
    ("21+3", "B", 6, S17, "straight", "3/100"),
])
def test_solved_pay_gives_the_target_exactly(wager, table, decks, rules, outcome, edge):
    t = builtin_paytables(wager).tables[table]
    s = solve_pay(get_wager(wager), t, decks, rules, outcome, edge)
    assert isinstance(s.pay, Fraction)
    assert _edge(wager, t, decks, rules, outcome, s.pay) == parse_edge(edge)
    assert s.lower.pay <= s.pay <= s.upper.pay
    assert s.lower.house_edge >= s.target_edge >= s.upper.house_edge  # a higher pay, a lower edge
    assert s.lower.house_edge == _edge(wager, t, decks, rules, outcome, s.lower.pay)
    assert s.upper.house_edge == _edge(wager, t, decks, rules, outcome, s.upper.pay)


def test_hand_check_straight_flush_alone_one_deck():
    # One deck, a paytable paying only a straight flush: 12 runs (A23 to QKA) in 4 suits among
    # C(52, 3) three-card hands. Edge = 1 - P(sf) * (pay + 1), so break-even is 1/P(sf) - 1.
    p = Fraction(12 * 4, comb(52, 3))
    t = Paytable("21+3", "sf", {"straight-flush": Fraction(9)}, "test", None, "test")
    s = solve_pay(get_wager("21+3"), t, 1, S17, "straight-flush", 0)
    assert s.probability == p
    assert s.pay == 1 / p - 1 == Fraction(5513, 12)
    assert (s.lower.pay, s.upper.pay) == (459, 460)
    assert s.lower.house_edge == 1 - p * 460 and s.upper.house_edge == 1 - p * 461


def test_practical_pays():
    assert practical_pays(Fraction(19, 4)) == (Fraction(9, 2), Fraction(5))
    assert practical_pays(Fraction(39, 4)) == (Fraction(19, 2), Fraction(10))
    assert practical_pays(Fraction(41, 4)) == (Fraction(10), Fraction(11))
    assert practical_pays(Fraction(12)) == (Fraction(12), Fraction(12))


def test_bad_input():
    c = builtin_paytables("buster").tables["C"]
    with pytest.raises(PaytableError):
        solve_pay(get_wager("buster"), c, 6, H17, "bust-9", "5%")  # unknown outcome
    with pytest.raises(PaytableError):
        solve_pay(get_wager("buster"), c, 6, H17, "no-bust", "5%")  # the losing row is not a pay
    with pytest.raises(PaytableError):  # no suited trips in one deck: probability 0
        solve_pay(get_wager("21+3"), builtin_paytables("21+3").tables["C"], 1, S17, "suited-trips", "5%")
    with pytest.raises(PaytableError):  # even pay 0 leaves the edge below 90%
        solve_pay(get_wager("buster"), c, 6, H17, "bust-3", "90%")
    with pytest.raises(PaytableError):
        solve_pay(get_wager("buster"), c, 6, H17, "bust-3", "five")


def test_command_line_spellings(capsys):
    """`--target-edge`/`--vary` and `--edge`/`--outcome` are the same options."""
    import json

    from odds.apps.cli import main
    runs = []
    for flags in (["--outcome", "bust-6", "--edge", "5%"], ["--vary", "bust-6", "--target-edge", "0.05"]):
        assert main(["solve", "buster", "--decks", "6", "--rule", "H17", "--paytable", "C", *flags,
                     "--format", "json"]) == 0
        runs.append(json.loads(capsys.readouterr().out))
    assert runs[0] == runs[1]
    assert main(["solve", "buster", "--decks", "6", "--paytable", "C", "--vary", "bust-9", "--target-edge", "5%"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
