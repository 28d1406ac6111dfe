"""The command line: the JSON contract, the other formats, one-line errors with exit status 2."""
import json
import subprocess
import sys
from fractions import Fraction

import pytest

from odds import DealerRules, Shoe, dealer_table
from odds.apps.cli import main


def run(*args, cwd=None):
    # Run outside the source tree so that the installed package (with its kernel) is imported.
    return subprocess.run([sys.executable, "-m", "odds", *args], capture_output=True, text=True, cwd=cwd)


def test_dealer_json_contract(capsys):
    assert main(["dealer", "--decks", "6", "--rule", "H17", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc) == {"decks", "rule", "peek", "removed", "by_upcard", "overall"}
    assert doc["decks"] == 6 and doc["rule"] == "H17" and doc["peek"] is True and doc["removed"] == []
    assert list(doc["by_upcard"]) == list("A23456789T")
    exact = dealer_table(Shoe.decks(6), DealerRules.parse("H17"))
    for up, d in doc["by_upcard"].items():
        assert set(d) == {"final", "bust_by_cards"}
        assert list(d["final"]) == ["17", "18", "19", "20", "21", "blackjack", "bust"]
        for r, text in d["final"].items():
            assert Fraction(text) == exact.by_upcard[up].final()[r]
            assert text in ("0", "1") or "/" in text
        for k, text in d["bust_by_cards"].items():
            assert Fraction(text) == exact.by_upcard[up].probability("bust", int(k))
    assert sum(Fraction(x) for x in doc["overall"]["final"].values()) == 1
    assert Fraction(doc["overall"]["final"]["blackjack"]) == exact.overall.final()["blackjack"]


def test_dealer_json_upcard_and_removed(capsys):
    assert main(["dealer", "--decks", "1", "--upcard", "6", "--remove", "as th 5c",
                 "--no-peek", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert list(doc["by_upcard"]) == ["6"] and doc["removed"] == ["AS", "TH", "5C"] and doc["peek"] is False
    expected = dealer_table(Shoe.decks(1).remove("AS TH 5C"), DealerRules.parse("S17", False))
    assert Fraction(doc["by_upcard"]["6"]["final"]["bust"]) == expected.by_upcard["6"].final()["bust"]


def test_dealer_table_and_csv(capsys):
    assert main(["dealer", "--decks", "6", "--rule", "H17"]) == 0
    out = capsys.readouterr().out
    assert "0.285760" in out and "bust8+" in out and out.splitlines()[0].startswith("Dealer's final hand")
    assert main(["dealer", "--decks", "1", "--upcard", "A", "--fractions"]) == 0
    assert "/" in capsys.readouterr().out
    assert main(["dealer", "--decks", "2", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "upcard,result,cards,probability,decimal"
    rows = [l.split(",") for l in lines[1:]]
    assert sum(Fraction(r[3]) for r in rows if r[0] == "all") == 1


@pytest.mark.parametrize("args,message", [
    (["--decks", "0"], "at least 1"),
    (["--decks", "-2"], "at least 1"),
    (["--decks", "six"], "whole number"),
    (["--decks", "6", "--rule", "H18"], "unknown dealer rule"),
    (["--decks", "1", "--remove", "AS AS"], "no AS left"),
    (["--decks", "1", "--remove", "1S"], "cannot read card"),
    (["--decks", "1", "--upcard", "X"], "cannot read card"),
    (["--decks", "1", "--format", "xml"], "invalid choice"),
    (["--decks", "1", "--remove", " ".join(["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"] * 4)],
     "needs at least 2"),
])
def test_bad_input_is_one_line_and_status_2(args, message, tmp_path):
    r = run("dealer", *args, cwd=tmp_path)
    assert r.returncode == 2
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("odds: ") and message in lines[0], r.stderr


def test_unknown_command_is_one_line_naming_it_once(tmp_path):
    r = run("dealr", cwd=tmp_path)
    assert r.returncode == 2 and r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("odds: argument command: invalid choice: 'dealr'"), r.stderr


def test_ctrl_c_while_the_command_line_starts_is_one_line(tmp_path):
    """An interrupt while the command line's modules are still being imported (the first few
    tenths of a second) is one line and status 130, as it is once a command runs, not a traceback."""
    script = ("import builtins, sys\n"
              "real = builtins.__import__\n"
              "def interrupted(name, *args, **kwargs):\n"
              "    if name == 'odds.apps.cli':\n"
              "        raise KeyboardInterrupt\n"
              "    return real(name, *args, **kwargs)\n"
              "builtins.__import__ = interrupted\n"
              "from odds.apps.launch import run\n"
              "sys.exit(run())\n")
    done = subprocess.run([sys.executable, "-c", script, "list"], capture_output=True, text=True, cwd=tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "odds: interrupted\n")


def test_import_odds_loads_no_engine():
    """``import odds`` names the public API and imports each name on first use."""
    script = ("import sys, odds; print('odds.engine.dealer' in sys.modules, set(odds.__all__) <= set(dir(odds)));"
              "odds.dealer_table; print('odds.engine.dealer' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd="/")
    assert done.stdout.splitlines() == ["False True", "True"]


def test_every_public_name_resolves():
    import odds
    assert [n for n in odds.__all__ if getattr(odds, n, None) is None] == []


def test_the_version_is_the_one_pyproject_gives(capsys):
    import re
    from pathlib import Path
    text = (Path(__file__).parent.parent / "pyproject.toml").read_text()
    version, = re.findall(r'^version = "([^"]+)"$', text, re.M)
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out == f"odds {version}\n"
