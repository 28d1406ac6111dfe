"""The ``odds`` command.

Errors in the input print one line, ``odds: <what is wrong>``, and exit with status 2.
"""
from __future__ import annotations

import argparse
import csv
import dataclasses
import io
import json
import sys

from odds import __version__
from odds.core.cards import parse_cards, value_label
from odds.engine.dealer import UPCARDS, dealer_table
from odds.engine.dealer_graph import RESULTS
from odds.core.errors import OddsError, WagerError
from odds.core.formats import decimal_text, fraction_text, text_table
from odds.wagers.paytables import builtin_paytables, load_paytable_file
from odds.core.rules import DealerRules
from odds.core.shoe import Shoe
from odds.wagers import WAGERS, get_wager
from odds.wagers.dealer_bust import ez_bust_search


class UsageError(OddsError):
    """Bad command-line arguments."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit status 2, no usage dump
        raise UsageError(f"{self.prog.split()[-1]}: {message}")


def _whole_number(least: int):
    """An argparse type: a whole number of at least ``least``."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None
        if n < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, got {n}")
        return n
    return parse


_decks = _whole_number(1)
_rounds = _whole_number(2)


# ---------------------------------------------------------------------------------------- dealer

def dealer_json(table, decks: int, removed: list, upcards) -> dict:
    """The JSON contract of ``odds dealer`` (docs/json.md)."""

    def dist(d):
        if d is None:
            return None
        return {"final": {r: fraction_text(p) for r, p in d.final().items()},
                "bust_by_cards": {str(k): fraction_text(p) for k, p in d.bust_by_cards().items()}}

    return {"decks": decks, "rule": table.rules.name, "peek": table.rules.peek,
            "removed": [str(c) for c in removed],
            "by_upcard": {u: dist(table.by_upcard[u]) for u in upcards},
            "overall": dist(table.overall)}


def _dealer_rows(table, upcards):
    return [(u, table.by_upcard[u]) for u in upcards] + [("all", table.overall)]


def dealer_text(table, decks, removed, upcards, fractions: bool) -> str:
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


def dealer_csv(table, upcards) -> str:
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


def cmd_dealer(args) -> str:
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


# ----------------------------------------------------------------------------------------- wagers

def _select_paytable(wager, args):
    book = load_paytable_file(args.paytable_file) if args.paytable_file else builtin_paytables(wager.name)
    if book.wager != wager.name:
        raise WagerError(f"{book.source} holds paytables for {book.wager}, not {wager.name}")
    if args.paytable is None:
        if len(book.tables) != 1:
            raise WagerError(f"{wager.name} has paytables {', '.join(book.tables)}: choose one with --paytable")
        table = next(iter(book.tables.values()))
    elif args.paytable not in book.tables:
        raise WagerError(f"{wager.name} has no paytable {args.paytable!r} in {book.source} "
                         f"(it has {', '.join(book.tables)})")
    else:
        table = book.tables[args.paytable]
    if not table.allows(args.decks) and not args.any_decks:
        raise WagerError(f"{wager.name} paytable {table.id} is for {', '.join(map(str, table.decks))} "
                         f"deck(s) ({table.citation}), not {args.decks} (--any-decks computes it anyway)")
    return book, table


def _wager_flags() -> dict[str, str]:
    """Every wager option the command line knows, with its flag (from the wagers' records)."""
    flags: dict[str, str] = {}
    for w in WAGERS.values():
        flags.update(w.options.flags())
    return flags


def cmd_wager(args) -> str:
    if args.name in GAME_COMMANDS:
        if args.format not in ("table", "json"):
            raise UsageError(f"{args.name}: --format table or json")
        return GAME_COMMANDS[args.name](args)
    wager = get_wager(args.name)
    rules = DealerRules.parse(args.rule, peek=not args.no_peek)
    for opt, flag in _wager_flags().items():
        if getattr(args, opt, None) not in (None, "", False) and opt not in wager.options.names():
            raise UsageError(f"{flag} does not apply to {wager.name}")
    if args.search:
        if wager.name != "ez-bust":
            raise UsageError("--search applies to ez-bust only")
        return ez_bust_search_text(ez_bust_search(args.decks, rules), args.decks, rules)
    book, table = _select_paytable(wager, args)
    shoe = Shoe.decks(args.decks).remove(parse_cards(args.remove or ""))
    options = {name: getattr(args, name) for name in wager.options.names()}
    if options.get("split_sevens") is not None:
        options["split_sevens"] = [c.rank for c in parse_cards(options["split_sevens"])]
    sheet = wager.price(shoe, rules, table, args.decks, options, extras=book.extra)
    if not table.allows(args.decks):
        sheet = dataclasses.replace(sheet, warnings=sheet.warnings + (
            f"paytable {table.id} is for {', '.join(map(str, table.decks))} deck(s) only "
            f"({table.citation}); computed at {args.decks} on request",))
    return sheet.render(args.format, fractions=args.fractions)


def ez_bust_search_text(results, decks, rules) -> str:
    favourable = [r for r in results if r[0] > 0]
    lines = [f"EZ Bust: the player's two cards and the up card, {decks} deck(s), {rules.name}",
             f"{len(results)} situations searched; {len(favourable)} favourable to the player", ""]
    header = ["player", "up", "return", "exact"]
    rows = [[hand, up, decimal_text(ret, 6), fraction_text(ret)] for ret, hand, up in results[:10]]
    lines.append("best ten:")
    lines.append(text_table(header, rows, right=(2,)))
    return "\n".join(lines)


