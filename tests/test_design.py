"""``odds design``: the search for practical paytables against a brute force that prices every
table of a small grid with the wager's own engine (exact equality of the tables found, their order
and their edges), the constraints honoured, and ``--write`` read back by ``validate`` and ``wager``."""
import json
import math
from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest

from odds import DealerRules, Shoe
from odds.apps.cli import main
from odds.core.errors import PaytableError
from odds.pricing.design import design, steps
from odds.wagers import get_wager
from odds.wagers.paytables import builtin_paytables, load_paytable_file

H17, S17 = DealerRules.parse("H17"), DealerRules.parse("S17")
BUSTER = get_wager("buster")
C = builtin_paytables("buster").tables["C"]
CONFIGS = [(6, H17), (8, H17), (6, S17)]
VARY = {"bust-6": (6, 14, 1), "bust-5": (2, 5, Fraction(1, 2)), "bust-4": (1, 3, 1)}
TARGET = Fraction(5, 100)


def brute_force(band=None, monotone=True, max_sd=None):
    """Every table of the grid priced again by the engine, filtered and ranked as the search says."""
    found = []
    names = list(VARY)
    for values in product(*(steps(*map(Fraction, VARY[n])) for n in names)):
        table = replace(C, pays={**C.pays, **dict(zip(names, values))})
        sheets = [BUSTER.price(Shoe.decks(d), r, table, d) for d, r in CONFIGS]
        edges = [s.house_edge for s in sheets]
        if band is not None and not all(band[0] <= e <= band[1] for e in edges):
            continue
        if max_sd is not None and max(math.sqrt(s.variance) for s in sheets) > max_sd:
            continue
        if monotone and any(a.probability < b.probability and a.pays < b.pays
                            for s in sheets for a in s.outcomes for b in s.outcomes
                            if a.probability and b.probability and a.pays > 0 and b.pays > 0):
            continue
        found.append((max(abs(e - TARGET) for e in edges), list(values), edges))
    found.sort(key=lambda f: (f[0], f[1]))
    return found


@pytest.mark.parametrize("band, monotone, max_sd", [
    (None, True, None), ((Fraction(45, 1000), Fraction(6, 100)), True, None), (None, False, None),
    (None, True, 1.98)])
def test_the_search_equals_a_brute_force_over_a_small_grid(band, monotone, max_sd):
    result = design(BUSTER, C, CONFIGS, TARGET, VARY, band, monotone, max_sd, top=12)
    expected = brute_force(band, monotone, max_sd)
    assert result.searched == 9 * 7 * 3 and result.meeting == len(expected)
    got = [(c.distance, [c.pays[n] for n in VARY], list(c.edges)) for c in result.candidates]
    assert got == expected[:12]
    assert all(isinstance(e, Fraction) for c in result.candidates for e in c.edges)


def test_the_constraints_are_honoured():
    band = (Fraction(48, 1000), Fraction(52, 1000))
    result = design(BUSTER, C, CONFIGS, TARGET, VARY, band, True, None, top=50)
    probs = {d: {o.name: o.probability for o in BUSTER.price(Shoe.decks(d), r, C, d).outcomes} for d, r in CONFIGS}
    for c in result.candidates:
        assert all(band[0] <= e <= band[1] for e in c.edges)
        for p in probs.values():
            paid = [o for o in C.pays if p[o]]
            assert all(c.pays[a] >= c.pays[b] for a in paid for b in paid if p[a] < p[b])


def test_bad_searches_are_refused():
    with pytest.raises(PaytableError, match="has no outcome 'bust-9'"):
        design(BUSTER, C, CONFIGS, TARGET, {"bust-9": (1, 2, 1)})
    with pytest.raises(PaytableError, match="more than 2,000,000"):
        design(BUSTER, C, CONFIGS, TARGET, {n: (0, 2000, Fraction(1, 2)) for n in ("bust-6", "bust-5")})
    with pytest.raises(PaytableError, match="steps above 0"):
        design(BUSTER, C, CONFIGS, TARGET, {"bust-6": (5, 4, 1)})


