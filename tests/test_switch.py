"""Blackjack Switch (58 Pa. Code § 633a.12(a)): the engine (:mod:`odds.games.switch`) against a card-by-card
brute force (:mod:`odds.reference.switch`), hand counts, the dealer's 22, and controls.

The brute force deals hand 1, hand 2, the up card, the second cards and the hole card in the
physical order, plays hand 1 out, then hand 2 from what is left, then the dealer, and decides the
switch from the physical value of each arrangement; the engine adds up each hand's value from the
shoe less the four player cards and the up card. Exact equality on small shoes (8 to 18 cards,
never running out) is the check of that exchangeability claim, of the switch decisions and of the
settlement of (a)(5)(i)-(v).
"""
import json
from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest

from odds import DealerRules, Shoe
from odds.engine.dealer import dealer_finals
from odds.core.errors import EngineError, RuleError
from odds.core.game_rules import GameRules
from odds.reference.switch import BruteForceSwitch, dealer_22, round_value
from odds.games.switch import (SwitchGame, SwitchHandEngine, SwitchRules, dealer22_finals, house_edge,
                         switch_table)

S17, H17 = DealerRules.parse("S17"), DealerRules.parse("H17")


def shoe(counts):
    return Shoe.from_value_counts(counts)


def engine_round(rules, counts):
    return SwitchGame(rules, shoe(counts), exact=True).solve().round_value


SHOES = {
    "A2 83 T12 (17)": (2, 0, 0, 0, 0, 0, 0, 3, 0, 12),
    "A3 72 T14 (19)": (3, 0, 0, 0, 0, 0, 2, 0, 0, 14),
    "A 22 T14 (17)": (1, 2, 0, 0, 0, 0, 0, 0, 0, 14),
    "A2 92 T14 (18)": (2, 0, 0, 0, 0, 0, 0, 0, 2, 14),
}
TWO_SIX = (2, 1, 0, 0, 0, 1, 0, 0, 1, 12)  # 17 cards; resplitting tens to 3 hands can run it out
RULES = {
    "PA literal S17 DAS to 2": SwitchRules.pa(1, "S17", split_hands=2),
    "common H17 DAS to 3 RSA": SwitchRules.common(1, "H17", split_hands=3, resplit_aces=True),
    "PA H17 natural pushes 22, switch after peek, 6:5, D10-11, HSA": SwitchRules(
        GameRules(decks=1, dealer=H17, blackjack_pays=Fraction(6, 5), double="10-11", das=True,
                  split_hands=2, hit_split_aces=True), blackjack_vs_22="push", switch_before_peek=False),
}


@pytest.mark.parametrize("counts", SHOES.values(), ids=SHOES.keys())
@pytest.mark.parametrize("rules", RULES.values(), ids=RULES.keys())
def test_round_value_equals_card_by_card_brute_force(counts, rules):
    assert engine_round(rules, counts) == round_value(rules, counts)


@pytest.mark.parametrize("name", ["PA literal S17 DAS to 2",
                                  "PA H17 natural pushes 22, switch after peek, 6:5, D10-11, HSA"])
def test_twos_and_sixes(name):
    # 22s and soft 17s: the rules that read them are exercised.
    assert engine_round(RULES[name], TWO_SIX) == round_value(RULES[name], TWO_SIX)


def test_more_values_no_splits():
    # 16 cards, seven values: many and varied switch decisions.
    counts = (1, 1, 0, 1, 0, 1, 0, 1, 1, 10)
    rules = SwitchRules.pa(1, "H17", split_hands=1)
    assert engine_round(rules, counts) == round_value(rules, counts)


@pytest.mark.parametrize("name", ["A2 83 T12 (17)", "A2 92 T14 (18)"])
def test_every_deal_both_arrangements(name):
    # Not only the total: the value of each arrangement of every deal, and the decision.
    counts = SHOES[name]
    rules = RULES["PA literal S17 DAS to 2"]
    game, ref = SwitchGame(rules, shoe(counts), exact=True), BruteForceSwitch(rules, counts)
    switched = splits = 0
    for deal in product(range(1, 11), repeat=5):
        if any(deal.count(v) > counts[v - 1] for v in set(deal)):
            continue
        keep, sw = game.deal_values(*deal)
        rk, rs, _, _ = ref.deal_values(*deal)
        assert (Fraction(int(keep.numerator), int(keep.denominator)),
                Fraction(int(sw.numerator), int(sw.denominator))) == (rk, rs), deal
        assert (sw > keep) == (ref.choose(*deal)[0] == "switch")
        switched += sw > keep
        splits += any(game.values_for(o)[h, deal[4]][1] == "split"
                      for h, o in (((deal[0], deal[1]), (deal[2], deal[3])),) if h[0] == h[1])
    assert switched > 0 and splits > 0  # the check exercises switching and splitting


