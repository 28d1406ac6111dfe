"""Designing a paytable: several pays scaled together to a target edge, the edge over a grid of two
pays, target edges written as people write them, and a commented template to start from. Every
edge is checked by pricing the changed paytable again, directly."""
import re
import json
from fractions import Fraction

import pytest

from odds.apps.cli import main
from odds.core.errors import PaytableError
from odds.core.rules import DealerRules
from odds.core.shoe import Shoe
from odds.wagers import get_wager
from odds.wagers.paytables import Paytable, builtin_paytables, load_paytable_file, provenance
from odds.pricing.solve import edge_grid, parse_edge, solve_scale

H17 = DealerRules.parse("H17")


def priced(wager, table, decks, rules, changes):
    """The house edge of ``table`` with ``changes`` to its pays, priced from scratch."""
    t = Paytable(table.wager, table.id, {**table.pays, **changes}, table.citation, table.decks, table.source)
    return get_wager(wager).par_sheet(Shoe.decks(decks), rules, t, decks).house_edge


@pytest.mark.parametrize("wager, table, decks, outcomes, edge", [
    ("buster", "C", 6, ("bust-7", "bust-8+"), "6%"),
    ("buster", "A", 1, ("bust-3", "bust-4", "bust-5"), "0.1"),
    ("21+3", "B", 6, ("straight", "flush"), "1/25"),
])
def test_pays_scaled_together_reach_the_target_exactly(wager, table, decks, outcomes, edge):
    t = builtin_paytables(wager).tables[table]
    s = solve_scale(get_wager(wager), t, decks, H17, outcomes, edge)
    assert s.pays == {o: s.factor * t.pays[o] for o in outcomes}
    assert priced(wager, t, decks, H17, s.pays) == parse_edge(edge)
    for label, pays, exact in s.practical:
        assert exact == priced(wager, t, decks, H17, pays), label
    down, _, up = s.practical
    assert down[2] >= s.target_edge >= up[2]


def test_the_grid_is_every_cell_priced_again():
    t = builtin_paytables("buster").tables["C"]
    g = edge_grid(get_wager("buster"), t, 6, H17, ("bust-7", (40, 55, 60)), ("bust-8+", (200, Fraction(501, 2))), "6%")
    for i, x in enumerate(g.rows[1]):
        for j, y in enumerate(g.columns[1]):
            assert g.edges[i][j] == priced("buster", t, 6, H17, {"bust-7": x, "bust-8+": y})
    doc = g.to_json()
    assert doc["columns"]["pays"] == ["200", "501/2"] and doc["target_edge"] == "3/50"


@pytest.mark.parametrize("text, value", [("5%", Fraction(1, 20)), ("0.05", Fraction(1, 20)),
                                         ("1/20", Fraction(1, 20)), (" 2.5 % ", Fraction(1, 40)),
                                         ("-1%", Fraction(-1, 100))])
def test_target_edges_as_people_write_them(text, value):
    assert parse_edge(text) == value


@pytest.mark.parametrize("text, hint", [("5", "write 5% for five per cent, or 0.05"),
                                        ("1", "write 1% for one per cent, or 0.01"),
                                        ("120%", "not possible"), ("five", "cannot read")])
def test_an_edge_that_cannot_be_meant_is_refused_with_a_hint(text, hint):
    with pytest.raises(PaytableError, match=hint):
        parse_edge(text)


