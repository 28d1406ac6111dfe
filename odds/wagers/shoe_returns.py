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

from array import array
from fractions import Fraction
from functools import cached_property
from math import lcm, perm
from operator import mul
from typing import Any, Callable, Mapping, Optional, Sequence, cast

import numpy

from odds.core.cards import value_label
from odds.core.errors import EngineError, InternalError, WagerError
from odds.core.rules import DealerRules
from odds.engine.dealer import DealerWeights
from odds.engine.dealer_graph import RESULTS, dealer_graph, dealer_kernel
from odds.engine.first_cards import DealPays, count_first_cards, deal_pays
from odds.engine.kernels import closed_counts
from odds.engine.shoe_state import shoe_state

from odds.pricing.first_cards_base import paid_hand, settlements
from odds.pricing.first_cards_closed import COMPILED

EZ_UPCARDS = (2, 3, 4, 5, 6)  # point values on which EZ Bust is offered
BUST = RESULTS.index("bust")
TIE_BAND = 1e-9  # a float return this close to 0 has its sign decided in exact arithmetic
WIDE = 14  # the cards axis of the dealer's weights (odds.engine.dealer.dealer_expectation)


def _scaled(pays: Mapping[str, Fraction]) -> tuple[int, dict[str, int]]:
    """A common denominator of the pays and each pay times it."""
    scale = lcm(*(Fraction(p).denominator for p in pays.values())) if pays else 1
    return scale, {k: int(Fraction(p) * scale) for k, p in pays.items()}


def listed(counts: Any) -> Sequence[int]:
    """A shoe state as a list or tuple, for a fast twin that sums its counts in Python: a list or
    tuple as it is (the compiled code that reads it checks it), anything else (a Shoe, a numpy
    array) checked and made a list by :func:`~odds.engine.shoe_state.shoe_state`.

    >>> from odds import Shoe
    >>> listed(Shoe.decks(1)) == [1] * 52
    True
    """
    return counts if type(counts) is list or type(counts) is tuple else shoe_state(counts)


class ShoeReturn:
    """The return of one wager and paytable for any shoe (see the module's notes)."""

    wager = ""
    method = ""

    def ratio(self, counts: Sequence[int]) -> tuple[int, int, int, int]:
        """The exact return per unit wagered as ``num / den`` and the chance the wager is offered
        as ``onum / oden``, integers with ``den, oden > 0``."""
        return self._exact(shoe_state(counts))

    def _exact(self, counts: list[int]) -> tuple[int, int, int, int]:
        """:meth:`ratio` of a shoe state already checked."""
        raise NotImplementedError

    def exact(self, counts: Sequence[int]) -> tuple[Fraction, Fraction]:
        """(return per unit wagered, chance the wager is offered), exact."""
        num, den, onum, oden = self.ratio(counts)
        return Fraction(num, den), Fraction(onum, oden)

    def fast(self, counts: Sequence[int]) -> tuple[float, float]:
        """The same as floats (the shoe state checked by the compiled code that reads it)."""
        raise NotImplementedError

    def decide(self, counts: Sequence[int], exact: bool) -> tuple[float, float, bool]:
        """(return, chance offered, is the return > 0?) as floats and a sign that is always exact:
        from the exact ratio (its floats correctly rounded), or from the floats with a return
        within ``TIE_BAND`` of 0 decided in exact arithmetic."""
        if exact:
            num, den, onum, oden = self.ratio(counts)
            return num / den, onum / oden, num > 0
        r, q = self.fast(counts)
        return r, q, (r > 0 if abs(r) >= TIE_BAND else self.ratio(counts)[0] > 0)


class _AlwaysOffered(ShoeReturn):
    """A wager offered every round, its return one exact ratio ``_return(counts)``."""

    def _return(self, counts: list[int]) -> tuple[int, int]:
        raise NotImplementedError

    def _exact(self, counts: list[int]) -> tuple[int, int, int, int]:
        num, den = self._return(counts)
        return num, den, 1, 1


class _Compiled(_AlwaysOffered):
    """A wager whose return is a compiled closed form (``odds.engine.closed_counts``): the count
    of each outcome and the cycle, each outcome paid ``pay_of(outcome)`` (scaled to integers)."""

    def __init__(self, wager: str, pay_of: Callable[[object], int], scale: int, method: str) -> None:
        self.wager, self.scale, self.method = wager, scale, method
        self.form = closed_counts.FORMS.index(wager)
        self.pays = [pay_of(outcome) for outcome in COMPILED[wager]]
        self._float_pays = array("d", [p / scale for p in self.pays])

    def _return(self, counts: list[int]) -> tuple[int, int]:
        terms = closed_counts.closed_terms(self.form, counts)
        return sum(map(mul, self.pays, terms)), terms[-1] * self.scale

    def fast(self, counts: Sequence[int]) -> tuple[float, float]:
        return closed_counts.closed_mean(self.form, counts, self._float_pays), 1.0


