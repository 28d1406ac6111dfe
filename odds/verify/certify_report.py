"""The certification report as a document: HTML (sections 1 to 8 of :mod:`odds.verify.certify`),
and the PDF printed from it by headless Chromium.

>>> exact_decimal(Fraction(1, 3), 6)
'0.333333'
"""
from __future__ import annotations

import html
import json
import re
import subprocess
import tempfile
from fractions import Fraction
from pathlib import Path
from typing import Any, Container, Iterable, Mapping, Optional, Sequence

from odds import __version__
from odds.core.errors import UnavailableError, shown
from odds.core.formats import fraction_text
from odds.core.pages import render_page
from odds.regulations import excerpts
from odds.wagers import get_wager
from odds.wagers.defined import defined_note
from odds.pricing.parsheet import ParSheet
from odds.pricing.volatility import METHOD, z_value

from .certify import Inputs, Report, option_flags
from .checks import ExactCheck, Figure
from .fingerprint import pdf_renderer
from .simulate import few_rounds_note


# ---------------------------------------------------------------------------------------- HTML

def exact_decimal(x: Fraction, places: int = 12) -> str:
    """``x`` rounded half-even to ``places`` decimals, from the exact value (no float).

    >>> exact_decimal(Fraction(2, 3), 4), exact_decimal(Fraction(-1, 8), 2), exact_decimal(Fraction(5), 1)
    ('0.6667', '-0.12', '5.0')
    """
    x = Fraction(x)
    scaled = abs(x) * 10 ** places
    q, r = divmod(scaled.numerator, scaled.denominator)
    if 2 * r > scaled.denominator or (2 * r == scaled.denominator and q % 2):
        q += 1
    digits = str(q).rjust(places + 1, "0")
    sign = "-" if x < 0 and q else ""
    return f"{sign}{digits[:-places]}.{digits[-places:]}" if places else f"{sign}{digits}"


STYLE = """
body { font-family: "DejaVu Serif", Georgia, serif; max-width: 62em; margin: 2em auto; padding: 0 1em;
       color: #111; line-height: 1.4; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; } h2 { font-size: 1.2em; border-bottom: 1px solid #999;
margin-top: 1.8em; } h3 { font-size: 1.05em; }
.sub { color: #444; margin-top: 0; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.92em; }
th, td { border: 1px solid #bbb; padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
td.num { text-align: right; font-family: "DejaVu Sans Mono", monospace; white-space: nowrap; }
td.exact { white-space: normal; overflow-wrap: anywhere; }
h1, h2, h3, h4 { break-after: avoid; page-break-after: avoid; }
tr, li, .pass, .fail, .warn { break-inside: avoid; page-break-inside: avoid; }
table.bands td.num { white-space: normal; }
thead { display: table-header-group; } tbody tr:first-child { break-before: avoid; page-break-before: avoid; }
table.sheet { font-size: 0.72em; width: 100%; }
@page { size: A4; margin: 14mm; }
code, pre, .mono { font-family: "DejaVu Sans Mono", monospace; font-size: 0.88em; }
pre { white-space: pre-wrap; word-break: break-all; background: #f6f6f6; padding: 0.5em; }
.reg p { margin: 0.25em 0; } .reg .cited { background: #fff3b0; }
.reg pre { background: none; padding: 0; margin: 0.25em 0; }
.pass { background: #e6f4e6; border: 1px solid #393; padding: 0.5em; }
.fail { background: #fbe3e3; border: 1px solid #c33; padding: 0.5em; font-weight: bold; }
.warn { color: #8a4b00; }
table.summary { width: 100%; } table.summary thead { display: none; } table.summary td:first-child { width: 32%; font-weight: bold; }
table.across { width: 100%; font-size: 0.85em; } table.across td:first-child { font-weight: bold; }
table.printed { font-size: 0.85em; margin: 0.4em 0; } table.printed th { text-align: left; background: #f3f3f3; }
table.printed tr.cited td, table.printed tr.cited th { background: #fff3b0; }
.id { font-family: "DejaVu Sans Mono", monospace; }
"""


