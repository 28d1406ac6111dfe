"""Bad and hostile input: one line and exit status 2, a bug of ours its own status 3, nothing
half-written or left behind, and generated argument lists and paytable files that never end in a
traceback."""
import errno
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from odds import (DealerRules, DealtShoe, GameRules, OddsError, Shoe, dealer_distribution, dealer_table, parse_card,
                  parse_cards, price)
from odds.apps import cli
from odds.apps.cli import main

# a wager priced without rules= warns that it takes S17 (tested in test_priced.py); beside the point here
pytestmark = pytest.mark.filterwarnings("ignore::odds.wagers.priced.DefaultRuleWarning")

SHIPPED = Path(__import__("odds.tables").tables.__file__).parent


def run(capsys, *args):
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def one_line(err):
    return err.count("\n") == 1 and err.startswith("odds: ")


# ---------------------------------------------------------------------------- exit statuses

def test_a_bug_of_ours_has_its_own_status_and_one_line(capsys, monkeypatch):
    def broken(args):
        raise ZeroDivisionError("a planted bug")
    monkeypatch.setattr(cli.wagers, "cmd_list", broken)
    status, _, err = run(capsys, "list")
    assert status == 3 and one_line(err) and "a bug in odds (not in your input)" in err and "--debug" in err
    with pytest.raises(ZeroDivisionError):
        main(["--debug", "list"])
    monkeypatch.setenv("ODDS_DEBUG", "1")
    with pytest.raises(ZeroDivisionError):
        main(["list"])


def test_bare_odds_prints_its_usage_to_stderr(capsys):
    status, out, err = run(capsys)
    assert status == 2 and out == "" and err.startswith("usage: odds")


def test_a_file_that_cannot_be_written_is_one_line_and_nothing_is_computed(capsys, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    for args in (["certify", "21+3", "--decks", "1", "--paytable", "C", "--out", str(blocker / "r.html")],
                 ["sweep", "buster", "--decks", "6", "--paytable", "C", "--shoes", "2", "--no-dask",
                  "--plots", str(blocker)],
                 ["report", "--only", "buster", "--decks", "6", "--out", str(blocker / "book")]):
        status, out, err = run(capsys, *args)
        assert status == 2 and one_line(err) and out == "", args
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


def test_a_full_disk_is_one_line_and_leaves_no_file(capsys, tmp_path, monkeypatch):
    from odds.core import outputs

    def full(fd, *args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "r.html"))
    monkeypatch.setattr(outputs.os, "fdopen", full)
    status, _, err = run(capsys, "certify", "21+3", "--decks", "1", "--paytable", "C", "--rounds", "2000",
                         "--out", str(tmp_path / "r.html"))
    assert status == 2 and one_line(err) and "No space left on device" in err
    assert list(tmp_path.iterdir()) == []