class _ShoePaidTop(_Compiled):
    """A compiled closed form whose first outcome is paid ``top_pay(counts)`` per unit, a pay that
    depends on the shoe (the twenty-point bonus under its aggregate payout limit)."""

    def __init__(self, wager: str, pay_of: Callable[[object], int], scale: int, method: str,
                 top_pay: Callable[[Sequence[int]], Fraction]) -> None:
        super().__init__(wager, pay_of, scale, method)
        self.top_pay = top_pay

    def _exact(self, counts: list[int]) -> tuple[int, int, int, int]:
        terms = closed_counts.closed_terms(self.form, counts)
        ret = Fraction(sum(map(mul, self.pays[1:], terms[1:-1])), self.scale * terms[-1])
        if terms[0]:
            ret += self.top_pay(counts) * Fraction(terms[0], terms[-1])
        return ret.numerator, ret.denominator, 1, 1

    def fast(self, counts: Sequence[int]) -> tuple[float, float]:
        num, den, _, _ = self.ratio(counts)
        return num / den, 1.0


def _first_cards(wager: str, pays: Mapping[str, Fraction], method: str,
                 top_pay: Optional[Callable[[Sequence[int]], Fraction]] = None) -> _Compiled:
    """A compiled closed form whose outcomes are classifications (tuples of hands, best first),
    each paid as the par sheet pays it (:func:`paid_hand`; a loss when no hand is paid); the first
    paid ``top_pay(counts)`` when given."""
    scale, scaled = _scaled(pays)

    def pay_of(atom: object) -> int:
        hand = paid_hand(cast(tuple, atom), scaled)
        return -scale if hand is None else scaled[hand]

    if top_pay is not None:
        return _ShoePaidTop(wager, pay_of, scale, method, top_pay)
    return _Compiled(wager, pay_of, scale, method)


class _Deals(_AlwaysOffered):
    """A first-cards wager paid deal by deal as its par sheet pays each deal (``deals``, read off
    the sheet: :func:`~odds.pricing.first_cards_base.settlements`): exact, the general first-cards
    engine's count of every deal (the par sheet's own); fast, the compiled sum over the deals."""

    def __init__(self, wager: str, deals: DealPays) -> None:
        self.wager, self.deals = wager, deals
        self.scale = lcm(*(p.denominator for p in deals.atom_pays.values()))
        self._pays = {atom: int(p * self.scale) for atom, p in deals.atom_pays.items()}
        self.method = ("every deal of the deciding cards paid as the par sheet pays it: the first-cards engine's "
                       "exact count (exact), or its compiled sum over the deals (fast)")

    def _return(self, counts: list[int]) -> tuple[int, int]:
        from odds.core.shoe import Shoe
        ways, cycle = count_first_cards(self.deals.game, Shoe.from_flat_counts(counts))
        return sum(self._pays[atom] * w for atom, w in ways.items()), cycle * self.scale

    def fast(self, counts: Sequence[int]) -> tuple[float, float]:
        return self.deals.mean(counts), 1.0


def recorded_deals(wager: str, record_sheet: Callable[[int], object]) -> Optional[_Deals]:
    """The :class:`_Deals` return of ``wager`` from how ``record_sheet(decks)`` (its par sheet of a
    shoe of ``decks`` decks) pays each deal, read at four decks (every deal of up to four cards is
    met) and at five; None when that is not one sheet of dealt first cards, or when the pays
    differ between the two shoes (a pay that depends on the shoe: then only the sheet prices it)."""
    readings = []
    for decks in (4, 5):
        with settlements() as recorded:
            record_sheet(decks)
        if len(recorded) != 1:
            return None
        readings.append(recorded[0])
    if readings[0][1] != readings[1][1]:
        return None
    game, pays = readings[0]
    if game.k > 4:
        raise InternalError(f"{wager}: a deal of {game.k} cards is not met in full on a shoe of four of each card")
    return _Deals(wager, deal_pays(game, pays))


def deals_return(wager: str) -> Callable[..., ShoeReturn]:
    """A first-cards wager's return paid deal by deal, as a record's ``shoe_return``:
    ``(pays, rules, **options) -> ShoeReturn`` (a progressive's pays at its meters given as plain
    pays; ``options`` those of the wager's, a defined wager's choices among them)."""

    def make(pays: Mapping[str, Fraction], rules: DealerRules = DealerRules(), **options: Any) -> ShoeReturn:
        from odds.core.shoe import Shoe
        from . import get_wager
        from odds.pricing.paytables import Paytable
        record = get_wager(wager)
        table = Paytable(wager, "given", {k: Fraction(v) for k, v in pays.items()}, "the pays given", None, "")
        made = recorded_deals(wager, lambda decks: record.price(Shoe.decks(decks), rules, table, decks,
                                                                record.build_options(options)))
        if made is None:
            raise InternalError(f"{wager}: its par sheet is not one sheet of dealt first cards")
        return made

    return make