def _page_css(identifier: str, label: str) -> str:
    """A running header (the report's identifier and subject) and "page X of Y" on every printed page."""
    def css_string(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3c ") + '"'
    return ("@page { @top-left { content: " + css_string(f"odds certification report {identifier}")
            + '; font: 8pt "DejaVu Sans", sans-serif; color: #555; } '
            "@top-right { content: " + css_string(label) + '; font: 8pt "DejaVu Sans", sans-serif; color: #555; } '
            '@bottom-right { content: "page " counter(page) " of " counter(pages); '
            'font: 8pt "DejaVu Sans", sans-serif; color: #555; } }')


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _table(header: Sequence[str], rows: Iterable[Sequence[str]], numeric: Container[int] = (),
           exact: Container[int] = (), css: str = "") -> str:
    """Columns in ``numeric`` right-aligned on one line; those in ``exact`` (long fractions) may break."""
    out = [f'<table class="{css}">' if css else "<table>",  # the header repeats on every page the table runs onto
           "<thead><tr>" + "".join(f"<th>{_e(h)}</th>" for h in header) + "</tr></thead><tbody>"]
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            cls = ' class="num exact"' if i in exact else ' class="num"' if i in numeric else ""
            if i in exact:  # a long fraction breaks after its bar first
                cell = cell.replace("/", "/<wbr>")
            cells.append(f"<td{cls}>{cell}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return "\n".join(out)


def _definition_html(report: Report) -> str:
    """Section 2 of a defined wager: the definition file, whole, in place of a regulation's paragraph."""
    d = report.inputs.definition
    return (f'<p class="warn"><b>{_e(defined_note(d))}.</b> The wager is as its definition file states it '
            f"(docs/wager-files.md), read and checked by odds: the file, whole, as read "
            f"(its SHA-256 in the input hash).</p>"
            + (f"<p>Citation: {_e(d.citation)}</p>" if d.citation else "")
            + f'<pre class="reg">{_e(d.text)}</pre>')


def _regulation_html(report: Report, decks: Sequence[int] = ()) -> str:
    """Section 2: the wager's paragraph, its tables cut to what applies at ``decks`` (by default
    the report's deck count)."""
    decks = tuple(decks) or (report.inputs.decks,)
    if report.inputs.definition is not None:
        return _definition_html(report)
    wager_text = excerpts(report.regulation)[0]
    regulated = report.inputs.provenance.regulated
    cited = [] if regulated is None else excerpts(regulated.citation)
    marked = {i for e in cited for i in range(e.start, e.end)}
    lead = (f'<p>The paragraph of the wager, <b>{_e(report.regulation)}</b>, from <code>{_e(wager_text.source)}'
            f'</code> as shipped with odds (the text as published, its slips included).')
    if regulated is None:
        lead += (" It is shown for the game's rules only: the paytable is proposed, not in the regulation, and "
                 "no paragraph of it is the paytable's source.</p>")
    elif report.inputs.table.from_file:
        lead += f" The file's pays are those of <b>{_e(regulated.citation)}</b>: highlighted.</p>"
    else:
        lead += f" The paytable cites <b>{_e(regulated.citation)}</b>: highlighted.</p>"
    out = [lead + _cut_note(report, wager_text, decks), '<div class="reg">']
    if cited and not any(wager_text.start <= i < wager_text.end for i in marked):
        out.append("<p><i>The paytable's paragraph lies outside the wager's paragraph:</i></p>")
        for e in cited:
            out += [f'<p class="cited">{_e(line)}</p>' for line in e.lines]
    keep = _applying(report, decks)
    for piece in _pieces(wager_text, marked):
        if isinstance(piece, str):
            out.append(piece)
            continue
        rows = keep(piece)
        if rows:
            out.append(_printed_table(rows))
    out.append("</div>")
    return "\n".join(out)


def _pieces(text: Any, marked: Container[int]) -> list:
    """The paragraph as HTML lines and printed tables (each a list of rows ``(cells, highlighted)``)."""
    out: list = []
    rows: list = []
    for number, line in zip(text.numbers, text.lines):
        cited = number in marked
        if line.startswith("|") or "\t" in line:  # a row of a printed table: cells between bars, or tabs
            cells = line.strip().strip("|").split("|") if line.startswith("|") else line.split("\t")
            rows.append(([c.strip() for c in cells], cited))
            continue
        if rows:
            out.append(rows)
            rows = []
        cls = ' class="cited"' if cited else ""
        out.append(f"<p{cls}>{_e(line)}</p>")
    if rows:
        out.append(rows)
    return out


DECK_WORDS = {"single": 1, "one": 1, "two": 2, "four": 4, "six": 6, "eight": 8}
PAYTABLE_HEAD = re.compile(r"pa[yv] ?table\s*([A-Za-z0-9]*)", re.IGNORECASE)  # "Pav table": a slip as printed


def _blocks(rows: list) -> list:
    """A printed table's blocks: a heading row (its cells after the first empty) and the rows under it."""
    blocks: list = []
    for row in rows:
        if not any(row[0][1:]) or not blocks:
            blocks.append([row])
        else:
            blocks[-1].append(row)
    return blocks


def _block_decks(block: list) -> Optional[int]:
    """The deck count a block's heading names ("Six-Deck Shoe"), or None."""
    found = re.match(r"\s*(single|one|two|four|six|eight|\d+)[- ]decks?\b", block[0][0][0], re.IGNORECASE)
    if found is None or any(block[0][0][1:]):
        return None
    word = found.group(1).lower()
    return DECK_WORDS.get(word) or int(word)


def _paytable_columns(block: list) -> dict:
    """{paytable id: column} of a block's header row ("Paytable C", "Pay table A (six decks)")."""
    for cells, _ in block[:3]:
        found = {i: PAYTABLE_HEAD.match(c) for i, c in enumerate(cells) if i}
        if found and all(found.values()):
            return {m.group(1).upper(): i for i, m in found.items() if m}
    return {}


def _applying(report: Report, decks: Sequence[int]) -> Any:
    """What of a printed table of the wager's paragraph applies to the report: the blocks of its
    deck counts ``decks`` (where the blocks name deck counts) and, of a paytable's columns, the
    report's own; a proposed paytable's report keeps none of the regulation's paytables."""
    i = report.inputs
    regulated = i.provenance.regulated
    proposed = regulated is None
    own = None if regulated is None else regulated.id.upper()

    last: dict = {}  # the paytable columns of the table before, for its rows printed after a broken line

    def keep(rows: list) -> list:
        blocks = _blocks(rows)
        head = next((c for c in map(_paytable_columns, blocks) if c), None)
        if head is None and last and max(len(cells) for cells, _ in rows) == last["width"]:
            blocks = [[((cells[:1], cited) if not any(cells[1:]) else (cells, cited)) for cells, cited in b]
                      for b in blocks]
            return [(cells, cited) if not any(cells[1:]) or own not in last["columns"] else
                    ([cells[0]] + cells[last["columns"][own]:last["columns"][own] + 1], cited)
                    for b in blocks for cells, cited in b] if not proposed else []
        if head is not None:
            last.update(columns=head, width=max(len(cells) for cells, _ in rows))
        if any(_block_decks(b) in decks for b in blocks):
            blocks = [b for b in blocks if _block_decks(b) is None or _block_decks(b) in decks]
        out = []
        owned = any(own in _paytable_columns(b) or "" in _paytable_columns(b) for b in blocks)
        for b in blocks:
            columns = _paytable_columns(b)
            if not columns:
                out += b
            elif proposed or (owned and own not in columns and "" not in columns):
                continue
            elif own in columns:
                out += [(cells, cited) if not any(cells[1:]) else
                        ([cells[0]] + ([cells[columns[own]]] if columns[own] < len(cells) else []), cited)
                        for cells, cited in b]
            else:
                out += b
        return out
    return keep


def _cut_note(report: Report, text: Any, decks: Sequence[int]) -> str:
    """What the paragraph's tables leave out for this report, said once, or nothing."""
    keep = _applying(report, decks)
    tables = [p for p in _pieces(text, ()) if not isinstance(p, str)]
    if all(keep(t) == t for t in tables):
        return ""
    if report.inputs.provenance.regulated is None:
        return ("<p>The regulation's paytables are not reprinted: they do not apply to a proposed paytable (its pays "
                "are in section 3); tables of the paragraph that are not paytables are.</p>")
    counts = " and ".join(f"{d}-deck" for d in decks)
    return (f"<p>Of the paragraph's tables only what applies to this report is reprinted: the "
            f"{counts} tables, where they are printed by deck count, and the column of paytable "
            f"{_e(report.inputs.provenance.regulated.id)}; the others are left out.</p>")


def _printed_table(rows: list) -> str:
    """A table of the regulation's text (lines ``| a | b |``, or cells between tabs) as a table: a row
    whose cells after the first are empty heads a block (a shoe's tables), spanning the width."""
    width = max(len(cells) for cells, _ in rows)
    out = ['<table class="printed">']
    for cells, cited in rows:
        cls = ' class="cited"' if cited else ""
        if not any(cells[1:]):
            out.append(f'<tr{cls}><th colspan="{width}">{_e(cells[0])}</th></tr>')
        else:
            out.append(f"<tr{cls}>" + "".join(f"<td>{_e(c)}</td>" for c in cells)
                       + "<td></td>" * (width - len(cells)) + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def _paytable_html(inputs: Inputs) -> str:
    t = inputs.table
    rows = [[_e(k), f"{_e(fraction_text(v))} to 1"] for k, v in t.pays.items()]
    rows += [[_e(k), f"{_e(fraction_text(share * 100))}% of the {_e(m)} meter"] for k, (share, m) in t.meter_pays.items()]
    decks = "any number of decks" if t.decks is None else ", ".join(map(str, t.decks)) + " deck(s)"
    origin = inputs.provenance
    if inputs.definition is not None and not t.from_file:
        read = (f"Read from the definition file <code>{_e(inputs.definition.source)}</code> (its SHA-256 in the "
                "input hash).")
    elif t.from_file:
        read = (f"Read from the file <code>{_e(t.source)}</code>, SHA-256 <span class=\"mono\">{_e(t.sha256)}"
                "</span> (in the input hash).")
    else:
        read = f"Read from <code>{_e(t.source)}</code>, the paytables shipped with odds."
    if origin.regulated is None:
        status = ('<p class="warn"><b>Proposed, not in the regulation.</b> No paytable of the regulation has these '
                  "pays; the citation below is the file's own words.</p>")
    elif t.from_file:
        status = (f"<p>The file's pays are those of the regulation's paytable <b>{_e(origin.regulated.id)}</b> "
                  f"({_e(origin.regulated.citation)}).</p>")
    else:
        status = ""
    out = [status + f"<p>Paytable <b>{_e(t.id)}</b>: {_e(t.citation)}. Allowed for {_e(decks)}"
           + ("" if t.allows(inputs.decks) else f"; reported at {inputs.decks} deck(s) on request (--any-decks)")
           + f". {read}</p>", _table(["outcome", "pays"], rows, numeric=(1,))]
    if t.notes:
        out.append("<p>Notes in the paytable file:</p><ul>" + "".join(f"<li>{_e(n)}</li>" for n in t.notes) + "</ul>")
    return "\n".join(out)


def _sheet_html(sheet: ParSheet) -> str:
    counted = any(o.combinations is not None for o in sheet.outcomes)
    rows = []
    for o in sheet.outcomes:
        rows.append([_e(o.name), _e(fraction_text(o.pays))]
                    + ([f"{o.combinations:,}"] if counted else [])
                    + [_e(fraction_text(o.probability)), exact_decimal(o.probability), _e(fraction_text(o.ret)),
                       exact_decimal(o.ret), "-" if not o.probability else exact_decimal(1 / o.probability, 2)])
    header = (["outcome", "pays (to 1)"] + (["combinations"] if counted else [])
              + ["probability (exact)", "probability", "return (exact)", "return", "1 in"])
    c = int(counted)
    out = [_table(header, rows, numeric=range(1, len(header)), exact=(2 + c, 4 + c), css="sheet")]
    summary = [["expected return", fraction_text(sheet.expected_return), exact_decimal(sheet.expected_return)],
               ["house edge", fraction_text(sheet.house_edge), exact_decimal(sheet.house_edge * 100, 10) + "%"],
               ["hit frequency", fraction_text(sheet.hit_frequency), exact_decimal(sheet.hit_frequency)],
               ["variance", fraction_text(sheet.variance), exact_decimal(sheet.variance)],
               ["standard deviation", "", f"{sheet.std_dev:.12f}"]]
    if sheet.cycle is not None:
        summary.insert(0, ["cycle (combinations)", f"{sheet.cycle:,}", ""])
    out.append(_table(["figure", "exact", "decimal"], [[_e(a), _e(b), _e(d)] for a, b, d in summary], numeric=(1, 2),
                      exact=(1,)))
    out.append("<p>Decimals are the exact values rounded half-even to 12 places (the house edge in per cent to "
               "10); the standard deviation is the square root of the exact variance, in floating point.</p>")
    out.append(_lab_html(sheet))
    for key, value in sheet.extra.items():
        if key == "bonus":
            out.append(_bonus_html(value, sheet))
        elif key == "progressive":
            out.append(_progressive_html(value))
        elif not (key.endswith("_decimal") and key[:-len("_decimal")] in sheet.extra):  # decimals shown beside
            out.append(_section_html(key, value))
    return "\n".join(out)


EXACT = re.compile(r"-?\d+(/\d+)?")


def _cell(value: Any) -> str:
    """A value of a wager's own section: an exact number as its fraction, breakable after the bar."""
    return _e(value).replace("/", "/<wbr>") if isinstance(value, str) else _e(value)


def _section_html(key: str, value: Any) -> str:
    """A wager's own section (the streak wagers' round and streaks) as a table: named exact numbers
    with their decimals, or named entries a row each; anything else as JSON."""
    title = f"<h3>{_e(key[0].upper() + key[1:])}</h3>"
    if isinstance(value, dict) and value and all(isinstance(v, str) and EXACT.fullmatch(v) for v in value.values()):
        rows = [[_e(k), _cell(v), exact_decimal(Fraction(v))] for k, v in value.items()]
        return title + _table(["", "exact", "decimal"], rows, numeric=(1, 2), exact=(1,))
    if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
        names = list(dict.fromkeys(n for v in value.values() for n in v if not n.endswith("_decimal")))
        rows = [[_e(k)] + [_cell(v.get(n, "")) for n in names] for k, v in value.items()]
        return title + _table([key, *names], rows, numeric=range(1, len(names) + 1),
                              exact=range(1, len(names) + 1))
    return f"{title}<pre>{_e(json.dumps(value, indent=1, sort_keys=True))}</pre>"


def _progressive_html(prog: Mapping[str, Any]) -> str:
    """A progressive's return as a function of its meters, R(M) = a + sum of b[m] x M[m]: its
    coefficients, the meters the report was computed at, and each jackpot hand's odds."""
    rows = [["a (the fixed pays, the meters at 0)", _e(prog["a"]), exact_decimal(Fraction(prog["a"]))]]
    rows += [[f"b[{_e(m)}] (per unit of the {_e(m)} meter)", _e(b), exact_decimal(Fraction(b), 15)]
             for m, b in prog["b"].items()]
    meters = [[_e(m), _e(v)] for m, v in prog.get("meters", {}).items()]
    odds = [[_e(hand), f"{n:,.2f}"] for hand, n in prog.get("jackpot_one_in", {}).items()]
    return "\n".join([
        "<h3>Progressive</h3>",
        f"<p>The return per unit wagered is linear in the meters: <code>{_e(prog['formula'])}</code>.</p>",
        _table(["coefficient", "exact", "decimal"], rows, numeric=(1, 2), exact=(1,)),
        *([_table(["meter", "computed at (units of the wager)"], meters, numeric=(1,))] if meters else []),
        *([_table(["jackpot hand", "1 in"], odds, numeric=(1,))] if odds else [])])


def _dollars(amount: Fraction) -> str:
    """$8,000; $2.50; an amount that is no whole number of cents as its fraction."""
    if amount.denominator == 1:
        return f"${amount.numerator:,}"
    cents = amount * 100
    return f"${float(amount):,.2f}" if cents.denominator == 1 else f"${_e(fraction_text(amount))}"


def _bonus_html(bonuses: Mapping[str, Any], sheet: ParSheet) -> str:
    """A cash bonus beside the wager's pays (Buster's, 633c.13(i)) as tables: each award with the
    chance of its hand and its expected value, then what it adds to the return and the maximum win
    at the minimum wager it needs."""
    out = ["<h3>Cash bonus</h3>",
           "<p>Paid in dollars beside the wager's pays, to a wager of at least the minimum; its return per unit "
           "falls as the wager grows, so it is given at the minimum wager.</p>"]
    for bid, b in bonuses.items():
        minimum = Fraction(b["min_wager"])
        awards = {k: Fraction(v) for k, v in b["awards_dollars"].items()}
        chance = {hand: Fraction(b["probability_blackjack_and"][hand]) for hand in awards}
        rows = [[_e(hand), _dollars(award), _e(fraction_text(chance[hand])), exact_decimal(chance[hand], 12),
                 f"${_e(fraction_text(award * chance[hand]))}"] for hand, award in awards.items()]
        out.append(f"<p><b>{_e(bid)}</b>: {_e(b['citation'])}; a wager of at least {_dollars(minimum)}.</p>")
        out.append(_table(["player blackjack and", "award", "probability (exact)", "probability",
                           "expected award"], rows, numeric=(1, 2, 3, 4), exact=(2, 4)))
        if minimum:
            added, top = bonus_figures(b)
            out.append(_table(["at the minimum wager", "exact", "decimal"], [
                ["added return per unit", _e(fraction_text(added)), exact_decimal(added)],
                ["return to player with the bonus", _e(fraction_text(1 + sheet.expected_return + added)),
                 exact_decimal(1 + sheet.expected_return + added)],
                ["house edge with the bonus", _e(fraction_text(-(sheet.expected_return + added))),
                 exact_decimal(-(sheet.expected_return + added) * 100, 10) + "%"],
                ["maximum win per wager with the bonus", _e(fraction_text(top)) + " to 1", ""]],
                numeric=(1, 2), exact=(1,)))
    return "\n".join(out)


def bonus_figures(bonus: Mapping[str, Any]) -> tuple[Fraction, Fraction]:
    """(the return a cash bonus adds per unit wagered, the maximum win per wager with it), at the
    minimum wager it needs (which must be above zero), as the par sheet computed them."""
    return Fraction(bonus["added_return_at_min_wager"]), Fraction(bonus["max_win_at_min_wager"])


def _cycle_text(report: Report) -> str:
    """The cycle, or why it is not defined for this wager."""
    if report.sheet.cycle is not None:
        return f"{report.sheet.cycle:,} combinations"
    if get_wager(report.inputs.wager).rounds:
        return ("not defined: the wager is settled over rounds of the main game, whose number of cards varies with "
                "the play")
    return ("not defined: the wager is settled on a number of cards that varies with the play (the dealer draws "
            "until he stands or busts), so its outcomes are not equally likely deals of a fixed number of cards")


def _percent(x: Fraction, places: int = 6) -> str:
    return exact_decimal(x * 100, places) + "%"


def _configuration(report: Report) -> str:
    """``6 decks, H17`` (the rule only where it matters)."""
    i = report.inputs
    return f"{i.decks} deck{'s' if i.decks > 1 else ''}" + (f", {i.rules.name}" if i.dealer_rule_matters else "")


def _summary_html(report: Report) -> str:
    """Page one: the figures a regulator reads first, each detailed in the sections after."""
    i = report.inputs
    rule = i.rules.describe() if i.dealer_rule_matters else "any dealer rule (the first cards decide the wager)"
    table = f"{i.table.id}" + (" (proposed, not in the regulation)" if i.provenance.proposed else f" ({i.table.citation})")
    rows = [["wager", f"{_e(report.title)} ({_e(report.regulation)})"],
            ["configuration", f"{i.decks} deck(s); {_e(rule)}; paytable {_e(table)}"],
            *_figure_rows(report), ["report", f'<span class="id">{_e(report.report_id)}</span>']]
    return "\n".join(["<h2>Summary</h2>", _table(["", ""], rows, css="summary"), RTP_NOTE])


RTP_NOTE = ("<p>RTP is the expected amount returned per unit wagered, stake included (1 plus the expected result); the "
            "house edge is 1 minus the RTP. Exact values are in the par sheet.</p>")


def _figure_rows(report: Report, short: bool = False) -> list[list[str]]:
    """The summary's figures of one configuration: (label, HTML); ``short``: as a column beside
    others (a cycle not defined is said so, its reason under the table)."""
    sheet, lab = report.sheet, report.sheet.lab
    rtp = 1 + sheet.expected_return
    rows = [["theoretical return to player (RTP)", f"<b>{_percent(rtp)}</b>"],
            ["house edge", f"<b>{_percent(sheet.house_edge)}</b>"]]
    for bid, b in sheet.extra.get("bonus", {}).items():
        minimum = Fraction(b["min_wager"])
        if minimum:
            added, top = bonus_figures(b)
            rows.append([f"with cash bonus {_e(bid)} at the minimum wager of {_dollars(minimum)}",
                         f"RTP {_percent(rtp + added)}, house edge {_percent(-(sheet.expected_return + added))}, "
                         f"maximum win {_e(fraction_text(top))} to 1"])
    hit = sheet.hit_frequency
    rows += [["hit frequency", f"{exact_decimal(hit, 6)}" + (f" (1 in {exact_decimal(1 / hit, 2)})" if hit else "")],
             ["standard deviation", f"{sheet.std_dev:.6f} per unit wagered"],
             ["volatility index", "; ".join(f"{v:.4f} at {lv}%" for lv, v in lab.volatility_index.items())],
             ["maximum win per wager", f"{_e(fraction_text(lab.max_win))} to 1"
              + (" (without the cash bonus)" if sheet.extra.get("bonus") else "")],
             ["cycle", "not defined (see below)" if short and report.sheet.cycle is None else _e(_cycle_text(report))]]
    rows += [[_e(c.label), ("agree exactly" if c.agrees else "<b>DIFFER</b>") + f": {len(c.figures)} figures, "
              "compared as exact rationals"] for c in report.checks]
    mc = report.monte_carlo
    if mc is None:
        rows.append(["simulation", f"none: {_e(report.monte_carlo_note)}"])
    else:
        lo, hi = mc.mean_interval
        rows.append(["simulation", f"{mc.simulation.rounds:,} rounds: RTP {100 * (1 + mc.mean):.4f}% "
                     f"(95% interval {100 * (1 + lo):.4f}% to {100 * (1 + hi):.4f}%) against the exact "
                     f"{_percent(rtp, 4)}; " + ("agrees" if mc.agrees else "<b>DISAGREES</b>")])
    return rows


def _lab_html(sheet: ParSheet) -> str:
    """The figures of a math report that follow from the exact distribution, with their methods."""
    lab = sheet.lab
    rows = [[f"volatility index ({lv}%)", f"{v:.6f}", f"{z_value(lv):.6f} &times; standard deviation"]
            for lv, v in lab.volatility_index.items()]
    rows += [["maximum win per wager", f"{_e(fraction_text(lab.max_win))} to 1",
              "the largest pay of an outcome that can occur"],
             ["hit frequency", exact_decimal(sheet.hit_frequency), "exact, rounded"],
             ["skewness of one round", f"{lab.skewness:.6f}", "from the exact third moment, in floating point"]]
    if sheet.cycle is not None:
        rows.append(["cycle", f"{sheet.cycle:,}", "combinations, counted exactly"])
    bands = [[f"{b.rounds:,}", f"{float(b.mean):,.2f}", _band_text(b.band_90),
              _band_text(b.band_95), {"normal": "normal approximation", "distribution": "distribution of the sum",
                                      "none": "not computed"}[b.method]] for b in lab.bands]
    return "\n".join([
        "<h3>Volatility and the player's result over many rounds</h3>",
        _table(["figure", "value", "method"], rows, numeric=(1,)),
        _table(["rounds N", "mean result", "90% band", "95% band", "method"], bands, numeric=(0, 1, 2, 3),
               css="bands"),
        f"<p>The player's total result after N rounds, in units of the wager: its mean (N times the exact expected "
        f"return, rounded) and the central 90% and 95% of its law. {_e(METHOD[0].upper() + METHOD[1:])}.</p>"])


def _band_text(band: Optional[tuple[float, float]]) -> str:
    """A band of the player's total result: whole numbers as such (a sum of whole pays), else to
    two decimals.

    >>> _band_text((-32.0, 23.0)), _band_text((-859.85, 34.79))
    ('[-32, 23]', '[-859.85, 34.79]')
    """
    if band is None:
        return "&ndash;"
    shown = [f"{x:,.0f}" if float(x).is_integer() else f"{x:,.2f}" for x in band]
    return f"[{shown[0]}, {shown[1]}]"


MONTE_CARLO = ("An independent dealing simulator (odds.verify.simulate) deals physical cards and settles each round by "
               "the regulation written again (odds.reference.dealt); floating point, the only part of this report that is not exact.")
MONTE_CARLO_ROUNDS = ("A round simulator (odds.verify.rounds) deals whole rounds of the main game from physical cards, "
                      "the player's decisions asked of the exact engine, and classes each round and counts the "
                      "streaks by the regulation written again; floating point, the only part of this report that "
                      "is not exact.")


def _monte_carlo_html(report: Report) -> str:
    mc = report.monte_carlo
    if mc is None:
        return f"<p>{_e(report.monte_carlo_note)}: this report has no Monte Carlo cross-check.</p>"
    s = mc.simulation
    rows = [[_e(r.name), f"{r.count:,}" + (f" of {r.trials:,}" if r.trials else ""), f"{r.frequency:.6f}",
             f"[{r.interval[0]:.6f}, {r.interval[1]:.6f}]", exact_decimal(r.exact, 6),
             "yes" if r.inside else "<b>NO</b>"] for r in mc.rows]
    lo, hi = mc.mean_interval
    each = f"{mc.flag_level:.5%}"
    few_note = few_rounds_note(s.rounds, report.sheet)
    few = [f'<p class="warn">{_e(few_note)}.</p>'] if few_note else []
    verdict = ("Every exact value lies inside its flagging interval: the Monte Carlo cross-check agrees."
               if mc.agrees else "An exact value lies outside its flagging interval: the Monte Carlo cross-check "
                                 "DISAGREES. By chance alone this happens in at most 1 report in 1,000; a rerun "
                                 "with another --seed tells chance from an error.")
    shuffled = f"<code>random.Random({s.seed})</code>, each round from a full, freshly shuffled {s.decks}-deck shoe"
    if get_wager(s.wager).rounds:
        dealt = (f"{s.rounds:,} rounds of the main game dealt one after another by <code>odds.verify.rounds</code> "
                 f"(physical cards, {shuffled}). The player's decisions are the exact engine's: in each situation "
                 "the simulator asks <code>odds.engine.player.PlayerEngine</code> what the player does (the wager is priced "
                 "for that play). The dealing, the dealer's play, the settlement of each hand, the round's class "
                 "(won, lost or neither, split rounds by the majority of their hands) and the counting of the "
                 "streaks are written again there from the regulation, without the exact engines.")
    else:
        dealt = (f"{s.rounds:,} rounds dealt by <code>odds.verify.simulate</code> (physical cards, {shuffled}, settled by "
                 "the regulation written again in <code>odds.reference.dealt</code>, without the exact engines).")
    return "\n".join([
        f"<p>{dealt} Seed and rounds are inputs of this report (--seed, --rounds).</p>", *few,
        f"<p>Each exact value is flagged against an interval at {each} (99.9% for the whole check, "
        f"Bonferroni over the {len(mc.rows) + 1} comparisons); the intervals shown are at 95%.</p>",
        _table(["outcome", "count", "frequency", "95% interval", "exact", "inside"], rows,
               numeric=(1, 2, 3, 4)),
        f"<p>Mean return {mc.mean:.6f}, 95% interval [{lo:.6f}, {hi:.6f}]; exact "
        f"{exact_decimal(mc.exact_return, 6)}; inside its flagging interval: {'yes' if mc.mean_inside else 'NO'}.</p>",
        f'<p class="{"pass" if mc.agrees else "fail"}">{_e(verdict)}</p>',
        "<ul>" + "".join(f"<li>{_e(n)}</li>" for n in mc.notes if n != few_note) + "</ul>"])


def _option_text(key: str, value: Any) -> str:
    if key == "split_sevens":
        return " ".join(value)
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


def _decimal_or_count(figure: Figure) -> str:
    """A count (combinations, a cycle) as a whole number; any other figure as a decimal."""
    if figure.name == "cycle" or figure.name.startswith("combinations("):
        return f"{int(figure.fast):,}" if figure.fast.denominator == 1 else exact_decimal(figure.fast)
    return exact_decimal(figure.fast)


def _check_html(number: str, check: ExactCheck) -> str:
    rows = [[_e(f.name), _e(fraction_text(f.fast)), _e(fraction_text(f.reference)), _decimal_or_count(f),
             "yes" if f.agrees else "<b>NO</b>"] for f in check.figures]
    return "\n".join([f"<h3>{number} {_e(check.title)}</h3>", *([f"<p>{check.lead}</p>"] if check.lead else []),
                      _table(["figure", *check.columns, "decimal", "equal"], rows, numeric=(1, 2, 3), exact=(1, 2)),
                      f'<p class="{"pass" if check.agrees else "fail"}">{_e(check.verdict())}</p>'])


def _heading(report: Report) -> tuple[str, str]:
    """(the paytable's label, the rule's) of a report."""
    i = report.inputs
    return (f"{i.table.id} (proposed)" if i.provenance.proposed else i.table.id,
            i.rules.name if i.dealer_rule_matters else "any dealer rule")


def _inputs_html(report: Report) -> str:
    """The inputs as a table, with the canonical JSON the input hash is taken of."""
    i = report.inputs
    rows = [["wager", f"{_e(i.wager)}: {_e(report.title)}"], ["regulation", _e(report.regulation)],
            ["decks", str(i.decks)],
            ["dealer", _e(i.rules.describe()) if i.dealer_rule_matters
             else "any rule: the first cards decide the wager (no rule of the dealer's is an input)"],
            ["paytable", f"{_e(i.table.id)} ({_e(i.table.citation)})"
                         + ("; proposed, not in the regulation" if i.provenance.proposed else "")]]
    if i.table.from_file:
        rows.append(["paytable file", f'<code>{_e(i.table.source)}</code>, SHA-256 '
                                      f'<span class="mono">{_e(i.table.sha256)}</span>'])
    if i.definition is not None:
        rows.append(["wager file", f'<code>{_e(i.definition.source)}</code>, SHA-256 '
                                   f'<span class="mono">{_e(i.definition.sha256)}</span>'])
    flags = option_flags(get_wager(i.wager))
    rows += [[_e(flags.get(k, f"--option {k}")), _e(_option_text(k, v))] for k, v in sorted(i.options.items())]
    rows += [["Monte Carlo", f"{i.rounds:,} rounds, seed {i.seed}"], ["odds", _e(__version__)],
             ["input hash (SHA-256)", f'<span class="mono">{report.input_hash}</span>']]
    return "\n".join([
        _table(["input", "value"], rows),
        "<p>The input hash is the SHA-256 of this canonical JSON (keys sorted, no spaces): the wager, the deck "
        "count, the dealer's rule, the paytable's contents, the options and the version of odds"
        + (", and the paytable file's SHA-256" if i.table.from_file else "")
        + (", and the wager definition file's SHA-256" if i.definition is not None else "") + ".</p>",
        f"<pre>{_e(i.canonical_json())}</pre>"])


def _assumptions_html(report: Report) -> str:
    assumptions = "".join(f"<li>{_e(a)}</li>" for a in report.sheet.assumptions)
    shown_notes = set(report.inputs.table.notes)  # printed under the paytable (section 3) already
    warnings = "".join(f'<li class="warn">{_e(w)}</li>' for w in report.sheet.warnings if w not in shown_notes)
    return f"<ul>{assumptions}</ul>" + (f"<p>Warnings:</p><ul>{warnings}</ul>" if warnings else "")


def _method_html(report: Report) -> str:
    return "\n".join([
        f"<p><b>Fast path.</b> {_e(report.sheet.method)}. Every probability is an exact rational number.</p>",
        *(f"<p><b>{'Reference path' if c.title == ExactCheck.title else _e(c.title)}.</b> {_e(c.method)}.</p>"
          for c in report.checks),
        "<p><b>Monte Carlo.</b> " + (_e(MONTE_CARLO_ROUNDS if get_wager(report.inputs.wager).rounds else MONTE_CARLO)
                                    if report.monte_carlo else _e(report.monte_carlo_note) + ".") + "</p>"])


def _verification_html(report: Report, section: str) -> str:
    """Each exact check, then the Monte Carlo cross-check, numbered under ``section``."""
    checks = report.checks
    return "\n".join([*(_check_html(f"{section}.{n}", c) for n, c in enumerate(checks, start=1)),
                       f"<h3>{section}.{len(checks) + 1} Monte Carlo cross-check</h3>", _monte_carlo_html(report)])


def _versions_html(report: Report) -> str:
    return "\n".join([
        _table(["software", "version"], [[_e(a), _e(b)] for a, b in report.versions]),
        "<p>The code that computed this report: the SHA-256 of the installed package's sources (each file's "
        "path and bytes, in path order) and of each compiled kernel.</p>",
        _table(["code", "SHA-256"], [[_e(a), f'<span class="mono">{_e(b)}</span>'] for a, b in report.code])])


def _again_html(command: str, pdf: bool) -> str:
    return "\n".join([
        f"<pre>{_e(command)}</pre>",
        "<p>The same inputs and versions give the same file, byte for byte: the report holds no time of day"
        + (", and its PDF's document dates are the report's date (or 2000-01-01 when it gives none)"
           if pdf else "") + ".</p>"])


def _signoff_html(signoff: Sequence[tuple[str, str]]) -> list[str]:
    return ["<table>" + "".join(f"<tr><th>{_e(k)}</th><td>{_e(v)}</td></tr>" for k, v in signoff)
            + "</table>"] if signoff else []


def _document(title: str, css: str, body: Sequence[str]) -> str:
    """The page (``odds/core/templates/page.html``, as every page odds writes) around ``body``."""
    return render_page("page.html", title=title, css=STYLE + css, body="\n".join(body))


def render_html(report: Report) -> str:
    """The report as one self-contained HTML page (no scripts, no time of day)."""
    i, checks = report.inputs, report.checks
    table_label, rule = _heading(report)
    heading = f"{report.title} ({report.regulation}), paytable {table_label}, {i.decks} deck(s), {rule}"
    mc_section = f"7.{len(checks) + 1}"
    overall = ("Verification passed: " + " ".join(c.verdict() for c in checks)
               + (" The Monte Carlo cross-check agrees." if report.monte_carlo
                  else f" (No Monte Carlo cross-check: see {mc_section}.)")
               if report.agrees else "VERIFICATION FAILED: see section 7.")
    css = _page_css(report.report_id, f"{report.title}, paytable {table_label}, {i.decks} deck(s)")
    return _document(f"Certification report: {heading}", css, [
        f"<h1>Certification report: {_e(report.title)}</h1>",
        f'<p class="sub">Report <span class="id">{_e(report.report_id)}</span> (from the input hash and the '
        "code's digests, section 8)</p>",
        _summary_html(report), *_signoff_html(report.signoff),
        f'<p class="sub">{_e(report.regulation)} &middot; paytable {_e(table_label)} &middot; {i.decks} deck(s) '
        f"&middot; {_e(rule)} &middot; odds {_e(__version__)}</p>",
        f'<p class="{"pass" if report.agrees else "fail"}">{_e(overall)}</p>',
        "<h2>1. Inputs</h2>", _inputs_html(report),
        "<h2>2. Regulation</h2>" if i.definition is None else "<h2>2. Definition (not in a regulation)</h2>",
        _regulation_html(report),
        "<h2>3. Paytable</h2>", _paytable_html(i),
        "<h2>4. Assumptions</h2>", _assumptions_html(report),
        "<h2>5. Method</h2>", _method_html(report),
        "<h2>6. Par sheet</h2>", _sheet_html(report.sheet),
        "<h2>7. Verification</h2>", _verification_html(report, "7"),
        "<h2>8. Versions</h2>", _versions_html(report),
        "<h2>9. To make this report again</h2>", _again_html(i.command(report.signoff, report.pdf), report.pdf)])


def render_filing_html(filing: Any) -> str:
    """A filing (:class:`odds.verify.filing.Filing`) as one HTML page: the summary across its
    configurations, the regulation and the paytable once, then a section per configuration, the
    versions and the command that makes it again."""
    first, reports = filing.first, filing.reports
    i = first.inputs
    table_label, _ = _heading(first)
    labels = [_configuration(r) for r in reports]
    overall = (f"Verification passed in every configuration ({len(reports)}): each exact check agrees exactly on "
               "every figure" + (", and each Monte Carlo cross-check agrees." if all(r.monte_carlo for r in reports)
                                 else "; see each configuration for its Monte Carlo cross-check.")
               if filing.agrees else "VERIFICATION FAILED in "
               + ", ".join(label for label, r in zip(labels, reports) if not r.agrees) + ": see its section.")
    body = [f"<h1>Certification report: {_e(first.title)}</h1>",
            f'<p class="sub">Report <span class="id">{_e(filing.report_id)}</span>: one filing of '
            f"{len(reports)} configurations ({_e(filing.configurations())}), paytable {_e(table_label)} (from the "
            "filing hash and the code's digests)</p>",
            "<h2>Summary</h2>", _filing_summary(filing, labels), RTP_NOTE, *_signoff_html(filing.signoff),
            f'<p class="{"pass" if filing.agrees else "fail"}">{_e(overall)}</p>',
            "<h2>1. Regulation</h2>" if i.definition is None else "<h2>1. Definition (not in a regulation)</h2>",
            _regulation_html(first, sorted({r.inputs.decks for r in reports})),
            "<h2>2. Paytable</h2>", _paytable_html(i)]
    for n, (label, report) in enumerate(zip(labels, reports), start=3):
        body += [f"<h2>{n}. {_e(label)}</h2>",
                 f'<p class="sub">Configuration input hash <span class="mono">{_e(report.input_hash)}</span></p>',
                 f"<h3>{n}.1 Inputs</h3>", _inputs_html(report),
                 f"<h3>{n}.2 Assumptions</h3>", _assumptions_html(report),
                 f"<h3>{n}.3 Method</h3>", _method_html(report),
                 f"<h3>{n}.4 Par sheet</h3>", _sheet_html(report.sheet),
                 f"<h3>{n}.5 Verification</h3>", _verification_html(report, f"{n}.5")]
    last = len(reports) + 3
    body += [f"<h2>{last}. Versions</h2>", _versions_html(first),
             f"<h2>{last + 1}. The filing's identity</h2>",
             "<p>The filing hash is the SHA-256 of the list of each configuration's canonical inputs, in order "
             f'(each shown in its section): <span class="mono">{_e(filing.filing_hash)}</span>.</p>',
             f"<h2>{last + 2}. To make this report again</h2>", _again_html(filing.command(), filing.pdf)]
    css = _page_css(filing.report_id, f"{first.title}, paytable {table_label}, {filing.configurations()}")
    return _document(f"Certification report: {first.title} ({first.regulation}), paytable {table_label}, "
                     f"{filing.configurations()}", css, body)


def _filing_summary(filing: Any, labels: Sequence[str]) -> str:
    """The summary's figures with a column for each configuration, four configurations a table."""
    first = filing.first
    i = first.inputs
    table = f"{i.table.id}" + (" (proposed, not in the regulation)" if i.provenance.proposed else f" ({i.table.citation})")
    head = _table(["", ""], [["wager", f"{_e(first.title)} ({_e(first.regulation)})"],
                             ["configurations", _e(filing.configurations())
                              + ("" if i.dealer_rule_matters else "; any dealer rule (the first cards decide the wager)")],
                             ["paytable", _e(table)],
                             ["report", f'<span class="id">{_e(filing.report_id)}</span>']], css="summary")
    columns = [dict((label, value) for label, value in _figure_rows(r, short=True)) for r in filing.reports]
    names = list(dict.fromkeys(name for c in columns for name in c))
    out = [head]
    for k in range(0, len(labels), 4):
        part = range(k, min(k + 4, len(labels)))
        out.append(_table(["figure", *(labels[j] for j in part)],
                          [[_e(name), *(columns[j].get(name, "&ndash;") for j in part)] for name in names],
                          css="across"))
    undefined = [r for r in filing.reports if r.sheet.cycle is None]
    if undefined:
        out.append(f"<p>Cycle {_e(_cycle_text(undefined[0]))}.</p>")
    return "\n".join(out)


# ------------------------------------------------------------------------------------ writing

PDF_UNAVAILABLE = ("--pdf: Chromium is not installed on this machine, so no PDF can be printed (Debian: "
                   "apt-get install chromium); nothing was written")


def require_pdf_renderer() -> str:
    """The path of the browser that prints the PDF, or an :class:`UnavailableError` that says
    how to install it (checked before a report is computed, so nothing is written without it)."""
    chromium = pdf_renderer()
    if chromium is None:
        raise UnavailableError(PDF_UNAVAILABLE)
    return chromium


PDF_EPOCH = "20000101000000"  # the document dates of a PDF whose report gives no date of its own


def fixed_pdf_dates(pdf: bytes, date: str = "") -> bytes:
    """The PDF with its creation and modification dates set to the report's date (``YYYY-MM-DD``,
    midnight UTC), else to 2000-01-01: a date of the same length replaces Chromium's time of
    printing, so the file's offsets hold and the same report prints to the same bytes.

    >>> fixed_pdf_dates(b"/CreationDate (D:20261207002930+00'00')", "2026-12-01")
    b"/CreationDate (D:20261201000000+00'00')"
    """
    stamp = (date.replace("-", "") + "000000") if re.fullmatch(r"\d{4}-\d{2}-\d{2}", date) else PDF_EPOCH
    return re.sub(rb"/(CreationDate|ModDate) \(D:\d{14}", lambda m: b"/" + m.group(1) + b" (D:" + stamp.encode(),
                  pdf)


def print_pdf(page: str, date: str = "") -> bytes:
    """The HTML report ``page`` printed to PDF by headless Chromium, its document dates fixed
    (:func:`fixed_pdf_dates`); an :class:`UnavailableError` when there is no Chromium or it prints
    nothing (the report is written by the caller only after)."""
    chromium = require_pdf_renderer()
    with tempfile.TemporaryDirectory(prefix="odds-pdf-") as scratch:
        source, printed = Path(scratch) / "report.html", Path(scratch) / "report.pdf"
        source.write_text(page, encoding="utf-8")
        cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--disable-background-networking", f"--user-data-dir={scratch}/user", "--no-pdf-header-footer",
               f"--print-to-pdf={printed}", source.as_uri()]
        try:
            subprocess.run(cmd, capture_output=True, timeout=120, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise UnavailableError(f"--pdf: Chromium failed to print the report ({shown(str(exc))}); "
                                   "nothing was written") from None
        if not printed.exists() or printed.stat().st_size == 0:
            raise UnavailableError("--pdf: Chromium printed no PDF; nothing was written")
        return fixed_pdf_dates(printed.read_bytes(), date)
