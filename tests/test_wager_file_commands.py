"""Every command takes a wager definition file (``--wager-file F``) as it takes a shipped wager:
``odds list``, ``validate``, ``solve``, ``simulate``, ``certify``, ``report`` and ``sweep``. Each
output labels the wager "defined in FILE, not in a regulation" with the file's SHA-256; a file that
restates a shipped wager gives that wager's numbers; a bad file is one line and exit status 2 from
every command."""
import hashlib
from fractions import Fraction
import json
from pathlib import Path

import pytest

from odds.apps.cli import main
from odds.wagers import WAGERS, unregister
from odds.wagers import defined as defined_module
from odds.wagers.defined import DEFINITIONS

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "wagers"
PAIRS = EXAMPLES / "perfect-pairs.toml"
BUSTER = DEFINITIONS / "buster.toml"  # Buster restated on the dealer's final hand (as buster-defined)
ROYAL = DEFINITIONS / "royal-match-21.toml"  # with the option reading
OPTIONED = """version = 1
name = "pairs-with-a-choice"
family = "first-cards"
cards = ["player1", "player2"]
exclusive = true
[options.which]
choices = ["any", "suited"]
default = "any"
help = "which pairs are paid"
[[outcomes]]
name = "pair"
when = { all = [{ same = "rank" }, { any = [{ option = "which", is = "any" }, { same = "suit" }] }] }
[paytables.P]
citation = "a proposal"
pays = { pair = 10 }
"""


@pytest.fixture(autouse=True)
def registry():
    """Each test starts and ends with the shipped wagers only (a file loaded is unregistered)."""
    before = set(WAGERS)
    yield
    for name in set(WAGERS) - before:
        unregister(name)
        defined_module._LOADED.pop(name, None)


def sha256(path):
    """The SHA-256 of a definition (and of a paytable file it names, as read_definition takes it)."""
    return defined_module.read_definition(path).sha256


def run(capsys, *args):
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def labelled(text, path):
    """Whether ``text`` says the wager is defined in ``path``, with the file's SHA-256."""
    return f"defined in {path} (SHA-256 {sha256(path)}), not in a regulation" in text


# ------------------------------------------------------------------------------------ list, validate

def test_list_shows_the_defined_wager(capsys):
    status, out, _ = run(capsys, "list", "--wager-file", PAIRS)
    assert status == 0 and out.startswith("perfect-pairs: Perfect Pairs (") and labelled(out, PAIRS)
    assert "pays (to 1): perfect-pair 25, coloured-pair 12, mixed-pair 6" in out
    assert "buster" not in out  # the file's wager alone


def test_validate_checks_the_definition_and_its_paytables(capsys, tmp_path):
    status, out, _ = run(capsys, "validate", "--wager-file", PAIRS)
    assert status == 0 and labelled(out, PAIRS) and "no problems found" in out
    generous = tmp_path / "generous.toml"
    generous.write_text('wager = "perfect-pairs"\n[paytables.X]\ncitation = "a proposal"\n'
                        'pays = { perfect-pair = 400, coloured-pair = 12, mixed-pair = 6 }\n')
    status, out, _ = run(capsys, "validate", generous, "--wager-file", PAIRS)
    assert status == 1 and "problem: table X: returns" in out and labelled(out, PAIRS)


# ------------------------------------------------------------------------------------ solve, simulate

def shipped_and_defined(capsys, command, *args):
    """The JSON ``command`` prints of the shipped Buster and of its restatement in a file."""
    status, shipped, _ = run(capsys, command, "buster", *args, "--format", "json")
    status2, defined, _ = run(capsys, command, "--wager-file", BUSTER, *args, "--format", "json")
    assert status == status2 == 0
    return json.loads(shipped), json.loads(defined)


def test_solve_a_defined_wager_as_the_shipped_one(capsys):
    shipped, defined = shipped_and_defined(capsys, "solve", "--decks", "6", "--paytable", "C", "--vary", "bust-8+",
                                           "--target-edge", "5%")
    assert defined["wager_file"] == {"path": str(BUSTER), "sha256": sha256(BUSTER),
                                     "note": f"defined in {BUSTER} (SHA-256 {sha256(BUSTER)}), not in a regulation"}
    assert {k: v for k, v in defined.items() if k not in ("wager", "wager_file")} == \
        {k: v for k, v in shipped.items() if k != "wager"}
    status, out, _ = run(capsys, "solve", "--wager-file", PAIRS, "--decks", "6", "--paytable", "A",
                         "--vary", "perfect-pair", "--target-edge", "5%")
    assert status == 0 and labelled(out.splitlines()[0], PAIRS) and "exact 2569/100" in out