class _Dealer(ShoeReturn):
    """Shared by the dealer-bust wagers: the kernel's bust buckets by up card and cards."""

    max_cards = WIDE - 1  # the most cards in a dealer's hand a weight is given for

    def __init__(self, rules: DealerRules) -> None:
        self.rules = rules
        # the fast twin's weights of (up card, result, cards) for DealerWeights
        self._weights = numpy.zeros((10, len(RESULTS), WIDE))
        self._h17 = rules.hits_soft_17

    # The exact twin's graph and kernel are built on its first use (a tenth of a second): the fast
    # twin needs neither.
    @cached_property
    def kernel(self) -> Any:
        return dealer_kernel(self._h17)

    @cached_property
    def _expectation(self) -> Any:
        """The fast twin: ``DealerWeights`` of the weights the wager set (made on first use)."""
        return DealerWeights(self._weights, self._h17, by_value=False)

    @cached_property
    def busts(self) -> tuple[tuple[int, int, int], ...]:
        """(up card value, number of cards, bucket) of every dealer bust."""
        g = dealer_graph(self._h17)
        if g.max_cards > self.max_cards:
            raise InternalError(f"the dealer's hands hold up to {g.max_cards} cards, weights stop at {self.max_cards}")
        return tuple((up, k, g.bucket(up, "bust", k)) for up in range(1, 11) for k in range(3, g.max_cards + 1))

    @staticmethod
    def by_value(counts: Sequence[int]) -> list[int]:
        v = [sum(counts[4 * r:4 * r + 4]) for r in range(9)]
        v.append(sum(counts[36:52]))
        return v

    def _nums(self, v: Sequence[int], total: int) -> list[int]:
        if total < 2:
            raise EngineError(f"the shoe holds {total} card(s); a dealer hand needs at least 2")
        nums, starved = self.kernel.exact(v, total)
        if starved >= 0:  # the words of the fast twin (ext/dealer_kernel.pyx, _small_shoe)
            up = value_label(self.kernel.upcard_of(starved) + 1)
            raise EngineError(f"the shoe ({total} cards) can run out before the dealer finishes a hand with up card {up}")
        return nums

    def _bust_sum(self, v: Sequence[int], total: int, weight: Callable[[int, int], int]) -> tuple[int, int]:
        """Sum over every dealer bust (up card u, k cards) of weight(u, k) * P(u up, bust with k),
        as an integer numerator and denominator: P = v[u] nums / (total)_k, (n)_k falling."""
        nums = self._nums(v, total)
        live = [(up, k, nums[b]) for up, k, b in self.busts if nums[b] and v[up - 1]]
        most = max((k for _, k, _ in live), default=2)
        num = sum(weight(up, k) * v[up - 1] * n * perm(total - k, most - k) for up, k, n in live)
        return num, perm(total, most)


class _Buster(_Dealer):
    wager = "buster"

    def __init__(self, pays: Mapping[str, Fraction], rules: DealerRules) -> None:
        super().__init__(rules)
        self.scale, scaled = _scaled(pays)
        # a bust with k cards wins pay + 1 over the loss of the unit (pays "to 1")
        self.win = [0, 0, 0] + [scaled[f"bust-{k}" if k < 8 else "bust-8+"] + self.scale
                                for k in range(3, self.max_cards + 1)]
        for k in range(3, self.max_cards + 1):
            self._weights[:, BUST, k] = self.win[k]
        self.method = ("dealer kernel over the drawing graph: exact integer counts of ordered draws "
                       "(exact), or its float probabilities (fast)")

    def _exact(self, counts: list[int]) -> tuple[int, int, int, int]:
        v = self.by_value(counts)
        num, den = self._bust_sum(v, sum(v), lambda up, k: self.win[k])
        return num - den * self.scale, den * self.scale, 1, 1

    def fast(self, counts: Sequence[int]) -> tuple[float, float]:
        return self._expectation(counts) / self.scale - 1.0, 1.0


