"""A paytable that is in no regulation (a proposed one): judged by its pays, not by its file's name or
path; labelled as proposed by every command that takes a paytable file; its file's SHA-256 in the
certification report, in its input hash and in the command that makes the report again; and a book
of its own from ``odds report --paytable-file``."""
import hashlib
import json
from pathlib import Path

import pytest

from odds.apps.cli import main
from odds.wagers.paytables import builtin_paytables, load_paytable_file, provenance

SHIPPED = Path(__import__("odds.tables").tables.__file__).parent

PROPOSED = """wager = "buster"
title = "Buster Blackjack"
regulation = "58 Pa. Code 633c.13"

[paytables.P]
citation = "Acme Gaming proposal 2026-11, table P"
decks = [6, 8]
pays = { "bust-8+" = 200, "bust-7" = 50, "bust-6" = 15, "bust-5" = 4, "bust-4" = 2, "bust-3" = "1/2" }
"""


@pytest.fixture
def proposed(tmp_path):
    path = tmp_path / "proposed.toml"
    path.write_text(PROPOSED)
    return path


@pytest.fixture
def doctored(tmp_path):
    """A shipped file with one pay changed, saved where the shipped files live by name."""
    folder = tmp_path / "tables"
    folder.mkdir()
    path = folder / "buster.toml"
    path.write_text((SHIPPED / "buster.toml").read_text().replace('"bust-8+" = 250, "bust-7" = 50, "bust-6" = 12, "b',
                                                                    '"bust-8+" = 250, "bust-7" = 50, "bust-6" = 13, "b',
                                                                    1))
    assert path.read_text() != (SHIPPED / "buster.toml").read_text()
    return path


def test_provenance_is_judged_by_the_pays(proposed, doctored, tmp_path):
    shipped = builtin_paytables("buster")
    assert all(provenance(t, shipped.extra).regulated == t for t in shipped.tables.values())
    copy = tmp_path / "copy.toml"
    copy.write_bytes((SHIPPED / "buster.toml").read_bytes())
    book = load_paytable_file(copy)
    assert book.sha256 == hashlib.sha256(copy.read_bytes()).hexdigest()
    assert [provenance(t, book.extra).regulated.id for t in book.tables.values()] == list(shipped.tables)
    changed = load_paytable_file(doctored)
    status = {t.id: provenance(t, changed.extra).proposed for t in changed.tables.values()}
    assert [tid for tid, p in status.items() if p] == ["C"]  # the one table whose pays changed
    assert provenance(load_paytable_file(proposed).tables["P"]).proposed


def test_changed_bonus_awards_make_the_table_proposed(tmp_path):
    path = tmp_path / "bonus.toml"
    path.write_text((SHIPPED / "buster.toml").read_text().replace('"bust-8+" = 8000', '"bust-8+" = 9000'))
    book = load_paytable_file(path)
    assert provenance(book.tables["A"], book.extra).proposed
    assert not provenance(book.tables["A"]).proposed  # the pays alone are the regulation's


def test_a_proposed_table_is_certified_as_proposed(proposed, tmp_path, capsys):
    out = tmp_path / "r.html"
    status = main(["certify", "buster", "--decks", "6", "--rule", "H17", "--paytable-file", str(proposed),
                   "--rounds", "2000", "--out", str(out)])
    assert status == 0, capsys.readouterr()
    page = out.read_text()
    digest = hashlib.sha256(proposed.read_bytes()).hexdigest()
    assert "Proposed, not in the regulation." in page and "paytable P (proposed)" in page
    assert 'class="cited"' not in page  # the regulation is shown for the rules, nothing highlighted
    assert "no paragraph of it is the paytable's source" in page
    assert "lies outside the wager" not in page
    assert page.count(digest) >= 3  # the inputs, the canonical JSON, the paytable section
    assert f"--paytable-file {proposed}" in page
    canonical = json.loads(page.split("<pre>")[1].split("</pre>")[0].replace("&quot;", '"'))
    assert canonical["paytable_file"] == {"sha256": digest, "proposed": True}


