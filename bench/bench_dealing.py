"""Dealing for a simulator: ``DealtShoe.deal_codes`` (small integers) against ``DealtShoe.deal`` (a
``Card`` a card), in the same process, and the snapshot of the counts a simulator passes to ``ret``.

    python bench/bench_dealing.py [--shoes 200] [--decks 8]
"""
from __future__ import annotations

import argparse
import random
import time

from odds import DealtShoe


def per_card(method: str, shoes: int, decks: int) -> float:
    """Seconds a card dealt 14 at a time (a round of five players and the dealer), the shuffles not counted."""
    ready = [DealtShoe(decks, random.Random(k)) for k in range(shoes)]
    total, t0 = 0, time.perf_counter()
    for dealt in ready:
        deal = getattr(dealt, method)
        while dealt.left >= 14:
            deal(14)
            total += 14
    return (time.perf_counter() - t0) / total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shoes", type=int, default=200)
    ap.add_argument("--decks", type=int, default=8)
    args = ap.parse_args()
    cards = per_card("deal", args.shoes, args.decks)
    codes = per_card("deal_codes", args.shoes, args.decks)
    dealt = DealtShoe(args.decks, random.Random(0))
    t0 = time.perf_counter()
    for _ in range(100_000):
        dealt.counts
    snapshot = (time.perf_counter() - t0) / 100_000
    print(f"deal (Card objects): {cards * 1e6:.3f} us a card")
    print(f"deal_codes (integers): {codes * 1e6:.3f} us a card")
    print(f"ratio: x{cards / codes:.1f} a card; the counts' snapshot {snapshot * 1e6:.2f} us")


if __name__ == "__main__":
    main()
