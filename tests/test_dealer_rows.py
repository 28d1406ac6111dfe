"""The float dealer rows (odds.engine.dealer.dealer_rows, the straight-line propagation) against the
exact dealer converted to floats, the plain reference enumeration and the general float walk; and
dealer_expectation against the same sums done by hand."""
import random
from array import array
from math import perm

import numpy
import pytest

from odds import DealerRules, EngineError, Shoe, dealer_table
from odds.engine.dealer import DealerWeights, _table, dealer_expectation, dealer_finals, dealer_rows
from odds.engine.dealer_graph import RESULTS, dealer_graph, dealer_kernel
from odds.reference.dealer import LABELS, reference_dealer_table
from odds.pricing.first_cards_closed import flat_counts

RULES = [False, True]  # hits soft 17


def rows_of(counts, h17):
    out = numpy.full((10, 7), -1.0)
    dealer_rows(counts, out, h17)
    return out


def depleted(rng, decks, lacking=()):
    counts = [4 * decks] * 9 + [16 * decks]
    for v in lacking:
        counts[v] = 0
    for _ in range(rng.randint(0, max(0, sum(counts) - 14))):
        v = rng.choices(range(10), weights=counts)[0]
        counts[v] -= 1
    return tuple(counts)


def shoes(seed=7, n=60):
    rng = random.Random(seed)
    out = [tuple(Shoe.decks(d).by_value()) for d in (1, 2, 6, 8)]
    for i in range(n):
        lacking = rng.sample(range(10), rng.randint(1, 4)) if i % 3 == 0 else ()
        out.append(depleted(rng, rng.randint(1, 8), lacking))
    out += [(0, 0, 0, 0, 0, 2, 0, 0, 0, 3), (1, 1, 0, 0, 1, 1, 1, 0, 0, 2), (0, 1, 0, 0, 0, 0, 0, 0, 0, 1),
            (1,) * 10 + (), (2, 2, 2, 2, 2, 0, 0, 0, 0, 3), (0, 0, 0, 0, 0, 0, 0, 0, 0, 13), (13,) + (0,) * 9,
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 2), (4, 4, 4, 4, 0, 0, 0, 0, 0, 0)]
    return out


def assert_rows_equal_exact(counts, h17):
    """The rows equal the exact dealer's in floats, or both refuse a shoe that can run out."""
    try:
        exact = dealer_finals(tuple(counts), h17, True)
    except EngineError:
        with pytest.raises(EngineError, match="run out|at least 2"):
            rows_of(counts, h17)
        return False
    got = rows_of(counts, h17)
    for u in range(10):
        if exact[u] is None:
            assert (got[u] == 0.0).all(), (counts, u)
        else:
            assert numpy.abs(got[u] - numpy.array([float(p) for p in exact[u]])).max() < 1e-12, (counts, u)
    return True


@pytest.mark.parametrize("h17", RULES, ids=["S17", "H17"])
def test_rows_equal_the_exact_dealer(h17):
    for counts in shoes():
        assert_rows_equal_exact(counts, h17)


@pytest.mark.parametrize("h17", RULES, ids=["S17", "H17"])
def test_tiny_shoes_equal_the_exact_dealer(h17):
    """Shoes of 2 to 20 cards: the general walk below 13 cards, the straight line above."""
    rng = random.Random(11)
    done = 0
    while done < 150:
        counts = [0] * 10
        for _ in range(rng.randint(2, 20)):
            counts[rng.randrange(10)] += 1
        done += assert_rows_equal_exact(counts, h17)


@pytest.mark.parametrize("h17", RULES, ids=["S17", "H17"])
def test_rows_equal_the_reference(h17):
    rng = random.Random(3)
    cases = [(0, 0, 0, 0, 0, 2, 0, 0, 0, 3), (1, 1, 0, 0, 1, 1, 1, 0, 0, 2), (2, 1, 3, 0, 2, 1, 1, 2, 0, 5)]
    for _ in range(6):
        counts = [rng.randint(0, 3) for _ in range(9)] + [rng.randint(1, 8)]
        cases.append(tuple(counts))
    for counts in cases:
        try:
            ref = reference_dealer_table(list(counts), h17, peek=False)
        except ValueError:  # the shoe runs out
            with pytest.raises(EngineError):
                rows_of(counts, h17)
            continue
        got = rows_of(counts, h17)
        for u, label in enumerate(LABELS):
            if ref[label] is None:
                assert (got[u] == 0.0).all()
                continue
            want = [float(sum((p for (r, _), p in ref[label].items() if r == res), 0)) for res in RESULTS]
            assert numpy.abs(got[u] - numpy.array(want)).max() < 1e-12, (counts, label)


@pytest.mark.parametrize("h17", RULES, ids=["S17", "H17"])
def test_rows_agree_with_the_general_float_walk(h17):
    for counts in shoes(seed=5, n=30):
        try:
            old = dealer_finals(tuple(counts), h17, False)
        except EngineError:
            continue
        got = rows_of(counts, h17)
        for u in range(10):
            want = numpy.zeros(7) if old[u] is None else numpy.array(old[u])
            assert numpy.abs(got[u] - want).max() < 1e-13


