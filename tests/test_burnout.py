"""Blackjack Burnout: the burn option ("Blackjack Burnout - Procedures" (2), (3), (5)).

:class:`odds.games.burnout.BurnoutEngine` (the player engine with a "burn still available" state, values
jointly with no dealer blackjack; computed by the compiled kernel, which tests/test_burnout_kernel.py
holds to the Python recursion) against :class:`odds.reference.burnout.BurnoutRound` (deals card
by card, the hole card unknown, every keep-or-burn choice made on an explicit posterior), exactly,
on small shoes, both readings (a busting card may be burned, or not), S17/H17, peek and no hole
card, splits to two and to four hands. A hand-counted shoe pins the values; controls show the
comparison can fail (a burned card put back in the shoe; the reading; the burn itself).

Published figures: the Wizard of Odds' page on the game (wizardofodds.com/games/blackjack-burnout)
describes the option as including "after busting" (the ``any-card`` reading) and the maker's
suggested rules (six decks, H17, DAS, resplit to four hands, aces once, no surrender), which are
the rules of ``burnout_rules("H17")``; no house edge or option value was found in print to compare
with (a trade article quotes the developer's "around 17.4 percent" player advantage without the
fee, strategy and rules unstated: not comparable, not tested).
"""
from fractions import Fraction

import pytest

from test_player_bruteforce import RESPLIT_SHOES as RESPLIT
from test_player_bruteforce import SHOES as BRUTE_FORCE_SHOES

from odds import DealerRules, Shoe
from odds.games.burnout import FEE, BurnoutEngine, burnout_report, burnout_rules
from odds.core.errors import RuleError
from odds.core.game_rules import GameRules
from odds.engine.player import ZERO_HAND, PlayerEngine, add_card
from odds.reference.burnout import BurnoutRound
from odds.reference.deal import VALUES, draws as _draws, hand_total as _total, take as _take
from odds.reference.deal import with_card as _add_sorted
from odds.reference.game import round_value

S17, H17 = DealerRules.parse("S17"), DealerRules.parse("H17")
S17_NO_PEEK, H17_NO_PEEK = DealerRules.parse("S17", peek=False), DealerRules.parse("H17", peek=False)
READINGS = ("any-card", "no-bust")
LABELS = "A23456789T"

# By value: aces, twos, ..., nines, ten-values.
SHOES = BRUTE_FORCE_SHOES
RULES = {
    "S17 DAS": GameRules(decks=1, dealer=S17, das=True),
    "H17 no split": GameRules(decks=1, dealer=H17, split_hands=1),
    "H17 D10-11 DAS LS": GameRules(decks=1, dealer=H17, double="10-11", das=True, surrender=True),
}
RESPLIT_SHOES = {name: RESPLIT[name] for name in ("A4 83 92 T10 (19)", "A3 63 83 T10 (19)")}
NO_PEEK_RULES = {
    "S17 no hole card DAS": GameRules(decks=1, dealer=S17_NO_PEEK, das=True),
    "H17 no hole card OBO": GameRules(decks=1, dealer=H17_NO_PEEK, das=True, original_bets_only=True),
}
EVERY_VALUE = (1, 1, 1, 1, 1, 1, 1, 1, 1, 4)  # 13 cards, one of each value and four tens
TENS_SIXES_FIVES = (0, 0, 0, 0, 2, 1, 0, 0, 0, 5)  # the hand-counted shoe


def shoe(counts):
    return Shoe.from_value_counts(counts)


def engine_value(rules, counts, reading):
    return BurnoutEngine(rules, shoe(counts), True, reading).round_value()[0]


# --------------------------------------------------------------------------- counted by hand

def test_tens_sixes_and_fives_by_hand():
    # Shoe: two 5s, one 6, five tens. T-6 against a ten up; unseen: three tens, two 5s (the hole
    # card among them; no ace, so no dealer blackjack). Stand: hole ten (3/5) loses to 20; hole 5
    # (2/5): the dealer's 15 busts on a ten (3/4) or makes 20 with the last 5 (1/4): -3/5 + 2/5 *
    # 1/2 = -2/5. Hit with no burn: a 5 makes 21, a ten busts; hole ten: 1/2 - 1/2 = 0; hole 5:
    # 1/4 - 3/4 = -1/2; in all -1/5. Burning the busting ten (any-card): hole ten: 1/2 + 1/2 *
    # (2/3 - 1/3) = 2/3 (the burned ten is gone: one ten, two 5s left); hole 5: 1/4 + 3/4 * (1/3 -
    # 2/3) = 0; in all 2/5, and doubling 4/5 (21 and bust end the hand either way). Under no-bust
    # the ten cannot be burned and a 5 is never worth burning: the plain values.
    rules = GameRules(decks=1, dealer=S17, split_hands=1)
    burn = {"stand": Fraction(-2, 5), "hit": Fraction(2, 5), "double": Fraction(4, 5)}
    plain = {"stand": Fraction(-2, 5), "hit": Fraction(-1, 5), "double": Fraction(-2, 5)}
    assert BurnoutEngine(rules, shoe(TENS_SIXES_FIVES)).option_values("T", "6", "T") == burn
    assert BurnoutRound(rules, TENS_SIXES_FIVES).option_values(6, 10, 10) == burn
    assert BurnoutEngine(rules, shoe(TENS_SIXES_FIVES), reading="no-bust").option_values("T", "6", "T") == plain
    assert BurnoutRound(rules, TENS_SIXES_FIVES, "no-bust").option_values(6, 10, 10) == plain
    assert PlayerEngine(rules, shoe(TENS_SIXES_FIVES)).option_values("T", "6", "T") == plain


