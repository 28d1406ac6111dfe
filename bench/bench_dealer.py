"""Dealer engine benchmark: medians and ratios against a baseline run in the same process.

    python bench/bench_dealer.py [--repeat 15]

Measures (1) the exact full table (every up card and overall) at 8 decks H17, (2) the float table
for 1,000 random depleted 6-deck shoes, with and without reading every up card's bust
probability, and (3) the baseline: a naive pure-Python Fraction recursion over the dealer's cards,
memoised on the cards drawn, for the same 8-deck table.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from fractions import Fraction
from functools import lru_cache

from odds import DealerRules, Shoe
from odds.engine.dealer import _table


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


def median_time(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


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


if __name__ == "__main__":
    main()
