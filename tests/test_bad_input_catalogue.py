"""A catalogue of bad and hostile input, by class: each command line is refused with one line on
standard error and exit status 2 (nothing on standard output, no file left), each library call
with an :class:`odds.OddsError` that names what is wrong. ``test_the_catalogue_by_class`` prints
how many each class holds."""
from collections import Counter
from pathlib import Path

import pytest

import odds
from odds import DealerRules, DealtShoe, GameRules, OddsError, Shoe, dealer_distribution, dealer_table, price
from odds.apps.cli import main

# a wager priced without rules= warns that it takes S17 (tested in test_priced.py); beside the point here
pytestmark = pytest.mark.filterwarnings("ignore::odds.wagers.priced.DefaultRuleWarning")

GOOD = Path(__import__("odds.tables").tables.__file__).parent / "buster.toml"


def _paytable(text):
    return lambda tmp: _write(tmp, "bad.toml", text)


def _write(tmp, name, data):
    path = tmp / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return str(path)


def _buster_with(value):
    """The shipped Buster file with table C's pay of a bust with eight cards or more replaced."""
    text = GOOD.read_text().replace('pays = { "bust-8+" = 250, "bust-7" = 50, "bust-6" = 12,',
                                    'pays = { "bust-8+" = ' + value + ', "bust-7" = 50, "bust-6" = 12,', 1)
    return _paytable(text)


BUSTER_C = ["wager", "buster", "--decks", "6", "--paytable", "C"]

