"""The exact counting analysis (odds.engine.count_law, deal_law, counting): the law of the running
count held to every subset of small shoes, a wager's deal law to its own exact return on depleted
shoes, and E[value | m, c] to brute force over every composition of the cards seen, all with ==."""
import itertools
import random
import warnings
from fractions import Fraction
from math import comb

import pytest

from odds import DealtShoe, EngineError, price
from odds.engine.count_law import CountTable
from odds.engine.counting import ExactCount, trigger, true_count_above

HI_LO = (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1, -1, -1, -1)
ODD = (2, 0, 1, -1, 3, 1, 0, -2, 0, -1, -1, 1, -2)  # unbalanced, five tags, tens told apart


def _priced(name, table, rule, decks=6, **extra):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return price(name, table, rules=rule, decks=decks, exact=True, any_decks=True, **extra)


def test_the_law_of_the_count_is_every_subsets():
    cards = [2, 2, 1, 1, 1, 0, 0, 0, -1, -1, -1, -1, -3]
    groups = {t: cards.count(t) for t in set(cards)}
    law = CountTable.of(groups, most=len(cards))
    for m in range(len(cards) + 1):
        brute: dict = {}
        for subset in itertools.combinations(cards, m):
            brute[sum(subset)] = brute.get(sum(subset), 0) + 1
        assert {c: law.ways(m, c) for c in range(-20, 20) if law.ways(m, c)} == brute
        assert sum(law.counts(m).values()) == 1
    smaller = law.without(law.tags.index(-3))
    rest = cards[:-1]
    assert all(smaller.ways(m, c) == sum(1 for s in itertools.combinations(rest, m) if sum(s) == c)
               for m in range(len(cards) + 1) for c in range(-8, 10))


def test_bad_counts_and_depths_are_refused():
    with pytest.raises(EngineError, match="whole numbers"):
        CountTable.of({0.5: 3}, most=2)
    with pytest.raises(EngineError, match="a depth of 9 cards in a shoe of 3"):
        CountTable.of({1: 3}, most=9)
    law = _priced("super-sevens", "A", "S17", decks=1).deal_law()
    with pytest.raises(EngineError, match="13 whole numbers"):
        ExactCount(law, HI_LO[:12], 1, [0])
    with pytest.raises(EngineError, match="depths from 0 to the 52 cards"):
        ExactCount(law, HI_LO, 1, [60])


