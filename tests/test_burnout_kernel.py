"""Blackjack Burnout's burn compiled (``PlayerKernel.burn``) against the Python recursion it
compiles (``BurnoutEngine(compiled=False)``): the same round value, choices, burn frequency and
burn decisions, exact (Fraction ==) and in floats (to 1e-12), on many rules, shoes and both
readings. tests/test_burnout.py holds the compiled engine to the brute force and to hand counts."""
from fractions import Fraction

import pytest

from odds import DealerRules, Shoe
from odds.core.actions import DOUBLE, HIT
from odds.core.game_rules import GameRules
from odds.engine.player import ZERO_HAND, add_card
from odds.games.burnout import BurnoutEngine

S17, H17 = DealerRules.parse("S17"), DealerRules.parse("H17")
ENHC = DealerRules.parse("S17", peek=False)

SHOES = {
    "13 cards": (1, 1, 1, 1, 1, 1, 1, 1, 1, 4),
    "20 cards": (2, 1, 1, 1, 2, 2, 2, 2, 1, 6),
}
RULES = {
    "S17 DAS": GameRules(decks=1, dealer=S17, das=True),
    "H17 no split": GameRules(decks=1, dealer=H17, split_hands=1),
    "H17 D10-11 DAS LS 4 hands": GameRules(decks=1, dealer=H17, double="10-11", das=True, surrender=True,
                                           split_hands=4),
    "no hole card": GameRules(decks=1, dealer=ENHC, das=True),
    "no hole card OBO": GameRules(decks=1, dealer=ENHC, original_bets_only=True, split_hands=3),
    "6:5, aces resplit": GameRules(decks=1, blackjack_pays=Fraction(6, 5), split_hands=4, resplit_aces=True),
}
READINGS = ("any-card", "no-bust")


def engines(rules, counts, exact, reading):
    shoe = Shoe.from_value_counts(counts)
    compiled = BurnoutEngine(rules, shoe, exact, reading)
    assert compiled.kernel() is not None
    return compiled, BurnoutEngine(rules, shoe, exact, reading, compiled=False)


def close(x, y, exact):
    if exact:
        return isinstance(x, Fraction) and x == y
    return isinstance(x, float) and abs(x - y) < 1e-12


def agree(rules, counts, exact, reading):
    compiled, python = engines(rules, counts, exact, reading)
    (ev, choices), (ref, ref_choices) = compiled.round_value(), python.round_value()
    assert close(ev, ref, exact) and choices == ref_choices
    assert close(compiled.burn_frequency(choices), python.burn_frequency(ref_choices), exact)
    decided = 0
    for (a, b, u), choice in choices.items():
        if choice not in (HIT, DOUBLE):
            continue
        hand = add_card(add_card(ZERO_HAND, a), b)
        for v, _ in python.draw(hand, u):
            double = choice == DOUBLE
            assert compiled.burn_decision(hand, v, u, double) == python.burn_decision(hand, v, u, double)
            decided += 1
    assert decided > 50
    # The plain round on the same engines: the burn switched off.
    for e in (compiled, python):
        e.burn_on = False
    (plain, _), (plain_ref, _) = compiled.round_value(), python.round_value()
    assert close(plain, plain_ref, exact) and plain < ev


CASES = [(shoe, rule, reading) for shoe in SHOES for rule in RULES for reading in READINGS]
EXACT = [case for i, case in enumerate(CASES) if case[0] == "13 cards" or i % 3 == 0]  # every rule and reading on 13 cards


@pytest.mark.parametrize("shoe, rule, reading", EXACT, ids=[" ".join(case) for case in EXACT])
def test_exact(shoe, rule, reading):
    agree(RULES[rule], SHOES[shoe], True, reading)


@pytest.mark.parametrize("rule, reading", [(rule, READINGS[i % 2]) for i, rule in enumerate(RULES)])
def test_floats(rule, reading):
    agree(RULES[rule], SHOES["20 cards"], False, reading)


@pytest.mark.parametrize("reading", READINGS)
def test_option_values(reading):
    compiled, python = engines(RULES["S17 DAS"], SHOES["20 cards"], True, reading)
    for hand in (("T", "6", "T"), ("9", "3", "2"), ("5", "6", "A"), ("8", "8", "9"), ("A", "7", "9")):
        assert compiled.option_values(*hand) == python.option_values(*hand), hand


def test_a_subclass_runs_the_recursion():
    class Changed(BurnoutEngine):
        pass

    assert Changed(RULES["S17 DAS"], Shoe.from_value_counts(SHOES["13 cards"])).kernel() is None