def test_the_command_line_solves_in_decimals_with_the_fraction_beside(capsys):
    args = ["solve", "buster", "--decks", "6", "--paytable", "C"]
    assert main([*args, "--vary", "bust-7,bust-8+", "--target-edge", "6%"]) == 0
    text = capsys.readouterr().out
    assert "target house edge 6.0000% (exact 3/50)" in text and "each pay rounded down" in text
    assert main([*args, "--grid", "bust-7=40,50", "--grid", "bust-8+=200,250", "--format", "json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["house_edge"]) == 2
    assert main([*args, "--vary", "bust-8+", "--target-edge", "5"]) == 2
    assert "reads as 500%" in capsys.readouterr().err
    for bad, message in (([*args, "--grid", "bust-7=40"], "--grid twice"),
                         ([*args, "--vary", "bust-7"], "--target-edge is needed"),
                         ([*args, "--grid", "bust-7=x"], "write OUTCOME=PAY,PAY"),
                         ([*args, "--vary", "bust-7,bust-7", "--target-edge", "5%"], "named twice")):
        assert main(bad) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1


@pytest.mark.parametrize("wager", ["buster", "21+3", "blazing-7s", "progressive-blackjack", "streak"])
def test_the_template_is_a_valid_file_of_the_regulations_table(wager, tmp_path, capsys):
    out = tmp_path / "t.toml"
    assert main(["paytable", "template", wager, "--out", str(out)]) == 0
    book = load_paytable_file(out)
    table = book.tables["P"]
    first = next(iter(builtin_paytables(wager).tables.values()))
    assert provenance(table, book.extra).regulated == first
    capsys.readouterr()
    status = main(["validate", str(out)])
    problems = [line for line in capsys.readouterr().out.splitlines() if line.startswith("problem:")]
    # the file reads; a problem can only be the regulation's own table's (blazing 7s' A, as printed)
    assert status == (1 if problems else 0) and all("returns" in p for p in problems)
    assert main(["paytable", "template", wager, "--out", str(out)]) == 2  # not replaced without --force
    assert "exists" in capsys.readouterr().err


def test_busters_bonus_prints_as_a_table(capsys):
    assert main(["wager", "buster", "--decks", "6", "--paytable", "A"]) == 0
    out = capsys.readouterr().out
    text = out.split("cash bonus B1:")[1]
    assert re.search(r"bust-8\+ +\$8,000 +0\.\d{10}", text) and "0.0000078556" in text
    assert "at the minimum wager of $5: added return" in text and "maximum win 1850 to 1" in text
    assert "with bonus B1 at $5: RTP" in out.split("assumptions:")[0]  # in the headline figures
    assert "{" not in text and len(max(text.splitlines(), key=len)) < 200


def test_the_designers_messages(tmp_path, capsys):
    """A sweep of a proposed table says so (text and JSON); an edge no pay reaches is said in per
    cent; solve's usage names --vary and --target-edge, as the docs do."""
    path = tmp_path / "p.toml"
    path.write_text('wager = "buster"\n[paytables.P]\ncitation = "a proposal"\ndecks = [6]\n'
                    'pays = { "bust-8+" = 300, "bust-7" = 50, "bust-6" = 12, "bust-5" = 4, "bust-4" = 2, '
                    '"bust-3" = 2 }\n')
    base = ["sweep", "buster", "--decks", "6", "--rule", "H17", "--paytable-file", str(path), "--paytable", "P",
            "--shoes", "4", "--no-dask"]
    assert main(base + ["--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert any("is proposed, not in the regulation" in w for w in doc["warnings"])
    assert main(base) == 0 and "warning: paytable P of" in capsys.readouterr().out
    assert main(["solve", "buster", "--decks", "6", "--rule", "H17", "--paytable", "C", "--vary", "bust-3",
                 "--target-edge", "95%"]) == 2
    err = capsys.readouterr().err
    assert re.search(r"a house edge of 95\.0000% \(exact 19/20\) needs a negative pay for bust-3 \(-\d+\.\d+\); "
                     r"with the other pays as they are, the highest edge is \d+\.\d{4}% \(exact \d+/\d+\), at pay 0",
                     err), err
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    usage = capsys.readouterr().out.split("positional arguments")[0]
    assert "--vary OUTCOME" in usage and "--target-edge EDGE" in usage and "--outcome" not in usage


def test_the_sensitivity_of_each_pay(capsys):
    """--target-edge: each paid outcome's return per unit of pay (its probability) and the pay that
    alone gives the target, checked by pricing the table again with that pay (exactly the target);
    in the text, Markdown, CSV and JSON."""
    from dataclasses import replace as changed
    import csv
    import io
    assert main(["wager", "buster", "--decks", "6", "--rule", "H17", "--paytable", "C", "--target-edge", "5%",
                 "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    section = doc["sensitivity"]
    assert section["target_house_edge"] == "1/20"
    table = builtin_paytables("buster").tables["C"]
    rules = DealerRules.parse("H17")
    for row in doc["outcomes"]:
        if row["name"] == "no-bust":
            assert row["name"] not in section["outcomes"]
            continue
        entry = section["outcomes"][row["name"]]
        assert entry["return_per_unit_of_pay"] == row["probability"]
        pay = Fraction(entry["pay_for_target"])
        again = get_wager("buster").price(Shoe.decks(6), rules, changed(table, pays={**table.pays, row["name"]: pay}), 6)
        assert again.house_edge == Fraction(1, 20)
    assert main(["wager", "buster", "--decks", "6", "--rule", "H17", "--paytable", "C", "--target-edge", "5%",
                 "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert rows[2]["pay_for_target"] == section["outcomes"]["bust-6"]["pay_for_target"] and rows[-1]["pay_for_target"] == ""
    for fmt, said in (("table", "sensitivity (target house edge 5.0000%)"), ("md", "## Sensitivity (target house")):
        assert main(["wager", "buster", "--decks", "6", "--rule", "H17", "--paytable", "C", "--target-edge", "5%",
                     "--format", fmt]) == 0
        assert said in capsys.readouterr().out
    assert main(["wager", "buster", "--decks", "6", "--paytable", "C", "--target-edge", "5"]) == 2
    assert "reads as 500%" in capsys.readouterr().err
