"""The exact outcome distribution of a round (:mod:`odds.engine.outcomes`): it sums to 1, its mean is the
engine's round value, it equals a brute force over explicit deals (:mod:`odds.reference.outcomes`)
on small shoes, and a hand-counted shoe pins it. Every comparison is exact (``==`` on Fractions).
"""
from fractions import Fraction

import pytest

from odds import DealerRules, EngineError, Shoe
from odds.core.game_rules import GameRules
from odds.engine.outcomes import LOSS, NEITHER, WIN, outcome_distribution, round_outcomes
from odds.engine.player import PlayerEngine
from odds.reference import outcomes as reference

S17, H17 = DealerRules.parse("S17"), DealerRules.parse("H17")
S17_NO_PEEK, H17_NO_PEEK = DealerRules.parse("S17", peek=False), DealerRules.parse("H17", peek=False)

# By value: aces, twos, ..., nines, ten-values (shoes that never run out).
from test_player_bruteforce import RESPLIT_SHOES, SHOES  # noqa: E402
RULES = {
    "S17 basic": GameRules(decks=1, dealer=S17),
    "H17 DAS LS HSA": GameRules(decks=1, dealer=H17, das=True, surrender=True, hit_split_aces=True),
    "S17 D10-11 DAS 6:5": GameRules(decks=1, dealer=S17, double="10-11", das=True, blackjack_pays=Fraction(6, 5)),
    "H17 no split D9-11 LS": GameRules(decks=1, dealer=H17, split_hands=1, double="9-11", surrender=True),
    "S17 no hole card DAS": GameRules(decks=1, dealer=S17_NO_PEEK, das=True),
    "H17 no hole card HSA 6:5": GameRules(decks=1, dealer=H17_NO_PEEK, hit_split_aces=True,
                                          blackjack_pays=Fraction(6, 5)),
    "S17 no hole card OBO DAS": GameRules(decks=1, dealer=S17_NO_PEEK, das=True, original_bets_only=True),
}
RESPLIT_RULES = {
    "S17 DAS to 4": GameRules(decks=1, dealer=S17, das=True, split_hands=4),
    "H17 LS to 3 RSA HSA": GameRules(decks=1, dealer=H17, split_hands=3, resplit_aces=True,
                                     hit_split_aces=True, surrender=True),
    "S17 DAS to 4 RSA no hole card": GameRules(decks=1, dealer=S17_NO_PEEK, das=True, split_hands=4,
                                               resplit_aces=True),
}
# Four cards of a pair value other than aces (aces split once), so that rounds of four hands
# happen: the rules of play of the streak and Burnout bonus wagers, on shoes small enough for the
# brute force (seconds each).
FOUR_SHOES = {
    "A2 54 84 T9 (19)": (2, 0, 0, 0, 4, 0, 0, 4, 0, 9),
    "A2 64 94 T8 (18)": (2, 0, 0, 0, 0, 4, 0, 0, 4, 8),
    "A 84 92 T10 (17)": (1, 0, 0, 0, 0, 0, 0, 4, 2, 10),
}
FOUR_RULES = {
    f"{rule} {'DAS' if das else 'no DAS'} to {hands}": GameRules(decks=1, dealer=DealerRules.parse(rule), das=das,
                                                               split_hands=hands)
    for rule in ("S17", "H17") for das in (True, False) for hands in (3, 4)
}


def shoe(counts):
    return Shoe.from_value_counts(counts)


def check_against_engine(rules, counts=None):
    engine = PlayerEngine(rules, shoe(counts) if counts else None, exact=True)
    out = round_outcomes(engine)
    assert all(isinstance(p, Fraction) and p > 0 for p in out.joint.values())
    assert sum(out.joint.values()) == 1
    assert sum(out.streak().values()) == 1
    assert out.mean() == engine.round_value()[0]
    assert sum(net * p for net, p in out.results().items()) == out.mean()
    return out


