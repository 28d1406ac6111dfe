"""The return of a side wager for the shoe as it stands: the machinery every wager's fast return
is built from (:mod:`odds.wagers.shoe_returns` finds a wager's by name and says how each is computed).

A :class:`ShoeReturn` has two twins, ``exact(counts)`` (a :class:`fractions.Fraction`) and
``fast(counts)`` (a float), each with the chance the wager is offered; ``counts`` is a shoe state
(a :class:`~odds.core.shoe.Shoe`, or 52 counts by rank and suit, rank major), checked alike by both.
Here: the compiled closed forms (:class:`CompiledReturn`, :func:`closed_form_return`), the
first-cards wagers paid deal by deal as their par sheet pays (:class:`DealsReturn`), and the
common parts (:func:`scaled_pays`, :func:`listed`, :data:`TIE_BAND`).

>>> scaled_pays({"a": Fraction(5, 2), "b": Fraction(1, 3)})
(6, {'a': 15, 'b': 2})
"""
from __future__ import annotations

from array import array
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from operator import mul
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Sequence, cast

from odds.core.errors import InternalError, WagerError
from odds.core.rules import DealerRules
from odds.core.shoe import Shoe
from odds.engine.deal_law import DealLaw
from odds.engine.first_cards import DealPays, FirstCardsGame, count_first_cards, deal_pays
from odds.engine.kernels import closed_counts
from odds.engine.shoe_state import shoe_state

from .first_cards_base import paid_hand, settlements
from .first_cards_closed import COMPILED
from .paytables import Paytable
from .shoe_return import ShoeReturn

if TYPE_CHECKING:
    from .record import Wager

WIDE = 14  # the cards axis of the dealer's weights (odds.engine.dealer.dealer_expectation)


def scaled_pays(pays: Mapping[str, Fraction]) -> tuple[int, dict[str, int]]:
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


class AlwaysOffered(ShoeReturn):
    """A wager offered every round, its return one exact ratio ``_return(counts)``."""

    def _return(self, counts: list[int]) -> tuple[int, int]:
        raise NotImplementedError

    def _exact(self, counts: list[int]) -> tuple[int, int, int, int]:
        num, den = self._return(counts)
        return num, den, 1, 1


class CompiledReturn(AlwaysOffered):
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

    def fast_many(self, states: Any) -> Any:
        """Every row at once, in the compiled loop (no Python object a state)."""
        import numpy
        out = numpy.empty(len(states), dtype=numpy.float64)
        closed_counts.closed_mean_many(self.form, states, self._float_pays, out)
        return out


class _ShoePaidTop(CompiledReturn):
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

    def fast_many(self, states: Any) -> Any:
        """A row at a time: the top pay depends on the shoe, so the compiled loop's fixed pays do not serve."""
        return ShoeReturn.fast_many(self, states)


def first_cards_return(wager: str, pays: Mapping[str, Fraction], method: str,
                 top_pay: Optional[Callable[[Sequence[int]], Fraction]] = None) -> CompiledReturn:
    """A compiled closed form whose outcomes are classifications (tuples of hands, best first),
    each paid as the par sheet pays it (:func:`paid_hand`; a loss when no hand is paid); the first
    paid ``top_pay(counts)`` when given."""
    scale, scaled = scaled_pays(pays)

    def pay_of(atom: object) -> int:
        hand = paid_hand(cast(tuple, atom), scaled)
        return -scale if hand is None else scaled[hand]

    if top_pay is not None:
        return _ShoePaidTop(wager, pay_of, scale, method, top_pay)
    return CompiledReturn(wager, pay_of, scale, method)


class _Deals(AlwaysOffered):
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

    def deal_law(self) -> DealLaw:
        return self.deals.deal_law()

    def fast_many(self, states: Any) -> Any:
        """Every row at once, in the first-cards kernel's compiled loop."""
        import numpy
        out = numpy.empty(len(states), dtype=numpy.float64)
        self.deals.mean_many(states, out)
        return out


