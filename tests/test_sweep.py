"""Shoe-state sweeps (odds sweep): the fast returns against the exact engines on depleted shoes,
the effects of removal, the deal, reproducible seeds, the same numbers on a two-worker Dask
cluster as in one process, plots and bad input."""
import dataclasses
import itertools
import json
import random
import subprocess
import sys
import unittest.mock
from fractions import Fraction

import numpy
import pytest
from hypothesis import assume, given, settings

from test_first_cards import small_suited_shoes
from odds import DealerRules, Shoe, dealer_table
from odds.core.cards import RANKS, SUITS
from odds.apps.cli import main
from odds.engine.first_cards import count_first_cards
from odds.wagers.paytables import builtin_paytables
from odds.wagers.shoe_returns import shoe_return, swept_wagers
from odds.reference.dealt import twenty_one_plus_three_hands
from odds.apps.sweep import (SweepError, SweepSpec, make_plan, play_round, run_chunk, run_sweep, shoe_seed, unfix,
                        ChunkTask, Tally)
from odds.apps import sweep_checkpoint
from odds.apps.sweep_checkpoint import CheckpointError
from odds.apps.sweep_report import sweep_json, write_plots
from odds.wagers import get_wager
from odds.wagers import card_combinations, super_match
from odds.wagers.dealer_bust import ez_bust_probability
from odds.wagers.dealer_bust import bust_it_combinations
from odds.wagers.sevens import parse_meters, pays_at_meters
from odds.pricing.first_cards_closed import CLOSED_FORMS, COMPILED, compiled_terms, count_match_the_dealer, flat_counts
from odds.core.errors import EngineError, ShoeError
from odds.engine.kernels import closed_counts

H17, S17 = DealerRules.parse("H17"), DealerRules.parse("S17")
PAYTABLES = {"buster": "C", "ez-bust": "PA", "21+3": "C", "royal-match-21": "A", "match-the-dealer": "A",
             "twenty-point-bonus": "A", "kings-bounty": "A", "bust-it": "NY", "bet-the-set-21": "A",
             "house-money": "A", "in-between": "A", "super-sevens": "B", "progressive-super-sevens": "A",
             "blazing-7s": "A-q5", "progressive-blackjack": "USD1", "streak": "A", "burnout-bonus": "BONUS",
             "super-match": "1"}
ROUND_LAW = ("streak", "burnout-bonus")  # settled on the player's play: the round's outcome law, seconds a shoe
SHOE_DECIDED = tuple(w for w in swept_wagers() if w not in ROUND_LAW)
METERS = {"progressive-super-sevens": "jackpot=2000", "blazing-7s": "jackpot=2000",
          "progressive-blackjack": "jackpot=50000"}  # the progressives' meters, held through a sweep
CARDS = [r + s for r in RANKS for s in SUITS]
GAMES = {**card_combinations.GAMES, "super-match": super_match.GAME}  # those with closed forms among them


def depleted(decks, removed, seed):
    rng = random.Random(seed)
    pool = CARDS * decks
    rng.shuffle(pool)
    return Shoe.decks(decks).remove(pool[:removed])


DEPLETED = [depleted(1, 0, 0), depleted(1, 30, 1), depleted(1, 39, 2), depleted(2, 70, 3),
            depleted(6, 120, 4), depleted(6, 234, 5), depleted(8, 300, 6)]


def pays(wager, table=None):
    pt = builtin_paytables(wager).tables[table or PAYTABLES[wager]]
    return pays_at_meters(wager, pt, parse_meters(METERS[wager])) if wager in METERS else pt.pays


def spec_of(wager, decks, rule, **kw):
    """A sweep of the wager at its paytable (and meters)."""
    return SweepSpec(wager, PAYTABLES[wager], decks, rule, pays=tuple(sorted(pays(wager).items())), **kw)


def library_return(wager, shoe, rules, table=None):
    """The return from the existing exact code: the par sheet (EZ Bust: its bust probability)."""
    if wager == "ez-bust":
        return 2 * ez_bust_probability(shoe, rules) - 1
    pt = builtin_paytables(wager).tables[table or PAYTABLES[wager]]
    options = {"meters": METERS[wager]} if wager in METERS else {}
    return get_wager(wager).par_sheet(shoe, rules, pt, 6, **options).expected_return


# ------------------------------------------------------------------- the closed forms and twins

@pytest.mark.parametrize("wager", sorted(CLOSED_FORMS))
@pytest.mark.parametrize("shoe", DEPLETED, ids=lambda s: f"{s.total}cards")
def test_closed_forms_equal_the_first_cards_engine_on_depleted_shoes(wager, shoe):
    assert CLOSED_FORMS[wager](flat_counts(shoe)) == count_first_cards(GAMES[wager], shoe)


@pytest.mark.parametrize("wager", sorted(CLOSED_FORMS))
@settings(max_examples=25, deadline=None)
@given(shoe=small_suited_shoes())
def test_closed_forms_equal_the_first_cards_engine_on_small_shoes(wager, shoe):
    assume(shoe.total >= GAMES[wager].k)
    assert CLOSED_FORMS[wager](flat_counts(shoe)) == count_first_cards(GAMES[wager], shoe)


