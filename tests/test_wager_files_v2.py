"""Version 2 of the wager definition format (docs/wager-files.md): cards named once for a group of
conditions, number conditions (how many of the cards read are of a rank, value, suit, colour or
card) and totals with aces counted as one, each compiled into the first-cards engine and read
apart by the plain interpreter, the two held equal with ``==``; version 1 files read as before, and
a version 1 file that uses what version 2 adds is refused in one line."""
from math import comb
from pathlib import Path

import pytest
from defined_roads import interpreter_matches

from odds import DealerRules, Shoe
from odds.core.wager_definition import DefinitionError, parse_definition
from odds.wagers import unregister
from odds.wagers import defined as defined_module
from odds.wagers.defined import definition_wager, load_wager_file
from odds.wagers.paytables import builtin_paytables

S17 = DealerRules.parse("S17")
ACES = """version = 2
name = "aces-and-lows"
family = "first-cards"
cards = ["player1", "player2", "up"]
[[outcomes]]
name = "three-aces"
when = { number = 3, of = { rank = "A" } }
[[outcomes]]
name = "two-aces-player"
when = { number = 2, of = { rank = "A" }, cards = ["player1", "player2"] }
[[outcomes]]
name = "low-21"
when = { total = 21, ace = "low" }
[[outcomes]]
name = "red-pair"
when = { all = [{ same = "rank" }, { colour = "red" }], cards = ["player1", "player2"] }
[[outcomes]]
name = "an-ace"
when = { number = "1+", of = { value = 1 } }
[paytables.P]
citation = "a test"
pays = { three-aces = 100, two-aces-player = 20, low-21 = 8, red-pair = 5, an-ace = "1/2" }
"""


@pytest.fixture
def load(tmp_path):
    """Register the wager a definition's text defines (as a file, read as every command reads it),
    and take it out of the registry after the test."""
    loaded = []

    def load_text(text):
        path = tmp_path / f"{len(loaded)}.toml"
        path.write_text(text)
        loaded.append(load_wager_file(path))
        return loaded[-1]

    yield load_text
    for w in loaded:
        unregister(w.name)
        defined_module._LOADED.pop(w.name, None)


def table(w, tid="P"):
    """The paytable ``tid`` of the file of ``w``."""
    return builtin_paytables(w.name).tables[tid]


@pytest.mark.parametrize("shoe", [Shoe.decks(1), Shoe.decks(1).remove("AS AH 7D KC"), Shoe.decks(2).remove("AD 9S"),
                                  Shoe.from_flat_counts([3 if r in (0, 6, 9) else 0 for r in range(13) for _ in "SHDC"])])
def test_the_engine_and_the_interpreter_agree_exactly(load, shoe):
    assert interpreter_matches(load(ACES), shoe, S17, "P", {})


def test_counts_by_hand_on_one_deck(load):
    """One deck, the player's two cards unordered and the up card: 1,326 x 50 = 66,300 deals.
    Three aces: C(4,2) pairs for the player, then one of the two aces left up: 12. Two aces to the
    player without a third: 6 x 48 = 288. 21 with aces as one, no ace (those rows come first) in
    three cards: counted here by value."""
    wager = load(ACES)
    sheet = wager.price(Shoe.decks(1), S17, table(wager), 1)
    rows = {o.name: o.combinations for o in sheet.outcomes}
    assert sheet.cycle == 66_300
    assert rows["three-aces"] == comb(4, 2) * 2 and rows["two-aces-player"] == comb(4, 2) * 48
    count = {v: 4 if v < 10 else 16 for v in range(1, 11)}
    ways = 0
    for a in range(2, 11):
        for b in range(a, 11):
            c = 21 - a - b
            if not 2 <= c <= 10:
                continue
            left = dict(count)
            pair = comb(left[a], 2) if a == b else left[a] * left[b]
            left[a] -= 1
            left[b] -= 1
            ways += pair * left[c]
    low_21_without_an_ace = ways
    assert rows["low-21"] == low_21_without_an_ace + _low_21_with_aces()


def _low_21_with_aces() -> int:
    """21 with aces as one and at least one ace, but not three aces nor two to the player: an
    ace and two others summing to 20 (ten-ten), or two aces (one up) and a 19 (impossible)."""
    tens = 16
    # the ace to the player with a ten, a ten up: 4 x 16 x 15; the ace up, two tens to the player: C(16,2) x 4
    return 4 * tens * (tens - 1) + comb(tens, 2) * 4


