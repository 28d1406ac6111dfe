"""A dealer-final definition that reads the dealer's cards (version 2: their ranks, suits and
colours, of the whole hand or of its first cards one by one) compiled for the exact engine of
:mod:`odds.engine.dealer_cards`.

What the conditions read decides the engine's :class:`~odds.engine.dealer_cards.Reading`: a card's
class is its rank (or only its value) with its suit or colour where a condition reads them; each
condition on the whole hand is a fold over its cards (every card an eight: a count of the cards
that are not; one suit: the suit they share); each condition on the first cards reads those
positions. Each outcome becomes a test of (up card's value, result, number of cards, what is seen
of the cards) that answers None when it needs the cards and they are not given, so that the
cards are looked at only in the final hands where they decide the outcome.

>>> from odds import Shoe
>>> from odds.core.rules import DealerRules
>>> from odds.core.wager_definition import parse_definition
>>> d = parse_definition('''
... version = 2
... name = "suited-bust"
... family = "dealer-final"
... [[outcomes]]
... name = "suited-bust"
... when = { all = [{ bust = true }, { same = "suit" }] }
... [paytables.P]
... citation = "an example"
... pays = { suited-bust = 50 }
... ''', "suited-bust.toml")
>>> reads_cards(d)
True
>>> law, made = outcome_law(d, Shoe.decks(1), DealerRules(), {})
>>> round(float(law["suited-bust"]), 6), made
(0.010079, Fraction(1, 1))
"""
from __future__ import annotations

import dataclasses
from collections import defaultdict
from fractions import Fraction
from typing import Any, Callable, Mapping, Optional

from odds.core.cards import RANKS, RED_SUITS, SUITS
from odds.core.errors import WagerError
from odds.core.rules import DealerRules
from odds.core.wager_definition import (DEALER_CARD_KINDS, DEALER_POSITIONS, HAND, Condition, Definition,
                                       DefinitionError)
from odds.engine.dealer_cards import Cell, DealerCards, Reading, Seen, Tally

Test = Callable[[Cell, Optional[Seen]], Optional[bool]]
ONE_CARD = ("rank", "value", "suit", "colour", "card")


