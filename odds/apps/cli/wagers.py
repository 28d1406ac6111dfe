"""The commands on wagers: ``odds wager``, ``list``, ``simulate``, ``solve``, ``validate`` and ``certify``."""
from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import sys
from fractions import Fraction
from typing import Any, Optional, Sequence, Union, cast

from odds.core.cards import parse_cards
from odds.core.errors import OddsError, shown
from odds.core.numbers import exact_number
from odds.core.formats import decimal_text, fraction_text, text_table
from odds.core.rules import DealerRules
from odds.core.shoe import Shoe
from odds.wagers import WAGERS, Wager, get_wager
from odds.wagers.dealer_bust import ez_bust_search
from odds.wagers.paytables import Paytable, PaytableBook, builtin_paytables, proposed_note, provenance

from .arguments import (FORMAT_HELP, UsageError, add_decks, add_wager_file, add_wager_source, deck_list, examples,
                        round_count,
                        select_paytable, wager_of, whole_number, writable_file)
from .game import GAME_COMMANDS
from .options import add_wager_options, options_given


def cmd_wager(args: argparse.Namespace) -> str:
    if args.name in GAME_COMMANDS:
        if args.format not in ("table", "json"):
            raise UsageError(f"{args.name}: --format table or json")
        return GAME_COMMANDS[args.name](args)
    wager = _wager_of(args)
    rules = DealerRules.parse(args.rule, peek=not args.no_peek)
    options = options_given(args, wager, "wager")
    if args.search:
        if wager.name != "ez-bust":
            raise UsageError("--search applies to ez-bust only")
        return ez_bust_search_text(ez_bust_search(args.decks, rules), args.decks, rules)
    book, table = select_paytable(wager, args)
    shoe = Shoe.decks(args.decks).remove(parse_cards(args.remove or ""))
    sheet = wager.price(shoe, rules, table, args.decks, options, extras=book.extra)
    proposed = proposed_note(book, table)
    if proposed:
        sheet = dataclasses.replace(sheet, warnings=sheet.warnings + (proposed,))
    if not table.allows(args.decks):
        sheet = dataclasses.replace(sheet, warnings=sheet.warnings + (
            f"paytable {table.id} is for {', '.join(map(str, cast('tuple[int, ...]', table.decks)))} deck(s) only "
            f"({table.citation}); computed at {args.decks} on request",))
    if args.target_edge is not None:
        from odds.pricing.solve import parse_edge
        target = parse_edge(args.target_edge)
        sheet = dataclasses.replace(sheet, extra={**sheet.extra, "sensitivity": sheet.sensitivity(target)})
    text = sheet.render(args.format, fractions=args.fractions)
    return with_definition(text, args.format, wager) if args.format == "json" else text


def _wager_of(args: argparse.Namespace) -> Any:
    """The wager named on the command line, or the one ``--wager-file`` defines (registered)."""
    return wager_of(args)


def with_definition(text: str, fmt: str, wager: Any) -> str:
    """``text`` (JSON or plain) labelled with the definition file of a defined wager: the JSON key
    ``wager_file`` (its path and SHA-256), or a first line "defined in FILE ..., not in a
    regulation"; a shipped wager's text unchanged."""
    if wager.definition is None:
        return text
    from odds.wagers.defined import defined_note, definition_json
    if fmt == "json":
        doc = json.loads(text)
        doc["wager_file"] = definition_json(wager.definition)
        return json.dumps(doc, indent=1)
    note = defined_note(wager.defined)
    return text if note in text.splitlines()[0] else f"{note}\n{text}"


def _with_proposed(text: str, fmt: str, book: PaytableBook, table: Paytable) -> str:
    """``text`` (JSON or plain) with the proposed table's line: a first line, or the JSON key
    ``paytable_file`` (the file, its SHA-256 and whether the table is proposed)."""
    if not table.from_file:
        return text
    if fmt == "json":
        doc = json.loads(text)
        doc["paytable_file"] = {"path": book.source, "sha256": book.sha256,
                                "proposed": provenance(table, book.extra).proposed}
        return json.dumps(doc, indent=1)
    note = proposed_note(book, table)
    return f"{note}\n{text}" if note else text


def ez_bust_search_text(results: Sequence[tuple[Fraction, str, str]], decks: int, rules: DealerRules) -> str:
    favourable = [r for r in results if r[0] > 0]
    lines = [f"EZ Bust: the player's two cards and the up card, {decks} deck(s), {rules.name}",
             f"{len(results)} situations searched; {len(favourable)} favourable to the player", ""]
    header = ["player", "up", "return", "exact"]
    rows = [[hand, up, decimal_text(ret, 6), fraction_text(ret)] for ret, hand, up in results[:10]]
    lines.append("best ten:")
    lines.append(text_table(header, rows, right=(2,)))
    return "\n".join(lines)


