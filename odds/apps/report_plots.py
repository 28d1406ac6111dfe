"""The plots of the book (``odds report``), as PNG bytes that are the same on every run.

matplotlib draws with the Agg backend and its default style (a user's matplotlibrc is ignored),
a fixed size, resolution and hash salt, and no software name or date in the file.
"""
from __future__ import annotations

import io
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Sequence, cast

from odds.core.interrupts import interrupts_deferred
from odds.engine.dealer import UPCARDS, DealerDistribution, dealer_table
from odds.core.rules import DealerRules
from odds.core.shoe import Shoe
from odds.pricing.parsheet import ParSheet

from .book_plan import Item

if TYPE_CHECKING:
    from matplotlib.figure import Figure

STYLE: dict[Any, Any] = {"svg.hashsalt": "odds", "font.family": "DejaVu Sans", "font.size": 9, "figure.dpi": 100,
         "savefig.dpi": 100, "axes.grid": True, "grid.alpha": 0.3, "path.simplify": False}
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f")
BUST_CARDS = range(3, 11)  # dealer cards in a bust hand, 3 to 10 (more is rarer than 1 in 10^9)


def figure_png(fig: Figure) -> bytes:
    """A figure as PNG bytes, the same on every run (no software name or date)."""
    return _png(fig)


def _png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    return buf.getvalue()


def reference_decks(decks: Sequence[int]) -> int:
    """The shoe a plot of one shoe uses: six decks when the book has them, else its largest."""
    return 6 if 6 in decks else max(decks)


def dealer_bust_by_cards(plt: Any, decks: Sequence[int]) -> Figure:
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.6), sharey=True)
    for ax, rule in zip(axes, ("S17", "H17")):
        for i, d in enumerate(decks):
            by = dealer_table(Shoe.decks(d), DealerRules.parse(rule)).overall.bust_by_cards()
            ax.plot(list(BUST_CARDS), [float(by.get(k, 0)) for k in BUST_CARDS],
                    label=f"{d} deck{'s' if d > 1 else ''}", **_style(i))
        ax.set_yscale("log")
        ax.set_title(f"dealer {rule}: P(bust with k cards)")
        ax.set_xlabel("cards in the busted hand (up card and hole card included)")
    axes[0].set_ylabel("probability (log scale)")
    axes[0].legend()
    fig.tight_layout()
    return fig


def dealer_bust_by_upcard(plt: Any, decks: int) -> Figure:
    fig, ax = plt.subplots(figsize=(9, 3.6))
    width = 0.4
    for i, rule in enumerate(("S17", "H17")):
        table = dealer_table(Shoe.decks(decks), DealerRules.parse(rule))
        ys = [float(cast(DealerDistribution, table.by_upcard[u]).probability("bust")) for u in UPCARDS]
        xs = [x + (i - 0.5) * width for x in range(len(UPCARDS))]
        ax.bar(xs, ys, width, color=COLOURS[i], label=rule)
        for x, y in zip(xs, ys):
            ax.text(x, y + 0.005, f"{y:.3f}", ha="center", va="bottom", fontsize=6.5)
    ax.set_xticks(range(len(UPCARDS)), UPCARDS)
    ax.set_xlabel("dealer's up card (A and T: given no dealer blackjack, peek)")
    ax.set_ylabel("P(dealer busts)")
    ax.set_title(f"dealer bust probability by up card, {decks} decks")
    ax.legend()
    fig.tight_layout()
    return fig


MARKERS = ("o", "s", "^", "D", "v", "P", "X", "<", ">")
LINES = ("-", "--", ":", "-.")


