"""The compiled player kernel against the Python recursion it compiles: the same round value and
the same choices, exact (Fraction ==) and in floats (to 1e-12), on many rules and shoes."""
import dataclasses
import random
from fractions import Fraction

import pytest

from odds import DealerRules, EngineError, Shoe
from odds.core.game_rules import GameRules
from odds.engine.player import PlayerEngine, house_edge, kernel_plays

S17, H17 = DealerRules.parse("S17"), DealerRules.parse("H17")
ENHC = DealerRules.parse("S17", peek=False)

SMALL = Shoe.from_value_counts((1, 1, 1, 1, 1, 1, 1, 1, 1, 4))  # 13 cards
MEDIUM = Shoe.from_value_counts((2, 1, 1, 1, 2, 2, 2, 2, 1, 6))  # 20 cards
# Suits alike (every rank the same in each suit), for the suited 6-7-8 and the posted blackjack.
SUITED = Shoe(tuple((1,) * 4 if rank in "A5678TK" else (0,) * 4 for rank in "A23456789TJQK"))


def both(rules, shoe=None, exact=True):
    compiled = PlayerEngine(rules, shoe, exact=exact)
    assert compiled.kernel() is not None
    return compiled.round_value(), PlayerEngine(rules, shoe, exact=exact, compiled=False).round_value()


def agree(rules, shoe=None, exact=True):
    (ev, choices), (ref, ref_choices) = both(rules, shoe, exact)
    if exact:
        assert isinstance(ev, Fraction) and ev == ref
    else:
        assert isinstance(ev, float) and abs(ev - ref) < 1e-12
    assert choices == ref_choices


RULES = [
    dict(),
    dict(dealer=H17),
    dict(das=True),
    dict(das=True, surrender=True),
    dict(double="9-11"),
    dict(double="10-11", das=True),
    dict(split_hands=1),
    dict(split_hands=3, das=True),
    dict(split_hands=4),
    dict(split_hands=4, resplit_aces=True, hit_split_aces=True),
    dict(split_hands=3, hit_split_aces=True, dealer=H17),
    dict(dealer=ENHC),
    dict(dealer=ENHC, das=True, split_hands=4),
    dict(dealer=ENHC, original_bets_only=True, das=True),
    dict(blackjack_pays=Fraction(6, 5)),
    dict(blackjack_pays=Fraction(1)),
    dict(double_rescue=True, das=True, split_hands=3),
    dict(double_rescue=True, dealer=ENHC),
    dict(bonus_777=Fraction(3), bonus_five_card_21=Fraction(3, 2), das=True),
    dict(bonus_five_card_21=Fraction(2), dealer=H17, split_hands=4),
]


@pytest.mark.parametrize("options", RULES)
def test_exact_small_shoe(options):
    agree(GameRules(decks=1, **options), SMALL)


@pytest.mark.parametrize("options", RULES[::3])
def test_exact_medium_shoe(options):
    agree(GameRules(decks=1, **options), MEDIUM)


@pytest.mark.parametrize("options", RULES)
def test_floats_small_shoe(options):
    agree(GameRules(decks=1, **options), SMALL, exact=False)


@pytest.mark.parametrize("options", [dict(), dict(bonus_678_suited=Fraction(2)), dict(bonus_posted_blackjack=Fraction(5)),
                                     dict(bonus_678_suited=Fraction(3), bonus_777=Fraction(5), das=True, split_hands=4,
                                          bonus_posted_blackjack=Fraction(2), double_rescue=True)])
@pytest.mark.parametrize("exact", [True, False])
def test_suited_payouts(options, exact):
    agree(GameRules(decks=1, **options), SUITED, exact)


@pytest.mark.parametrize("hands", [2, 3, 4])
@pytest.mark.parametrize("dealer", [S17, H17])
def test_resplits_exact(hands, dealer):
    agree(GameRules(decks=1, dealer=dealer, das=True, split_hands=hands), MEDIUM)


