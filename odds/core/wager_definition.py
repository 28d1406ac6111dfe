"""A side wager written as data: the wager definition file (``docs/wager-files.md``), read and
checked into plain frozen records, with no code of the file run (TOML, bounded sizes, no
expressions).

A definition names its wager, the cards that decide it (``family = "first-cards"``) or the
dealer's final hand (``family = "dealer-final"``), its outcomes in the order they are tested, each
with a condition (a table of one kind), its options and its paytables. This module reads the file
only: which outcome a deal makes is decided elsewhere, twice and apart (the compilation into the
exact engines in :mod:`odds.wagers.defined`, the plain interpreter in :mod:`odds.reference.defined`).

>>> d = parse_definition('''
... version = 1
... name = "pair"
... title = "A pair"
... family = "first-cards"
... cards = ["player1", "player2"]
... [[outcomes]]
... name = "pair"
... when = { same = "rank" }
... [paytables.P]
... citation = "an example"
... pays = { pair = 11 }
... ''', "pair.toml")
>>> d.outcomes[0].condition
Condition(kind='same', cards=('player1', 'player2'), values=(), attribute='rank', parts=())
>>> try:
...     parse_definition(d.text.replace('same = "rank"', 'same = "rnak"'), "pair.toml")
... except DefinitionError as exc:
...     print(exc)
pair.toml: outcomes.pair.when.same: 'rnak' is not one of rank, value, suit, colour, card
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional

from .cards import RANKS, SUITS
from .errors import OddsError, shown
from .inputs import load_toml

VERSION = 2  # the newest version of the format read; every earlier one is read as it was
VERSIONS = (1, 2)
FAMILIES = ("first-cards", "dealer-final")
POSITIONS = {"player1": "the player's first card", "player2": "the player's second card",
             "up": "the dealer's up card", "hole": "the dealer's hole card",
             "player3": "the next card dealt to the player", "dealer3": "the dealer's next card",
             "hand2-1": "the first card of the player's second hand", "hand2-2": "the second card of the player's "
                                                                          "second hand"}
SECOND_HAND = ("hand2-1", "hand2-2")  # Blackjack Switch deals the player two hands (version 2)
ATTRIBUTES = ("rank", "value", "suit", "colour", "card")
STRAIGHTS = ("ace-high-or-low", "ace-high", "ace-low", "wrap")
HANDS = ("any", "hard", "soft")
RESULTS = ("17", "18", "19", "20", "21", "blackjack", "bust")
PLACED = ("before-deal", "after-up-card")
FIRST_CARDS_KINDS = ("rank", "value", "suit", "colour", "card", "same", "distinct", "straight", "total",
                     "blackjack", "spread", "between", "number", "option", "all", "any", "not")
ONE_CARD_KINDS = ("rank", "value", "suit", "colour", "card")  # what a number condition counts the cards by
ACES = ("best", "low")  # a total: aces counted as blackjack counts them (best), or always as one (low)
RANK_LABELS = tuple(RANKS)  # the keys of a pay keyed by a card's rank: A 2 ... 9 T J Q K
VALUE_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")  # ... by its point value
DEALER_CARD_KINDS = ("rank", "value", "suit", "colour", "card", "same", "distinct", "number")  # version 2
DEALER_KINDS = ("bust", "blackjack", "total", "size", "up", "option", "all", "any", "not") + DEALER_CARD_KINDS
DEALER_POSITIONS = ("up", "hole", "dealer3", "dealer4", "dealer5")  # the dealer's first cards, in order
HAND = "hand"  # the cards a dealer-final card condition reads when it names none: every card of his hand
MAX_HAND = 21  # the most cards a dealer's hand can hold
MAX_DEALER_TOTAL = 26  # the most a dealer's bust can total: 16 and a ten
# bounds on what a file may ask for
MAX_CARDS = 5  # deciding cards (version 1: 4)
MAX_OUTCOMES = 64
MAX_NODES = 256  # conditions in one outcome, all/any/not included
MAX_OPTIONS = 8
MAX_CHOICES = 16
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9+.-]{0,39}")
TOP_KEYS = ("version", "name", "title", "citation", "family", "cards", "alike", "exclusive", "notes", "lose",
            "paid", "options", "outcomes", "paytables", "placed", "offered")


class DefinitionError(OddsError):
    """A wager definition that cannot be priced; the message names the key, outcome or condition."""


@dataclass(frozen=True)
class Condition:
    """One condition of an outcome: ``kind`` (a key of the file's table), the deciding cards it
    reads (``cards``, in the file's order), the values it names (ranks, suits, cards, point values,
    option choices; ``(low, high)`` for a total, spread, size or count), an ``attribute`` (what
    ``same`` and ``distinct`` compare, a total's hand, a straight's aces, the option's name), and
    the ``parts`` of ``all``, ``any`` and ``not``."""

    kind: str
    cards: tuple[str, ...] = ()
    values: tuple[Any, ...] = ()
    attribute: str = ""
    parts: tuple["Condition", ...] = ()


@dataclass(frozen=True)
class DefinedOutcome:
    """An outcome in the order tested; ``pays_as`` (``{paid name: times}``) when the paytable pays
    named items (each matching card, say) rather than the outcome itself."""

    name: str
    condition: Condition
    pays_as: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class DefinedOption:
    name: str
    choices: tuple[str, ...]
    default: str
    help: str = ""


@dataclass(frozen=True, eq=False)
class Definition:
    """A wager definition file, read and checked (see the module)."""

    name: str
    title: str
    citation: str
    family: str
    cards: tuple[str, ...]  # first-cards: the deciding cards, in dealing order
    alike: int  # the first ``alike`` cards are counted unordered
    outcomes: tuple[DefinedOutcome, ...]
    options: tuple[DefinedOption, ...]
    paytables: Mapping[str, Any]  # the [paytables] tables, in the paytable file's form
    source: str
    text: str
    exclusive: bool = False
    notes: tuple[str, ...] = ()
    lose: str = "lose"
    paid: tuple[str, ...] = ()  # the paytable's names when outcomes are paid by pays_as
    placed: str = "before-deal"  # dealer-final: before the deal, or after the up card is seen
    offered: tuple[int, ...] = tuple(range(1, 11))  # dealer-final after the up card: the up cards (values)
    sha256: str = ""

    @property
    def paid_outcomes(self) -> tuple[str, ...]:
        """The names a paytable of this wager pays."""
        return self.paid or tuple(o.name for o in self.outcomes)

    def option_defaults(self) -> dict[str, str]:
        return {o.name: o.default for o in self.options}


def _fail(source: str, where: str, message: str) -> DefinitionError:
    return DefinitionError(f"{source}: {where}: {message}")


def _name(value: object, source: str, where: str) -> str:
    if not isinstance(value, str) or not NAME.fullmatch(value):
        raise _fail(source, where, f"{shown(repr(value), 50)} is not a name (1 to 40 of A-Z a-z 0-9 + . -, "
                                   "starting with a letter or digit)")
    return value


def _text(doc: Mapping[str, Any], key: str, source: str, default: Optional[str] = None, limit: int = 2000) -> str:
    value = doc.get(key, default)
    if not isinstance(value, str) or len(value) > limit or not all(c.isprintable() for c in value):
        raise _fail(source, key, f"expected a line of text of at most {limit} characters")
    return value


def _range(value: object, source: str, where: str, low: int, high: int) -> tuple[int, int]:
    """An integer or ``[low, high]``, within ``low..high``."""
    if isinstance(value, list) and len(value) == 2:
        a, b = value
    else:
        a = b = value
    if not all(isinstance(x, int) and not isinstance(x, bool) and low <= x <= high for x in (a, b)) or a > b:
        raise _fail(source, where, f"expected a whole number from {low} to {high} or a range [low, high], "
                                   f"got {shown(repr(value), 40)}")
    return a, b


def _several(value: object) -> list:
    return value if isinstance(value, list) else [value]


def _rank(value: object, source: str, where: str) -> str:
    text = str(value).upper() if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
    text = "T" if text == "10" else text
    if len(text) != 1 or text not in RANKS:
        raise _fail(source, where, f"unknown rank {shown(repr(value), 20)} (ranks: A 2 3 4 5 6 7 8 9 T J Q K)")
    return text


def _card(value: object, source: str, where: str) -> str:
    text = value.upper() if isinstance(value, str) else ""
    text = "T" + text[2:] if text.startswith("10") else text
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        raise _fail(source, where, f"unknown card {shown(repr(value), 20)} (a rank and a suit, e.g. QH)")
    return text


def _value(value: object, source: str, where: str) -> int:
    if value in ("A", "a"):
        return 1
    if value in ("T", "t"):
        return 10
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 10:
        return value
    raise _fail(source, where, f"unknown point value {shown(repr(value), 20)} (1 or A for an ace, 2 to 10)")


class _Reader:
    """Reads the conditions of one family, counting the conditions of each outcome."""

    def __init__(self, source: str, family: str, cards: tuple[str, ...], options: Mapping[str, DefinedOption],
                 version: int = VERSION):
        self.source, self.family, self.cards, self.options, self.version = source, family, cards, options, version
        self.nodes = 0

    def since(self, version: int, where: str, what: str) -> None:
        """Refuse ``what`` in a file of an earlier version than ``version``."""
        if self.version < version:
            raise self.fail(where, f"{what} is new in version {version} of the format: write version = {version}")

    def group_cards(self, doc: Mapping[str, Any], where: str, inherited: Optional[list]) -> Optional[list]:
        """The cards an all, any or not names once for its conditions (version 2), else those it
        inherits."""
        if "cards" not in doc:
            return inherited
        self.since(2, f"{where}.cards", "cards named once for a group of conditions")
        return self.read_cards(doc["cards"], f"{where}.cards")

    def read_cards(self, cards: object, where: str) -> list:
        if not isinstance(cards, list) or not cards:
            raise self.fail(where, "expected a list of the deciding cards")
        for c in cards:
            if c not in self.cards:
                raise self.fail(where, f"{shown(repr(c), 20)} is not one of the deciding cards "
                                       f"({', '.join(self.cards)})")
        if len(set(cards)) != len(cards):
            raise self.fail(where, "names a card twice")
        return cards

    def fail(self, where: str, message: str) -> DefinitionError:
        return _fail(self.source, where, message)

    def condition(self, doc: object, where: str, cards: Optional[list] = None) -> Condition:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise self.fail(where, f"more than {MAX_NODES} conditions in one outcome")
        kinds = FIRST_CARDS_KINDS if self.family == "first-cards" else DEALER_KINDS
        if not isinstance(doc, dict):
            raise self.fail(where, "a condition is a table such as { same = \"rank\" }")
        found = [k for k in doc if k in kinds]
        if len(found) != 1:
            other = [k for k in doc if k not in ("cards", "count", "hand", "ace", "is", "of")]
            if not found and other:
                raise self.fail(f"{where}.{shown(other[0], 30)}", f"unknown condition for the {self.family} family "
                                                                   f"(known: {', '.join(kinds)})")
            raise self.fail(where, f"a condition has exactly one kind (one of {', '.join(kinds)}), "
                                   f"found {', '.join(found) or 'none'}")
        kind = found[0]
        value = doc[kind]
        here = f"{where}.{kind}"
        first_cards = self.family == "first-cards"
        allowed = {"all": ("cards",), "any": ("cards",), "not": ("cards",), "option": ("is",),
                   "distinct": ("cards", "count"), "total": ("cards", "hand", "ace") if first_cards else (),
                   "straight": ("cards",), "spread": ("cards", "ace"), "between": ("cards", "ace"),
                   "number": ("cards", "of")}
        extra = [k for k in doc if k != kind and k not in allowed.get(kind, ("cards",) if first_cards or kind in
                                                                      DEALER_CARD_KINDS else ())]
        if extra:
            raise self.fail(f"{where}.{shown(extra[0], 30)}", f"not a key of a {kind} condition")
        if kind in ("all", "any"):
            if not isinstance(value, list) or not value:
                raise self.fail(here, f"{kind} takes a list of conditions")
            inner = self.group_cards(doc, where, cards)
            return Condition(kind, parts=tuple(self.condition(c, f"{here}[{i}]", inner) for i, c in enumerate(value)))
        if kind == "not":
            return Condition(kind, parts=(self.condition(value, here, self.group_cards(doc, where, cards)),))
        if kind == "option":
            if value not in self.options:
                raise self.fail(here, f"unknown option {shown(repr(value), 30)} (declared: "
                                      f"{', '.join(self.options) or 'none'})")
            option = self.options[value]
            chosen = tuple(_several(doc.get("is", option.default)))
            for c in chosen:
                if c not in option.choices:
                    raise self.fail(f"{where}.is", f"{shown(repr(c), 30)} is not a choice of {value} "
                                                   f"({', '.join(option.choices)})")
            return Condition(kind, values=chosen, attribute=value)
        if self.family == "dealer-final":
            if kind not in DEALER_CARD_KINDS:
                return self.dealer(kind, value, here)
            self.since(2, here, "a condition on the dealer's cards")
            cards = cards or [HAND]
        return self.first_cards(kind, value, doc, here, where, cards)

    def dealer(self, kind: str, value: object, here: str) -> Condition:
        if kind in ("bust", "blackjack"):
            if value is not True:
                raise self.fail(here, "takes true (use not for the contrary)")
            return Condition(kind)
        if kind == "total":
            low, high = _range(value, self.source, here, 17, MAX_DEALER_TOTAL)
            if high > 21:
                self.since(2, here, "a bust's total")
            return Condition(kind, values=(low, high))
        if kind == "size":
            return Condition(kind, values=_range(value, self.source, here, 2, 21))
        values = tuple(sorted({_value(v, self.source, here) for v in _several(value)}))
        return Condition(kind, values=values)

    def first_cards(self, kind: str, value: object, doc: Mapping[str, Any], here: str, where: str,
                    inherited: Optional[list] = None) -> Condition:
        cards = self.read_cards(doc["cards"], f"{where}.cards") if "cards" in doc else inherited or list(self.cards)
        read = tuple(cards)
        reach = MAX_HAND if read == (HAND,) else len(read)  # the most cards it may read
        need = {"spread": 2, "between": 2, "blackjack": 2}
        if kind in need and len(read) != need[kind]:
            raise self.fail(f"{where}.cards", f"{kind} reads exactly {need[kind]} cards")
        if kind in ("same", "distinct", "straight") and reach < 2:
            raise self.fail(f"{where}.cards", f"{kind} compares at least 2 cards")
        if kind == "rank":
            return Condition(kind, read, tuple(sorted({_rank(v, self.source, here) for v in _several(value)})))
        if kind == "value":
            return Condition(kind, read, tuple(sorted({_value(v, self.source, here) for v in _several(value)})))
        if kind == "suit":
            suits = tuple(sorted({str(v).upper() for v in _several(value)}))
            bad = [s for s in suits if s not in SUITS]
            if bad:
                raise self.fail(here, f"unknown suit {shown(repr(bad[0]), 20)} (suits: S H D C)")
            return Condition(kind, read, suits)
        if kind == "colour":
            if value not in ("red", "black"):
                raise self.fail(here, f"{shown(repr(value), 20)} is not red or black")
            return Condition(kind, read, (value,))
        if kind == "card":
            return Condition(kind, read, tuple(sorted({_card(v, self.source, here) for v in _several(value)})))
        if kind in ("same", "distinct"):
            if value not in ATTRIBUTES:
                raise self.fail(here, f"{shown(repr(value), 20)} is not one of {', '.join(ATTRIBUTES)}")
            counted = _range(doc.get("count"), self.source, f"{where}.count", 1,
                             MAX_HAND if read == (HAND,) else MAX_CARDS) if kind == "distinct" else ()
            return Condition(kind, read, counted, str(value))
        if kind == "straight":
            if value not in STRAIGHTS:
                raise self.fail(here, f"{shown(repr(value), 30)}: state the aces: one of {', '.join(STRAIGHTS)}")
            return Condition(kind, read, (), str(value))
        if kind == "number":
            self.since(2, here, "a number condition (how many cards are of a kind)")
            of = doc.get("of")
            if not isinstance(of, dict) or len(of) != 1 or next(iter(of)) not in ONE_CARD_KINDS:
                raise self.fail(f"{where}.of", "what each card counted is: one condition of "
                                               f"{', '.join(ONE_CARD_KINDS)}, e.g. of = {{ rank = \"A\" }}")
            (inner_kind, inner_value), = of.items()
            self.nodes += 1
            inner = self.first_cards(inner_kind, inner_value, {}, f"{where}.of.{inner_kind}", f"{where}.of",
                                     list(read))
            at_least = isinstance(value, str) and value.endswith("+") and value[:-1].isdigit()
            bounds = (_range(int(str(value)[:-1]), self.source, here, 0, reach)[0], reach) if at_least \
                else _range(value, self.source, here, 0, reach)
            return Condition(kind, read, bounds, parts=(inner,))
        if kind == "total":
            hand = doc.get("hand", "any")
            if hand not in HANDS:
                raise self.fail(f"{where}.hand", f"{shown(repr(hand), 20)} is not one of {', '.join(HANDS)}")
            aces = doc.get("ace", "best")
            if aces not in ACES:
                raise self.fail(f"{where}.ace", f"{shown(repr(aces), 20)} is not one of {', '.join(ACES)}")
            if aces == "low":
                self.since(2, f"{where}.ace", "a total with aces counted as one")
                if hand != "any":
                    raise self.fail(f"{where}.ace", "a total with aces counted as one is neither hard nor soft: "
                                                    "leave out hand")
                return Condition(kind, read, _range(value, self.source, here, 1, 10 * MAX_CARDS), "ace-low")
            return Condition(kind, read, _range(value, self.source, here, 2, 11 * MAX_CARDS), str(hand))
        if kind == "blackjack":
            if value is not True:
                raise self.fail(here, "takes true (use not for the contrary)")
            return Condition(kind, read)
        ace = doc.get("ace", "high")
        if ace not in ("high", "low"):
            raise self.fail(f"{where}.ace", f"{shown(repr(ace), 20)} is not high or low")
        if kind == "spread":
            return Condition(kind, read, _range(value, self.source, here, 0, 11), str(ace))
        # between: the card named lies strictly between the two cards read
        if value not in self.cards or value in read:
            raise self.fail(here, f"{shown(repr(value), 20)} must be a deciding card other than the two it lies "
                                  "between")
        return Condition(kind, read + (str(value),), (), str(ace))


def _options(doc: object, source: str) -> dict[str, DefinedOption]:
    if not isinstance(doc, dict) or len(doc) > MAX_OPTIONS:
        raise _fail(source, "options", f"expected at most {MAX_OPTIONS} tables [options.NAME]")
    out = {}
    for name, o in doc.items():
        where = f"options.{shown(name, 40)}"
        if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]{0,30}", name):
            raise _fail(source, where, "an option's name is 1 to 31 of a-z 0-9 _, starting with a letter")
        if not isinstance(o, dict) or set(o) - {"choices", "default", "help"}:
            raise _fail(source, where, "expected choices, default and help")
        choices = o.get("choices")
        if (not isinstance(choices, list) or not 2 <= len(choices) <= MAX_CHOICES
                or len(set(map(str, choices))) != len(choices)):
            raise _fail(source, f"{where}.choices", f"expected 2 to {MAX_CHOICES} different names")
        choices = tuple(_name(c, source, f"{where}.choices") for c in choices)
        default = o.get("default", choices[0])
        if default not in choices:
            raise _fail(source, f"{where}.default", f"{shown(repr(default), 30)} is not one of its choices")
        out[name] = DefinedOption(name, choices, default, _text(o, "help", source, "", 300))
    return out


def _keyed(by: object, condition: Condition, source: str, where: str, family: str, cards: tuple[str, ...],
           offered: tuple[int, ...]) -> list[tuple[str, Condition]]:
    """An outcome whose pay is keyed by a card (version 2), as one outcome a key: ``(key, the
    condition and the card's key)``. First cards: ``by = { rank = "player1" }`` (13 keys, A to K) or
    ``{ value = "up" }`` (10 keys, A to T); the dealer's final hand: ``by = "up"`` (the up card's
    value, on each up card the wager is offered on)."""
    if family == "dealer-final":
        if by != "up":
            raise _fail(source, where, 'the dealer-final family keys a pay by the up card: by = "up"')
        return [(VALUE_LABELS[v - 1], Condition("all", parts=(Condition("up", values=(v,)), condition)))
                for v in offered]
    if not isinstance(by, dict) or len(by) != 1 or next(iter(by)) not in ("rank", "value"):
        raise _fail(source, where, 'expected { rank = "CARD" } or { value = "CARD" }, CARD a deciding card')
    (what, card), = by.items()
    if card not in cards:
        raise _fail(source, f"{where}.{what}", f"{shown(repr(card), 20)} is not one of the deciding cards "
                                               f"({', '.join(cards)})")
    if what == "rank":
        return [(r, Condition("all", parts=(condition, Condition("rank", (card,), (r,))))) for r in RANK_LABELS]
    return [(VALUE_LABELS[v - 1], Condition("all", parts=(condition, Condition("value", (card,), (v,)))))
            for v in range(1, 11)]


def _flat_pays(table: object, keyed: Mapping[str, tuple[str, ...]], source: str, where: str) -> object:
    """A paytable with each keyed pay (``bust = { A = 3.5, 2 = 1.5, other = 1 }``; ``keyed``: each
    such outcome's keys) written out as one pay a row (``bust-A``, ``bust-2``, and ``other`` for
    every key not named)."""
    if not isinstance(table, dict) or not isinstance(table.get("pays", {}), dict):
        return table
    pays: dict[str, Any] = {}
    for name, pay in table.get("pays", {}).items():
        if name not in keyed or not isinstance(pay, dict):
            pays[name] = pay
            continue
        keys = keyed[name]
        given = {("T" if str(k) == "10" else str(k).upper()): v for k, v in pay.items()}
        for k in given:
            if k != "OTHER" and k not in keys:
                raise _fail(source, f"{where}.{name}.{shown(k, 10)}", f"not a key of {name} ({', '.join(keys)}, other)")
        pays.update({f"{name}-{key}": given.get(key, given.get("OTHER")) for key in keys
                     if key in given or "OTHER" in given})
    return {**table, "pays": pays}


def parse_definition(text: str, source: str, sha256: str = "",
                     paytables: Optional[Mapping[str, Any]] = None) -> Definition:
    """A definition file's text read and checked; :class:`DefinitionError` names what is wrong.
    ``paytables``: the tables of a paytable file the definition refers to (``paytables = "FILE"``),
    already read."""
    doc = load_toml(text, source, DefinitionError)
    for key in doc:
        if key not in TOP_KEYS:
            raise _fail(source, shown(key, 40), f"unknown key (expected one of {', '.join(TOP_KEYS)})")
    version = doc.get("version")
    if version not in VERSIONS or isinstance(version, bool):
        raise _fail(source, "version", f"this odds reads versions {' and '.join(map(str, VERSIONS))} of the wager "
                                       f"definition format, not {shown(repr(version), 20)}")
    name = _name(doc.get("name"), source, "name")
    family = doc.get("family")
    if family not in FAMILIES:
        raise _fail(source, "family", f"{shown(repr(family), 30)} is not a family (families: {', '.join(FAMILIES)})")
    options = _options(doc.get("options", {}), source)
    cards: tuple[str, ...] = ()
    alike = 0
    if family == "first-cards":
        given = doc.get("cards")
        if not isinstance(given, list) or not 1 <= len(given) <= MAX_CARDS or len(set(map(str, given))) != len(given):
            raise _fail(source, "cards", f"expected 1 to {MAX_CARDS} different deciding cards "
                                         f"({', '.join(POSITIONS)})")
        for c in given:
            if c not in POSITIONS:
                raise _fail(source, "cards", f"unknown card {shown(repr(c), 20)} (known: {', '.join(POSITIONS)})")
        cards = tuple(given)
        if version < 2 and (len(cards) > 4 or set(cards) & set(SECOND_HAND)):
            raise _fail(source, "cards", "a second hand's cards, and a fifth deciding card, are new in version 2 of "
                                         "the format: write version = 2")
        default_alike = next((i for i, c in enumerate(cards) if not c.startswith(("player", "hand2"))),
                             len(cards)) or 1
        alike = doc.get("alike", default_alike)
        if not isinstance(alike, int) or isinstance(alike, bool) or not 1 <= alike <= len(cards):
            raise _fail(source, "alike", f"expected 1 to {len(cards)} (the first cards counted unordered)")
        for key in ("placed", "offered"):
            if key in doc:
                raise _fail(source, key, "applies to the dealer-final family only")
    else:
        for key in ("cards", "alike"):
            if key in doc:
                raise _fail(source, key, "applies to the first-cards family only")
    placed = doc.get("placed", "before-deal")
    if placed not in PLACED:
        raise _fail(source, "placed", f"{shown(repr(placed), 30)} is not one of {', '.join(PLACED)}")
    offered: tuple[int, ...] = tuple(range(1, 11))
    if "offered" in doc:
        if placed != "after-up-card":
            raise _fail(source, "offered", "a wager placed before the deal is offered on every up card")
        offered = tuple(sorted({_value(v, source, "offered") for v in _several(doc["offered"])}))
    paid: tuple[str, ...] = ()
    if "paid" in doc:
        if not isinstance(doc["paid"], list) or not 1 <= len(doc["paid"]) <= MAX_OUTCOMES:
            raise _fail(source, "paid", "expected a list of the names the paytable pays")
        paid = tuple(_name(p, source, "paid") for p in doc["paid"])
    raw = doc.get("outcomes")
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_OUTCOMES:
        raise _fail(source, "outcomes", f"expected 1 to {MAX_OUTCOMES} tables [[outcomes]]")
    outcomes: list[DefinedOutcome] = []
    keyed: dict[str, tuple[str, ...]] = {}  # an outcome whose pay is keyed by a card: its keys
    lose = _name(doc.get("lose", "lose"), source, "lose")
    for i, o in enumerate(raw):
        if not isinstance(o, dict):
            raise _fail(source, f"outcomes[{i}]", "expected a table with name and when")
        oname = _name(o.get("name"), source, f"outcomes[{i}].name")
        where = f"outcomes.{oname}"
        if oname in (x.name for x in outcomes) or oname == lose:
            raise _fail(source, f"{where}.name", "named twice (or the losing row's name)")
        for key in o:
            if key not in ("name", "when", "pays_as", "by"):
                raise _fail(source, f"{where}.{shown(key, 30)}", "unknown key (expected name, when, pays_as, by)")
        if "when" not in o:
            raise _fail(source, f"{where}.when", "missing: the condition on which the outcome holds")
        reader = _Reader(source, family, cards or DEALER_POSITIONS, options, version)
        condition = reader.condition(o["when"], f"{where}.when")
        if "by" in o:
            reader.since(2, f"{where}.by", "a pay keyed by a card")
            if "pays_as" in o:
                raise _fail(source, f"{where}.by", "does not go with pays_as")
            rows = _keyed(o["by"], condition, source, f"{where}.by", family, cards, offered)
            for key, held in rows:
                kname = f"{oname}-{key}"
                if kname in (x.name for x in outcomes) or kname == lose:
                    raise _fail(source, f"{where}.by", f"makes the outcome {kname}, named twice")
                outcomes.append(DefinedOutcome(kname, held))
            keyed[oname] = tuple(key for key, _ in rows)
            continue
        pays_as: dict[str, int] = {}
        if "pays_as" in o:
            if not paid:
                raise _fail(source, f"{where}.pays_as", "needs the top-level paid = [...] list")
            if not isinstance(o["pays_as"], dict) or not o["pays_as"]:
                raise _fail(source, f"{where}.pays_as", "expected { paid name = times }")
            for p, times in o["pays_as"].items():
                if p not in paid:
                    raise _fail(source, f"{where}.pays_as.{shown(p, 30)}", f"not a paid name ({', '.join(paid)})")
                if not isinstance(times, int) or isinstance(times, bool) or not 1 <= times <= MAX_CARDS:
                    raise _fail(source, f"{where}.pays_as.{p}", f"expected a whole number from 1 to {MAX_CARDS}")
                pays_as[p] = times
        elif paid:
            raise _fail(source, f"{where}.pays_as", "missing: with paid = [...] every outcome says what it pays")
        outcomes.append(DefinedOutcome(oname, condition, pays_as))
    notes = doc.get("notes", [])
    if not isinstance(notes, list) or len(notes) > 32 or not all(isinstance(n, str) and len(n) <= 2000 for n in notes):
        raise _fail(source, "notes", "expected at most 32 lines of text")
    exclusive = doc.get("exclusive", False)
    if not isinstance(exclusive, bool):
        raise _fail(source, "exclusive", "expected true or false")
    tables = paytables if paytables is not None else doc.get("paytables")
    if not isinstance(tables, dict) or not tables:
        raise _fail(source, "paytables", "expected tables [paytables.ID] (or the name of a paytable file)")
    known = set(paid or (o.name for o in outcomes))
    if keyed:
        tables = {tid: _flat_pays(t, keyed, source, f"paytables.{shown(tid, 32)}.pays")
                  for tid, t in tables.items()}
    for tid, t in tables.items():
        pays = t.get("pays", {}) if isinstance(t, dict) else None
        if not isinstance(pays, dict):
            raise _fail(source, f"paytables.{shown(tid, 32)}.pays", "expected a table of outcome = pay")
        for p in pays:
            if p not in known:
                raise _fail(source, f"paytables.{shown(tid, 32)}.pays.{shown(p, 40)}",
                            f"a pay for an outcome that does not exist (outcomes: {', '.join(sorted(known))})")
    return Definition(name, _text(doc, "title", source, name, 200), _text(doc, "citation", source, ""), family,
                      cards, alike, tuple(outcomes), tuple(options.values()), tables, source, text, exclusive,
                      tuple(notes), lose, paid, placed, offered, sha256)

