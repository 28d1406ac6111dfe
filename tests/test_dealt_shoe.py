"""``DealtShoe`` for simulators: what it hands out cannot corrupt it, codes deal the same cards as
``deal`` without an object a card, and its counts go straight to a wager's ``ret``."""
import random

import pytest

from odds import DealtShoe, ShoeError, price
from odds.core.cards import RANKS, SUITS


def test_nothing_a_caller_does_to_what_it_was_handed_changes_the_shoe():
    dealt = DealtShoe(2, random.Random(5))
    counts = dealt.counts
    with pytest.raises(TypeError):
        counts[0] = 0  # a snapshot, immutable
    codes = dealt.deal_codes(10)
    codes[:] = [0] * 10  # the caller's list
    cards = dealt.deal(3)
    cards.clear()
    assert sum(dealt.counts) == dealt.left == 104 - 13 and min(dealt.counts) >= 0
    assert dealt.counts != counts and sum(counts) == 104  # the snapshot taken before stays as it was


def test_codes_deal_the_same_cards_as_cards():
    a, b = DealtShoe(6, random.Random(11)), DealtShoe(6, random.Random(11))
    cards = a.deal(100)
    codes = b.deal_codes(100)
    assert [str(c) for c in cards] == [RANKS[k // 4] + SUITS[k % 4] for k in codes]
    assert a.counts == b.counts and a.left == b.left
    with pytest.raises(ShoeError):
        b.deal_codes(b.left + 1)
    with pytest.raises(ShoeError):
        b.deal_codes(-1)


def test_a_shoe_state_goes_to_ret_as_it_is():
    dealt = DealtShoe(6, random.Random(3))
    dealt.deal_codes(40)
    buster = price("buster", "C", rules="H17", decks=6)
    assert buster.ret(dealt.counts).ret == buster.ret(dealt.shoe).ret

