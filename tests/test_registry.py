"""A wager is one record: a wager defined here, with one record and one paytable, is listed,
priced, simulated, certified, solved and put into a book by the commands, which read the
registry and nothing else.

The wager: the player's first two cards are of one suit, paid 3 to 1. Hand-countable on one deck:
of the C(52, 2) = 1326 pairs of cards, 4 * C(13, 2) = 312 are suited, so P(suited) = 4/17 and the
return is 3 * 4/17 - 13/17 = -1/17. Its par sheet is the engine's (the first-cards kernel), its
reference a hand rule written here, and its simulator's settlement another, written apart.

It has one option, declared once in its record (``--same colour``, ``same="colour"`` from Python):
the two cards need only be of one colour, 2 * C(26, 2) = 650 of the 1326 pairs, P = 25/51, the
return 3 * 25/51 - 26/51 = 49/51. Every command takes it, set or not, with no code of its own.
"""
import contextlib
import io
import json
from fractions import Fraction

from dataclasses import dataclass
from typing import Optional

import pytest

import odds
from odds.apps.cli import main
from odds.engine.first_cards import FirstCardsGame
from odds.reference import dealt, figures
from odds.wagers import WAGERS, Options, Wager, get_wager, registered, wager_option
from odds.pricing.first_cards_base import first_cards_par_sheet
from odds.wagers.shoe_returns import deals_return

PAYTABLE = """
wager = "suited-two"
title = "Suited two"
regulation = "9 NYCRR 5324.11(f)"

[paytables.A]
citation = "9 NYCRR 5324.11(f)"
pays = { "suited" = 3 }
"""


RED = "HD"


def _engine_classify(cards):
    return ("suited",) if cards[0].suit == cards[1].suit else ()


def _engine_colour(cards):
    return ("suited",) if (cards[0].suit in RED) == (cards[1].suit in RED) else ()


GAMES = {None: FirstCardsGame("suited-two", ("player", "player"), 2, _engine_classify),
         "suit": FirstCardsGame("suited-two", ("player", "player"), 2, _engine_classify),
         "colour": FirstCardsGame("suited-two-colour", ("player", "player"), 2, _engine_colour)}
GAME = GAMES[None]


@dataclass(frozen=True)
class SameOptions(Options):
    same: Optional[str] = wager_option(help="what the two cards share to be paid: suit (the default) or colour",
                                       choices=("suit", "colour"))


def _par_sheet(shoe, rules, paytable, decks, same=None):
    return first_cards_par_sheet("suited-two", GAMES[same], ("suited",), shoe, "any", paytable, decks)


def _reference_rule(cards):  # the reference's own reading of a deal: ((rank, suit), (rank, suit))
    return ("suited",) if len({suit for _, suit in cards}) == 1 else ()


def _reference_colour(cards):
    return ("suited",) if len({suit in "HD" for _, suit in cards}) == 1 else ()


def _dealt_hands(player, up, hole, more, options):  # the simulator's: cards as (rank, suit) tuples
    if options.get("same") == "colour":
        return ["suited"] if (player[0][1] in "HD") == (player[1][1] in "HD") else []
    return ["suited"] if player[0][1] == player[1][1] else []


SUITED_TWO = Wager(
    "suited-two", "Suited two", "9 NYCRR 5324.11(f)", ("suited",), _par_sheet, SameOptions,
    dealer_rule_matters=False, game=GAME,
    reference=figures.first_cards(lambda options: GAMES[options.get("same")],
                                  lambda options: _reference_colour if options.get("same") == "colour"
                                  else _reference_rule),
    dealt=dealt.Dealt(dealt.first_cards_round(_dealt_hands), options=("same",)),
    shoe_return=deals_return("suited-two"), shoe_return_options=("same",))


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def suited_two():
    with registered(SUITED_TWO, PAYTABLE) as wager:
        yield wager
    assert "suited-two" not in WAGERS


def test_listed(suited_two):
    status, out, _ = run("list")
    assert status == 0 and "suited-two: Suited two (9 NYCRR 5324.11(f))" in out


def test_priced_by_hand_count(suited_two):
    status, out, _ = run("wager", "suited-two", "--decks", "1", "--paytable", "A", "--format", "json")
    sheet = json.loads(out)
    assert status == 0
    rows = {o["name"]: o for o in sheet["outcomes"]}
    assert Fraction(rows["suited"]["probability"]) == Fraction(4, 17)
    assert rows["suited"]["combinations"] == 312 and sheet["cycle"] == 1326
    assert Fraction(sheet["expected_return"]) == Fraction(-1, 17)


def test_simulated(suited_two):
    status, out, _ = run("simulate", "suited-two", "--decks", "1", "--paytable", "A", "--rounds", "20000",
                         "--seed", "3", "--format", "json")
    check = json.loads(out)
    assert status == 0 and check["agrees"] and check["rounds"] == 20000


def test_certified(suited_two, tmp_path):
    out = tmp_path / "r.html"
    status, text, err = run("certify", "suited-two", "--decks", "1", "--paytable", "A", "--rounds", "20000",
                            "--out", str(out))
    assert status == 0, err
    page = out.read_text()
    assert "agree exactly on every figure" in page and "VERIFICATION FAILED" not in page