def test_a_killed_book_build_is_tidied_by_the_next(capsys, tmp_path):
    out = tmp_path / "book"
    assert main(["report", "--only", "bust-it", "--decks", "1", "--out", str(out), "--no-cache"]) == 0
    stale = tmp_path / ".book.building-999999999-abc"
    stale.mkdir()
    (stale / "half.json").write_text("{")
    old = tmp_path / ".book.old-999999998"
    out.rename(old)  # killed between its two final renames: the old book aside, none at --out
    assert main(["report", "--only", "bust-it", "--decks", "1", "--out", str(out), "--no-cache"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book"]
    assert (out / "SHA256SUMS").is_file()


# ------------------------------------------------------------------------ the library's arguments

@pytest.mark.parametrize("call, message", [
    (lambda: dealer_table(Shoe.decks(6), DealerRules.parse("H17"), exact="no"), "exact must be True or False"),
    (lambda: dealer_table(Shoe.decks(6), "H17"), "rules must be a DealerRules"),
    (lambda: DealerRules(hits_soft_17="no"), "hits_soft_17 must be True or False"),
    (lambda: GameRules(blackjack_pays=1.5), "blackjack_pays must be exact"),
    (lambda: GameRules(dealer="H17"), "dealer must be a DealerRules"),
    (lambda: GameRules(decks=-3), "number of decks must be from 1 to 1000"),
    (lambda: Shoe.decks(10 ** 100), "number of decks must be from 1 to 1000"),
    (lambda: __import__("odds").PlayerEngine(GameRules(), exact="no"), "exact must be True or False"),
    (lambda: parse_card(5), "a card is written as text"),
    (lambda: parse_cards(None), "cards are written as text"),
    (lambda: Shoe.decks(6).remove(5), "cards are text such as 'AS TH 7' or a list of cards, got 5"),
    (lambda: Shoe.decks(6).remove(["AS", 5]), "cards are written as text"),
    (lambda: Shoe(None), "13 ranks x 4 suits"),
    (lambda: DealtShoe(6, "rng"), "rng must be a random generator"),
    (lambda: dealer_distribution(Shoe.decks(6), 5), "a card is written as text"),
    (lambda: price("buster", "C", decks=6, paytable_file=5), "paytable_file must be a path"),
    (lambda: price("buster", "C", decks=6, any_decks="yes"), "any_decks must be True or False"),
    (lambda: price("21+3", "C", decks=6).ret("AS KH"), "not text"),
    (lambda: price("21+3", "C", decks=6).ret([2.0] * 52), "a count of cards is a whole number, not 2.0"),
    (lambda: price("buster", "C", decks=6).ret([10 ** 6] * 52), "at most 1,000 of each card"),
    (lambda: price("in-between", "A", decks=6).ret([1] + [0] * 51), "in-between needs 3 cards; the shoe holds 1"),
])
def test_the_library_refuses_by_name(call, message):
    with pytest.raises(OddsError, match=message):
        call()


@pytest.mark.parametrize("call, library, command_line", [
    (lambda: price("in-between"), "choose one with paytable=", ["wager", "in-between", "--decks", "6"]),
    (lambda: price("buster", "C", decks=2), "any_decks=True",
     ["wager", "buster", "--paytable", "C", "--decks", "2"]),
    (lambda: price("twenty-point-bonus", "A", decks=6, spots=3).par_sheet(Shoe.decks(6)), "spots= goes with cap=",
     ["wager", "twenty-point-bonus", "--paytable", "A", "--decks", "6", "--spots", "3"]),
    (lambda: price("blazing-7s", "A", decks=6), 'give meters="jackpot=VALUE"',
     ["wager", "blazing-7s", "--paytable", "A", "--decks", "6"]),
])
def test_the_library_names_its_arguments_and_the_command_line_its_flags(call, library, command_line, capsys):
    """One message, spoken to each user: keyword arguments in Python, flags on the command line."""
    with pytest.raises(OddsError) as raised:
        call()
    assert library in str(raised.value) and " --" not in str(raised.value)
    status, _, err = run(capsys, *command_line)
    assert status == 2 and one_line(err) and "--" in err and "=" not in err.replace("jackpot=", "")


# ------------------------------------------------------------------ generated commands and files

WORDS = ["wager", "list", "dealer", "solve", "validate", "paytable", "template", "decide", "house-money",
         "buster", "ez-bust", "bust-it", "21+3", "royal-match-21", "super-sevens", "blazing-7s", "streak",
         "--decks", "--rule", "--paytable", "--paytable-file", "--format", "--upcard", "--meter", "--remove",
         "--vary", "--target-edge", "--grid", "--no-peek", "--any-decks", "--fractions", "--search", "--reset",
         "--rate", "--bj-pays", "--split-hands", "--help-me", "-x",
         "1", "2", "0", "-1", "6", "1e400", "10" * 40, "nan", "inf", "H17", "S18", "C", "A", "ZZ", "json", "md",
         "csv", "xml", "5%", "5", "0.05", "jackpot=2000", "jackpot=-1", "jackpot=2000,jackpot=1", "bust-8+",
         "bust-7=40,50", "AS AS", "6 7", "\x1b[31m", "", " ", "../../etc/passwd", "FILE"]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=st.lists(st.sampled_from(WORDS), min_size=0, max_size=8))
def test_generated_command_lines_end_in_0_1_or_2_never_a_traceback(words, capsys, tmp_path):
    paytable = tmp_path / "p.toml"
    paytable.write_text((SHIPPED / "buster.toml").read_text())
    args = [str(paytable) if w == "FILE" else w for w in words]
    if args[:1] in (["wager"], ["solve"], ["decide"]) and "--decks" not in args:
        args += ["--decks", "1"]  # keep the generated sheets quick
    status = main(args)
    out, err = capsys.readouterr()
    assert status in (0, 1, 2), (args, err)
    assert "Traceback" not in err
    if status == 2 and not err.startswith("usage:"):
        assert one_line(err), (args, err)


TOML_VALUES = st.one_of(st.integers(min_value=-10 ** 30, max_value=10 ** 30), st.floats(allow_nan=True),
                        st.sampled_from(["inf", "nan", "-inf", "1e400", "1e-400", "\"5/2\"", "\"x\"", "true",
                                         "[1, 2]", "{ a = 1 }", "\"" + "9" * 5000 + "\""]))
KEYS = st.sampled_from(["bust-8+", "bust-7", "bust-6", "bust-5", "bust-4", "bust-3", "lose", "<script>", "a b"])


@st.composite
def paytable_texts(draw):
    """Paytable files: the shipped form with generated keys and values, or random text or bytes."""
    kind = draw(st.sampled_from(["form", "text", "bytes"]))
    if kind == "bytes":
        return draw(st.binary(max_size=300))
    if kind == "text":
        return draw(st.text(alphabet=string.printable + "é\x00\x1b", max_size=300)).encode("utf-8")
    pays = ", ".join(f'"{draw(KEYS)}" = {draw(TOML_VALUES)}' for _ in range(draw(st.integers(0, 7))))
    tid = draw(st.sampled_from(["P", "<script>", "A b", "x" * 40, "C"]))
    bonus = draw(st.sampled_from(["", '[bonuses.B1]\nawards = { "bust-8+" = -5 }\n', "[bonuses]\nB1 = 3\n",
                                  '[bonuses.B1]\nmin_wager = "five"\nawards = { "bust-7" = 1 }\n']))
    decks = draw(st.sampled_from(["[6]", '"any"', "[]", "[0]", "6"]))
    return (f'wager = "buster"\n[paytables."{tid}"]\ncitation = "x"\ndecks = {decks}\npays = {{ {pays} }}\n'
            f"{bonus}").encode("utf-8", "surrogatepass")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=paytable_texts(), command=st.sampled_from(["validate", "wager"]))
def test_generated_paytable_files_are_read_or_refused_in_one_line(data, command, capsys, tmp_path):
    path = tmp_path / "p.toml"
    path.write_bytes(data)
    args = {"validate": ["validate", str(path)],
            "wager": ["wager", "buster", "--decks", "6", "--paytable-file", str(path), "--any-decks"]}[command]
    status = main(args)
    out, err = capsys.readouterr()
    assert status in (0, 1, 2), (data[:200], err)
    if status == 2:
        assert one_line(err), (data[:200], err)
        assert "\x1b" not in err