# (class, what, argv (FILE is the file the maker writes), the file maker or None, a word the line holds)
COMMAND_LINES = [
    ("writing", "--out in a folder that does not exist",
     ["certify", "21+3", "--decks", "6", "--paytable", "C", "--out", "no/such/dir/r.html"], None, "no/such/dir"),
    ("writing", "--out naming a folder", ["certify", "21+3", "--decks", "6", "--paytable", "C", "--out", "TMP"],
     None, "folder"),
    ("writing", "--pdf in a folder that does not exist",
     ["certify", "21+3", "--decks", "6", "--paytable", "C", "--out", "TMP/r.html", "--pdf", "no/dir/r.pdf"], None, "no/dir"),
    ("writing", "sweep --plots naming a file", ["sweep", "21+3", "--decks", "6", "--paytable", "C", "--plots", "FILE",
                                                "--shoes", "2", "--no-dask"], _paytable("x"), "--plots"),
    ("writing", "sweep-all --plots naming a file", ["sweep-all", "--only", "21+3", "--plots", "FILE", "--shoes", "2",
                                                    "--no-dask"], _paytable("x"), "--plots"),
    ("writing", "paytable template --out in a missing folder", ["paytable", "template", "buster", "--out", "no/x.toml"],
     None, "no"),
    ("paytable file", "not UTF-8", ["validate", "FILE"], lambda tmp: _write(tmp, "b.toml", b"\xff\xfe\x00bad"), "UTF-8"),
    ("paytable file", "not TOML", ["validate", "FILE"], _paytable("wager = [[["), "FILE"),
    ("paytable file", "a pay of inf", BUSTER_C[:-2] + ["--paytable-file", "FILE", "--paytable", "C"],
     _buster_with('inf'), "bust-8+"),
    ("paytable file", "a pay of nan", BUSTER_C[:-2] + ["--paytable-file", "FILE", "--paytable", "C"],
     _buster_with('nan'), "bust-8+"),
    ("paytable file", "a pay of 1e400", BUSTER_C[:-2] + ["--paytable-file", "FILE", "--paytable", "C"],
     _buster_with('1e400'), "bust-8+"),
    ("paytable file", "a pay of 5,000 digits", BUSTER_C[:-2] + ["--paytable-file", "FILE", "--paytable", "C"],
     _buster_with("9" * 5000), "digits"),
    ("paytable file", "a negative pay", BUSTER_C[:-2] + ["--paytable-file", "FILE", "--paytable", "C"],
     _buster_with('-5'), "bust-8+"),
    ("paytable file", "a pay of 1e-9", BUSTER_C[:-2] + ["--paytable-file", "FILE", "--paytable", "C"],
     _buster_with('1e-9'), "bust-8+"),
    ("paytable file", "a pay written as text", BUSTER_C[:-2] + ["--paytable-file", "FILE", "--paytable", "C"],
     _buster_with('"lots"'), "bust-8+"),
    ("paytable file", "an id with a script", ["validate", "FILE"],
     _paytable(GOOD.read_text().replace("[paytables.C]", '[paytables."<script>"]')), "id"),
    ("paytable file", "a citation with a terminal escape", ["validate", "FILE"],
     _paytable(GOOD.read_text().replace('citation = "58 Pa. Code 633c.13(h), Paytable C"',
                                        'citation = "\\u001b[31mred"')), "printable"),
    ("paytable file", "a file that does not exist", ["validate", "TMP/none.toml"], None, "none.toml"),
    ("paytable file", "a folder for a file", ["validate", "TMP"], None, "TMP"),
    ("paytable file", "a file of another wager", ["wager", "21+3", "--decks", "6", "--paytable-file", str(GOOD)],
     None, "buster"),
    ("numbers", "--decks 10**32", ["wager", "21+3", "--decks", "1" + "0" * 32, "--paytable", "C"], None, "decks"),
    ("numbers", "--decks 0", ["wager", "21+3", "--decks", "0", "--paytable", "C"], None, "decks"),
    ("numbers", "--decks -3", ["dealer", "--decks", "-3"], None, "decks"),
    ("numbers", "--decks 6.5", ["dealer", "--decks", "6.5"], None, "decks"),
    ("numbers", "--meter of 10**40", ["wager", "blazing-7s", "--decks", "6", "--paytable", "A",
                                      "--meter", "jackpot=1" + "0" * 40], None, "jackpot"),
    ("numbers", "--meter nan", ["wager", "blazing-7s", "--decks", "6", "--paytable", "A", "--meter", "jackpot=nan"],
     None, "jackpot"),
    ("numbers", "--target-edge 10**30", ["solve", "buster", "--decks", "6", "--paytable", "C", "--vary", "bust-6",
                                         "--target-edge", "1" + "0" * 30], None, "edge"),
    ("numbers", "--target-edge a bare 5", ["solve", "buster", "--decks", "6", "--paytable", "C", "--vary", "bust-6",
                                           "--target-edge", "5"], None, "5%"),
    ("numbers", "--bonus-777 huge", ["game", "--decks", "6", "--bonus-777", "1e300"], None, "777"),
    ("numbers", "--bj-pays negative", ["game", "--decks", "6", "--bj-pays", "-3:2"], None, "bj"),
    ("numbers", "--rounds 10**12", ["simulate", "21+3", "--decks", "6", "--paytable", "C", "--rounds", "1" + "0" * 12],
     None, "rounds"),
    ("numbers", "--shoes 0", ["sweep", "21+3", "--decks", "6", "--paytable", "C", "--shoes", "0"], None, "shoes"),
    ("numbers", "--cap below 0", ["wager", "twenty-point-bonus", "--decks", "6", "--paytable", "A", "--cap", "-1",
                                  "--spots", "3"], None, "--cap"),
    ("nonsense", "an unknown meter", ["wager", "blazing-7s", "--decks", "6", "--paytable", "A",
                                      "--meter", "jackpot=2000,bogus=1"], None, "bogus"),
    ("nonsense", "a meter given twice", ["wager", "blazing-7s", "--decks", "6", "--paytable", "A",
                                         "--meter", "jackpot=2000,jackpot=1"], None, "twice"),
    ("nonsense", "--rate of 500%", ["wager", "blazing-7s", "--decks", "6", "--paytable", "A", "--meter",
                                    "jackpot=2000", "--reset", "jackpot=2000", "--rate", "jackpot=5"], None, "rate"),
    ("nonsense", "--upcard of two cards", ["wager", "ez-bust", "--decks", "6", "--upcard", "6 7"], None, "card"),
    ("nonsense", "--penetration 0.001", ["sweep", "21+3", "--decks", "6", "--paytable", "C", "--penetration", "0.001",
                                         "--no-dask"], None, "cut card"),
    ("nonsense", "Bust It on two cards", ["wager", "bust-it", "--decks", "1", "--remove",
                                          " ".join(r + s for r in "A23456789TJQK" for s in "SHDC")[:-6]], None, "cards"),
    ("nonsense", "an unknown wager", ["wager", "nonesuch", "--decks", "6"], None, "nonesuch"),
    ("nonsense", "an unknown paytable", ["wager", "buster", "--decks", "6", "--paytable", "Z"], None, "Z"),
    ("nonsense", "a paytable at decks its regulation does not allow", ["wager", "buster", "--decks", "2",
                                                                        "--paytable", "C"], None, "--any-decks"),
    ("nonsense", "an option of another wager", BUSTER_C + ["--cap", "10"], None, "--cap"),
    ("nonsense", "a crown reading that is none", ["wager", "royal-match-21", "--decks", "6", "--paytable", "A",
                                                  "--reading", "both-ways"], None, "--reading"),
    ("nonsense", "a streak length for a wager without one",
     ["sweep", "buster", "--decks", "6", "--paytable", "C", "--streak", "3"], None,
     "--streak does not apply to buster"),
    ("nonsense", "a rule that is none", ["dealer", "--decks", "6", "--rule", "H18"], None, "H18"),
    ("nonsense", "removing a card twice from one deck", ["dealer", "--decks", "1", "--remove", "AS AS"], None, "AS"),
    ("nonsense", "a card that is none", ["dealer", "--decks", "1", "--remove", "ZZ"], None, "ZZ"),
    ("nonsense", "--no-dask with --scheduler", ["sweep", "21+3", "--decks", "6", "--paytable", "C", "--no-dask",
                                                "--scheduler", "tcp://x:1"], None, "together"),
    ("escaping", "an escape sequence as a wager's name", ["wager", "\x1b[31mred", "--decks", "6"], None, "\\x1b"),
    ("escaping", "a newline in a paytable id", ["wager", "buster", "--decks", "6", "--paytable", "C\nD"], None, "C"),
]

