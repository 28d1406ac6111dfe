"""Stress run: books and sweeps built at once into shared folders, a shared cache and a shared
checkpoint, killed at random, and every output that survives checked against a clean build.

    nice python bench/stress.py [--rounds 6] [--jobs 4] [--seed 1] [--keep DIR]

Each round starts ``--jobs`` runs together: ``odds report`` books of EZ Bust and Bust It at one
deck into one ``--out`` folder through one ``--cache``, and ``odds sweep`` runs of Buster through
one ``--checkpoint`` folder. Each run is, at random, left to finish, killed (SIGKILL) or
interrupted (SIGINT) after a random time. After every round:

- the book at ``--out``, if there is one, is whole: its ``SHA256SUMS`` names every file and each
  sum is right, and every file equals the clean book's (``--no-cache``, built alone first), the
  index compared without its note of the sheets read back from the cache;
- every sweep that finished printed the clean sweep's JSON (no checkpoint, built alone first);
- a run that was not killed ended with status 0, or 130 when interrupted; any other status is a
  failure, as is a traceback on its standard error.

After the last round one more book and sweep are run to the end: they must equal the clean ones,
and the shared folders must hold no debris (no ``.*.building-*``, ``.*.old-*`` or ``.*.tmp``).
The script prints one line a round and exits 1 on the first mismatch, naming it.

On this project's two-core test machine, six rounds of four runs take about a minute and a half.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ODDS = [sys.executable, "-m", "odds"]
BOOK = ["report", "--only", "ez-bust,bust-it", "--decks", "1"]
SWEEP = ["sweep", "buster", "--decks", "6", "--paytable", "C", "--shoes", "60", "--chunk", "5", "--no-dask",
         "--format", "json"]
# the index's note of the sheets that took results read back from the cache (the one line a warm book adds)
CACHE_NOTE = re.compile(r'<p class="note">[^\n]*read back from odds\'s disk cache[^\n]*</p>\n')
DEBRIS = re.compile(r"^\..*(\.building-|\.old-|\.tmp$)")


class Mismatch(Exception):
    """A surviving output that is not the clean build's, or a run that ended as none should."""


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(ODDS + args, cwd=cwd, capture_output=True, text=True, check=False)


def book_files(book: Path) -> dict[str, bytes]:
    """The book's files by relative path, the index without its cache note, after checking its sums."""
    sums = {}
    for line in (book / "SHA256SUMS").read_text().splitlines():
        digest, name = line.split(maxsplit=1)
        sums[name.lstrip("*")] = digest
    files = {str(p.relative_to(book)): p.read_bytes() for p in sorted(book.rglob("*")) if p.is_file()}
    for name, data in files.items():
        if name != "SHA256SUMS" and sums.get(name) != hashlib.sha256(data).hexdigest():
            raise Mismatch(f"{book}/{name}: not as SHA256SUMS says")
    if set(sums) != set(files) - {"SHA256SUMS"}:
        raise Mismatch(f"{book}: SHA256SUMS names {sorted(set(sums) ^ (set(files) - {'SHA256SUMS'}))} wrongly")
    files.pop("SHA256SUMS")
    files["index.html"] = CACHE_NOTE.sub("", files["index.html"].decode()).encode()
    return files


def same_book(book: Path, clean: dict[str, bytes]) -> None:
    got = book_files(book)
    if got.keys() != clean.keys():
        raise Mismatch(f"{book}: files {sorted(got.keys() ^ clean.keys())} differ from the clean book's")
    for name in got:
        if got[name] != clean[name]:
            raise Mismatch(f"{book}/{name}: differs from the clean book's")


def ended_well(proc: subprocess.Popen, how: str, err: str) -> None:
    expected = {"finish": {0}, "interrupt": {0, 130, -signal.SIGINT}, "kill": {0, -signal.SIGKILL}}[how]
    if proc.returncode not in expected or "Traceback" in err:
        raise Mismatch(f"{' '.join(proc.args[3:5])} ({how}) ended with status {proc.returncode}: {err.strip()[-400:]}")


def stress_round(shared: Path, jobs: int, rng: random.Random, clean_book: dict, clean_sweep: dict) -> str:
    procs = []
    for j in range(jobs):
        args = (BOOK + ["--out", str(shared / "book"), "--cache", str(shared / "cache")] if j % 2 == 0
                else SWEEP + ["--checkpoint", str(shared / "checkpoint")])
        how = rng.choice(["finish", "kill", "interrupt"])
        procs.append((subprocess.Popen(ODDS + args, cwd=shared, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       text=True), how, time.monotonic() + rng.uniform(0.0, 2.5), args[0]))
    tally = {"finish": 0, "kill": 0, "interrupt": 0}
    for proc, how, when, command in procs:
        if how != "finish":
            time.sleep(max(0.0, when - time.monotonic()))
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL if how == "kill" else signal.SIGINT)
        out, err = proc.communicate(timeout=600)
        ended_well(proc, how, err)
        tally[how] += 1
        if command == "sweep" and proc.returncode == 0 and json.loads(out) != clean_sweep:
            raise Mismatch("a sweep through the shared checkpoint printed figures other than the clean sweep's")
    if (shared / "book").exists():
        same_book(shared / "book", clean_book)
    return ", ".join(f"{n} {how}" for how, n in tally.items())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--jobs", type=int, default=4, help="runs started together in a round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="work in this (new) folder and keep it, else a temporary one")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    scratch = Path(tempfile.mkdtemp(prefix="odds-stress-")) if args.keep is None else args.keep
    scratch.mkdir(parents=True, exist_ok=True)
    try:
        start = time.monotonic()
        reference = run(BOOK + ["--out", str(scratch / "clean-book"), "--no-cache"], scratch)
        sweep = run(SWEEP, scratch)
        if reference.returncode or sweep.returncode:
            print(f"the clean build failed: {reference.stderr}{sweep.stderr}", file=sys.stderr)
            return 1
        clean_book, clean_sweep = book_files(scratch / "clean-book"), json.loads(sweep.stdout)
        shared = scratch / "shared"
        shared.mkdir()
        for n in range(1, args.rounds + 1):
            print(f"round {n}: {stress_round(shared, args.jobs, rng, clean_book, clean_sweep)}: outputs as clean",
                  flush=True)
        final_book = run(BOOK + ["--out", str(shared / "book"), "--cache", str(shared / "cache")], shared)
        final_sweep = run(SWEEP + ["--checkpoint", str(shared / "checkpoint")], shared)
        if final_book.returncode or final_sweep.returncode:
            raise Mismatch(f"the last runs failed: {final_book.stderr}{final_sweep.stderr}")
        same_book(shared / "book", clean_book)
        if json.loads(final_sweep.stdout) != clean_sweep:
            raise Mismatch("the last sweep printed figures other than the clean sweep's")
        debris = [str(p.relative_to(shared)) for p in shared.rglob("*") if DEBRIS.match(p.name)]
        if debris:
            raise Mismatch(f"debris left in the shared folders: {debris}")
        print(f"{args.rounds} rounds of {args.jobs} runs in {time.monotonic() - start:.0f} s: every surviving "
              f"output equals the clean build, no debris")
        return 0
    except Mismatch as exc:
        print(f"MISMATCH: {exc} (kept in {scratch})", file=sys.stderr)
        args.keep = scratch
        return 1
    finally:
        if args.keep is None:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
