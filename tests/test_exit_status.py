"""Exit status 3 only for a bug of ours: bad numbers, bonus awards the regulation does not allow and
oversized names are the user's, refused in one line with status 2 (an OddsError in the library) on
every flag and API argument that takes a number."""
import argparse
import signal
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from odds import OddsError, price
from odds.apps.cli import build_parser, main
from odds.core.numbers import exact_number
from odds.pricing.solve import parse_edge, parse_share, solve_pay

HOSTILE = ["1e400", "1e5000", "-1e5000", "1e5000%", "-0", "0", "nan", "inf", "-inf", "NaN", "1/0", "0/0", "", " ",
           "9" * 5000, "-" + "9" * 5000, "1/" + "9" * 5000, "0." + "0" * 5000 + "1", "1e-5000", "1e999999999",
           "3:2", "1:0", "75%", "1e40", "1e-40", "0x10", "1_000", "١٢"]


def one_line(err):
    return err.count("\n") == 1 and err.startswith("odds: ")


# ---------------------------------------------------------------------------- Buster's bonus awards

BONUS_FILE = """wager = "buster"
[paytables.Z]
citation = "proposed"
pays = {{ "bust-3" = 1, "bust-4" = 1, "bust-5" = 2, "bust-6" = 10, "bust-7" = 50, "bust-8+" = 250 }}
[bonuses.Z]
awards = {{ "{outcome}" = 10 }}
"""


@pytest.mark.parametrize("outcome", ["bust-3", "bust-4", "bust-5", "bust-6", "no-bust"])
def test_a_bonus_award_633c13_i_does_not_allow_is_refused_alike_everywhere(capsys, tmp_path, outcome):
    path = tmp_path / "z.toml"
    path.write_text(BONUS_FILE.format(outcome=outcome))
    for args in (["validate", str(path)], ["wager", "buster", "--decks", "6", "--paytable-file", str(path)],
                 ["certify", "buster", "--decks", "6", "--rule", "S17", "--paytable-file", str(path), "--rounds", "2000",
                  "--out", str(tmp_path / "r.html")],
                 ["report", "--only", "buster", "--decks", "6", "--no-cache", "--paytable-file", str(path),
                  "--out", str(tmp_path / "book")]):
        assert main(args) == 2, args
        err = capsys.readouterr().err
        assert one_line(err) and "bust-7, bust-8+" in err and "bust-3" not in err.split("expected")[-1], err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["z.toml"]


def test_the_bonus_awards_633c13_i_allows_are_priced(capsys, tmp_path):
    path = tmp_path / "z.toml"
    path.write_text(BONUS_FILE.format(outcome="bust-7"))
    assert main(["validate", str(path)]) == 0
    assert main(["wager", "buster", "--decks", "6", "--paytable-file", str(path), "--format", "json"]) == 0
    assert '"bonus"' in capsys.readouterr().out


def test_a_bonus_section_for_a_wager_without_bonuses_is_refused(capsys, tmp_path):
    path = tmp_path / "e.toml"
    path.write_text('wager = "21+3"\n[paytables.Z]\ncitation = "x"\npays = { "suited-trips" = 100, "straight-flush" '
                    '= 40, "trips" = 30, "pair" = 1, "straight" = 10, "flush" = 5 }\n[bonuses.Z]\nawards = { "flush" = 1 }\n')
    assert main(["validate", str(path)]) == 2
    assert "has no bonus awards" in capsys.readouterr().err


# ---------------------------------------------------------------------------- exact numbers

@pytest.mark.parametrize("text", ["1e400", "1e5000", "-1e5000", "1e5000%", "nan", "inf", "1/0", "", "9" * 5000])
def test_parse_edge_and_parse_share_raise_an_odds_error(text):
    for parse in (parse_edge, parse_share):
        with pytest.raises(OddsError) as exc:
            parse(text)
        assert len(str(exc.value)) < 300 and "\n" not in str(exc.value)


@pytest.mark.parametrize("edge", ["1e400", "1e5000", "-1e5000", "1e5000%"])
def test_solve_refuses_a_huge_edge_in_one_line(capsys, edge):
    assert main(["solve", "buster", "--decks", "6", "--paytable", "C", "--vary", "bust-8+", f"--target-edge={edge}"]) == 2
    assert one_line(capsys.readouterr().err)


def test_solve_refuses_a_huge_pay_in_a_grid_in_one_line(capsys):
    assert main(["solve", "buster", "--decks", "6", "--paytable", "C", "--grid", "bust-7=1e400,50",
                 "--grid", "bust-8+=200,250"]) == 2
    assert one_line(capsys.readouterr().err)