# ------------------------------------------------------------------------------- hand counts

def test_one_two_seven_tens_by_hand():
    # One 2 and seven tens; no splitting. The 2 lies in any of the 8 places alike. Undealt (2/8):
    # 20s against 20, pushes. In the dealer's hand (2/8): he makes 12, draws a ten: 22 pushes both
    # 20s. In a player hand (4/8): T2 against the dealer's 20 loses (a hit busts), TT pushes,
    # and switching changes nothing (both second cards alike or the same hands). -1/2 a round.
    rules = SwitchRules.pa(1, "S17", split_hands=1)
    counts = (0, 1, 0, 0, 0, 0, 0, 0, 0, 7)
    assert engine_round(rules, counts) == Fraction(-1, 2) == round_value(rules, counts)
    assert SwitchGame(rules, shoe(counts)).solve().house_edge == Fraction(1, 4)


@pytest.mark.parametrize("double, pays, value", [
    ("any", Fraction(3, 2), Fraction(1, 2)), ("any", Fraction(1), Fraction(1, 2)),
    ("10-11", Fraction(3, 2), Fraction(1, 4)), ("10-11", Fraction(1), Fraction(0))])
def test_one_ace_seven_tens_by_hand(double, pays, value):
    # One ace, seven tens; the ace lies in any of the 8 places alike. Undealt (2/8): 20s push
    # the dealer's 20. Up or in the hole (2/8): the dealer peeks a blackjack, both hands lose: -2.
    # In a player hand (4/8): kept, a natural wins ``pays`` and TT pushes; switched, the ace and
    # a ten make a plain soft 21 and TT stays: doubling that 21 draws a ten for a sure hard 21,
    # +2. With soft doubles allowed the player switches: 2/8 x (-2) + 4/8 x 2 = 1/2 whatever
    # the blackjack pays; doubling only on 10-11 he keeps: 2/8 x (-2) + 4/8 x pays.
    rules = SwitchRules(GameRules(decks=1, dealer=S17, blackjack_pays=pays, double=double, split_hands=1))
    counts = (1, 0, 0, 0, 0, 0, 0, 0, 0, 7)
    assert engine_round(rules, counts) == value == round_value(rules, counts)


def _natural_value(rules, counts, up=10):
    """A natural A-T against ``up``, the rest of the shoe ``counts`` (by value, the hand and the
    up card included), no other hand."""
    e = SwitchHandEngine(rules, shoe(counts), (0,) * 10, exact=True)
    return e.public(e.natural((1,) + (0,) * 8 + (1,), up))


def test_natural_against_a_dealer_22_by_hand():
    # Left after A-T and the ten up: a 2 and a ten. Hole ten: 20 (the natural wins 3/2). Hole 2:
    # 12, he draws the ten: 22, where (v) is read: the natural wins 3/2, or pushes.
    counts = (1, 1, 0, 0, 0, 0, 0, 0, 0, 3)
    win = SwitchRules.pa(1, "S17")
    push = SwitchRules(win.game, blackjack_vs_22="push")
    assert _natural_value(win, counts) == Fraction(3, 2)
    assert _natural_value(push, counts) == Fraction(3, 4)


def test_natural_against_a_three_card_21_pays_even_money():
    # (a)(5)(i): left after A-T and the ten up, a 5 and a 6: he makes 21 in three cards either
    # way; the natural is paid 1 to 1, not 3 to 2.
    counts = (1, 0, 0, 0, 1, 1, 0, 0, 0, 2)
    assert _natural_value(SwitchRules.pa(1, "S17"), counts) == 1
    assert _natural_value(SwitchRules(SwitchRules.pa(1, "S17").game, pays_vs_dealer_21=Fraction(3, 2)), counts) \
        == Fraction(3, 2)


