"""The command line's start-up: ``odds`` imported and its parser built, against the bare interpreter
started the same way in the same run (the baseline), the best of ``--repeat`` runs each.

    python bench/bench_startup.py [--repeat 15]

A script that calls ``odds`` many times pays this each call; the goal is 0.2 s for ``odds list``
(the wager registry loaded for the options every wager command takes). Run it with the Python of
an installed package (``pip install .`` compiles the modules to bytecode): an editable install
started with ``PYTHONDONTWRITEBYTECODE`` set compiles every module at each start, about 0.07 s
more on this machine. 2026-12-07, a clean install, 2 cores, best of 15: ``odds list`` 0.164 s,
``odds --version`` 0.169 s, the bare interpreter 0.013 s.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import time

COMMANDS = {
    "python -c pass (baseline)": [sys.executable, "-c", "pass"],
    "import odds": [sys.executable, "-c", "import odds"],
    "odds --version": [sys.executable, "-m", "odds", "--version"],
    "odds list": [sys.executable, "-m", "odds", "list"],
    "odds dealer --decks 6": [sys.executable, "-m", "odds", "dealer", "--decks", "6"],
}


def best(cmd: list[str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    base = None
    for label, cmd in COMMANDS.items():
        t = best(cmd, args.repeat)
        base = t if base is None else base
        print(f"{label:30s} {t:6.3f} s   x{t / base:5.1f} the bare interpreter")


if __name__ == "__main__":
    main()