def test_version_1_refuses_what_version_2_adds():
    for text, said in [(ACES.replace("version = 2", "version = 1"), "new in version 2"),
                       (ACES.replace('ace = "low"', 'ace = "low", hand = "soft"'), "leave out hand"),
                       (ACES.replace('of = { rank = "A" } }\n[[outcomes]]\nname = "two',
                                     'of = { same = "rank" } }\n[[outcomes]]\nname = "two'), "what each card counted"),
                       (ACES.replace('number = "1+"', 'number = 4'), "expected a whole number from 0 to 3"),
                       (ACES.replace("version = 2", "version = 3"), "versions 1 and 2")]:
        with pytest.raises(DefinitionError, match=said):
            parse_definition(text, "aces.toml")


# ------------------------------------------------------------------ a second hand, five cards

TWO_HANDS = """version = 2
name = "two-hands"
family = "first-cards"
cards = ["player1", "player2", "hand2-1", "hand2-2", "up"]
alike = 4
[[outcomes]]
name = "quads"
when = { same = "rank", cards = ["player1", "player2", "hand2-1", "hand2-2"] }
[[outcomes]]
name = "trips"
when = { any = [{ same = "rank", cards = ["player1", "player2", "hand2-1"] },
                { same = "rank", cards = ["player1", "player2", "hand2-2"] },
                { same = "rank", cards = ["player1", "hand2-1", "hand2-2"] },
                { same = "rank", cards = ["player2", "hand2-1", "hand2-2"] }] }
[[outcomes]]
name = "two-pair"
when = { distinct = "rank", count = 2, cards = ["player1", "player2", "hand2-1", "hand2-2"] }
[[outcomes]]
name = "pair"
when = { distinct = "rank", count = 3, cards = ["player1", "player2", "hand2-1", "hand2-2"] }
[[outcomes]]
name = "ace-up"
when = { rank = "A", cards = ["up"] }
[paytables.P]
citation = "a test"
pays = { quads = 40, trips = 8, two-pair = 5, pair = 1, ace-up = "1/2" }
"""


def test_the_player_s_two_hands_and_the_up_card_counted_by_hand(load):
    """One deck: the player's four cards unordered, C(52, 4) = 270,725, then the up card, 48 left:
    12,994,800 deals. Four of a kind 13 x 48; three of a kind 13 x C(4,3) x 48 x 48; two pair
    C(13,2) x 6 x 6 x 48; one pair 13 x 6 x C(12,2) x 4 x 4 x 48; else an ace up (pays 1/2)."""
    two_hands = load(TWO_HANDS)
    sheet = two_hands.price(Shoe.decks(1), S17, table(two_hands), 1)
    rows = {o.name: o.combinations for o in sheet.outcomes}
    assert sheet.cycle == comb(52, 4) * 48
    assert rows["quads"] == 13 * 48 and rows["trips"] == 13 * 4 * 48 * 48
    assert rows["two-pair"] == comb(13, 2) * 36 * 48 and rows["pair"] == 13 * 6 * comb(12, 2) * 16 * 48
    # four different ranks to the player and an ace up: no ace among them (4 aces left), or one (3 left)
    assert rows["ace-up"] == comb(12, 4) * 4 ** 4 * 4 + comb(12, 3) * 4 ** 4 * 3


@pytest.mark.parametrize("shoe", [Shoe.from_flat_counts([2 if r in (0, 4, 9, 12) and s < 2 else 0
                                                         for r in range(13) for s in range(4)]),
                                  Shoe.from_flat_counts([3 if r in (0, 1, 9) else 0 for r in range(13) for s in range(2)]
                                                        + [0] * 26)])
def test_two_hands_the_engine_and_the_interpreter_agree_exactly(load, shoe):
    assert interpreter_matches(load(TWO_HANDS), shoe, S17, "P", {})


def test_the_fast_return_of_five_cards_equals_the_exact_one(load):
    two_hands = load(TWO_HANDS)
    ret = two_hands.shoe_return(table(two_hands).pays, S17)
    shoe = Shoe.decks(2).remove("AS AH 5D 9C KS")
    exact, _ = ret.exact(shoe)
    assert exact == two_hands.price(shoe, S17, table(two_hands), 2).expected_return
    assert abs(ret.fast(shoe)[0] - float(exact)) < 1e-12