def python_terms(wager, shoe):
    """The compiled forms' check: the Python closed forms, the weighted count of match the dealer,
    and Bust It's count from its par sheet."""
    if wager == "bust-it":
        ways, cycle = bust_it_combinations(shoe)
        return {k: v for k, v in ways.items() if v} | ({"lose": cycle - sum(ways.values())}
                                                       if cycle > sum(ways.values()) else {}), cycle
    if wager == "match-the-dealer":
        ways, cycle = count_match_the_dealer(flat_counts(shoe))
        return {k: v for k, v in ways.items() if v}, cycle
    return CLOSED_FORMS[wager](flat_counts(shoe))


@pytest.mark.parametrize("wager", sorted(COMPILED))
@pytest.mark.parametrize("shoe", DEPLETED, ids=lambda s: f"{s.total}cards")
def test_compiled_closed_forms_equal_the_python_forms(wager, shoe):
    assert compiled_terms(wager, flat_counts(shoe)) == python_terms(wager, shoe)


@pytest.mark.parametrize("wager", sorted(COMPILED))
@settings(max_examples=25, deadline=None)
@given(shoe=small_suited_shoes())
def test_compiled_closed_forms_equal_the_python_forms_on_small_shoes(wager, shoe):
    assume(shoe.total >= closed_counts.NEEDS[closed_counts.FORMS.index(wager)])
    assert compiled_terms(wager, flat_counts(shoe)) == python_terms(wager, shoe)


def test_compiled_closed_forms_at_a_thousand_decks():
    """The largest shoe a count may hold: the 128-bit terms against Python's integers."""
    counts = [1000] * 52
    counts[0] -= 3
    shoe = Shoe.from_flat_counts(counts)
    for wager in COMPILED:
        assert compiled_terms(wager, counts) == python_terms(wager, shoe)


@pytest.mark.parametrize("counts,error,message", [
    ([1] * 51, ShoeError, "not 51"), ([1.0] * 52, ShoeError, "whole number"), ([-1] + [1] * 51, ShoeError, "negative"),
    ([1001] * 52, ShoeError, "at most 1,000 of each card"), ([10 ** 40] + [0] * 51, ShoeError, "at most 1,000"),
    (None, ShoeError, "not NoneType"), ([0] * 50 + [1, 1], EngineError, "needs 3 cards; the shoe holds 2")])
def test_compiled_closed_forms_refuse_bad_counts(counts, error, message):
    with pytest.raises(error, match=message):
        closed_counts.closed_terms(closed_counts.FORMS.index("bust-it"), counts)


@pytest.mark.parametrize("wager", SHOE_DECIDED)
@pytest.mark.parametrize("rules", [H17, S17], ids=["H17", "S17"])
def test_exact_return_equals_the_library_and_fast_agrees(wager, rules):
    ev = shoe_return(wager, pays(wager), rules)
    for shoe in DEPLETED:
        counts = flat_counts(shoe)
        exact, offered = ev.exact(counts)
        assert exact == library_return(wager, shoe, rules)
        fast, fast_offered = ev.fast(counts)
        assert abs(fast - float(exact)) < 1e-12 and abs(fast_offered - float(offered)) < 1e-15
        if wager == "ez-bust":
            by_value = shoe.by_value()
            assert offered == Fraction(sum(by_value[1:6]), shoe.total)
        else:
            assert offered == 1


@pytest.mark.parametrize("wager,table", [("buster", "F"), ("21+3", "D-pair"), ("twenty-point-bonus", "B")])
def test_other_paytables_and_fractional_pays(wager, table):
    ev = shoe_return(wager, pays(wager, table), H17)
    for shoe in DEPLETED[1::2]:
        assert ev.exact(flat_counts(shoe))[0] == library_return(wager, shoe, H17, table)


def test_ez_bust_never_offered():
    shoe = Shoe.from_rank_counts({"A": 4, "T": 8, "7": 4})
    ev = shoe_return("ez-bust", pays("ez-bust"), H17)
    counts = [n for row in shoe.counts for n in row]
    assert ev.exact(counts) == (0, 0) and ev.fast(counts) == (0.0, 0.0)


# --------------------------------------------------------------------------- effects of removal

@pytest.mark.parametrize("wager", SHOE_DECIDED)
def test_effects_of_removal_sum_to_zero_over_the_shoe(wager):
    """Removing a random unseen card leaves the law of the cards dealt after it unchanged, so the
    EoRs of a wager whose return is an expectation over the dealt cards add up to exactly 0 over
    the shoe. EZ Bust's return is conditional on the wager being offered: there the identity
    holds for the value per round, offered chance times return."""
    spec = spec_of(wager, 2, "H17")
    plan = make_plan(spec)
    if wager != "ez-bust":
        assert plan.eor_sum == 0
        return
    ev = shoe_return(wager, pays(wager), H17)
    full = [2] * 52
    value = lambda counts: ev.exact(counts)[0] * ev.exact(counts)[1]  # noqa: E731
    base = value(full)
    total = Fraction(0)
    for i in range(52):
        less = list(full)
        less[i] -= 1
        total += 2 * (value(less) - base)
    assert total == 0 and plan.eor_sum != 0