def recorded_deals(wager: str, record_sheet: Callable[[int], object]) -> Optional[_Deals]:
    """The :class:`_Deals` return of ``wager`` from how ``record_sheet(decks)`` (its par sheet of a
    shoe of ``decks`` decks) pays each deal, read at as many decks as the deal has cards, at least
    four (so that every deal is met), and at one more; None when that is not one sheet of dealt
    first cards, or when the pays differ between the two shoes (a pay that depends on the shoe:
    then only the sheet prices it)."""
    def reading(decks: int) -> Optional[tuple[FirstCardsGame, Mapping]]:
        with settlements() as recorded:
            record_sheet(decks)
        return recorded[0] if len(recorded) == 1 else None

    first = reading(4)
    if first is not None and first[0].k > 4:
        first = reading(first[0].k)  # every deal of k cards is met on a shoe of k decks
    second = None if first is None else reading(max(4, first[0].k) + 1)
    if first is None or second is None or first[1] != second[1]:
        return None
    game, pays = first
    return _Deals(wager, deal_pays(game, pays))


@dataclass(frozen=True)
class DealsReturn:
    """A first-cards wager's return paid deal by deal, as a record's ``shoe_return``:
    ``(pays, rules, **options) -> ShoeReturn`` (a progressive's pays at its meters given as plain
    pays; ``options`` those of the wager's, a defined wager's choices among them). How each deal is
    paid is read off the par sheet of the record it is given to, which binds it to itself
    (:meth:`bound_to`, called by :class:`~odds.pricing.record.Wager`)."""

    wager: str
    record: Optional[Wager] = None

    def bound_to(self, record: Wager) -> DealsReturn:
        return DealsReturn(self.wager, record)

    def __call__(self, pays: Mapping[str, Fraction], rules: DealerRules = DealerRules(), **options: Any) -> ShoeReturn:
        record = self.record
        if record is None:
            raise InternalError(f"{self.wager}: its deal-by-deal return is not bound to a wager record")
        table = Paytable(self.wager, "given", {k: Fraction(v) for k, v in pays.items()}, "the pays given", None, "")
        made = recorded_deals(self.wager, lambda decks: record.price(Shoe.decks(decks), rules, table, decks,
                                                                     record.build_options(options)))
        if made is None:
            raise InternalError(f"{self.wager}: its par sheet is not one sheet of dealt first cards")
        return made


def deals_return(wager: str) -> DealsReturn:
    """The :class:`DealsReturn` of ``wager``, for its record's ``shoe_return``."""
    return DealsReturn(wager)


def record_return(record: Wager, pays: Mapping[str, Fraction], rules: DealerRules = DealerRules(),
                  **options: Any) -> ShoeReturn:
    """The return of the wager of ``record`` with ``pays`` for any shoe; ``options`` those of its
    options its return takes (``Wager.shoe_return_options``; an option not given, or False, is left
    out). A wager without one, or an option it does not take, is a :class:`WagerError`."""
    if record.shoe_return is None:
        raise WagerError(f"the return of {record.name} for a shoe as it stands is not computed")
    given = {k: v for k, v in options.items() if v not in (None, False, (), "")}
    refused = sorted(set(given) - set(record.shoe_return_options))
    if refused:
        raise WagerError(f"the return of {record.name} for a shoe as it stands takes no option {refused[0]}")
    return record.shoe_return(pays, rules, **given)


def shoe_paid_top_return(wager: str, pays: Mapping[str, Fraction], top_pay: Callable[[Sequence[int]], Fraction],
                         method: str) -> ShoeReturn:
    """The closed form of ``wager`` with its first outcome paid ``top_pay(counts)``, a pay that
    depends on the shoe (exact; the float twin divides the same exact ratio)."""
    return first_cards_return(wager, pays, method, top_pay)


def closed_form_return(wager: str) -> Callable[..., ShoeReturn]:
    """The return of a first-cards wager with a closed form (:data:`~odds.pricing.first_cards_closed.COMPILED`), as a record's
    ``shoe_return``: ``(pays, rules) -> ShoeReturn`` (the dealer's rules do not matter)."""

    def make(pays: Mapping[str, Fraction], rules: DealerRules = DealerRules()) -> ShoeReturn:
        return first_cards_return(wager, pays, "closed-form count of every deal of the deciding cards by rank and suit "
                                         "(exact integers, compiled; checked against the general first-cards engine)")

    return make