def cmd_list(args) -> str:
    lines = []
    for name, wager in WAGERS.items():
        book = builtin_paytables(name)
        lines.append(f"{name}: {wager.title} ({wager.regulation}), file {book.source}")
        for t in book.tables.values():
            decks = "any" if t.decks is None else ", ".join(map(str, t.decks))
            pays = ", ".join(f"{k} {fraction_text(v)}" for k, v in t.pays.items())
            lines.append(f"  {t.id:<4} decks {decks:<12} {t.citation}")
            lines.append(f"       pays (to 1): {pays}")
        for bid, b in book.extra.get("bonuses", {}).items():
            lines.append(f"  {bid:<4} bonus: {b.get('citation', '')}")
    return "\n".join(lines)


def _game_rules(args):
    from fractions import Fraction
    from odds.core.game_rules import GameRules

    def odds_ratio(flag, text):
        if text is None:
            return None
        try:
            return Fraction(text.replace(":", "/"))
        except (ValueError, ZeroDivisionError):
            raise UsageError(f"{flag}: cannot read {text!r} (write odds such as 3:2 or 2:1)") from None

    return GameRules.from_options(args.decks, DealerRules.parse(args.rule, peek=not args.no_peek),
                     blackjack_pays=odds_ratio("--bj-pays", args.bj_pays), double=args.double, das=args.das,
                     split_hands=args.split_hands, hit_split_aces=args.hit_split_aces,
                     resplit_aces=args.resplit_aces, surrender=args.surrender,
                     original_bets_only=args.original_bets_only,
                     bonus_678_suited=odds_ratio("--bonus-678", args.bonus_678),
                     bonus_777=odds_ratio("--bonus-777", args.bonus_777),
                     bonus_posted_blackjack=odds_ratio("--bonus-posted", args.bonus_posted),
                     bonus_five_card_21=odds_ratio("--bonus-five-card", args.bonus_five_card),
                     double_rescue=args.double_rescue)


SPLIT_METHOD = ("exact for the stated post-split play: {play}; a pair card dealt to a split hand is resplit "
                "while the rules allow more hands; summed over every pattern of pair and non-pair second cards")
SPLIT_PLAY = {
    "composition": "each split hand takes the option best for its own cards and the up card with the other "
                   "pair card gone",
    "basic": "each split hand plays the total-dependent chart (its two cards take the row of their total, "
             "doubling only with DAS)",
}


STRATEGY_TEXT = {
    "composition": "composition-dependent (each decision best for the hand's cards and the up card)",
    "basic": "total-dependent basic strategy computed for the rules (one decision per total, soft or hard, "
             "and up card: first decisions per two-card total, soft total or pair; stand or hit for three "
             "cards or more)",
}


def _engine(args, rules):
    from odds.engine.player import PlayerEngine
    from odds.engine.strategy import TotalDependentEngine
    kind = TotalDependentEngine if args.strategy == "basic" else PlayerEngine
    return kind(rules, exact=not args.float)


def cmd_game(args):
    rules = _game_rules(args)
    if args.effects:
        return _rule_effects_text(args, rules)
    engine = _engine(args, rules)
    ev, _ = engine.round_value()
    edge = -ev
    doc = {"house_edge": fraction_text(edge), "house_edge_decimal": float(edge), "exact": not args.float,
           "rules": {"decks": rules.decks, "rule": rules.dealer.name, "peek": rules.dealer.peek,
                     "blackjack_pays": fraction_text(rules.blackjack_pays), "double": rules.double,
                     "original_bets_only": rules.original_bets_only,
                     "das": rules.das, "split_hands": rules.split_hands, "resplit_aces": rules.resplit_aces,
                     "hit_split_aces": rules.hit_split_aces, "surrender": rules.surrender,
                     "double_rescue": rules.double_rescue,
                     **{name: fraction_text(getattr(rules, name)) for name in (
                         "bonus_678_suited", "bonus_777", "bonus_posted_blackjack", "bonus_five_card_21")
                        if getattr(rules, name) is not None}},
           "strategy": args.strategy,
           "split_method": SPLIT_METHOD.format(play=SPLIT_PLAY[args.strategy])}
    if args.format == "json":
        return json.dumps(doc, indent=1)
    return "\n".join([f"Blackjack, {rules.describe()}",
                      f"house edge       {float(edge) * 100:.6f}%" + ("" if args.float else f"   = {doc['house_edge']}"),
                      f"strategy         {STRATEGY_TEXT[args.strategy]}",
                      f"splits           {doc['split_method']}"])


def _rule_effects_text(args, rules):
    from odds.games.rule_effects import rule_effects
    if args.strategy != "composition":
        raise UsageError("--effects computes composition-dependent play")
    rows = rule_effects(rules, exact=not args.float)
    if args.format == "json":
        return json.dumps({"rules": rules.describe(), "exact": not args.float, "strategy": "composition",
                           "variations": [{"name": r.name, "rules": r.rules.describe(),
                                           "house_edge": fraction_text(r.house_edge) if not args.float else None,
                                           "house_edge_decimal": float(r.house_edge),
                                           "change": fraction_text(r.change) if not args.float else None,
                                           "change_decimal": float(r.change)} for r in rows]}, indent=1)
    table = text_table(["rules", "house edge", "change"],
                       [[r.name, f"{float(r.house_edge) * 100:.4f}%", f"{float(r.change) * 100:+.4f}%"] for r in rows],
                       right=(1, 2))
    return "\n".join([f"Rule options, each on its own: {rules.describe()}",
                      "composition-dependent play" + ("" if args.float else "; exact house edges in --format json"),
                      "", table])