def cmd_list(args: argparse.Namespace) -> str:
    shown_wagers = {w.name: w for w in [wager_of(args)]} if args.wager_file else WAGERS
    books = {name: builtin_paytables(name) for name in shown_wagers}
    ids = [t.id for b in books.values() for t in b.tables.values()] + [bid for b in books.values()
                                                                        for bid in b.extra.get("bonuses", {})]
    decks = ["any" if t.decks is None else ", ".join(map(str, t.decks)) for b in books.values() for t in b.tables.values()]
    wid, wdecks = max(map(len, ids)), max(map(len, decks))
    lines = []
    for name, wager in shown_wagers.items():
        book = books[name]
        if wager.definition is not None:
            from odds.wagers.defined import defined_note
            lines.append(f"{name}: {wager.title} ({defined_note(wager.defined)})")
        else:
            lines.append(f"{name}: {wager.title} ({wager.regulation}), file {book.source}")
        for t in book.tables.values():
            allowed = "any" if t.decks is None else ", ".join(map(str, t.decks))
            pays = ", ".join(f"{k} {fraction_text(v)}" for k, v in t.pays.items())
            lines.append(f"  {t.id:<{wid}}  decks {allowed:<{wdecks}}  {t.citation}")
            lines.append(f"  {'':<{wid}}  pays (to 1): {pays}")
        for bid, b in book.extra.get("bonuses", {}).items():
            lines.append(f"  {bid:<{wid}}  bonus {'':<{wdecks}}  {b.get('citation', '')}")
    return "\n".join(lines)


def cmd_simulate(args: argparse.Namespace) -> tuple[str, int]:
    from odds.verify.rounds import check_rounds
    from odds.verify.simulate import check as simulation_check
    from odds.verify.simulate import simulated_wagers
    wager = wager_of(args) if args.wager_file or args.name in WAGERS else None
    if wager is None or not wager.simulated:
        raise UsageError(f"simulate: the simulator deals {', '.join(simulated_wagers())}, not {args.name!r}")
    rules = DealerRules.parse(args.rule, peek=not args.no_peek)
    book, table = select_paytable(wager, args)
    run = check_rounds if wager.rounds else simulation_check
    options = options_given(args, wager, "simulate")
    result = run(wager.name, table, args.decks, rules, args.rounds, seed=args.seed, **options)
    text = json.dumps(result.to_json(), indent=1) if args.format == "json" else result.to_text()
    return with_definition(_with_proposed(text, args.format, book, table), args.format, wager), \
        (0 if result.agrees else 1)


def cmd_solve(args: argparse.Namespace) -> str:
    from odds.pricing.solve import edge_grid, solve_pay, solve_scale
    wager = wager_of(args)
    rules = DealerRules.parse(args.rule, peek=not args.no_peek)
    if args.option:
        raise UsageError("solve: --option does not apply (pays are solved at the wager's default options)")
    if args.grid and args.outcome:
        raise UsageError("solve: --grid and --vary do not go together")
    if args.grid:
        if len(args.grid) != 2:
            raise UsageError("solve: --grid twice, e.g. --grid bust-7=40,50,60 --grid bust-8+=200,250")
    elif not args.outcome:
        raise UsageError("solve: --vary OUTCOME[,OUTCOME...] (with --target-edge), or --grid twice")
    elif args.edge is None:
        raise UsageError("solve: --target-edge is needed with --vary (e.g. --target-edge 5%)")
    book, table = select_paytable(wager, args)
    solution: Any
    if args.grid:
        solution = edge_grid(wager, table, args.decks, rules, args.grid[0], args.grid[1], args.edge)
    elif len(args.outcome) > 1:
        solution = solve_scale(wager, table, args.decks, rules, tuple(args.outcome), args.edge)
    else:
        solution = solve_pay(wager, table, args.decks, rules, args.outcome[0], args.edge)
    text = json.dumps(solution.to_json(), indent=1) if args.format == "json" else solution.to_text()
    return with_definition(_with_proposed(text, args.format, book, table), args.format, wager)


