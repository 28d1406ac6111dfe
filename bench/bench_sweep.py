"""Sweep benchmark: shoes per second in one process, on a local Dask cluster of 1 and 2 workers, and
where a round's time goes.

    nice python bench/bench_sweep.py [--shoes 3000] [--chunk 100] [--wager buster ...] [--json out.json]

Six decks, 75% penetration, 5 spots, the paytables of the figures in docs/sweep.md. The machines are
noisy and shared, so each wall-clock figure is also given as a ratio against the one-process run
made in the same run of this script: one process, 1 worker and 2 workers run in turn,
``--repeats`` times, and the fastest run of each counts. The CPU time of every chunk is measured
in the process that ran it (``time.process_time``): CPU seconds per shoe hardly depend on what
else the machine runs, and are what a cluster estimate needs. The clusters are started before
their clock starts; their start-up is timed on its own. The parts of a round are timed on their
own (CPU time), the fastest of three. Every run must give the same tallies, and the script checks that too.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import random
import time

from odds.apps.sweep import (ChunkTask, SweepSpec, Tally, chunks, evaluator, make_plan, play_round, run_chunk,
                        shoe_seed)

WAGERS = {"buster": ("C", "H17"), "ez-bust": ("PA", "H17"), "21+3": ("C", "S17"),
          "twenty-point-bonus": ("A", "S17")}


def spec_for(wager: str, shoes: int, chunk: int) -> SweepSpec:
    table, rule = WAGERS[wager]
    return SweepSpec(wager, table, 6, rule, shoes=shoes, seed=2024, chunk=chunk)


def breakdown(spec: SweepSpec, shoes: int = 40) -> dict:
    """CPU microseconds per round in each part of the work, measured on its own."""
    decide = evaluator(spec).decide
    base = [c for c in range(52) for _ in range(spec.decks)]
    states, deals, shuffle = [], [], 0.0
    for shoe in range(shoes):
        cards = list(base)
        t = time.process_time()
        random.Random(shoe_seed(spec.seed, shoe)).shuffle(cards)
        shuffle += time.process_time() - t
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
            t = time.process_time()
            work()
            times.append(time.process_time() - t)
        return min(times)

    ret = fastest(lambda: [decide(counts, spec.exact) for counts in states])
    deal = fastest(lambda: [play_round(cards, pos, spec.spots, spec.rules.hits_soft_17, spec.peek)
                            for cards, pos in deals])
    n = len(states)
    return {"rounds_per_shoe": n / shoes, "return_us": 1e6 * ret / n, "deal_us": 1e6 * deal / n,
            "shuffle_us_per_round": 1e6 * shuffle / n}


def timed_chunk(task: ChunkTask, first: int, count: int):
    """A chunk and the CPU time it took in the process that ran it."""
    cpu = time.process_time()
    tally = run_chunk(task, first, count)
    return tally, time.process_time() - cpu


def run_parts(spec: SweepSpec, client=None) -> tuple[Tally, float, float]:
    """(tally, wall seconds, CPU seconds summed over the processes that ran the chunks)."""
    plan = make_plan(spec)
    task = ChunkTask(spec, plan.tags, plan.threshold)
    parts = chunks(spec)
    wall = time.perf_counter()
    if client is None:
        out = [timed_chunk(task, a, n) for a, n in parts]
    else:
        out = client.gather(client.map(timed_chunk, [task] * len(parts), [a for a, _ in parts],
                                       [n for _, n in parts], pure=False))
    wall = time.perf_counter() - wall
    total = Tally()
    for tally, _ in out:
        total.add(tally)
    return total, wall, sum(cpu for _, cpu in out)


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
    report = {"shoes": args.shoes, "chunk": args.chunk, "load_average_before": os.getloadavg(), "wagers": {}}
    clusters = {}
    for n in (1, 2):
        t = time.perf_counter()
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=":0",
                               silence_logs=logging.ERROR)
        clusters[n] = (cluster, Client(cluster))
        report[f"cluster_{n}_startup_s"] = time.perf_counter() - t
    configs = [("single", None)] + [(f"cluster_{n}", c) for n, (_, c) in clusters.items()]
    try:
        for wager in wagers:
            spec = spec_for(wager, args.shoes, args.chunk)
            for _, client in configs:  # warm the caches of every process
                run_parts(spec_for(wager, 20, 10), client)
            wall, cpu, tallies = {}, {}, []
            for _ in range(args.repeats):  # one process, 1 worker, 2 workers, in turn
                for key, client in configs:
                    tally, w, c = run_parts(spec, client)
                    wall[key], cpu[key] = min(wall.get(key, w), w), min(cpu.get(key, c), c)
                    tallies.append(tally)
            assert all(t == tallies[0] for t in tallies), f"{wager}: runs disagree"
            rounds = tallies[0].rounds
            row = {"rounds": rounds, "single_shoes_per_s": args.shoes / wall["single"],
                   "single_shoes_per_cpu_s": args.shoes / cpu["single"],
                   "cpu_us_per_round": 1e6 * cpu["single"] / rounds}
            for key in ("cluster_1", "cluster_2"):
                row[f"{key}_shoes_per_s"] = args.shoes / wall[key]
                row[f"{key}_ratio"] = wall["single"] / wall[key]
                row[f"{key}_cpu_us_per_round"] = 1e6 * cpu[key] / rounds
                # the share of the workers' wall time spent computing (the rest: waiting for a core)
                row[f"{key}_cpu_share"] = cpu[key] / (wall[key] * int(key[-1]))
            row["single_cpu_share"] = cpu["single"] / wall["single"]
            row.update(breakdown(spec))
            report["wagers"][wager] = row
            rest = row["cpu_us_per_round"] - row["return_us"] - row["deal_us"] - row["shuffle_us_per_round"]
            print(f"{wager:<19} one process {row['single_shoes_per_s']:5.0f} shoes/s (wall), "
                  f"{row['single_shoes_per_cpu_s']:5.0f} per CPU-s; wall ratio 1 worker x{row['cluster_1_ratio']:.2f}, "
                  f"2 workers x{row['cluster_2_ratio']:.2f} (CPU share of wall time {row['single_cpu_share']:.0%}, "
                  f"{row['cluster_1_cpu_share']:.0%}, {row['cluster_2_cpu_share']:.0%}) | CPU per round {row['cpu_us_per_round']:.0f} us "
                  f"(workers {row['cluster_1_cpu_us_per_round']:.0f}, {row['cluster_2_cpu_us_per_round']:.0f}): "
                  f"return {row['return_us']:.0f}, deal {row['deal_us']:.0f}, "
                  f"shuffle {row['shuffle_us_per_round']:.0f}, tally and count {rest:.0f}", flush=True)
    finally:
        for cluster, client in clusters.values():
            client.close()
            cluster.close()
    report["load_average_after"] = os.getloadavg()
    print(f"cluster start-up: 1 worker {report['cluster_1_startup_s']:.1f} s, "
          f"2 workers {report['cluster_2_startup_s']:.1f} s; load average before "
          f"{report['load_average_before'][0]:.1f}, after {report['load_average_after'][0]:.1f} (2 cores)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