class ShufflesTheBurnedCardBack(BurnoutEngine):
    """A wrong engine: the burned card goes back among the unseen cards (the hole card's too)."""

    def _burned(self, hand, v, up, final):
        if not final:
            return self.hit(hand, ZERO_HAND, up)
        return sum((p * self.after_card(add_card(hand, w), ZERO_HAND, up, True) for w, p in self.draw(hand, up)),
                   0 * self.one)


class PutsTheBurnedCardBack(BurnoutRound):
    """A wrong brute force: the burned card goes back into the undealt cards (not the hole)."""

    def burn_card(self, hand, c, hole, ctx, double):
        after = (ctx[0], None, ctx[2], False)  # c is not added to the cards burned
        pool = _take(self.unseen(hand, after), hole)
        total = Fraction(0)
        for w, p in _draws(pool):
            new = _add_sorted(hand, w)
            if double:
                total += p * self.settle(_total(new)[0], 2, self.dealer(_take(pool, w), ctx[0], hole))
            else:
                total += p * self.play_on(new, hole, after)
        return total


def test_control_the_burned_card_leaves_the_shoe():
    # Put back into the undealt cards (odds/reference/burnout.py): the burned ten may come again:
    # hole ten 1/2, hole 5 1/4 + 3/4 * (1/4 - 3/4) = -1/8; the hit 3/5 * 1/2 - 2/5 * 1/8 = 1/4.
    # Put back among the unseen cards, hole card included (the wrong engine): burning returns the
    # hand to where it was before the hit, worth the plain hit -1/5; the 5 makes 21, which wins
    # (the dealer's 20, or 15 drawing to a bust): 2/5 * 1 + 3/5 * (-1/5) = 7/25. Neither is 2/5.
    rules = GameRules(decks=1, dealer=S17, split_hands=1)
    assert PutsTheBurnedCardBack(rules, TENS_SIXES_FIVES).option_values(6, 10, 10)["hit"] == Fraction(1, 4)
    wrong = ShufflesTheBurnedCardBack(rules, shoe(TENS_SIXES_FIVES)).option_values("T", "6", "T")
    assert wrong["hit"] == Fraction(7, 25)
    counts = SHOES["A3 52 62 T6 (13)"]
    rules = RULES["S17 DAS"]
    right = engine_value(rules, counts, "any-card")
    assert BurnoutRound(rules, counts).round_value() == right
    assert ShufflesTheBurnedCardBack(rules, shoe(counts)).round_value()[0] != right
    assert PutsTheBurnedCardBack(rules, counts).round_value() != right


# ----------------------------------------------------------------------- against brute force

@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("rules", list(RULES.values()), ids=list(RULES))
@pytest.mark.parametrize("counts", list(SHOES.values()), ids=list(SHOES))
def test_round_value_equals_brute_force(counts, rules, reading):
    brute = BurnoutRound(rules, counts, reading).round_value()
    assert isinstance(brute, Fraction)
    assert engine_value(rules, counts, reading) == brute


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("counts", list(RESPLIT_SHOES.values()), ids=list(RESPLIT_SHOES))
def test_split_to_four_hands_forfeits_the_burn(counts, reading):
    """Splitting forfeits the burn: the brute force plays split hands with the base class's code
    (no burn), the engine with the plain engine's split values."""
    rules = GameRules(decks=1, dealer=S17, das=True, split_hands=4)
    assert engine_value(rules, counts, reading) == BurnoutRound(rules, counts, reading).round_value()
    engine, plain = BurnoutEngine(rules, shoe(counts), reading=reading), PlayerEngine(rules, shoe(counts))
    assert engine.option_values("8", "8", "T")["split"] == plain.option_values("8", "8", "T")["split"]


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("rules", list(NO_PEEK_RULES.values()), ids=list(NO_PEEK_RULES))
def test_no_hole_card(rules, reading):
    counts = SHOES["A2 3 5 7 9 T5 (13)"]
    assert engine_value(rules, counts, reading) == BurnoutRound(rules, counts, reading).round_value()