def configurations(wager: Wager, decks: Sequence[int], rule: str, peek: bool) -> list[tuple[int, DealerRules]]:
    """Each deck count under each rule of ``rule`` ("S17,H17"), one rule for a wager the first cards decide."""
    rules = rule_list(rule)
    return [(d, DealerRules.parse(r, peek=peek)) for d in decks
            for r in (rules if wager.dealer_rule_matters else rules[:1])]


def pay_range(text: str) -> tuple[str, tuple[Fraction, Fraction, Fraction]]:
    """``--vary OUTCOME=LOW..HIGH[/STEP]``: a pay that may move, its bounds and step (1 unless given).

    >>> pay_range("bust-6=8..20"), pay_range("bust-5=3..6/0.5")[1]
    (('bust-6', (Fraction(8, 1), Fraction(20, 1), Fraction(1, 1))), (Fraction(3, 1), Fraction(6, 1), Fraction(1, 2)))
    """
    name, _, spec = str(text).partition("=")
    bounds, _, step = spec.partition("/")
    low, _, high = bounds.partition("..")
    try:
        values = tuple(exact_number(x.strip(), "pay", error=UsageError) for x in (low, high, step or "1"))
    except UsageError:
        values = ()
    if not name.strip() or len(values) != 3 or values[2] <= 0 or values[1] < values[0] or values[0] < 0:
        raise argparse.ArgumentTypeError(f"'{shown(text)}' is not OUTCOME=LOW..HIGH or OUTCOME=LOW..HIGH/STEP (e.g. "
                                         "bust-6=8..20 or bust-5=3..6/0.5; pays of 0 or more, a step above 0)")
    return name.strip(), (values[0], values[1], values[2])


def cmd_design(args: argparse.Namespace) -> str:
    """Practical tables near a target house edge: the search of :mod:`odds.pricing.design`."""
    from odds.core.outputs import write_file
    from odds.pricing.design import design, paytable_file
    from odds.pricing.solve import parse_edge
    wager = wager_of(args)
    out = writable_file(args.write, "design: --write") if args.write else None
    target = parse_edge(args.target_edge)
    band = None
    if args.band:
        low, _, high = args.band.partition(",")
        if not high:
            raise UsageError(f"--band: '{shown(args.band)}' is not LOW,HIGH (e.g. 4.5%,5.5%)")
        band = (parse_edge(low), parse_edge(high))
        if band[1] < band[0]:
            raise UsageError(f"--band: {args.band} runs from a higher to a lower edge")
    vary = dict(args.vary or [])
    if not vary:
        raise UsageError("design: --vary OUTCOME=LOW..HIGH, once for each pay that may move")
    configs = configurations(wager, args.decks, args.rule, not args.no_peek)
    from odds.wagers.paytables import choose_paytable
    book, table = choose_paytable(wager.name, args.paytable, args.paytable_file)  # a start: any deck count
    counting = args.counting or 0
    if args.max_edge_share is not None and not counting:
        raise UsageError("design: --max-edge-share needs --counting SHOES (the rounds with a player edge are swept)")
    if counting and wager.shoe_return is None:
        raise UsageError(f"design: --counting sweeps shoes, which {wager.name} is not swept over")
    result = design(wager, table, configs, target, vary, band, not args.any_order, args.max_sd,
                    args.top * (5 if args.max_edge_share is not None else 1), extras=book.extra)
    if counting:
        result = _counted(result, wager, table, configs, counting, args.seed, args.max_edge_share, args.top)
    if out is not None:
        if not result.candidates:
            raise UsageError("design: no table meets the constraints, so none is written (widen the ranges or the band)")
        if not 1 <= args.pick <= len(result.candidates):
            raise UsageError(f"design: --pick {args.pick}: the search lists {len(result.candidates)} table(s)")
        text = paytable_file(result, result.candidates[args.pick - 1], args.id, args.decks,
                             args.citation or f"designed with odds design from paytable {table.id}")
        write_file(out, text.encode("utf-8"), "design: --write")
    doc = result.to_json()
    said = json.dumps(doc, indent=1) if args.format == "json" else result.to_text()
    if out is not None and args.format != "json":
        said += f"\nwrote {out}: table {args.id}, rank {args.pick} (odds validate {out})"
    return with_definition(_with_proposed(said, args.format, book, table), args.format, wager)


