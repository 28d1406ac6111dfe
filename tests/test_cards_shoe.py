import pytest

from odds import Card, CardError, Shoe, ShoeError, parse_card, parse_cards
from odds.core.cards import point_value


def test_card_notation():
    assert parse_card("AS") == Card("A", "S")
    assert parse_card(" th ") == Card("T", "H")
    assert parse_card("10d") == Card("T", "D")
    assert parse_card("7") == Card("7", None)
    assert [str(c) for c in parse_cards("AS, TH 5c  7")] == ["AS", "TH", "5C", "7"]
    assert parse_cards("") == []
    assert [point_value(r) for r in "A23456789TJQK"] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


@pytest.mark.parametrize("text", ["1S", "AX", "11", "ASH", "", "A S", "joker"])
def test_bad_cards_are_rejected_with_the_text(text):
    with pytest.raises(CardError, match="cannot read card"):
        parse_card(text)


def test_shoe_views():
    s = Shoe.decks(2)
    assert s.total == 104
    assert s.by_rank() == (8,) * 13
    assert s.by_value() == (8,) * 9 + (32,)
    assert s.by_rank_suit()[0] == (2, 2, 2, 2)
    t = s.remove("AS AS KH 7")
    assert t.total == 100
    assert t.count("AS") == 0 and t.count("A") == 6 and t.count("K") == 7 and t.count("7") == 7
    assert t.by_value()[9] == 31
    with pytest.raises(ShoeError, match="suit is unknown"):
        t.by_rank_suit()  # the bare 7 has no suit
    assert s.remove("AS").by_rank_suit()[0] == (1, 2, 2, 2)


def test_shoe_is_immutable_and_hashable():
    s = Shoe.decks(1)
    assert s.remove("AS") == Shoe.decks(1).remove(["AS"]) and hash(s.remove("AS")) == hash(Shoe.decks(1).remove("AS"))
    s.remove("AS")
    assert s.total == 52


@pytest.mark.parametrize("n", [0, -1, 1.5, "6", True])
def test_bad_deck_counts(n):
    with pytest.raises(ShoeError):
        Shoe.decks(n)


def test_removing_more_than_the_shoe_holds():
    with pytest.raises(ShoeError, match="no AS left"):
        Shoe.decks(1).remove("AS AS")
    with pytest.raises(ShoeError, match="no A left"):
        Shoe.decks(1).remove("A A A A A")
    with pytest.raises(ShoeError, match="no A left"):
        Shoe.decks(1).remove("A A A AS AS")


def test_rank_counts():
    s = Shoe.from_rank_counts({"6": 2, "T": 3})
    assert s.by_value() == (0, 0, 0, 0, 0, 2, 0, 0, 0, 3)
    assert not s.suits_known
    with pytest.raises(ShoeError):
        Shoe.from_rank_counts({"X": 1})
    with pytest.raises(ShoeError):
        Shoe.from_rank_counts([1] * 12)
    with pytest.raises(ShoeError):
        Shoe.from_rank_counts([-1] + [0] * 12)