@pytest.mark.slow
def test_every_card_value_shoe():
    rules, reading = GameRules(decks=1, dealer=H17, das=True), "no-bust"  # any-card: the same, ~25 s
    assert engine_value(rules, EVERY_VALUE, reading) == BurnoutRound(rules, EVERY_VALUE, reading).round_value()


@pytest.mark.parametrize("reading", READINGS)
def test_every_option_of_every_first_hand(reading):
    """Option by option: the engine's E[X; no blackjack] is the brute force's E[X | no blackjack]
    times P(no blackjack | the three cards seen)."""
    rules, counts = RULES["H17 D10-11 DAS LS"], SHOES["A2 22 32 72 T8 (16)"]
    engine, brute = BurnoutEngine(rules, shoe(counts), reading=reading), BurnoutRound(rules, counts, reading)
    compared = 0
    for up in VALUES:
        for a in VALUES:
            for b in range(a, 11):
                left = list(counts)
                for v in (up, a, b):
                    left[v - 1] -= 1
                if min(left) < 0 or {a, b} == {1, 10}:
                    continue
                bj = {1: 10, 10: 1}.get(up)
                p_no_bj = 1 - Fraction(left[bj - 1] if bj else 0, sum(left))
                fast = engine.option_values(LABELS[a - 1], LABELS[b - 1], LABELS[up - 1])
                slow = brute.option_values(a, b, up)
                assert fast == {k: v * p_no_bj for k, v in slow.items()}, (a, b, up)
                compared += 1
    assert compared > 40


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("rules", [RULES["S17 DAS"], NO_PEEK_RULES["S17 no hole card DAS"]], ids=["peek", "no hole card"])
def test_burn_frequency_equals_brute_force(rules, reading):
    """The chance that a card is burned: the engine's forward sum against the brute force's round
    valued again with a point for each burn."""
    counts = SHOES["A2 3 5 7 9 T5 (13)"]
    engine = BurnoutEngine(rules, shoe(counts), reading=reading)
    _, choices = engine.round_value()
    assert engine.burn_frequency(choices) == BurnoutRound(rules, counts, reading).burn_frequency() > 0


# ----------------------------------------------------------------------------- controls

@pytest.mark.parametrize("name", ["A2 3 5 7 9 T5 (13)", "A 32 62 82 T5 (12)"])
def test_controls_the_burn_and_the_reading_matter(name):
    counts, rules = SHOES[name], RULES["S17 DAS"]
    plain = round_value(rules, counts)
    assert BurnoutRound(rules, counts, burn=False).round_value() == plain  # the subclass, burn off
    assert PlayerEngine(rules, shoe(counts)).round_value()[0] == plain
    any_card, no_bust = (engine_value(rules, counts, r) for r in READINGS)
    assert plain < no_bust < any_card


def test_bad_input_is_one_clear_error():
    with pytest.raises(RuleError, match="unknown burn reading"):
        BurnoutEngine(burnout_rules(), exact=False, reading="sometimes")
    with pytest.raises(RuleError, match="bonus payouts"):
        BurnoutEngine(GameRules(decks=1, bonus_777=Fraction(3, 2)), exact=False)


# -------------------------------------------------------------------------- six decks

# Exact values, per unit of the main wager, from burnout_report(burnout_rules(rule), reading,
# exact=True) (30 to 65 s each): house edge without the option, house edge with it before the fee,
# and the chance that a card is burned in a round. Six decks, 3:2, DAS, split to four hands, aces
# once, peek, no surrender.
SIX_DECKS = {
    ("S17", "any-card"): (
        Fraction("62951228401136549381017431383858950181983/15625912178963900371062849247265630179786875"),
        Fraction("-440032198731957215787219768312006385701538147/2312635002486657254917301688595313266608457500"),
        Fraction("3813454996460782865450281271/9782084291268269848173456150")),
    ("S17", "no-bust"): (
        Fraction("62951228401136549381017431383858950181983/15625912178963900371062849247265630179786875"),
        Fraction("-290682515768429647273895983929192642331901/3421057695986179371179440367744546252379375"),
        Fraction("242483260720191921971/1058060120624333361150")),
    ("H17", "any-card"): (
        Fraction("7115852129127671911784187187953698865906137/1156317501243328627458650844297656633304228750"),
        Fraction("-150229682336177196764897272238406976688443549/812856857309666658906576336090431890738616250"),
        Fraction("3217726319389509482376573113/8257603622499188832873696750")),
    ("H17", "no-bust"): (
        Fraction("7115852129127671911784187187953698865906137/1156317501243328627458650844297656633304228750"),
        Fraction("-2310459861656295328739623752464777106850909/28202865883983625059967093763357478861078750"),
        Fraction("3149250457994017427783/13754781568116333694950")),
}