def cmd_compare(args: argparse.Namespace) -> str:
    """Paytables side by side (:mod:`odds.apps.compare`): the shipped ones named, every table of each file."""
    from odds.apps.compare import compare
    from odds.core.outputs import write_file
    from odds.wagers.paytables import load_paytable_file
    wager = wager_of(args)
    out = writable_file(args.out, "compare: --out") if args.out else None
    if args.format == "html" and out is None:
        raise UsageError("compare: --format html writes a page: give --out FILE.html")
    shipped = builtin_paytables(wager.name)
    chosen: list = []
    for tid in (args.paytable.split(",") if args.paytable else ([] if args.paytable_file else list(shipped.tables))):
        if tid.strip() not in shipped.tables:
            raise UsageError(f"compare: {wager.name} has no paytable {tid.strip()!r} (it has {', '.join(shipped.tables)})")
        chosen.append((shipped.tables[tid.strip()], shipped))
    for path in args.paytable_file or []:
        book = load_paytable_file(path)
        if book.wager != wager.name:
            raise UsageError(f"compare: {path} holds paytables for {book.wager}, not {wager.name}")
        chosen += [(t, book) for t in book.tables.values()]
    configs = configurations(wager, args.decks, args.rule, not args.no_peek)
    if args.counting and wager.shoe_return is None:
        raise UsageError(f"compare: --counting sweeps shoes, which {wager.name} is not swept over")
    result = compare(wager, chosen, configs, args.counting or 0, args.seed)
    text = result.render(args.format)
    if out is not None:
        write_file(out, (text + ("" if text.endswith("\n") else "\n")).encode("utf-8"), "compare: --out")
        return f"wrote {out}: {wager.name}, {len(chosen)} table(s) at {len(configs)} configuration(s)"
    return text


def _counted(result: Any, wager: Wager, table: Paytable, configs: list, shoes: int, seed: int,
             max_share: Optional[float], top: int) -> Any:
    """The tables a search found, each swept at every configuration (a counter's figures), those
    with rounds of a player edge above ``max_share`` left out; the ``top`` first kept."""
    from odds.apps.compare import CONDITIONS, Counting, counting_figures
    kept: list = []
    for c in result.candidates:
        if len(kept) == top:
            break
        figures = tuple(cast(Counting, counting_figures(wager, dataclasses.replace(table, pays=dict(c.pays)), d, r,
                                                        shoes, seed)) for d, r in configs)  # swept: not None
        if max_share is not None and any(f.edge_rounds > max_share * f.rounds for f in figures):
            continue
        kept.append(dataclasses.replace(c, counting=figures))
    return dataclasses.replace(result, candidates=kept, max_edge_share=max_share,
                               counting=CONDITIONS.format(shoes=shoes, seed=seed, penetration=0.75, spots=5))


def cmd_validate(args: argparse.Namespace) -> tuple[str, int]:
    from odds.wagers.paytables import load_paytable_file
    from odds.wagers.validate import validation
    wager = wager_of(args) if args.wager_file else None
    if args.file is None:
        if wager is None:
            raise UsageError("validate: give a paytable FILE, or --wager-file FILE (or both)")
        book = builtin_paytables(wager.name)
    else:
        book = load_paytable_file(args.file)
    if wager is not None and book.wager != wager.name:
        raise UsageError(f"validate: {args.file} holds paytables for {book.wager}, not {wager.name}")
    found = validation(book)
    title = found.title
    if wager is not None:
        from odds.wagers.defined import defined_note
        title = f"{title}\n{wager.name}: {defined_note(wager.defined)}"
    lines = [title] + found.edges + [f"warning: {w}" for w in found.warnings] \
        + ([f"problem: {p}" for p in found.problems] or ["no problems found"])
    return "\n".join(lines), (1 if found.problems else 0)


