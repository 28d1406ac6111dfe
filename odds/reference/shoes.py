"""The small shoes on which the brute forces of the main game (:mod:`odds.reference.game`,
:mod:`odds.reference.outcomes`) are run against the engines, exactly, in the tests and in
certification reports.

Each shoe is given by value (aces, twos, ..., nines, ten-values) and named by its cards: "A2 22 52
82 T6 (14)" holds two aces, two twos, two fives, two eights and six ten-values, 14 cards. Aces,
ten-values and pairs are in every shoe, so that blackjacks, doubles and splits all happen, and
there are enough cards that neither the player nor the dealer ever runs out (on a shoe that can
run out the game is not defined).

>>> sum(SHOES["A2 22 52 82 T6 (14)"])
14
>>> all(sum(counts) == int(name.split("(")[1].rstrip(")")) for name, counts in {**SHOES, **RESPLIT_SHOES}.items())
True
"""

# For rules that split a pair once (to two hands) or not at all.
SHOES = {
    "A2 3 5 7 9 T5 (13)": (2, 0, 1, 0, 2, 0, 1, 0, 2, 5),
    "A2 22 52 82 T6 (14)": (2, 2, 0, 0, 2, 0, 0, 2, 0, 6),
    "A3 52 62 T6 (13)": (3, 0, 0, 0, 2, 2, 0, 0, 0, 6),
    "A 32 62 82 T5 (12)": (1, 0, 2, 0, 0, 2, 0, 2, 0, 5),
    "A2 22 32 72 T8 (16)": (2, 2, 2, 0, 0, 0, 2, 0, 0, 8),
}

# For resplitting (to three or four hands): three or four cards of a pair value and enough tens
# that four hands and the dealer never run out of cards.
RESPLIT_SHOES = {
    "A4 T12 (16)": (4, 0, 0, 0, 0, 0, 0, 0, 0, 12),
    "A3 73 T12 (18)": (3, 0, 0, 0, 0, 0, 3, 0, 0, 12),
    "A4 83 92 T10 (19)": (4, 0, 0, 0, 0, 0, 0, 3, 2, 10),
    "A3 23 92 T11 (19)": (3, 3, 0, 0, 0, 0, 0, 0, 2, 11),
    "A3 63 83 T10 (19)": (3, 0, 0, 0, 0, 3, 0, 3, 0, 10),
}


def shoes_for(split_hands: int) -> dict:
    """The small shoes for rules that split a pair to at most ``split_hands`` hands.

    >>> list(shoes_for(4)) == list(RESPLIT_SHOES)
    True
    """
    return RESPLIT_SHOES if split_hands > 2 else SHOES
