"""``odds compare``: tables side by side, every figure that of the table's own exact par sheet at each
configuration, in every format; the counter's figures those of ``odds sweep`` at the same seed."""
import csv
import io
import json
from fractions import Fraction

import pytest

from odds import DealerRules, Shoe
from odds.apps.cli import main
from odds.wagers import get_wager
from odds.wagers.paytables import builtin_paytables, load_paytable_file

PROPOSED = ('wager = "buster"\n[paytables.P]\ncitation = "a proposal"\ndecks = [6, 8]\n'
            'pays = { "bust-8+" = 250, "bust-7" = 50, "bust-6" = 9, "bust-5" = 5, "bust-4" = 2, "bust-3" = 2 }\n')


@pytest.fixture
def proposal(tmp_path):
    path = tmp_path / "p.toml"
    path.write_text(PROPOSED)
    return path


def test_every_figure_is_the_par_sheets(proposal, capsys):
    assert main(["compare", "buster", "--decks", "6,8", "--paytable", "A,C", "--paytable-file", str(proposal),
                 "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [t["id"] for t in doc["tables"]] == ["A", "C", "P"]
    assert [t["origin"] for t in doc["tables"]] == ["regulation", "regulation", "proposed"]
    assert len(doc["rows"]) == 3 * 4 and doc["configurations"] == ["6 decks, S17", "6 decks, H17", "8 decks, S17",
                                                                   "8 decks, H17"]
    tables = {**builtin_paytables("buster").tables, "P": load_paytable_file(proposal).tables["P"]}
    for row in doc["rows"]:
        decks, rule = row["configuration"].split(" decks, ")
        sheet = get_wager("buster").price(Shoe.decks(int(decks)), DealerRules.parse(rule), tables[row["table"]],
                                          int(decks))
        assert Fraction(row["house_edge"]) == sheet.house_edge
        assert Fraction(row["return_to_player"]) == 1 + sheet.expected_return
        assert Fraction(row["hit_frequency"]) == sheet.hit_frequency and row["max_win"] == "250"
        assert row["std_dev"] == round(sheet.std_dev, 6)


def test_the_formats(proposal, tmp_path, capsys):
    base = ["compare", "buster", "--decks", "6", "--rule", "H17", "--paytable", "C", "--paytable-file", str(proposal)]
    assert main(base) == 0
    text = capsys.readouterr().out
    assert "tables C (regulation), P (proposed)" in text and "6.2143%" in text and "4.9583%" in text
    assert main(base + ["--format", "md"]) == 0
    assert "| bust-6 | 12 | 9 |" in capsys.readouterr().out
    assert main(base + ["--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [r["table"] for r in rows] == ["C", "P"] and Fraction(rows[0]["house_edge"]) > Fraction(rows[1]["house_edge"])
    assert main(base + ["--format", "html"]) == 2
    assert "give --out" in capsys.readouterr().err
    page = tmp_path / "c.html"
    assert main(base + ["--format", "html", "--out", str(page)]) == 0
    html = page.read_text()
    assert "<h1>Compare buster: C (regulation), P (proposed)</h1>" in html and "data:image/png;base64," in html


def test_the_counters_figures_are_the_sweeps(proposal, capsys):
    assert main(["compare", "buster", "--decks", "6", "--rule", "H17", "--paytable-file", str(proposal),
                 "--counting", "40", "--seed", "3", "--format", "json"]) == 0
    row = json.loads(capsys.readouterr().out)["rows"][0]["counting"]
    assert main(["sweep", "buster", "--decks", "6", "--rule", "H17", "--paytable-file", str(proposal), "--paytable",
                 "P", "--shoes", "40", "--seed", "3", "--no-dask", "--format", "json", "--exact-count"]) == 0
    sweep = json.loads(capsys.readouterr().out)
    assert row["rounds"] == sweep["rounds"] and row["player_edge_rounds"] == sweep["player_edge"]["rounds"]
    assert row["counter_gain_per_round"] == sweep["perfect"]["gain_per_round"]
    exact = sweep["exact_count"]  # the exact figures of the same sweep
    assert row["exact_count_best_gain_per_round"] == exact["best_count"]["gain_per_round_float"]
    assert row["exact_count_counter_gain_per_round"] == exact["counter"]["gain_per_round_float"]
    lo, hi = row["player_edge_share_ci95"]
    assert lo <= row["player_edge_share"] <= hi


@pytest.mark.parametrize("args, message", [
    (["--paytable", "Z"], "buster has no paytable 'Z'"),
    (["--paytable-file", "MISSING"], "cannot read the paytable file"),
    (["--decks", "0"], "must be at least 1"),
    (["--rule", "X17"], "unknown dealer rule 'X17'"),
])
def test_bad_input_is_one_line(tmp_path, capsys, args, message):
    args = [str(tmp_path / "none.toml") if a == "MISSING" else a for a in args]
    decks = [] if "--decks" in args else ["--decks", "6"]
    assert main(["compare", "buster", *decks, *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_a_comparison_reads_in_a_notebook(proposal):
    """Comparison._repr_html_ and to_frame: the figures of each row, as numbers, equal to the par sheet's."""
    from odds.apps.compare import compare
    book = load_paytable_file(proposal)
    result = compare(get_wager("buster"), [(builtin_paytables("buster").tables["C"], builtin_paytables("buster")),
                                           (book.tables["P"], book)], [(6, DealerRules.parse("H17"))])
    page = result._repr_html_()
    assert "<caption>compare buster</caption>" in page and '<td style="text-align:right">6.2143%</td>' in page
    frame = result.to_frame()
    assert list(frame["table"]) == ["C", "P"] and list(frame["origin"]) == ["regulation", "proposed"]
    sheet = get_wager("buster").price(Shoe.decks(6), DealerRules.parse("H17"), book.tables["P"], 6)
    assert frame["house_edge"].dtype.kind == "f" and frame.loc[1, "house_edge"] == float(sheet.house_edge)
    assert frame.loc[1, "one_in"] == float(1 / sheet.hit_frequency) and frame.attrs["wager"] == "buster"
