"""Player engine benchmark: the whole-game house edge, the compiled kernel against the Python
recursion in the same process, medians and ratios.

    python bench/bench_player.py [--repeat 5] [--python-repeat 1]

Rows (double after split, 3:2, peek, no surrender, composition-dependent play): six decks S17
split once, in floats; six decks S17 resplit to four hands (aces once), in floats; eight decks H17
resplit to four, in floats; six decks S17 resplit to four, exact. Each row prints the compiled
time (``PlayerEngine(...).round_value()``, kernel built each time), the Python recursion's
(``compiled=False``, the dealer's cache cleared first) and their ratio. Last, the independent brute
force (odds.reference.game) against the engine on a 19-card shoe.
"""
from __future__ import annotations

import argparse
import statistics
import time

from odds import DealerRules, Shoe
from odds.engine.dealer import dealer_finals
from odds.core.game_rules import GameRules
from odds.engine.player import PlayerEngine
from odds.reference.game import round_value as brute_force_round


def median_time(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        dealer_finals.cache_clear()
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs of the compiled engine per row (median)")
    ap.add_argument("--python-repeat", type=int, default=1, help="runs of the Python recursion per row (median)")
    args = ap.parse_args()
    s17, h17 = DealerRules.parse("S17"), DealerRules.parse("H17")
    rows = [
        ("6 decks S17 DAS split once, float", GameRules(decks=6, dealer=s17, das=True), False),
        ("6 decks S17 DAS resplit to 4, float", GameRules(decks=6, dealer=s17, das=True, split_hands=4), False),
        ("8 decks H17 DAS resplit to 4, float", GameRules(decks=8, dealer=h17, das=True, split_hands=4), False),
        ("6 decks S17 DAS resplit to 4, exact", GameRules(decks=6, dealer=s17, das=True, split_hands=4), True),
    ]
    PlayerEngine(rows[0][1], exact=False).round_value()  # warm up: the dealer's graphs, once a process
    PlayerEngine(rows[2][1], exact=False).round_value()
    for label, rules, exact in rows:
        t_kernel = median_time(lambda: PlayerEngine(rules, exact=exact).round_value(), args.repeat)
        t_python = median_time(lambda: PlayerEngine(rules, exact=exact, compiled=False).round_value(),
                               args.python_repeat)
        print(f"{label:38s} compiled {t_kernel:7.3f} s   Python {t_python:7.2f} s   x{t_python / t_kernel:6.1f}")
    one = GameRules(decks=1, dealer=s17, das=True, split_hands=4)
    small = [4, 0, 0, 0, 0, 0, 0, 3, 2, 10]  # 19 cards: four aces, three 8s, two 9s, ten tens
    small_shoe = Shoe.from_rank_counts(small[:9] + [10, 0, 0, 0])
    t_brute = median_time(lambda: brute_force_round(one, small), args.repeat)
    t_small = median_time(lambda: PlayerEngine(one, small_shoe, exact=True).round_value(), args.repeat)
    print(f"19-card shoe (1 deck's rules): brute force {t_brute:.3f} s, engine {t_small:.4f} s "
          f"(x{t_brute / t_small:.1f})")
    print("splits: exact for the post-split play D (each hand best for its own cards), summed over "
          "the patterns of second cards")


if __name__ == "__main__":
    main()
