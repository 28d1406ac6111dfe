"""The player engine's exact round value against a brute force over explicit deals.

:mod:`odds.reference.game` deals player card, up card, player card, hole card one by one, keeps the
hole card unknown to the player (an explicit posterior given the cards seen and no dealer
blackjack), and plays splits out hand by hand; :class:`odds.engine.player.PlayerEngine` works jointly with
"no dealer blackjack" and values a split as twice one hand. On small shoes (12 to 16 cards, aces,
tens and pairs in each, never running out) and a spread of rule sets the two must agree exactly,
round value and first-hand option values. Two hand-counted shoes pin the value itself, and two
controls show that the comparison can fail.

No hole card (``peek=False``): the brute force keeps every card left in the hole card's posterior
and settles a dealer blackjack after the player has acted (it takes every stake still on the table,
doubles and both split hands included; a player blackjack pushes); the engine's values, options
included, are then plain expectations. The same comparisons run on the same shoes, with their own
hand-counted shoes and controls.
"""
from fractions import Fraction

import pytest

from odds import DealerRules, Shoe
from odds.core.game_rules import GameRules
from odds.engine.player import PlayerEngine
from odds.reference.game import VALUES, BruteForceRound, round_value
from odds.reference.shoes import RESPLIT_SHOES, SHOES  # noqa: F401 (the other tests take them from here)

S17, H17 = DealerRules.parse("S17"), DealerRules.parse("H17")
S17_NO_PEEK, H17_NO_PEEK = DealerRules.parse("S17", peek=False), DealerRules.parse("H17", peek=False)
LABELS = "A23456789T"

# By value: aces, twos, ..., nines, ten-values (odds.reference.shoes, shared with odds certify).
EVERY_VALUE = (2, 1, 1, 1, 1, 1, 1, 1, 1, 4)  # 14 cards, every value: the slowest shoe (~8 s a rule)

RULES = {
    "S17 basic": GameRules(decks=1, dealer=S17),
    "H17 DAS LS HSA": GameRules(decks=1, dealer=H17, das=True, surrender=True, hit_split_aces=True),
    "S17 D10-11 DAS 6:5": GameRules(decks=1, dealer=S17, double="10-11", das=True,
                                    blackjack_pays=Fraction(6, 5)),
    "H17 no split D9-11 LS 6:5": GameRules(decks=1, dealer=H17, split_hands=1, double="9-11",
                                           surrender=True, blackjack_pays=Fraction(6, 5)),
    "S17 HSA no DAS LS": GameRules(decks=1, dealer=S17, hit_split_aces=True, surrender=True),
    "H17 D10-11 DAS HSA": GameRules(decks=1, dealer=H17, double="10-11", das=True, hit_split_aces=True),
    "S17 DAS double rescue": GameRules(decks=1, dealer=S17, das=True, double_rescue=True),
}

# No hole card (late surrender is refused without a peek).
NO_PEEK_RULES = {
    "S17 basic": GameRules(decks=1, dealer=S17_NO_PEEK),
    "H17 DAS HSA": GameRules(decks=1, dealer=H17_NO_PEEK, das=True, hit_split_aces=True),
    "S17 D10-11 DAS 6:5": GameRules(decks=1, dealer=S17_NO_PEEK, double="10-11", das=True,
                                    blackjack_pays=Fraction(6, 5)),
    "H17 no split D9-11 6:5": GameRules(decks=1, dealer=H17_NO_PEEK, split_hands=1, double="9-11",
                                        blackjack_pays=Fraction(6, 5)),
    "S17 HSA no DAS": GameRules(decks=1, dealer=S17_NO_PEEK, hit_split_aces=True),
    "H17 D10-11 DAS HSA": GameRules(decks=1, dealer=H17_NO_PEEK, double="10-11", das=True,
                                    hit_split_aces=True),
    "H17 DAS double rescue": GameRules(decks=1, dealer=H17_NO_PEEK, das=True, double_rescue=True),
}

# Resplitting: shoes with three or four cards of a pair value (odds.reference.shoes, RESPLIT_SHOES).
RESPLIT_RULES = {
    "S17 DAS to 4": GameRules(decks=1, dealer=S17, das=True, split_hands=4),
    "H17 LS to 3 RSA HSA": GameRules(decks=1, dealer=H17, split_hands=3, resplit_aces=True,
                                     hit_split_aces=True, surrender=True),
    "S17 DAS to 4 RSA no hole card": GameRules(decks=1, dealer=S17_NO_PEEK, das=True, split_hands=4,
                                               resplit_aces=True),
    "H17 D10-11 DAS to 4 RSA": GameRules(decks=1, dealer=H17, double="10-11", das=True, split_hands=4,
                                         resplit_aces=True),
}