def test_simulate_a_defined_wager_as_the_shipped_one(capsys):
    shipped, defined = shipped_and_defined(capsys, "simulate", "--decks", "6", "--paytable", "C", "--rounds", "4000",
                                           "--seed", "3")
    assert defined["wager_file"]["sha256"] == sha256(BUSTER)
    assert [(o["name"], o["exact"]) for o in defined["outcomes"]] == [(o["name"], o["exact"]) for o in shipped["outcomes"]]
    assert defined["exact_return"] == shipped["exact_return"]
    status, out, _ = run(capsys, "simulate", "--wager-file", PAIRS, "--decks", "6", "--paytable", "A",
                         "--rounds", "4000")
    assert status == 0 and labelled(out.splitlines()[0], PAIRS) and "simulation of perfect-pairs" in out


def test_simulate_takes_a_defined_option(capsys):
    status, out, _ = run(capsys, "simulate", "--wager-file", ROYAL, "--decks", "6", "--paytable", "C",
                         "--rounds", "3000", "--option", "reading=any-suit", "--format", "json")
    assert status == 0 and json.loads(out)["wager_file"]["sha256"] == sha256(ROYAL)


# ------------------------------------------------------------------------------------------- certify

def _figures(report):
    return [(f.name, f.fast, f.reference) for c in report.checks for f in c.figures]


def test_certify_a_restated_wager_gives_the_shipped_figures(capsys, tmp_path):
    from odds.verify.certify import certify
    shipped = certify("buster", 6, "H17", "C", rounds=2000, seed=5)
    defined = certify(None, 6, "H17", "C", rounds=2000, seed=5, wager_file=BUSTER)
    figures = _figures(defined)  # Buster's cash bonus (633c.13(i)) is not restated: its checks alone are extra
    assert figures == _figures(shipped)[:len(figures)] and len(figures) >= 8
    assert all(name.startswith("bonus:") for name, _, _ in _figures(shipped)[len(figures):])
    assert [(o.name, o.probability) for o in defined.sheet.outcomes] == \
        [(o.name, o.probability) for o in shipped.sheet.outcomes]
    assert defined.sheet.expected_return == shipped.sheet.expected_return and defined.agrees
    assert defined.inputs.canonical()["wager_file"] == {"sha256": sha256(BUSTER)}
    assert defined.input_hash != shipped.input_hash
    out = tmp_path / "r.html"
    status, text, _ = run(capsys, "certify", "--wager-file", BUSTER, "--decks", "6", "--rule", "H17",
                          "--paytable", "C", "--rounds", "2000", "--seed", "5", "--out", out)
    assert status == 0 and f"input hash {defined.input_hash}" in text
    page = out.read_text()
    assert "2. Definition (not in a regulation)" in page and sha256(BUSTER) in page
    assert f"odds certify --wager-file {BUSTER} --decks 6 --rule H17 --paytable C --rounds 2000" in page
    assert 'name = &quot;buster-defined&quot;' in page  # the file, whole


def test_certify_an_example_and_an_option(capsys, tmp_path):
    out = tmp_path / "r.html"
    status, text, _ = run(capsys, "certify", "--wager-file", PAIRS, "--decks", "2", "--paytable", "A",
                          "--rounds", "2000", "--out", out)
    assert status == 0 and labelled(out.read_text(), PAIRS)
    optioned = tmp_path / "optioned.toml"
    optioned.write_text(OPTIONED)
    args = ["certify", "--wager-file", optioned, "--decks", "2", "--paytable", "P", "--rounds", "2000", "--out", out]
    status, unset, _ = run(capsys, *args)
    status2, given, _ = run(capsys, *args, "--option", "which=suited")
    assert status == status2 == 0
    assert unset.split("input hash ")[1].split()[0] != given.split("input hash ")[1].split()[0]
    page = out.read_text()
    assert f"--wager-file {optioned} --decks 2 --paytable P --option which=suited --rounds 2000" in page
    status, _, err = run(capsys, *args, "--option", "which=none")
    assert status == 2 and err.count("\n") == 1 and "which is one of any, suited" in err