@pytest.mark.parametrize("wager", ROUND_LAW)
def test_wins_in_a_row_return_equals_the_par_sheet_and_fast_agrees(wager):
    """The return of a wager on wins in a row for a shoe as it stands, exact and in floats, against
    its par sheet on the same shoe (the round's chances of a win and a loss from the exact walk),
    at each rule and streak length, and with a dealer blackjack read both ways."""
    from odds.wagers.streaks import WinsInARowReturn
    table = builtin_paytables(wager).tables[PAYTABLES[wager]]
    for shoe, rules, streak, reading in ((DEPLETED[0], S17, 2, "loss"), (DEPLETED[1], H17, 3, "loss"),
                                         (depleted(2, 60, 7), S17, 4, "no-effect")):
        ev = WinsInARowReturn(wager, table.pays, rules, streak=streak, dealer_blackjack=reading)
        counts = flat_counts(shoe)
        exact, offered = ev.exact(counts)
        sheet = get_wager(wager).par_sheet(shoe, rules, table, 6, streak=streak, dealer_blackjack=reading)
        assert exact == sheet.expected_return and offered == 1
        fast, _ = ev.fast(counts)
        assert abs(fast - float(exact)) < 1e-12


def test_a_streak_sweep_takes_the_return_of_each_round():
    """Every round of a short streak sweep, here with a double after a split and a dealer blackjack
    read as neither a win nor a loss, dealt again here: its return is that of the cards left at
    those rules (the float path, which the test above holds to the exact), and the sweep's extremes
    are theirs; its full shoe is the par sheet's at the same rules.
    Its effects of removal: the same for every suit and every ten-valued rank, a small card out good
    for the player and a ten bad. (They need not add up to 0 over the shoe, as a card-decided
    wager's do: the return is not an expectation over the dealt cards, (w / (w + l)) ** k, and the
    player's play changes with the cards left.)"""
    play = (("das", True), ("dealer_blackjack", "no-effect"))
    spec = spec_of("streak", 1, "S17", shoes=1, seed=3, arithmetic="float", game=play)
    result = run_sweep(spec)
    ev = shoe_return("streak", pays("streak"), S17, **dict(play))
    returns = []
    for shoe in range(1):
        cards = list(range(52))
        random.Random(shoe_seed(3, shoe)).shuffle(cards)
        left, pos = [1] * 52, 0
        while pos < spec.cut:
            returns.append(ev.fast(left)[0])
            after = play_round(cards, pos, spec.spots, False, True)
            for c in cards[pos:after]:
                left[c] -= 1
            pos = after
    j = sweep_json(result)
    assert j["rounds"] == len(returns)
    assert j["return"]["min"] == min(returns) and j["return"]["max"] == max(returns)
    sheet = get_wager("streak").par_sheet(Shoe.decks(1), S17, builtin_paytables("streak").tables["A"], 1,
                                          **dict(play))
    assert result.plan.full_return == sheet.expected_return != shoe_return("streak", pays("streak"), S17).exact(
        [1] * 52)[0]  # the rules of play were not left behind
    assert "DAS" in j["method"]
    plan = result.plan
    assert all(len(set(plan.eor_card[4 * r:4 * r + 4])) == 1 for r in range(13))
    assert len(set(plan.eor_rank[9:])) == 1 and plan.eor_rank[4] > 0 > plan.eor_rank[9]


def test_the_main_games_rules_are_for_the_streak_wagers_only():
    """The rules of play reach the Burnout bonus's round law, and its warning says how many hands
    it splits to unless they are Burnout's four; no other wager takes them."""
    from odds.apps.sweep import evaluator
    from odds.apps.sweep_report import warnings
    four = spec_of("burnout-bonus", 6, "H17", game=(("split_hands", 4),))
    assert evaluator(four).game.split_hands == 4 and "split to 4 hands" in evaluator(four).method
    assert not any("four hands" in w for w in warnings(four))
    assert any("splits to 2" in w for w in warnings(spec_of("burnout-bonus", 6, "H17")))
    with pytest.raises(SweepError, match="rules of play of the main game are for streak and burnout-bonus"):
        spec_of("buster", 6, "H17", game=(("das", True),))
    with pytest.raises(SweepError, match="no option 'cap'"):
        spec_of("streak", 6, "H17", game=(("cap", "5"),))


def brute_21_plus_3_return(cards, pay):
    """Every three-card combination of physical cards, settled by the simulator's own rules."""
    won = 0
    combos = 0
    for combo in itertools.combinations(cards, 3):
        combos += 1
        hand = next((h for h in twenty_one_plus_three_hands([(c[0], c[1]) for c in combo]) if h in pay), None)
        won += pay[hand] if hand else -1
    return Fraction(won, combos)