def grid(shoes, rules):
    return [pytest.param(counts, r, id=f"{shoe_name}-{rule_name}")
            for shoe_name, counts in shoes.items() for rule_name, r in rules.items()]


@pytest.mark.parametrize("counts, rules", grid(SHOES, RULES) + grid(RESPLIT_SHOES, RESPLIT_RULES)
                         + grid(FOUR_SHOES, FOUR_RULES))
def test_equals_brute_force(counts, rules):
    out = check_against_engine(rules, counts)
    assert out.joint == reference.outcome_distribution(rules, counts)


@pytest.mark.parametrize("counts", list(FOUR_SHOES.values()), ids=list(FOUR_SHOES))
def test_four_hands_happen(counts):
    # Control: on these shoes a round splits to four hands, and that changes the law.
    to3, to4 = (round_outcomes(PlayerEngine(GameRules(decks=1, dealer=S17, das=True, split_hands=hands), shoe(counts)))
                for hands in (3, 4))
    assert to3.joint != to4.joint


@pytest.mark.parametrize("rules", [FOUR_RULES["H17 DAS to 4"], RESPLIT_RULES["S17 DAS to 4 RSA no hole card"],
                                   RULES["S17 no hole card OBO DAS"]], ids=["H17 DAS to 4", "to 4 RSA no hole card",
                                                                             "no hole card OBO"])
@pytest.mark.parametrize("exact", [True, False], ids=["exact", "float"])
@pytest.mark.parametrize("narrow", [True, False], ids=["by halves", "in 128 bits"])
def test_compiled_walk_equals_python_walk(rules, exact, narrow, monkeypatch):
    # The split kernel (odds.engine.split_kernel) against the plain Python walk of the same method;
    # the kernel's exact sums by halves of residues in 64 bits (the leaves' counts allow it on
    # these shoes) and, forced, in 128 bits.
    from odds.engine import outcomes
    for kernel in (outcomes._split_kernel(rules.dealer.hits_soft_17, k) for k in range(2)):
        monkeypatch.setattr(kernel, "narrow_bits", 64 - 31 if narrow else 0)
    for counts in (FOUR_SHOES["A2 54 84 T9 (19)"], RESPLIT_SHOES["A4 83 92 T10 (19)"]):
        compiled = round_outcomes(PlayerEngine(rules, shoe(counts), exact=exact)).joint
        python = round_outcomes(PlayerEngine(rules, shoe(counts), exact=exact), compiled=False).joint
        assert set(compiled) == set(python)
        if exact:
            assert compiled == python
        else:
            assert all(abs(compiled[k] - python[k]) < 1e-12 for k in compiled)


@pytest.mark.parametrize("rules", [RULES["S17 no hole card OBO DAS"], FOUR_RULES["H17 DAS to 4"]],
                         ids=["no hole card OBO", "H17 DAS to 4"])
@pytest.mark.parametrize("exact", [True, False], ids=["exact", "float"])
def test_kernel_decisions_equal_the_python_engines(rules, exact):
    # The walk takes the player's decisions from the compiled player kernel where it plays the
    # rules; from the Python engine (compiled=False) it must find the same law.
    counts = FOUR_SHOES["A2 54 84 T9 (19)"]
    engine = PlayerEngine(rules, shoe(counts), exact=exact)
    assert engine.kernel() is not None
    compiled = round_outcomes(engine).joint
    python = round_outcomes(PlayerEngine(rules, shoe(counts), exact=exact, compiled=False)).joint
    assert set(compiled) == set(python)
    if exact:
        assert compiled == python
    else:
        assert all(abs(compiled[k] - python[k]) < 1e-12 for k in compiled)


