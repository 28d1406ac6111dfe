"""The common machinery of wagers settled on the first cards: a paytable pays each deal for the
best hand it makes that the paytable lists ("paid for the highest-ranking hand").

>>> from odds import Shoe
>>> from odds.wagers.paytables import builtin_paytables
>>> from odds.wagers import get_wager
>>> w = get_wager("21+3")
>>> sheet = w.par_sheet(Shoe.decks(6), None, builtin_paytables("21+3").tables["A"], 6)
>>> sheet.cycle, round(float(sheet.house_edge), 6)
(5013320, 0.032386)
"""
from __future__ import annotations

import contextlib
import dataclasses
from contextvars import ContextVar
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, Optional, Sequence, cast

from odds.engine.first_cards import FirstCardsGame, count_first_cards
from odds.pricing.parsheet import Outcome, ParSheet
from odds.reference import figures
from odds.reference.dealt import Dealt
from odds.pricing.record import Wager

if TYPE_CHECKING:
    from odds.core.rules import DealerRules
    from odds.core.shoe import Shoe
    from odds.pricing.paytables import Paytable

FRESH = "a freshly shuffled shoe for each round (the shoe as given, less the cards named)"
POSITIONS = {"player": "the player's card", "up": "the dealer's up card", "hole": "the dealer's hole card",
             "third": "the next card dealt to the player", "dealer-next": "the dealer's next card",
             "second-hand": "a card of the player's second hand"}


PLURAL = {"player": "the player's {n} cards", "second-hand": "{n} cards of the player's second hand",
          "third": "the next {n} cards dealt to the player", "dealer-next": "the dealer's next {n} cards"}
NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def roles_text(positions: Sequence[str]) -> str:
    """The cards that decide a wager, in words, a role's cards said together.

    >>> roles_text(("player", "player", "up"))
    "the player's two cards and the dealer's up card"
    """
    counts = dict.fromkeys(positions, 0)
    for p in positions:
        counts[p] += 1
    said = [PLURAL[p].format(n=NUMBER_WORDS.get(n, str(n))) if n > 1 and p in PLURAL else
            ", ".join([POSITIONS[p]] * n) for p, n in counts.items()]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


_RECORDING: ContextVar[Optional[list]] = ContextVar("first_cards_settlements", default=None)


@contextlib.contextmanager
def settlements() -> Iterator[list]:
    """While open, each first-cards par sheet computed appends ``(game, {deal's hands: pay})``: how
    it pays every deal of its deciding cards (-1 for a deal it does not pay), the rows it reports
    summed from these. :class:`odds.wagers.priced.PricedWager` prices a shoe state from them."""
    recorded: list = []
    token = _RECORDING.set(recorded)
    try:
        yield recorded
    finally:
        _RECORDING.reset(token)


def paid_hand(hands: tuple[str, ...], pays: Mapping[str, object]) -> Optional[str]:
    """The best hand of a deal that the paytable pays (hands come best first)."""
    return next((h for h in hands if h in pays), None)


def fallen_rows(counts: Mapping[tuple[str, ...], int], pays: Mapping[str, object]) -> dict[tuple[str, str], int]:
    """``{(best hand made, row it is paid as): ways}`` over the deals whose best hand the paytable
    leaves out but that make a lower hand it lists: the paytable pays them at that lower row.

    >>> fallen_rows({("straight-flush", "flush"): 4, ("flush",): 9, ("pair",): 5}, {"flush": 5})
    {('straight-flush', 'flush'): 4}
    """
    fallen: dict[tuple[str, str], int] = {}
    for hands, ways in counts.items():
        row = paid_hand(hands, pays)
        if row is not None and row != hands[0]:
            fallen[hands[0], row] = fallen.get((hands[0], row), 0) + ways
    return fallen


def fallen_note(table: str, hand: str, row: str) -> str:
    """What a paytable that leaves out ``hand`` does with its deals (see :func:`fallen_rows`)."""
    return (f"paytable {table} lists no pay for {hand}: its deals are paid as {row}, the next outcome they make "
            f"that the table lists (write {hand} = \"lose\" in the table if they lose)")


