"""Streak wagers (NY 5324.11(m), Blackjack Burnout's bonus): the chance of k wins in a row from
the round's exact outcome classes, checked by hand and against a brute force."""
import itertools
import json
from fractions import Fraction

import pytest
from test_player_bruteforce import RESPLIT_SHOES, shoe

from odds import DealerRules
from odds.apps.cli import main
from odds.core.game_rules import GameRules
from odds.wagers.streaks import dealer_blackjack_without_player_blackjack, round_classes, streak_chance

S17 = DealerRules.parse("S17")


def test_streak_chance_skips_rounds_that_are_neither():
    # Two wins in a row, rounds won 1/4, lost 1/2, neither 1/4: the decided rounds are won 1/3
    # of the time, so 1/9. Counting every sequence of rounds: sum over n neither-rounds before,
    # between and after... equals (w / (w + l))^2; checked against the series to 60 rounds.
    w, l, n = Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)
    classes = {"win": w, "loss": l, "neither": n}
    assert streak_chance(classes, 2) == Fraction(1, 9)
    # P(first decided round won) = w (1 + n + n^2 + ...) = w / (1 - n)
    series = sum(w * n ** i for i in range(60))
    assert abs(series ** 2 - Fraction(1, 9)) < Fraction(1, 10 ** 30)


def test_dealer_blackjack_without_player_blackjack_by_enumeration():
    counts = (2, 0, 0, 0, 1, 0, 0, 0, 0, 3)  # two aces, a five, three tens
    cards = [v for v in range(1, 11) for _ in range(counts[v - 1])]
    hits = total = 0
    for a, up, b, hole in itertools.permutations(range(len(cards)), 4):
        total += 1
        dealer_bj = {cards[up], cards[hole]} == {1, 10}
        player_bj = {cards[a], cards[b]} == {1, 10}
        hits += dealer_bj and not player_bj
    assert dealer_blackjack_without_player_blackjack(counts) == Fraction(hits, total)


def test_round_classes_readings_of_a_dealer_blackjack():
    counts = RESPLIT_SHOES["A4 83 92 T10 (19)"]
    rules = GameRules(decks=1, dealer=S17, split_hands=2)
    loss = round_classes(rules, shoe(counts), "loss")
    no_effect = round_classes(rules, shoe(counts), "no-effect")
    moved = dealer_blackjack_without_player_blackjack(counts)
    assert sum(loss.values()) == 1 == sum(no_effect.values())
    assert no_effect["win"] == loss["win"] and no_effect["loss"] == loss["loss"] - moved > 0


# ------------------------------------------------------------------ EZ Bust with paragraph (g)

from odds.reference.ez_bust import ez_bust_with_push as reference_ez_bust  # noqa: E402
from odds.wagers.dealer_bust import ez_bust_with_push  # noqa: E402

EZ_SHOES = {"A2 22 52 82 T6 (14)": (2, 2, 0, 0, 2, 0, 0, 2, 0, 6), "A3 52 62 T6 (13)": (3, 0, 0, 0, 2, 2, 0, 0, 0, 6),
            "A3 63 83 T10 (19)": RESPLIT_SHOES["A3 63 83 T10 (19)"], "A3 23 92 T11 (19)": RESPLIT_SHOES["A3 23 92 T11 (19)"]}


@pytest.mark.parametrize("name", list(EZ_SHOES))
@pytest.mark.parametrize("rules", [GameRules(decks=1, dealer=S17, split_hands=2),
                                   GameRules(decks=1, dealer=DealerRules.parse("H17"), das=True, split_hands=3)],
                         ids=["S17", "H17 DAS to 3"])
def test_ez_bust_push_option_equals_brute_force(name, rules):
    counts = EZ_SHOES[name]
    for up in [None] + [u for u in (2, 5, 6) if counts[u - 1]]:
        label = None if up is None else str(up)
        assert ez_bust_with_push(rules, shoe(counts), label) == reference_ez_bust(rules, counts, up), up


