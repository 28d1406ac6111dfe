"""Who draws first does not matter: a player's draws leave the dealer's final hand unchanged in law.

The cards come off a shuffled one-deck shoe in the physical order: player, dealer up card, player,
dealer hole card, then the player's hits, then the dealer's. Who gets each card is decided only by
cards already dealt (the player hits on what he has seen: his cards and the up card). Given the
cards dealt so far the next card is uniform over those left, so dealing every card that goes to the
dealer from the *bottom* of the deck instead of the top gives the whole deal the same law. Told that
way, the dealer's cards are the bottom cards of a shuffled deck, in order, whatever the player did:
the dealer's sequence of cards, hence his result and number of cards, has the same law as if he
were dealt alone. That does not make the dealer independent of the player: given the player busted,
or given the player's first card is a ten, the dealer's distribution changes. The control tests
check this, to show that the comparison can fail.

The brute force here is plain Python, independent of the odds engine. Cards go by point value
(1 = ace, ..., 10 = ten-value). Every deal is dealt card by card in the physical order. A partial
deal carries its number of ordered ways (the product of the counts at each draw), and the deals are
merged on the remaining counts and the hands (the same key a memoised recursion would use). A
finished deal with n cards left stands for ways * n! of the 52! equally likely orderings of the
deck. The ways are pushed forward one card at a time rather than pulled back through a cached
recursion (functools.lru_cache), because a state then carries one integer instead of a whole
distribution: about three times faster (some 6 s a rule instead of 18 s on two slow cores).
"""
from fractions import Fraction
from functools import lru_cache
from math import factorial

import pytest

import odds

ONE_DECK = (4,) * 9 + (16,)


def best(hard, ace):
    """The hand's total, an ace counted 11 when that does not bust, and whether it is soft."""
    soft = ace and hard <= 11
    return (hard + 10 if soft else hard), soft


def draws(counts):
    """(value, ways to draw it, counts after drawing it) for each value left in the shoe."""
    for v, c in enumerate(counts, start=1):
        if c:
            yield v, c, counts[:v - 1] + (c - 1,) + counts[v:]


def add(acc, key, ways):
    acc[key] = acc.get(key, 0) + ways


@lru_cache(maxsize=None)
def player_hits(hard, ace, up):
    """Hit hard 11 or less; hard 12-16 against 7 or more or an ace; soft 17 or less."""
    total, soft = best(hard, ace)
    if soft:
        return total <= 17
    return total < 12 or (total <= 16 and (up >= 7 or up == 1))


@lru_cache(maxsize=None)
def dealer_stands(hard, ace, ncards, h17):
    """The dealer's (result, ncards) if he is done with this hand, else None."""
    total, soft = best(hard, ace)
    if total > 21:
        return "bust", ncards
    if total == 21 and soft and ncards == 2:
        return "blackjack", 2
    if total >= 18 or (total == 17 and not (soft and h17)):
        return str(total), ncards
    return None


def first_four(firsts):
    """{(counts, player's hard total, ace, up, hole): ways} for player, up, player, hole card."""
    players = {}
    for p1, c1, s1 in draws(ONE_DECK):
        if p1 in firsts:
            for up, c2, s2 in draws(s1):
                for p2, c3, s3 in draws(s2):
                    for hole, c4, s4 in draws(s3):
                        add(players, (s4, p1 + p2, 1 in (p1, p2), up, hole), c1 * c2 * c3 * c4)
    return players


def dealer_to(dealers, finished, left, counts, busted, hard, ace, ncards, ways, h17):
    """File the dealer's hand with the live ones, or with the finished deals if he is done.

    Finished deals are keyed with the number of cards ``left`` in the shoe.
    """
    end = dealer_stands(hard, ace, ncards, h17)
    if end:
        add(finished, (busted, *end, left), ways)
    else:
        add(dealers, (counts, busted, hard, ace, ncards), ways)


def deal(h17, firsts=range(1, 11)):
    """{(player busted, dealer's result, dealer's ncards): P}, player's first card in ``firsts``.

    The dealer always completes his hand, even when the player has busted.
    """
    players, dealers, finished = first_four(firsts), {}, {}
    left = sum(ONE_DECK) - 4
    while players or dealers:  # one more card dealt per round, ``left`` cards left
        next_players, next_dealers = {}, {}
        for (counts, hard, ace, up, hole), ways in players.items():
            if player_hits(hard, ace, up):
                for v, c, rest in draws(counts):
                    add(next_players, (rest, hard + v, ace or v == 1, up, hole), ways * c)
            else:
                busted = best(hard, ace)[0] > 21
                dealer_to(dealers, finished, left, counts, busted, up + hole, 1 in (up, hole), 2,
                          ways, h17)
        for (counts, busted, hard, ace, ncards), ways in dealers.items():
            for v, c, rest in draws(counts):
                dealer_to(next_dealers, finished, left - 1, rest, busted, hard + v, ace or v == 1,
                          ncards + 1, ways * c, h17)
        players, dealers, left = next_players, next_dealers, left - 1
    joint, orderings = {}, factorial(sum(ONE_DECK))
    for (busted, result, ncards, left), ways in finished.items():  # ways * left! orderings
        add(joint, (busted, result, ncards), Fraction(ways * factorial(left), orderings))
    return joint


def dealer_given(joint, event=lambda busted: True):
    """The dealer's {(result, ncards): P} given ``event(player busted)``."""
    acc = {}
    for (busted, result, ncards), p in joint.items():
        if event(busted):
            add(acc, (result, ncards), p)
    mass = sum(acc.values())
    return {key: p / mass for key, p in acc.items() if p}


@pytest.fixture(scope="module", params=["S17", "H17"])
def case(request):
    rule = request.param
    alone = odds.dealer_table(odds.Shoe.decks(1), odds.DealerRules.parse(rule)).overall.joint
    return rule == "H17", deal(rule == "H17"), {k: p for k, p in alone.items() if p}


def test_player_drawing_first_leaves_dealer_distribution_unchanged(case):
    _, joint, alone = case
    assert sum(joint.values()) == 1
    assert dealer_given(joint) == alone


def test_control_dealer_given_player_busted_differs(case):
    _, joint, alone = case
    assert 0 < sum(p for (busted, _, _), p in joint.items() if busted) < 1
    assert dealer_given(joint, lambda busted: busted) != alone
    assert dealer_given(joint, lambda busted: not busted) != alone


def test_control_dealer_given_player_first_card_ten_differs(case):
    h17, _, alone = case
    given_ten = dealer_given(deal(h17, firsts=(10,)))
    assert given_ten != alone
    # one ten fewer for the dealer: he makes 20 less often than when dealt alone
    p20 = lambda dist: sum(p for (result, _), p in dist.items() if result == "20")
    assert p20(given_ten) < p20(alone)