# ------------------------------------------------------------------------------- report, sweep, price

def test_report_of_a_defined_wager_is_a_mini_book_labelled_as_defined(capsys, tmp_path):
    """``odds report --wager-file F``: the defined wager's sheets alone, each JSON sheet the one
    ``odds wager --wager-file F --format json`` prints, each labelled, and the commands name the file."""
    status, text, _ = run(capsys, "report", "--wager-file", PAIRS, "--decks", "6", "--out", tmp_path / "b",
                          "--no-cache")
    assert status == 0
    sheets = sorted((tmp_path / "b" / "perfect-pairs").glob("*.json"))
    assert [p.name for p in sheets] == [f"perfect-pairs-{t}-6d-any.json" for t in "ABCD"]
    index = (tmp_path / "b" / "index.html").read_text()
    assert f"odds report --wager-file {PAIRS} --decks 6" in index
    assert f'title="odds wager --wager-file {PAIRS} --decks 6 --paytable A"' in index
    for sheet in sheets:
        table = sheet.name.split("-")[2]
        assert labelled(" ".join(json.loads(sheet.read_text())["warnings"]), PAIRS)
        status, printed, _ = run(capsys, "wager", "--wager-file", PAIRS, "--decks", "6", "--paytable", table,
                                 "--format", "json")
        doc = json.loads(printed)
        assert doc.pop("wager_file") == {"path": str(PAIRS), "sha256": sha256(PAIRS),
                                         "note": f"defined in {PAIRS} (SHA-256 {sha256(PAIRS)}), not in a regulation"}
        assert doc == json.loads(sheet.read_text())


def test_report_of_a_defined_wager_names_no_other(capsys, tmp_path):
    status, _, err = run(capsys, "report", "--wager-file", PAIRS, "--only", "buster", "--out", tmp_path / "b")
    assert status == 2 and err.count("\n") == 1 and "defines perfect-pairs, not buster" in err
    assert not (tmp_path / "b").exists()


def test_sweep_of_a_defined_wager_equals_the_shipped_one_it_restates(capsys):
    """Buster restated on the dealer's final hand sweeps to the shipped Buster's figures, and says
    where it is defined (text and JSON)."""
    common = ["--decks", "6", "--rule", "H17", "--paytable", "C", "--shoes", "3", "--chunk", "1", "--no-dask",
              "--format", "json"]
    status, shipped, _ = run(capsys, "sweep", "buster", *common)
    status2, defined, _ = run(capsys, "sweep", "--wager-file", BUSTER, *common)
    assert status == status2 == 0
    a, b = json.loads(shipped), json.loads(defined)
    assert b.pop("wager_file")["sha256"] == sha256(BUSTER) and labelled(" ".join(b.pop("warnings")), BUSTER)
    for key in ("wager", "warnings", "assumptions", "method"):
        a.pop(key), b.pop(key, None)
    assert a == b


def test_sweep_takes_a_defined_option(capsys, tmp_path):
    optioned = tmp_path / "optioned.toml"
    optioned.write_text(OPTIONED)
    common = ["sweep", "--wager-file", optioned, "--decks", "2", "--paytable", "P", "--shoes", "2", "--no-dask",
              "--format", "json"]
    _, unset, _ = run(capsys, *common)
    _, given, _ = run(capsys, *common, "--option", "which=suited")
    assert json.loads(unset)["full_shoe"] != json.loads(given)["full_shoe"]
    status, _, err = run(capsys, *common, "--option", "how=any")
    assert status == 2 and err.count("\n") == 1 and "--option how=any" in err


def test_price_labels_a_defined_wager():
    import odds
    priced = odds.price(wager_file=PAIRS, paytable="A", decks=6)
    assert labelled(" ".join(priced.par_sheet(odds.Shoe.decks(6)).warnings), PAIRS)