def test_split_rounds_are_counted_by_hands():
    # Control: on this shoe split rounds happen, with doubles, and some end with one hand won and
    # one lost (net 0 or +-1 yet "neither"), so the streak class is not the sign of the net.
    counts = SHOES["A2 22 52 82 T6 (14)"]
    out = check_against_engine(RULES["H17 DAS LS HSA"], counts)
    assert any(abs(net) == 3 for net, _ in out.joint)  # a double and a plain hand, both won or lost
    assert any(net != 0 and kind == NEITHER for net, kind in out.joint)


@pytest.mark.slow  # about 35 s each
@pytest.mark.parametrize("rules", [
    GameRules(decks=1, dealer=S17, das=True),
    GameRules(decks=1, dealer=H17, surrender=True, split_hands=1),
    GameRules(decks=1, dealer=H17_NO_PEEK, das=True, hit_split_aces=True),
    GameRules(decks=1, dealer=S17_NO_PEEK, original_bets_only=True),
], ids=["S17 DAS", "H17 LS no split", "H17 no hole card", "S17 no hole card OBO"])
def test_one_deck(rules):
    check_against_engine(rules)


def test_one_ace_sixteen_tens():
    # Shoe: one ace, sixteen tens, S17, peek, split to 2 hands. The ace is equally likely to be
    # any of the 17 cards:
    # - one of the player's two cards (2/17): a blackjack against T-T, +3/2, a win;
    # - the up card or the hole card (2/17): a dealer blackjack, -1, a loss;
    # - not dealt (13/17): T-T against a ten up, the hole a ten (the dealer has peeked), 13 cards
    #   left holding the ace. Standing pushes (0); hitting wins only with the ace (1/13); splitting
    #   wins one hand when one of the two second cards is the ace (2/13), else both hands hold 20
    #   and push: split, worth +2/13. The round is +1 (a win, one hand won, none lost) with chance
    #   13/17 * 2/13 = 2/17, and 0 (neither) with chance 13/17 * 11/13 = 11/17.
    rules = GameRules(decks=1, dealer=S17)
    counts = (1, 0, 0, 0, 0, 0, 0, 0, 0, 16)
    out = check_against_engine(rules, counts)
    f = Fraction
    assert out.joint == {(f(-1), LOSS): f(2, 17), (f(0), NEITHER): f(11, 17), (f(1), WIN): f(2, 17),
                         (f(3, 2), WIN): f(2, 17)}
    assert out.streak() == {WIN: f(4, 17), LOSS: f(2, 17), NEITHER: f(11, 17)}
    assert out.mean() == f(3, 17)
    # With no splitting T-T stands and pushes: the 13/17 is all "neither", the mean 1/17.
    no_split = check_against_engine(GameRules(decks=1, dealer=S17, split_hands=1), counts)
    assert no_split.joint == {(f(-1), LOSS): f(2, 17), (f(0), NEITHER): f(13, 17), (f(3, 2), WIN): f(2, 17)}
    assert out.joint == reference.outcome_distribution(rules, counts)


def test_one_ace_four_tens():
    # One ace, four tens, S17, no split: the ace is a player card (2/5, blackjack +3/2), the up or
    # hole card (2/5, dealer blackjack, -1), or undealt (1/5): T-T against T-T with the ace next,
    # so doubling makes 21: +2. Mean 2/5 + 3/5 - 2/5 = 3/5.
    rules = GameRules(decks=1, dealer=S17, split_hands=1)
    out = check_against_engine(rules, (1, 0, 0, 0, 0, 0, 0, 0, 0, 4))
    f = Fraction
    assert out.joint == {(f(-1), LOSS): f(2, 5), (f(2), WIN): f(1, 5), (f(3, 2), WIN): f(2, 5)}


def test_float_mode_agrees():
    rules = GameRules(decks=1, dealer=H17, das=True, surrender=True)
    counts = SHOES["A2 22 52 82 T6 (14)"]
    exact = round_outcomes(PlayerEngine(rules, shoe(counts), exact=True)).joint
    approx = round_outcomes(PlayerEngine(rules, shoe(counts), exact=False)).joint
    assert set(exact) == set(approx)
    assert all(abs(float(exact[k]) - approx[k]) < 1e-12 for k in exact)


