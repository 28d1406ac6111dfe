"""``odds compare``: paytables of one wager side by side (the regulation's, a designer's, or both):
their pays, and at every configuration (decks x dealer's rule) the RTP and house edge, hit
frequency, standard deviation, volatility index, maximum win and cycle, all from the exact par
sheets; with ``counting``, a counter's gain at each from the sweep's engine (dealt shoes, a
sample: its conditions and its error said).

>>> from odds import DealerRules
>>> from odds.wagers import get_wager
>>> from odds.wagers.paytables import builtin_paytables
>>> book = builtin_paytables("buster")
>>> c = compare(get_wager("buster"), [(t, book) for t in book.tables.values()][:2], [(6, DealerRules.parse("H17"))])
>>> [(r.table, f"{float(r.sheet.house_edge):.4%}") for r in c.rows]
[('A', '5.4230%'), ('B', '5.4827%')]
"""
from __future__ import annotations

import base64
import csv
import html
import io
import json
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Optional, Sequence

from odds.core.formats import fraction_text, markdown_table, text_table
from odds.core.rules import DealerRules
from odds.core.shoe import Shoe
from odds.pricing.paytables import Paytable, PaytableBook
from odds.pricing.parsheet import ParSheet
from odds.pricing.record import Wager
from odds.wagers.paytables import provenance


@dataclass(frozen=True)
class Counting:
    """A counter's figures for one table and configuration, from a sweep of ``shoes`` shoes."""

    rounds: int
    edge_rounds: int  # rounds with a player edge
    gain_per_round: float  # the counter's gain a round, betting only on a player edge
    share_interval: tuple[float, float]  # 95% Wilson interval of the share of rounds with a player edge
    # computed exactly (odds sweep --exact-count), where the wager has a deal law: a linear count's
    # counter and the best a count can do, a round dealt
    exact_counter_gain: Optional[float] = None
    exact_best_gain: Optional[float] = None


@dataclass(frozen=True)
class Row:
    table: str
    origin: str  # "regulation" or "proposed"
    configuration: str
    sheet: ParSheet
    counting: Optional[Counting] = None