def test_a_file_refused_takes_no_name_and_an_edited_file_is_read_again(tmp_path):
    """From Python, as in a notebook: a file refused for a bad pay leaves its name free for the
    corrected file; a file edited after it was priced is read again (keyed by its content); a
    refused edit leaves the last good file in place; a shipped wager's name stays refused."""
    import odds
    from odds.core.errors import OddsError

    path = tmp_path / "pairs.toml"
    path.write_text(OPTIONED.replace("pays = { pair = 10 }", "pays = { pair = -3 }"))
    with pytest.raises(OddsError, match="cannot be negative"):
        odds.price(wager_file=path, paytable="P")
    assert "pairs-with-a-choice" not in WAGERS
    path.write_text(OPTIONED)
    shoe = odds.Shoe.decks(1)
    ten = odds.price(wager_file=path, paytable="P", exact=True).ret(shoe).ret
    assert ten == 10 * Fraction(3, 51) - Fraction(48, 51)  # a pair in two cards of one deck: 3/51
    path.write_text(OPTIONED.replace("pays = { pair = 10 }", "pays = { pair = 12 }"))
    assert odds.price(wager_file=path, paytable="P", exact=True).ret(shoe).ret == 12 * Fraction(3, 51) - Fraction(48, 51)
    path.write_text(OPTIONED.replace("pays = { pair = 10 }", "pays = { pair = 1e400 }"))
    with pytest.raises(OddsError):
        odds.price(wager_file=path, paytable="P")
    assert WAGERS["pairs-with-a-choice"].definition.paytables["P"]["pays"]["pair"] == 12
    shipped = tmp_path / "buster.toml"
    shipped.write_text(OPTIONED.replace('name = "pairs-with-a-choice"', 'name = "buster"'))
    with pytest.raises(OddsError, match="name of another wager"):
        odds.price(wager_file=shipped, paytable="P")


# ------------------------------------------------------------------------------------- bad files

BAD_FILE = 'version = 1\nname = "broken"\nfamily = "first-cards"\ncards = ["player1", "player9"]\n'