def shoe(counts):
    return Shoe.from_value_counts(counts)


def engine_value(rules, counts):
    return PlayerEngine(rules, shoe(counts), exact=True).round_value()[0]


@pytest.mark.parametrize("rules", list(RULES.values()), ids=list(RULES))
@pytest.mark.parametrize("counts", list(SHOES.values()), ids=list(SHOES))
def test_round_value_equals_brute_force(counts, rules):
    brute = round_value(rules, counts)
    assert isinstance(brute, Fraction)
    assert engine_value(rules, counts) == brute


@pytest.mark.parametrize("rules", list(RESPLIT_RULES.values()), ids=list(RESPLIT_RULES))
@pytest.mark.parametrize("counts", list(RESPLIT_SHOES.values()), ids=list(RESPLIT_SHOES))
def test_resplits_equal_brute_force(counts, rules):
    """The brute force plays the hands one after the other, card by card, resplitting as the
    cards come; the engine sums over the patterns of second cards."""
    assert engine_value(rules, counts) == round_value(rules, counts)


def test_resplitting_changes_the_value():
    # Control: on these shoes the splits are taken and resplitting is worth something.
    counts = RESPLIT_SHOES["A4 83 92 T10 (19)"]
    values = {n: engine_value(GameRules(decks=1, dealer=S17, das=True, split_hands=n), counts) for n in (2, 3, 4)}
    assert len(set(values.values())) == 3
    rsa = GameRules(decks=1, dealer=S17, das=True, split_hands=4, resplit_aces=True)
    assert engine_value(rsa, counts) != values[4]
    assert round_value(rsa, counts) != values[4]


@pytest.mark.parametrize("name", ["S17 basic", "H17 DAS LS HSA"])
def test_every_card_value_shoe(name):
    rules = RULES[name]
    assert engine_value(rules, EVERY_VALUE) == round_value(rules, EVERY_VALUE)


def compare_every_option(rules, counts):
    """Every option of every first hand the shoe can deal, engine against brute force; returns
    how many (hand, up card) pairs were compared."""
    engine, brute = PlayerEngine(rules, shoe(counts), exact=True), BruteForceRound(rules, counts)
    compared = 0
    for up in VALUES:
        for a in VALUES:
            for b in range(a, 11):
                left = list(counts)
                for v in (up, a, b):
                    left[v - 1] -= 1
                if min(left) < 0 or {a, b} == {1, 10}:
                    continue
                bj = {1: 10, 10: 1}.get(up) if rules.dealer.peek else None
                p_no_bj = 1 - Fraction(left[bj - 1] if bj else 0, sum(left))
                if p_no_bj == 0:
                    continue
                fast = engine.option_values(LABELS[a - 1], LABELS[b - 1], LABELS[up - 1])
                slow = brute.option_values(a, b, up)
                assert fast == {k: v * p_no_bj for k, v in slow.items()}, (a, b, up)
                compared += 1
    return compared


@pytest.mark.parametrize("name", ["A2 3 5 7 9 T5 (13)", "A2 22 32 72 T8 (16)"])
def test_every_option_of_every_first_hand(name):
    """Option by option, not only the best: the engine's E[X; no blackjack] is the brute force's
    E[X | no blackjack] times P(no blackjack | the three cards seen)."""
    compared = compare_every_option(RULES["H17 DAS LS HSA"], SHOES[name])
    assert compared > 60  # every first hand and up card the shoe can deal
    assert compare_every_option(RULES["S17 DAS double rescue"], SHOES[name]) == compared


def test_double_rescue_is_used():
    # Control: on this shoe the rescue is taken somewhere, by both, and is worth something.
    counts = SHOES["A2 22 32 72 T8 (16)"]
    rescue = RULES["S17 DAS double rescue"]
    das = GameRules(decks=1, dealer=S17, das=True)
    assert round_value(rescue, counts) == engine_value(rescue, counts) > engine_value(das, counts)


# ------------------------------------------------------------------------- counted by hand