@dataclass
class Comparison:
    wager: str
    tables: list[tuple[str, Paytable, str]]  # (id, table, where its pays come from)
    configurations: list[str]
    rows: list[Row] = field(default_factory=list)
    conditions: str = ""  # the sweep's, when counting

    def figures(self, r: Row) -> dict[str, Any]:
        s, lab = r.sheet, r.sheet.lab
        out: dict[str, Any] = {
            "table": r.table, "origin": r.origin, "configuration": r.configuration,
            "return_to_player": fraction_text(1 + s.expected_return), "house_edge": fraction_text(s.house_edge),
            "house_edge_decimal": float(s.house_edge), "hit_frequency": fraction_text(s.hit_frequency),
            "hit_frequency_decimal": float(s.hit_frequency), "std_dev": round(s.std_dev, 6),
            "volatility_index_90": round(lab.volatility_index[90], 6),
            "volatility_index_95": round(lab.volatility_index[95], 6), "max_win": fraction_text(lab.max_win),
            "cycle": s.cycle}
        if r.counting is not None:
            c = r.counting
            out["counting"] = {"rounds": c.rounds, "player_edge_rounds": c.edge_rounds,
                               "player_edge_share": c.edge_rounds / c.rounds if c.rounds else 0.0,
                               "player_edge_share_ci95": list(c.share_interval),
                               "counter_gain_per_round": c.gain_per_round,
                               "exact_count_counter_gain_per_round": c.exact_counter_gain,
                               "exact_count_best_gain_per_round": c.exact_best_gain}
        return out

    def to_json(self) -> dict[str, Any]:
        return {"wager": self.wager, "configurations": self.configurations,
                "tables": [{"id": i, "origin": o, "citation": t.citation,
                            "pays": {k: fraction_text(v) for k, v in t.pays.items()}} for i, t, o in self.tables],
                "rows": [self.figures(r) for r in self.rows], "counting_conditions": self.conditions or None}

    def _pays_rows(self) -> tuple[list[str], list[list[str]]]:
        outcomes = list(dict.fromkeys(o for _, t, _ in self.tables for o in t.pays))
        return (["outcome", *(i for i, _, _ in self.tables)],
                [[o, *(fraction_text(t.pays[o]) if o in t.pays else "-" for _, t, _ in self.tables)]
                 for o in outcomes])

    def _figure_rows(self) -> tuple[list[str], list[list[str]]]:
        header = ["table", "configuration", "RTP", "house edge", "hit frequency", "1 in", "SD", "vol. 90%",
                  "max win"]
        counting = any(r.counting for r in self.rows)
        if counting:
            header += ["edge rounds", "counter gain/round", "exact: count's gain/round"]
        rows = []
        for r in self.rows:
            s = r.sheet
            row = [r.table, r.configuration, f"{float(1 + s.expected_return):.4%}", f"{float(s.house_edge):.4%}",
                   f"{float(s.hit_frequency):.6f}", f"{float(1 / s.hit_frequency):,.2f}" if s.hit_frequency else "-",
                   f"{s.std_dev:.4f}", f"{s.lab.volatility_index[90]:.4f}", f"{fraction_text(s.lab.max_win)} to 1"]
            if counting:
                c = r.counting
                row += ["-", "-", "-"] if c is None else [
                    f"{c.edge_rounds / c.rounds:.3%} [{c.share_interval[0]:.3%}, {c.share_interval[1]:.3%}]",
                    f"{c.gain_per_round:+.5f}", "-" if c.exact_best_gain is None else f"{c.exact_best_gain:+.5f}"]
            rows.append(row)
        return header, rows

    def _repr_html_(self) -> str:
        """In a notebook: the figures of every table at every configuration, numbers right-aligned."""
        from odds.core.display import html_table
        header, rows = self._figure_rows()
        return html_table(header, rows, f"compare {self.wager}", right=range(2, len(header)))

    def to_frame(self) -> Any:
        """A row per table and configuration, the figures as numbers (floats; the exact ones are in
        :meth:`to_json`), the counter's where counted; the wager and conditions in ``frame.attrs``."""
        from odds.core.display import data_frame
        columns = ["table", "origin", "configuration", "return_to_player", "house_edge", "hit_frequency", "one_in",
                   "std_dev", "volatility_index_90", "volatility_index_95", "max_win"]
        counted = any(r.counting for r in self.rows)
        if counted:
            columns += ["player_edge_share", "counter_gain_per_round"]
        rows = []
        for r in self.rows:
            s, c = r.sheet, r.counting
            row = [r.table, r.origin, r.configuration, float(1 + s.expected_return), float(s.house_edge),
                   float(s.hit_frequency), float(1 / s.hit_frequency) if s.hit_frequency else None, s.std_dev,
                   s.lab.volatility_index[90], s.lab.volatility_index[95], float(s.lab.max_win)]
            if counted:
                row += [None, None] if c is None else [c.edge_rounds / c.rounds if c.rounds else 0.0,
                                                       c.gain_per_round]
            rows.append(row)
        frame = data_frame(columns, rows)
        frame.attrs.update({"wager": self.wager, "configurations": list(self.configurations),
                            "counting_conditions": self.conditions or None})
        return frame

    def to_text(self) -> str:
        lines = [f"compare {self.wager}: tables " + ", ".join(f"{i} ({o})" for i, _, o in self.tables)
                 + f" at {'; '.join(self.configurations)}", "", text_table(*self._pays_rows(), right=range(1, 99)), "",
                 text_table(*self._figure_rows(), right=range(2, 99))]
        lines += ["", NOTE] + ([f"counting: {self.conditions}"] if self.conditions else [])
        return "\n".join(lines)

    def to_markdown(self) -> str:
        md = [f"# Compare {self.wager}", "", "## Pays", ""] + markdown_table(*self._pays_rows())
        md += ["", "## Figures", ""] + markdown_table(*self._figure_rows()) + ["", NOTE]
        return "\n".join(md + ([f"Counting: {self.conditions}"] if self.conditions else []))

    def to_csv(self) -> str:
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        docs = [self.figures(r) for r in self.rows]
        keys = [k for k in docs[0] if k != "counting"]
        counted = ["player_edge_rounds", "player_edge_share", "counter_gain_per_round"] \
            if any("counting" in d for d in docs) else []
        w.writerow(keys + counted)
        for d in docs:
            w.writerow([d[k] for k in keys] + [d.get("counting", {}).get(k, "") for k in counted])
        return out.getvalue()

    def to_html(self) -> str:
        """A page: the pays, the figures and a plot of each table's house edge by configuration."""
        from odds.core.display import html_table as table
        from odds.core.pages import CSS, render_page
        png = base64.b64encode(edge_plot(self)).decode("ascii")
        title = f"Compare {self.wager}: " + ", ".join(f"{i} ({o})" for i, _, o in self.tables)
        return render_page("page.html", title=title, css=CSS + "td + td { text-align: right; }", body="\n".join([
            f"<h1>{html.escape(title)}</h1>", "<h2>Pays (to 1)</h2>", table(*self._pays_rows()),
            "<h2>Figures</h2>", table(*self._figure_rows()), f"<p>{html.escape(NOTE)}</p>",
            *([f"<p>Counting: {html.escape(self.conditions)}</p>"] if self.conditions else []),
            f'<h2>House edge by configuration</h2><img alt="house edge of each table at each configuration" '
            f'src="data:image/png;base64,{png}">']))

    def render(self, fmt: str) -> str:
        """The comparison as ``odds compare --format FMT`` prints it: table, md, csv, json or html."""
        made = {"json": lambda: json.dumps(self.to_json(), indent=1), "csv": lambda: self.to_csv().rstrip("\n"),
                "md": self.to_markdown, "html": self.to_html}
        return made.get(fmt, self.to_text)()


