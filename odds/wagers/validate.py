"""``odds validate FILE``: check a paytable file before it is used.

Checks, at every deck count the table allows (1, 2, 6 and 8 decks when it allows any) and, for the
dealer-bust wagers, under S17 and H17:

- the file parses, every pay is an exact number and every outcome is one the wager knows;
- the return is not above 100% (for a progressive, at a meter of zero);
- every outcome the table pays can happen and is ever the hand paid (not always outranked);
- no hand is paid less, by rank, than another hand it also makes (an overlap that costs the player).

And it says, beside: whether each table is the regulation's or proposed, its house edge at every
configuration it allows, and as warnings what a designer may not mean: a rarer outcome paid less
than a commoner one (an inverted table), or a house edge outside :data:`PLAUSIBLE`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Union

from odds.core.formats import fraction_text
from odds.pricing.parsheet import ParSheet

from odds.engine.first_cards import FirstCardsGame, count_first_cards
from odds.pricing.first_cards_base import fallen_note, fallen_rows

from .paytables import Paytable, PaytableBook, load_paytable_file, provenance
from odds.core.rules import DealerRules
from odds.core.shoe import Shoe
from . import get_wager

ANY_DECKS = tuple(range(1, 9))  # "any": every deck count from 1 to 8
PLAUSIBLE = (Fraction(0), Fraction(40, 100))  # the house edges side wagers are offered at, about


@dataclass
class Validation:
    """What ``odds validate`` finds: ``problems`` (a table that cannot be offered as it is),
    ``warnings`` (what may not be meant) and ``edges`` (a line a table: where its pays come from and
    its house edge at every configuration)."""

    title: str
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    edges: list[str] = field(default_factory=list)


def validate_file(path: Union[str, Path]) -> tuple[str, list[str]]:
    """The paytable book's description and a list of problems (empty when it is sound)."""
    return validate_book(load_paytable_file(path))


def validate_book(book: PaytableBook) -> tuple[str, list[str]]:
    """:func:`validate_file` of paytables read already (a defined wager's own, say)."""
    found = validation(book)
    return found.title, found.problems


def validation(book: PaytableBook) -> Validation:
    """Every check of the module's doc on a book of paytables, each table priced once a configuration."""
    wager = get_wager(book.wager)
    game = wager.game
    problems: list[str] = []
    found = Validation(f"{book.source}: {book.wager}, tables {', '.join(book.tables)}")
    for table in book.tables.values():
        edges: list[str] = []
        inverted: dict = {}
        odd: list[tuple[Fraction, str]] = []  # house edges outside PLAUSIBLE, where
        paid_ever: set[str] = set()
        meters = {m: Fraction(0) for _, m in table.meter_pays.values()}
        for decks in table.decks or ANY_DECKS:
            options = {"meters": ",".join(f"{m}=0" for m in meters)} if meters else {}
            rule_sets = (DealerRules.parse("S17"), DealerRules.parse("H17")) if wager.dealer_rule_matters else (None,)
            for rules in rule_sets:
                sheet = wager.price(Shoe.decks(decks), rules, table, decks, options)
                paid_ever |= {o.name for o in sheet.outcomes if o.probability and o.name not in ("lose", "no-bust", wager.losing_row)}
                where = f"{decks} deck(s)" + (f", {rules.name}" if rules else "")
                edges.append(f"{where} {float(sheet.house_edge):.4%}")
                for pair, text in _inversions(table, sheet):
                    inverted.setdefault(pair, f"{text} (at {where})")
                if not meters and sheet.house_edge > PLAUSIBLE[1]:  # a progressive's edge at zero meters says nothing
                    odd.append((sheet.house_edge, where))
                if sheet.expected_return > 0:
                    problems.append(f"table {table.id}: returns {float(1 + sheet.expected_return):.4%} of the "
                                    f"wager at {where}" + (" with the meters at zero" if meters else ""))
            if game is not None:
                problems += _overlaps(table, game, decks)
        found.warnings += list(inverted.values())
        if odd:
            edge, where = max(odd)
            found.warnings.append(f"table {table.id}: a house edge of {float(edge):.4%} at {where} (above "
                                  f"{float(PLAUSIBLE[1]):.0%} at {len(odd)} of its configurations) is more than side "
                                  "wagers are offered at: is a pay missing or mistyped?")
        origin = provenance(table, book.extra)
        found.edges.append(f"table {table.id} ({origin.label()}): house edge " + "; ".join(edges)
                           + (" with the meters at zero" if meters else ""))
        listed = set(table.pays) | set(table.meter_pays)
        if wager.partial_paytables:  # rows are the hands paid (not per-card pays)
            for hand in sorted(listed - paid_ever):
                problems.append(f"table {table.id}: {hand} is never paid (it cannot happen, or a higher hand "
                                "always takes it)")
    found.problems = sorted(set(problems))
    found.warnings += validate_warnings(book)
    return found


def _inversions(table: Paytable, sheet: ParSheet) -> list[tuple[tuple[str, str], str]]:
    """Pairs of paid outcomes where the rarer pays less than the commoner, with what to say of each.

    >>> from odds.pricing.parsheet import Outcome
    >>> t = Paytable("demo", "X", {"a": Fraction(5), "b": Fraction(40)}, "", None, "")
    >>> s = ParSheet("demo", "X", 1, "S17", (Outcome("a", Fraction(5), Fraction(1, 100)),
    ...              Outcome("b", Fraction(40), Fraction(1, 10)), Outcome("lose", Fraction(-1), Fraction(89, 100))),
    ...              assumptions=(), method="")
    >>> _inversions(t, s)[0][1]
    'table X: a (1 in 100.00) pays 5 to 1, less than b (1 in 10.00), which is commoner and pays 40 to 1'
    """
    paid = [o for o in sheet.outcomes if o.probability and o.pays > 0 and o.name in table.pays]
    out = []
    for rare in paid:
        for common in paid:
            if rare.probability < common.probability and rare.pays < common.pays:
                out.append(((rare.name, common.name),
                            f"table {table.id}: {rare.name} (1 in {float(1 / rare.probability):,.2f}) pays "
                            f"{fraction_text(rare.pays)} to 1, less than {common.name} (1 in "
                            f"{float(1 / common.probability):,.2f}), which is commoner and pays "
                            f"{fraction_text(common.pays)} to 1"))
    return out


def validate_warnings(book: PaytableBook) -> list[str]:
    """What a paytable does that may not be meant, without being wrong: a table of a defined wager
    that leaves out an outcome whose deals make a lower outcome it lists pays them at that lower
    row (:func:`~odds.pricing.first_cards_base.fallen_rows`)."""
    wager = get_wager(book.wager)
    if wager.definition is None or wager.game is None:
        return []
    out = []
    for table in book.tables.values():
        counts, _ = count_first_cards(wager.game, Shoe.decks(max(table.decks or ANY_DECKS)))
        out += [fallen_note(table.id, hand, row) for hand, row in fallen_rows(counts, table.pays)]
    return out


def _overlaps(table: Paytable, game: FirstCardsGame, decks: int) -> list[str]:
    pays = dict(table.pays)
    counts, _ = count_first_cards(game, Shoe.decks(decks))
    out = []
    for hands in counts:
        listed = [h for h in hands if h in pays]
        if len(listed) > 1 and -1 < pays[listed[0]] < max(pays[h] for h in listed[1:]):  # "lose" is meant
            better = max(listed[1:], key=lambda h: pays[h])
            out.append(f"table {table.id}: {listed[0]} pays {pays[listed[0]]} but the same cards also make "
                       f"{better}, which pays {pays[better]}; paid by rank as {listed[0]}")
    return out
