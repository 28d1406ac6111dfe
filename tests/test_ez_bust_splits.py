"""EZ Bust's split wagers (58 Pa. Code 633b.16(c)(2)): odds.wagers.dealer_bust.ez_bust_split_wagers
against a card-by-card walk of the split, the optional-stopping identity for the resplit's chance,
and the deal's own return."""
from fractions import Fraction

import pytest

from odds import DealerRules, Shoe
from odds.core.actions import DOUBLE, STAND
from odds.core.cards import value_label
from odds.core.errors import WagerError
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
    row = dealer_table(shoe.remove([value_label(v) for v in removed]), S17).by_upcard[value_label(up)]
    return 2 * row.probability("bust") - 1


def walked_resplits(engine: PlayerEngine, shoe: Shoe, pair: int, up: int) -> tuple:
    """The resplit wagers of one split, to three hands, card by card: the first hand's second card,
    then (when it is not a pair card) the first hand played by the Python engine's rule D to its
    end, then the second hand's second card. (chance of a resplit, summed chance x return)."""
    left = list(shoe.by_value())
    for v in (pair, pair, up):
        left[v - 1] -= 1
    aside = PlayerEngine.pair_cards_aside(pair, 0)
    found = [Fraction(0), Fraction(0)]

    def resplit(left: list, drawn: list, chance: Fraction) -> None:
        n = sum(left)
        if left[pair - 1] and n:
            q = chance * Fraction(left[pair - 1], n)
            found[0] += q
            found[1] += q * bust_return(shoe, [pair] * 3 + drawn, up)

    def draw(left: list, drawn: list, chance: Fraction):
        n = sum(left)
        for v in range(1, 11):
            if left[v - 1]:
                rest = list(left)
                rest[v - 1] -= 1
                yield v, rest, drawn + [v], chance * Fraction(left[v - 1], n)

    def play_on(hand: tuple, left: list, drawn: list, chance: Fraction) -> None:
        total, _ = hand_total(hand)
        if total >= 21 or not engine.hit(hand, aside, up) > engine.stand(cards_out(hand, aside), up, total, 1):
            resplit(left, drawn, chance)
            return
        for v, rest, more, p in draw(left, drawn, chance):
            play_on(add_card(hand, v), rest, more, p)

    start = add_card(tuple([0] * 10), pair)
    for c, rest, drawn, p in draw(left, [], Fraction(1)):
        if c == pair:
            found[0] += p
            found[1] += p * bust_return(shoe, [pair] * 3, up)
            continue
        hand = add_card(start, c)
        option = STAND if hand_total(hand)[0] == 21 or pair == 1 else engine.decide(hand, pair, up, True)
        if option == STAND:
            resplit(rest, drawn, p)
        elif option == DOUBLE:
            for _, after, more, q in draw(rest, drawn, p):
                resplit(after, more, q)
        else:
            for v, after, more, q in draw(rest, drawn, p):
                play_on(add_card(hand, v), after, more, q)
    return found[0], found[1]


@pytest.mark.parametrize("name", SHOES)
def test_resplit_wagers_equal_a_card_by_card_walk(name):
    shoe = SHOES[name]
    game = GameRules(decks=1, dealer=S17, split_hands=3, das=True)
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
            chance, summed = walked_resplits(python, shoe, pair, up)
            assert Fraction(entry["resplit wagers per split"]) == chance
            if chance:
                assert Fraction(entry["resplit wager return"]) == summed / chance
                checked += 1
    assert checked >= 5


@pytest.mark.parametrize("name", SHOES)
def test_resplit_chance_is_the_optional_stopping_value(name):
    # The share of pair cards among the cards left is a martingale as the cards are drawn, so the
    # second hand's second card (drawn after the first hand stops) is a pair card with the chance
    # the first hand's second card has: P(resplit) = m/n + (1 - m/n) m/(n - 1), m pair cards
    # among the n cards left after the pair and the up card.
    shoe = SHOES[name]
    out = ez_bust_split_wagers(GameRules(decks=1, dealer=S17, split_hands=3), shoe)
    counts = shoe.by_value()
    for up_key, pairs in out["splits"].items():
        up = int(up_key[-1])
        for pair_key, entry in pairs.items():
            if pair_key[0] == "A":
                assert entry["resplit wagers per split"] == "0"  # aces split once
                continue
            pair = 10 if pair_key[0] == "T" else int(pair_key[0])
            n = shoe.total - 3
            m = counts[pair - 1] - 2 - (pair == up)
            assert Fraction(entry["resplit wagers per split"]) == Fraction(m, n) + Fraction(n - m, n) * Fraction(m, n - 1)


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


def test_four_hands_are_refused_in_one_line():
    with pytest.raises(WagerError, match="three hands"):
        ez_bust_split_wagers(GameRules(decks=1, dealer=S17, split_hands=4), Shoe.decks(1))