NOTE = ("Every figure from the exact par sheet (RTP = 1 + expected result; decimals rounded from exact values); "
        "SD and the volatility index (1.645 x SD) of one round.")


def compare(wager: Wager, tables: Sequence[tuple[Paytable, PaytableBook]],
            configurations: Sequence[tuple[int, DealerRules]], counting: int = 0, seed: int = 0,
            penetration: Fraction = Fraction(3, 4), spots: int = 5) -> Comparison:
    """Every table at every configuration; with ``counting`` shoes, each one swept too (in this process)."""
    labels = [f"{d} deck{'s' if d > 1 else ''}" + (f", {r.name}" if wager.dealer_rule_matters else "")
              for d, r in configurations]
    listed = []
    for table, book in tables:
        origin = "proposed" if provenance(table, book.extra).proposed else "regulation"
        listed.append((table.id, table, origin))
    result = Comparison(wager.name, listed, labels)
    for (table, book), (tid, _, origin) in zip(tables, listed):
        for (decks, rules), label in zip(configurations, labels):
            sheet = wager.price(Shoe.decks(decks), rules, table, decks, {}, book.extra)
            swept = counting_figures(wager, table, decks, rules, counting, seed, penetration, spots) if counting else None
            result.rows.append(Row(tid, origin, label, sheet, swept))
    if counting:
        result.conditions = CONDITIONS.format(shoes=counting, seed=seed, penetration=float(penetration), spots=spots)
    return result


CONDITIONS = ("{shoes:,} shoes a table and configuration dealt by the sweep's engine (odds sweep), seed {seed}, "
              "penetration {penetration:g}, {spots} spots; a counter who knows the exact return of every round bets "
              "only on a player edge; the share of rounds with a player edge with its 95% Wilson interval (a sample: "
              "the same seed gives the same numbers); exact: no shoe dealt, the best a linear count (the sweep's tags) "
              "can do, betting when the exact return given the count is above 0, rounds where the sweep's start "
              "(odds sweep --exact-count)")


def counting_figures(wager: Wager, table: Paytable, decks: int, rules: DealerRules, shoes: int, seed: int,
                     penetration: Fraction = Fraction(3, 4), spots: int = 5) -> Optional[Counting]:
    """A counter's figures for ``table`` at one configuration, from a sweep of ``shoes`` shoes (None for
    a wager no sweep deals)."""
    from odds.verify.statistics import wilson

    from .sweep import SweepSpec, run_sweep
    from .sweep_exact import NoExactCount, exact_counting
    from .sweep_report import sweep_json
    if wager.shoe_return is None:
        return None
    spec = SweepSpec(wager.name, table.id, decks, rules.name, shoes=shoes, penetration=penetration, spots=spots,
                     seed=seed, pays=tuple(sorted(table.pays.items())))
    swept = run_sweep(spec, workers=0, stream=io.StringIO())
    doc = sweep_json(swept)
    rounds, edge = doc["rounds"], doc["player_edge"]["rounds"]
    try:
        exact = exact_counting(spec, swept.plan)
    except NoExactCount:
        return Counting(rounds, edge, doc["perfect"]["gain_per_round"], wilson(edge, rounds, 0.95))
    return Counting(rounds, edge, doc["perfect"]["gain_per_round"], wilson(edge, rounds, 0.95),
                    None if exact.counter is None else float(exact.counter.value_per_round),
                    float(exact.best.value_per_round))


def edge_plot(c: Comparison) -> bytes:
    """Grouped bars: each table's house edge at each configuration (PNG, the same bytes every run)."""
    from .report_plots import COLOURS, STYLE, figure_png
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(7, 3.6))
        ids = [i for i, _, _ in c.tables]
        width = 0.8 / len(ids)
        for k, tid in enumerate(ids):
            edges = [float(r.sheet.house_edge) * 100 for r in c.rows if r.table == tid]
            ax.bar([j + k * width for j in range(len(c.configurations))], edges, width,
                   label=f"{tid} ({dict((i, o) for i, _, o in c.tables)[tid]})", color=COLOURS[k % len(COLOURS)])
        ax.set_xticks([j + 0.4 - width / 2 for j in range(len(c.configurations))], c.configurations)
        ax.set_ylabel("house edge (%)")
        ax.set_title(f"{c.wager}: house edge by configuration")
        ax.legend(fontsize=8)
        fig.tight_layout()
        data = figure_png(fig)
        plt.close(fig)
    return data
