"""EZ Bust's split wagers (58 Pa. Code 633b.16(c)(2)): odds.wagers.dealer_bust.ez_bust_split_wagers
against a card-by-card walk of the split, the optional-stopping identity for the resplit's chance,
and the deal's own return."""
from fractions import Fraction
from functools import lru_cache

import pytest

from odds import DealerRules, Shoe
from odds.core.actions import DOUBLE, HIT, STAND
from odds.core.cards import value_label
from odds.core.game_rules import GameRules
from odds.engine.dealer import dealer_table
from odds.engine.player import PlayerEngine, add_card, cards_out, hand_total
from odds.wagers.dealer_bust import ez_bust_search, ez_bust_split_wagers

S17 = DealerRules.parse("S17")
SHOES = {
    "1 deck": Shoe.decks(1),
    "1 deck less 5 5 6 T T": Shoe.decks(1).remove("5 5 6 T T"),
    "2 decks less four 7s": Shoe.decks(2).remove("7 7 7 7"),
}


def bust_return(shoe: Shoe, removed: list, up: int) -> Fraction:
    """2 P(dealer busts) - 1 with the up card ``up``, from the shoe less ``removed`` (values)."""
    left = [k - removed.count(v) for v, k in enumerate(shoe.by_value(), start=1)]
    row = dealer_table(Shoe.from_value_counts(left), S17).by_upcard[value_label(up)]
    return 2 * row.probability("bust") - 1


def walked_resplits(engine: PlayerEngine, shoe: Shoe, pair: int, up: int, most: int) -> tuple:
    """The resplit wagers of one split to ``most`` hands, card by card. The hands are played in
    turn: a hand's second card that is a pair card, while there are fewer than ``most`` hands, is
    a resplit (a wager on every card out but the up card), and the hand takes another second card
    while the new hand waits its turn; any other hand is played out by the Python engine's rule
    D. (chance of a resplit, summed chance x return), summed over the resplits of a split."""
    aside = PlayerEngine.pair_cards_aside(pair, 0)
    start = add_card(tuple([0] * 10), pair)
    full = shoe.by_value()

    @lru_cache(maxsize=None)
    def gain(left: tuple) -> Fraction:
        return bust_return(shoe, [v for v in range(1, 11) for _ in range(full[v - 1] - (v == up) - left[v - 1])], up)

    def draw(left: tuple, chance: Fraction):
        n = sum(left)
        for v in range(1, 11):
            if left[v - 1]:
                yield v, left[:v - 1] + (left[v - 1] - 1,) + left[v:], chance * Fraction(left[v - 1], n)

    def played_out(hand: tuple, left: tuple, chance: Fraction, option):
        """(cards left, chance) at each end of the hand."""
        total, _ = hand_total(hand)
        if option is None:  # after the first decision: hit while hitting is worth more
            option = HIT if total < 21 and engine.hit(hand, aside, up) > engine.stand(
                cards_out(hand, aside), up, total, 1) else STAND
        if option == STAND:
            yield left, chance
            return
        for v, rest, p in draw(left, chance):
            if option == DOUBLE:
                yield rest, p
            else:
                yield from played_out(add_card(hand, v), rest, p, None)

    @lru_cache(maxsize=None)
    def turn(left: tuple, waiting: int, hands: int) -> tuple:
        """From a hand about to take its second card (``waiting`` hands to play, this one
        included): the expected resplits and summed return still to come."""
        if hands == most:
            return Fraction(0), Fraction(0)
        count = total = Fraction(0)
        for c, rest, p in draw(left, Fraction(1)):
            if c == pair:
                more, summed = turn(rest, waiting + 1, hands + 1)
                count, total = count + p * (1 + more), total + p * (gain(rest) + summed)
            elif waiting > 1:  # the hands after it may still resplit
                hand = add_card(start, c)
                first = STAND if hand_total(hand)[0] == 21 or pair == 1 else engine.decide(hand, pair, up, True)
                for after, q in played_out(hand, rest, p, first):
                    more, summed = turn(after, waiting - 1, hands)
                    count, total = count + q * more, total + q * summed
        return count, total

    left = list(full)
    for v in (pair, pair, up):
        left[v - 1] -= 1
    return turn(tuple(left), 2, 2)


