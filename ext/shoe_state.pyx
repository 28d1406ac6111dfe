# cython: language_level=3
"""The one check of a shoe state, for Python: ``shoe_state(shoe)`` is the list of 52 counts by
rank and suit (rank major) that every wager's return is computed from, or a
:class:`~odds.core.errors.ShoeError` saying what is wrong (``docs/errors.md``, "Shoe states").
The compiled float paths read their counts through the same ``read_counts``
(``ext/shoe_counts.pxd``), so that both paths accept and refuse the same states, in the same words.

>>> from odds import Shoe
>>> shoe_state(Shoe.decks(1)) == [1] * 52
True
>>> shoe_state([4] * 10)
Traceback (most recent call last):
...
odds.core.errors.ShoeError: a shoe as counts is 52 whole numbers by rank and suit (rank major: A, 2, ..., K; suits S, H, D, C), not 10
"""
from shoe_counts cimport MAX_CARDS, MAX_EACH, read_counts

MOST_OF_EACH = MAX_EACH  # the most of one card (rank and suit) a shoe state holds
MOST_CARDS = MAX_CARDS  # the most cards a shoe state holds


def shoe_state(shoe):
    """The 52 counts of ``shoe`` (a :class:`~odds.core.shoe.Shoe` whose suits are known, or a
    sequence of 52 whole numbers: a list, a tuple, a numpy array), as a new list of ``int``."""
    cdef long long c[52]
    cdef int i
    read_counts(shoe, c, False)
    return [c[i] for i in range(52)]