LIBRARY = [
    ("library", "exact='no'", lambda: dealer_table(Shoe.decks(6), DealerRules.parse("H17"), exact="no"), "exact"),
    ("library", "rules as text", lambda: dealer_table(Shoe.decks(6), "H17"), "rules"),
    ("library", "hits_soft_17='no'", lambda: DealerRules(hits_soft_17="no"), "hits_soft_17"),
    ("library", "blackjack_pays=1.5", lambda: GameRules(blackjack_pays=1.5), "blackjack_pays"),
    ("library", "dealer as text", lambda: GameRules(dealer="H17"), "dealer"),
    ("library", "decks=-3", lambda: GameRules(decks=-3), "decks"),
    ("library", "Shoe.decks(10**100)", lambda: Shoe.decks(10 ** 100), "decks"),
    ("library", "a card as a number", lambda: odds.parse_card(5), "card"),
    ("library", "cards as None", lambda: odds.parse_cards(None), "cards"),
    ("library", "remove(5)", lambda: Shoe.decks(6).remove(5), "cards"),
    ("library", "Shoe(None)", lambda: Shoe(None), "13 ranks"),
    ("library", "DealtShoe with no generator", lambda: DealtShoe(6, "rng"), "rng"),
    ("library", "dealer_distribution of up card 5", lambda: dealer_distribution(Shoe.decks(6), 5), "card"),
    ("library", "PlayerEngine(None)", lambda: odds.PlayerEngine(None), "rules"),
    ("library", "house_edge exact='no'", lambda: odds.house_edge(GameRules(), exact="no"), "exact"),
    ("library", "price of an unknown wager", lambda: price("nonesuch"), "nonesuch"),
    ("library", "price with an unknown option", lambda: price("buster", "C", decks=6, bogus=1), "bogus"),
    ("library", "price with decks as text", lambda: price("buster", "C", decks="6"), "decks"),
    ("library", "price at decks not allowed", lambda: price("buster", "C", decks=2), "any_decks=True"),
    ("library", "price without the paytable", lambda: price("in-between"), "paytable="),
    ("library", "price of a progressive without meters", lambda: price("blazing-7s", "A", decks=6), "meters="),
    ("library", "price with paytable_file=5", lambda: price("buster", "C", decks=6, paytable_file=5), "paytable_file"),
    ("library", "a shoe state as text", lambda: price("21+3", "C", decks=6).ret("AS KH"), "text"),
    ("library", "a shoe state of 51 counts", lambda: price("21+3", "C", decks=6).ret([1] * 51), "51"),
    ("library", "a shoe state with a float", lambda: price("21+3", "C", decks=6).ret([2.0] * 52), "whole number"),
    ("library", "a shoe state with a negative count", lambda: price("buster", "C", decks=6).ret([-1] + [6] * 51),
     "negative"),
    ("library", "a shoe state past a thousand decks", lambda: price("buster", "C", decks=6).ret([10 ** 6] * 52),
     "1,000"),
    ("library", "a shoe state too small to deal", lambda: price("in-between", "A", decks=6).ret([1] + [0] * 51),
     "3 cards"),
    ("library", "a dealer on four cards", lambda: price("buster", "C", decks=6).ret([1] * 4 + [0] * 48), "run out"),
    ("library", "cap with no spots", lambda: price("twenty-point-bonus", "A", decks=6, cap="10"), "spots="),
]

CATALOGUE = [(c[0], c[1]) for c in COMMAND_LINES] + [(c[0], c[1]) for c in LIBRARY]


@pytest.mark.parametrize("kind, what, argv, make, word", COMMAND_LINES, ids=[c[1] for c in COMMAND_LINES])
def test_a_bad_command_line_is_one_line_and_status_2(kind, what, argv, make, word, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    file = make(tmp_path) if make else ""
    argv = [a.replace("FILE", file).replace("TMP", str(tmp_path)) for a in argv]
    before = sorted(p.name for p in tmp_path.iterdir())
    status = main(argv)
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and err.count("\n") == 1 and err.startswith("odds: "), (status, out, err)
    assert word.replace("FILE", file).replace("TMP", str(tmp_path)) in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing half-written


@pytest.mark.parametrize("kind, what, call, word", LIBRARY, ids=[c[1] for c in LIBRARY])
def test_a_bad_library_call_is_a_typed_error_naming_it(kind, what, call, word):
    with pytest.raises(OddsError) as raised:
        call()
    assert word in str(raised.value) and "\n" not in str(raised.value)


def test_the_catalogue_by_class():
    counts = Counter(kind for kind, _ in CATALOGUE)
    print("bad inputs by class: " + ", ".join(f"{k} {n}" for k, n in sorted(counts.items())))
    assert sum(counts.values()) == len(COMMAND_LINES) + len(LIBRARY) >= 80