def test_exact_number_is_exact_within_its_bounds():
    assert exact_number("0.1") == Fraction(1, 10) and exact_number("1e40") == 10 ** 40
    assert exact_number("-2.5/5%", percent=True) == Fraction(-1, 200)
    with pytest.raises(OddsError):
        exact_number("1e41")
    with pytest.raises(OddsError):
        exact_number("5%")  # a per cent only where one is meant


# ---------------------------------------------------------------------------- every numeric flag

# Flags that take text that is not a number (a path, a name, cards, a date): every other flag that
# takes a value, of every command, is driven with numbers below, so a new one is covered by itself.
NOT_NUMBERS = {"out", "pdf", "plots", "checkpoint", "cache", "paytable_file", "wager_file", "file", "name",
               "paytable", "only", "remove", "visible", "split_sevens", "date", "prepared_by", "reviewed_by",
               "scheduler", "option", "rule", "outcome", "format", "which", "command", "paytable_command",
               "procedure", "reading", "dealer_blackjack", "arithmetic", "double", "strategy", "timing",
               "proceeds", "wager", "upcard", "help", "version", "grid_name", "vary", "write", "id", "citation"}
# A cheap command each flag is given to (the heavy work bounded by a timer below).
BASE = {
    "dealer": ["dealer", "--decks", "1"], "wager": ["wager", "buster", "--decks", "1", "--paytable", "C"],
    "simulate": ["simulate", "buster", "--decks", "1", "--paytable", "C", "--rounds", "2"],
    "solve": ["solve", "buster", "--decks", "1", "--paytable", "C", "--vary", "bust-8+", "--target-edge", "5%"],
    "compare": ["compare", "buster", "--decks", "1", "--rule", "H17", "--paytable", "C"],
    "design": ["design", "buster", "--decks", "1", "--paytable", "C", "--vary", "bust-6=8..9", "--target-edge", "5%"],
    "game": ["game", "--decks", "1", "--float"], "strategy": ["strategy", "--decks", "1"], "burnout": ["burnout", "--float"],
    "switch": ["switch", "--decks", "1", "--float"], "certify": ["certify", "buster", "--decks", "1", "--rule", "S17", "--paytable",
                                                               "C", "--rounds", "2", "--out", "{tmp}/r.html"],
    "report": ["report", "--only", "buster", "--decks", "1", "--no-cache", "--out", "{tmp}/book"],
    "sweep": ["sweep", "buster", "--decks", "1", "--paytable", "C", "--shoes", "1", "--no-dask"],
    "sweep-all": ["sweep-all", "--only", "buster", "--decks", "1", "--shoes", "1", "--no-dask"],
    "decide house-money": ["decide", "house-money", "--decks", "1"],
    "decide sevens-split": ["decide", "sevens-split", "--decks", "1"],
}


