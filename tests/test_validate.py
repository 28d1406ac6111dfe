"""``odds validate``: the checks find the problems they are for, and only those."""
import subprocess
import sys
from pathlib import Path

import pytest

from odds.wagers.validate import validate_file


def run(*args, cwd):
    return subprocess.run([sys.executable, "-m", "odds", *args], capture_output=True, text=True, cwd=cwd)


def write(tmp_path, text):
    f = tmp_path / "t.toml"
    f.write_text(text)
    return f


def test_a_sound_table(tmp_path):
    f = write(tmp_path, 'wager = "bet-the-set-21"\n[paytables.X]\ncitation = "x"\ndecks = [6]\n'
                        'pays = { "pair" = 10, "suited-pair" = 15 }\n')
    assert validate_file(f)[1] == []
    r = run("validate", str(f), cwd=tmp_path)
    assert r.returncode == 0 and "no problems found" in r.stdout


def test_return_above_100_percent(tmp_path):
    f = write(tmp_path, 'wager = "bet-the-set-21"\n[paytables.X]\ncitation = "x"\ndecks = [6]\n'
                        'pays = { "pair" = 15, "suited-pair" = 30 }\n')
    problems = validate_file(f)[1]
    assert len(problems) == 1 and "returns 1" in problems[0] and "6 deck(s)" in problems[0]
    assert run("validate", str(f), cwd=tmp_path).returncode == 1


def test_overlap_and_unreachable(tmp_path):
    # One deck has no suited pair; and a suited pair paying less than a pair is paid by rank.
    f = write(tmp_path, 'wager = "bet-the-set-21"\n[paytables.X]\ncitation = "x"\ndecks = [1]\n'
                        'pays = { "pair" = 5, "suited-pair" = 2 }\n[paytables.Y]\ncitation = "y"\ndecks = [6]\n'
                        'pays = { "pair" = 5, "suited-pair" = 2 }\n')
    problems = validate_file(f)[1]
    assert any("table X: suited-pair is never paid" in p for p in problems)
    assert any("table Y: suited-pair pays 2 but the same cards also make pair, which pays 5" in p for p in problems)


def test_builtin_tables_flagged_over_100_percent():
    from importlib import resources
    path = resources.files("odds.tables").joinpath("royal-match-21.toml")
    problems = validate_file(path)[1]
    assert problems and all(p.startswith("table E: returns") for p in problems)


@pytest.mark.parametrize("text,message", [
    ('wager = "21+3"\n[paytables.X]\ncitation = "x"\npays = { "flush" = "9:1" }\n', "cannot read '9:1'"),
    ('wager = "21+3"\n[paytables.X]\ncitation = "x"\npays = { "flsh" = 9 }\n', "unknown outcome"),
])
def test_bad_files_exit_2(tmp_path, text, message):
    r = run("validate", str(write(tmp_path, text)), cwd=tmp_path)
    assert r.returncode == 2 and message in r.stderr and r.stdout == ""


def test_any_decks_is_every_deck_count_from_1_to_8(tmp_path):
    """A royal match table paying 3 and 10 returns more than it takes from 3 decks up: "any" was
    checked at 1, 2, 6 and 8 decks only, so 3, 4, 5 and 7 went unflagged."""
    f = write(tmp_path, 'wager = "royal-match-21"\n[paytables.X]\ncitation = "x"\ndecks = "any"\n'
                        'pays = { "suited-match" = 3, "royal-match" = 10, "crown-treasure" = 1000 }\n')
    _, problems = validate_file(f)
    assert [p.split(" at ")[1] for p in problems] == [f"{d} deck(s)" for d in range(3, 9)]


def test_an_inverted_table_the_edges_and_the_provenance(tmp_path):
    """bust-5 paid 40 and bust-6 12: the rarer outcome pays less (a warning naming both, with their
    odds); each table's house edge at every configuration, exact to the printed digits, and whether it
    is proposed or the regulation's."""
    from fractions import Fraction

    from odds import DealerRules, Shoe
    from odds.wagers import get_wager
    from odds.wagers.paytables import load_paytable_file
    from odds.wagers.validate import validation
    f = write(tmp_path, 'wager = "buster"\n[paytables.X]\ncitation = "x"\ndecks = [6, 8]\n'
                        'pays = { "bust-8+" = 250, "bust-7" = 50, "bust-6" = 12, "bust-5" = 40, "bust-4" = 2, '
                        '"bust-3" = 1 }\n'
                        '[paytables.C]\ncitation = "as 633c.13(h) C"\ndecks = [6, 8]\n'
                        'pays = { "bust-8+" = 250, "bust-7" = 50, "bust-6" = 12, "bust-5" = 4, "bust-4" = 2, '
                        '"bust-3" = 2 }\n')
    found = validation(load_paytable_file(f))
    assert any(w.startswith("table X: bust-6 (1 in ") and "less than bust-5 (1 in " in w for w in found.warnings)
    assert not any(w.startswith("table C:") for w in found.warnings)
    book = load_paytable_file(f)
    edge = get_wager("buster").price(Shoe.decks(8), DealerRules.parse("H17"), book.tables["C"], 8).house_edge
    line = next(e for e in found.edges if e.startswith("table C"))
    assert line.startswith("table C (proposed, not in the regulation)")  # no cash bonus: not the regulation's
    assert f"8 deck(s), H17 {float(edge):.4%}" in line and isinstance(edge, Fraction)
    shipped = validation(load_paytable_file(Path(__import__("odds.tables").tables.__file__).parent / "buster.toml"))
    assert any(e.startswith("table C (the regulation's paytable C") for e in shipped.edges)
    r = run("validate", str(f), cwd=tmp_path)
    assert "warning: table X: bust-6" in r.stdout and "table C (proposed, not in the regulation)" in r.stdout


def test_an_edge_no_side_wager_is_offered_at_is_a_warning(tmp_path):
    f = write(tmp_path, 'wager = "bet-the-set-21"\n[paytables.X]\ncitation = "x"\ndecks = [6]\n'
                        'pays = { "pair" = 1, "suited-pair" = 2 }\n')
    r = run("validate", str(f), cwd=tmp_path)
    assert r.returncode == 0 and "is more than side wagers are offered at: is a pay missing or mistyped?" in r.stdout