@pytest.mark.parametrize("seed", range(4))
def test_depleted_shoes_exact(seed):
    rng = random.Random(seed)
    cards = [rank for rank in "A23456789TJQK" for _ in range(4)]
    rng.shuffle(cards)
    shoe = Shoe.decks(1).remove(cards[:34])  # 18 cards left
    rules = GameRules(decks=1, dealer=rng.choice([S17, H17]), das=rng.random() < 0.5,
                      split_hands=rng.choice([2, 3, 4]), surrender=rng.random() < 0.5)
    try:
        agree(rules, shoe)
    except EngineError:  # a shoe too small for some deal: the Python engine's own error, both ways
        with pytest.raises(EngineError):
            PlayerEngine(rules, shoe, compiled=False).round_value()


def test_depleted_six_deck_shoe_floats():
    shoe = Shoe.decks(6).remove(["T"] * 20 + ["5"] * 10 + ["A"] * 8)
    agree(GameRules(decks=6, dealer=H17, das=True, surrender=True), shoe, exact=False)


@pytest.mark.parametrize("decks", [1, 6])
def test_fresh_decks_floats(decks):
    rules = GameRules(decks=decks, dealer=H17 if decks % 2 else S17, das=True, split_hands=4 if decks < 6 else 2)
    agree(rules, exact=False)


@pytest.mark.parametrize("decks", [1, 2, 6, 8])
@pytest.mark.parametrize("hand", [("8", "8", "6"), ("5", "6", "9"), ("T", "6", "T"), ("A", "7", "A"), ("9", "9", "8")])
def test_fresh_decks_option_values_exact(decks, hand):
    rules = GameRules(decks=decks, dealer=S17, das=True, split_hands=4, surrender=True)
    compiled = PlayerEngine(rules).option_values(*hand)
    assert compiled == PlayerEngine(rules, compiled=False).option_values(*hand)
    assert all(isinstance(v, Fraction) for v in compiled.values())


def test_house_edge_is_the_compiled_round_value():
    rules = GameRules(decks=1, dealer=S17, das=True, split_hands=4, surrender=True)
    assert house_edge(rules, shoe=MEDIUM) == -PlayerEngine(rules, MEDIUM, compiled=False).round_value()[0]


def test_shoe_that_runs_out_raises_as_the_python_engine():
    shoe = Shoe.from_value_counts((0, 0, 0, 0, 0, 0, 0, 0, 2, 2))
    rules = GameRules(decks=1, dealer=S17)
    with pytest.raises(EngineError) as compiled:
        PlayerEngine(rules, shoe).round_value()
    with pytest.raises(EngineError) as plain:
        PlayerEngine(rules, shoe, compiled=False).round_value()
    assert str(compiled.value) == str(plain.value)


def test_subclasses_and_unknown_rules_use_the_python_recursion():
    class Other(PlayerEngine):
        pass

    rules = GameRules(decks=1)
    assert Other(rules).kernel() is None and PlayerEngine(rules, compiled=False).kernel() is None

    @dataclasses.dataclass(frozen=True)
    class MoreRules(GameRules):
        new_rule: bool = False

    assert kernel_plays(MoreRules(decks=1)) and not kernel_plays(MoreRules(decks=1, new_rule=True))
    assert PlayerEngine(MoreRules(decks=1, new_rule=True), SMALL).kernel() is None


def test_counts_past_128_bits_and_pays_of_wide_denominators():
    twenty = GameRules(decks=20, dealer=S17, das=True, split_hands=3)  # the dealer's counts in Python integers
    for hand in (("T", "6", "T"), ("8", "8", "9")):
        assert PlayerEngine(twenty).option_values(*hand) == PlayerEngine(twenty, compiled=False).option_values(*hand)
    wide = Fraction(10 ** 30 + 1, 10 ** 30 - 1)  # a stand's numerator no longer fits 128 bits
    agree(GameRules(decks=1, bonus_777=wide, bonus_five_card_21=Fraction(7, 3), das=True), SMALL)
