"""Blackjack Switch's Super Match wager (58 Pa. Code 633a.12(a)(2)): its par sheet against the
combinations counted by hand, against the plain count of the reference path on full and depleted
shoes, its return for a shoe as it stands, the simulator, and bad input."""
from fractions import Fraction
from math import comb

import pytest

from odds import DealerRules, Shoe, price
from odds.apps.cli import main
from odds.wagers import get_wager
from odds.wagers.paytables import builtin_paytables


def by_hand(decks):
    """The combinations of four cards of ``decks`` decks, unordered, counted by hand: ``n`` cards of
    each rank; four of a kind 13 C(n,4); two pair C(13,2) C(n,2)^2; three of a kind 13 C(n,3)
    (12 n); one pair 13 C(n,2) C(12,2) n^2."""
    n = 4 * decks
    hands = {"four-of-a-kind": 13 * comb(n, 4), "two-pair": comb(13, 2) * comb(n, 2) ** 2,
             "three-of-a-kind": 13 * comb(n, 3) * 12 * n, "pair": 13 * comb(n, 2) * comb(12, 2) * n * n}
    cycle = comb(52 * decks, 4)
    hands["lose"] = cycle - sum(hands.values())
    assert hands["lose"] == comb(13, 4) * n ** 4  # four ranks, all different
    return hands, cycle


@pytest.mark.parametrize("decks", [1, 2, 6, 8])
def test_combinations_are_those_counted_by_hand(decks):
    table = builtin_paytables("super-match").tables["1"]
    sheet = get_wager("super-match").price(Shoe.decks(decks), None, table, decks, {})
    hands, cycle = by_hand(decks)
    assert {o.name: o.combinations for o in sheet.outcomes} == hands and sheet.cycle == cycle
    pays = {"four-of-a-kind": 40, "two-pair": 8, "three-of-a-kind": 5, "pair": 1, "lose": -1}
    assert sheet.expected_return == Fraction(sum(pays[h] * w for h, w in hands.items()), cycle)


def test_six_and_eight_decks_as_the_proprietor_recommends():
    """Table 1 at six decks, table 2 at eight: house edges of 2.5485% and 3.0184% (two pair at 7 to
    1 costs the eight-deck player more than the extra deck gives him)."""
    six = price("super-match", "1", decks=6, exact=True).par_sheet(Shoe.decks(6))
    eight = price("super-match", "2", decks=8, exact=True).par_sheet(Shoe.decks(8))
    assert six.expected_return == Fraction(-126536, 4965115)
    assert eight.expected_return == Fraction(-356968, 11826255)


SHOES = [Shoe.decks(1), Shoe.decks(2).remove("AS AH AD 7C 7D KS"), Shoe.decks(6).remove("2S 2H 2D 2C 9S TD JH QC"),
         Shoe.from_flat_counts([(7 * c) % 3 if c % 5 else 0 for c in range(52)])]


@pytest.mark.parametrize("shoe", SHOES, ids=["1 deck", "2 decks less 6", "6 decks less 8", "a few cards"])
def test_the_reference_count_agrees(shoe):
    wager = get_wager("super-match")
    table = builtin_paytables("super-match").tables["2"]
    ours = wager.price(shoe, None, table, 1, {})
    figures = wager.reference(shoe, None, table, {})
    assert {k: p for k, p in figures.probabilities.items() if p} == {o.name: o.probability for o in ours.outcomes
                                                                      if o.probability}


def test_the_return_of_a_shoe_as_it_stands():
    shoe = Shoe.decks(6).remove("2S 2H 2D 2C 9S TD JH QC")
    counts = [n for row in shoe.by_rank_suit() for n in row]
    exact = price("super-match", "1", decks=6, exact=True)
    fast = price("super-match", "1", decks=6)
    assert exact.ret(counts).ret == exact.par_sheet(shoe).expected_return
    assert abs(fast.ret(counts).ret - float(exact.ret(counts).ret)) < 1e-12


def test_the_simulator_agrees():
    from odds.verify.simulate import compare, simulate
    table = builtin_paytables("super-match").tables["1"]
    run = simulate("super-match", 6, DealerRules(), table.pays, 40000, 3)
    check = compare(run, get_wager("super-match").price(Shoe.decks(6), None, table, 6, {}))
    assert all(row.inside for row in check.rows), [(r.name, r.inside) for r in check.rows]


@pytest.mark.parametrize("text,words", [
    ('pays = { "five-of-a-kind" = 100, "pair" = 1 }', "five-of-a-kind"),
    ('pays = { "pair" = "one" }', "cannot read 'one' as an exact number"),
])
def test_a_bad_paytable_is_one_line_and_exit_2(tmp_path, capsys, text, words):
    f = tmp_path / "sm.toml"
    f.write_text(f'wager = "super-match"\n[paytables.X]\ncitation = "a proposal"\n{text}\n')
    assert main(["wager", "super-match", "--decks", "6", "--paytable-file", str(f), "--paytable", "X"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err


def test_a_shoe_too_small_for_four_cards(capsys):
    from odds.core.errors import EngineError
    with pytest.raises(EngineError, match="super-match needs 4 cards; the shoe holds 3"):
        price("super-match", "1", decks=6, exact=True).par_sheet(Shoe.from_rank_counts([1, 1, 1] + [0] * 10))
    left = {"KS", "KH"}
    gone = " ".join(r + s for r in "A23456789TJQK" for s in "SHDC" if r + s not in left)
    assert main(["wager", "super-match", "--decks", "1", "--paytable", "1", "--remove", gone]) == 2
    err = capsys.readouterr().err
    assert err == "odds: super-match needs 4 cards; the shoe holds 2\n"
