"""The command line as people expect: help for every option, two or three examples at the end of
each command's help (each one a command line that parses), `odds list` in columns, and progress with
the time left on a terminal only."""
import argparse
import os
import pty
import shlex
import subprocess
import sys

import pytest

from odds.apps.cli import EXAMPLES, build_parser
from odds.wagers import WAGERS


def commands():
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return parser, sub.choices


def test_every_option_has_help_and_every_command_examples():
    parser, choices = commands()
    assert set(EXAMPLES) == set(choices)
    for name, sp in choices.items():
        for action in sp._actions:
            assert action.help, f"odds {name} {action.option_strings or action.dest}: no help"
        assert sp.format_help().rstrip().split("examples:")[1].strip(), name
        for line in EXAMPLES[name]:
            words = shlex.split(line.split("|")[0].split(">")[0].split("&&")[0])
            parser.parse_args(words[1:])  # every example is a command that parses


def test_odds_wager_help_names_every_wager():
    _, choices = commands()
    text = "".join(choices["wager"].format_help().split())  # the help wraps at hyphens
    for name in WAGERS:
        assert name in text


def test_odds_list_is_in_columns(capsys):
    from odds.apps.cli import main
    assert main(["list"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if "  decks " in line]
    assert len({line.index("  decks ") for line in rows}) == 1
    assert len({line.index(" ", line.index("  decks ") + 8) for line in rows if "decks any" in line}) == 1


def run_on_terminal(where, *args):
    """``odds ARGS`` with standard error on a pseudo-terminal: (stdout, what the terminal showed). Run
    from ``where``, so that the installed package is imported, not the sources beside the tests."""
    main_fd, term_fd = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "odds", *args], stdout=subprocess.PIPE, stderr=term_fd,
                            env={**os.environ, "COLUMNS": "100"}, cwd=where)
    os.close(term_fd)
    shown = b""
    while True:
        try:
            chunk = os.read(main_fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    out = proc.stdout.read()
    assert proc.wait() == 0, shown.decode(errors="replace")
    os.close(main_fd)
    return out.decode(), shown.decode(errors="replace")


@pytest.mark.parametrize("args, unit", [
    (["simulate", "buster", "--decks", "6", "--paytable", "C", "--rounds", "300000"], "round"),
    (["sweep", "buster", "--decks", "6", "--paytable", "C", "--shoes", "6", "--chunk", "2", "--no-dask"], "shoe"),
])
def test_progress_with_the_time_left_on_a_terminal_only(args, unit, tmp_path):
    out, shown = run_on_terminal(tmp_path, *args)
    assert f"{unit}/s" in shown and "<" in shown  # a rate and the time left, as tqdm shows them
    quiet = subprocess.run([sys.executable, "-m", "odds", *args], capture_output=True, text=True, check=True,
                           cwd=tmp_path)
    def result(text):  # the sweep's last line is its own timing
        return [line for line in text.splitlines() if not line.startswith("time:")]
    assert quiet.stderr == "" and result(quiet.stdout) == result(out)  # a pipe: no bar, the same result
