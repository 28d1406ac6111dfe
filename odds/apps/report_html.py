"""The book's ``index.html`` (``odds report``): one self-contained page, its CSS inline, with the
house edge of every sheet by paytable, decks and rule, linked to the sheet's files, and the plots.
"""
from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Optional, Sequence

from odds import __version__
from odds.core.pages import render_page
from odds.core.formats import decimal_text
from odds.pricing.parsheet import ParSheet
from odds.wagers.paytables import provenance
from .book_plan import ANY_DECKS, Item
from .report_plots import plot_names
from odds.wagers import WAGERS

CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 72em;
       padding: 0 1em; color: #1a1a1a; line-height: 1.45; }
h1 { margin-bottom: 0.2em; } h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.2em; margin-top: 2em; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.92em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; }
th { background: #f0f0f0; } td.edge { text-align: right; white-space: nowrap; }
td.warn { background: #fff4d6; } td.none { color: #999; text-align: center; }
small a { color: #666; } .note { color: #444; font-size: 0.92em; } ol.warnings { font-size: 0.88em; color: #5a4400; }
figure { margin: 1em 0; } figure img { max-width: 100%; border: 1px solid #ddd; }
figcaption { font-size: 0.88em; color: #444; } code { background: #f4f4f4; padding: 0 0.2em; }
nav ul { columns: 3; }
"""


def _edge_cell(item: Item, sheet: ParSheet, refs: dict) -> str:
    marks = sorted({refs[w] for w in sheet.warnings})
    sup = f"<sup>{','.join(map(str, marks))}</sup>" if marks else ""
    files = " ".join(f'<a href="{escape(item.path(ext))}">{ext}</a>' for ext in ("md", "csv", "json"))
    return (f'<td class="edge{" warn" if marks else ""}"><a href="{escape(item.path("html"))}" '
            f'title="{escape(item.command())}">{decimal_text(sheet.house_edge * 100, 4)}%</a>{sup}'
            f'<br><small>{files}</small></td>')


def counting_table(items: Sequence[Item], counting: dict) -> str:
    """How beatable each table is by counting: a row per table and configuration (or nothing)."""
    figures = counting.get("figures", {})
    rows = [(i, figures[i]) for i in items if i in figures]
    if not rows:
        return ""
    body = "".join(f"<tr><th>{escape(i.paytable)}</th><td>{i.decks} deck{'s' if i.decks > 1 else ''}, "
                   f"{escape(i.rule)}</td><td>{c.edge_rounds / c.rounds:.3%} [{c.share_interval[0]:.3%}, "
                   f"{c.share_interval[1]:.3%}]</td><td>{c.gain_per_round:+.5f}</td><td>"
                   + ("&ndash;" if c.exact_best_gain is None else f"{c.exact_best_gain:+.5f}")
                   + "</td></tr>" for i, c in rows)
    return ("<h3>Counting</h3><table><tr><th>paytable</th><th>configuration</th><th>rounds with a player edge "
            "(95% interval)</th><th>counter's gain a round</th><th>a count's gain a round, exact</th></tr>"
            + body + "</table>"
            f'<p class="note">{escape(counting["conditions"])}.</p>')


def streak_table(items: Sequence[Item], sheets: dict, rules: Sequence[str], decks: Sequence[int]) -> str:
    """The house edge of a wager on wins in a row at each length its sheets price: a row per length
    and pay, the paytables that pay alike on that length sharing it (empty for other wagers)."""
    streaks = {i: sheets[i].extra.get("streaks", {}) for i in items}
    lengths = sorted({k for s in streaks.values() for k in s}, key=int)
    if not lengths:
        return ""
    body = []
    for length in lengths:
        by_pay: dict = {}
        for item in items:
            if length in streaks[item]:
                pays = Fraction(streaks[item][length]["pays"])
                by_pay.setdefault(pays, {}).setdefault(item.paytable, {})[(item.rule, item.decks)] = item
        for n, (pays, tables) in enumerate(by_pay.items()):
            cells = {k: v for t in tables.values() for k, v in t.items()}
            tds = "".join(
                f'<td class="edge">{decimal_text(-Fraction(streaks[cells[k]][length]["return"]) * 100, 4)}%</td>'
                if k in cells else '<td class="none">&ndash;</td>' for k in ((r, d) for r in rules for d in decks))
            wins = f'<th rowspan="{len(by_pay)}">{length} wins in a row</th>' if n == 0 else ""
            body.append(f"<tr>{wins}<td>{escape(', '.join(tables))}</td>"
                        f'<td class="edge">{pays} to 1</td>{tds}</tr>')
    head = ('<tr><th rowspan="2">wins</th><th rowspan="2">paytable</th><th rowspan="2">pays</th>'
            + "".join(f'<th colspan="{len(decks)}">{escape(r)}</th>' for r in rules)
            + "</tr><tr>" + "".join(f"<th>{d} deck{'s' if d > 1 else ''}</th>" for _ in rules for d in decks)
            + "</tr>")
    return f"<table>{head}{''.join(body)}</table>"


def wager_section(name: str, items: Sequence[Item], sheets: dict, plots: Sequence[str]) -> str:
    """The summary table of one wager: a row per paytable (and variant) and rule, a column per
    deck count, each cell the house edge linked to the sheet; then its warnings and plots."""
    wager = WAGERS[name]
    book = items[0].paytables()
    decks = sorted({i.decks for i in items})
    rules = list(dict.fromkeys(i.rule for i in items))
    rows: dict = {}
    for item in items:
        rows.setdefault((item.paytable, item.variant), {})[(item.rule, item.decks)] = item
    refs: dict = {}
    for item in items:
        for w in sheets[item].warnings:
            refs.setdefault(w, len(refs) + 1)
    head = ('<tr><th rowspan="2">paytable</th>'
            + "".join(f'<th colspan="{len(decks)}">{"any rule" if r == "any" else escape(r)}</th>' for r in rules)
            + "</tr><tr>" + "".join(f"<th>{d} deck{'s' if d > 1 else ''}</th>" for _ in rules for d in decks)
            + "</tr>")
    body = []
    for (paytable, variant), cells in rows.items():
        said = next((v.label for v in wager.book_variants if v.name == variant), "") if variant else \
            (wager.book_label if wager.book_variants else "")
        label = escape(paytable) + (f" <small>{escape(said)}</small>" if said else "")
        tds = "".join(_edge_cell(cells[k], sheets[cells[k]], refs) if k in cells else '<td class="none">&ndash;</td>'
                      for k in ((r, d) for r in rules for d in decks))
        body.append(f"<tr><th>{label}</th>{tds}</tr>")
    meters = dict.fromkeys((i.paytable, i.meters) for i in items if i.meters)
    notes = [f"{escape(wager.title)}, {escape(wager.regulation)}; paytables from <code>{escape(book.source)}</code>"
             + (f" (SHA-256 <code>{escape(book.sha256)}</code>)" if book.sha256 else "") + "."]
    proposed = [t.id for t in book.tables.values() if provenance(t, book.extra).proposed]
    if proposed:
        notes.append(f"Paytable{'s' if len(proposed) > 1 else ''} {', '.join(map(escape, proposed))}: "
                     "<b>proposed, not in the regulation</b>.")
    if meters:
        alike = len({m for _, m in meters}) == 1
        notes.append("House edge at the meters " + "; ".join(
            f"<code>{escape(m)}</code>" if alike else f"{escape(t)} <code>{escape(m)}</code>" for t, m in
            (list(meters)[:1] if alike else meters)) + " (units of the wager); each sheet gives R(M) = a + "
            "b&middot;M under <code>progressive</code>, and the plot draws it.")
    by_length = streak_table(items, sheets, rules, decks)
    if by_length:
        first = sheets[items[0]].outcomes[0].name
        alike = len({sheets[i].outcomes[0].pays for i in items}) == 1 and len(rows) > 1
        notes.append(f"House edge of the wager on {escape(first)}"
                     + (", where every paytable pays the same" if alike else "")
                     + "; the second table gives the house edge of the wager on each length, as each sheet does "
                     "under <code>streaks</code>.")
    out = [f'<h2 id="{escape(name)}">{escape(name)}</h2>', f'<p class="note">{" ".join(notes)}</p>',
           f"<table>{head}", *body, "</table>"]
    if by_length:
        out.append(by_length)
    if refs:
        out.append('<ol class="warnings">' + "".join(f"<li>{escape(w)}</li>" for w in refs) + "</ol>")
    out += [_figure(p, caption) for p, caption in plot_names(items).items() if p in plots and p.startswith(f"plots/{name}-")]
    return "\n".join(out)


def _figure(path: str, caption: str) -> str:
    return f'<figure><img src="{escape(path)}" alt="{escape(caption)}"><figcaption>{escape(caption)}</figcaption></figure>'


ENGINE = ("Wagers settled on the player's play are priced by the exact player engine, the main game played as "
          "<code>odds wager</code> plays it by default (composition-dependent, pairs split to two hands, no double "
          "after split, no surrender), at S17 and H17 (no text fixes the dealer's rule): ")
def coverage(items: Sequence[Item]) -> list[str]:
    """What the book holds, in sentences (HTML)."""
    shown = [n for n in ANY_DECKS if any(i.decks == n for i in items)] or sorted({i.decks for i in items})
    files = sorted({i.paytable_file for i in items if i.paytable_file})
    out = [f"Every paytable of <code>{escape(', '.join(files))}</code> at each deck count the file allows (one that "
           f"names none: at {', '.join(map(str, ANY_DECKS))} decks)." if files else
           f"Every paytable at each deck count its regulation allows; a paytable whose regulation names none "
           f"at {', '.join(map(str, shown))} decks.",
           "Wagers the dealer's play decides at S17 and H17, with peek; wagers decided by the first cards (rule "
           "<code>any</code>) once, as the dealer's rule does not change them."]
    slow_items = [i for i in items if i.slow]
    # the wagers on whole rounds first, then the slow variants, each once, in the registry's order
    slow = list(dict.fromkeys([WAGERS[i.wager].book_note for i in slow_items if not i.variant]
                              + [v.note for i in slow_items for v in WAGERS[i.wager].book_variants
                                 if v.name == i.variant]))
    if slow:
        out.append(ENGINE + "; ".join(slow) + ".")
    if any(i.wager == "ez-bust" and not i.variant for i in items):
        out.append("EZ Bust's sheets also give the extra wagers of 58 Pa. Code 633b.16(c)(2), one at each split: "
                   "the return of each on the cards seen, and the wagers and return per round (the main game "
                   "played by the player engine, split once, no double after split; the resplit sheets: "
                   "resplits to four hands, double after a split).")
    out.append("Each cell is the house edge, linked to the sheet as a page (hover for the <code>odds wager</code> "
               "command that prints it), with its Markdown, CSV and JSON (the JSON is what <code>odds wager --format "
               "json</code> prints). Shaded cells carry warnings "
               + ("(a proposed paytable, or the regulation's text)" if files else "about the regulation's text")
               + ", listed under the table. "
               '<a href="summary.csv">summary.csv</a> lists every sheet with its exact house edge; '
               '<a href="SHA256SUMS">SHA256SUMS</a> the checksum of every file.')
    return out


ELSEWHERE = [
    ("Blackjack Switch (58 Pa. Code 633a.12(a))", "odds switch --decks 6 --rule H17 --workers 2",
     "about 6 minutes exact a rule set with 2 workers; <code>--bj-pays 1:1</code> for the common rule; "
     "<code>--no-hole-card</code>, <code>--ties-lose</code>, <code>--dealer-22 bust</code> and "
     "<code>--switched-blackjack</code> for the rule sets it is dealt under elsewhere; each result names its rules"),
    ("Blackjack Burnout's burn option", "odds burnout --rule H17 --reading both",
     "about a minute a reading, exact; a game variation with its own tables, not a par sheet"),
    ("The player-engine wagers under other rules", "odds wager streak --decks 6 --paytable A --das "
     "--dealer-blackjack no-effect", "every option of <code>odds wager</code>"),
    ("The decisions the side wagers open", "odds decide house-money --decks 6 --paytable B",
     "and <code>odds decide sevens-split</code>"),
]


def cache_note(cached: Sequence[Item]) -> str:
    """A paragraph naming the sheets that took results read back from the disk cache (none: empty)."""
    if not cached:
        return ""
    return ('<p class="note">' + f"{len(cached)} of these sheets took results of the player engine read back from "
            "odds's disk cache (each entry verified by its keyed digest), not computed in this run: "
            + ", ".join(f"<code>{escape(i.label)}</code>" for i in cached)
            + ". <code>odds report --no-cache</code> computes every one.</p>")


def index_html(items: Sequence[Item], sheets: dict, plots: Sequence[str], selection: str = "",
               cached: Sequence[Item] = (), counting: Optional[dict] = None) -> str:
    """The whole page; ``cached``: the items whose sheets took results read from the disk cache;
    ``counting``: a counter's figures for each item, and their conditions (a paytable file's book)."""
    names = list(dict.fromkeys(i.wager for i in items))
    captions = plot_names(items)
    rule_free = [n for n in names if not WAGERS[n].dealer_rule_matters]
    one_file = any(i.paytable_file for i in items)  # a designer's file: its tables first, the rest of odds not listed
    dealer = ['<h2 id="dealer">The dealer</h2>',
              *[_figure(p, captions[p]) for p in captions if p.startswith("plots/dealer-") and p in plots]]
    wagers = [wager_section(name, [i for i in items if i.wager == name], sheets, plots)
              + counting_table([i for i in items if i.wager == name], counting or {}) for name in names]
    sections = [("dealer", "The dealer")] + [(n, n) for n in names]
    if one_file:
        sections = sections[1:] + sections[:1]
    else:
        sections.append(("elsewhere", "Not in this book"))
    parts = [
        "<h1>Par sheets</h1>",
        f'<p class="note">Exact house edges of blackjack side wagers, computed by odds {escape(__version__)} '
        f"(<code>odds report{escape(selection)}</code>): {len(items)} sheets of {len(names)} "
        f"wager{'s' if len(names) > 1 else ''}"
        f"{f', {len(rule_free)} of them decided by the first cards' if rule_free else ''}. "
        "House edge = &minus;(expected return) per unit of the wager, every probability an exact fraction "
        "in the sheets.</p>",
        "<nav><ul>" + "".join(f'<li><a href="#{escape(a)}">{escape(t)}</a></li>' for a, t in sections)
        + "</ul></nav>",
        "<h2>What the book holds</h2><ul>" + "".join(f"<li>{c}</li>" for c in coverage(items)) + "</ul>",
        *filter(None, [cache_note(cached)]),
        *((wagers + dealer) if one_file else (dealer + wagers)),
    ]
    if not one_file:
        parts.append('<h2 id="elsewhere">Not in this book</h2><p class="note">Game variations and decisions '
                     "that take their own commands (minutes each, or not par sheets):</p><ul>")
        parts += [f"<li>{escape(what)}: <code>{escape(cmd)}</code> ({note})</li>" for what, cmd, note in ELSEWHERE]
        parts.append("</ul>")
    return render_page("page.html", title="odds: par sheets", css=CSS, body="\n".join(parts))