def test_21_plus_3_effects_of_removal_by_hand_on_one_deck():
    plan = make_plan(SweepSpec("21+3", "C", 1, "S17"))
    pay = pays("21+3")
    full = brute_21_plus_3_return(CARDS, pay)
    assert plan.full_return == full
    for card in ("AS", "7H", "KD"):
        i = CARDS.index(card)
        assert plan.eor_card[i] == brute_21_plus_3_return(CARDS[:i] + CARDS[i + 1:], pay) - full
    # one deck: every suit of a rank alike; ace, 2 and king stand in two runs, the others in three
    assert all(len(set(plan.eor_card[4 * r:4 * r + 4])) == 1 for r in range(13))
    assert plan.eor_rank[0] == plan.eor_rank[1] == plan.eor_rank[12]
    assert len(set(plan.eor_rank[2:12])) == 1


def test_twenty_point_queen_of_hearts_has_its_own_effect():
    plan = make_plan(SweepSpec("twenty-point-bonus", "A", 6, "S17"))
    q = RANKS.index("Q")
    qh, qs = plan.eor_card[4 * q + SUITS.index("H")], plan.eor_card[4 * q + SUITS.index("S")]
    assert qh < qs < 0  # removing the queen of hearts costs the player the 125 and 1000 pays
    assert plan.eor_rank[q] == (qh + 3 * qs) / 4


def test_count_tags_threshold_and_betting_correlation():
    plan = make_plan(SweepSpec("buster", "C", 6, "H17"))
    biggest = max(abs(e) for e in plan.eor_rank)
    for level, (tags, bc) in plan.levels.items():
        for t, e in zip(tags, plan.eor_rank):
            assert abs(t - level * e / biggest) <= Fraction(1, 2)
        assert -1 <= bc <= 1
    assert plan.level == max(plan.levels, key=lambda k: (plan.levels[k][1], -k))
    # the linear estimate is 0 at the threshold
    assert plan.full_return + plan.slope * plan.threshold == 0
    assert plan.slope == (6 * 52 - 1) * plan.unit / 52 and plan.unit > 0
    fixed = make_plan(SweepSpec("buster", "C", 6, "H17", level=1))
    assert fixed.level == 1 and fixed.tags == plan.levels[1][0]


# -------------------------------------------------------------------------------------- dealing

def test_play_round_by_hand():
    v = lambda *ranks: [RANKS.index(r) * 4 for r in ranks]  # noqa: E731 (spades)
    # one spot: player T 6 against the dealer's 9 (hole 8): the player hits (T), busts; dealer stands 17
    cards = v("T", "9", "6", "8", "T", "2")
    assert play_round(cards, 0, 1, True, True) == 5
    # player T 6 against a 5: stands; dealer 5 T draws 2 -> 17
    cards = v("T", "5", "6", "T", "2", "3")
    assert play_round(cards, 0, 1, True, True) == 5
    # dealer's ace up, ten in the hole, peek: the round ends after the four cards
    cards = v("5", "A", "6", "K", "2")
    assert play_round(cards, 0, 1, True, True) == 4
    # soft 17 for the dealer: H17 draws, S17 stands (player has 20)
    cards = v("T", "A", "K", "6", "3")
    assert play_round(cards, 0, 1, True, True) == 5
    assert play_round(cards, 0, 1, False, True) == 4
    # the shoe runs out during the round
    assert play_round(v("T", "5", "6"), 0, 1, True, True) == 3
    # EZ Bust as played: 8 8 against a 6 (hole T) split once: 8 3 hits T (21), 8 T stands; dealer 16 draws 5
    cards = v("8", "6", "8", "T", "3", "T", "T", "5", "9")
    assert play_round(cards, 0, 1, True, True, split=True) == 8
    assert play_round(cards, 0, 1, True, True) == 5  # without splits: hard 16 stands against a 6, dealer takes 3
    # split aces take one card each; 4 4 is never split
    assert play_round(v("A", "5", "A", "T", "9", "2", "7"), 0, 1, True, True, split=True) == 7
    assert play_round(v("4", "6", "4", "T", "9", "5", "2"), 0, 1, True, True, split=True) == 6


def test_shoe_seeds_are_reproducible_and_independent_of_chunks():
    assert shoe_seed(7, 3) == shoe_seed(7, 3)
    words = numpy.random.SeedSequence(7, spawn_key=(3,)).generate_state(4, dtype=numpy.uint32)
    assert shoe_seed(7, 3) == int.from_bytes(words.tobytes(), "little")
    assert len({shoe_seed(7, i) for i in range(50)} | {shoe_seed(8, 0)}) == 51
    spec = SweepSpec("twenty-point-bonus", "A", 6, "S17", shoes=6, seed=11, chunk=6)
    plan = make_plan(spec)
    task = ChunkTask(spec, plan.tags, plan.threshold)
    whole = run_chunk(task, 0, 6)
    parts = run_chunk(task, 0, 2)
    parts.add(run_chunk(task, 2, 4))
    assert whole == parts


def test_sweep_is_reproducible_and_seed_dependent():
    spec = SweepSpec("21+3", "C", 6, "H17", shoes=12, seed=5, chunk=5)
    a = sweep_json(run_sweep(spec))
    assert a == sweep_json(run_sweep(spec))
    b = sweep_json(run_sweep(SweepSpec("21+3", "C", 6, "H17", shoes=12, seed=6, chunk=5)))
    assert a["return"] != b["return"]
    assert a["rounds"] == sum(d["rounds"] for d in a["by_depth"]) == sum(d["rounds"] for d in a["by_true_count"])
    assert a["rounds"] == sum(n for _, n in a["return"]["histogram"]["bins"])
    assert a["full_shoe"]["return"] == str(make_plan(spec).full_return)