def test_switched_ace_ten_is_21_not_blackjack():
    # (iii)/(iv): A-T made by a switch is a plain 21: worth less than a natural given no dealer
    # blackjack, and lost (not pushed) to a dealer blackjack.
    game = SwitchGame(SwitchRules.pa(1, "S17"), exact=True)
    keep, keep_bj = game.arrangement((1, 10), (8, 5), 10, False)
    sw, sw_bj = game.arrangement((1, 10), (8, 5), 10, True)  # the same two hands, made by a switch
    assert keep > sw
    assert keep_bj < 0 and sw_bj == 2 * keep_bj  # the natural pushes, the switched 21 loses


def test_decision_examples():
    game = SwitchGame(SwitchRules.common(1, "H17", split_hands=1), exact=False)
    assert game.decision("T", "6", "5", "T", "6")[0] == "switch"  # T6 + 5T -> TT + 56
    assert game.decision("T", "T", "5", "6", "6")[0] == "keep"  # switching would give T6 + 5T
    assert game.decision("A", "5", "8", "T", "T")[0] == "switch"  # -> AT (21) + 85


# ------------------------------------------------------------------------------- dealer 22

DEALER_SHOES = [(1, 1, 1, 1, 1, 1, 1, 1, 1, 4), (2, 2, 0, 1, 0, 2, 0, 1, 0, 5), (0, 3, 2, 0, 0, 0, 0, 0, 0, 6),
                (4, 4, 4, 4, 4, 4, 4, 4, 4, 16)]


@pytest.mark.parametrize("counts", DEALER_SHOES)
@pytest.mark.parametrize("h17", [False, True])
def test_dealer_22_against_plain_recursion(counts, h17):
    rows = dealer22_finals(counts, h17, True)
    lumped = dealer_finals(counts, h17, True)
    for up in range(1, 11):
        if not counts[up - 1]:
            assert rows[up - 1] is None
            continue
        assert rows[up - 1][:6] == lumped[up - 1][:6]
        assert rows[up - 1][6] + rows[up - 1][7] == lumped[up - 1][6]
        p22 = rows[up - 1][7]
        assert Fraction(int(p22.numerator), int(p22.denominator)) == dealer_22(counts, up, h17)
        assert abs(dealer22_finals(counts, h17, False)[up - 1][7] - float(p22)) < 1e-12


def test_dealer_22_by_hand():
    # A 2 and two tens, a ten up: hole ten (20) or hole 2, then the ten (22).
    assert dealer22_finals((0, 1, 0, 0, 0, 0, 0, 0, 0, 2), False)[9][7] == Fraction(1, 2)


# ----------------------------------------------------------------------------------- controls

def test_control_the_rules_change_the_value():
    # Each reading and rule moves the value on this shoe (a 2 and a 6 make 22s and soft 17s).
    counts = TWO_SIX
    base = SwitchRules.pa(1, "S17", split_hands=2)
    values = [engine_round(r, counts) for r in (
        base, SwitchRules(base.game, blackjack_vs_22="push"),
        SwitchRules(replace(base.game, blackjack_pays=Fraction(1))),
        SwitchRules(replace(base.game, dealer=H17)),
        SwitchRules(base.game, switch_before_peek=False))]
    assert len(set(values)) == 5


def test_control_other_hand_left_in_the_shoe_differs():
    # Valuing each hand from the shoe less only its own cards and the up card (the other hand's
    # two cards left in) is not the game: the card-by-card brute force tells the two apart.
    from odds.games.switch import _values_given
    counts = SHOES["A2 83 T12 (17)"]
    rules = RULES["PA literal S17 DAS to 2"]

    class Ignoring(SwitchGame):
        def values_for(self, other):
            if "all" not in self._values:
                self._values["all"] = _values_given(self.rules, self.shoe, (0,) * 10, True)
            return self._values["all"]

        def precompute(self):
            pass

    ignoring = Ignoring(rules, shoe(counts), exact=True).solve().round_value
    assert ignoring != round_value(rules, counts) == engine_round(rules, counts)


def test_control_22_as_a_bust_differs():
    from odds.reference.switch import SwitchPolicy, TWENTY_TWO

    class Busting(SwitchPolicy):  # a dealer 22 paid as an ordinary bust: not Switch
        def settle(self, total, stake, dealer):
            d = dict(dealer)
            d[23] = d.get(23, 0) + d.pop(TWENTY_TWO, 0)
            return super().settle(total, stake, d)

    counts = SHOES["A2 92 T14 (18)"]
    rules = RULES["PA literal S17 DAS to 2"]
    ref = BruteForceSwitch(rules, counts)
    ref.policy(())
    for key, pol in list(ref._policies.items()):
        pol.__class__ = Busting
    assert ref.round_value() != engine_round(rules, counts)