def test_write_reads_back_through_validate_and_wager(tmp_path, capsys):
    out = tmp_path / "mine.toml"
    assert main(["design", "buster", "--decks", "6,8", "--rule", "H17", "--paytable", "C", "--target-edge", "5%",
                 "--vary", "bust-6=6..14", "--vary", "bust-5=2..5/0.5", "--top", "3", "--pick", "2",
                 "--write", str(out), "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    chosen = doc["candidates"][1]
    book = load_paytable_file(out)
    table = book.tables["P"]
    assert {k: str(v) if v.denominator > 1 else str(v.numerator) for k, v in table.pays.items()} == chosen["pays"]
    assert table.decks == (6, 8)
    for d in (6, 8):
        edge = BUSTER.price(Shoe.decks(d), H17, table, d).house_edge
        assert f"{edge.numerator}/{edge.denominator}" == chosen["house_edge"][f"{d}d H17"]
    assert main(["validate", str(out)]) == 0
    assert "table P (proposed, not in the regulation)" in capsys.readouterr().out
    assert main(["wager", "buster", "--decks", "6", "--rule", "H17", "--paytable-file", str(out)]) == 0


@pytest.mark.parametrize("args, message", [
    (["--vary", "bust-6=8-20"], "argument --vary: 'bust-6=8-20' is not OUTCOME=LOW..HIGH"),
    (["--vary", "bust-6=8..20/0"], "a step above 0"),
    ([], "design: --vary OUTCOME=LOW..HIGH"),
    (["--vary", "bust-6=8..20", "--band", "5%"], "--band: '5%' is not LOW,HIGH"),
    (["--vary", "bust-6=8..9", "--band", "1%,2%", "--write", "W"], "no table meets the constraints"),
])
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, capsys, args, message):
    args = [str(tmp_path / "w.toml") if a == "W" else a for a in args]
    assert main(["design", "buster", "--decks", "6", "--rule", "H17", "--paytable", "C", "--target-edge", "5%",
                 *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and not (tmp_path / "w.toml").exists()


def test_counting_beside_each_table_and_as_a_constraint(capsys):
    """--counting: each table listed swept at every configuration (the sweep's own figures for that
    table and seed); --max-edge-share keeps only those within it."""
    from odds.apps.compare import counting_figures
    base = ["design", "buster", "--decks", "6", "--rule", "H17", "--paytable", "C", "--target-edge", "5%",
            "--vary", "bust-6=8..20", "--top", "3", "--counting", "30", "--seed", "2", "--format", "json"]
    assert main(base) == 0
    doc = json.loads(capsys.readouterr().out)
    first = doc["candidates"][0]
    table = replace(C, pays={k: Fraction(v) for k, v in first["pays"].items()})
    swept = counting_figures(BUSTER, table, 6, H17, 30, 2)
    assert first["counting"]["6d H17"]["player_edge_rounds"] == swept.edge_rounds
    assert first["counting"]["6d H17"]["counter_gain_per_round"] == swept.gain_per_round
    shares = [c["counting"]["6d H17"]["player_edge_rounds"] / c["counting"]["6d H17"]["rounds"]
              for c in doc["candidates"]]
    limit = sorted(shares)[0]
    assert main(base + ["--max-edge-share", str(limit)]) == 0
    kept = json.loads(capsys.readouterr().out)["candidates"]
    assert kept and all(c["counting"]["6d H17"]["player_edge_rounds"] <= limit * c["counting"]["6d H17"]["rounds"]
                        for c in kept)
    assert main(base[:-2] + ["--max-edge-share", "0.01"][:0] + ["--format", "table"]) == 0
    assert "counting: 30 shoes a table and configuration" in capsys.readouterr().out
    assert main(["design", "buster", "--decks", "6", "--paytable", "C", "--target-edge", "5%", "--vary",
                 "bust-6=8..9", "--max-edge-share", "0.01"]) == 2
    assert "--max-edge-share needs --counting" in capsys.readouterr().err