def test_float_and_exact_arithmetic_decide_the_same_rounds():
    spec = SweepSpec("buster", "C", 1, "H17", shoes=30, seed=2, spots=2)
    fast = sweep_json(run_sweep(spec))
    exact = sweep_json(run_sweep(SweepSpec("buster", "C", 1, "H17", shoes=30, seed=2, spots=2, arithmetic="exact")))
    assert fast["arithmetic"] == "float" and exact["arithmetic"] == "exact"
    assert fast["player_edge"] == exact["player_edge"] and fast["counter"]["rounds_bet"] == exact["counter"]["rounds_bet"]
    assert fast["player_edge"]["rounds"] > 0
    assert abs(fast["return"]["mean"] - exact["return"]["mean"]) < 1e-12


# --------------------------------------------------------------------------------------- Dask

def test_local_cluster_of_two_workers_equals_one_process(tmp_path):
    """A LocalCluster started by the sweep (two worker processes) and the same sweep in this
    process give identical JSON; so does the cluster going on from a checkpoint that holds some
    of the chunks, and it keeps the others as they finish."""
    spec = SweepSpec("21+3", "C", 6, "S17", shoes=40, seed=9, chunk=5)
    here = run_sweep(spec)
    assert sweep_json(run_sweep(spec, workers=2)) == sweep_json(here)
    run_sweep(dataclasses.replace(spec, shoes=15, seed=10), checkpoint=tmp_path)  # another sweep: its own folder
    run_sweep(spec, checkpoint=tmp_path)
    folder = next(f for f in tmp_path.iterdir() if len(list(f.glob("shoes-*"))) == 8)
    for name in ("shoes-5-5.json", "shoes-20-5.json", "shoes-35-5.json"):
        (folder / name).unlink()
    resumed = run_sweep(spec, workers=2, checkpoint=tmp_path)
    assert resumed.resumed == 25 and sweep_json(resumed) == sweep_json(here)
    assert len(list(folder.glob("shoes-*.json"))) == 8 and len([f for f in tmp_path.iterdir() if f.is_dir()]) == 2


def test_ctrl_c_stops_a_sweep_on_its_local_cluster_in_one_line(tmp_path, terminal_interrupts):
    """An interrupt sent to the whole process group, as Ctrl-C in a terminal does, while the local
    cluster deals: one line and status 130, no worker's traceback, and the chunks finished by then
    kept in the checkpoint."""
    import os
    import signal
    import time
    command = [sys.executable, "-m", "odds", "sweep", "buster", "--decks", "6", "--paytable", "C", "--shoes",
               "100000", "--chunk", "50", "--workers", "2", "--checkpoint", str(tmp_path / "kept")]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                            start_new_session=True, preexec_fn=terminal_interrupts)
    deadline = time.monotonic() + 120
    while not list(tmp_path.glob("kept/*/shoes-*.json")) and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    lines = err.splitlines()  # the estimate of a long run first, if the first shoe says it is one
    assert proc.returncode == 130 and out == "" and lines[-1:] == ["odds: interrupted"], err
    assert all(line.startswith("odds: this sweep will take about") for line in lines[:-1]), err
    assert list(tmp_path.glob("kept/*/shoes-*.json")) and not list(tmp_path.glob("kept/*/.*.tmp"))