# ------------------------------------------------------------------------------ whole games

def test_worker_processes_give_the_same_game():
    """The other hands' values shared out to two processes, compiled (a share each) and in Python
    (a task a hand), give the game of one process exactly."""
    counts = SHOES["A2 92 T14 (18)"]
    rules = SwitchRules.common(1, "H17", split_hands=2)
    one = SwitchGame(rules, shoe(counts), exact=True).solve()
    for compiled in (True, False):
        two = SwitchGame(rules, shoe(counts), exact=True, workers=2, compiled=compiled).solve()
        assert two.round_value == one.round_value and two.decisions == one.decisions


def test_float_mode_and_reports():
    counts = SHOES["A2 92 T14 (18)"]
    rules = SwitchRules.common(1, "H17", split_hands=2)
    exact = SwitchGame(rules, shoe(counts), exact=True).solve()
    fast = SwitchGame(rules, shoe(counts), exact=False).solve()
    assert abs(fast.round_value - float(exact.round_value)) < 1e-12
    assert fast.decisions == exact.decisions
    doc = exact.to_json()
    assert doc["house_edge_per_wager"] == f"{exact.house_edge.numerator}/{exact.house_edge.denominator}"
    assert exact.house_edge == -exact.round_value / 2
    assert "exchangeability" in " ".join(doc["assumptions"]) and "1 to 1" in doc["assumptions"][1]
    assert "TT" in exact.strategy_table() and "house edge per wager" in exact.to_text()
    assert all(s.count("->") == 1 for u in range(1, 11) for s in switch_table(exact, u))


def test_house_edge_helper_small_shoe_exact():
    counts = (0, 1, 0, 0, 0, 0, 0, 0, 0, 7)
    assert house_edge(SwitchRules.pa(1, "S17", split_hands=1), shoe=shoe(counts)) == Fraction(1, 4)


# ------------------------------------------------------------------------------------ errors

def test_bad_input():
    with pytest.raises(RuleError):
        SwitchRules(GameRules(decks=6, dealer=H17, surrender=True))
    with pytest.raises(RuleError):  # no hole card: nothing to decide after
        SwitchRules(GameRules(decks=6, dealer=DealerRules.parse("H17", peek=False)), switch_before_peek=False)
    for ties in ((16,), (18, 17), (17, 17), "all", (True,)):
        with pytest.raises(RuleError):
            SwitchRules(ties_lose=ties)
    with pytest.raises(RuleError):
        SwitchRules(dealer_22="lose")
    with pytest.raises(RuleError):
        SwitchRules(switched_blackjack="yes")
    with pytest.raises(RuleError):
        SwitchRules(blackjack_vs_22="lose")
    with pytest.raises(RuleError):
        SwitchGame("H17")
    with pytest.raises(EngineError):
        SwitchGame(SwitchRules.pa(1), shoe((0, 1, 0, 0, 0, 0, 0, 0, 0, 5)))
    with pytest.raises(EngineError):
        SwitchGame(SwitchRules.pa(1), exact=False, workers=0)
    with pytest.raises(EngineError):
        SwitchGame(SwitchRules.pa(1, split_hands=1), shoe((0, 1, 0, 0, 0, 0, 0, 0, 0, 7))).decision("A", "T", "T", "T", "T")


def test_command_line_bad_input(capsys):
    from odds.apps.cli import main
    assert main(["switch", "--decks", "6", "--bj-pays", "7:x"]) == 2
    assert "--bj-pays: '7:x' is not a payout" in capsys.readouterr().err
    assert main(["switch", "--decks", "0"]) == 2
    assert main(["wager", "switch", "--decks", "6", "--format", "csv"]) == 2
    assert "switch: --format table or json" in capsys.readouterr().err
    for bad, said in ((["--ties-lose", "17-23"], "--ties-lose: '17-23' is not a set of totals"),
                      (["--ties-lose", "twenty"], "--ties-lose: 'twenty' is not a set of totals"),
                      (["--original-bets-only"], "--original-bets-only is a rule of the no-hole-card game"),
                      (["--no-hole-card", "--switch-after-peek"], "--switch-after-peek needs the peek"),
                      (["--dealer-22", "lose"], "invalid choice")):
        assert main(["switch", "--decks", "1", *bad]) == 2
        err = capsys.readouterr().err
        assert said in err and len(err.strip().splitlines()) <= 2, err


