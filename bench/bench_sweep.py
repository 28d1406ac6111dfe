"""Sweep benchmark: shoes per second in one process, on a local Dask cluster of 1 and 2 workers, and
where a round's time goes.

    nice python bench/bench_sweep.py [--shoes 3000] [--chunk 100] [--wager buster ...] [--json out.json]

Six decks, 75% penetration, 5 spots, the paytables of the README's figures. The machines are
noisy and shared, so each figure is also given as a ratio against the one-process run made in the
same run of this script: one process, 1 worker and 2 workers run in turn, ``--repeats`` times, and
the fastest run of each counts. The clusters are started before their clock starts; their
start-up is timed on its own. The parts of a round are timed on their own, the fastest of three.
Every run must give the same numbers, and the script checks that too.
"""
from __future__ import annotations

import argparse
import json
import logging
import random
import time

from odds.sweep import SweepSpec, evaluator, play_round, run_sweep, shoe_seed

WAGERS = {"buster": ("C", "H17"), "ez-bust": ("PA", "H17"), "21+3": ("C", "S17"),
          "twenty-point-bonus": ("A", "S17")}


def spec_for(wager: str, shoes: int, chunk: int) -> SweepSpec:
    table, rule = WAGERS[wager]
    return SweepSpec(wager, table, 6, rule, shoes=shoes, seed=2024, chunk=chunk)


def breakdown(spec: SweepSpec, shoes: int = 40) -> dict:
    """Microseconds per round in each part of the work, measured on its own."""
    decide = evaluator(spec).decide
    base = [c for c in range(52) for _ in range(spec.decks)]
    states, deals, shuffle = [], [], 0.0
    for shoe in range(shoes):
        cards = list(base)
        t = time.perf_counter()
        random.Random(shoe_seed(spec.seed, shoe)).shuffle(cards)
        shuffle += time.perf_counter() - t
        left, pos = [spec.decks] * 52, 0
        while pos < spec.cut:
            states.append(list(left))
            deals.append((cards, pos))
            after = play_round(cards, pos, spec.spots, spec.rules.hits_soft_17, spec.peek)
            for c in cards[pos:after]:
                left[c] -= 1
            pos = after

    def fastest(work) -> float:
        times = []
        for _ in range(3):
            t = time.perf_counter()
            work()
            times.append(time.perf_counter() - t)
        return min(times)

    ret = fastest(lambda: [decide(counts, spec.exact) for counts in states])
    deal = fastest(lambda: [play_round(cards, pos, spec.spots, spec.rules.hits_soft_17, spec.peek)
                            for cards, pos in deals])
    n = len(states)
    return {"rounds_per_shoe": n / shoes, "return_us": 1e6 * ret / n, "deal_us": 1e6 * deal / n,
            "shuffle_us_per_round": 1e6 * shuffle / n}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shoes", type=int, default=3000)
    ap.add_argument("--chunk", type=int, default=100)
    ap.add_argument("--repeats", type=int, default=2, help="runs of each configuration; the fastest counts")
    ap.add_argument("--wager", action="append", choices=sorted(WAGERS))
    ap.add_argument("--json")
    args = ap.parse_args()
    from dask.distributed import Client, LocalCluster

    logging.getLogger("distributed").setLevel(logging.ERROR)  # the second cluster's shutdown chatter
    wagers = args.wager or list(WAGERS)
    report = {"shoes": args.shoes, "chunk": args.chunk, "wagers": {}}
    clusters = {}
    for n in (1, 2):
        t = time.perf_counter()
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=":0",
                               silence_logs=logging.ERROR)
        clusters[n] = (cluster, Client(cluster))
        report[f"cluster_{n}_startup_s"] = time.perf_counter() - t
    try:
        for wager in wagers:
            spec = spec_for(wager, args.shoes, args.chunk)
            run_sweep(spec_for(wager, 20, 10))  # warm the caches of this process
            for _, client in clusters.values():
                run_sweep(spec_for(wager, 20, 10), client=client)
            best, means = {}, set()
            for _ in range(args.repeats):  # one process, 1 worker, 2 workers, in turn
                for key, client in [("single", None)] + [(f"cluster_{n}", c) for n, (_, c) in clusters.items()]:
                    run = run_sweep(spec, client=client)
                    best[key] = min(best.get(key, run.seconds), run.seconds)
                    means.add(run.to_json()["return"]["mean"])
            assert len(means) == 1, f"{wager}: runs disagree"
            single = best["single"]
            row = {"rounds": run.tally.rounds, "single_shoes_per_s": args.shoes / single}
            for key in ("cluster_1", "cluster_2"):
                row[f"{key}_shoes_per_s"] = args.shoes / best[key]
                row[f"{key}_ratio"] = single / best[key]
            row.update(breakdown(spec))
            row["total_us_per_round"] = 1e6 * single / run.tally.rounds
            report["wagers"][wager] = row
            print(f"{wager:<20} {row['single_shoes_per_s']:7.0f} shoes/s in one process; "
                  f"cluster 1 worker x{row['cluster_1_ratio']:.2f}, 2 workers x{row['cluster_2_ratio']:.2f}  "
                  f"| per round {row['total_us_per_round']:.0f} us: return {row['return_us']:.0f}, "
                  f"deal {row['deal_us']:.0f}, shuffle {row['shuffle_us_per_round']:.0f}, rest "
                  f"{row['total_us_per_round'] - row['return_us'] - row['deal_us'] - row['shuffle_us_per_round']:.0f}",
                  flush=True)
    finally:
        for cluster, client in clusters.values():
            client.close()
            cluster.close()
    print(f"cluster start-up: 1 worker {report['cluster_1_startup_s']:.1f} s, "
          f"2 workers {report['cluster_2_startup_s']:.1f} s")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