def test_refused_rules():
    with pytest.raises(EngineError, match="rescue"):
        outcome_distribution(GameRules(decks=1, dealer=S17, double_rescue=True))
    with pytest.raises(EngineError, match="bonus"):
        outcome_distribution(GameRules(decks=1, dealer=S17, bonus_777=Fraction(3, 2)))


def test_moduli_taken_a_few_at_a_time(monkeypatch):
    # One deck, 8-8 against a 7, split to 4 hands: the exact sums need several primes; taking them
    # one kernel call each (less memory) must rebuild the same law as taking them all at once.
    from odds.engine import outcomes
    rules = GameRules(decks=1, dealer=S17, das=True, split_hands=4)

    def split_round(per_call):
        monkeypatch.setattr(outcomes, "MODULI_PER_CALL", per_call)
        engine = PlayerEngine(rules)
        walk = outcomes._Round(engine, ups=(7,))
        assert walk._compiled_split_round(8, 7, engine.one)
        return walk.out

    all_at_once = split_round(8)
    calls = []
    run = outcomes._split_kernel(False).run
    monkeypatch.setattr(outcomes, "_split_kernel", lambda h17, thread=0: type("K", (), {
        "max_cards": run.__self__.max_cards, "heads": run.__self__.heads, "part_bounds": run.__self__.part_bounds,
        "run": staticmethod(lambda *a: calls.append(len(a[5])) or run(*a))}))
    assert split_round(1) == all_at_once
    assert len(calls) > 1 and set(calls) == {1}


@pytest.mark.parametrize("counts", [FOUR_SHOES["A2 54 84 T9 (19)"], RESPLIT_SHOES["A4 83 92 T10 (19)"]])
def test_threads_give_the_same_law(counts, monkeypatch):
    # The split kernel's calls shared among two threads (one modulus a call, so that one pair
    # against one up card is spread over both) give the law of one thread, exactly.
    from odds.engine import outcomes
    rules = GameRules(decks=1, dealer=S17, das=True, split_hands=4)
    laws = []
    for threads in (1, 2):
        monkeypatch.setattr(outcomes, "THREADS", threads)
        monkeypatch.setattr(outcomes, "PARALLEL_FROM", 0)
        monkeypatch.setattr(outcomes, "MODULI_PER_CALL", 1)
        laws.append(round_outcomes(PlayerEngine(rules, shoe(counts))).joint)
    assert laws[0] == laws[1]
    assert laws[0] == round_outcomes(PlayerEngine(rules, shoe(counts)), compiled=False).joint


@pytest.mark.parametrize("exact", [True, False])
def test_parts_give_the_same_law(exact, monkeypatch):
    # A pair's unions shared out among several kernel calls (each holding its part of the rows,
    # on one thread or two, the head tables made once and shared) give the law of one call.
    from odds.engine import outcomes
    rules = GameRules(decks=1, dealer=S17, das=True, split_hands=4)
    counts = RESPLIT_SHOES["A4 83 92 T10 (19)"]
    laws = []
    for parts, threads in ((1, 1), (3, 1), (4, 2), (7, 2)):
        monkeypatch.setattr(outcomes, "THREADS", threads)
        monkeypatch.setattr(outcomes, "PARALLEL_FROM", 0)
        monkeypatch.setattr(outcomes, "_parts", lambda rows, row_bytes, n=parts: n)
        laws.append(round_outcomes(PlayerEngine(rules, shoe(counts), exact=exact)).joint)
    for law in laws[1:]:
        if exact:
            assert law == laws[0]
        else:
            assert law.keys() == laws[0].keys()
            assert all(abs(law[k] - p) < 1e-13 for k, p in laws[0].items())