def first_cards_par_sheet(name: str, game: FirstCardsGame, ranking: tuple[str, ...], shoe: Shoe, rule_name: str,
                          paytable: Paytable, decks: int, assumptions: Iterable[str] = (),
                          warnings: Iterable[str] = (), pays: Optional[Mapping[str, Fraction]] = None,
                          row_pay: Optional[Callable[[str, Mapping[str, Fraction]], Fraction]] = None,
                          extra: Optional[Mapping[str, Any]] = None, lose: str = "lose",
                          warn_fallen: bool = False) -> ParSheet:
    """Rows in ``ranking`` order, one per paid hand, then the losing row (named ``lose``).

    ``pays`` overrides the paytable's pays (a progressive's meter awards at a given meter);
    ``row_pay(hand, pays)`` gives the pay of a hand that the paytable does not list by name (a
    hand paid as a sum of per-card pays); ``warn_fallen``: a warning for each hand the paytable
    leaves out whose deals it pays at a lower row (:func:`fallen_rows`)."""
    pays = dict(paytable.pays if pays is None else pays)
    counts, cycle = count_first_cards(game, shoe)
    rows: dict[str, int] = {}
    row_pays: dict[str, Fraction] = {}
    settled: dict[tuple[str, ...], Fraction] = {}
    lose_row, lost = lose, 0
    for atom, ways in counts.items():
        if row_pay is not None:
            hand = atom[0] if atom else None
            pay = row_pay(hand, pays) if hand else None
        else:
            hand = paid_hand(atom, pays)
            pay = cast("Mapping[Optional[str], Fraction]", pays).get(hand)
        if hand is None or pay is None:
            lost += ways
            settled[atom] = Fraction(-1)
            continue
        rows[hand] = rows.get(hand, 0) + ways
        row_pays[hand] = pay
        settled[atom] = Fraction(pay)
    recording = _RECORDING.get()
    if recording is not None:
        recording.append((game, settled))
    outcomes = [Outcome(h, row_pays[h], Fraction(rows[h], cycle), rows[h]) for h in ranking if h in rows]
    outcomes.append(Outcome(lose_row, Fraction(-1), Fraction(lost, cycle), lost))
    roles = roles_text(game.positions)
    ordering = (f"the first {game.alike} cards counted unordered, the rest in order" if game.alike > 1
                else "every card in order")
    sheet = ParSheet(
        name, paytable.id, decks, rule_name, tuple(outcomes), cycle,
        assumptions=(f"{decks} deck(s)", f"the cards that decide it: {roles}",
                     f"combinations: {ordering}; the cycle is every such deal",
                     "each deal is paid for the best hand it makes that the paytable lists")
        + tuple(assumptions) + (FRESH,),
        method="exact count of every deal of the deciding cards by rank and suit (Cython kernel "
               "over classes of cards); checked against a deal of every physical card",
        warnings=tuple(paytable.notes) + tuple(warnings) + tuple(
            f"{fallen_note(paytable.id, hand, row)}: {ways:,} of the {cycle:,} deals"
            for (hand, row), ways in (fallen_rows(counts, pays) if warn_fallen and row_pay is None else {}).items()),
        extra=dict(extra or {}))
    if sheet.expected_return > 0:
        sheet = dataclasses.replace(sheet, warnings=sheet.warnings + (
            f"this paytable returns {float(1 + sheet.expected_return):.2%} of the wager: "
            "more than 100%, which suggests an error in the printed table",))
    return sheet


def first_cards_wager(name: str, title: str, regulation: str, game: FirstCardsGame, ranking: tuple[str, ...],
                      assumptions: tuple[str, ...] = (), paid: Optional[tuple[str, ...]] = None, *,
                      reference_hands: Callable, dealt: Dealt, shoe_return: Optional[Callable] = None,
                      **kw: Any) -> Wager:
    """A :class:`Wager` whose par sheet is :func:`first_cards_par_sheet` for a fixed game.
    ``paid`` names the paytable's outcomes when they are not the rows (pays per matching card).
    ``reference_hands`` is the hand rule of :mod:`odds.reference.hands` for the reference path,
    ``dealt`` the simulator's settlement."""

    def par_sheet(shoe: Shoe, rules: Optional[DealerRules], paytable: Paytable, decks: int) -> ParSheet:
        return first_cards_par_sheet(name, game, ranking, shoe, "any", paytable, decks, assumptions, **kw)

    reference = figures.first_cards(lambda options: game, lambda options: reference_hands,
                                    rows_by_first_hand=paid is not None)
    return Wager(name, title, regulation, paid or ranking, par_sheet, partial_paytables=paid is None,
                 dealer_rule_matters=False, reference=reference, dealt=dealt, shoe_return=shoe_return, game=game)
