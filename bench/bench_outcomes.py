"""Round outcome benchmark: the exact law of a round's result (odds.engine.outcomes), six decks, timed.

    python bench/bench_outcomes.py [--rule S17] [--no-das] [--hands 2 3] [--modes float exact] [--old]

One row for each number of hands a pair may become (aces once) and each arithmetic: the value
engine's ``round_value`` (its decisions are what the outcome walk plays), then ``round_outcomes``
on the same engine as it runs by default (the split kernel's calls on ``THREADS`` threads, exact
sums by halves of residues, a large pair's unions shared out among several calls), then the
baseline in the same process on a fresh engine: one thread, one call a pair and the exact sums in
128 bits, as the kernel ran before. Wall and CPU seconds, the ratio of
the baseline's wall time to the default's, the most unions one kernel call held at once, and the
process's peak memory so far. ``--old`` also times the plain Python join of the split hands
(``compiled=False``) and checks that it gives the same law. A one-deck round is walked first,
untimed, so that the first row does not carry the imports that every later run is spared, and
each timed run computes the dealer's rows of the hands not split afresh. Split to 4 hands is slow on a full shoe (about 6 minutes on two cores and 3.6 GB
exact): ask for it with ``--hands 4`` (or on fewer decks, ``--decks 2``).
"""
from __future__ import annotations

import argparse
import resource
import time

from odds import DealerRules
from odds.core.game_rules import GameRules
from odds.engine import outcomes
from odds.engine.dealer import dealer_finals
from odds.engine.outcomes import round_outcomes
from odds.engine.player import PlayerEngine


def timed(fn):
    """``fn()``, its wall and CPU seconds; the dealer's rows of the hands not split computed afresh
    (their cache would otherwise favour the run that comes second)."""
    dealer_finals.cache_clear()
    wall, cpu = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - wall, time.process_time() - cpu


def peak_rows(hits_soft_17: bool, reset: bool = False) -> int:
    """The most unions one kernel call held at once (since the last reset)."""
    kernels = [outcomes._split_kernel(hits_soft_17, k) for k in range(max(outcomes.THREADS, 1))]
    most = max(k.peak_rows for k in kernels)
    for k in kernels if reset else ():
        k.peak_rows = 0
    return most


def baseline(rules: GameRules, exact: bool):
    """``round_outcomes`` with one thread, one call a pair (its unions not shared out in parts)
    and the exact sums in 128 bits."""
    threads, parts = outcomes.THREADS, outcomes._parts
    kernels = [outcomes._split_kernel(rules.dealer.hits_soft_17, k) for k in range(max(threads, 1))]
    narrow = [k.narrow_bits for k in kernels]
    outcomes.THREADS = 1
    outcomes._parts = lambda rows, row_bytes: 1
    for k in kernels:
        k.narrow_bits = 0
    try:
        engine = PlayerEngine(rules, exact=exact)
        engine.round_value()
        return timed(lambda: round_outcomes(engine))
    finally:
        outcomes.THREADS, outcomes._parts = threads, parts
        for k, bits in zip(kernels, narrow):
            k.narrow_bits = bits


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", type=int, default=6)
    ap.add_argument("--rule", default="S17")
    ap.add_argument("--no-das", action="store_true")
    ap.add_argument("--hands", type=int, nargs="+", default=[2, 3], choices=(2, 3, 4))
    ap.add_argument("--modes", nargs="+", default=["float", "exact"], choices=("float", "exact"))
    ap.add_argument("--no-baseline", action="store_true", help="skip the one-thread, 128-bit baseline")
    ap.add_argument("--old", action="store_true", help="also time the plain Python join (slow)")
    args = ap.parse_args()
    warm = GameRules(decks=1, dealer=DealerRules.parse(args.rule), das=not args.no_das, split_hands=2)
    round_outcomes(PlayerEngine(warm, exact=True))
    print(f"{'case':34} {'round_value':>17} {'round_outcomes':>17} {'baseline':>17} {'ratio':>6} "
          f"{'unions':>10} {'peak MB':>8}   (wall s / CPU s)")
    for hands in args.hands:
        rules = GameRules(decks=args.decks, dealer=DealerRules.parse(args.rule), das=not args.no_das,
                          split_hands=hands)
        for mode in args.modes:
            exact = mode == "exact"
            engine = PlayerEngine(rules, exact=exact)
            peak_rows(rules.dealer.hits_soft_17, reset=True)
            (value, _), v_wall, v_cpu = timed(engine.round_value)
            out, o_wall, o_cpu = timed(lambda: round_outcomes(engine))
            rows = peak_rows(rules.dealer.hits_soft_17)
            peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # before the baseline's
            if exact:
                assert out.mean() == value
            case = f"{args.decks} decks {args.rule} {'no DAS' if args.no_das else 'DAS'} to {hands}, {mode}"
            line = f"{case:34} {v_wall:7.2f} / {v_cpu:7.2f} {o_wall:7.2f} / {o_cpu:7.2f} "
            if args.no_baseline:
                line += f"{'-':>17} {'-':>6} "
            else:
                base, b_wall, b_cpu = baseline(rules, exact)
                assert base.joint == out.joint if exact else all(abs(base.joint[k] - p) < 1e-12
                                                                   for k, p in out.joint.items())
                line += f"{b_wall:7.2f} / {b_cpu:7.2f} {b_wall / o_wall:5.2f}x "
            line += f"{rows:10,} {peak_mb:8.0f}"
            if args.old:
                old_engine = PlayerEngine(rules, exact=exact)
                old_engine.round_value()
                old, old_wall, old_cpu = timed(lambda: round_outcomes(old_engine, compiled=False))
                same = (old.joint == out.joint if exact
                        else max(abs(old.joint.get(k, 0) - p) for k, p in out.joint.items()) < 1e-12)
                line += f"  Python join {old_wall:6.1f} s ({old_cpu:6.1f} CPU, {old_wall / o_wall:5.1f}x; same: {same})"
            print(line, flush=True)


if __name__ == "__main__":
    main()