def test_a_doctored_copy_named_like_a_shipped_file_is_not_taken_for_it(doctored, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(doctored.parent.parent)
    for table, proposed in (("C", True), ("A", False)):
        out = tmp_path / f"{table}.html"
        status = main(["certify", "buster", "--decks", "6", "--rule", "S17", "--paytable", table, "--paytable-file",
                       "tables/buster.toml", "--rounds", "2000", "--out", str(out)])
        assert status == 0, capsys.readouterr()
        page = out.read_text()
        assert "Read from the file <code>tables/buster.toml</code>" in page
        assert ("Proposed, not in the regulation." in page) is proposed
        assert ('class="cited"' in page) is not proposed  # the regulation's table A is highlighted


@pytest.mark.parametrize("command", [
    ["wager", "buster", "--decks", "6"],
    ["simulate", "buster", "--decks", "6", "--rounds", "2000"],
    ["solve", "buster", "--decks", "6", "--vary", "bust-8+", "--target-edge", "5%"],
])
def test_every_command_says_the_table_is_proposed(proposed, capsys, command):
    digest = hashlib.sha256(proposed.read_bytes()).hexdigest()
    assert main([*command, "--paytable-file", str(proposed)]) == 0
    text = capsys.readouterr().out
    assert f"paytable P of {proposed} is proposed, not in the regulation (file SHA-256 {digest})" in text
    assert main([*command, "--paytable-file", str(proposed), "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    said = doc["warnings"] if command[0] == "wager" else [json.dumps(doc["paytable_file"])]
    assert any("proposed" in w for w in said)


def test_a_shipped_table_says_nothing_of_a_proposal(capsys):
    assert main(["wager", "buster", "--decks", "6", "--paytable", "C"]) == 0
    assert "proposed" not in capsys.readouterr().out


def test_the_book_of_a_proposed_file(proposed, tmp_path, capsys):
    out = tmp_path / "book"
    assert main(["report", "--paytable-file", str(proposed), "--out", str(out), "--no-cache"]) == 0
    assert "par sheets" in capsys.readouterr().out
    names = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert [n for n in names if n.startswith("buster/")] == [
        f"buster/buster-P-{d}d-{r}.{ext}" for d in (6, 8) for r in ("H17", "S17") for ext in ("csv", "html", "json", "md")]
    assert "plots/buster-edge-by-decks.png" in names
    index = (out / "index.html").read_text()
    assert "proposed, not in the regulation" in index and str(proposed) in index
    # read at a glance: the file's tables first, the dealer after, the rest of odds not listed
    assert index.index('<h2 id="buster">') < index.index('<h2 id="dealer">') and "Not in this book" not in index
    sheet = json.loads((out / "buster" / "buster-P-6d-S17.json").read_text())
    assert any("proposed" in w for w in sheet["warnings"])
    summary = (out / "summary.csv").read_text()
    assert f"--paytable-file {proposed}" in summary
    # the same pays priced by `odds wager`, figure for figure
    assert main(["wager", "buster", "--decks", "6", "--paytable-file", str(proposed), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["house_edge"] == sheet["house_edge"]


def test_a_book_of_a_file_for_another_wager_is_refused(proposed, tmp_path, capsys):
    assert main(["report", "--paytable-file", str(proposed), "--only", "21+3", "--out",
                 str(tmp_path / "b")]) == 2
    assert "holds paytables for buster, not 21+3" in capsys.readouterr().err
    assert not (tmp_path / "b").exists()


def test_a_file_that_is_not_utf8_is_one_line(tmp_path, capsys):
    path = tmp_path / "latin1.toml"
    path.write_bytes(PROPOSED.replace("Acme", "Acm\u00e9").encode("latin-1"))
    assert main(["wager", "buster", "--decks", "6", "--paytable-file", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a text file in UTF-8" in err


def test_the_book_of_a_proposed_file_says_how_beatable_it_is(proposed, tmp_path, capsys):
    """--counting: each sheet's table swept, the figures those of the sweep's engine at that seed."""
    from odds import DealerRules
    from odds.apps.compare import counting_figures
    from odds.wagers import get_wager
    out = tmp_path / "book"
    assert main(["report", "--paytable-file", str(proposed), "--out", str(out), "--no-cache", "--counting", "20",
                 "--seed", "4"]) == 0
    index = (out / "index.html").read_text()
    assert "<h3>Counting</h3>" in index and "20 shoes a table and configuration" in index
    figures = counting_figures(get_wager("buster"), load_paytable_file(proposed).tables["P"], 8,
                               DealerRules.parse("H17"), 20, 4)
    assert (f"<tr><th>P</th><td>8 decks, H17</td><td>{figures.edge_rounds / figures.rounds:.3%} "
            f"[{figures.share_interval[0]:.3%}") in index
    assert figures.exact_best_gain is not None and f"<td>{figures.exact_best_gain:+.5f}</td></tr>" in index
    capsys.readouterr()
    assert main(["report", "--only", "buster", "--out", str(tmp_path / "b2"), "--counting", "20"]) == 2
    assert "--counting sweeps the tables of a paytable file's book" in capsys.readouterr().err
    assert not (tmp_path / "b2").exists()