def cmd_strategy(args):
    from odds.engine.strategy import LETTERS, UP_ORDER, basic_strategy_chart
    rules = _game_rules(args)
    engine = _engine(args, rules)
    ups = [value_label(u) for u in UP_ORDER]
    if args.strategy == "basic":
        chart = basic_strategy_chart(rules, engine=engine)
        names = {"hard": lambda t: str(t), "soft": lambda t: f"A{t - 11}", "pair": lambda t: value_label(t) * 2}
        rows = [[names[kind](t)] + [chart[(kind, t)].get(u, "-") for u in ups]
                for kind in ("hard", "soft", "pair") for t in sorted(t for k, t in chart if k == kind)]
        later = [[f"{'soft' if soft else 'hard'} {t}"] + [LETTERS[engine.play_on[(t, soft, u)]] for u in UP_ORDER]
                 for soft in (False, True) for t in range(20, 11 if soft else 3, -1)]
        title = "Total-dependent basic strategy: first decisions (two cards)"
        return "\n".join([f"{title}, {rules.describe()}", "S stand, H hit, D double, P split, R surrender", "",
                          text_table(["hand"] + ups, rows), "",
                          "Three cards or more",
                          text_table(["total"] + ups, later)])
    else:
        _, choices = engine.round_value()
        rows = [[f"{value_label(a)}{value_label(b)}"] + [LETTERS[choices[(a, b, u)]] if (a, b, u) in choices else "-"
                                                         for u in UP_ORDER]
                for a in range(1, 11) for b in range(a, 11) if {a, b} != {1, 10}]
        title = "Composition-dependent first decisions"
    return "\n".join([f"{title}, {rules.describe()}", "S stand, H hit, D double, P split, R surrender", "",
                      text_table(["hand"] + ups, rows)])


def cmd_burnout(args):
    from odds.games.burnout import burnout_report, burnout_rules
    rules = burnout_rules(args.rule, das=not args.no_das, decks=args.decks)
    readings = ("any-card", "no-bust") if args.reading == "both" else (args.reading,)
    reports = [burnout_report(rules, r, exact=not args.float) for r in readings]
    if args.format == "json":
        docs = [r.to_json() for r in reports]
        return json.dumps(docs[0] if len(docs) == 1 else docs, indent=1)
    return "\n\n".join(r.to_text() for r in reports)


def _ratio(flag: str, text: str):
    from fractions import Fraction
    try:
        return Fraction(text.replace(":", "/"))
    except (ValueError, ZeroDivisionError):
        raise UsageError(f"{flag}: {text!r} is not a payout like 3:2 or 1:1") from None


def cmd_switch(args) -> str:
    """Blackjack Switch (58 Pa. Code 633a.12(a)): house edge per wager, switch and play strategy.
    Reached from `odds wager switch` too, where the switch options keep their defaults."""
    from odds.core.game_rules import GameRules
    from odds.games.switch import SwitchGame, SwitchRules, switch_table
    opt = lambda name, default: getattr(args, name, default)  # noqa: E731
    rules = SwitchRules(
        GameRules.from_options(args.decks, DealerRules.parse(args.rule),
                  blackjack_pays=_ratio("--bj-pays", opt("bj_pays", "3:2")), double=opt("double", "any"),
                  das=not opt("no_das", False), split_hands=opt("switch_split_hands", 4),
                  resplit_aces=bool(opt("resplit_aces", False)), hit_split_aces=bool(opt("hit_split_aces", False))),
        pays_vs_dealer_21=_ratio("--bj-pays-vs-21", opt("bj_pays_vs_21", "1:1")),
        blackjack_vs_22=opt("natural_vs_22", "win"), switch_before_peek=not opt("switch_after_peek", False))
    result = SwitchGame(rules, exact=not args.float, workers=opt("workers", 1)).solve()
    if args.format == "json":
        doc = result.to_json()
        doc["switches"] = {"A23456789T"[u - 1]: switch_table(result, u) for u in range(1, 11)}
        doc["strategy_table"] = result.strategy_table().splitlines()
        return json.dumps(doc, indent=1, ensure_ascii=False)
    return result.to_text()


GAME_COMMANDS = {"burnout": cmd_burnout, "switch": cmd_switch}  # priced by their own engines


def cmd_decide(args) -> str:
    from fractions import Fraction

    from odds.games.decisions import house_money_decisions, ny_rules, sevens_split_decisions
    from odds.wagers.sevens import parse_meters
    extra = {}
    if args.bj_pays:
        try:
            extra["blackjack_pays"] = Fraction(args.bj_pays.replace(":", "/"))
        except (ValueError, ZeroDivisionError):
            raise UsageError(f"--bj-pays: cannot read {args.bj_pays!r} (write odds such as 3:2)") from None
    rules = ny_rules(args.decks, args.rule, das=args.das, split_hands=args.split_hands,
                     surrender=args.surrender, **extra)
    if args.which == "house-money":
        table = house_money_decisions(args.decks, args.rule, args.paytable or "A", rules=rules,
                                      timing=args.timing, proceeds=args.proceeds)
    else:
        try:
            side_bet = Fraction(args.side_bet.replace(":", "/"))
        except (ValueError, ZeroDivisionError):
            raise UsageError(f"--side-bet: cannot read {args.side_bet!r} (e.g. 1, 1/25)") from None
        table = sevens_split_decisions(args.wager, args.paytable or "A", args.decks, args.rule, rules=rules,
                                       side_bet=side_bet, meters=parse_meters(args.meters),
                                       procedure=args.procedure)
    if args.format == "json":
        return json.dumps(table.to_json(), indent=1)
    return table.to_text(fractions=args.fractions)