def test_solved(suited_two):
    # the pay of a suited pair for a 5% house edge on one deck: p * x - (1 - p) = -1/20 with p = 4/17
    status, out, err = run("solve", "suited-two", "--decks", "1", "--paytable", "A", "--vary", "suited",
                           "--target-edge", "5%", "--format", "json")
    assert status == 0, err
    assert Fraction(json.loads(out)["pay"]) == Fraction(1 - Fraction(1, 20) - Fraction(4, 17), 1) / Fraction(4, 17)


def test_in_a_book(suited_two, tmp_path):
    status, _, err = run("report", "--only", "suited-two", "--decks", "1", "--out", str(tmp_path / "book"),
                         "--no-cache")
    assert status == 0, err
    sheet = json.loads((tmp_path / "book" / "suited-two" / "suited-two-A-1d-any.json").read_text())
    assert Fraction(sheet["house_edge"]) == Fraction(1, 17)


def test_options_are_typed_and_checked():
    ez = get_wager("ez-bust")
    assert ez.build_options({"upcard": "6"}).keywords() == {"upcard": "6"}
    with pytest.raises(Exception, match="takes no option meters"):
        ez.build_options({"meters": "jackpot=1"})
    assert get_wager("buster").options is Options
    assert get_wager("blazing-7s").options.flags()["meters"] == "--meter"


def test_registering_a_name_twice_is_refused(suited_two):
    with pytest.raises(Exception, match="registered already"):
        with registered(SUITED_TWO, PAYTABLE):
            pass


# ------------------------------------------------------------------ an option declared once, every command

SAME = {None: (Fraction(4, 17), Fraction(-1, 17)), "colour": (Fraction(25, 51), Fraction(49, 51))}


@pytest.mark.parametrize("same", [None, "colour"])
def test_the_option_reaches_every_command(suited_two, tmp_path, same):
    flag = ["--same", same] if same else []
    p, ret = SAME[same]
    status, out, err = run("wager", "suited-two", "--decks", "1", "--paytable", "A", "--format", "json", *flag)
    assert status == 0, err
    sheet = json.loads(out)
    assert Fraction(sheet["outcomes"][0]["probability"]) == p and Fraction(sheet["expected_return"]) == ret
    status, out, err = run("simulate", "suited-two", "--decks", "1", "--paytable", "A", "--rounds", "20000",
                           "--seed", "3", "--format", "json", *flag)
    assert status == 0 and json.loads(out)["agrees"], err
    assert Fraction(json.loads(out)["exact_return"]) == ret
    page = tmp_path / "r.html"
    status, out, err = run("certify", "suited-two", "--decks", "1", "--paytable", "A", "--rounds", "20000",
                           "--out", str(page), *flag)
    assert status == 0 and "agree exactly on every figure" in page.read_text(), err
    assert ("<td>--same</td><td>colour</td>" in page.read_text()) == (same is not None)
    assert (f"--paytable A --same colour --rounds 20000" in page.read_text()) == (same is not None)
    status, out, err = run("sweep", "suited-two", "--decks", "1", "--paytable", "A", "--shoes", "2", "--no-dask",
                           "--format", "json", *flag)
    assert status == 0, err
    assert Fraction(json.loads(out)["full_shoe"]["return"]) == ret
    assert Fraction(odds.price("suited-two", "A", decks=1, exact=True, **({"same": same} if same else {}))
                    .ret(odds.Shoe.decks(1)).ret) == ret


def test_the_option_in_a_book(tmp_path):
    """A wager whose book sets the option: the book's sheet and the command it shows take it."""
    import dataclasses
    colour = dataclasses.replace(SUITED_TWO, book_options={"same": "colour"})
    with registered(colour, PAYTABLE):
        status, _, err = run("report", "--only", "suited-two", "--decks", "1", "--out", str(tmp_path / "book"),
                             "--no-cache")
    assert status == 0, err
    sheet = json.loads((tmp_path / "book" / "suited-two" / "suited-two-A-1d-any.json").read_text())
    assert Fraction(sheet["expected_return"]) == SAME["colour"][1]
    assert "odds wager suited-two --decks 1 --paytable A --same colour" in (tmp_path / "book" / "index.html").read_text()


def test_the_option_is_named_as_the_user_gives_it(suited_two, capsys):
    status, out, err = run("wager", "suited-two", "--decks", "1", "--paytable", "A", "--same", "rainbow")
    assert status == 2 and out == "" and err == ("odds: wager: argument --same: invalid choice: 'rainbow' "
                                                 "(choose from 'suit', 'colour')\n")
    with pytest.raises(odds.WagerError, match=r"^suited-two: same='rainbow' is not one of suit, colour$"):
        odds.price("suited-two", "A", decks=1, same="rainbow")
    status, _, err = run("wager", "buster", "--decks", "6", "--paytable", "A", "--same", "colour")
    assert status == 2 and err == "odds: --same does not apply to buster\n"
    with pytest.raises(SystemExit):
        main(["wager", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "--same {suit,colour} suited-two: what the two cards share to be paid: suit (the default) or colour" \
        in help_text
