"""Player expected values and whole-game figures against Wizard of Odds, Blackjack Appendix 9
(wizardofodds.com/games/blackjack/appendix/9/, last updated October 2019): tables of stand, hit
and double values of every two-card hand, made "using a recursive combinatorial program that
considered the exact hand composition at every step", and the expected return of the game with
resplitting to four hands (not aces) and one card to split aces. For splits, the page says, "the
program only considered how many hands the player had already split, but not the other cards
drawn in those hands": its game totals are therefore not exact, while the hand values are."""
from fractions import Fraction

import pytest

from odds import DealerRules
from odds.core.game_rules import GameRules
from odds.engine.player import PlayerEngine

# Six decks, H17, no hole card ("Player loses everything, including doubles and splits, if dealer
# gets a blackjack"), dealer ace up: stand, hit, double, as printed (wizardofodds.com/games/
# blackjack/appendix/9/euro-6dh17r4/).
SIX_DECK_H17_NO_HOLE_CARD_ACE_UP = """
2,A -0.722356 -0.379910 -1.024099
3,A -0.722119 -0.403855 -1.023717
3,2 -0.721887 -0.529734 -1.443774
4,A -0.721866 -0.429265 -1.025989
4,2 -0.721646 -0.548031 -1.434834
4,3 -0.721415 -0.554273 -1.369282
5,A -0.721965 -0.454867 -1.030051
5,4 -0.721243 -0.396287 -0.932671
6,A -0.665166 -0.463296 -0.999484
6,5 -0.720879 -0.235772 -0.535879
"""


def printed(x) -> str:
    """A value as the tables print it: six decimals, rounded half up."""
    q = Fraction(x) * 10 ** 6
    n = (abs(q.numerator) * 2 + q.denominator) // (2 * q.denominator)
    return f"{'-' if q < 0 and n else ''}{n // 10 ** 6}.{n % 10 ** 6:06d}"


def test_printed_rounds_half_up():
    assert printed(Fraction(-1234565, 10 ** 7)) == "-0.123457" and printed(Fraction(1, 3)) == "0.333333"


def test_six_deck_h17_no_hole_card_hand_values():
    engine = PlayerEngine(GameRules(decks=6, dealer=DealerRules.parse("H17", peek=False)))
    for line in SIX_DECK_H17_NO_HOLE_CARD_ACE_UP.strip().splitlines():
        hand, *published = line.split()
        values = engine.option_values(*hand.split(","), "A")
        assert [printed(values[o]) for o in ("stand", "hit", "double")] == published, hand


def test_one_deck_s17_hand_values_given_no_dealer_blackjack():
    # wizardofodds.com/games/blackjack/appendix/9/1ds17r4/, dealer A, player 2,A, conditioned on
    # the dealer having no blackjack: -0.661732 -0.067808 -0.593281.
    engine = PlayerEngine(GameRules(decks=1, dealer=DealerRules.parse("S17")))
    values = engine.option_values("2", "A", "A")
    no_blackjack = 1 - Fraction(16, 49)  # the hole card: 49 cards left, 16 tens
    assert [printed(values[o] / no_blackjack) for o in ("stand", "hit", "double")] == [
        "-0.661732", "-0.067808", "-0.593281"]


# The game totals (resplit to four hands, aces once): the engine's exact splits against the page's
# approximate ones. They agree to within 1e-5 of a unit; the differences (at most 0.0009%) are the
# page's split approximation. Each row: decks, rule, peek, DAS, published expected return.
WIZARD_GAME_TOTALS = [
    (1, "S17", True, True, "0.001839"),   # appendix/9/1ds17r4/
    (2, "H17", True, False, "-0.005252"),  # appendix/9/2dh17r4/
    (5, "S17", True, True, "-0.003804"),  # appendix/9/5ds17r4/
    (8, "H17", False, True, "-0.007562"),  # appendix/9/euro-8dh17r4/
]


@pytest.mark.parametrize("decks, rule, peek, das, published", WIZARD_GAME_TOTALS)
def test_game_totals_near_the_approximate_published_ones(decks, rule, peek, das, published):
    rules = GameRules(decks=decks, dealer=DealerRules.parse(rule, peek=peek), das=das, split_hands=4)
    value = Fraction(PlayerEngine(rules, exact=False).round_value()[0])
    assert abs(value - Fraction(published)) < Fraction(1, 10 ** 5)
