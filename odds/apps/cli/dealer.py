"""``odds dealer``: the dealer's final-hand distribution, as a table, JSON or CSV."""
from __future__ import annotations

import argparse
import csv
from typing import Optional, Sequence
import io
import json

from odds.core.cards import parse_cards
from odds.core.formats import decimal_text, fraction_text, text_table
from odds.core.rules import DealerRules
from odds.core.shoe import Shoe
from odds.engine.dealer import UPCARDS, DealerDistribution, DealerTable, dealer_table
from odds.engine.dealer_graph import RESULTS

from .arguments import (FORMAT_HELP, UsageError, add_decks)


def dealer_json(table: DealerTable, decks: int, removed: list, upcards: Sequence[str]) -> dict:
    """The JSON contract of ``odds dealer`` (docs/json.md)."""

    def dist(d: Optional[DealerDistribution]) -> Optional[dict]:
        if d is None:
            return None
        return {"final": {r: fraction_text(p) for r, p in d.final().items()},
                "bust_by_cards": {str(k): fraction_text(p) for k, p in d.bust_by_cards().items()}}

    return {"decks": decks, "rule": table.rules.name, "peek": table.rules.peek,
            "removed": [str(c) for c in removed],
            "by_upcard": {u: dist(table.by_upcard[u]) for u in upcards},
            "overall": dist(table.overall)}


def _dealer_rows(table: DealerTable, upcards: Sequence[str]) -> list[tuple[str, Optional[DealerDistribution]]]:
    return [(u, table.by_upcard[u]) for u in upcards] + [("all", table.overall)]


def dealer_text(table: DealerTable, decks: int, removed: list, upcards: Sequence[str], fractions: bool) -> str:
    fmt = fraction_text if fractions else decimal_text
    header = ["up"] + list(RESULTS) + [f"bust{k}" for k in range(3, 8)] + ["bust8+"]
    body = []
    for u, d in _dealer_rows(table, upcards):
        if d is None:
            body.append([u] + ["-"] * (len(header) - 1))
            continue
        final, by = d.final(), d.bust_by_cards()
        eight_plus = sum((p for k, p in by.items() if k >= 8), 0 * final["bust"])
        body.append([u] + [fmt(final[r]) for r in RESULTS] + [fmt(by.get(k, 0)) for k in range(3, 8)]
                    + [fmt(eight_plus)])
    title = (f"Dealer's final hand: {decks} deck(s), {table.rules.describe()}"
             + (f"; removed: {' '.join(map(str, removed))}" if removed else ""))
    notes = ["rows: probability given the up card" + (
        "; A and T rows given no dealer blackjack (peek)" if table.rules.peek else "")
        + "; 'all': averaged over the up card, blackjack kept",
        "bustK: bust with exactly K cards in the dealer's hand (up card and hole card included)"]
    if not fractions:
        notes.append("decimals rounded to 6 places; --fractions prints the exact values")
    return "\n".join([title, "", text_table(header, body, right=range(1, len(header))), ""] + notes)


def dealer_csv(table: DealerTable, upcards: Sequence[str]) -> str:
    rows = _dealer_rows(table, upcards)
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["upcard", "result", "cards", "probability", "decimal"])
    for u, d in rows:
        if d is None:
            continue
        for (r, k), p in sorted(d.joint.items(), key=lambda kv: (RESULTS.index(kv[0][0]), kv[0][1])):
            w.writerow([u, r, k, fraction_text(p), repr(float(p))])
    return out.getvalue()


def cmd_dealer(args: argparse.Namespace) -> str:
    rules = DealerRules.parse(args.rule, peek=not args.no_peek)
    removed = parse_cards(args.remove or "")
    shoe = Shoe.decks(args.decks).remove(removed)
    upcards = UPCARDS
    if args.upcard:
        up = parse_cards(args.upcard)
        if len(up) != 1:
            raise UsageError(f"--upcard takes one card, got {args.upcard!r}")
        upcards = (UPCARDS[up[0].value - 1],)
    table = dealer_table(shoe, rules)
    if args.format == "json":
        return json.dumps(dealer_json(table, args.decks, removed, upcards), indent=1)
    if args.format == "csv":
        return dealer_csv(table, upcards).rstrip("\n")
    return dealer_text(table, args.decks, removed, upcards, args.fractions)


def add_dealer_parser(sub: argparse._SubParsersAction) -> None:
    """The ``odds dealer`` command's arguments."""
    d = sub.add_parser("dealer", help="the dealer's final-hand distribution for a shoe")
    add_decks(d)
    d.add_argument("--rule", default="S17", help="S17 (stands on soft 17, default) or H17")
    d.add_argument("--no-peek", action="store_true", help="no hole-card peek for blackjack")
    d.add_argument("--remove", default="", help='known cards taken out first, e.g. "AS TH 5C"')
    d.add_argument("--upcard", help="only this up card (A, 2..9, T)")
    d.add_argument("--format", choices=("table", "json", "csv"), default="table",
                   help=FORMAT_HELP)
    d.add_argument("--fractions", action="store_true", help="exact fractions in the table")
    d.set_defaults(run=cmd_dealer)