FLOAT_CASES = [("S17", "any-card"), ("S17", "no-bust"), ("H17", "no-bust")]  # H17 any-card: exact below


@pytest.mark.parametrize("rule, reading", FLOAT_CASES, ids=[f"{r} {x}" for r, x in FLOAT_CASES])
def test_six_decks_float_mode_matches_the_exact_values(rule, reading):
    without, with_option, frequency = SIX_DECKS[(rule, reading)]
    report = burnout_report(burnout_rules(rule), reading, exact=False)
    assert abs(report.house_edge_without - without) < 1e-12
    assert abs(report.house_edge_with_option - with_option) < 1e-12
    assert abs(report.burn_frequency - frequency) < 1e-12
    assert abs(report.house_edge_with_fee - (FEE + with_option)) < 1e-12


@pytest.mark.slow
def test_six_decks_h17_exact():
    """The maker's suggested rules (H17, DAS), the burn reading of the Wizard of Odds' page: exact."""
    without, with_option, frequency = SIX_DECKS[("H17", "any-card")]
    report = burnout_report(burnout_rules("H17"), "any-card", exact=True)
    assert (report.house_edge_without, report.house_edge_with_option, report.burn_frequency) == (
        without, with_option, frequency)
    assert report.option_value == without - with_option
    assert report.house_edge_with_fee == Fraction(1, 5) + with_option
    assert round(float(report.house_edge_with_fee), 6) == 0.015183  # 1.5183% with the fee


def test_six_deck_figures_hang_together():
    s17a, s17b = SIX_DECKS[("S17", "any-card")], SIX_DECKS[("S17", "no-bust")]
    h17a, h17b = SIX_DECKS[("H17", "any-card")], SIX_DECKS[("H17", "no-bust")]
    assert s17a[0] == s17b[0] < h17a[0] == h17b[0]  # the plain game: H17 costs the player
    for a, b in ((s17a, s17b), (h17a, h17b)):
        assert a[1] < b[1] < 0 < a[0]  # the option turns the game, more so when busts may be burned
        assert a[2] > b[2]
    # without the fee the player has the edge; with it the house has it back
    assert all(0 < FEE + v[1] for v in SIX_DECKS.values())
    plain = PlayerEngine(burnout_rules("H17"), exact=False).round_value()[0]
    assert abs(-plain - h17a[0]) < 1e-12


def test_six_deck_burn_decisions():
    engine = BurnoutEngine(burnout_rules("H17"), exact=False)
    assert engine.burn_decision((10, 6), 10, 10)  # 16 + a ten: burn the busting card
    assert not engine.burn_decision((10, 6), 5, 10)  # 21: keep
    no_bust = BurnoutEngine(burnout_rules("H17"), exact=False, reading="no-bust")
    assert not no_bust.burn_decision((10, 6), 10, 10)  # a busting card cannot be burned
    assert no_bust.burn_decision((10, 2), 2, 10)  # 14 against a ten: burn the deuce and draw again


def test_burnout_from_the_command_line(capsys):
    import json

    from odds.apps.cli import main
    assert main(["wager", "burnout", "--decks", "1", "--rule", "S17", "--float", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["reading"] == "any-card" and doc["decks"] == 1 and doc["das"] is True
    assert doc["house_edge_with_option_before_fee"]["decimal"] < doc["house_edge_without_option"]["decimal"]
    assert main(["burnout", "--decks", "1", "--reading", "both", "--float", "--format", "json"]) == 0
    both = json.loads(capsys.readouterr().out)
    assert [d["reading"] for d in both] == ["any-card", "no-bust"]


def test_the_cards_burned_table_says_what_a_blank_cell_is(capsys):
    """A blank cell of the first-draw table (AA against a 2: a split; A9 against a T: a stand) is a first
    decision that draws no card, and the legend says so; '.' a draw that burns nothing."""
    from odds.apps.cli import main
    assert main(["burnout", "--decks", "1", "--rule", "S17", "--float"]) == 0
    text = capsys.readouterr().out
    legend = next(line for line in text.splitlines() if line.startswith("Cards burned on the first draw"))
    assert "'.' none" in legend and "blank: the first decision draws no card, a stand or a split" in legend