class _EzBust(_Dealer):
    wager = "ez-bust"

    def __init__(self, pays: Mapping[str, Fraction], rules: DealerRules) -> None:
        super().__init__(rules)
        self.pay = Fraction(pays["bust"])
        self._paid = float(self.pay + 1)
        for u in EZ_UPCARDS:
            self._weights[u - 1, BUST, :] = 1.0
        self.method = ("dealer kernel over the drawing graph: P(bust | up card 2 to 6), weighted by the "
                       "chance of each up card; exact integer counts (exact) or floats (fast)")

    def _exact(self, counts: list[int]) -> tuple[int, int, int, int]:
        v = self.by_value(counts)
        total = sum(v)
        offered = sum(v[u - 1] for u in EZ_UPCARDS)
        if not offered:
            self._nums(v, total)  # a shoe the dealer cannot finish on is refused, as by the fast twin
            return 0, 1, 0, 1
        num, den = self._bust_sum(v, total, lambda up, k: 1 if up in EZ_UPCARDS else 0)
        # P(bust | the wager is offered) = num total / (den offered); pays p/q to 1
        p, q = self.pay.numerator, self.pay.denominator
        return (p + q) * num * total - q * den * offered, q * den * offered, offered, total

    def fast(self, counts: Sequence[int]) -> tuple[float, float]:
        counts = listed(counts)
        busts = self._expectation(counts)  # P(bust and the wager offered); the shoe state checked first
        offered = sum(counts[4 * EZ_UPCARDS[0] - 4:4 * EZ_UPCARDS[-1]])  # ranks 2 to 6
        if not offered:
            return 0.0, 0.0
        total = sum(counts)
        return self._paid * (busts * total / offered) - 1.0, offered / total


def match_the_dealer_return(pays: Mapping[str, Fraction], rules: DealerRules = DealerRules()) -> ShoeReturn:
    """Match the dealer's return for any shoe (the dealer's rules do not matter): the weighted counts
    of :func:`~odds.pricing.first_cards_closed.count_match_the_dealer`, each matching card paid."""
    return _first_cards("match-the-dealer", pays,
                        "closed form over the up card's rank and suit (exact integers, compiled; checked against "
                        "the general first-cards engine)")


def bust_it_return(pays: Mapping[str, Fraction], rules: DealerRules = DealerRules()) -> ShoeReturn:
    """Bust It's return for any shoe (the dealer's rules do not matter: only a hard 12 to 16 busts
    with one card): the count of :func:`~odds.wagers.dealer_bust.bust_it_combinations`, compiled."""
    scale, scaled = _scaled(pays)
    return _Compiled("bust-it", lambda outcome: -scale if outcome == "lose" else scaled[cast(str, outcome)], scale,
                     "closed form over the dealer's first three cards by value, and the eights by suit (exact "
                     "integers, compiled; checked against the par sheet's count)")


def buster_return(pays: Mapping[str, Fraction], rules: DealerRules = DealerRules()) -> ShoeReturn:
    """Buster's return for any shoe, with ``pays`` (a paytable's ``pays``) and the dealer's ``rules``."""
    return _Buster(pays, rules)


def ez_bust_return(pays: Mapping[str, Fraction], rules: DealerRules = DealerRules()) -> ShoeReturn:
    """EZ Bust's return for any shoe, placed on every up card it is offered on."""
    return _EzBust(pays, rules)


def shoe_paid_top_return(wager: str, pays: Mapping[str, Fraction], top_pay: Callable[[Sequence[int]], Fraction],
                         method: str) -> ShoeReturn:
    """The closed form of ``wager`` with its first outcome paid ``top_pay(counts)``, a pay that
    depends on the shoe (exact; the float twin divides the same exact ratio)."""
    return _first_cards(wager, pays, method, top_pay)


def closed_form_return(wager: str) -> Callable[..., ShoeReturn]:
    """The return of a first-cards wager with a closed form (:data:`~odds.pricing.first_cards_closed.COMPILED`), as a record's
    ``shoe_return``: ``(pays, rules) -> ShoeReturn`` (the dealer's rules do not matter)."""

    def make(pays: Mapping[str, Fraction], rules: DealerRules = DealerRules()) -> ShoeReturn:
        return _first_cards(wager, pays, "closed-form count of every deal of the deciding cards by rank and suit "
                                         "(exact integers, compiled; checked against the general first-cards engine)")

    return make


def swept_wagers() -> tuple[str, ...]:
    """The wagers whose return for a shoe as it stands is computed, in the registry's order."""
    from . import WAGERS
    return tuple(name for name, w in WAGERS.items() if w.shoe_return is not None)


def streak_wagers() -> tuple[str, ...]:
    """The swept wagers on wins in a row, whose return takes a streak's length."""
    from . import WAGERS
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
    from . import WAGERS
    record = WAGERS.get(wager)
    if record is None or record.shoe_return is None:
        raise WagerError(f"the return for a shoe as it stands is computed for {', '.join(swept_wagers())}, "
                         f"not {wager!r}")
    given = {k: v for k, v in options.items() if v not in (None, False, (), "")}
    refused = sorted(set(given) - set(record.shoe_return_options))
    if refused:
        raise WagerError(f"the return of {wager} for a shoe as it stands takes no option {refused[0]}")
    return record.shoe_return(pays, rules, **given)