def test_ez_bust_push_option_by_hand():
    # Shoe 6 6 6 T T T T T, up card 6: seven cards left, 6 6 T T T T T. The dealer stays at 21 or
    # under only from 6 + 6 (hole) + 6 (his draw): 18; any ten busts him (12 + T, 16 + 6, 16 + T).
    # That takes both sixes, so the player holds T-T (5/7 * 4/6 = 10/21) and stands; then the hole
    # is a six with 2/5 and the dealer's card a six with 1/4: no bust 10/21 * 2/5 * 1/4 = 1/21. The
    # player never busts (he stands on 16 and on 12 against the 6), so nothing pushes.
    rules = GameRules(decks=1, dealer=S17, split_hands=1)
    counts = (0, 0, 0, 0, 0, 3, 0, 0, 0, 5)
    fast = ez_bust_with_push(rules, shoe(counts), "6")
    assert fast == reference_ez_bust(rules, counts, 6) == {
        "bust": Fraction(20, 21), "push": 0, "no-bust": Fraction(1, 21)}


def test_push_option_changes_the_wager():
    # Control: with (g) some wagers push (the player's blackjacks), and fewer are won.
    from odds.wagers.dealer_bust import ez_bust_probability
    counts = EZ_SHOES["A3 63 83 T10 (19)"]
    rules = GameRules(decks=1, dealer=S17, split_hands=2)
    with_g = ez_bust_with_push(rules, shoe(counts))
    assert with_g["push"] > 0 and with_g["bust"] < ez_bust_probability(shoe(counts), S17)


# ------------------------------------------------------------------ the par sheets

# One deck less every 2, 3, 4, 5 and 7 and two nines: 30 cards (A4 64 84 92 T16), so that the
# exact round walk is quick.
REMOVE = " ".join(["2"] * 4 + ["3"] * 4 + ["4"] * 4 + ["5"] * 4 + ["7"] * 4 + ["9"] * 2)
SMALL = (4, 0, 0, 0, 0, 4, 0, 4, 2, 16)


def reference_classes(rules, counts):
    from odds.reference.outcomes import outcome_distribution
    out = {"win": Fraction(0), "loss": Fraction(0), "neither": Fraction(0)}
    for (_, kind), p in outcome_distribution(rules, counts).items():
        out[kind] += p
    return out


@pytest.mark.parametrize("wager, paytable, k, pays", [("streak", "B", 3, 8), ("burnout-bonus", "BONUS", 4, 8)])
def test_par_sheet_from_the_command_line(capsys, wager, paytable, k, pays):
    argv = ["wager", wager, "--decks", "1", "--any-decks", "--paytable", paytable, "--remove", REMOVE,
            "--split-hands", "2", "--streak", str(k), "--format", "json"]
    assert main(argv) == 0
    sheet = json.loads(capsys.readouterr().out)
    classes = reference_classes(GameRules(decks=1, dealer=S17, split_hands=2), SMALL)
    q = classes["win"] / (classes["win"] + classes["loss"])
    win = next(o for o in sheet["outcomes"] if o["name"] == f"{k} wins in a row")
    assert Fraction(win["probability"]) == q ** k and Fraction(win["pays"]) == pays
    assert Fraction(sheet["expected_return"]) == (pays + 1) * q ** k - 1
    assert {key: Fraction(v) for key, v in sheet["round"].items()} == classes
    assert any("computed at 1" in w for w in sheet["warnings"])


def test_streak_reading_of_a_dealer_blackjack_is_stated(capsys):
    argv = ["wager", "streak", "--decks", "1", "--any-decks", "--paytable", "A", "--remove", REMOVE,
            "--split-hands", "2", "--dealer-blackjack", "no-effect", "--format", "json"]
    assert main(argv) == 0
    sheet = json.loads(capsys.readouterr().out)
    assert any("read word for word" in a for a in sheet["assumptions"])
    assert main(argv[:-4] + ["--format", "json"]) == 0
    other = json.loads(capsys.readouterr().out)
    assert Fraction(other["expected_return"]) < Fraction(sheet["expected_return"])


def test_streak_options_refused_elsewhere(capsys):
    assert main(["wager", "buster", "--decks", "6", "--streak", "3"]) == 2
    assert "--streak does not apply to buster" in capsys.readouterr().err


@pytest.mark.parametrize("hands", [2, 3, 4])
def test_burnout_bonus_warns_below_its_four_hands(capsys, hands):
    argv = ["wager", "burnout-bonus", "--decks", "1", "--any-decks", "--remove", REMOVE,
            "--split-hands", str(hands), "--format", "json"]
    assert main(argv) == 0
    sheet = json.loads(capsys.readouterr().out)
    assert any(f"split pairs {hands}" in a or f"to {hands} hands" in a for a in sheet["assumptions"])
    warned = [w for w in sheet["warnings"] if "up to four hands" in w]
    assert len(warned) == (hands < 4)
    if hands < 4:
        assert f"at most {hands} hands here" in warned[0]
