"""The post-split strategies (``GameRules.post_split``): CDP1 (the default, the play D), CDZ- (the
pre-split strategy) and CDP (D with every pair card out gone), against Eric Farmer's whole-game
figures and against the brute forces on small shoes.

Farmer's combinatorial analyser (github.com/possibly-wrong/blackjack, its strategy calculator),
house edges in percent: six decks unless said, double any two cards, double after split, 3:2,
peek, no surrender, aces split once with one card each; the other pairs split once or resplit to
four hands. The exact values are rounded half up to the printed digits; where the figure is
checked in floats, the value is also required to lie well away from the rounding boundary, so
that the float's error cannot move the printed digit.
"""
import json
import subprocess
import sys
from fractions import Fraction

import pytest
from rounding import within_print

from odds import DealerRules, Shoe
from odds.apps.cli import build_parser, main
from odds.core.errors import EngineError, OddsError, RuleError
from odds.core.game_rules import GameRules
from odds.engine.player import PlayerEngine, house_edge
from odds.reference.game import round_value
from odds.reference.post_split import termwise_round_value
from odds.reference.shoes import RESPLIT_SHOES, SHOES

S17, H17 = DealerRules.parse("S17"), DealerRules.parse("H17")
S17_NO_PEEK = DealerRules.parse("S17", peek=False)
DEALERS = {"S17": S17, "H17": H17}


def farmer_rules(decks, rule, hands, post_split):
    return GameRules(decks=decks, dealer=DEALERS[rule], das=True, split_hands=hands, post_split=post_split)


def rounds_clear_of_the_boundary(edge: float, printed: str) -> bool:
    """``edge`` (a float, per unit) in percent rounds to ``printed``, at least a hundredth of its
    last place away from a half (the engine's float error is below 1e-13 of a unit)."""
    places = len(printed.split(".")[1])
    scaled = edge * 100 * 10 ** places
    return f"{edge * 100:.{places}f}" == printed and abs(scaled - int(scaled) - 0.5) > 0.01


# ------------------------------------------------------------------------ published figures

def test_cdz_six_decks_s17_split_once_exact():
    edge = house_edge(farmer_rules(6, "S17", 2, "cdz"))
    assert isinstance(edge, Fraction)
    assert within_print(edge, "0.456886297", scale=100)


@pytest.mark.slow
def test_cdp1_six_decks_s17_split_once_exact():
    # odds' own figure for the default play (CDP1; with a pair split once CDP is the same play),
    # pinned: 0.456884645330310587...%, below CDZ-'s 0.456886297...% (the split hands choose with
    # the other pair card gone, which is worth something).
    edge = house_edge(farmer_rules(6, "S17", 2, "cdp1"))
    assert within_print(edge, "0.456884645330", scale=100)
    assert edge < Fraction("0.456886297") / 100  # CDZ-, in the test above


FARMER_CDZ = [
    # (decks, rule, most hands, printed house edge in percent)
    (6, "S17", 4, "0.402870236"),
    (6, "H17", 2, "0.668950590"),
    (6, "H17", 4, "0.615389123"),
    (8, "S17", 2, "0.485780359"),
    (8, "S17", 4, "0.430580629"),
    (8, "H17", 2, "0.699277986"),
    (8, "H17", 4, "0.644553852"),
]


@pytest.mark.slow
@pytest.mark.parametrize("decks, rule, hands, printed", FARMER_CDZ)
def test_cdz_published_figures(decks, rule, hands, printed):
    edge = house_edge(farmer_rules(decks, rule, hands, "cdz"), exact=False)
    assert rounds_clear_of_the_boundary(edge, printed), edge


@pytest.mark.slow
def test_cdp_six_decks_s17_resplit():
    # CDP, six decks, S17, resplit to four hands: 0.4028615234%; CDZ- gives 0.402870236% and CDP1
    # 0.4028643428%. In floats (half the time of the exact value); CDP is held exactly to the
    # references on the small shoes below.
    edge = house_edge(farmer_rules(6, "S17", 4, "cdp"), exact=False)
    assert rounds_clear_of_the_boundary(edge, "0.4028615234"), edge


# --------------------------------------------------------------------- small shoes, exactly

def engine_value(rules, counts):
    return PlayerEngine(rules, Shoe.from_value_counts(counts), exact=True).round_value()[0]


SPLIT_ONCE_RULES = {
    "H17 DAS HSA LS": dict(dealer=H17, das=True, hit_split_aces=True, surrender=True),
    "S17 no DAS": dict(dealer=S17),
    "S17 DAS double rescue": dict(dealer=S17, das=True, double_rescue=True),
    "S17 DAS no hole card": dict(dealer=S17_NO_PEEK, das=True),
}


@pytest.mark.parametrize("rule", list(SPLIT_ONCE_RULES), ids=list(SPLIT_ONCE_RULES))
@pytest.mark.parametrize("shoe", ["A3 52 62 T6 (13)", "A 32 62 82 T5 (12)"])
def test_cdz_split_once_equals_brute_force(shoe, rule):
    """The brute force deals the split card by card; under CDZ- each split hand's decision is
    worked out as for a hand dealt unsplit, the other pair card in the shoe."""
    counts = SHOES[shoe]
    cdz = GameRules(decks=1, post_split="cdz", **SPLIT_ONCE_RULES[rule])
    value = engine_value(cdz, counts)
    assert value == round_value(cdz, counts)
    assert value != engine_value(GameRules(decks=1, **SPLIT_ONCE_RULES[rule]), counts)  # control


