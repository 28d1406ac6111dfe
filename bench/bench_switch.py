"""Blackjack Switch benchmark and results: the house edge per wager for a rule set, timed.

    python bench/bench_switch.py --decks 6 --rule H17 [--common] [--exact] [--workers 2] [--json out.json]
                                 [--check-decks 1] [--no-check]

Each hand's play runs in the compiled player kernel. In the same process, the Python recursion
(``compiled=False``) solves the game with ``--check-decks`` decks (the full game takes minutes
there), timed against the compiled kernel on that game: the ratio, and the two results agreeing.

The literal reading of 58 Pa. Code § 633a.12(a)(5) by default (blackjack 3/2, 1 to 1 against a
dealer 21 of three or more cards); ``--common`` for every blackjack 1 to 1 (the Las Vegas rule
that published figures assume). Double any two, DAS, split to 4 hands, aces once, peek.
"""
from __future__ import annotations

import argparse
import json
import time

from odds.games.switch import SwitchGame, SwitchRules, switch_table


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", type=int, default=6)
    ap.add_argument("--rule", default="H17")
    ap.add_argument("--common", action="store_true")
    ap.add_argument("--exact", action="store_true")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--json")
    ap.add_argument("--check-decks", type=int, default=1)
    ap.add_argument("--no-check", action="store_true")
    args = ap.parse_args()
    rules = (SwitchRules.common if args.common else SwitchRules.pa)(args.decks, args.rule)
    t0 = time.perf_counter()
    result = SwitchGame(rules, exact=args.exact, workers=args.workers).solve()
    seconds = time.perf_counter() - t0
    print(f"{'common' if args.common else 'PA literal'} {args.decks} decks {args.rule} "
          f"{'exact' if args.exact else 'float'}: house edge per wager {float(result.house_edge) * 100:.6f}% "
          f"switch {float(result.switch_probability):.4f}  {seconds:.1f} s, {args.workers} worker(s), compiled")
    if not args.no_check:
        small = (SwitchRules.common if args.common else SwitchRules.pa)(args.check_decks, args.rule)
        times, results = [], []
        for compiled in (True, False):
            t0 = time.perf_counter()
            results.append(SwitchGame(small, exact=args.exact, workers=args.workers, compiled=compiled).solve())
            times.append(time.perf_counter() - t0)
        fast, slow = results
        same = (fast.round_value == slow.round_value if args.exact
                else abs(fast.round_value - slow.round_value) < 1e-12) and fast.decisions == slow.decisions
        print(f"{args.check_decks} deck(s) {args.rule}: compiled {times[0]:.2f} s, Python {times[1]:.2f} s, "
              f"ratio {times[1] / times[0]:.1f}x, results {'agree' if same else 'DIFFER'}")
    if args.json:
        doc = result.to_json()
        doc["switches"] = {str(u): switch_table(result, u) for u in range(1, 11)}
        doc["strategy_table"] = result.strategy_table()
        with open(args.json, "w") as f:
            json.dump(doc, f, indent=1)


if __name__ == "__main__":
    main()
