"""Dealer engine benchmark: medians and ratios against a baseline run in the same process.

    python bench/bench_dealer.py [--repeat 15]

Measures (1) the exact full table (every up card and overall) at 8 decks H17, (2) the float table
for 1,000 random depleted 6-deck shoes, with and without reading every up card's bust
probability, and (3) the baseline: a naive pure-Python Fraction recursion over the dealer's cards,
memoised on the cards drawn, for the same 8-deck table.

Then the float rows a simulator asks for (``dealer_rows``: every up card's final results into its
own array), each against the float table run in the same process (``dealer_table(...,
exact=False)``, uncached: within 2x of the rows is the goal, 3x the floor) and the general kernel alone
(``DealerKernel.floats``), on the full 6-deck shoe and on the depleted shoes, S17 and H17; and
the sweep's fast return per shoe state for Buster and EZ Bust (depleted 6-deck shoes by rank and
suit) against the old fast return (the general kernel's buckets summed with numpy).
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from fractions import Fraction
from functools import lru_cache

from array import array

import numpy

from odds import DealerRules, Shoe
from odds.engine.dealer import _table, dealer_rows
from odds.engine.dealer_graph import RESULTS, dealer_graph, dealer_kernel
from odds.wagers.paytables import builtin_paytables
from odds.wagers.dealer_bust import EZ_UPCARD_VALUES as EZ_UPCARDS
from odds.wagers.shoe_returns import shoe_return


def baseline_table(counts: tuple[int, ...], hits_soft_17: bool) -> dict:
    """Naive exact dealer table: recursion with Fractions, memoised on (up card, cards drawn)."""

    @lru_cache(maxsize=None)
    def play(up: int, drawn: tuple[int, ...]) -> dict:
        hand = (up,) + drawn
        hard = sum(hand)
        soft = 1 in hand and hard + 10 <= 21
        best = hard + 10 if soft else hard
        if len(hand) >= 2 and (best > 17 or (best == 17 and not (soft and hits_soft_17))):
            key = ("bust" if best > 21 else "blackjack" if best == 21 and len(hand) == 2 else best, len(hand))
            return {key: Fraction(1)}
        left = [c - hand.count(v) for v, c in zip(range(1, 11), counts)]
        total = sum(left)
        out: dict = {}
        for v in range(1, 11):
            if left[v - 1]:
                p = Fraction(left[v - 1], total)
                for key, q in play(up, tuple(sorted(drawn + (v,)))).items():
                    out[key] = out.get(key, 0) + p * q
        return out

    return {up: play(up, ()) for up in range(1, 11)}


def old_fast_return(wager: str, rules: DealerRules):
    """The sweep's fast return as it was before ``dealer_expectation``: the general float kernel's
    buckets, summed with numpy (Buster) or its rows (EZ Bust), from the counts by value."""
    g = dealer_graph(rules.hits_soft_17)
    kernel = dealer_kernel(rules.hits_soft_17)
    buckets, finals = array("d", bytes(8 * g.nbuckets)), array("d", bytes(8 * 11 * len(RESULTS)))
    new = shoe_return(wager, builtin_paytables(wager).tables["C" if wager == "buster" else "PA"].pays, rules)
    n, bust = len(RESULTS), RESULTS.index("bust")
    if wager == "buster":
        weights = numpy.zeros(g.nbuckets // 10)
        for k in range(3, g.max_cards + 1):
            weights[g.bucket(1, "bust", k)] = new.win[k]

    def by_value(counts):
        v = [sum(counts[4 * r:4 * r + 4]) for r in range(9)]
        v.append(sum(counts[36:52]))
        return v

    def buster(counts):
        v = by_value(counts)
        total = sum(v)
        kernel.floats(v, total, buckets, finals)
        by_up = weights @ numpy.frombuffer(buckets).reshape(10, -1).T
        return float(by_up @ numpy.array(v, dtype=float)) / (total * new.scale) - 1.0, 1.0

    def ez(counts):
        v = by_value(counts)
        total = sum(v)
        offered = sum(v[u - 1] for u in EZ_UPCARDS)
        kernel.floats(v, total, buckets, finals)
        p = sum(v[u - 1] * finals[(u - 1) * n + bust] for u in EZ_UPCARDS) / offered
        return float(new.pay + 1) * p - 1.0, offered / total

    return new, (buster if wager == "buster" else ez)


def median_time(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def fastest_time(fn, repeat: int) -> float:
    """The fastest of ``repeat`` runs, each timed in CPU time of this thread: on a shared machine
    the least disturbed run is the one that says what the code costs."""
    times = []
    for _ in range(repeat):
        t0 = time.thread_time()
        fn()
        times.append(time.thread_time() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    h17 = DealerRules.parse("H17")
    eight = Shoe.decks(8).by_value()

    def exact():
        _table.cache_clear()
        _table(eight, h17, True)

    rng = random.Random(2026)
    shoes = []
    for _ in range(1000):
        counts = [24] * 9 + [96]
        for _ in range(rng.randint(0, 234)):  # up to 75% penetration
            v = rng.choices(range(10), weights=counts)[0]
            counts[v] -= 1
        shoes.append(tuple(counts))

    def floats():
        _table.cache_clear()
        for s in shoes:
            _table(s, h17, False)

    def floats_read():
        _table.cache_clear()
        for s in shoes:
            t = _table(s, h17, False)
            for row in t.by_upcard.values():
                row.probability("bust")

    t_base = median_time(lambda: baseline_table(eight, True), max(3, args.repeat // 5))
    t_exact = median_time(exact, args.repeat)
    t_float = median_time(floats, max(3, args.repeat // 3)) / len(shoes)
    t_float_read = median_time(floats_read, max(3, args.repeat // 3)) / len(shoes)
    print(f"baseline  naive Fraction recursion, 8 decks H17 full table: {t_base * 1e3:9.2f} ms")
    print(f"exact     Cython kernel, 8 decks H17 full table:            {t_exact * 1e3:9.2f} ms"
          f"   ({t_base / t_exact:.0f}x faster than baseline)")
    print(f"float     one depleted 6-deck shoe, all up cards:           {t_float * 1e6:9.1f} us"
          f"   ({t_base / t_float:.0f}x faster than baseline)")
    print(f"float     same, and reading every up card's bust chance:    {t_float_read * 1e6:9.1f} us")
    print("floors: exact <= 10 ms and >= 20x baseline; float <= 50 us a shoe")
    rows_section(shoes, args.repeat)


def rows_section(shoes: list[tuple[int, ...]], repeat: int) -> None:
    """dealer_rows and the sweep's fast dealer returns against the old float path (each the fastest
    of ``repeat`` runs over 1,000 shoes, CPU time)."""
    out = numpy.empty((10, 7))
    full = Shoe.decks(6).by_value()
    print()
    print(f"{'float rows, per shoe (us)':<44}{'new':>8}{'table':>8}{'ratio':>7}{'kernel':>8}{'ratio':>7}")
    for rule in ("S17", "H17"):
        rules = DealerRules.parse(rule, peek=False)
        h17 = rules.hits_soft_17
        kernel = dealer_kernel(h17)
        g = dealer_graph(h17)
        buckets, finals = array("d", bytes(8 * g.nbuckets)), array("d", bytes(8 * 11 * len(RESULTS)))
        for label, batch in ((f"all up cards, full 6-deck shoe, {rule}", [full] * len(shoes)),
                             (f"all up cards, depleted 6-deck shoes, {rule}", shoes)):
            def new():
                for s in batch:
                    dealer_rows(s, out, h17)

            def table():
                for s in batch:
                    _table.__wrapped__(s, rules, False)  # uncached

            def alone():
                for s in batch:
                    kernel.floats(s, sum(s), buckets, finals)

            t_new, t_table, t_kernel = (fastest_time(f, repeat) / len(batch) for f in (new, table, alone))
            print(f"{label:<44}{t_new * 1e6:8.2f}{t_table * 1e6:8.2f}{t_table / t_new:6.1f}x"
                  f"{t_kernel * 1e6:8.2f}{t_kernel / t_new:6.1f}x")
    print("  (table: dealer_table(..., exact=False) uncached, its rows from the same straight-line code: goal within"
          " 2x of dealer_rows, floor 3x; kernel: the general walk, DealerKernel.floats alone)")
    rng = random.Random(2027)
    states = []
    for _ in range(1000):  # depleted 6-deck shoes by rank and suit, up to 75% penetration
        counts = [6] * 52
        for c in rng.sample([c for c in range(52) for _ in range(6)], rng.randint(0, 234)):
            counts[c] -= 1
        states.append(counts)
    print(f"{'sweep fast return, per shoe state (us)':<44}{'new':>8}{'old':>8}{'ratio':>7}")
    for wager in ("buster", "ez-bust"):
        for rule in ("H17", "S17"):
            new_ret, old_ret = old_fast_return(wager, DealerRules.parse(rule))
            assert all(abs(new_ret.fast(c)[0] - old_ret(c)[0]) < 1e-12 for c in states[:50])
            t_new = fastest_time(lambda: [new_ret.fast(c) for c in states], repeat) / len(states)
            t_old = fastest_time(lambda: [old_ret(c) for c in states], repeat) / len(states)
            label = f"{wager}, depleted 6 decks, {rule}"
            print(f"{label:<44}{t_new * 1e6:8.2f}{t_old * 1e6:8.2f}{t_old / t_new:6.1f}x")
    print("targets: rows <= 3 us a shoe (floor 5 us); Buster's fast return <= 4 us a state (floor 6 us)")


if __name__ == "__main__":
    main()
