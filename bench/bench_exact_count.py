"""The exact counting analysis against the sweep it stands beside, in the same run: seconds and the
most memory for the whole exact analysis of one wager (its deal law, the law of the count, the
return given it at every round start, the counter's and the best count's figures), and seconds for a
sweep of ``--shoes`` shoes in one process (the figures the analysis replaces).

    python bench/bench_exact_count.py [--shoes 100000] [--wager buster ...]

Six decks, 75% penetration, 5 spots, the count the sweep derives (its level of 1 to 3). The goal is
at most 10 s a wager for the exact analysis (floor 60 s) on a 2-core machine. The memory is the
largest resident size of a process that runs the exact analysis alone (Python's own included).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import time

from odds.apps.sweep import SweepSpec, make_plan, run_sweep
from odds.apps.sweep_exact import exact_counting

WAGERS = {"buster": ("C", "H17"), "ez-bust": ("PA", "H17"), "21+3": ("C", "S17"), "royal-match-21": ("A", "S17"),
          "super-sevens": ("A", "S17"), "in-between": ("A", "S17"), "kings-bounty": ("A", "S17")}


def _peak_mb(name: str, table: str, rule: str) -> float:
    """The largest resident size (MB) of a fresh process that runs the exact analysis alone."""
    script = ("import resource; from odds.apps.sweep import SweepSpec, make_plan; "
              "from odds.apps.sweep_exact import exact_counting; "
              f"spec = SweepSpec({name!r}, {table!r}, 6, {rule!r}); exact_counting(spec, make_plan(spec)); "
              "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return int(done.stdout.split()[-1]) / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shoes", type=int, default=100_000)
    ap.add_argument("--wager", action="append", choices=sorted(WAGERS))
    args = ap.parse_args()
    print(f"{'wager':16s}{'exact s':>9s}{'peak MB':>9s}{'levels':>7s}{'sweep s':>9s}{'ratio':>8s}   "
          "exact gain/round  sweep gain/round [95%]")
    for name in args.wager or list(WAGERS):
        table, rule = WAGERS[name]
        spec = SweepSpec(name, table, 6, rule, shoes=args.shoes)
        plan = make_plan(spec)
        t0 = time.perf_counter()
        exact = exact_counting(spec, plan)
        t_exact = time.perf_counter() - t0
        peak = _peak_mb(name, table, rule)
        t0 = time.perf_counter()
        swept = run_sweep(spec, workers=0)
        t_sweep = time.perf_counter() - t0
        from odds.apps.sweep_report import counter_interval, unfix
        t = swept.tally
        ci = counter_interval(t)
        gain = "-" if exact.counter is None else f"{float(exact.counter.value_per_round):+.6%}"
        print(f"{name:16s}{t_exact:9.1f}{peak:9.0f}{len(set(plan.tags)):7d}{t_sweep:9.1f}{t_sweep / t_exact:7.1f}x   "
              f"{gain:>16s}  {unfix(t.bet_v) / t.rounds:+.6%}"
              + ("" if ci is None else f" [{ci[0]:+.6%}, {ci[1]:+.6%}]"))


if __name__ == "__main__":
    main()
