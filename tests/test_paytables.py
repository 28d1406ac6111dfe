"""Paytable files: exact pays, and one clear error naming the file and key for each mistake."""
from fractions import Fraction

import pytest

from odds.core.errors import PaytableError
from odds.wagers.paytables import builtin_paytables, load_paytable_file
from odds.wagers import WAGERS

GOOD = """
wager = "bust-it"
[paytables.X]
citation = "test"
decks = [2, 6]
pays = { "third-T" = 3, "third-9" = 5.5, "third-8" = "7/2", "third-7" = "9", "third-6" = 15, "eights-colour" = 50, "eights-suited" = 0.1 }
"""


def test_every_builtin_file_loads():
    for name in WAGERS:
        book = builtin_paytables(name)
        assert book.wager == name and book.tables
        for t in book.tables.values():
            paid = set(t.pays) | set(t.meter_pays)
            assert t.citation and paid <= set(WAGERS[name].paid_outcomes)
            if not WAGERS[name].partial_paytables:  # every outcome needs its pay
                assert paid == set(WAGERS[name].paid_outcomes)


def test_pays_are_exact(tmp_path):
    f = tmp_path / "ok.toml"
    f.write_text(GOOD)
    t = load_paytable_file(f).tables["X"]
    assert t.pays["third-9"] == Fraction(11, 2) and t.pays["third-8"] == Fraction(7, 2)
    assert t.pays["eights-suited"] == Fraction(1, 10)  # not 0.1000000000000000055...
    assert t.decks == (2, 6) and t.allows(6) and not t.allows(1)


@pytest.mark.parametrize("change,message", [
    (('"third-T" = 3', '"third-X" = 3'), "paytables.X.pays.third-X: unknown outcome"),
    (('"third-9" = 5.5', '"third-9" = "five"'), "paytables.X.pays.third-9: cannot read 'five'"),
    (('"third-9" = 5.5', '"third-9" = -1'), "paytables.X.pays.third-9: a pay cannot be negative"),
    (('"third-9" = 5.5, ', ''), "paytables.X.pays: no pay for third-9"),
    (('citation = "test"', ''), "paytables.X.citation: missing"),
    (('decks = [2, 6]', 'decks = [0]'), "paytables.X.decks: expected"),
    (('wager = "bust-it"', 'wager = "bust-ti"'), "wager: unknown wager 'bust-ti'"),
    (('[paytables.X]', '[paytables.X'), "not valid TOML"),
    (('citation = "test"', 'citation = "test"\ncolour = 1'), "paytables.X.colour: unknown key"),
    (('"third-9" = 5.5', '"third-9" = true'), "a pay must be a number"),
])
def test_bad_files_name_the_file_and_key(tmp_path, change, message):
    f = tmp_path / "bad.toml"
    f.write_text(GOOD.replace(*change))
    with pytest.raises(PaytableError) as err:
        load_paytable_file(f)
    assert str(err.value).startswith(str(f)) and message in str(err.value), str(err.value)


def test_missing_file(tmp_path):
    with pytest.raises(PaytableError, match="cannot read the paytable file"):
        load_paytable_file(tmp_path / "nope.toml")


def test_cli_reports_a_bad_file_on_one_line(tmp_path):
    import subprocess
    import sys
    f = tmp_path / "bad.toml"
    f.write_text(GOOD.replace('"third-T" = 3', '"third-X" = 3'))
    r = subprocess.run([sys.executable, "-m", "odds", "wager", "bust-it", "--decks", "6", "--paytable-file",
                        str(f)], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "third-X" in r.stderr


@pytest.mark.parametrize("args,message", [
    (["wager", "busted", "--decks", "6"], "unknown wager 'busted'"),
    (["wager", "buster", "--decks", "6"], "choose one with --paytable"),
    (["wager", "buster", "--decks", "6", "--paytable", "Z"], "no paytable 'Z'"),
    (["wager", "buster", "--decks", "-1", "--paytable", "A"], "at least 1"),
    (["wager", "ez-bust", "--decks", "6", "--upcard", "9"], "2 to 6"),
    (["wager", "buster", "--decks", "6", "--paytable", "A", "--upcard", "5"], "does not apply"),
])
def test_cli_bad_wager_arguments(args, message, tmp_path):
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-m", "odds", *args], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 2 and r.stdout == "" and message in r.stderr and r.stderr.count("\n") == 1, r.stderr
