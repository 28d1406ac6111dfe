"""Player engine benchmark: the whole-game house edge, medians and ratios in one run.

    python bench/bench_player.py [--repeat 3]

(1) Six decks, S17, double after split, resplit to four hands (aces once), composition-dependent
play, in float and exact arithmetic; (2) one deck, the same, exact; (3) the baseline: the
independent brute force (odds.reference.game) and the engine on the same small shoe, so their
ratio is measured in the same process.
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
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    six = GameRules(decks=6, dealer=DealerRules.parse("S17"), das=True, split_hands=4)
    one = GameRules(decks=1, dealer=DealerRules.parse("S17"), das=True, split_hands=4)
    small = [4, 0, 0, 0, 0, 0, 0, 3, 2, 10]  # 19 cards: four aces, three 8s, two 9s, ten tens
    small_shoe = Shoe.from_rank_counts(small[:9] + [10, 0, 0, 0])
    t_float = median_time(lambda: PlayerEngine(six, exact=False).round_value(), args.repeat)
    t_exact = median_time(lambda: PlayerEngine(six, exact=True).round_value(), max(1, args.repeat // 2))
    t_one = median_time(lambda: PlayerEngine(one, exact=True).round_value(), max(1, args.repeat // 2))
    t_brute = median_time(lambda: brute_force_round(one, small), args.repeat)
    t_small = median_time(lambda: PlayerEngine(one, small_shoe, exact=True).round_value(), args.repeat)
    print(f"6 decks S17 DAS resplit to 4, float:  {t_float:8.2f} s   (floor 5 s)")
    print(f"6 decks S17 DAS resplit to 4, exact:  {t_exact:8.2f} s   (floor 60 s)")
    print(f"1 deck  S17 DAS resplit to 4, exact:  {t_one:8.2f} s")
    print(f"19-card shoe (1 deck's rules): brute force {t_brute:.3f} s, engine {t_small:.3f} s "
          f"({t_brute / t_small:.1f}x)")
    print("splits: exact for the post-split play D (each hand best for its own cards), summed over "
          "the patterns of second cards")


if __name__ == "__main__":
    main()