def _value(card: int) -> int:
    return min(card // 4 + 1, 10)


def _attribute(card: int, name: str) -> Any:
    """rank (0 = ace .. 12 = king), value, suit (index), colour (red or not) or the card itself."""
    return {"rank": card // 4, "value": _value(card), "suit": card % 4, "colour": SUITS[card % 4] in RED_SUITS,
            "card": card}[name]


def _one(c: Condition, card: int) -> bool:
    """Whether one card passes a one-card condition (rank, value, suit, colour, card)."""
    if c.kind == "rank":
        return RANKS[card // 4] in c.values
    if c.kind == "value":
        return _value(card) in c.values
    if c.kind == "suit":
        return SUITS[card % 4] in c.values
    if c.kind == "colour":
        return (SUITS[card % 4] in RED_SUITS) == (c.values == ("red",))
    return RANKS[card // 4] + SUITS[card % 4] in c.values  # card


def _card_conditions(c: Condition) -> list[Condition]:
    if c.kind in ("all", "any", "not"):
        return [x for p in c.parts for x in _card_conditions(p)]
    return [c] if c.kind in DEALER_CARD_KINDS else []


def _bust_totals(c: Condition) -> bool:
    if c.kind in ("all", "any", "not"):
        return any(_bust_totals(p) for p in c.parts)
    return c.kind == "total" and c.values[-1] > 21


def reads_cards(definition: Definition) -> bool:
    """Whether a dealer-final definition reads more of the dealer's hand than the dealer kernel
    counts (his result, number of cards and up card): his cards, or the total of his bust."""
    return any(_card_conditions(o.condition) or _bust_totals(o.condition) for o in definition.outcomes)


@dataclasses.dataclass(frozen=True)
class CompiledReading:
    """The engine's reading of a definition and a test per outcome, in the order tested."""

    reading: Reading
    tests: tuple[tuple[str, Test], ...]


def _sign(c: Condition) -> Callable[[int], Any]:
    """What a card condition reads of one card: whether it passes (a one-card condition; a number
    condition's test), or the attribute it compares (same, distinct)."""
    if c.kind in ONE_CARD:
        return lambda card: _one(c, card)
    if c.kind == "number":
        return lambda card: _one(c.parts[0], card)
    return lambda card: _attribute(card, c.attribute)


def compile_reading(definition: Definition, options: Mapping[str, str]) -> CompiledReading:
    """The reading and the tests of a dealer-final definition, its options chosen. Two cards are
    of one class when they have one value and every card condition reads the same of them."""
    conditions = list(dict.fromkeys(c for o in definition.outcomes for c in _card_conditions(o.condition)))
    signs = [_sign(c) for c in conditions]
    keys: dict[tuple, int] = {}
    classes = [keys.setdefault((_value(card), tuple(f(card) for f in signs)), len(keys)) for card in range(52)]
    rep: dict[int, int] = {}
    for card, c in enumerate(classes):
        rep.setdefault(c, card)
    positions = max((DEALER_POSITIONS.index(p) + 1 for c in conditions for p in c.cards if p != HAND), default=0)
    # at each position, the conditions that read it, and each class's mark there: what they read of it
    reading_at = [[c for c in conditions if DEALER_POSITIONS[i] in c.cards] for i in range(positions)]
    shown_at: list[list[tuple]] = [[] for _ in range(positions)]
    marks = []
    sign_of = dict(zip(conditions, signs))
    for i, here in enumerate(reading_at):
        row = []
        for c in range(len(rep)):
            shown = tuple(sign_of[x](rep[c]) for x in here)
            if shown not in shown_at[i]:
                shown_at[i].append(shown)
            row.append(shown_at[i].index(shown))
        marks.append(tuple(row))
    tallies: list[Tally] = []

    def tally(t: Tally) -> int:
        if t not in tallies:
            tallies.append(t)
        return tallies.index(t)

    def labels(f: Callable[[int], Any]) -> tuple[int, ...]:
        seen: dict[Any, int] = {}
        return tuple(seen.setdefault(f(rep[c]), len(seen)) for c in range(len(rep)))

    by_value = _by_value(rep)

    def compile_(c: Condition) -> Test:  # noqa: C901 - one branch a kind of condition
        kind = c.kind
        if kind in ("all", "any", "not"):
            parts = [compile_(p) for p in c.parts]
            if kind == "not":
                return lambda h, s: None if (x := parts[0](h, s)) is None else not x
            want = kind == "any"  # the answer that settles it: any is settled by a True, all by a False

            def combined(h: Cell, s: Optional[Seen]) -> Optional[bool]:
                unknown = False
                for p in parts:
                    x = p(h, s)
                    if x is None:
                        unknown = True
                    elif x == want:
                        return want
                return None if unknown else not want
            return combined
        if kind == "option":
            value = options[c.attribute] in c.values
            return lambda h, s: value
        if kind == "bust":
            return lambda h, s: h.result == "bust"
        if kind == "blackjack":
            return lambda h, s: h.result == "blackjack"
        if kind == "up":
            ups = set(c.values)
            return lambda h, s: h.up in ups
        if kind not in DEALER_CARD_KINDS:
            low, high = c.values[0], c.values[-1]
            if kind == "total":  # a bust's total is his cards' hard total
                return lambda h, s: h.result != "blackjack" and low <= (
                    sum((v + 1) * m for v, m in enumerate(h.values)) if h.result == "bust" else int(h.result)) <= high
            return lambda h, s: low <= h.size <= high  # size
        if c.cards == (HAND,):
            return _hand_test(c, tally, labels, by_value)
        at = [DEALER_POSITIONS.index(p) for p in c.cards]
        read = [(i, reading_at[i].index(c)) for i in at]  # where its reading lies in each position's mark
        return _first_cards_test(c, [[shown[j] for shown in shown_at[i]] for i, j in read], by_value)

    tests = tuple((o.name, compile_(o.condition)) for o in definition.outcomes)
    return CompiledReading(Reading(tuple(classes), positions, tuple(tallies), tuple(marks)), tests)


def _by_value(rep: Mapping[int, int]) -> list[list[int]]:
    """The cards standing for the classes of each value (aces first)."""
    out: list[list[int]] = [[] for _ in range(10)]
    for card in rep.values():
        out[_value(card) - 1].append(card)
    return out


def _settled_by_values(c: Condition, values: Any, by_value: list[list[int]]) -> Optional[bool]:
    """Whether every one of the cards of the given values (counts, aces first) passes a one-card
    condition when their values settle it; None when it turns on more than their values."""
    answers = {_one(c, card) for v, m in enumerate(values) if m for card in by_value[v]}
    return answers.pop() if len(answers) == 1 else None if answers else True


def _hand_test(c: Condition, tally: Callable[[Tally], int], labels: Callable, by_value: list[list[int]]) -> Test:
    """A condition on every card of the hand, read from the fold of one tally (or, where the
    values of the hand's cards settle it, from them)."""
    kind = c.kind
    if kind in ONE_CARD:  # every card passes: none fails
        t = tally(Tally("count", labels(lambda card: int(not _one(c, card)))))

        passing = [{_one(c, card) for card in cards} for cards in by_value]  # the answers of each value's cards

        def every(h: Cell, s: Optional[Seen]) -> Optional[bool]:
            if s is None:
                answers = set().union(*(passing[v] for v, m in enumerate(h.values) if m))
                if any(m and True not in passing[v] for v, m in enumerate(h.values)):
                    return False  # a card of the hand has a value no passing card has
                return True if answers == {True} else None
            return s[1][t] == 0
        return every
    if kind == "number":
        low, high = c.values
        t = tally(Tally("count", labels(lambda card: int(_one(c.parts[0], card))), high + 1))
        return lambda h, s: None if s is None else low <= s[1][t] <= high
    t = tally(Tally("same" if kind == "same" else "distinct", labels(lambda card: _attribute(card, c.attribute))))
    if kind == "same":
        return lambda h, s: None if s is None else s[1][t] != -1
    low, high = c.values
    return lambda h, s: None if s is None else low <= bin(s[1][t]).count("1") <= high


def _first_cards_test(c: Condition, read: list[list[Any]], by_value: list[list[int]]) -> Test:
    """A condition on some of the dealer's first cards (``read``: for each card it names, what it
    reads of the card of each mark there); false when his hand does not reach them."""
    at = [DEALER_POSITIONS.index(p) for p in c.cards]
    need = max(at) + 1
    kind = c.kind
    settled = [_settled_by_values(c, [int(v == w) for v in range(10)], by_value) if kind in ONE_CARD else None
               for w in range(10)]  # a one-card condition on a card of each value, where the value settles it

    def test(h: Cell, s: Optional[Seen]) -> Optional[bool]:
        if h.size < need:
            return False
        if s is None or not s[0]:  # the cards not given, or only the folds over the hand
            if kind not in ONE_CARD:
                return None
            answers = [settled[h.first[i] - 1] for i in at]
            return False if False in answers else None if None in answers else True
        shown = [marks[s[0][i]] for i, marks in zip(at, read)]
        if kind in ONE_CARD:
            return all(shown)
        if kind == "number":
            return c.values[0] <= sum(shown) <= c.values[1]
        if kind == "same":
            return len(set(shown)) == 1
        return c.values[0] <= len(set(shown)) <= c.values[1]  # distinct
    return test


def first_holding(tests: tuple[tuple[str, Test], ...], cell: Cell, seen: Optional[Seen]) -> tuple[bool, Optional[str]]:
    """(settled, the first outcome that holds or None): not settled when an outcome needs the
    cards, before any holds, and ``seen`` is None."""
    for name, test in tests:
        x = test(cell, seen)
        if x is None:
            return False, None
        if x:
            return True, name
    return True, None


def _decided(compiled: CompiledReading, hands: DealerCards, cell: Cell) -> dict[Optional[str], Fraction]:
    """{the first outcome that holds: chance} over the cards of one final hand: from the folds over
    the hand alone when they settle it, else with the first cards one by one as well."""
    out: dict[Optional[str], Fraction] = defaultdict(Fraction)
    if compiled.reading.positions:
        for seen, q in hands.law(cell, first_cards=False).items():
            settled, name = first_holding(compiled.tests, cell, seen)
            if not settled:
                break
            out[name] += q
        else:
            return out
        out.clear()
    for seen, q in hands.law(cell).items():
        out[first_holding(compiled.tests, cell, seen)[1]] += q
    return out


def outcome_law(definition: Definition, shoe: Any, rules: DealerRules, options: Mapping[str, str],
                upcard: Optional[int] = None) -> tuple[dict[Optional[str], Fraction], Fraction]:
    """{the first outcome that holds (None: none does): chance} over the hands on which the wager
    is made, and the chance it is made in a round: as :func:`odds.wagers.defined.dealer_law`
    (before the deal every hand; after the up card the hands of each up card it is offered on,
    weighted by the up card's chance, and with the peek only the hands that go on)."""
    compiled = compile_reading(definition, options)
    counts = _card_counts(shoe, compiled.reading)
    hands = DealerCards(counts, compiled.reading, rules.hits_soft_17)
    after = definition.placed == "after-up-card"
    ups = ((upcard,) if upcard is not None else definition.offered) if after else tuple(range(1, 11))
    weights: dict[int, Fraction] = {}
    laws = {}
    for u in ups:
        cells = hands.cells(u)
        if not cells:
            continue
        goes_on = Fraction(1)
        if after and rules.peek and u in (1, 10):
            goes_on -= sum((p for cell, p in cells.items() if cell.result == "blackjack"), Fraction(0))
            cells = {cell: p / goes_on for cell, p in cells.items() if cell.result != "blackjack"} if goes_on else {}
        if cells:
            laws[u] = cells
            weights[u] = hands.by_value[u - 1] * goes_on
    total = sum(weights.values(), Fraction(0))
    if not total:
        raise WagerError(f"the shoe holds no up card on which {definition.name} is offered")
    out: dict[Optional[str], Fraction] = defaultdict(Fraction)
    for u, cells in laws.items():
        w = weights[u] / total
        for cell, p in cells.items():
            settled, name = first_holding(compiled.tests, cell, None)
            if settled:
                out[name] += w * p
                continue
            for name, q in _decided(compiled, hands, cell).items():
                out[name] += w * p * q
    return dict(out), total / sum(counts)


def _card_counts(shoe: Any, reading: Reading) -> list[int]:
    """The shoe's 52 counts (rank major); when no class tells suits apart, a shoe whose suits are
    not known will do (its cards put in one suit)."""
    if isinstance(shoe, (list, tuple)):
        return list(shoe)
    suits_read = any(reading.classes[4 * r] != reading.classes[4 * r + s] for r in range(13) for s in range(1, 4))
    if suits_read:
        return [n for row in shoe.by_rank_suit() for n in row]
    return [n for count in shoe.by_rank() for n in (count, 0, 0, 0)]


CHECK_DECKS = 8  # the shoe the check deals from: it holds every card of any dealer hand the rules allow


def check_dealer_cards(definition: Definition, option_sets: list[dict[str, str]]) -> None:
    """Refuse a definition that reads the dealer's cards with an outcome no shoe can deal, or
    overlapping outcomes where the file says they may not: every final hand of an eight-deck shoe,
    under S17 and H17, on every up card it is offered on, with every choice of its options."""
    names = [o.name for o in definition.outcomes]
    seen: set[str] = set()
    ups = definition.offered if definition.placed == "after-up-card" else tuple(range(1, 11))
    counts = [CHECK_DECKS] * 52
    for options in option_sets:
        compiled = compile_reading(definition, options)
        for h17 in (False, True):
            hands = DealerCards(counts, compiled.reading, h17)
            for u in ups:
                for cell in hands.cells(u):
                    answers = [test(cell, None) for _, test in compiled.tests]
                    if None not in answers:
                        held = [[n for n, x in zip(names, answers) if x]]
                    elif not definition.exclusive and seen.issuperset(
                            n for n, x in zip(names, answers) if x is not False):
                        continue
                    else:
                        law = hands.law(cell, first_cards=False)
                        if any(test(cell, s) is None for s in law for _, test in compiled.tests):
                            law = hands.law(cell)
                        held = [[n for n, (_, test) in zip(names, compiled.tests) if test(cell, s)] for s in law]
                    for h in held:
                        seen.update(h)
                        if definition.exclusive and len(h) > 1:
                            raise DefinitionError(
                                f"{definition.source}: outcomes.{h[1]}: overlaps outcomes.{h[0]} (both hold for up "
                                f"card {u}, {cell.result} with {cell.size} cards), and the file says exclusive = true")
    for n in names:
        if n not in seen:
            raise DefinitionError(f"{definition.source}: outcomes.{n}: no shoe can deal it (no final hand of the "
                                  "dealer, under S17 or H17, on an up card the wager is offered on, makes it)")