def test_cdp_is_cdp1_when_pairs_split_once():
    counts = SHOES["A3 52 62 T6 (13)"]
    cdp = GameRules(decks=1, dealer=H17, das=True, post_split="cdp")
    assert engine_value(cdp, counts) == engine_value(GameRules(decks=1, dealer=H17, das=True), counts)
    assert engine_value(cdp, counts) == round_value(cdp, counts)


RESPLIT_RULES = {
    "S17 DAS to 4": dict(dealer=S17, das=True, split_hands=4),
    "H17 DAS to 4 HSA LS": dict(dealer=H17, das=True, split_hands=4, hit_split_aces=True, surrender=True),
    "S17 DAS to 4 RSA double rescue": dict(dealer=S17, das=True, split_hands=4, resplit_aces=True,
                                           double_rescue=True),
}


@pytest.mark.parametrize("rule", list(RESPLIT_RULES), ids=list(RESPLIT_RULES))
@pytest.mark.parametrize("shoe", ["A4 83 92 T10 (19)", "A3 23 92 T11 (19)"])
def test_resplits_equal_the_references(shoe, rule):
    """CDZ- and CDP1 against the brute force dealing card by card; CDP, which is defined by the
    sum over the second cards (each term's hand deciding with that term's pair cards gone),
    against the reference summing term by term; and that reference against the brute force for
    the two plays that are strategies played card by card."""
    counts = RESPLIT_SHOES[shoe]
    values = {}
    for post_split in ("cdp1", "cdz", "cdp"):
        rules = GameRules(decks=1, post_split=post_split, **RESPLIT_RULES[rule])
        values[post_split] = engine_value(rules, counts)
        assert termwise_round_value(rules, counts) == values[post_split], post_split
        if post_split != "cdp":
            assert round_value(rules, counts) == values[post_split], post_split
    assert values["cdp"] != values["cdp1"]  # control: the pair cards out change decisions


def test_cdz_differs_with_resplits():
    counts = RESPLIT_SHOES["A3 63 83 T10 (19)"]
    rules = dict(decks=1, dealer=S17, das=True, split_hands=4)
    cdz = GameRules(post_split="cdz", **rules)
    assert round_value(cdz, counts) == engine_value(cdz, counts) != engine_value(GameRules(**rules), counts)


def test_brute_force_refuses_cdp_with_resplits():
    rules = GameRules(decks=1, dealer=S17, split_hands=4, post_split="cdp")
    with pytest.raises(ValueError, match="sum over the second cards"):
        round_value(rules, RESPLIT_SHOES["A4 83 92 T10 (19)"])


# ------------------------------------------------------------------------- rules, command line

def test_unknown_post_split_is_a_rule_error():
    with pytest.raises(RuleError, match="unknown post-split strategy 'cdx': use cdp1, cdz, cdp"):
        GameRules(post_split="cdx")
    with pytest.raises(OddsError):
        GameRules.from_options(6, "S17", post_split="CDZ-")


def test_the_default_is_said_nowhere():
    rules = GameRules(decks=6, dealer=S17, das=True)
    assert rules == GameRules.from_options(6, "S17", das=True, post_split=None)
    assert rules.describe() == ("6 decks, S17, peek, blackjack pays 3/2, double any two cards, DAS, split to 2 hands, "
                                "aces split once, one card to split aces, no surrender")
    cdz = GameRules(decks=6, dealer=S17, das=True, post_split="cdz")
    assert cdz.describe() == rules.describe() + ", split hands play the pre-split strategy (CDZ-)"
    assert GameRules(split_hands=1, post_split="cdz").describe() == GameRules(split_hands=1).describe()


def game(*args, cwd):
    return subprocess.run([sys.executable, "-m", "odds", "game", *args], capture_output=True, text=True, cwd=cwd)


def test_game_command_flag(capsys):
    common = ["game", "--decks", "1", "--rule", "S17", "--das", "--float", "--format", "json"]
    docs = {}
    for post_split in ("cdp1", "cdz"):
        assert main(common + ([] if post_split == "cdp1" else ["--post-split", post_split])) == 0
        docs[post_split] = json.loads(capsys.readouterr().out)
    plain, cdz = docs["cdp1"], docs["cdz"]
    assert "post_split" not in plain["rules"] and cdz["rules"]["post_split"] == "cdz"
    assert "pre-split" not in plain["split_method"] and "(CDZ-)" in cdz["split_method"]
    assert cdz["house_edge_decimal"] != plain["house_edge_decimal"]
    assert build_parser().parse_args(common).post_split == "cdp1"


@pytest.mark.parametrize("args, message", [
    (["--post-split", "cdx"], "invalid choice"),
    (["--post-split", "cdz", "--strategy", "basic"], "composition-dependent"),
])
def test_game_command_bad_post_split(args, message, tmp_path):
    r = game("--decks", "1", "--float", *args, cwd=tmp_path)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("odds: ") and message in r.stderr, r.stderr


@pytest.mark.parametrize("strategy", ["cdz", "cdp"])
def test_outcome_law_and_rounds_refuse_other_strategies(strategy):
    from odds.engine.outcomes import round_outcomes
    from odds.verify.rounds import EngineDecisions

    engine = PlayerEngine(GameRules(decks=1, dealer=DealerRules.parse("S17"), split_hands=4, post_split=strategy))
    with pytest.raises(EngineError, match="cdp1"):
        round_outcomes(engine)
    with pytest.raises(EngineError, match="cdp1"):
        EngineDecisions(engine)