def test_five_cards_whose_suits_are_read_are_refused_in_one_line():
    text = TWO_HANDS.replace('{ rank = "A", cards = ["up"] }', '{ suit = "H", cards = ["up"] }')
    with pytest.raises(DefinitionError, match="more than 8,000,000"):
        definition_wager(parse_definition(text, "two-hands.toml"))
    with pytest.raises(DefinitionError, match="new in version 2"):
        parse_definition(TWO_HANDS.replace("version = 2", "version = 1"), "two-hands.toml")


# ------------------------------------------------------------------- a pay keyed by a card

PAIR_BY_RANK = """version = 2
name = "pair-by-rank"
family = "first-cards"
cards = ["player1", "player2"]
[[outcomes]]
name = "pair"
when = { same = "rank" }
by = { rank = "player1" }
[paytables.P]
citation = "a test"
pays = { pair = { A = 25, K = 15, 10 = 12, other = 10 } }
"""
PAIR_WRITTEN_OUT = """version = 1
name = "pair-written-out"
family = "first-cards"
cards = ["player1", "player2"]
[[outcomes]]
name = "aces"
when = { rank = "A" }
[[outcomes]]
name = "kings"
when = { rank = "K" }
[[outcomes]]
name = "tens"
when = { rank = "T" }
[[outcomes]]
name = "other-pair"
when = { same = "rank" }
[paytables.P]
citation = "a test"
pays = { aces = 25, kings = 15, tens = 12, other-pair = 10 }
"""


def test_a_pay_keyed_by_rank_is_one_outcome_a_rank(load):
    """One outcome keyed by the rank of the pair makes 13 rows, each paid as its key says (other:
    the keys not named); priced as the same wager written out in four outcomes."""
    keyed, out = load(PAIR_BY_RANK), load(PAIR_WRITTEN_OUT)
    assert [o.name for o in keyed.definition.outcomes] == [f"pair-{r}" for r in "A23456789TJQK"]
    pays = builtin = keyed.definition.paytables["P"]["pays"]
    assert (pays["pair-A"], pays["pair-K"], pays["pair-T"], pays["pair-7"]) == (25, 15, 12, 10) and len(builtin) == 13
    for shoe in (Shoe.decks(6), Shoe.decks(1).remove("AS KH KD 5C")):
        a, b = keyed.price(shoe, S17, table(keyed), 6), out.price(shoe, S17, table(out), 6)
        assert a.expected_return == b.expected_return and a.variance == b.variance
        assert interpreter_matches(keyed, shoe, S17, "P", {})


def test_a_dealer_pay_keyed_by_the_up_card_prices_as_bet_the_bust(load):
    """Bet the Bust written as one outcome keyed by the up card prices as the example written
    with five outcomes, on every up card and over all of them."""
    example = Path(__file__).resolve().parent.parent / "examples" / "wagers" / "bet-the-bust.toml"
    text = example.read_text()
    head = text[:text.index("[[outcomes]]")].replace("version = 1", "version = 2").replace(
        'name = "bet-the-bust"', 'name = "bet-the-bust-keyed"')
    keyed = load(head + """[[outcomes]]
name = "bust"
when = { bust = true }
by = "up"
[paytables.WoO]
citation = "Wizard of Odds, Bet the Bust, pay table"
pays = { bust = { A = "3.5", 2 = "1.5", 3 = "1.5", 7 = "2.5", 8 = 3, 9 = 3, 10 = 3, other = 1 } }
""")
    out = load(text)
    H17 = DealerRules.parse("H17")
    for upcard in (None, "A", "2", "5", "7", "T"):
        a = keyed.price(Shoe.decks(6), H17, table(keyed, "WoO"), 6, {"upcard": upcard})
        b = out.price(Shoe.decks(6), H17, table(out, "WoO"), 6, {"upcard": upcard})
        assert a.expected_return == b.expected_return, upcard


def test_a_keyed_pay_is_checked():
    bad = PAIR_BY_RANK.replace("10 = 12", "Z = 12")
    with pytest.raises(DefinitionError, match="not a key of pair"):
        parse_definition(bad, "p.toml")
    with pytest.raises(DefinitionError, match="new in version 2"):
        parse_definition(PAIR_BY_RANK.replace("version = 2", "version = 1"), "p.toml")
    with pytest.raises(DefinitionError, match="not one of the deciding cards"):
        parse_definition(PAIR_BY_RANK.replace('by = { rank = "player1" }', 'by = { rank = "up" }'), "p.toml")