def cmd_certify(args: argparse.Namespace) -> tuple[str, int]:
    """A certification report: HTML written whole or not at all, a PDF beside it on request."""
    from pathlib import Path

    from odds.verify.certify import AUTO, DEFAULT_ROUNDS, certify, check_inputs
    from odds.verify.certify_report import render_html, require_pdf_renderer
    out = Path(args.out)
    writable_file(args.out, "certify: --out")
    pdf = None if args.pdf is None else Path(args.pdf) if args.pdf else out.with_suffix(".pdf")
    if pdf is not None:
        writable_file(str(pdf), "certify: --pdf")
        require_pdf_renderer()  # a PDF that cannot be made is said before the work, and nothing is written
    wager = wager_of(args)
    options = options_given(args, wager, "certify")
    rules = rule_list(args.rule or "S17")
    for decks in args.decks:  # every configuration's inputs are checked before any is computed
        for rule in rules:
            check_inputs(wager.name, decks, rule, args.paytable, args.paytable_file, args.any_decks,
                         not args.no_peek, options, DEFAULT_ROUNDS if args.rounds == AUTO else args.rounds, args.seed,
                         wager_file=args.wager_file)
    if args.rule is None and wager.dealer_rule_matters:  # said after any other input's fault
        raise UsageError(f"certify: {wager.name}'s figures depend on the dealer's rule: give --rule S17 or --rule H17"
                         " (or both: --rule S17,H17)")
    signoff = tuple((label, value) for label, value in (("date", args.date), ("prepared by", args.prepared_by),
                                                        ("reviewed by", args.reviewed_by)) if value)
    if len(args.decks) > 1 or (len(rules) > 1 and wager.dealer_rule_matters):
        return _certify_filing(args, wager, options, rules, signoff, out, pdf)
    report = certify(wager.name, args.decks[0], rules[0], args.paytable, args.paytable_file, args.any_decks,
                     not args.no_peek, options, args.rounds, args.seed,
                     wager_file=args.wager_file)
    report = dataclasses.replace(_with_renderer(report, pdf), signoff=signoff)
    printed = _write_report(render_html(report), out, pdf, args.date)
    lines = [f"wrote {out}: {report.title}, paytable {report.inputs.table.id}, {args.decks[0]} deck(s), "
             f"{report.inputs.rules.name if report.inputs.dealer_rule_matters else 'any dealer rule'}; "
             f"report {report.report_id}, input hash {report.input_hash}", *_checks_said(report)]
    return _ending(lines, pdf, printed, report.agrees, "section 7")


def _with_renderer(report: Any, pdf: Any) -> Any:
    """The report marked as printed to PDF, the renderer's version among its versions."""
    from odds.verify.fingerprint import pdf_renderer_version
    renderer = pdf_renderer_version() if pdf is not None else None
    return dataclasses.replace(report, pdf=pdf is not None,
                               versions=report.versions + ((("PDF renderer", renderer),) if renderer else ()))


def _write_report(page: str, out: Any, pdf: Any, date: Any) -> Optional[bytes]:
    """Print the PDF (if asked) before writing anything, then write the HTML and the PDF; the PDF's bytes."""
    from odds.core.outputs import write_file
    from odds.verify.certify_report import print_pdf
    printed = None if pdf is None else print_pdf(page, date or "")
    write_file(out, page.encode("utf-8"), "certify: --out")
    if pdf is not None and printed is not None:
        write_file(pdf, printed, "certify: --pdf")
    return printed


def rule_list(text: str) -> list[str]:
    """The dealer's rules of ``--rule S17,H17``, each checked, in the order given, once each.

    >>> rule_list("h17, S17,H17")
    ['H17', 'S17']
    """
    rules = [DealerRules.parse(part).name for part in str(text).split(",") if part.strip()]
    if not rules:
        raise UsageError("--rule: give S17, H17 or both (S17,H17)")
    return list(dict.fromkeys(rules))


def _certify_filing(args: argparse.Namespace, wager: Wager, options: dict, rules: list[str],
                    signoff: tuple[tuple[str, str], ...], out: Any, pdf: Any) -> tuple[str, int]:
    """Several configurations: one filing, written whole or not at all."""
    from odds.verify.certify_report import render_filing_html
    from odds.verify.filing import certify_filing
    filing = certify_filing(wager.name, args.decks, rules, args.paytable, args.paytable_file, args.any_decks,
                            not args.no_peek, options, args.rounds, args.seed, wager_file=args.wager_file)
    reports = tuple(_with_renderer(r, pdf) for r in filing.reports)
    filing = dataclasses.replace(filing, reports=reports, signoff=signoff, pdf=pdf is not None)
    printed = _write_report(render_filing_html(filing), out, pdf, args.date)
    lines = [f"wrote {out}: {filing.first.title}, paytable {filing.first.inputs.table.id}, {len(reports)} "
             f"configurations ({filing.configurations()}); report {filing.report_id}, filing hash {filing.filing_hash}"]
    if len(rules) > 1 and not wager.dealer_rule_matters:
        lines.append(f"{wager.name}'s figures do not depend on the dealer's rule: one configuration a deck count")
    for r in reports:
        label = f"{r.inputs.decks} deck(s)" + (f", {r.inputs.rules.name}" if r.inputs.dealer_rule_matters else "")
        lines.append(f"{label}: " + "; ".join(_checks_said(r)))
    return _ending(lines, pdf, printed, filing.agrees, "the configuration's section")


def _checks_said(report: Any) -> list[str]:
    """What each check of a report found, a line each."""
    return [*(f"{c.label}: " + ("agree exactly" if c.agrees else "DIFFER") for c in report.checks),
            "Monte Carlo: " + (report.monte_carlo_note if report.monte_carlo is None
                               else "agrees" if report.monte_carlo.agrees else "DISAGREES")]