# ------------------------------------------------- the rule sets Switch is dealt under elsewhere
#
# The European no-hole-card rule (a dealer blackjack, found when he completes his hand, takes every
# stake but a natural's; with ``original_bets_only`` the original bets), ties lost to the dealer
# on chosen totals, a dealer 22 as a plain bust, a switched ace-ten counted as a blackjack: the
# engine against the card-by-card brute force, which settles each hand against the dealer's
# physical hand.

OTHER_RULES = {
    "European S17": SwitchRules.european(1, "S17"),
    "European H17 ties 17-19 lose, 22 a bust, switched natural": SwitchRules(
        SwitchRules.european(1, "H17").game, ties_lose=(17, 18, 19), dealer_22="bust", switched_blackjack=True),
    "no hole card, original bets only, 3:2, to 2": SwitchRules(GameRules.from_options(
        1, DealerRules.parse("S17", peek=False), das=True, split_hands=2, original_bets_only=True)),
    "ties to the dealer H17 to 2": SwitchRules.ties_to_dealer(1, "H17", split_hands=2),
    "PA literal, 22 a bust, natural pushes 22, ties on 20 and 21 lose, after peek": SwitchRules(
        SwitchRules.pa(1, "S17", split_hands=2).game, dealer_22="bust", blackjack_vs_22="push", ties_lose=(20, 21),
        switch_before_peek=False),
    "common, switched natural": SwitchRules(SwitchRules.common(1, "S17", split_hands=2).game, switched_blackjack=True),
}
OTHER_SHOES = {**SHOES, "TWO_SIX": TWO_SIX, "A 32 62 8 T13 (19)": (1, 0, 2, 0, 0, 2, 0, 1, 0, 13)}


@pytest.mark.parametrize("counts", OTHER_SHOES.values(), ids=OTHER_SHOES.keys())
@pytest.mark.parametrize("rules", OTHER_RULES.values(), ids=OTHER_RULES.keys())
def test_other_rule_sets_equal_card_by_card_brute_force(counts, rules):
    assert engine_round(rules, counts) == round_value(rules, counts)


@pytest.mark.parametrize("rules", OTHER_RULES.values(), ids=OTHER_RULES.keys())
def test_other_rule_sets_compiled_equals_python(rules):
    counts = (1, 0, 2, 0, 0, 2, 0, 1, 0, 13)
    for exact in (True, False):
        fast = SwitchGame(rules, shoe(counts), exact=exact).solve()
        slow = SwitchGame(rules, shoe(counts), exact=exact, compiled=False).solve()
        assert fast.decisions == slow.decisions
        if exact:
            assert fast.round_value == slow.round_value
        else:
            assert abs(fast.round_value - slow.round_value) < 1e-12


def test_each_rule_changes_the_value():
    """Controls: every option moves the value on a shoe where it can matter; and with no hole card
    and original bets only the game is worth what the peek game is (the switch decided before the
    peek), as a blackjack takes one unit a hand whatever was done."""
    counts = (1, 0, 2, 0, 0, 2, 0, 1, 0, 13)
    base = SwitchRules.common(1, "S17", split_hands=2)
    values = {engine_round(r, counts) for r in (
        base, replace(base, ties_lose=(20,)), replace(base, dealer_22="bust"), replace(base, switched_blackjack=True),
        SwitchRules(replace(base.game, dealer=DealerRules.parse("S17", peek=False)), switch_before_peek=True))}
    assert len(values) == 5
    obo = SwitchRules(replace(base.game, dealer=DealerRules.parse("S17", peek=False), original_bets_only=True))
    assert engine_round(obo, counts) == engine_round(base, counts) == round_value(obo, counts)