@pytest.mark.parametrize("name, most", [(name, 3) for name in SHOES] + [("1 deck less 5 5 6 T T", 4)])
def test_resplit_wagers_equal_a_card_by_card_walk(name, most):
    shoe = SHOES[name]
    game = GameRules(decks=1, dealer=S17, split_hands=most, das=True, resplit_aces=most == 4)
    out = ez_bust_split_wagers(game, shoe)
    python = PlayerEngine(game, shoe, exact=True, compiled=False)
    checked = 0
    for up_key, pairs in out["splits"].items():
        up = 10 if up_key[-1] == "T" else int(up_key[-1])
        for pair_key, entry in pairs.items():
            pair = 1 if pair_key[0] == "A" else 10 if pair_key[0] == "T" else int(pair_key[0])
            if game.most_hands(pair) < 3:  # aces split once
                assert entry["resplit wagers per split"] == "0"
                continue
            if most == 4 and 1 < pair < 6 and pair != up:  # walking two small pairs' hands takes minutes
                continue
            chance, summed = walked_resplits(python, shoe, pair, up, most)
            assert Fraction(entry["resplit wagers per split"]) == chance
            if chance:
                assert Fraction(entry["resplit wager return"]) == summed / chance
                checked += 1
    assert checked >= 5


def chance_of_pattern(pattern: str, m: int, n: int) -> Fraction:
    """The chance that the next cards of a shoe of ``n`` with ``m`` pair cards are pair cards (P)
    and other cards (N) as in ``pattern``."""
    chance, m_left, n_left = Fraction(1), m, n
    for mark in pattern:
        chance *= Fraction(m_left if mark == "P" else n_left - m_left, n_left)
        m_left, n_left = m_left - (mark == "P"), n_left - 1
    return chance


# The second cards of the split hands, in order, as pair cards (P) and others (N, after which the
# hand is played out), that make a resplit: to three hands the first or the second hand's second
# card is a pair card; to four hands also a second pair card when at most two hands have been
# played out before it (one can be played out before the first resplit, two before the second).
RESPLITS = {3: ("P", "NP"), 4: ("P", "NP", "PP", "NPP", "PNP", "NPNP", "PNNP")}


@pytest.mark.parametrize("most", (3, 4))
@pytest.mark.parametrize("name", SHOES)
def test_resplit_chance_is_the_optional_stopping_value(name, most):
    # The chance that the next cards follow a pattern of pair cards and others is a martingale as
    # the cards are drawn, so by optional stopping the second cards of the split hands (each drawn
    # when the hand before it stops) make a pattern with the chance the next cards of the shoe
    # have: with m pair cards among the n cards left after the pair and the up card, to three
    # hands P(resplit) = m/n + (1 - m/n) m/(n - 1).
    shoe = SHOES[name]
    out = ez_bust_split_wagers(GameRules(decks=1, dealer=S17, split_hands=most), shoe)
    counts = shoe.by_value()
    for up_key, pairs in out["splits"].items():
        up = int(up_key[-1])
        for pair_key, entry in pairs.items():
            if pair_key[0] == "A":
                assert entry["resplit wagers per split"] == "0"  # aces split once
                continue
            pair = 10 if pair_key[0] == "T" else int(pair_key[0])
            m, n = counts[pair - 1] - 2 - (pair == up), shoe.total - 3
            expected = sum(chance_of_pattern(pattern, m, n) for pattern in RESPLITS[most])
            assert Fraction(entry["resplit wagers per split"]) == expected
            if most == 3:
                assert expected == Fraction(m, n) + Fraction(n - m, n) * Fraction(m, n - 1)


def test_split_wager_sees_what_the_deal_saw_and_the_round_totals():
    shoe = Shoe.decks(2)
    out = ez_bust_split_wagers(GameRules(decks=2, dealer=S17), shoe)
    deal = {(hand, up): r for r, hand, up in ez_bust_search(2, S17)}
    for up_key, pairs in out["splits"].items():
        for pair_key, entry in pairs.items():
            assert Fraction(entry["split wager return"]) == deal[(pair_key[0] * 2, up_key[-1])]
            assert entry["resplit wagers per split"] == "0"  # split once
    every = out["per_round"]["every time"]
    counts = shoe.by_value()
    assert Fraction(every["at the deal"]) == Fraction(sum(counts[1:6]), shoe.total)  # the up card is 2 to 6
    assert Fraction(every["at a split"]) == sum(Fraction(e["deal probability"]) for p in out["splits"].values()
                                                for e in p.values())
    assert out["per_round"]["as played"]["wagers"] == "0"  # no positive return from a full shoe


def test_as_played_bets_where_the_return_is_positive():
    # Take out the small cards: a dealer showing 2 to 6 busts more than half the time.
    shoe = Shoe.decks(1).remove("2 2 2 3 3 3 4 4 4 5 5 5 A A A")
    out = ez_bust_split_wagers(GameRules(decks=1, dealer=S17), shoe)
    played = out["per_round"]["as played"]
    assert Fraction(played["wagers"]) > 0 and Fraction(played["return per round"]) > 0
    every = out["per_round"]["every time"]
    assert Fraction(played["return per round"]) > Fraction(every["return per round"])