def _eights_against_a_seven():
    """8-8 against a 7 split to 4 hands from one deck: the kernel's job and the kernel."""
    from odds.engine import outcomes
    engine = PlayerEngine(GameRules(decks=1, dealer=S17, das=True, split_hands=4))
    engine.round_value()
    return outcomes._Round(engine, ups=(7,))._split_job(8, 7, engine.one), outcomes._split_kernel(False)


def test_parts_hold_fewer_rows():
    # Two of 8-8 against a 7's parts (split to 4 hands, one deck) each hold fewer unions than the
    # whole call, and together make as many as it.
    from odds.engine import outcomes
    job, kernel = _eights_against_a_seven()
    held, made = [], []
    for parts in (1, 2):
        job.parts = parts
        kernel.peak_rows = kernel.rows_made = 0
        sums = job.sums([job.run(kernel, call) for call in range(job.calls)])
        held.append(kernel.peak_rows)
        made.append(kernel.rows_made)
        assert sum(outcomes._crt(r, job.moduli) for r in sums) == outcomes.perm(job.n, job.cards)
    assert held[1] < held[0] and made[1] == made[0] > 0


def test_part_bounds_share_out_every_high_part():
    # The parts' ranges of high parts start at 0, end above every high part and do not overlap,
    # and the pairs' weight is cut near evenly: no part is empty when there are few parts.
    job, kernel = _eights_against_a_seven()
    base, up, leaves, groups, exact = job.args
    heads = kernel.heads(base, up, leaves, groups, exact)
    for parts in (1, 2, 3, 5):
        bounds = kernel.part_bounds(base, up, leaves, heads, parts)
        assert len(bounds) == parts + 1 and bounds[0] == 0 and bounds[-1] == 2 ** 64 - 1
        assert all(a < b for a, b in zip(bounds, bounds[1:]))


@pytest.mark.parametrize("rule", ["S17", "H17"])
def test_straight_line_rows_equal_the_walk(rule):
    # The split kernel takes the dealer's rows under one up card from the straight-line code of
    # that up card (ext/dealer_straight.py: counts in 128 bits, or floats); a kernel given the same
    # graph without it walks the graph. Two decks, a shoe with cards out, every up card against
    # 8-8 and A-A, split to 3: the exact sums are equal, the floats agree to their last bits and
    # with the exact law.
    from odds.engine import outcomes
    from odds.engine.dealer import dealer_kernel
    from odds.engine.kernels import split_kernel
    rules = GameRules(decks=2, dealer=DealerRules.parse(rule), das=True, split_hands=3)
    counts = (7, 8, 6, 8, 5, 8, 8, 7, 8, 30)
    walked = split_kernel.SplitKernel(dealer_kernel(rules.dealer.hits_soft_17).folded())
    straight = outcomes._split_kernel(rules.dealer.hits_soft_17)
    exact = PlayerEngine(rules, shoe(counts), exact=True)
    engine = PlayerEngine(rules, shoe(counts), exact=False)
    engine.round_value()
    exact.round_value()
    for pair in (8, 1):
        for up in range(1, 11):
            job = outcomes._Round(exact, ups=(up,))._split_job(pair, up, exact.one)
            a = job.sums([job.run(straight, call) for call in range(job.calls)])
            assert a == job.sums([job.run(walked, call) for call in range(job.calls)])
            law = [float(Fraction(outcomes._crt(r, job.moduli), outcomes.perm(job.n, job.cards))) for r in a]
            job = outcomes._Round(engine, ups=(up,))._split_job(pair, up, engine.one)
            a = job.sums([job.run(straight, call) for call in range(job.calls)])
            b = job.sums([job.run(walked, call) for call in range(job.calls)])
            assert all(abs(x - y) <= 64 * 1e-16 * abs(y) for x, y in zip(a, b))
            assert all(abs(x - y) < 1e-12 for x, y in zip(a, law))
