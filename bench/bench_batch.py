"""Many shoe states in one call (``PricedWager.ret_many``) against one call a state (``ret``), in the
same process: microseconds a state for each wager, float, six decks, ``--states`` depleted shoes.
The streak wagers price a state by the player engine's round law (about half a second a state): they are
timed on two states each way, and ``ret_many`` is ``ret`` row by row for them.

    python bench/bench_batch.py [--states 1000] [--repeat 3]
"""
from __future__ import annotations

import argparse
import random
import time

import numpy

from odds import DealtShoe, price

WAGERS = [("21+3", "C", {}), ("royal-match-21", "A", {}), ("match-the-dealer", "A", {}),
          ("twenty-point-bonus", "A", {}), ("kings-bounty", "A", {}), ("bust-it", None, {"rules": "H17"}),
          ("buster", "C", {"rules": "H17"}), ("ez-bust", None, {"rules": "H17"}), ("super-sevens", "A", {}),
          ("bet-the-set-21", "A", {}), ("house-money", "A", {}), ("in-between", "A", {}), ("super-match", "1", {}),
          ("blazing-7s", "A", {"meters": "jackpot=2000", "procedure": "up-card"}),
          ("progressive-blackjack", "USD1", {"meters": "jackpot=50000"}),
          ("progressive-super-sevens", "A", {"meters": "jackpot=5000", "split_sevens": "2 3 4"})]
STREAKS = [("streak", "A", {"rules": "H17"}), ("burnout-bonus", None, {"rules": "H17"})]


def states(n: int) -> list[list[int]]:
    rng, rows = random.Random(1), []
    for _ in range(n):
        dealt = DealtShoe(6, random.Random(rng.random()))
        dealt.deal_codes(rng.randrange(0, 230))
        rows.append(list(dealt.counts))
    return rows


def best(f, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        f()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--states", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rows = states(args.states)
    array = numpy.array(rows, dtype=numpy.int64)
    for name, table, extra in WAGERS:
        wager = price(name, table, decks=6, **extra)
        one = best(lambda: [wager.ret(row) for row in rows], args.repeat) / len(rows)
        many = best(lambda: wager.ret_many(array), args.repeat) / len(rows)
        print(f"{name:24s} ret {one * 1e6:6.2f} us a state   ret_many {many * 1e6:6.2f} us a state   x{one / many:5.1f}")
    for name, table, extra in STREAKS:  # fresh states each way: the engine keeps what it has priced
        wager = price(name, table, decks=6, **extra)
        one = best(lambda: [wager.ret(row) for row in rows[:2]], 1) / 2
        many = best(lambda: wager.ret_many(array[2:4]), 1) / 2
        print(f"{name:24s} ret {one:6.2f} s a state    ret_many {many:6.2f} s a state    x{one / many:5.1f}")


if __name__ == "__main__":
    main()