def _ending(lines: list[str], pdf: Any, printed: Optional[bytes], agrees: bool, where: str) -> tuple[str, int]:
    """The PDF's digest, and the exit status: 1 when a check failed (said on stderr, with where to look)."""
    if pdf is not None and printed is not None:
        lines.append(f"wrote {pdf} (SHA-256 {hashlib.sha256(printed).hexdigest()})")
    if not agrees:
        print(f"odds: verification failed: see {where} of the report", file=sys.stderr)
    return "\n".join(lines), (0 if agrees else 1)


def add_certify_parser(sub: argparse._SubParsersAction) -> None:
    from odds.verify.confirmation import AUTO, AUTO_CAP, DEFAULT_ROUNDS, DEFAULT_SEED

    def certify_rounds(text: str) -> Union[int, str]:
        return AUTO if text.strip().lower() == AUTO else round_count(text)

    ce = sub.add_parser("certify", help="a certification report of a wager: regulation, paytable, par sheet, "
                                        "verification, versions (HTML; PDF where chromium is installed)")
    ce.add_argument("name", nargs="?", help="a wager (see `odds list`), or --wager-file")
    add_wager_source(ce)
    add_wager_options(ce, "certify")
    ce.set_defaults(rule=None)  # a wager whose figures depend on the dealer's rule is certified at the rule given
    next(a for a in ce._actions if a.dest == "rule").help = ("S17, H17 or both (S17,H17): required where the wager's "
                                                             "figures depend on the dealer's rule")
    decks = next(a for a in ce._actions if a.dest == "decks")
    decks.type, decks.help = deck_list, "deck counts, e.g. 6 or 6,8 (several: one filing, a section each)"
    ce.add_argument("--rounds", type=certify_rounds, default=AUTO,
                    help=f"Monte Carlo rounds, or auto (the default): enough to expect ten hits of the rarest paid "
                         f"outcome, {DEFAULT_ROUNDS:,} to {AUTO_CAP:,}")
    ce.add_argument("--seed", type=whole_number(0), default=DEFAULT_SEED, help=f"Monte Carlo seed (default {DEFAULT_SEED})")
    ce.add_argument("--out", required=True, help="the HTML file to write")
    ce.add_argument("--date", help="a date to print on the report (none by default, so that a rerun is the same "
                                   "file byte for byte)")
    ce.add_argument("--prepared-by", help="who prepared the report, printed on it (none by default)")
    ce.add_argument("--reviewed-by", help="who reviewed the report, printed on it (none by default)")
    ce.add_argument("--pdf", nargs="?", const="", default=None, metavar="PDF",
                    help="also print the report to PDF with headless chromium (default: the --out name with .pdf)")
    ce.set_defaults(run=cmd_certify)


def add_wager_parser(sub: argparse._SubParsersAction) -> None:
    """The ``odds wager`` command's arguments."""
    w = sub.add_parser("wager", help="the par sheet of a wager")
    w.add_argument("name", nargs="?", help="a wager: " + ", ".join(WAGERS) + " (`odds list` shows their "
                                           "paytables); or game, strategy, burnout, switch")
    add_wager_source(w, any_decks="compute a paytable at a deck count its regulation does not allow (with a warning)")
    w.add_argument("--remove", default="", help="known cards taken out of the shoe first")
    add_wager_options(w, "wager", also={"reading": "burnout: whether a card that busts the hand may be burned "
                                                   "(any-card, the default; no-bust; both)"})
    w.add_argument("--no-das", action="store_true", help="burnout: no double after split (DAS by default)")
    w.add_argument("--float", action="store_true", help="burnout, switch: floats instead of exact fractions")
    w.add_argument("--search", action="store_true",
                   help="ez-bust: search every player two-card hand and up card for the best return")
    w.add_argument("--format", choices=("table", "json", "csv", "md", "html"), default="table",
                   help=FORMAT_HELP)
    w.add_argument("--fractions", action="store_true", help="exact fractions in the table")
    w.add_argument("--target-edge", help="add each paid outcome's sensitivity: the return per unit of its pay, and "
                                         "the pay that alone gives this house edge (5%%, 0.05 or 1/20)")
    w.set_defaults(run=cmd_wager)


