"""Round outcome benchmark: the exact law of a round's result (odds.engine.outcomes), six decks, timed.

    python bench/bench_outcomes.py [--rule S17] [--no-das] [--hands 2 3] [--modes float exact] [--old]

For each number of hands a pair may become (aces once) and each arithmetic: the value engine's
``round_value`` (its decisions are what the outcome walk plays) and then ``round_outcomes`` on the
same engine, in the same process, wall and CPU seconds, with their ratio. ``--old`` also times the
plain Python join of the split hands (``compiled=False``, the method before the split kernel) on a
fresh engine, and checks that it gives the same law. Split to 4 hands is slow on a full shoe
(about 12 minutes and 6 GB in floats, about 25 minutes and 14 GB exact): ask for it with
``--hands 4``.
"""
from __future__ import annotations

import argparse
import time

from odds import DealerRules
from odds.core.game_rules import GameRules
from odds.engine.outcomes import round_outcomes
from odds.engine.player import PlayerEngine


def timed(fn):
    wall, cpu = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", type=int, default=6)
    ap.add_argument("--rule", default="S17")
    ap.add_argument("--no-das", action="store_true")
    ap.add_argument("--hands", type=int, nargs="+", default=[2, 3], choices=(2, 3, 4))
    ap.add_argument("--modes", nargs="+", default=["float", "exact"], choices=("float", "exact"))
    ap.add_argument("--old", action="store_true", help="also time the plain Python join (slow)")
    args = ap.parse_args()
    for hands in args.hands:
        rules = GameRules(decks=args.decks, dealer=DealerRules.parse(args.rule), das=not args.no_das,
                          split_hands=hands)
        for mode in args.modes:
            exact = mode == "exact"
            engine = PlayerEngine(rules, exact=exact)
            (value, _), v_wall, v_cpu = timed(engine.round_value)
            out, o_wall, o_cpu = timed(lambda: round_outcomes(engine))
            line = (f"{args.decks} decks {args.rule} {'no DAS' if args.no_das else 'DAS'} split to {hands}, {mode:5}: "
                    f"round_value {v_wall:6.1f} s ({v_cpu:6.1f} CPU)  round_outcomes {o_wall:6.1f} s "
                    f"({o_cpu:6.1f} CPU)  outcomes / value {o_cpu / v_cpu:5.1f}x CPU")
            if exact:
                assert out.mean() == value
            if args.old:
                old_engine = PlayerEngine(rules, exact=exact)
                old_engine.round_value()
                old, old_wall, old_cpu = timed(lambda: round_outcomes(old_engine, compiled=False))
                same = (old.joint == out.joint if exact
                        else max(abs(old.joint.get(k, 0) - p) for k, p in out.joint.items()) < 1e-12)
                line += f"  Python join {old_wall:6.1f} s ({old_cpu:6.1f} CPU, {old_cpu / o_cpu:5.1f}x; same: {same})"
            print(line, flush=True)


if __name__ == "__main__":
    main()