def test_absent_up_card_row_is_zeros_and_present_rows_add_to_one():
    counts = (0, 4, 0, 4, 4, 4, 4, 4, 4, 16)  # no aces, no 3s
    got = rows_of(counts, False)
    assert (got[0] == 0).all() and (got[2] == 0).all()
    for u in (1, 3, 4, 5, 6, 7, 8, 9):
        assert abs(got[u].sum() - 1) < 1e-14


def test_inputs():
    full = Shoe.decks(6)
    by_value = rows_of(full.by_value(), True)
    assert (rows_of(flat_counts(full), True) == by_value).all()  # 52 counts by rank and suit
    assert (rows_of(numpy.array(full.by_value()), True) == by_value).all()
    flat = array("d", bytes(8 * 70))
    dealer_rows(list(full.by_value()), flat, True)  # any writable float64 buffer of 70
    assert list(flat) == list(by_value.ravel())
    with pytest.raises(ValueError):
        dealer_rows(full.by_value(), numpy.zeros((10, 6)))
    with pytest.raises(ValueError):
        dealer_rows(full.by_value(), numpy.zeros((10, 7), dtype=numpy.float32))
    with pytest.raises(ValueError):
        dealer_rows(full.by_value()[:9], numpy.zeros((10, 7)))
    with pytest.raises(ValueError):
        dealer_rows((-1,) + full.by_value()[1:], numpy.zeros((10, 7)))
    with pytest.raises(EngineError, match="at least 2"):
        dealer_rows((1,) + (0,) * 9, numpy.zeros((10, 7)))


def test_rows_keep_the_peekless_blackjack():
    got = rows_of(Shoe.decks(1).by_value(), False)
    assert abs(got[0][5] - 16 / 51) < 1e-15 and abs(got[9][5] - 4 / 51) < 1e-15  # A up: a ten; T up: an ace


@pytest.mark.parametrize("h17", RULES, ids=["S17", "H17"])
def test_expectation_is_the_weighted_sum_of_the_exact_buckets(h17):
    rng = random.Random(9)
    g = dealer_graph(h17)
    width = g.max_cards + 1
    for counts in shoes(seed=13, n=12) + [(1, 1, 0, 0, 1, 1, 1, 0, 0, 2)]:
        weights = numpy.array([rng.uniform(-2, 3) for _ in range(980)]).reshape(10, 7, 14)
        nums, starved = dealer_kernel(h17).exact(counts, sum(counts))
        if starved >= 0:
            continue
        total = sum(counts)
        want = 0.0
        for b, n in enumerate(nums):
            if n:
                u, r, k = b // (7 * width), (b // width) % 7, b % width
                want += counts[u] / total * weights[u, r, k] * n / perm(total - 1, k - 1)
        got = dealer_expectation(counts, weights, h17)
        assert abs(got - want) < 1e-12, counts
        prepared = DealerWeights(weights, h17)  # the weights folded into the final hands once
        assert not prepared.busts_only and abs(prepared(counts) - want) < 1e-12, counts
        busts = numpy.zeros((10, 7, 14))
        busts[:, 6, :] = weights[:, 6, :]  # only the busts weighed: the standing hands are spared
        only = DealerWeights(busts, h17)
        assert only.busts_only and abs(only(counts) - dealer_expectation(counts, busts, h17)) < 1e-12, counts


def test_a_dealer_table_row_from_the_same_numbers():
    t = rows_of(Shoe.decks(6).by_value(), False)
    table = dealer_table(Shoe.decks(6), DealerRules.parse("S17", peek=False))
    assert abs(t[5][6] - float(table.by_upcard["6"].final()["bust"])) < 1e-15


@pytest.mark.parametrize("h17", RULES)
def test_the_float_table_is_the_rows_and_the_exact_table(h17):
    """dealer_table(exact=False): each row is dealer_rows' (peek applied), the overall row their
    weighted sum, both within 1e-12 of the exact table; a row's joint law from the general walk
    adds up to its final law."""
    rng = random.Random(11)
    for counts in [tuple(depleted(rng, 6)) for _ in range(6)] + [(1, 0, 0, 0, 0, 0, 0, 0, 1, 2)]:
        rules = DealerRules.parse("H17" if h17 else "S17", peek=False)
        fast, exact = _table.__wrapped__(counts, rules, False), _table.__wrapped__(counts, rules, True)
        rows = rows_of(counts, h17)
        for u, label in enumerate(LABELS):
            row = fast.by_upcard[label]
            assert (row is None) == (exact.by_upcard[label] is None)
            if row is not None:
                assert [row.final()[r] for r in RESULTS] == list(rows[u])
                assert all(abs(row.final()[r] - float(exact.by_upcard[label].final()[r])) < 1e-12 for r in RESULTS)
                assert abs(sum(row.joint.values()) - 1) < 1e-12
        assert all(abs(fast.overall.final()[r] - float(exact.overall.final()[r])) < 1e-12 for r in RESULTS)
        assert abs(sum(fast.overall.joint.values()) - 1) < 1e-12