def add_simulate_parser(sub: argparse._SubParsersAction) -> None:
    """The ``odds simulate`` command's arguments."""
    sim = sub.add_parser("simulate", help="deal rounds at random and set the result against the exact par sheet")
    sim.add_argument("name", nargs="?", help="a wager of `odds list` (streak and burnout-bonus: whole rounds of the main game, "
                                  "the player's decisions taken from the exact engine)")
    add_wager_source(sim)
    add_wager_options(sim, "simulate")
    sim.add_argument("--rounds", type=round_count, default=100_000, help="rounds to deal (default 100000)")
    sim.add_argument("--seed", type=whole_number(0), default=0, help="random seed (default 0; the same seed, the same run)")
    sim.add_argument("--format", choices=("table", "json"), default="table",
                     help=FORMAT_HELP)
    sim.set_defaults(run=cmd_simulate)


def add_compare_parser(sub: argparse._SubParsersAction) -> None:
    """The ``odds compare`` command's arguments."""
    co = sub.add_parser("compare", help="paytables side by side: pays, RTP, house edge, hit frequency, SD, "
                                        "volatility and maximum win at every configuration (and a counter's gain)")
    co.add_argument("name", nargs="?", help="a wager (see `odds list`), or --wager-file")
    add_decks(co)
    next(a for a in co._actions if a.dest == "decks").type = deck_list
    co.add_argument("--rule", default="S17,H17", help="S17, H17 or both (default both, where the rule matters)")
    co.add_argument("--no-peek", action="store_true", help="no hole-card peek for blackjack")
    co.add_argument("--paytable", help="the shipped paytables to compare, e.g. A,C (default all, unless files are given)")
    co.add_argument("--paytable-file", action="append", metavar="FILE", help="every table of this file; repeat for more")
    add_wager_file(co, option=False)
    co.add_argument("--counting", type=whole_number(1), metavar="SHOES",
                    help="sweep this many shoes a table and configuration: the counter's gain and the rounds with a "
                         "player edge (seconds a thousand shoes)")
    co.add_argument("--seed", type=whole_number(0), default=0, help="the sweep's seed (default 0)")
    co.add_argument("--format", choices=("table", "md", "csv", "json", "html"), default="table", help=FORMAT_HELP)
    co.add_argument("--out", help="write to this file (needed for --format html)")
    co.set_defaults(run=cmd_compare)


def add_design_parser(sub: argparse._SubParsersAction) -> None:
    """The ``odds design`` command's arguments."""
    de = sub.add_parser("design", help="practical paytables near a target house edge: pays in steps and bounds, "
                                       "constraints, every configuration at once; write the one chosen")
    de.add_argument("name", nargs="?", help="a wager (see `odds list`), or --wager-file")
    add_wager_source(de)
    decks = next(a for a in de._actions if a.dest == "decks")
    decks.type, decks.help = deck_list, "deck counts, e.g. 6 or 6,8: the edge is held at each"
    next(a for a in de._actions if a.dest == "rule").help = "S17, H17 or both (S17,H17): the edge is held at each"
    de.add_argument("--vary", action="append", type=pay_range, metavar="OUTCOME=LOW..HIGH[/STEP]",
                    help="a pay that may move, its bounds and step (default 1), e.g. bust-6=8..20 or bust-5=3..6/0.5;"
                         " once for each")
    de.add_argument("--target-edge", required=True, help="the house edge aimed at: 5%%, 0.05 or 1/20")
    de.add_argument("--band", metavar="LOW,HIGH", help="keep only tables whose edge lies in it at every "
                                                       "configuration, e.g. 4.5%%,5.5%%")
    de.add_argument("--max-sd", type=float, help="keep only tables whose round's standard deviation is at most this")
    de.add_argument("--counting", type=whole_number(1), metavar="SHOES",
                    help="sweep each table listed over this many shoes at every configuration: a counter's gain and the "
                         "rounds with a player edge")
    de.add_argument("--max-edge-share", type=float, metavar="SHARE",
                    help="with --counting: keep only tables whose rounds with a player edge are at most this share "
                         "(e.g. 0.01) at every configuration")
    de.add_argument("--seed", type=whole_number(0), default=0, help="the sweep's seed (default 0)")
    de.add_argument("--any-order", action="store_true",
                    help="allow a rarer outcome to pay less than a commoner one (refused by default)")
    de.add_argument("--top", type=whole_number(1), default=10, help="how many tables to list (default 10)")
    de.add_argument("--write", metavar="FILE", help="write a table found as a commented paytable file")
    de.add_argument("--pick", type=whole_number(1), default=1, help="which table listed to write (default 1)")
    de.add_argument("--id", default="P", help="the written table's id (default P)")
    de.add_argument("--citation", help="the written table's citation (default: where it was designed from)")
    de.add_argument("--format", choices=("table", "json"), default="table", help=FORMAT_HELP)
    de.set_defaults(run=cmd_design)