def _commands(parser, prefix=()):
    """(command words, parser) for every command and sub-command under ``parser``."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _commands(sub, prefix + (name,))
    if prefix:
        yield prefix, parser


def numeric_flags():
    out = []
    for words, parser in _commands(build_parser()):
        for action in parser._actions:
            if action.option_strings and action.nargs != 0 and action.dest not in NOT_NUMBERS:
                out.append((" ".join(words), action.option_strings[-1]))
    return sorted(set(out))


FLAGS = numeric_flags()


def test_the_numeric_flags_are_found_and_each_command_has_a_cheap_base():
    flags = {flag for _, flag in FLAGS}
    assert {"--decks", "--rounds", "--seed", "--target-edge", "--penetration", "--shoes", "--bj-pays", "--cap",
            "--meter", "--rate", "--reset", "--workers"} <= flags, flags
    assert {command for command, _ in FLAGS} <= set(BASE)


class _Accepted(BaseException):
    """The command took its input and went to work (the timer ran out): a valid value."""


_FIRED: list = []  # the timer ran out during this example


def _alarm(signum, frame):
    _FIRED.append(True)
    raise _Accepted


def _number_texts():
    return st.one_of(
        st.sampled_from(HOSTILE),
        st.integers(min_value=-10 ** 60, max_value=10 ** 60).map(str),
        st.integers(min_value=0, max_value=12).map(str),
        st.integers(min_value=1, max_value=5000).map(lambda n: "1" + "0" * n),
        st.fractions().map(str),
        st.floats(allow_nan=True, allow_infinity=True).map(repr),
        st.tuples(st.integers(-10 ** 6, 10 ** 6), st.integers(-99999, 99999)).map(lambda t: f"{t[0]}e{t[1]}"),
        st.text(alphabet="0123456789.-+e/%: ", max_size=12),
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                    HealthCheck.too_slow])
@given(flag=st.sampled_from(FLAGS), text=_number_texts())
def test_every_numeric_flag_refuses_a_bad_number_in_one_line(capsys, tmp_path, flag, text):
    command, option = flag
    base = [a.format(tmp=tmp_path) for a in BASE[command]]
    if option in base:  # the value given replaces the base's
        i = base.index(option)
        del base[i:i + 2]
    old = signal.signal(signal.SIGALRM, _alarm)
    _FIRED.clear()
    signal.setitimer(signal.ITIMER_REAL, 1.0)
    try:
        status = main(base + [f"{option}={text}"])
    except _Accepted:
        status = None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    err = capsys.readouterr().err
    if _FIRED:  # it went to work: a compiled loop that cannot raise may have swallowed the timer's exception
        status = None  # and gone on, so what it printed after is not about the value given
    assert status in (None, 0, 1, 2), (command, option, text[:40], status, err[:300])
    if status == 2:
        assert one_line(err) and len(err) < 600, (command, option, text[:40], err[:300])


# ---------------------------------------------------------------------------- every numeric API argument

@settings(max_examples=150, deadline=None)
@given(text=_number_texts(), which=st.sampled_from(["decks", "edge", "share", "pay", "int-decks"]))
def test_every_numeric_api_argument_raises_an_odds_error(text, which):
    try:
        if which == "decks":
            price("buster", "C", rules="H17", decks=text)
        elif which == "int-decks":
            price("buster", "C", rules="H17", decks=int(exact_number(text)) if len(text) < 60 else 10 ** 5000,
                  any_decks=True)
        elif which == "edge":
            parse_edge(text)
        elif which == "share":
            parse_share(text, "share")
        else:
            exact_number(text, "pay")
    except OddsError as exc:
        assert "\n" not in str(exc) and (which == "decks" or len(str(exc)) < 600)


# ---------------------------------------------------------------------------- smaller items

def test_a_huge_unknown_name_is_not_echoed_whole(capsys):
    assert main(["wager", "x" * 10 ** 6, "--decks", "6"]) == 2
    err = capsys.readouterr().err
    assert one_line(err) and len(err) < 600 and "1,000,000 characters" in err
    from odds.wagers import get_wager
    with pytest.raises(OddsError) as exc:
        get_wager("y" * 10 ** 6)
    assert len(str(exc.value)) < 600


def test_an_ez_bust_ten_up_card_is_named_as_given(capsys):
    assert main(["wager", "ez-bust", "--decks", "6", "--upcard", "K"]) == 2
    err = capsys.readouterr().err
    assert one_line(err) and "2 to 6" in err and "ten-value" in err and "not T" not in err


def test_a_rate_without_a_reset_is_refused(capsys):
    base = ["wager", "blazing-7s", "--decks", "6", "--paytable", "A", "--meter", "jackpot=1000"]
    assert main(base + ["--rate", "jackpot=0.5"]) == 2
    assert one_line(capsys.readouterr().err)
    assert main(base + ["--reset", "jackpot=500"]) == 2
    assert one_line(capsys.readouterr().err)
    assert main(base + ["--reset", "jackpot=500", "--rate", "jackpot=0.5", "--format", "json"]) == 0
    assert "long_run_return" in capsys.readouterr().out


@pytest.mark.parametrize("command", ["simulate", "certify"])
def test_a_negative_seed_is_refused_as_the_sweep_refuses_it(capsys, tmp_path, command):
    args = [command, "buster", "--decks", "6", "--paytable", "C", "--rounds", "2", "--seed", "-1"]
    assert main(args + (["--out", str(tmp_path / "r.html")] if command == "certify" else [])) == 2
    assert one_line(capsys.readouterr().err) and not list(tmp_path.iterdir())


def test_a_paytable_file_name_is_escaped_in_markdown(capsys, tmp_path):
    path = tmp_path / "a|b*_`x*.toml"
    path.write_text(BONUS_FILE.format(outcome="bust-7"))
    assert main(["wager", "buster", "--decks", "6", "--paytable-file", str(path), "--format", "md"]) == 0
    warnings = [line for line in capsys.readouterr().out.splitlines() if ".toml" in line]
    assert warnings and all("a\\|b\\*\\_\\`x\\*.toml" in line for line in warnings), warnings


@pytest.mark.parametrize("decks", [10 ** 5000, 1001, "1" + "0" * 549, 0, True, 2.5],
                         ids=["10^5000", "1001", "550-digit-text", "0", "True", "2.5"])
def test_price_refuses_a_deck_count_out_of_bounds_in_one_short_line(decks):
    """A deck count past the largest shoe, or not a whole number, is a WagerError of one short line
    (a paytable's allowed decks are not consulted first: 10^5000 used to fail printing itself)."""
    from odds import WagerError, price
    with pytest.raises(WagerError) as caught:
        price("buster", "C", rules="H17", decks=decks)
    message = str(caught.value)
    assert "decks must be a whole number from 1 to 1,000" in message and len(message) < 200 and "\n" not in message