def cmd_simulate(args):
    from odds.verify.rounds import check_rounds
    from odds.verify.simulate import check as simulation_check
    from odds.verify.simulate import simulated_wagers
    if args.name not in WAGERS or not WAGERS[args.name].simulated:
        raise UsageError(f"simulate: the simulator deals {', '.join(simulated_wagers())}, not {args.name!r}")
    wager = get_wager(args.name)
    rules = DealerRules.parse(args.rule, peek=not args.no_peek)
    _, table = _select_paytable(wager, args)
    run = check_rounds if wager.rounds else simulation_check
    result = run(wager.name, table, args.decks, rules, args.rounds, seed=args.seed, **_simulation_options(args))
    text = json.dumps(result.to_json(), indent=1) if args.format == "json" else result.to_text()
    return text, (0 if result.agrees else 1)


def _simulation_options(args) -> dict:
    """The wager options the simulator takes (--upcard, --procedure, --split-sevens; the streak
    wagers' --streak, --dealer-blackjack and rules of the main game), as given."""
    options = {"upcard": args.upcard, "procedure": args.procedure, "streak": args.streak,
               "dealer_blackjack": args.dealer_blackjack, "split_hands": args.split_hands}
    if args.split_sevens is not None:
        options["split_sevens"] = [c.rank for c in parse_cards(args.split_sevens)]
    if args.upcard:
        options["upcard"] = value_label(parse_cards(args.upcard)[0].value)
    for flag in ("das", "resplit_aces", "hit_split_aces", "surrender"):
        if getattr(args, flag):
            options[flag] = True
    return {k: v for k, v in options.items() if v is not None}


def cmd_solve(args) -> str:
    from odds.wagers.solve import solve_pay
    wager = get_wager(args.name)
    rules = DealerRules.parse(args.rule, peek=not args.no_peek)
    _, table = _select_paytable(wager, args)
    solution = solve_pay(wager, table, args.decks, rules, args.outcome, args.edge)
    return json.dumps(solution.to_json(), indent=1) if args.format == "json" else solution.to_text()


def cmd_selftest(args):
    import contextlib
    import io

    from odds.verify.selftest import main as selftest_main
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = selftest_main()
    return out.getvalue().rstrip("\n"), status


def cmd_report(args):
    from odds.engine.cache import default_cache_dir
    from .report import build_report
    cache = None if args.no_cache else (args.cache or default_cache_dir())
    summary = build_report(args.out, only=args.only, decks=args.decks, workers=args.workers, cache_dir=cache,
                           stream=sys.stderr)
    return summary.text()