def _depleted(n, decks=6, seed=5):
    rng, rows = random.Random(seed), []
    for _ in range(n):
        dealt = DealtShoe(decks, random.Random(rng.random()))
        dealt.deal_codes(rng.randrange(0, 52 * decks * 3 // 4))
        rows.append(list(dealt.counts))
    return rows


@pytest.mark.parametrize("name, table, rule", [
    ("buster", "C", "H17"), ("buster", "A", "S17"), ("ez-bust", None, "H17"), ("21+3", "C", "S17"), ("bust-it", None, "S17"),
    ("royal-match-21", "A", "S17"), ("super-sevens", "A", "S17"), ("in-between", "A", "S17"),
    ("match-the-dealer", "A", "S17"), ("bet-the-set-21", "A", "S17"), ("house-money", "A", "S17")])
def test_a_wagers_deal_law_is_its_own_exact_return(name, table, rule):
    """The value a round (chance offered x return) from the deal law, == the wager's exact return."""
    priced = _priced(name, table, rule)
    law = priced.deal_law()
    for counts in _depleted(4) + [[6] * 52]:
        r = priced.ret(counts)
        assert law.value(counts) == r.ret * r.offered


@pytest.mark.parametrize("name, law_expected", [("bet-the-bust", True), ("hot-3", True), ("push-22", False)])
def test_a_definition_files_deal_law_is_its_own_exact_return(name, law_expected):
    """A user's definition: a first-cards file, a dealer-final file paid by the dealer's result and
    cards (no peek); one that reads the dealer's cards' suits has none."""
    from pathlib import Path
    from odds import DealerRules
    path = Path(__file__).resolve().parent.parent / "examples" / "wagers" / f"{name}.toml"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        priced = price(wager_file=path, decks=6, rules=DealerRules.parse("H17", peek=False), any_decks=True, exact=True)
    law = priced.deal_law()
    assert (law is not None) == law_expected
    if law is not None:
        for counts in _depleted(3, seed=8):
            r = priced.ret(counts)
            assert law.value(counts) == r.ret * r.offered


def test_a_wager_on_whole_rounds_has_no_deal_law():
    assert _priced("streak", "A", "S17").deal_law() is None


def _brute(priced, tags, decks, m):
    """E[value | m, c] and the ways to see each c, over every composition of the m cards seen by
    (class, tag) group, each weighted by its subsets of physical cards, valued by the wager's own
    exact return of the cards left."""
    law = priced.deal_law()
    keys = sorted({(law.class_of[i], tags[i // 4]) for i in range(52)})
    members = {k: [i for i in range(52) if (law.class_of[i], tags[i // 4]) == k] for k in keys}
    sizes = [decks * len(members[k]) for k in keys]
    value: dict = {}
    ways: dict = {}

    def walk(i, left, taken):
        if i == len(keys):
            if left:
                return
            shoe = [decks] * 52
            for k, n in zip(keys, taken):
                for j in range(n):  # the return depends on the class only: any cards of it will do
                    shoe[members[k][j % len(members[k])]] -= 1
            w, c = 1, 0
            for s, n, k in zip(sizes, taken, keys):
                w, c = w * comb(s, n), c + k[1] * n
            r = priced.ret(shoe)
            value[c] = value.get(c, 0) + w * r.ret * r.offered
            ways[c] = ways.get(c, 0) + w
            return
        for n in range(min(sizes[i], left) + 1):
            walk(i + 1, left - n, taken + [n])

    walk(0, m, [])
    return {c: value[c] / ways[c] for c in value}, ways


@pytest.mark.parametrize("name, table, rule, tags, depths", [
    ("buster", "C", "H17", HI_LO, [0, 1, 4, 6]), ("ez-bust", None, "S17", ODD, [3, 5]),
    ("super-sevens", "A", "S17", HI_LO, [2, 7, 12]), ("in-between", "A", "S17", ODD, [3, 6]),
    ("21+3", "C", "S17", HI_LO, [2, 3]), ("bust-it", None, "S17", ODD, [2, 5])])
def test_the_value_given_the_count_is_brute_forces(name, table, rule, tags, depths):
    """One deck, a dozen cards seen at most: every composition of the cards seen, exactly."""
    priced = _priced(name, table, rule, decks=1)
    exact = ExactCount(priced.deal_law(), tags, 1, [0] + depths)
    for m in depths:
        values, ways = _brute(priced, tags, 1, m)
        assert exact.values(m) == values
        assert {c: exact.chance(m, c) for c in ways} == {c: Fraction(w, comb(52, m)) for c, w in ways.items()}
    assert exact.value(0, 0) == priced.ret([1] * 52).ret * priced.ret([1] * 52).offered


def test_the_counters_figures_by_hand():
    """Over every count at a depth the values average to the full shoe's (the cards seen are a random
    subset); a threshold below every true count bets every round, one above none."""
    priced = _priced("buster", "C", "H17")
    small_cards = tuple(-t for t in HI_LO)  # up with every card above six seen: Buster wants small cards left
    exact = ExactCount(priced.deal_law(), small_cards, 6, [0, 52, 104, 156])
    full = priced.ret([6] * 52).ret
    for m in exact.depths:
        assert sum(exact.chance(m, c) * v for c, v in exact.values(m).items()) == full
    everyone = trigger(exact, Fraction(-1000))
    assert everyone.share == 1 and everyone.value_per_round == full and everyone.value_per_bet == full
    nobody = trigger(exact, Fraction(1000))
    assert nobody.share == 0 and nobody.value_per_round == 0 and nobody.value_per_bet is None
    some = trigger(exact, Fraction(2))
    bet = [(m, c) for m in exact.depths for c in exact.values(m)
           if true_count_above(small_cards, 6, m, c, Fraction(2))]
    assert some.share == sum(exact.chance(m, c) for m, c in bet) / 4
    assert some.value_per_round == sum(exact.chance(m, c) * exact.value(m, c) for m, c in bet) / 4
    assert some.value_per_bet > full


def test_the_value_given_the_count_is_the_mean_of_dealt_shoes():
    """Six decks: shoes shuffled at random, the exact return of the cards left 104 cards in grouped by
    the running count; each count's mean within four standard errors of E[value | 104, c]."""
    priced = _priced("buster", "C", "H17")
    exact = ExactCount(priced.deal_law(), HI_LO, 6, [104])
    seen: dict = {}
    rng = random.Random(2026)
    deck = [c for c in range(52) for _ in range(6)]
    for _ in range(1500):
        rng.shuffle(deck)
        left = [6] * 52
        for c in deck[:104]:
            left[c] -= 1
        count = sum(HI_LO[c // 4] for c in deck[:104])
        seen.setdefault(count, []).append(float(priced.ret(left).ret))
    tested = 0
    for count, values in seen.items():
        if len(values) >= 40:
            mean = sum(values) / len(values)
            sd = (sum((v - mean) ** 2 for v in values) / (len(values) - 1)) ** 0.5
            assert abs(mean - float(exact.value(104, count))) <= 4 * sd / len(values) ** 0.5 + 1e-12, count
            tested += 1
    assert tested >= 8


def test_the_sweeps_counter_and_the_exact_one_agree(capsys):
    """odds sweep --exact-count: the exact counter's gain a round inside the sweep's 95% interval;
    the JSON keeps every sweep key and adds exact_count; a wager with no deal law is refused."""
    import json
    from odds.apps.cli import main
    args = ["sweep", "buster", "--decks", "6", "--rule", "H17", "--paytable", "C", "--shoes", "2000", "--no-dask",
            "--exact-count", "--format", "json"]
    assert main(args) == 0
    doc = json.loads(capsys.readouterr().out)
    low, high = doc["counter"]["gain_per_round_ci95"]
    exact = doc["exact_count"]
    assert low <= exact["counter"]["gain_per_round_float"] <= high  # rounds as played: a model of where they start
    assert Fraction(exact["full_shoe_check"]) == Fraction(doc["full_shoe"]["return"])
    assert sum(map(Fraction, exact["round_starts"]["weights"])) == 1 and exact["round_starts"]["depths"][0] == 0
    assert main(args + ["--round-cards", "16"]) == 0  # rounds where the model puts them: the same conditions
    doc = json.loads(capsys.readouterr().out)
    low, high = doc["counter"]["gain_per_round_ci95"]
    exact = doc["exact_count"]
    assert low <= exact["counter"]["gain_per_round_float"] <= high
    assert exact["round_starts"]["depths"] == list(range(0, 234, 16)) and doc["rounds"] == 2000 * 15
    assert main(["sweep", "streak", "--decks", "6", "--paytable", "A", "--shoes", "2", "--no-dask",
                 "--exact-count"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not a sum over the deals that settle it" in err[0]


def test_sweep_all_ranks_by_the_exact_gain_where_every_wager_has_one(capsys):
    import json
    from odds.apps.cli import main
    base = ["sweep-all", "--decks", "6", "--shoes", "5", "--no-dask", "--exact-count", "--format", "json"]
    assert main(base + ["--only", "super-sevens,21+3,buster"]) == 0
    doc = json.loads(capsys.readouterr().out)
    gains = [row["exact_counter_gain_per_round"] for row in doc["ranking"]]
    assert gains == sorted(gains, reverse=True) and "computed exactly" in doc["method"]
    row = next(r for r in doc["ranking"] if r["wager"] == "21+3")
    assert main(["sweep", "21+3", "--decks", "6", "--rule", "H17", "--paytable", row["paytable"], "--shoes", "5",
                 "--no-dask", "--exact-count", "--format", "json"]) == 0
    alone = json.loads(capsys.readouterr().out)["exact_count"]["counter"]["gain_per_round_float"]
    assert alone == row["exact_counter_gain_per_round"]  # the same figure as odds sweep --exact-count gives
    from odds.apps.sweep_summary import Conditions, run_summary, summary_json
    summary = run_summary(Conditions(shoes=5, only=("super-sevens", "bust-it"), exact_count=True))
    assert summary.ranked_exactly
    summary.exact["bust-it"] = None  # as for a wager settled on whole rounds (streak): no exact count
    doc = summary_json(summary)
    assert "computed exactly" not in doc["method"]
    assert {row["wager"]: row["exact_counter_gain_per_round"] is None for row in doc["ranking"]} == \
        {"super-sevens": False, "bust-it": True}


def test_the_exact_figures_are_checked_against_the_full_shoe():
    """exact_counting refuses figures that do not average to the full shoe's value (a bug of ours)."""
    import dataclasses
    from odds.apps.sweep import SweepSpec, make_plan
    from odds.apps.sweep_exact import exact_counting
    from odds.core.errors import InternalError
    spec = SweepSpec("buster", "C", 1, "H17", penetration=Fraction(1, 2))
    plan = make_plan(spec)
    assert exact_counting(spec, plan).check == plan.full_return
    with pytest.raises(InternalError, match="do not average to the full shoe"):
        exact_counting(spec, dataclasses.replace(plan, full_return=plan.full_return + Fraction(1, 10 ** 9)))


def test_the_exact_counts_json_keys_are_the_documented_ones(capsys):
    """docs/json.md lists exact_count's keys: the command prints those and no others."""
    import json
    from pathlib import Path
    from odds.apps.cli import main
    assert main(["sweep", "super-sevens", "--decks", "6", "--paytable", "A", "--shoes", "3", "--no-dask",
                 "--exact-count", "--format", "json"]) == 0
    exact = json.loads(capsys.readouterr().out)["exact_count"]
    docs = (Path(__file__).resolve().parent.parent / "docs" / "json.md").read_text()
    assert set(exact) == {"method", "round_starts", "counter", "best_count", "index", "full_shoe_check"}
    assert set(exact["round_starts"]) == {"model", "mean_cards", "mean_cards_float", "depths", "weights"}
    assert set(exact["counter"]) == {"fraction_bet", "fraction_bet_float", "gain_per_round", "gain_per_round_float",
                                     "gain_per_round_bet", "gain_per_round_bet_float"}
    for key in list(exact) + list(exact["round_starts"]) + list(exact["counter"]) + list(exact["index"][0]):
        assert f'"{key}"' in docs, key