def test_one_ace_four_tens_by_hand():
    # Shoe A T T T T: the ace is equally likely to be any of the five cards (player, up, player,
    # hole, undealt). Ace to the player (2/5): blackjack against the dealer's 20, +3/2. Ace up or
    # in the hole (2/5): dealer blackjack, -1. Ace undealt (1/5): T-T against a ten up; the dealer
    # has shown no blackjack, so the hole is a ten and the one card left is the ace: hitting 20
    # makes 21 and wins 1, doubling wins 2. EV = 3/5 - 2/5 + 2/5 = 3/5 (2/5 without the double).
    counts = (1, 0, 0, 0, 0, 0, 0, 0, 0, 4)
    rules = GameRules(decks=1, dealer=S17, split_hands=1)
    assert round_value(rules, counts) == engine_value(rules, counts) == Fraction(3, 5)
    rules = GameRules(decks=1, dealer=S17, split_hands=1, double="10-11")
    assert round_value(rules, counts) == engine_value(rules, counts) == Fraction(2, 5)


def test_one_ace_sixteen_tens_by_hand():
    # Shoe A + 16 tens (17 cards). Ace to the player (2/17): +3/2; ace up or in the hole (2/17):
    # -1. Ace undealt (13/17): T-T against a ten, hole a ten (no blackjack), 12 tens and the ace
    # left. Stand pushes; hitting wins 1/13 and busts 12/13. Split: hand 1 draws the ace (1/13,
    # 21 beats 20; hand 2 then draws a ten and pushes), else it pushes and hand 2 draws the ace
    # with 1/12: 1/13 + 12/13 * 1/12 = 2/13 (each split hand stands on T-T: it would hit a 20
    # with 1/12 to win). EV = 3/17 - 2/17 + 13/17 * 2/13 = 3/17; 1/17 without splitting.
    counts = (1, 0, 0, 0, 0, 0, 0, 0, 0, 16)
    rules = GameRules(decks=1, dealer=S17)
    assert round_value(rules, counts) == engine_value(rules, counts) == Fraction(3, 17)
    rules = GameRules(decks=1, dealer=S17, split_hands=1)
    assert round_value(rules, counts) == engine_value(rules, counts) == Fraction(1, 17)


# ----------------------------------------------------------------------------- controls

def test_control_blackjack_payout():
    counts = SHOES["A3 52 62 T6 (13)"]
    rules = RULES["S17 basic"]
    six_five = GameRules(decks=1, dealer=S17, blackjack_pays=Fraction(6, 5))
    assert round_value(six_five, counts) != engine_value(rules, counts)
    assert round_value(six_five, counts) == engine_value(six_five, counts)


class IgnoresThePeek(BruteForceRound):
    """A player who forgets that the dealer has shown no blackjack: his posterior keeps the
    blackjack hole card (valued as a dealer 21). The rounds themselves are settled as before."""

    def hole_posterior(self, unseen, up):
        n = sum(unseen)
        return {h: Fraction(unseen[h - 1], n) for h in VALUES if unseen[h - 1]}

    def dealer(self, pool, up, hole):
        return self.dealer_from(up + hole, 1 in (up, hole), pool)


def test_control_the_hole_card_posterior_matters():
    counts = SHOES["A2 22 52 82 T6 (14)"]
    rules = RULES["S17 basic"]
    assert IgnoresThePeek(rules, counts).round_value() < engine_value(rules, counts)


# --------------------------------------------------------------------------- no hole card

@pytest.mark.parametrize("rules", list(NO_PEEK_RULES.values()), ids=list(NO_PEEK_RULES))
@pytest.mark.parametrize("counts", list(SHOES.values()), ids=list(SHOES))
def test_no_peek_round_value_equals_brute_force(counts, rules):
    brute = round_value(rules, counts)
    assert isinstance(brute, Fraction)
    assert engine_value(rules, counts) == brute


def test_no_peek_every_card_value_shoe():
    rules = NO_PEEK_RULES["H17 no split D9-11 6:5"]  # the fast one on this shoe (~2 s)
    assert engine_value(rules, EVERY_VALUE) == round_value(rules, EVERY_VALUE)


@pytest.mark.parametrize("name", ["A2 3 5 7 9 T5 (13)", "A2 22 32 72 T8 (16)"])
def test_no_peek_every_option_of_every_first_hand(name):
    """With no hole card the option values of both are plain E[X | the three cards seen], a
    dealer blackjack included: equal as they stand (no factor)."""
    compared = compare_every_option(NO_PEEK_RULES["H17 DAS HSA"], SHOES[name])
    assert compared > 60


