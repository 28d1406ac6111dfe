"""The one check of a shoe state (built from ``ext/shoe_state.pyx``)."""
from typing import Any

MOST_OF_EACH: int
MOST_CARDS: int

def shoe_state(shoe: Any) -> list[int]:
    """The 52 counts by rank and suit (rank major) of a Shoe or of 52 whole numbers, checked;
    a :class:`~odds.core.errors.ShoeError` otherwise."""
