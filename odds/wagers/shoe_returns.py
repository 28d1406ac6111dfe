"""The return of a side wager for the shoe as it stands, many times a second.

A simulator (or a sweep over the states a dealt shoe passes through) asks, before every round,
what the wager returns for the cards left. :func:`shoe_return` gives an object with two twins:

* ``exact(counts)``: the return per unit wagered as a :class:`fractions.Fraction`;
* ``fast(counts)``: the same as a float.

Both also give the chance that the wager is offered at all in the round (1 except for EZ Bust,
offered only on an up card of 2 to 6, 58 Pa. Code 633b.16(c)); the return is per wager placed.

``counts`` is a shoe state: a :class:`~odds.core.shoe.Shoe` (suits known), or a flat sequence of
52 whole numbers, rank major (``counts[4 * r + s]`` cards of rank ``RANKS[r]`` and suit
``SUITS[s]``), as :func:`odds.pricing.first_cards_closed.flat_counts` makes from a shoe: a list, a
tuple or a numpy array of integers. Each count is 0 to 1,000, a bool is not a count, and anything
else (ten counts by value among them) is a :class:`~odds.core.errors.ShoeError`, the same on the
exact and the fast twin: the exact twin checks with :func:`odds.engine.shoe_state.shoe_state`, the
fast twin's compiled code with the same check (``ext/shoe_counts.pxd``). A shoe too small for the
wager's deal, or on which the dealer can run out, is an :class:`~odds.core.errors.EngineError`,
on both twins alike (``docs/errors.md``, "Shoe states").

How each is computed:

* ``buster``, ``ez-bust``: the dealer kernel (``ext/dealer_kernel.pyx``) called directly. Exact:
  its integer counts of ordered draws, brought to one denominator in Python integers. Fast:
  :class:`odds.engine.dealer.DealerWeights`, the straight-line float propagation of the dealer's
  drawing hands with each bust's win weighed in C (the standing hands are not needed), straight from
  the 52 counts. Both give the values of
  :func:`odds.wagers.dealer_bust.buster_bust_probabilities` and
  :func:`~odds.wagers.dealer_bust.ez_bust_probability` without building a dealer table.
* ``21+3``, ``twenty-point-bonus``, ``royal-match-21``, ``kings-bounty``, ``match-the-dealer``,
  ``bust-it``: the closed forms of :mod:`odds.pricing.first_cards_closed` compiled
  (``ext/closed_counts.pyx``): the exact count of each outcome in 128-bit integers (exact), or
  their pay-weighted sum in doubles (fast). The Python forms, and the general first-cards engine,
  are the check the tests hold them to.

>>> from odds import Shoe, DealerRules
>>> from odds.wagers.paytables import builtin_paytables
>>> from odds.pricing.first_cards_closed import flat_counts
>>> buster = shoe_return("buster", builtin_paytables("buster").tables["C"].pays, DealerRules.parse("H17"))
>>> r, offered = buster.exact(flat_counts(Shoe.decks(6)))
>>> round(float(r), 6), offered
(-0.062143, Fraction(1, 1))
>>> abs(buster.fast(flat_counts(Shoe.decks(6)))[0] - float(r)) < 1e-13
True
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from odds.core.errors import WagerError
from odds.core.rules import DealerRules
from odds.pricing.shoe_return import TIE_BAND, ShoeReturn
from odds.pricing.shoe_returns import WIDE, deals_return, listed, record_return, recorded_deals

from . import WAGERS

__all__ = ["TIE_BAND", "WIDE", "ShoeReturn", "deals_return", "listed", "recorded_deals", "shoe_return",
           "streak_wagers", "swept_wagers"]


def swept_wagers() -> tuple[str, ...]:
    """The wagers whose return for a shoe as it stands is computed, in the registry's order."""
    return tuple(name for name, w in WAGERS.items() if w.shoe_return is not None)


def streak_wagers() -> tuple[str, ...]:
    """The swept wagers on wins in a row, whose return takes a streak's length."""
    return tuple(name for name in swept_wagers() if "streak" in WAGERS[name].shoe_return_options)


def shoe_return(wager: str, pays: Mapping[str, Fraction], rules: DealerRules = DealerRules(),
                **options: Any) -> ShoeReturn:
    """The return of ``wager`` with ``pays`` (a paytable's ``pays``) for any shoe; ``rules`` are
    the dealer's (they matter to the dealer-bust wagers only); ``options`` those of the wager's
    options its return takes (``Wager.shoe_return_options``: the twenty-point bonus's cap).

    Its ``exact``, ``ratio``, ``fast`` and ``decide`` take a shoe state: a
    :class:`~odds.core.shoe.Shoe`, or 52 whole numbers by rank and suit (rank major), each 0 to
    1,000, and refuse anything else with the same :class:`~odds.core.errors.ShoeError` (see the
    module's notes and ``docs/errors.md``, "Shoe states").

    >>> from odds import DealerRules
    >>> ret = shoe_return("buster", {"bust-3": 1, "bust-4": 2, "bust-5": 9, "bust-6": 50, "bust-7": 100,
    ...                              "bust-8+": 250}, DealerRules.parse("H17"))
    >>> ret.exact([-1] + [4] * 51)
    Traceback (most recent call last):
    ...
    odds.core.errors.ShoeError: a count of cards cannot be negative (count 0 is -1)
    """
    record = WAGERS.get(wager)
    if record is None or record.shoe_return is None:
        raise WagerError(f"the return for a shoe as it stands is computed for {', '.join(swept_wagers())}, "
                         f"not {wager!r}")
    return record_return(record, pays, rules, **options)