def _names(text: str) -> list:
    """An argparse type: a comma-separated list of names."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise argparse.ArgumentTypeError("give one or more names, separated by commas")
    return names


def _deck_list(text: str) -> list:
    """An argparse type: deck counts separated by commas, each at least 1."""
    try:
        return sorted({_decks(n.strip()) for n in text.split(",")})
    except argparse.ArgumentTypeError as exc:
        raise argparse.ArgumentTypeError(f"deck counts separated by commas: {exc}") from None


def cmd_validate(args):
    from odds.wagers.validate import validate_file
    title, problems = validate_file(args.file)
    lines = [title] + ([f"problem: {p}" for p in problems] or ["no problems found"])
    return "\n".join(lines), (1 if problems else 0)


# --------------------------------------------------------------------------------------- certify

def cmd_certify(args):
    """A certification report: HTML written whole or not at all, a PDF beside it on request."""
    from pathlib import Path

    from odds.verify.certify import certify
    from odds.verify.certify_report import render_html, render_pdf, write_atomically
    out = Path(args.out)
    if out.is_dir() or not out.parent.is_dir():
        raise UsageError(f"certify: --out {args.out}: not a file in an existing directory")
    options = {"meters": args.meters, **_simulation_options(args)}
    report = certify(args.name, args.decks, args.rule, args.paytable, args.paytable_file, args.any_decks,
                     not args.no_peek, options, args.rounds, args.seed)
    write_atomically(out, render_html(report).encode("utf-8"))
    lines = [f"wrote {out}: {report.title}, paytable {report.inputs.table.id}, {args.decks} deck(s), "
             f"{report.inputs.rules.name}; input hash {report.input_hash}",
             *(f"{c.label}: " + ("agree exactly" if c.agrees else "DIFFER") for c in report.checks),
             "Monte Carlo: " + (report.monte_carlo_note if report.monte_carlo is None
                                else "agrees" if report.monte_carlo.agrees else "DISAGREES")]
    if args.pdf is not None:
        pdf = Path(args.pdf) if args.pdf else out.with_suffix(".pdf")
        why = render_pdf(out, pdf)
        if why is None:
            lines.append(f"wrote {pdf}")
        else:
            print(f"odds: {why}", file=sys.stderr)
    if not report.agrees:
        print("odds: verification failed: see section 7 of the report", file=sys.stderr)
    return "\n".join(lines), (0 if report.agrees else 1)


def _certify_parser(sub) -> None:
    from odds.verify.certify import DEFAULT_ROUNDS, DEFAULT_SEED
    ce = sub.add_parser("certify", help="a certification report of a wager: regulation, paytable, par sheet, "
                                        "verification, versions (HTML; PDF where chromium is installed)")
    ce.add_argument("name", help="a wager (see `odds list`)")
    _wager_source_arguments(ce)
    _simulated_wager_options(ce)
    ce.add_argument("--meter", dest="meters", help='progressives: meters in units of the wager, e.g. "jackpot=2000"')
    ce.add_argument("--rounds", type=_rounds, default=DEFAULT_ROUNDS,
                    help=f"Monte Carlo rounds (default {DEFAULT_ROUNDS})")
    ce.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"Monte Carlo seed (default {DEFAULT_SEED})")
    ce.add_argument("--out", required=True, help="the HTML file to write")
    ce.add_argument("--pdf", nargs="?", const="", default=None, metavar="PDF",
                    help="also print the report to PDF with headless chromium (default: the --out name with .pdf)")
    ce.set_defaults(run=cmd_certify)


# ----------------------------------------------------------------------------------------- sweep

def cmd_sweep(args) -> str:
    from odds.wagers.shoe_returns import swept_wagers
    from odds.wagers.solve import parse_edge
    from .sweep import SweepError, SweepSpec, run_sweep
    from .sweep_report import write_plots
    wager = get_wager(args.name)
    if wager.shoe_return is None:
        raise SweepError(f"sweep computes {', '.join(swept_wagers())}, not {wager.name!r}")
    _, table = _select_paytable(wager, args)
    try:
        penetration = parse_edge(args.penetration)
    except OddsError:
        raise SweepError(f"cannot read the penetration {args.penetration!r} (write 0.75, 3/4 or 75%)") from None
    if args.no_dask and args.scheduler:
        raise SweepError("--no-dask and --scheduler do not go together")
    workers = 0 if args.no_dask else args.workers
    spec = SweepSpec(wager.name, table.id, args.decks, DealerRules.parse(args.rule).name, shoes=args.shoes,
                     penetration=penetration, spots=args.spots, seed=args.seed, chunk=args.chunk,
                     level=args.level, arithmetic=args.arithmetic, peek=not args.no_peek,
                     pays=tuple(sorted(table.pays.items())))
    result = run_sweep(spec, workers=workers, scheduler=args.scheduler)
    if args.plots:
        write_plots(result, args.plots)
    return json.dumps(result.to_json(), indent=1) if args.format == "json" else result.to_text()


def _sweep_parser(sub) -> None:
    import os
    sw = sub.add_parser("sweep", help="deal shoes and take the wager's exact return before every round: "
                                      "how beatable it is by counting (runs on Dask)")
    sw.add_argument("name", help="buster, ez-bust, 21+3 or twenty-point-bonus")
    _wager_source_arguments(sw)
    sw.add_argument("--shoes", type=_whole_number(1), default=1000, help="shoes to deal (default 1000)")
    sw.add_argument("--penetration", default="0.75", help="share of the shoe dealt before the cut card: "
                                                         "0.75, 3/4 or 75%% (default 0.75)")
    sw.add_argument("--spots", type=_whole_number(1), default=5, help="players' spots at the table (default 5)")
    sw.add_argument("--seed", type=_whole_number(0), default=0, help="random seed (default 0)")
    sw.add_argument("--chunk", type=_whole_number(1), default=100, help="shoes per task (default 100)")
    sw.add_argument("--level", type=int, choices=(1, 2, 3), help="the count's level (default: the best of 1-3)")
    sw.add_argument("--arithmetic", choices=("auto", "exact", "float"), default="auto",
                    help="exact or float returns per round (auto: exact where it is as fast)")
    sw.add_argument("--workers", type=_whole_number(0), default=os.cpu_count() or 1,
                    help="processes of the local Dask cluster started for the sweep (default: the cores; "
                         "0 runs in this process)")
    sw.add_argument("--scheduler", help="run on the Dask cluster at this address, e.g. tcp://host:8786")
    sw.add_argument("--no-dask", action="store_true", help="run in this process, without Dask")
    sw.add_argument("--plots", help="write PNG plots into this folder")
    sw.add_argument("--format", choices=("table", "json"), default="table")
    sw.set_defaults(run=cmd_sweep)


# ------------------------------------------------------------------------------------------ main

def _wager_source_arguments(p) -> None:
    """The shoe, the dealer's rules and the paytable, as `odds simulate` and `odds solve` take them."""
    p.add_argument("--decks", type=_decks, required=True, help="number of 52-card decks (>= 1)")
    p.add_argument("--rule", default="S17", help="S17 (default) or H17")
    p.add_argument("--no-peek", action="store_true", help="no hole-card peek for blackjack")
    p.add_argument("--paytable", help="paytable id (see `odds list`)")
    p.add_argument("--paytable-file", help="read paytables from this TOML file instead")
    p.add_argument("--any-decks", action="store_true",
                   help="allow a paytable at a deck count its regulation does not name")