def test_one_two_seven_tens_ties_lost_by_hand():
    # As test_one_two_seven_tens_by_hand, every tie lost and a dealer 22 a bust. Undealt (2/8):
    # each 20 ties the dealer's 20 and loses (a hit busts, or makes 22): -2. In the dealer's hand
    # (2/8): his 12 draws a ten, 22, a bust: +2. In a player hand (4/8): T2 loses (a hit busts),
    # TT ties and loses: -2. -1 a round; with the 22 pushing, -3/2.
    counts = (0, 1, 0, 0, 0, 0, 0, 0, 0, 7)
    lose = SwitchRules.ties_to_dealer(1, "S17", split_hands=1)
    assert engine_round(lose, counts) == Fraction(-1) == round_value(lose, counts)
    push22 = replace(lose, dealer_22="push")
    assert engine_round(push22, counts) == Fraction(-3, 2) == round_value(push22, counts)


def test_one_ace_seven_tens_no_hole_card_by_hand():
    # One ace, seven tens, European (no hole card, 1:1, no doubling but 10-11, no splitting). The
    # ace in a player hand (4/8): kept, the natural wins 1 and TT pushes the dealer's 20 (he holds
    # two tens). Up (1/8): every card the player cannot see is a ten, the dealer's blackjack is
    # certain: two 20s stand and lose, -2. In the hole (1/8): the ace is one of the three cards
    # the player cannot see; standing on 20 is worth -1/3 (a blackjack with chance 1/3, else a
    # push), hitting -1/3 too (the ace, 21 against 20, with chance 1/3, else a bust) and the hands
    # stand: -2. Undealt (2/8): the dealer makes 20 and pushes both 20s... but a 20 that stands is
    # worth -1/3 before the hole card shows, and so is a hit: they stand, 0. 4/8 - 4/8 = 0.
    counts = (1, 0, 0, 0, 0, 0, 0, 0, 0, 7)
    rules = SwitchRules.european(1, "S17", split_hands=1, double="10-11")
    assert engine_round(rules, counts) == 0 == round_value(rules, counts)
    # Switched, the ace and ten count as a blackjack: the same (the natural is kept either way).
    assert engine_round(replace(rules, switched_blackjack=True), counts) == 0


def test_other_rule_sets_described_and_in_json():
    r = SwitchRules(SwitchRules.european(1, "H17").game, ties_lose=(17, 18, 19), dealer_22="bust",
                    switched_blackjack=True)
    text = r.describe()
    assert "no hole card" in text and "ties on 17 to 19 lost to the dealer" in text and "a dealer 22 is a bust" in text
    assert "a switched ace and ten is a blackjack" in text
    doc = SwitchGame(r, shoe((1, 0, 2, 0, 0, 2, 0, 1, 0, 13))).solve().to_json()
    assert doc["rules"]["dealer_peeks"] is False and doc["rules"]["ties_lose"] == [17, 18, 19]
    assert doc["rules"]["dealer_22"] == "bust" and doc["rules"]["switched_ace_ten_is_blackjack"] is True
    assert "every tie lost to the dealer" in SwitchRules.ties_to_dealer(1).reading()


def test_command_line_other_rule_sets(capsys):
    from odds.apps.cli import main
    assert main(["switch", "--decks", "1", "--rule", "S17", "--bj-pays", "1:1", "--split-hands", "2",
                 "--no-hole-card", "--ties-lose", "17-19", "--dealer-22", "bust", "--switched-blackjack",
                 "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["rules"]["dealer_peeks"] is False and doc["rules"]["ties_lose"] == [17, 18, 19]
    rules = SwitchRules(SwitchRules.european(1, "S17").game, ties_lose=(17, 18, 19), dealer_22="bust",
                        switched_blackjack=True)
    value = SwitchGame(rules).solve().house_edge
    assert doc["house_edge_per_wager"] == f"{value.numerator}/{value.denominator}"


@pytest.mark.slow
def test_no_hole_card_six_decks_exact_and_float():
    """The online rule set as first published (no hole card, no resplitting, a switched ace-ten a
    blackjack) at six decks H17: exact, equal to floats to 1e-12, and 0.0239% per wager as
    docs/variations.md prints beside the published 0.16% (ibetbct.com; the difference is
    discussed there)."""
    rules = replace(SwitchRules.european(6, "H17"), switched_blackjack=True)
    exact = SwitchGame(rules).solve()
    floats = SwitchGame(rules, exact=False).solve()
    assert isinstance(exact.house_edge, Fraction) and abs(float(exact.house_edge) - floats.house_edge) < 1e-12
    assert f"{float(exact.house_edge) * 100:.4f}%" == "0.0239%"
    assert exact.decisions == floats.decisions