COMMANDS = {
    "list": ["list"],
    "validate": ["validate"],
    "solve": ["solve", "--decks", "6", "--paytable", "P", "--vary", "x", "--target-edge", "5%"],
    "simulate": ["simulate", "--decks", "6", "--paytable", "P", "--rounds", "100"],
    "certify": ["certify", "--decks", "6", "--paytable", "P", "--out", "OUT"],
    "wager": ["wager", "--decks", "6"],
    "report": ["report", "--out", "OUT"],
    "sweep": ["sweep", "--decks", "6", "--paytable", "P", "--shoes", "2", "--no-dask"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_bad_file_is_one_line_and_exit_2_from_every_command(capsys, tmp_path, command):
    bad = tmp_path / "bad.toml"
    bad.write_text(BAD_FILE)
    args = [str(tmp_path / "out.html") if a == "OUT" else a for a in COMMANDS[command]]
    status, out, err = run(capsys, *args, "--wager-file", bad)
    assert status == 2 and out == "" and err.count("\n") == 1 and err.startswith(f"odds: {bad}: "), err
    assert "player9" in err and not (tmp_path / "out.html").exists()
    status, _, err = run(capsys, *args, "--wager-file", tmp_path / "missing.toml")
    assert status == 2 and err.count("\n") == 1 and "cannot read" in err


# ------------------------------------------------------------------------- a named losing row

BET_THE_BUST = EXAMPLES / "bet-the-bust.toml"


def _renamed_lose(tmp_path, source, name):
    """``source`` with its losing row named ``name`` (``lose = ...``, a documented key)."""
    lines = [l for l in source.read_text().splitlines() if not l.startswith("lose = ")]
    at = next(i for i, l in enumerate(lines) if l.startswith("family = "))
    path = tmp_path / f"{source.stem}-{name}.toml"
    path.write_text("\n".join(lines[:at + 1] + [f'lose = "{name}"'] + lines[at + 1:]) + "\n")
    return path


@pytest.mark.parametrize("source, decks, table, name", [(PAIRS, "6", "A", "no-pair"),
                                                        (BET_THE_BUST, "6", "WoO", "dealer-stands")])
def test_every_command_honours_a_named_losing_row(capsys, tmp_path, source, decks, table, name):
    """The par sheet's last row, the simulator's count, the certification's reference and the book
    all call the deals no outcome pays by the file's name (a first-cards sheet once said "lose",
    the simulator then disagreed with it, and certify failed on the name)."""
    path = _renamed_lose(tmp_path, source, name)
    status, out, _ = run(capsys, "wager", "--wager-file", path, "--decks", decks, "--paytable", table,
                         "--rule", "H17", "--format", "json")
    rows = [o["name"] for o in json.loads(out)["outcomes"]]
    assert status == 0 and rows[-1] == name and "lose" not in rows[:-1]
    status, out, _ = run(capsys, "simulate", "--wager-file", path, "--decks", decks, "--paytable", table,
                         "--rule", "H17", "--rounds", "20000", "--seed", "1")
    assert status == 0 and "agrees with the exact par sheet" in out and name in out
    status, out, _ = run(capsys, "certify", "--wager-file", path, "--decks", "1", "--paytable", table,
                         "--rule", "H17", "--any-decks", "--rounds", "4000", "--out", tmp_path / "r.html")
    assert status == 0 and "agree exactly" in out and "Monte Carlo: agrees" in out
    assert f"P({name})" in (tmp_path / "r.html").read_text()
    status, _, _ = run(capsys, "report", "--wager-file", path, "--decks", "1", "--out", tmp_path / "b", "--no-cache")
    sheets = sorted((tmp_path / "b").glob("*/*.json"))
    assert status == 0 and sheets
    assert all(json.loads(s.read_text())["outcomes"][-1]["name"] == name for s in sheets)
    status, out, _ = run(capsys, "sweep", "--wager-file", path, "--decks", "1", "--paytable", table,
                         "--rule", "H17", "--shoes", "3", "--no-dask")
    assert status == 0


# --------------------------------------------------------------- a row left out, a row that loses

COLOUR_RUN = """version = 1
name = "colour-run"
family = "first-cards"
cards = ["player1", "player2", "up"]
[[outcomes]]
name = "suited-trips"
when = { all = [{ same = "rank" }, { same = "suit" }] }
[[outcomes]]
name = "trips"
when = { same = "rank" }
[[outcomes]]
name = "flush"
when = { same = "suit" }
[paytables.A]
citation = "leaves suited trips out"
pays = { trips = 30, flush = 5 }
[paytables.B]
citation = "suited trips lose"
pays = { suited-trips = "lose", trips = 30, flush = 5 }
"""


def test_a_row_left_out_is_warned_of_and_a_row_may_lose(capsys, tmp_path):
    """Suited trips make trips and a flush too: table A, which leaves them out, pays them as trips
    (said by validate and on the sheet, with the count: each of the 52 cards six times, two of them
    to the player unordered and one up, 15 x 4 = 60 deals a card, 3,120 in all); table B says they
    lose, and both roads (the par sheet and the certification's interpreter) and the simulator
    read it so."""
    path = tmp_path / "colour-run.toml"
    path.write_text(COLOUR_RUN)
    status, out, _ = run(capsys, "validate", "--wager-file", path)
    assert status == 0 and "no problems found" in out
    assert out.count("lists no pay") == 1 and ("warning: paytable A lists no pay for suited-trips: its deals are "
                                            "paid as trips") in out
    status, out, _ = run(capsys, "wager", "--wager-file", path, "--decks", "6", "--paytable", "A", "--format", "json")
    doc = json.loads(out)
    assert any("paytable A lists no pay for suited-trips" in w and w.endswith("3,120 of the 15,039,960 deals")
               for w in doc["warnings"])
    status, out, _ = run(capsys, "wager", "--wager-file", path, "--decks", "6", "--paytable", "B", "--format", "json")
    doc = json.loads(out)
    rows = {o["name"]: o for o in doc["outcomes"]}
    assert rows["suited-trips"]["pays"] == "-1" and rows["suited-trips"]["combinations"] == 3120
    assert not any("lists no pay" in w for w in doc["warnings"])
    p = {name: Fraction(o["probability"]) for name, o in rows.items()}
    assert Fraction(doc["expected_return"]) == 30 * p["trips"] + 5 * p["flush"] - p["suited-trips"] - p["lose"]
    assert Fraction(doc["hit_frequency"]) == p["trips"] + p["flush"]
    status, out, _ = run(capsys, "certify", "--wager-file", path, "--decks", "6", "--paytable", "B",
                         "--rounds", "20000", "--out", tmp_path / "r.html")
    assert status == 0 and "agree exactly" in out and "Monte Carlo: agrees" in out
