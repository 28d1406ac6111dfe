"""Blackjack Switch: the compiled player kernel (a dealer 22 kept apart, pushing every stand)
against the Python recursion of :class:`odds.games.switch.SwitchHandEngine`, exactly (Fraction
==) on small shoes and rule variants, and in floats to 1e-12 with the same decisions."""
from fractions import Fraction

import pytest

from odds import DealerRules, Shoe
from odds.core.game_rules import GameRules
from odds.games.switch import HANDS, SwitchGame, SwitchHandEngine, SwitchRules, _hand, _values_given

S17, H17 = DealerRules.parse("S17"), DealerRules.parse("H17")

SHOES = {
    "every value, tens 8 (18)": (1, 1, 1, 1, 1, 1, 1, 1, 1, 8),
    "A3 53 63 82 T8 (19)": (3, 0, 0, 0, 3, 3, 0, 2, 0, 8),
}
WIDE = (2, 2, 2, 2, 2, 2, 2, 2, 1, 9)  # 26 cards
RULES = {
    "PA S17 no split": SwitchRules.pa(1, "S17", split_hands=1),
    "PA H17 split to 2": SwitchRules.pa(1, "H17", split_hands=2),
    "common S17 split to 4 RSA": SwitchRules.common(1, "S17", split_hands=4, resplit_aces=True),
    "PA H17 to 4, natural pushes 22, 21 pays 1/2, after peek": SwitchRules(
        GameRules(decks=1, dealer=H17, das=True, split_hands=4), pays_vs_dealer_21=Fraction(1, 2),
        blackjack_vs_22="push", switch_before_peek=False),
    "6:5 D10-11 no DAS HSA to 2": SwitchRules(
        GameRules(decks=1, dealer=S17, blackjack_pays=Fraction(6, 5), double="10-11", das=False,
                  split_hands=2, hit_split_aces=True), pays_vs_dealer_21=Fraction(0)),
}


def game(rules, counts, exact, compiled):
    return SwitchGame(rules, Shoe.from_value_counts(counts), exact=exact, compiled=compiled)


CASES = [(shoe, rule) for shoe in SHOES for rule in RULES]


@pytest.mark.parametrize("counts, rules", [(SHOES[c], RULES[r]) for c, r in CASES],
                         ids=[f"{r}-{c}" for c, r in CASES])
def test_compiled_equals_python_exact(counts, rules):
    fast, slow = game(rules, counts, True, True).solve(), game(rules, counts, True, False).solve()
    assert fast.round_value == slow.round_value and isinstance(fast.round_value, Fraction)
    assert fast.decisions == slow.decisions and fast.hand_options == slow.hand_options


@pytest.mark.parametrize("rules", RULES.values(), ids=RULES.keys())
def test_compiled_hand_values_equal_python(rules):
    counts = WIDE
    for other in ((10, 10), (2, 3)):
        o = _hand(*other)
        fast = _values_given(rules, Shoe.from_value_counts(counts), o, True, True)
        assert fast == _values_given(rules, Shoe.from_value_counts(counts), o, True, False)


def test_the_kernel_computes_these_shoes():
    """The compiled kernel, not a fallback to the recursion, computes the hands compared above."""
    for counts in list(SHOES.values()) + [WIDE]:
        e = SwitchHandEngine(RULES["common S17 split to 4 RSA"], Shoe.from_value_counts(counts), _hand(10, 10))
        kernel = e.kernel()
        assert kernel is not None
        assert all(kernel.first_options(a, b, 10) for a, b in HANDS[:9] if e.counts[a - 1] > (a == b) and e.counts[b - 1] > 0)
    assert SwitchHandEngine(RULES["PA S17 no split"], Shoe.decks(1), _hand(1, 1), compiled=False).kernel() is None


@pytest.mark.parametrize("rules", [RULES["PA H17 split to 2"], RULES["PA H17 to 4, natural pushes 22, 21 pays 1/2, after peek"]],
                         ids=["PA H17 split to 2", "natural pushes 22, after peek"])
def test_compiled_floats_within_1e12(rules):
    counts = SHOES["every value, tens 8 (18)"]
    exact = game(rules, counts, True, False).solve()
    fast, slow = game(rules, counts, False, True).solve(), game(rules, counts, False, False).solve()
    assert abs(fast.round_value - slow.round_value) < 1e-12
    assert abs(fast.round_value - float(exact.round_value)) < 1e-12
    assert fast.decisions == slow.decisions == exact.decisions


def test_one_deck_floats_hand_values():
    """One deck, 4 hands, H17: every hand value of one other hand, compiled against Python."""
    rules = SwitchRules.pa(1, "H17")
    fast = _values_given(rules, Shoe.decks(1), _hand(10, 6), False, True)
    slow = _values_given(rules, Shoe.decks(1), _hand(10, 6), False, False)
    assert fast.keys() == slow.keys()
    for k, (v, opt, nat, pbj) in slow.items():
        fv, fopt, fnat, fpbj = fast[k]
        assert abs(fv - v) < 1e-12 and fopt == opt and nat == fnat and pbj == fpbj
