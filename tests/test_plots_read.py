"""Plots that read at a glance: a label on every axis, one scale across panels that are compared, the
legend off the data, series that stay apart when they lie close, and no line through two points."""
from fractions import Fraction as F

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from odds.apps import report_plots  # noqa: E402
from odds.apps.book_plan import plan  # noqa: E402
from odds.apps.report import compute_sheet  # noqa: E402


def panels(decks):
    """Two rules, three paytables, two of them 0.04% apart (as Buster's C and D)."""
    return {rule: {t: [(d, F(edge + shift, 100)) for d in decks]
                   for t, edge in (("C", 6), ("D", F(604, 100)), ("E", 8))}
            for rule, shift in (("S17", 2), ("H17", 0))}


def axes_with_data(fig):
    return [ax for ax in fig.axes if ax.has_data()]


def test_the_edge_plot_shares_its_scale_keeps_series_apart_and_the_legend_off_the_data():
    fig = report_plots.edge_against_decks(plt, "buster", panels((1, 6, 8)))
    left, right = axes_with_data(fig)
    assert left.get_ylim() == right.get_ylim()
    looks = {(line.get_color(), line.get_marker(), line.get_linestyle())
             for line in left.get_lines() if len(line.get_xdata()) > 2}
    assert len(looks) == 3 and len({m for _, m, _ in looks}) == 3  # C and D told apart by more than colour
    legend = fig.legends[0]
    fig.canvas.draw()
    box = legend.get_window_extent()
    assert not any(box.overlaps(ax.get_window_extent()) for ax in fig.axes)
    for ax in (left, right):
        assert ax.get_xlabel() and ax.get_title()
    assert left.get_ylabel()
    plt.close(fig)


def test_two_deck_counts_are_bars_not_a_line_through_two_points():
    fig = report_plots.edge_against_decks(plt, "streak", panels((6, 8)))
    for ax in axes_with_data(fig):
        assert not [line for line in ax.get_lines() if line.get_marker() not in ("None", None, "")]  # only y = 0
        assert len(ax.patches) == 2 * 3  # a bar for each deck count and paytable
        assert ax.get_xlabel() == "paytable"
    plt.close(fig)


def test_every_plot_of_a_book_and_a_sweep_has_its_axes_labelled(tmp_path, monkeypatch):
    drawn = []
    real = Figure.savefig

    def keep(fig, *args, **kwargs):
        drawn.append(fig)
        return real(fig, *args, **kwargs)
    monkeypatch.setattr(Figure, "savefig", keep)
    items = plan(only=["buster", "blazing-7s"], decks=[1, 6, 8])
    report_plots.draw_plots(items, {i: compute_sheet(i) for i in items})
    from odds.apps.sweep import SweepSpec, run_sweep
    from odds.apps.sweep_report import write_plots
    spec = SweepSpec("buster", "C", 6, "S17", shoes=20, penetration=F(3, 4), spots=5, seed=1, chunk=10, level=None,
                     arithmetic="float", peek=True, pays=None)
    write_plots(run_sweep(spec, workers=0), tmp_path)
    assert len(drawn) >= 8
    for fig in drawn:
        for ax in axes_with_data(fig):
            assert ax.get_xlabel(), ax.get_title()
        assert any(ax.get_ylabel() for ax in axes_with_data(fig)), fig.axes[0].get_title()
        width, height = fig.get_size_inches() * fig.dpi
        assert 600 <= width <= 1400 and 300 <= height <= 800  # reads on a screen without zooming


def test_an_outlier_does_not_set_the_scale_and_is_named_on_its_edge():
    """21+3's table D at 67.5% (2 decks) beside tables at 3% to 23%: the scale is the rest's, and D is
    named where it leaves the scale, with its value."""
    series = {"A": [(d, F(e, 100)) for d, e in ((1, 13), (2, 7), (4, 4), (6, 3), (8, 3))],
              "B": [(d, F(e, 100)) for d, e in ((1, 23), (2, 17), (4, 14), (6, 13), (8, 13))],
              "D": [(2, F(675, 1000))]}
    fig = report_plots.edge_against_decks(plt, "21+3", {"any": series})
    ax, = axes_with_data(fig)
    low, high = ax.get_ylim()
    assert 23 < high < 40 and low <= 0
    said = [t.get_text() for t in ax.texts]
    assert said == ["D: 67.5% (off the scale)"]
    plt.close(fig)


def test_the_captions_say_what_is_plotted():
    items = plan(["match-the-dealer", "21+3"], None)
    names = report_plots.plot_names(items)
    assert names["plots/21+3-edge-by-decks.png"] == "21+3: house edge against decks, a line each paytable"
    assert names["plots/match-the-dealer-edge-by-decks.png"] == \
        "match-the-dealer: house edge of each paytable at 6 and 8 decks (bars)"


def test_a_paytable_at_one_deck_count_is_one_bar_centred_on_it():
    series = {"A": [(6, F(4, 100))], "B": [(8, F(37, 1000))]}
    fig = report_plots.edge_against_decks(plt, "match-the-dealer", {"any": series})
    ax, = axes_with_data(fig)
    assert sorted(round(p.get_x() + p.get_width() / 2, 6) for p in ax.patches) == [0.0, 1.0]  # no empty slot beside
    plt.close(fig)