def test_no_peek_one_ace_sixteen_tens_by_hand():
    # Shoe A + 16 tens (17 cards), no hole card. Ace to the player (2/17): blackjack against the
    # dealer's 20, +3/2. Ace up (1/17): T-T against a dealer blackjack (the hole is a ten), which
    # the player cannot avoid: standing loses 1, the best he can do. Ace in the hole or undealt
    # (14/17): T-T against a ten, and for the player the hole is the ace with 1/14 (nothing rules
    # it out). Stand: -1/14 (a push otherwise). Hit: -1/14 - 13/14 * 11/13 = -12/14. Double:
    # -24/14. Split: hole ace (1/14), both hands (T-T each) lose, -2; hole ten (13/14), 12 tens
    # and the ace left: hand 1 draws the ace (1/13) and wins, hand 2 pushes, or hand 1 pushes and
    # hand 2 draws the ace (12/13 * 1/12) and wins: 2/13; split = -2/14 + 2/14 = 0. (Each split
    # hand stands on T-T: -1/13 against -11/13 for a hit, the hole an ace with 1/13.) So split,
    # 0: EV = 3/17 - 1/17 + 0 = 2/17. Without splitting, stand: 3/17 - 1/17 - 14/17 * 1/14 =
    # 1/17. (With peek the ace-in-the-hole deals end at once: 3/17 and 1/17, as above.)
    counts = (1, 0, 0, 0, 0, 0, 0, 0, 0, 16)
    rules = GameRules(decks=1, dealer=S17_NO_PEEK)
    assert round_value(rules, counts) == engine_value(rules, counts) == Fraction(2, 17)
    rules = GameRules(decks=1, dealer=S17_NO_PEEK, split_hands=1)
    assert round_value(rules, counts) == engine_value(rules, counts) == Fraction(1, 17)


def test_no_peek_one_ace_four_tens_by_hand():
    # Shoe A T T T T, no hole card (no split: the shoe is too short for one). Ace to the player
    # (2/5): +3/2. Ace up (1/5): dealer blackjack, T-T loses 1. Ace in the hole or undealt (2/5):
    # T-T against a ten, hole ace or ten with 1/2 each. Stand: -1/2. Hit: the hole ace leaves a
    # ten (bust, -1), the hole ten leaves the ace (21 beats 20, +1): 0; doubling: 0 too. EV = 3/5
    # - 1/5 + 0 = 2/5 (3/5 with peek); blackjack paying 6/5: 12/25 - 5/25 = 7/25.
    counts = (1, 0, 0, 0, 0, 0, 0, 0, 0, 4)
    rules = GameRules(decks=1, dealer=S17_NO_PEEK, split_hands=1)
    assert round_value(rules, counts) == engine_value(rules, counts) == Fraction(2, 5)
    rules = GameRules(decks=1, dealer=S17_NO_PEEK, split_hands=1, blackjack_pays=Fraction(6, 5))
    assert round_value(rules, counts) == engine_value(rules, counts) == Fraction(7, 25)


class AssumesAPeek(BruteForceRound):
    """A player who plays a no-hole-card game as if the dealer had peeked: his posterior leaves
    out the blackjack hole card (all of it when that is all there is). Rounds settle as before."""

    def hole_posterior(self, unseen, up):
        no_bj = {1: 10, 10: 1}.get(up)
        weights = {h: unseen[h - 1] for h in VALUES if h != no_bj and unseen[h - 1]}
        if not weights:
            return super().hole_posterior(unseen, up)
        n = sum(weights.values())
        return {h: Fraction(w, n) for h, w in weights.items()}


@pytest.mark.parametrize("name", ["A3 52 62 T6 (13)", "A 32 62 82 T5 (12)"])
def test_no_peek_controls(name):
    counts, rules = SHOES[name], NO_PEEK_RULES["H17 DAS HSA"]
    engine = engine_value(rules, counts)
    assert AssumesAPeek(rules, counts).round_value() < engine
    peek = GameRules(decks=1, dealer=H17, das=True, hit_split_aces=True)
    assert engine_value(peek, counts) > engine


@pytest.mark.parametrize("counts, hands", [(SHOES["A3 52 62 T6 (13)"], 2), (SHOES["A2 22 52 82 T6 (14)"], 2),
                                           (RESPLIT_SHOES["A4 83 92 T10 (19)"], 4)])
def test_original_bets_only(counts, hands):
    """No hole card, original bets only: the brute force (the hole card unknown, a blackjack found
    at the end taking one unit) equals the engine, and both equal the peek game's value, which
    is more than the game that loses every stake."""
    obo = GameRules(decks=1, dealer=H17_NO_PEEK, das=True, split_hands=hands, original_bets_only=True)
    value = engine_value(obo, counts)
    assert round_value(obo, counts) == value
    assert value == engine_value(GameRules(decks=1, dealer=H17, das=True, split_hands=hands), counts)
    assert value > engine_value(GameRules(decks=1, dealer=H17_NO_PEEK, das=True, split_hands=hands), counts)