def test_a_sweep_stopped_part_way_goes_on_from_its_checkpoint(tmp_path, monkeypatch, capsys):
    """A sweep whose checkpoint holds some of its chunks deals only the others, and reads the
    exact returns back rather than computing them: its numbers are those of a run from the start.
    A longer run reads a shorter one's chunks. A file that is not a chunk of this sweep is refused
    in one line, naming it; other code keeps its chunks in another folder."""
    import odds.apps.sweep as sweep_module
    spec = SweepSpec("buster", "C", 6, "H17", shoes=7, seed=3, chunk=2)
    whole = run_sweep(spec)
    run_sweep(dataclasses.replace(spec, shoes=4), checkpoint=tmp_path)  # a shorter run of it: the same first shoes
    first = run_sweep(spec, checkpoint=tmp_path)
    assert first.tally == whole.tally and first.resumed == 4
    folder, = (f for f in tmp_path.iterdir() if f.is_dir())
    assert sorted(f.name for f in folder.iterdir()) == [
        "exact-returns.json", "shoes-0-2.json", "shoes-2-2.json", "shoes-4-2.json", "shoes-6-1.json"]
    (folder / "shoes-2-2.json").unlink()
    (folder / "shoes-6-1.json").unlink()  # stopped before these two
    dealt, real = [], sweep_module.run_chunk
    monkeypatch.setattr(sweep_module, "run_chunk", lambda task, a, n: dealt.append((a, n)) or real(task, a, n))
    monkeypatch.setattr(sweep_module, "exact_returns", lambda spec: pytest.fail("computed again"))
    again = run_sweep(spec, checkpoint=tmp_path)
    # the first shoe to deal is dealt alone, timed, and kept with the rest of its chunk
    assert dealt == [(2, 1), (3, 1), (6, 1)] and again.resumed == 4 and "read back" in again.where
    assert sweep_json(again) == sweep_json(whole) and again.plan == whole.plan
    (folder / "shoes-4-2.json").write_text((folder / "shoes-0-2.json").read_text().replace('"shoes": 2', '"shoes": 3'))
    with pytest.raises(CheckpointError, match="shoes-4-2.json was not written by odds"):  # edited by hand
        run_sweep(spec, checkpoint=tmp_path)
    (folder / "shoes-4-2.json").write_text('{"sweep": "another", "data": {}}')
    with pytest.raises(CheckpointError, match="written by another sweep"):
        run_sweep(spec, checkpoint=tmp_path)
    monkeypatch.undo()
    cli = ["sweep", "buster", "--decks", "6", "--paytable", "C", "--shoes", "2", "--no-dask", "--checkpoint"]
    assert main(cli + [str(tmp_path / "cli")]) == 0
    assert main(cli + [str(tmp_path / "cli")]) == 0  # all read back: no speed is claimed for it
    time_line = capsys.readouterr().out.splitlines()[-1]
    assert "2 of the 2 shoes read back" in time_line and "shoe" not in time_line.rpartition(")")[2], time_line
    kept, = (f for f in (tmp_path / "cli").iterdir() if f.is_dir())
    (kept / "exact-returns.json").write_text("{")
    (tmp_path / "a-file").write_text("")
    for where, message in ((tmp_path / "cli", "exact-returns.json cannot be read"),
                           (tmp_path / "a-file", "--checkpoint " + str(tmp_path / "a-file") + ": is a regular file, not a folder")):
        capsys.readouterr()
        assert main(cli + [str(where)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and message in err, err
    # chunks dealt by other code are not read back
    this_code = sweep_checkpoint.Checkpoint(tmp_path, "21+3", "the same", Tally)
    with unittest.mock.patch.object(sweep_checkpoint, "code_hash", lambda root: "another code"):
        assert sweep_checkpoint.Checkpoint(tmp_path, "21+3", "the same", Tally).folder != this_code.folder


def test_scheduler_address_equals_one_process():
    from dask.distributed import LocalCluster
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        for wager, rule in (("buster", "H17"), ("ez-bust", "S17")):
            spec = SweepSpec(wager, PAYTABLES[wager], 6, rule, shoes=16, seed=4, chunk=3)
            on_cluster = run_sweep(spec, scheduler=cluster.scheduler_address)
            assert on_cluster.where.startswith("Dask scheduler")
            assert sweep_json(on_cluster) == sweep_json(run_sweep(spec))


# ----------------------------------------------------------------------------- output and input

JSON_KEYS = {"wager", "paytable", "decks", "rule", "peek", "shoes", "penetration", "cut_card", "spots", "seed",
             "chunk", "arithmetic", "method", "rounds", "rounds_per_shoe", "full_shoe", "return", "player_edge",
             "by_depth", "effects_of_removal", "count", "counter", "perfect", "best_threshold_in_sample",
             "by_true_count", "assumptions", "warnings"}


def run(*args, cwd):
    return subprocess.run([sys.executable, "-m", "odds", *args], capture_output=True, text=True, cwd=cwd)


def test_cli_json_contract_and_plots(tmp_path):
    args = ("sweep", "ez-bust", "--decks", "6", "--rule", "H17", "--shoes", "5", "--seed", "1", "--no-dask",
            "--format", "json", "--plots", str(tmp_path / "p"))
    out = run(*args, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert set(doc) == JSON_KEYS
    assert doc["paytable"] == "PA" and doc["arithmetic"] == "float" and doc["warnings"]
    assert set(doc["count"]) >= {"level", "tags", "betting_correlation", "threshold", "threshold_method"}
    assert set(doc["counter"]) == {"rounds_bet", "fraction_bet", "wagers_placed", "gain_per_round",
                                   "gain_per_round_bet", "gain_per_wager", "gain_per_round_ci95"}
    assert list(doc["effects_of_removal"]["by_rank"]) == list(RANKS)
    assert len(doc["effects_of_removal"]["by_card"]) == 52
    names = sorted(p.name for p in (tmp_path / "p").iterdir())
    assert names == ["ez-bust-count.png", "ez-bust-depth.png", "ez-bust-eor.png", "ez-bust-return.png"]
    before = {n: (tmp_path / "p" / n).read_bytes() for n in names}
    result = run_sweep(SweepSpec("ez-bust", "PA", 6, "H17", shoes=5, seed=1))
    write_plots(result, tmp_path / "p")
    assert {n: (tmp_path / "p" / n).read_bytes() for n in names} == before
    text = run("sweep", "21+3", "--decks", "6", "--paytable", "C", "--shoes", "3", "--no-dask", cwd=tmp_path)
    assert text.returncode == 0 and "player edge" in text.stdout and "arithmetic: exact" in text.stdout


@pytest.mark.parametrize("args,message", [
    (("streak", "--decks", "6", "--streak", "6"), "invalid choice"),
    (("buster", "--decks", "6", "--paytable", "C", "--streak", "3"), "--streak does not apply to buster"),
    (("buster", "--decks", "6", "--paytable", "C", "--split-hands", "4"), "--split-hands does not apply to buster"),
    (("streak", "--decks", "6", "--split-hands", "5"), "invalid choice"),
    (("blazing-7s", "--decks", "6", "--paytable", "A"), "give --meter jackpot=VALUE"),
    (("21+3", "--decks", "6", "--paytable", "C", "--meter", "jackpot=5"), "has no meter"),
    (("nonesuch", "--decks", "6"), "unknown wager"),
    (("21+3", "--decks", "6"), "choose one with --paytable"),
    (("21+3", "--decks", "6", "--paytable", "C", "--penetration", "0"), "penetration must be"),
    (("21+3", "--decks", "6", "--paytable", "C", "--penetration", "1.5"), "penetration must be"),
    (("21+3", "--decks", "6", "--paytable", "C", "--penetration", "abc"), "cannot read the penetration"),
    (("21+3", "--decks", "1", "--paytable", "C", "--penetration", "80%"), "behind the cut"),
    (("21+3", "--decks", "6", "--paytable", "C", "--spots", "8"), "spots must be at most 7"),
    (("21+3", "--decks", "6", "--paytable", "C", "--shoes", "0"), "shoes"),
    (("21+3", "--decks", "0", "--paytable", "C"), "decks"),
    (("buster", "--decks", "6", "--paytable", "C", "--rule", "X17"), "unknown dealer rule"),
    (("buster", "--decks", "2", "--paytable", "C"), "not 2"),
    (("buster", "--decks", "6", "--paytable", "C", "--scheduler", "nowhere"), "cannot reach the Dask scheduler"),
    (("buster", "--decks", "6", "--paytable", "C", "--scheduler", "tcp://x:1", "--no-dask"), "do not go together"),
])
def test_bad_input_is_one_line_and_status_2(args, message, capsys):
    assert main(["sweep", *args, "--no-dask" if "--scheduler" not in args else "--seed=0"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.count("\n") == 1 and out.err.startswith("odds: ")
    assert message in out.err, out.err


def test_library_errors():
    with pytest.raises(SweepError):
        SweepSpec("buster", "C", 6, "H17", arithmetic="decimal")
    with pytest.raises(SweepError):
        SweepSpec("buster", "C", 6, "H17", level=4)
    with pytest.raises(SweepError):
        SweepSpec("buster", "Z", 6, "H17").pay_table
    with pytest.raises(SweepError):
        run_sweep(SweepSpec("buster", "C", 6, "H17", shoes=1), workers=-1)


# ------------------------------------------------------------------------- every wager, ranked

def test_sweep_all_ranks_by_the_counters_gain_and_is_the_same_on_dask(capsys, tmp_path):
    from odds.apps.sweep_summary import Conditions, run_summary
    args = ["sweep-all", "--only", "21+3,bust-it,super-sevens", "--shoes", "6", "--format", "json"]
    assert main(args + ["--no-dask", "--plots", str(tmp_path)]) == 0
    here = json.loads(capsys.readouterr().out)
    gains = [row["counter_gain_per_round"] for row in here["ranking"]]
    assert gains == sorted(gains, reverse=True) and {row["wager"] for row in here["ranking"]} == {
        "21+3", "bust-it", "super-sevens"}
    assert here["conditions"] == {"decks": 6, "rule": "H17", "penetration": "3/4", "spots": 5, "shoes": 6, "seed": 0,
                                  "chunk": 100, "round_shoes": 10, "exact_count": False}
    assert here["not_swept"] == [] and (tmp_path / "sweep-all-gain.png").is_file()
    # each row is that wager's own sweep
    one = json.loads(json.dumps(sweep_json(run_sweep(spec_of("bust-it", 6, "H17", shoes=6)))))
    row = next(r for r in here["ranking"] if r["wager"] == "bust-it")
    assert row["counter_gain_per_round"] == one["counter"]["gain_per_round"] and row["rounds"] == one["rounds"]
    assert main(args + ["--workers", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == here
    # the estimate of a larger study scales with the shoes and the cores
    s = run_summary(Conditions(shoes=3, only=("21+3",)))
    small, large = s.estimate(shoes=10), s.estimate(shoes=1000, cores=4, nodes=10, cores_per_node=5)
    assert large["cpu_seconds"] == pytest.approx(100 * small["cpu_seconds"]) and small["cpu_seconds"] > 0
    assert large["here"]["seconds"] == pytest.approx(large["cpu_seconds"] / 4)
    assert large["cluster"]["seconds"] == pytest.approx(large["cpu_seconds"] / 50)
    # kept in a checkpoint and read back: the same rows, and the estimate from the kept processor time
    kept = run_summary(Conditions(shoes=3, only=("21+3", "bust-it")), checkpoint=tmp_path / "kept")
    again = run_summary(Conditions(shoes=3, only=("21+3", "bust-it")), checkpoint=tmp_path / "kept")
    assert again.rows() == kept.rows() and again.estimate() == kept.estimate()
    assert "6 of the 6 shoes read back" in again.where and "read back" not in kept.where


def test_sweep_all_passes_over_a_table_printed_with_a_player_edge():
    from odds.apps.sweep_summary import Conditions
    chosen = {spec.wager: spec.paytable for spec in Conditions(only=("blazing-7s", "in-between")).specs()}
    assert chosen == {"blazing-7s": "A-one-7-2", "in-between": "B"}  # A pays one 7 25 to 1; in-between A returns +1.85%


@pytest.mark.parametrize("args,message", [
    (["--only", "no-such-wager"], "sweep computes"), (["--only", "buster", "--penetration", "2"], "penetration"),
    (["--only", "buster", "--no-dask", "--scheduler", "tcp://x:1"], "do not go together")])
def test_sweep_all_bad_input_is_one_line(args, message, capsys):
    assert main(["sweep-all", "--shoes", "2", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_the_twenty_point_bonus_is_swept_under_its_payout_limit(capsys):
    """(k)(6)-(7) as the par sheet applies it, every spot betting: the full shoe's return is the capped
    par sheet's, and the sheet's bands are still drawn (its capped pay has many digits)."""
    table = builtin_paytables("twenty-point-bonus").tables["A"]
    assert main(["sweep", "twenty-point-bonus", "--decks", "6", "--paytable", "A", "--cap", "1000", "--spots", "5",
                 "--shoes", "3", "--no-dask", "--format", "json"]) == 0
    j = json.loads(capsys.readouterr().out)
    sheet = get_wager("twenty-point-bonus").par_sheet(Shoe.decks(6), H17, table, 6, cap="1000", spots=5)
    assert Fraction(j["full_shoe"]["return"]) == sheet.expected_return != library_return("twenty-point-bonus",
                                                                                         Shoe.decks(6), H17)
    assert any("payout limit" in a and "5 spot(s)" in a for a in j["assumptions"])
    assert main(["wager", "twenty-point-bonus", "--decks", "6", "--paytable", "A", "--cap", "1000", "--spots", "5"]) == 0
    assert "(distribution)" in capsys.readouterr().out
    assert main(["sweep", "buster", "--decks", "6", "--paytable", "C", "--cap", "10", "--shoes", "2", "--no-dask"]) == 2
    assert "takes no option cap" in capsys.readouterr().err


@pytest.mark.parametrize("visible", ["own", "table"])
def test_ez_bust_as_played_is_each_spots_exact_return_for_the_cards_it_sees(visible):
    """633b.16(c): the wager placed after the up card. The sweep's figures against the same shoes
    dealt here, each spot's return from the exact dealer for the cards it does not see."""
    from odds.apps.sweep import SPLIT, VALUE, ChunkTask, shoe_seed
    from odds.core.cards import value_label
    spots, shoes = 2, 4
    spec = SweepSpec("ez-bust", "PA", 1, "H17", shoes=shoes, spots=spots, visible=visible)
    plan = make_plan(spec)
    t = run_chunk(ChunkTask(spec, plan.tags, plan.threshold), 0, shoes)
    offered = bets = split_offered = split_bets = 0
    value = split_value = Fraction(0)
    for shoe in range(shoes):
        cards = list(range(52))
        random.Random(shoe_seed(0, shoe)).shuffle(cards)
        left, pos = [1] * 52, 0
        while pos < spec.cut:
            up = VALUE[cards[pos + spots]] if pos + 2 * spots + 2 <= 52 else 0
            if 2 <= up <= 6:
                first, second = cards[pos:pos + spots], cards[pos + spots + 1:pos + 2 * spots + 1]
                for s in range(spots):
                    unseen = list(left)
                    for c in (first + second if visible == "table" else [first[s], second[s]]):
                        unseen[c] -= 1
                    row = dealer_table(Shoe.from_flat_counts(unseen), H17).by_upcard[value_label(up)]
                    r = 2 * row.probability("bust") - 1
                    offered += 1
                    if r > 0:
                        bets, value = bets + 1, value + r
                    if VALUE[first[s]] == VALUE[second[s]] and up in SPLIT.get(VALUE[first[s]], ()):
                        split_offered += 1  # (c)(2): one more wager at the split, on the same cards
                        if r > 0:
                            split_bets, split_value = split_bets + 1, split_value + r
            after = play_round(cards, pos, spots, True, True, split=True)
            for c in cards[pos:after]:
                left[c] -= 1
            pos = after
    assert (t.played_spots, t.played_bets) == (offered, bets) and offered > 0
    assert abs(unfix(t.played_v) - float(value)) < 1e-9
    assert (t.played_splits, t.played_split_bets) == (split_offered, split_bets) and split_offered > 0
    assert abs(unfix(t.played_split_v) - float(split_value)) < 1e-9
    j = sweep_json(run_sweep(spec))
    assert j["as_played"]["visible"] == visible and j["as_played"]["bets"] == bets and j["warnings"] == []