def _style(i: int) -> dict:
    """The look of series ``i``: its colour, marker and line, so that series lying close together
    (Buster's C and D, 0.04% apart) stay apart to the eye; hollow markers show one under another."""
    return {"color": COLOURS[i % len(COLOURS)], "marker": MARKERS[i % len(MARKERS)],
            "linestyle": LINES[(i // len(COLOURS)) % len(LINES)] if i >= len(COLOURS) else LINES[i % len(LINES)],
            "markerfacecolor": "none", "markersize": 7 - (i % 3), "markeredgewidth": 1.4, "linewidth": 1.3}


def outliers(values: Sequence[float]) -> tuple[float, float]:
    """The range of ``values`` a plot's scale is set by: all of them, unless a few lie far outside
    the rest (more than three interquartile ranges beyond the quartiles, and the rest spanning less
    than a third of the whole): those are then left off the scale and named on its edge.

    >>> outliers([5.1, 5.4, 6.2, 4.9, 5.8, 67.5])
    (4.9, 6.2)
    >>> outliers([1.0, 2.0, 3.0])
    (1.0, 3.0)
    """
    ordered = sorted(values)
    if len(ordered) < 4:
        return ordered[0], ordered[-1]
    q1, q3 = ordered[len(ordered) // 4], ordered[(3 * len(ordered)) // 4]
    spread = max(q3 - q1, 1e-9)
    kept = [v for v in ordered if q1 - 3 * spread <= v <= q3 + 3 * spread]
    if len(kept) == len(ordered) or (kept[-1] - kept[0]) > (ordered[-1] - ordered[0]) / 3:
        return ordered[0], ordered[-1]
    return kept[0], kept[-1]


def _scale(ax: Any, values: Sequence[float], named: Sequence[tuple[float, float, str]]) -> None:
    """Set the panel's y scale by :func:`outliers` (with zero in view) and name each point left off
    it at the edge it lies beyond: ``named`` holds (x, y, label)."""
    low, high = outliers(values)
    low, high = min(low, 0.0), max(high, 0.0)
    pad = 0.08 * (high - low or 1.0)
    ax.set_ylim(low - pad, high + pad)
    off: dict = {}  # (label, above) -> the points of that series off the scale on that side
    for x, y, label in named:
        if y > high + pad or y < low - pad:
            off.setdefault((label, y > high), []).append((x, y))
    for (label, above), points in off.items():
        edge = high + pad if above else low - pad
        ys = sorted(y for _, y in points)
        said = f"{ys[0]:,.1f}%" if len(ys) == 1 else f"{ys[0]:,.1f}% to {ys[-1]:,.1f}%"
        ax.plot([x for x, _ in points], [edge] * len(points), linestyle="none", marker="^" if above else "v",
                color="black", markersize=6, clip_on=False)
        ax.annotate(f"{label}: {said} (off the scale)", (sum(x for x, _ in points) / len(points), edge),
                    textcoords="offset points", xytext=(0, -12 if above else 6), ha="center", fontsize=7,
                    bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "0.6", "lw": 0.5})


def edge_against_decks(plt: Any, title: str, panels: dict) -> Figure:
    """``panels``: rule -> {series label: [(decks, house edge)]}: a panel a rule, on one scale, the
    legend beside them. With fewer than three deck counts the edges are bars (a line through two
    points says nothing a bar does not), each paytable's bars side by side at the deck counts it has.
    A value far from the rest is left off the scale and named on its edge (:func:`outliers`)."""
    decks = sorted({d for series in panels.values() for pts in series.values() for d, _ in pts})
    labels = list(dict.fromkeys(label for series in panels.values() for label in series))
    fig, axes = plt.subplots(1, len(panels), figsize=(4.4 * len(panels) + 1.8, 3.6), squeeze=False, sharey=True)
    handles: list = []
    every = [100 * float(e) for series in panels.values() for pts in series.values() for _, e in pts]
    for ax, (rule, series) in zip(axes[0], panels.items()):
        named: list = []
        if len(decks) < 3:
            width = 0.8 / len(decks)
            drawn: dict = {}
            for i, label in enumerate(labels):
                values = dict(series.get(label, []))
                present = [d for d in decks if d in values]
                for k, d in enumerate(present):
                    x = i + (k - (len(present) - 1) / 2) * width
                    y = 100 * float(values[d])
                    drawn[d] = ax.bar([x], [y], width, color=COLOURS[decks.index(d)],
                                      label=f"{d} deck{'s' if d > 1 else ''}")
                    named.append((x, y, f"{label}, {d} deck{'s' if d > 1 else ''}"))
            if len(handles) < len(drawn):
                handles = [drawn[d] for d in decks if d in drawn]
            ax.set_xticks(range(len(labels)), labels, rotation=30 if max(map(len, labels)) > 4 else 0,
                          ha="right" if max(map(len, labels)) > 4 else "center")
            ax.set_xlabel("paytable")
        else:
            for i, label in enumerate(labels):
                if label in series:
                    points = series[label]
                    line, = ax.plot([d for d, _ in points], [100 * float(e) for _, e in points], label=label,
                                    **_style(i))
                    named += [(d, 100 * float(e), label) for d, e in points]
                    if len(handles) < len(labels):
                        handles.append(line)
            ax.set_xticks(decks)
            ax.set_xlabel("decks")
        _scale(ax, every, named)
        ax.set_title(title if rule == "any" else f"{title}, {rule}")
        ax.axhline(0, color="black", linewidth=0.6)
    axes[0][0].set_ylabel("house edge (%)")
    fig.legend(handles=handles, loc="center right", fontsize=8, frameon=False,
               title="decks" if len(decks) < 3 else "paytable")
    fig.tight_layout(rect=(0, 0, 1 - 1.5 / fig.get_figwidth(), 1))
    return fig


def progressive_return(plt: Any, title: str, lines: list) -> Figure:
    """``lines``: (label, a + the fixed meters' part, b of the meter drawn, its reference value)."""
    fig, ax = plt.subplots(figsize=(10.5, 3.8))
    evens: list[Optional[float]] = [float(-a / b) if b > 0 and a < 0 else None for _, a, b, _ in lines]
    top = max([4 * float(ref) for *_, ref in lines] + [1.25 * e for e in evens if e is not None])
    for i, ((label, a, b, _), even) in enumerate(zip(lines, evens)):
        colour = COLOURS[i % len(COLOURS)]
        ax.plot([0, top], [100 * float(a), 100 * float(a + b * Fraction(top))], color=colour, label=label,
                linestyle=LINES[i % len(LINES)])
        if even is not None:
            ax.plot([even], [0], "o", color=colour)
            ax.annotate(f"{even:,.0f}", (even, 0), textcoords="offset points", xytext=(0, -16 - 10 * (i % 3)),
                        ha="center", fontsize=8, color=colour,
                        bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": colour, "lw": 0.5})
    ax.axhline(0, color="black", linewidth=0.6)
    ax.set_xlim(0, top)
    from matplotlib.ticker import FuncFormatter
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:,.0f}"))
    ax.set_xlabel("meter (units of the wager)")
    ax.set_ylabel("return (%)")
    ax.set_title(title)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    fig.tight_layout()
    return fig


def _progressive_lines(items: Sequence[Item], sheets: Mapping[Item, ParSheet], wager: str) -> tuple[int, list]:
    """One line per paytable at the reference shoe: R against the meter of the rarest award, the
    other meters held at the sheet's values."""
    decks = reference_decks(sorted({i.decks for i in items if i.wager == wager}))
    lines = []
    for item in items:
        prog = sheets[item].extra.get("progressive")
        if item.wager != wager or item.decks != decks or not prog:
            continue
        b = {m: Fraction(v) for m, v in prog["b"].items()}
        meters = {m: Fraction(v) for m, v in prog["meters"].items()}
        drawn = min(b, key=lambda m: (b[m], m))
        fixed = Fraction(prog["a"]) + sum((b[m] * meters[m] for m in b if m != drawn), Fraction(0))
        held = ", ".join(f"{m}={prog['meters'][m]}" for m in b if m != drawn)
        lines.append((f"{item.paytable}: {drawn}" + (f" ({held})" if held else ""), fixed, b[drawn], meters[drawn]))
    return decks, lines


def plot_names(items: Sequence[Item]) -> dict[str, str]:
    """The plots the book holds for these items, name -> caption (in the order drawn)."""
    wagers = list(dict.fromkeys(i.wager for i in items))
    names = {"plots/dealer-bust-by-cards.png": "Dealer bust probability by the number of cards in the busted "
                                               "hand, before the up card is seen (as Buster pays it)",
             "plots/dealer-bust-by-upcard.png": "Dealer bust probability by up card, S17 against H17"}
    for w in wagers:
        counts = sorted({i.decks for i in items if i.wager == w})
        if len(counts) > 2:
            names[f"plots/{w}-edge-by-decks.png"] = f"{w}: house edge against decks, a line each paytable"
        elif len(counts) == 2:
            names[f"plots/{w}-edge-by-decks.png"] = (f"{w}: house edge of each paytable at {counts[0]} and "
                                                     f"{counts[1]} decks (bars)")
        if any(i.meters for i in items if i.wager == w):
            names[f"plots/{w}-return-by-meter.png"] = (f"{w}: return against the meter, each paytable "
                                                       "(R(M) = a + b*M; dots: breakeven meter)")
    return names


def _plot_label(item: Item) -> Optional[str]:
    """The line of the edge plot a sheet is drawn on (its paytable, and its variant's label), or
    None for a variant that is not drawn."""
    variant = item.book_variant()
    if variant is None:
        return item.paytable
    return None if variant.plot_label is None else f"{item.paytable} {variant.plot_label}"


def draw_plots(items: Sequence[Item], sheets: Mapping[Item, ParSheet]) -> dict[str, bytes]:
    """Every plot of the book: file name (under ``plots/``) -> PNG bytes."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    decks = sorted({i.decks for i in items})
    out = {}
    with plt.style.context("default"), matplotlib.rc_context(STYLE):
        figures: dict[str, Callable[..., Figure]] = {
            "plots/dealer-bust-by-cards.png": lambda: dealer_bust_by_cards(plt, decks),
            "plots/dealer-bust-by-upcard.png": lambda: dealer_bust_by_upcard(plt, reference_decks(decks))}
        for w in dict.fromkeys(i.wager for i in items):
            panels: dict = {}
            for item in items:
                if item.wager == w and (label := _plot_label(item)) is not None:
                    panels.setdefault(item.rule, {}).setdefault(label, []).append((item.decks, sheets[item].house_edge))
            figures[f"plots/{w}-edge-by-decks.png"] = (lambda w=w, p=panels: edge_against_decks(plt, w, p))
            if any(i.meters for i in items if i.wager == w):
                d, lines = _progressive_lines(items, sheets, w)
                figures[f"plots/{w}-return-by-meter.png"] = (
                    lambda w=w, d=d, lines=lines: progressive_return(plt, f"{w}, {d} decks", lines))
        for name in plot_names(items):  # which leaves out an edge plot of one deck count
            with interrupts_deferred():  # a Ctrl-C inside matplotlib can change a layout, not stop it
                fig = figures[name]()
                out[name] = _png(fig)
                plt.close(fig)
    return out
