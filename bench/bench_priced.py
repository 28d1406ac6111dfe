"""Per shoe state, what a simulator pays for a wager's return: ``odds.price(...).ret(counts)``,
float mode, six decks, depleted shoes (dealt 0 to 75% deep), every wager whose return the shoe
alone defines; beside it, in the same process, the baseline: the wager's exact par sheet for the
same shoes (what the API gave before). Also the time to prepare the wager (``price``) and its first
state.

    python bench/bench_priced.py [--states 200] [--repeat 3]
"""
from __future__ import annotations

import argparse
import random
import time

from odds import DealtShoe, price
from odds.wagers import WAGERS
from odds.wagers.paytables import builtin_paytables

SETTINGS = {"ez-bust": {"rules": "H17"}, "buster": {"rules": "H17"}, "bust-it": {"rules": "H17"},
            "blazing-7s": {"meters": "jackpot=2000"}, "progressive-blackjack": {"meters": "jackpot=10000"},
            "progressive-super-sevens": {"meters": "jackpot=5000"}}


def states(n: int, seed: int = 1) -> list[list[int]]:
    rng, out = random.Random(seed), []
    for _ in range(n):
        dealt = DealtShoe(6, random.Random(rng.random()))
        dealt.deal(rng.randrange(0, 6 * 52 * 3 // 4))
        out.append(list(dealt.counts))
    return out


def per_state(fn, shoes: list, repeat: int) -> float:
    """The best of ``repeat`` mean times over the shoes, in microseconds."""
    best = []
    for _ in range(repeat):
        t = time.process_time()
        for counts in shoes:
            fn(counts)
        best.append((time.process_time() - t) / len(shoes) * 1e6)
    return min(best)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--states", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    shoes = states(args.states)
    print(f"{'wager':26} {'path':10} {'prepare':>11} {'first state':>12} {'per state':>11} {'par sheet':>11} "
          f"{'ratio':>7}")
    for name, wager in WAGERS.items():
        if wager.rounds:
            continue  # settled on the player's play: priced by the round law, not per shoe state
        table = next(iter(builtin_paytables(name).tables.values()))
        t = time.process_time()
        priced = price(name, table.id, decks=6, any_decks=True, **SETTINGS.get(name, {}))
        prepared = time.process_time()
        priced.ret(shoes[0])
        first = (time.process_time() - prepared) * 1e3
        prepare = (prepared - t) * 1e3
        kind = ("par sheet" if priced._fast is None else "deals" if priced.path.startswith("every deal")
                else "dealer" if "dealer kernel" in priced.path else "closed")
        few = shoes if kind != "par sheet" else shoes[: max(5, len(shoes) // 20)]
        us = per_state(priced.ret, few, args.repeat)
        base_shoes = shoes[: max(5, len(shoes) // 20)]
        priced.par_sheet(base_shoes[0])  # its tables built once, as the fast paths' are in price()
        base = per_state(priced.par_sheet, base_shoes, 1)
        print(f"{name:26} {kind:10} {prepare:8.1f} ms {first:9.2f} ms {us:9.1f} us {base:9.1f} us "
              f"{base / us:6.1f}x", flush=True)


if __name__ == "__main__":
    main()