def add_solve_parser(sub: argparse._SubParsersAction) -> None:
    """The ``odds solve`` command's arguments."""
    so = sub.add_parser("solve", help="the exact pays for a target house edge: one pay, several scaled "
                                      "together, or the edge over a grid of two pays")
    so.add_argument("name", nargs="?", help="a wager (see `odds list`), or --wager-file")
    add_wager_source(so)
    so.add_argument("--vary", "--outcome", dest="outcome", type=outcome_list,
                    help="the outcome whose pay is solved for, e.g. bust-8+; several, separated by commas, "
                         "are scaled together by one factor")
    so.add_argument("--target-edge", "--edge", dest="edge",
                    help="target house edge: 5%%, 0.05 or 1/20 (a bare 5 is refused: it would be 500%%)")
    so.add_argument("--grid", action="append", type=grid_axis, metavar="OUTCOME=PAY,PAY,...",
                    help="twice: the exact house edge at every pair of these pays (with --target-edge, the "
                         "cells at or above it are marked)")
    so.add_argument("--format", choices=("table", "json"), default="table",
                    help=FORMAT_HELP)
    so.set_defaults(run=cmd_solve)


def outcome_list(text: str) -> list[str]:
    """An argparse type: outcomes separated by commas."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise argparse.ArgumentTypeError("name one or more outcomes, separated by commas")
    return names


def grid_axis(text: str) -> tuple[str, tuple[Fraction, ...]]:
    """An argparse type: ``OUTCOME=PAY,PAY,...`` (pays as 50, 2.5 or 5/2)."""
    name, _, pays = text.partition("=")
    try:
        values = tuple(exact_number(p.strip(), "pay") for p in pays.split(",")[:51] if p.strip())
    except OddsError:
        values = ()
    if not name.strip() or not values or min(values) < 0 or len(pays.split(",")) > 50:
        raise argparse.ArgumentTypeError(f"'{shown(text)}': write OUTCOME=PAY,PAY,... with 1 to 50 pays, none negative "
                                         "(e.g. bust-7=40,50,60)")
    return name.strip(), values


def add_list_parser(sub: argparse._SubParsersAction) -> None:
    """The ``odds list`` command's arguments."""
    ls = sub.add_parser("list", help="every wager, its paytables and where each comes from")
    add_wager_file(ls, "list only the wager", option=False)
    ls.set_defaults(run=cmd_list)


def cmd_paytable_template(args: argparse.Namespace) -> str:
    from pathlib import Path

    from odds.core.outputs import write_file
    from odds.wagers.paytables import paytable_template
    text = paytable_template(get_wager(args.name).name)
    if args.out is None:
        return text.rstrip("\n")
    out = Path(args.out)
    if writable_file(args.out, "paytable template: --out").exists() and not args.force:
        raise UsageError(f"paytable template: {out} exists (--force replaces it)")
    write_file(out, text.encode("utf-8"), "paytable template: --out")
    return f"wrote {out}: a paytable file for {args.name} to edit (odds validate {out} checks it)"


def add_paytable_parser(sub: argparse._SubParsersAction) -> None:
    """The ``odds paytable`` commands: ``template``."""
    pt = sub.add_parser("paytable", help="paytable files: a commented template to start a proposed table from")
    inner = pt.add_subparsers(dest="paytable_command", metavar="template", parser_class=type(pt), required=True,
                              help="template: a commented file for a wager, to start a proposed table from")
    tp = inner.add_parser("template", help="print (or write) a commented paytable file for a wager",
                          epilog=examples(["odds paytable template buster > proposed.toml",
                                           "odds paytable template 21+3 --out mine.toml"]),
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    tp.add_argument("name", help="a wager (see `odds list`)")
    tp.add_argument("--out", help="write the file here instead of printing it")
    tp.add_argument("--force", action="store_true", help="replace --out if it exists")
    tp.set_defaults(run=cmd_paytable_template)


def add_validate_parser(sub: argparse._SubParsersAction) -> None:
    """The ``odds validate`` command's arguments."""
    v = sub.add_parser("validate", help="check a paytable file (exit 1 when it has problems)")
    v.add_argument("file", nargs="?", help="a paytable TOML file")
    add_wager_file(v, "check the definition file (and its paytables, or FILE's for it): the wager", option=False)
    v.set_defaults(run=cmd_validate)