def _simulated_wager_options(p) -> None:
    """The wager options the simulator knows, as `odds simulate` and `odds certify` take them."""
    p.add_argument("--upcard", help="ez-bust: bet only on this up card (2..6)")
    p.add_argument("--procedure", choices=("third-card", "up-card"),
                   help="blazing-7s: the third card is the player's next card ((q)(4), default) or the up card ((q)(10))")
    p.add_argument("--split-sevens", help='progressive-super-sevens: up cards against which 7-7 is split '
                   '(default "2 3 4 5 6 7"; "" for never)')
    _streak_options(p, "streak, burnout-bonus")


def _streak_options(p, split_hands_for: str) -> None:
    """The streak wagers' options: the length of the streak, the reading of a dealer blackjack and
    the rules of the main game they are played on."""
    p.add_argument("--streak", type=int, choices=(2, 3, 4, 5),
                   help="streak, burnout-bonus: the wager on this many wins in a row (default 2; the par sheet "
                        "lists every length the paytable pays)")
    p.add_argument("--dealer-blackjack", choices=("no-effect", "loss"),
                   help="streak, burnout-bonus: whether a round lost to a dealer blackjack loses the streak "
                        "(default loss; no-effect reads NY 5324.11(m)(1) word for word)")
    p.add_argument("--das", action="store_true", help="streak, burnout-bonus: double after split in the main game")
    p.add_argument("--split-hands", type=int, choices=(1, 2, 3, 4),
                   help=f"{split_hands_for}: the most hands a pair may become (default 2)")
    p.add_argument("--resplit-aces", action="store_true", help="streak, burnout-bonus: aces resplit")
    p.add_argument("--hit-split-aces", action="store_true", help="streak, burnout-bonus: split aces may draw")
    p.add_argument("--surrender", action="store_true", help="streak, burnout-bonus: late surrender")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="odds", description="Exact odds of blackjack side wagers and variations.")
    p.add_argument("--version", action="version", version=f"odds {__version__}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)
    d = sub.add_parser("dealer", help="the dealer's final-hand distribution for a shoe")
    d.add_argument("--decks", type=_decks, required=True, help="number of 52-card decks (>= 1)")
    d.add_argument("--rule", default="S17", help="S17 (stands on soft 17, default) or H17")
    d.add_argument("--no-peek", action="store_true", help="no hole-card peek for blackjack")
    d.add_argument("--remove", default="", help='known cards taken out first, e.g. "AS TH 5C"')
    d.add_argument("--upcard", help="only this up card (A, 2..9, T)")
    d.add_argument("--format", choices=("table", "json", "csv"), default="table")
    d.add_argument("--fractions", action="store_true", help="exact fractions in the table")
    d.set_defaults(run=cmd_dealer)

    w = sub.add_parser("wager", help="the par sheet of a wager")
    w.add_argument("name", help="buster, ez-bust or bust-it (see `odds list`)")
    w.add_argument("--decks", type=_decks, required=True, help="number of 52-card decks (>= 1)")
    w.add_argument("--rule", default="S17", help="S17 (default) or H17")
    w.add_argument("--no-peek", action="store_true", help="no hole-card peek for blackjack")
    w.add_argument("--paytable", help="paytable id (see `odds list`)")
    w.add_argument("--paytable-file", help="read paytables from this TOML file instead")
    w.add_argument("--any-decks", action="store_true",
                   help="compute a paytable at a deck count its regulation does not allow (with a warning)")
    w.add_argument("--remove", default="", help="known cards taken out of the shoe first")
    w.add_argument("--upcard", help="ez-bust: the dealer's up card (2..6)")
    w.add_argument("--visible", default="", help='ez-bust: cards the player sees, e.g. "7H 9S"')
    w.add_argument("--meter", dest="meters", help='progressives: meters in units of the wager, '
                   'e.g. "jackpot=10000" or "minor=500,major=5000,mega=50000"')
    w.add_argument("--split-sevens", help='progressive-super-sevens: up cards against which the player '
                   'splits 7-7, e.g. "2 3 4 5 6 7" (the default, basic strategy); "" for never')
    w.add_argument("--procedure", choices=("third-card", "up-card"),
                   help="blazing-7s: the third card is the player's next card ((q)(4), default) or the "
                        "dealer's up card ((q)(10))")
    w.add_argument("--reset", dest="resets", help='progressives: reset value of each meter, e.g. "jackpot=2000"')
    w.add_argument("--rate", dest="rates", help='progressives: part of each wager added to each meter, '
                   'e.g. "jackpot=0.7"; with --reset gives the long-run return')
    w.add_argument("--cap", help="twenty-point-bonus: the aggregate payout limit of (k)(6) for the queen of "
                                 "hearts pair and dealer blackjack, in units of the wager")
    w.add_argument("--spots", type=int, help="twenty-point-bonus with --cap: players betting at the table")
    _streak_options(w, "streak, burnout-bonus, ez-bust")
    w.add_argument("--push-option", action="store_true",
                   help="ez-bust: paragraph (g), a push when every player hand is a blackjack or busted")
    w.add_argument("--reading", choices=("any-card", "no-bust", "both"), default="any-card",
                   help="burnout: whether a card that busts the hand may be burned (default any-card)")
    w.add_argument("--no-das", action="store_true", help="burnout: no double after split (DAS by default)")
    w.add_argument("--float", action="store_true", help="burnout, switch: floats instead of exact fractions")
    w.add_argument("--search", action="store_true",
                   help="ez-bust: search every player two-card hand and up card for the best return")
    w.add_argument("--format", choices=("table", "json", "csv", "md"), default="table")
    w.add_argument("--fractions", action="store_true", help="exact fractions in the table")
    w.set_defaults(run=cmd_wager)

    sim = sub.add_parser("simulate", help="deal rounds at random and set the result against the exact par sheet")
    sim.add_argument("name", help="a wager of `odds list` (streak and burnout-bonus: whole rounds of the main game, "
                                  "the player's decisions taken from the exact engine)")
    _wager_source_arguments(sim)
    _simulated_wager_options(sim)
    sim.add_argument("--rounds", type=_rounds, default=100_000, help="rounds to deal (default 100000)")
    sim.add_argument("--seed", type=int, default=0, help="random seed (default 0; the same seed, the same run)")
    sim.add_argument("--format", choices=("table", "json"), default="table")
    sim.set_defaults(run=cmd_simulate)

    so = sub.add_parser("solve", help="the exact pay of one outcome for a target house edge")
    so.add_argument("name", help="a wager (see `odds list`)")
    _wager_source_arguments(so)
    so.add_argument("--outcome", "--vary", dest="outcome", required=True,
                    help="the outcome whose pay is solved for, e.g. bust-8+")
    so.add_argument("--edge", "--target-edge", dest="edge", required=True,
                    help="target house edge: 0.05, 1/20 or 5%%")
    so.add_argument("--format", choices=("table", "json"), default="table")
    so.set_defaults(run=cmd_solve)

    dec = sub.add_parser("decide", help="decisions a side wager opens in the main game (house money, 7-7)")
    dsub = dec.add_subparsers(dest="which", metavar="DECISION", required=True, parser_class=_Parser)
    for name, text in (("house-money", "NY (h)(6): add the house money proceeds to the blackjack wager?"),
                       ("sevens-split", "NY (d), (e), (q): split 7-7 or hit, with a sevens side wager")):
        d = dsub.add_parser(name, help=text)
        d.add_argument("--decks", type=_decks, required=True, help="number of 52-card decks (>= 1)")
        d.add_argument("--rule", default="S17", help="S17 (default) or H17")
        d.add_argument("--paytable", help="paytable id (default A; see `odds list`)")
        d.add_argument("--das", action="store_true", help="double after split")
        d.add_argument("--split-hands", type=int, default=2, choices=(1, 2, 3, 4))
        d.add_argument("--surrender", action="store_true", help="late surrender")
        d.add_argument("--bj-pays", help="blackjack pays (default NY (c)(1): 6:5 at 1-2 decks, else 3:2)")
        d.add_argument("--format", choices=("table", "json"), default="table")
        d.add_argument("--fractions", action="store_true", help="exact fractions in the table")
        if name == "house-money":
            d.add_argument("--timing", choices=("before-peek", "after-peek"), default="before-peek",
                           help="the wager is settled before the dealer's peek (default) or after it")
            d.add_argument("--proceeds", choices=("stake-and-win", "win"), default="stake-and-win",
                           help="what may be added: the stake and its payout (default) or the payout only")
        else:
            d.add_argument("--wager", default="progressive-super-sevens",
                           choices=("super-sevens", "progressive-super-sevens", "blazing-7s"))
            d.add_argument("--side-bet", default="1",
                           help="the side wager per unit of the blackjack wager, e.g. 1/25 (default 1)")
            d.add_argument("--meter", dest="meters",
                           help='fix meters (units of the side wager), e.g. "major=1000"; a row solves for '
                                'the one meter left free')
            d.add_argument("--procedure", choices=("third-card", "up-card"), default="third-card",
                           help="blazing-7s: (q)(4) third card (default) or (q)(10) up card")
        d.set_defaults(run=cmd_decide)

    ls = sub.add_parser("list", help="every wager, its paytables and where each comes from")
    ls.set_defaults(run=cmd_list)

    for name, run, text in (("game", cmd_game, "the house edge of the main game"),
                            ("strategy", cmd_strategy, "the strategy chart for the main game")):
        g = sub.add_parser(name, help=text)
        g.add_argument("--decks", type=_decks, required=True, help="number of 52-card decks (>= 1)")
        g.add_argument("--rule", default="S17", help="S17 (default) or H17")
        g.add_argument("--no-peek", action="store_true",
                       help="no hole card: a dealer blackjack takes every bet, doubles and splits included")
        g.add_argument("--das", action="store_true", help="double after split")
        g.add_argument("--double", default="any", choices=("any", "9-11", "10-11"))
        g.add_argument("--split-hands", type=int, default=2, choices=(1, 2, 3, 4),
                       help="the most hands a pair may become: 1 (no splitting), 2 (default), 3 or 4")
        g.add_argument("--resplit-aces", action="store_true", help="aces resplit like other pairs")
        g.add_argument("--hit-split-aces", action="store_true")
        g.add_argument("--original-bets-only", action="store_true",
                       help="with --no-peek: a dealer blackjack takes only the original bet")
        g.add_argument("--surrender", action="store_true", help="late surrender")
        g.add_argument("--bj-pays", default="3:2", help="3:2 (default), 6:5 or 1:1")
        g.add_argument("--bonus-678", help="NY (b)(4)(i): a winning suited 6-7-8 pays this, e.g. 2:1")
        g.add_argument("--bonus-777", help="NY (b)(4)(ii): winning three sevens pay this, e.g. 3:2")
        g.add_argument("--bonus-posted", help="NY (b)(4)(iii): the posted ace and face card pays this, e.g. 2:1")
        g.add_argument("--bonus-five-card", help="NY (b)(4)(iv): a winning five cards totalling 21 pays this")
        g.add_argument("--double-rescue", action="store_true",
                       help="NY (a)(5)(vii): after the double card, the player may take back the double and "
                            "forfeit the original bet")
        g.add_argument("--strategy", default="composition", choices=("composition", "basic"),
                       help="composition-dependent (default) or the total-dependent basic strategy")
        g.add_argument("--float", action="store_true", help="floats instead of exact fractions (faster)")
        if name == "game":
            g.add_argument("--effects", action="store_true",
                           help="the house edge with each New York option on its own: 6:5, the double rescue, "
                                "no hole card with and without original bets only")
        g.add_argument("--format", choices=("table", "json"), default="table")
        g.set_defaults(run=run)

    b = sub.add_parser("burnout", help="Blackjack Burnout: the burn option's strategy, value and house edge")
    b.add_argument("--decks", type=_decks, default=6, help="number of 52-card decks (default 6, as the procedures)")
    b.add_argument("--rule", default="H17", help="H17 (default, the maker's suggested rules) or S17")
    b.add_argument("--no-das", action="store_true",
                   help="no double after split (the procedures do not say; DAS by default)")
    b.add_argument("--reading", choices=("any-card", "no-bust", "both"), default="any-card",
                   help="any-card (default): a card that busts the hand may be burned; no-bust: it may not")
    b.add_argument("--float", action="store_true", help="floats instead of exact fractions (faster)")
    b.add_argument("--format", choices=("table", "json"), default="table")
    b.set_defaults(run=cmd_burnout)

    s = sub.add_parser("switch", help="Blackjack Switch (PA 633a.12(a)): house edge per wager and strategy")
    s.add_argument("--decks", type=_decks, required=True, help="number of 52-card decks (>= 1)")
    s.add_argument("--rule", default="H17", help="H17 (default) or S17")
    s.add_argument("--bj-pays", default="3:2",
                   help="a natural's payout (default 3:2, the literal reading of (a)(5)(i); 1:1 for the common rule)")
    s.add_argument("--bj-pays-vs-21", default="1:1",
                   help="(a)(5)(i): a natural against a dealer 21 of three or more cards (default 1:1)")
    s.add_argument("--natural-vs-22", choices=("win", "push"), default="win",
                   help="(a)(5)(v) read for a natural against a dealer 22 (default win)")
    s.add_argument("--switch-after-peek", action="store_true",
                   help="decide the switch after the dealer peeks (default before, as (a)(5)(iii) supposes)")
    s.add_argument("--double", default="any", choices=("any", "9-11", "10-11"))
    s.add_argument("--no-das", action="store_true", help="no double after split (default DAS)")
    s.add_argument("--split-hands", dest="switch_split_hands", type=int, default=4, choices=(1, 2, 3, 4),
                   help="the most hands a pair may become (default 4)")
    s.add_argument("--resplit-aces", action="store_true")
    s.add_argument("--hit-split-aces", action="store_true")
    s.add_argument("--float", action="store_true", help="floats instead of exact fractions (about 3x faster)")
    s.add_argument("--workers", type=int, default=1, help="processes, one task per other hand (default 1)")
    s.add_argument("--format", choices=("table", "json"), default="table")
    s.set_defaults(run=cmd_switch)

    st = sub.add_parser("selftest", help="check this install: versions, engines against references and "
                                         "published figures (exit 1 on a failure)")
    st.set_defaults(run=cmd_selftest)

    r = sub.add_parser("report", help="the book of par sheets: Markdown, CSV, JSON, an HTML index and plots")
    r.add_argument("--out", default="reports", help="the book's directory (default reports; replaced whole)")
    r.add_argument("--only", type=_names, help="these wagers only, e.g. buster,21+3 (see `odds list`)")
    r.add_argument("--decks", type=_deck_list,
                   help="these deck counts only, e.g. 1,2 (and for paytables allowed any number of decks, "
                        "these in place of 1,2,4,6,8)")
    r.add_argument("--workers", type=_whole_number(1), default=2,
                   help="processes for the player engine's sheets (default 2)")
    where = r.add_mutually_exclusive_group()
    where.add_argument("--cache", help="directory of the player engine's results (default $ODDS_CACHE or "
                                       "~/.cache/odds)")
    where.add_argument("--no-cache", action="store_true", help="compute everything; read and write no cache")
    r.set_defaults(run=cmd_report)

    v = sub.add_parser("validate", help="check a paytable file (exit 1 when it has problems)")
    v.add_argument("file", help="a paytable TOML file")
    v.set_defaults(run=cmd_validate)

    _certify_parser(sub)
    _sweep_parser(sub)
    return p


def main(argv=None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if not getattr(args, "run", None):
            parser.print_help()
            return 2
        text = args.run(args)
        status = 0
        if isinstance(text, tuple):
            text, status = text
    except OddsError as exc:
        print(f"odds: {exc}", file=sys.stderr)
        return 2
    try:
        print(text)
    except BrokenPipeError:  # e.g. `odds ... | head`
        sys.stderr.close()
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
