"""``odds validate FILE``: check a paytable file before it is used.

Checks, at every deck count the table allows (1, 2, 6 and 8 decks when it allows any) and, for the
dealer-bust wagers, under S17 and H17:

- the file parses, every pay is an exact number and every outcome is one the wager knows;
- the return is not above 100% (for a progressive, at a meter of zero);
- every outcome the table pays can happen and is ever the hand paid (not always outranked);
- no hand is paid less, by rank, than another hand it also makes (an overlap that costs the player).
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Union

from odds.engine.first_cards import FirstCardsGame, count_first_cards
from odds.pricing.first_cards_base import fallen_note, fallen_rows

from .paytables import Paytable, PaytableBook, load_paytable_file
from odds.core.rules import DealerRules
from odds.core.shoe import Shoe
from . import get_wager

ANY_DECKS = tuple(range(1, 9))  # "any": every deck count from 1 to 8


def validate_file(path: Union[str, Path]) -> tuple[str, list[str]]:
    """The paytable book's description and a list of problems (empty when it is sound)."""
    return validate_book(load_paytable_file(path))


def validate_book(book: PaytableBook) -> tuple[str, list[str]]:
    """:func:`validate_file` of paytables read already (a defined wager's own, say)."""
    wager = get_wager(book.wager)
    game = wager.game
    problems = []
    for table in book.tables.values():
        paid_ever: set[str] = set()
        meters = {m: Fraction(0) for _, m in table.meter_pays.values()}
        for decks in table.decks or ANY_DECKS:
            options = {"meters": ",".join(f"{m}=0" for m in meters)} if meters else {}
            rule_sets = (DealerRules.parse("S17"), DealerRules.parse("H17")) if wager.dealer_rule_matters else (None,)
            for rules in rule_sets:
                sheet = wager.price(Shoe.decks(decks), rules, table, decks, options)
                paid_ever |= {o.name for o in sheet.outcomes if o.probability and o.name not in ("lose", "no-bust", wager.losing_row)}
                if sheet.expected_return > 0:
                    where = f"{decks} deck(s)" + (f", {rules.name}" if rules else "")
                    problems.append(f"table {table.id}: returns {float(1 + sheet.expected_return):.4%} of the "
                                    f"wager at {where}" + (" with the meters at zero" if meters else ""))
            if game is not None:
                problems += _overlaps(table, game, decks)
        listed = set(table.pays) | set(table.meter_pays)
        if wager.partial_paytables:  # rows are the hands paid (not per-card pays)
            for hand in sorted(listed - paid_ever):
                problems.append(f"table {table.id}: {hand} is never paid (it cannot happen, or a higher hand "
                                "always takes it)")
    return f"{book.source}: {book.wager}, tables {', '.join(book.tables)}", sorted(set(problems))


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
