"""Decisions that a side wager opens in the main game (New York, 9 NYCRR 5324.11), exactly.

**House money, (h)(6).** After a winning house money wager the player "may add any amount of the
winning wager to the initial blackjack wager or collect the wager in its entirety". What he knows
then: his two cards and the dealer's up card (both dealt face up by (a)(4); the up card is face up
in a hand deal too, (a)(5)(i)(b)); nothing else (other players' cards are not used). Every unit he
adds earns E, the main game's expected result per unit of his hand from here (composition-dependent
play from :class:`~odds.engine.player.PlayerEngine`, the shoe less the three cards seen). The play of the
hand does not depend on the bet's size, so adding x is worth x * E: the decision is all or nothing,
add everything when E > 0. When is the wager settled against the dealer's peek? (h) does not say.
``timing="before-peek"`` (the default) reads it with the other first-card wagers of the section,
settled before any other card is dealt and before the card reader is used ((j)(3), (k)(4)); (h)(1)
(a dealer blackjack has no effect on the wager) fits that reading. The money added is then part of
the blackjack wager when the dealer looks: a dealer blackjack takes it (a player blackjack pushes),
so E = E[result; no dealer blackjack] - P(dealer blackjack). ``timing="after-peek"``: the dealer has
looked and has no blackjack (with one the round is over and nothing can be added), so E is
E[result | no dealer blackjack]; the round's gain is then P(no blackjack) * x * max(E, 0). The
amount that may be added: ``proceeds="stake-and-win"`` (the default, "the winning wager": the
stake with its payout, 1 + pays) or ``"win"`` (the payout only).

**Sevens and splitting, (d), (e), (q).** With 7-7 the player's third card (a hit, the double card,
the first card to the first split hand) decides the three-seven pays. Super sevens (d)(4) and
blazing 7s (q)(4) count the first card to a split hand, so splitting keeps them; progressive super
sevens (e)(3) pays a split hand for two sevens only, so splitting forfeits them. A player who
stands (or surrenders) takes no third card: read here as forfeiting the three-seven pays too (the
regulations deal a third card after a dealer blackjack, (d)(6), (e)(5), (q)(6), but say nothing of
a player who stands). Under the (q)(10) procedure the up card is the third card and no decision
touches the wager. The value of an option is main + side_bet * side, each jointly with "no dealer
blackjack" (with peek a decision is only made then; a dealer blackjack still gives 7-7 its third
card whatever the player would have done, so it adds the same to every option). Meter awards are
share * M, M in units of the side wager: the difference of two options is linear in M, and
:func:`sevens_split_decisions` gives where the best play changes, exactly.

>>> from odds import Shoe
>>> side = sevens_side("progressive-super-sevens", "A", "7S 7S", "5", Shoe.decks(6))
>>> side["hit"] - side["split"]  # 4 sevens of spades and 18 others among 309 cards
Linear(const=Fraction(7900, 309), meters=(('jackpot', Fraction(4, 309)),))
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Any, Callable, Iterator, List, Mapping, Optional, Sequence, Tuple, Union, cast

from odds.core.actions import Action
from odds.core.cards import RANKS, SUITS, Card, parse_cards, point_value, value_label
from odds.core.errors import RuleError, ShoeError, WagerError, option
from odds.core.formats import decimal_text, fraction_text, text_table
from odds.core.game_rules import GameRules
from odds.wagers.paytables import Paytable, builtin_paytables
from odds.engine.player import PlayerEngine
from odds.core.shoe import Shoe

Number = Union[int, Fraction]
Envelope = List[Tuple[Optional[Fraction], Optional[Fraction], Action]]  # [(from, to or None, option)]
ALL_CARDS = tuple(Card(r, s) for r in RANKS for s in SUITS)
UP_VALUES = tuple(range(1, 11))
TIMINGS = ("before-peek", "after-peek")
PROCEEDS = ("stake-and-win", "win")
HOUSE_MONEY_RANKING = ("suited-ak", "straight-flush", "pair", "straight")
SEVENS_WAGERS = ("super-sevens", "progressive-super-sevens", "blazing-7s")


# ---------------------------------------------------------------------------- exact linear forms

@dataclass(frozen=True)
class Linear:
    """``const + sum(coef * meter)``, exact; meters are named, in units of the side wager.

    >>> x = Linear(Fraction(-50), (("jackpot", Fraction(1, 100)),))
    >>> x.at({"jackpot": 6000}), x.solve("jackpot")
    (Fraction(10, 1), Fraction(5000, 1))
    """

    const: Fraction = Fraction(0)
    meters: tuple[tuple[str, Fraction], ...] = ()  # sorted by name, no zero coefficients

    @staticmethod
    def of(const: Number = 0, meters: Optional[Mapping[str, Number]] = None) -> "Linear":
        items = tuple(sorted((m, Fraction(c)) for m, c in (meters or {}).items() if c))
        return Linear(Fraction(const), items)

    @property
    def coefs(self) -> dict:
        return dict(self.meters)

    def __add__(self, other: "Linear") -> "Linear":
        c = self.coefs
        for m, v in other.meters:
            c[m] = c.get(m, 0) + v
        return Linear.of(self.const + other.const, c)

    def __neg__(self) -> "Linear":
        return Linear.of(-self.const, {m: -v for m, v in self.meters})

    def __sub__(self, other: "Linear") -> "Linear":
        return self + (-other)

    def scale(self, k: Number) -> "Linear":
        return Linear.of(self.const * k, {m: v * k for m, v in self.meters})

    def substitute(self, values: Mapping[str, Number]) -> "Linear":
        """The meters named in ``values`` replaced by those values."""
        const = self.const + sum((v * Fraction(values[m]) for m, v in self.meters if m in values), Fraction(0))
        return Linear.of(const, {m: v for m, v in self.meters if m not in values})

    def at(self, values: Mapping[str, Number]) -> Fraction:
        rest = self.substitute(values)
        if rest.meters:
            raise WagerError(f"give a value for meter(s) {', '.join(m for m, _ in rest.meters)}")
        return rest.const

    def solve(self, meter: str) -> Fraction:
        """The value of ``meter`` at which this form is 0 (it must be its only meter)."""
        coefs = self.coefs
        if set(coefs) != {meter}:
            raise WagerError(f"cannot solve for {meter}: the form has meter(s) {sorted(coefs) or 'none'}")
        return -self.const / coefs[meter]

    def text(self, places: int = 6) -> str:
        out = decimal_text(self.const, places)
        for m, v in self.meters:
            out += f" {'-' if v < 0 else '+'} {decimal_text(abs(v), places + 2)}*{m}"
        return out

    def to_json(self) -> dict:
        return {"constant": fraction_text(self.const), "constant_decimal": float(self.const),
                "per_meter": {m: fraction_text(v) for m, v in self.meters},
                "per_meter_decimal": {m: float(v) for m, v in self.meters}}


# ------------------------------------------------------------------------------ decision tables

def _json_value(v: Any) -> Any:
    if isinstance(v, Fraction):
        return fraction_text(v)
    if isinstance(v, Linear):
        return v.to_json()
    if isinstance(v, dict):
        return {str(k): _json_value(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_json_value(x) for x in v]
    return v


def _json_fields(d: Mapping) -> dict:
    out = {}
    for k, v in d.items():
        out[k] = _json_value(v)
        if isinstance(v, Fraction):
            out[f"{k}_decimal"] = float(v)
        elif isinstance(v, dict) and v and all(isinstance(x, Fraction) for x in v.values()):
            out[f"{k}_decimal"] = {str(a): float(x) for a, x in v.items()}
    return out


@dataclass(frozen=True)
class DecisionTable:
    """A decision table: one row per situation (a dict; exact values as ``Fraction`` or
    :class:`Linear`), a summary, the assumptions and the method. ``to_json`` writes every exact
    value as ``"p/q"`` with a ``*_decimal`` float beside it; ``to_text`` shows ``columns``.

    >>> t = DecisionTable("demo", "Demo", (("x", "x"),), ({"x": Fraction(1, 3)},), {"total": Fraction(1, 3)})
    >>> t.to_json()["rows"], t.to_json()["summary"]["total_decimal"]
    ([{'x': '1/3', 'x_decimal': 0.3333333333333333}], 0.3333333333333333)
    >>> print(t.to_text(fractions=True).splitlines()[2])
    x
    """

    name: str
    title: str
    columns: tuple[tuple[str, str], ...]  # (row key, heading) shown by to_text
    rows: tuple[dict, ...]
    summary: dict
    assumptions: tuple[str, ...] = ()
    method: str = ""
    warnings: tuple[str, ...] = ()
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"decision": self.name, "title": self.title, "rows": [_json_fields(r) for r in self.rows],
                "summary": _json_fields(self.summary), "assumptions": list(self.assumptions),
                "method": self.method, "warnings": list(self.warnings), **_json_value(self.extra)}

    def to_text(self, fractions: bool = False) -> str:
        def cell(v: Any) -> str:
            if v is None:
                return "-"
            if isinstance(v, Fraction):
                return fraction_text(v) if fractions else decimal_text(v, 6)
            if isinstance(v, Linear):
                return (fraction_text(v.const) + "".join(f" + ({fraction_text(c)})*{m}" for m, c in v.meters)
                        if fractions else v.text())
            if isinstance(v, (list, tuple)):
                return " ".join(map(str, v))
            return str(v)

        header = [h for _, h in self.columns]
        rows = [[cell(r.get(k)) for k, _ in self.columns] for r in self.rows]
        out = [self.title, "", text_table(header, rows), ""]
        for k, v in self.summary.items():
            exact = f"   = {fraction_text(v)}" if isinstance(v, Fraction) else ""
            out.append(f"{k:<28} {cell(v) if not isinstance(v, Fraction) else decimal_text(v, 8)}{exact}")
        out += ["", "assumptions:"] + [f"  - {a}" for a in self.assumptions]
        out += [f"method: {self.method}"] + [f"WARNING: {w}" for w in self.warnings]
        return "\n".join(out)


# ------------------------------------------------------------------------------------ shared

def ny_rules(decks: int, rule: str = "S17", **kw: object) -> GameRules:
    """The main game under 9 NYCRR 5324.11(c)(1): a blackjack pays 6:5 with one or two decks,
    3:2 otherwise; other rules as :class:`GameRules` defaults unless given.

    >>> ny_rules(2).blackjack_pays, ny_rules(6, "H17").blackjack_pays
    (Fraction(6, 5), Fraction(3, 2))
    """
    if kw.get("blackjack_pays") is None:
        kw["blackjack_pays"] = Fraction(6, 5) if decks <= 2 else Fraction(3, 2)
    return GameRules.from_options(decks, rule, **kw)


def _paytable(wager: str, paytable: str) -> Paytable:
    book = builtin_paytables(wager)
    if paytable not in book.tables:
        raise WagerError(f"{wager} has no paytable {paytable!r} (it has {', '.join(book.tables)})")
    return book.tables[paytable]


def _shoe_and_rules(decks: int, rule: str, rules: Optional[GameRules],
                    shoe: Optional[Shoe]) -> tuple[GameRules, Shoe]:
    if rules is None:
        rules = ny_rules(decks, rule)
    elif rules.decks != decks:
        raise RuleError(f"the rules are for {rules.decks} deck(s), the table for {decks}")
    return rules, (Shoe.decks(decks) if shoe is None else shoe)


def _rules_text(rules: GameRules) -> str:
    return f"main game: {rules.describe()} (composition-dependent play)"


# ------------------------------------------------------------------------- house money (h)(6)

def house_money_value(engine: PlayerEngine, a: int, b: int, u: int, timing: str = "before-peek") -> tuple:
    """(E per unit added at the moment of the decision, E jointly with the decision being
    available, the main-game play) for the player's card values ``a``, ``b`` against ``u``.

    The second number is what a unit added is worth to the round as a whole: under ``after-peek``
    E[result; no dealer blackjack], under ``before-peek`` (and with no hole card) the first.

    >>> from odds import DealerRules
    >>> e = PlayerEngine(GameRules(decks=1, dealer=DealerRules.parse("S17")), exact=True)
    >>> house_money_value(e, 1, 10, 5)  # a blackjack against a 5: paid 3:2, no dealer blackjack
    (Fraction(3, 2), Fraction(3, 2), 'blackjack')
    """
    if timing not in TIMINGS:
        raise WagerError(f"unknown timing {timing!r} (use {' or '.join(TIMINGS)})")
    peek = engine.rules.dealer.peek
    if timing == "after-peek" and not peek:
        raise RuleError("after-peek needs a dealer who peeks; with no hole card use before-peek")
    hand = tuple(int(v == a) + int(v == b) for v in range(1, 11))
    p_no = engine.public(engine.no_blackjack(hand, u))
    if {a, b} == {1, 10}:
        joint, play = engine.public(engine.blackjack_pay()) * p_no, "blackjack"  # a dealer blackjack pushes
        return (joint / p_no if timing == "after-peek" else joint), joint, play
    options = engine.first_options(a, b, u)
    play = max(options, key=options.__getitem__)
    joint = engine.public(options[play])
    if timing == "after-peek":
        return joint / p_no, joint, play
    # The money is on the table when the dealer looks (or, with no hole card, when he turns it).
    value = joint - (1 - p_no) if engine.one_unit_to_blackjack else joint
    return value, value, play


def _house_money_deals(shoe: Shoe, paytable: Paytable) -> tuple[dict, int]:
    """{(a, b, u): {hand: ways}} over the winning deals (two player cards unordered, the up card
    by value) and the cycle; a fast count by card types, classified by the wager's own code."""
    from odds.wagers.card_combinations import house_money
    from odds.pricing.first_cards_base import paid_hand
    rs = shoe.by_rank_suit()
    types = [(c, rs[RANKS.index(c.rank)][SUITS.index(cast(str, c.suit))]) for c in ALL_CARDS]
    types = [(c, n) for c, n in types if n]
    by_value = list(shoe.by_value())
    n = shoe.total
    cycle = comb(n, 2) * (n - 2)
    out: dict = {}
    for i, (c1, n1) in enumerate(types):
        for c2, n2 in types[i:]:
            ways = comb(n1, 2) if c1 == c2 else n1 * n2
            hand = paid_hand(house_money((c1, c2)), paytable.pays)
            if not ways or hand is None:
                continue
            a, b = sorted((c1.value, c2.value))
            for u in UP_VALUES:
                up = by_value[u - 1] - (a == u) - (b == u)
                if up > 0:
                    row = out.setdefault((a, b, u), {})
                    row[hand] = row.get(hand, 0) + ways * up
    return out, cycle


def house_money_decisions(decks: int = 6, rule: str = "S17", paytable: str = "A", *,
                          rules: Optional[GameRules] = None, shoe: Optional[Shoe] = None,
                          timing: str = "before-peek", proceeds: str = "stake-and-win") -> DecisionTable:
    """Add the house money proceeds to the blackjack wager, or not, for every hand that can win
    the wager and every up card; and the wager's return played that way, per unit of it.

    Rows: ``player`` (values, e.g. ``T-T``), ``up``, ``hands`` (the house money hands with those
    values), ``probability`` (of a winning deal in the row), ``proceeds`` (expected amount
    available in the row, per unit of the house money wager), ``play``, ``value`` (E per unit
    added, at the decision), ``decision``, ``gain`` (expected gain of adding, per unit of the
    house money wager). Summary: ``wager_return`` (the par sheet's), ``gain_from_adding``,
    ``combined_return``.

    >>> t = house_money_decisions(1, shoe=Shoe.decks(1))  # doctest: +SKIP
    """
    if proceeds not in PROCEEDS:
        raise WagerError(f"unknown proceeds reading {proceeds!r} (use {' or '.join(PROCEEDS)})")
    if timing not in TIMINGS:
        raise WagerError(f"unknown timing {timing!r} (use {' or '.join(TIMINGS)})")
    from odds.wagers import get_wager
    rules, shoe = _shoe_and_rules(decks, rule, rules, shoe)
    table = _paytable("house-money", paytable)
    sheet = get_wager("house-money").par_sheet(shoe, None, table, decks)
    engine = PlayerEngine(rules, shoe, exact=True)
    deals, cycle = _house_money_deals(shoe, table)
    extra = 1 if proceeds == "stake-and-win" else 0
    rows = []
    gain_total = Fraction(0)
    p_add = Fraction(0)
    for (a, b, u), hands in sorted(deals.items()):
        value, joint, play = house_money_value(engine, a, b, u, timing)
        prob = Fraction(sum(hands.values()), cycle)
        avail = sum((Fraction(w, cycle) * (table.pays[h] + extra) for h, w in hands.items()), Fraction(0))
        add = value > 0
        gain = avail * joint if add else Fraction(0)
        gain_total += gain
        p_add += prob if add else 0
        rows.append({"player": f"{value_label(a)}-{value_label(b)}", "up": value_label(u),
                     "hands": sorted(hands, key=HOUSE_MONEY_RANKING.index), "probability": prob,
                     "proceeds": avail, "play": play, "value": value,
                     "decision": "add all" if add else "add nothing", "gain": gain})
    combined = sheet.expected_return + gain_total
    when = {"before-peek": "before the dealer's peek: money added is lost to a dealer blackjack (a player "
                           "blackjack pushes); value = E[result; no dealer blackjack] - P(dealer blackjack)",
            "after-peek": "after the dealer's peek found no blackjack: value = E[result | no dealer "
                          "blackjack]; a gain is weighted by P(no dealer blackjack)"}[timing]
    if not rules.dealer.peek:
        when = "no hole card: the value is the plain expectation of the hand, a dealer blackjack included"
    return DecisionTable(
        "house-money", f"House money (9 NYCRR 5324.11(h)(6)): add the proceeds to the blackjack wager?, "
                       f"paytable {table.id}, {decks} deck(s), {rules.dealer.name}",
        (("player", "player"), ("up", "up"), ("hands", "house money hands"), ("probability", "probability"),
         ("play", "play"), ("value", "E per unit added"), ("decision", "decision"), ("gain", "gain")),
        tuple(rows),
        {"wager_return": sheet.expected_return, "gain_from_adding": gain_total, "combined_return": combined,
         "combined_house_edge": -combined, "probability_of_adding": p_add},
        (f"{decks} deck(s), a freshly shuffled shoe" if shoe == Shoe.decks(decks) else
         f"the shoe as given ({shoe.total} cards)",
         _rules_text(rules),
         "seen at the decision: the player's two cards and the dealer's up card ((a)(4), (a)(5)(i)); "
         "no other player's cards",
         f"settled {when}",
         {"stake-and-win": "may be added: the winning wager, stake and payout (1 + pays per unit), (h)(6)",
          "win": "may be added: the payout only (pays per unit)"}[proceeds],
         "adding x units is worth x * value (the play of the hand does not depend on its size): add "
         "everything when value > 0, nothing otherwise",
         "the house money wager's own return is its par sheet's; (h)(1): a dealer blackjack has no effect on it"),
        "exact count of the winning deals by card (two player cards unordered, the up card by value) "
        "x the player engine's exact values of the hand; checked by odds.reference.decisions",
        extra={"timing": timing, "proceeds": proceeds, "paytable": table.id, "decks": decks,
               "rule": rules.dealer.name})


# ------------------------------------------------------------------------ sevens and splitting

def _classifier(wager: str, procedure: str) -> tuple[Callable, tuple[Action, ...]]:
    """(classify(p1, p2, up, third) for an option that deals a third card that counts,
    which options deal it)."""
    from odds.wagers import sevens
    if procedure not in ("third-card", "up-card") or (procedure == "up-card" and wager != "blazing-7s"):
        raise WagerError(f"procedure {procedure!r}: third-card, or up-card for blazing-7s only")
    if wager == "super-sevens":
        return (lambda p1, p2, up, third: sevens.super_sevens((p1, p2, third))), (Action.HIT, Action.DOUBLE, Action.SPLIT)
    if wager == "progressive-super-sevens":
        game = sevens.progressive_super_sevens_game(frozenset())
        return (lambda p1, p2, up, third: game.classify((p1, p2, up, third))), (Action.HIT, Action.DOUBLE)
    if wager == "blazing-7s":
        if procedure == "up-card":
            return (lambda p1, p2, up, third: sevens.blazing_sevens((p1, p2, up))), \
                tuple(Action)
        return (lambda p1, p2, up, third: sevens.blazing_sevens((p1, p2, third))), (Action.HIT, Action.DOUBLE, Action.SPLIT)
    raise WagerError(f"unknown wager {wager!r} (use {', '.join(SEVENS_WAGERS)})")


def _pay(hands: tuple[str, ...], paytable: Paytable) -> Linear:
    from odds.pricing.first_cards_base import paid_hand
    paid: dict[str, Any] = dict(paytable.pays)
    paid.update(paytable.meter_pays)
    hand = paid_hand(hands, paid)
    if hand is None:
        return Linear.of(-1)
    if hand in paytable.meter_pays:
        share, meter = paytable.meter_pays[hand]
        return Linear.of(0, {meter: share})
    return Linear.of(paytable.pays[hand])


def sevens_side(wager: str, paytable: str, pair: Union[str, Sequence[Card]], up: Union[str, Card], shoe: Shoe,
                peek: bool = True, procedure: str = "third-card") -> dict:
    """The side wager's expected result per unit, jointly with no dealer blackjack (with
    ``peek``), for each option of 7-7 (``pair``, e.g. ``"7S 7H"``) against ``up`` (a card; a
    bare rank if not a 7), from ``shoe`` less the three cards. Options that deal a third card
    that counts are paid on the next card; the others on the two sevens.

    >>> sevens_side("super-sevens", "A", "7S 7H", "T", Shoe.decks(1))["stand"]  # 50 x P(no ace in the hole)
    Linear(const=Fraction(2250, 49), meters=())
    """
    classify, third_options = _classifier(wager, procedure)
    table = _paytable(wager, paytable)
    p1, p2 = parse_cards(pair) if isinstance(pair, str) else pair
    upc = parse_cards(up)[0] if isinstance(up, str) else up
    if p1.rank != "7" or p2.rank != "7" or p1.suit is None or p2.suit is None:
        raise WagerError(f"the pair must be two sevens with suits, e.g. '7S 7H', not {pair!r}")
    if upc.rank == "7" and upc.suit is None:
        raise WagerError("a 7 up card needs its suit (it can be one of the three sevens)")
    if upc.suit is None:  # a non-seven up card: any suit of its rank left will do
        left = shoe.remove([p1, p2]).by_rank_suit()[RANKS.index(upc.rank)]
        if not any(left):
            raise ShoeError(f"cannot remove {upc}: no {upc.rank} left in the shoe")
        upc = Card(upc.rank, SUITS[next(k for k, c in enumerate(left) if c)])
    pool = shoe.remove([p1, p2, upc])
    rs = pool.by_rank_suit()
    n = pool.total
    bj_value = {1: 10, 10: 1}.get(upc.value) if peek else None
    bj = pool.by_value()[bj_value - 1] if bj_value else 0
    p_no = Fraction(n - bj, n)
    third = Linear()
    for c in ALL_CARDS:
        k = rs[RANKS.index(c.rank)][SUITS.index(cast(str, c.suit))]
        if not k:
            continue
        w = Fraction(k, n)
        if bj_value:  # the hole card, one of the other n - 1, must not complete a blackjack
            w *= Fraction(n - 1 - bj + (c.value == bj_value), n - 1)
        third = third + _pay(classify(p1, p2, upc, c), table).scale(w)
    two = _pay(classify(p1, p2, upc, Card("2", "S")), table).scale(p_no)
    return {o: (third if o in third_options else two) for o in Action}


def _envelope(values: Mapping[Action, Linear],
              given: Mapping[str, Number]) -> tuple[Optional[Envelope], list[str]]:
    """The best option as the one free meter runs over [0, inf): [(from, to or None, option)],
    or None when more than one meter is free; with none free, [(None, None, best)]."""
    lines = {o: v.substitute(given) for o, v in values.items()}
    free = sorted({m for v in lines.values() for m, _ in v.meters})
    if len(free) > 1:
        return None, free
    if not free:
        best = max(lines, key=lambda o: lines[o].const)
        return [(None, None, best)], free
    m = free[0]

    def at(x: Fraction) -> dict[Action, Fraction]:
        return {o: v.const + v.coefs.get(m, 0) * x for o, v in lines.items()}

    cuts = set()
    opts = list(lines)
    for i, o1 in enumerate(opts):
        for o2 in opts[i + 1:]:
            d = lines[o1] - lines[o2]
            if d.meters:
                x = d.solve(m)
                if x > 0:
                    cuts.add(x)
    points = sorted(cuts)
    edges = [Fraction(0)] + points
    out: Envelope = []
    for i, lo in enumerate(edges):
        hi = edges[i + 1] if i + 1 < len(edges) else None
        probe = (lo + hi) / 2 if hi is not None else lo + 1
        vals = at(probe)
        best = max(opts, key=lambda o: vals[o])
        if out and out[-1][2] == best:
            out[-1] = (out[-1][0], hi, best)
        else:
            out.append((lo, hi, best))
    return out, free


def _envelope_text(env: Optional[Envelope], free: Sequence[str]) -> str:
    if env is None:
        return f"give {option('meters')} for all but one of {', '.join(free)}"
    if env[0][0] is None:
        return env[0][2]
    m = free[0]
    parts = []
    for lo, hi, o in env:
        if hi is None:
            parts.append(f"{o} for {m} >= {decimal_text(lo, 2)}" if lo else f"{o} always")
        else:
            parts.append(f"{o} for {m} < {decimal_text(hi, 2)}" if not lo else
                         f"{o} for {decimal_text(lo, 2)} <= {m} < {decimal_text(hi, 2)}")
    return "; ".join(parts)


def _seven_pairs(shoe: Shoe) -> Iterator[tuple[tuple[Card, Card], int]]:
    rs = shoe.by_rank_suit()
    sevens = rs[RANKS.index("7")]
    for i, s1 in enumerate(SUITS):
        for j in range(i, 4):
            ways = comb(sevens[i], 2) if i == j else sevens[i] * sevens[j]
            if ways:
                yield (Card("7", s1), Card("7", SUITS[j])), ways


def _up_cards(shoe: Shoe) -> Iterator[Card]:
    """Up cards: each value but 7 (any card of it), and each 7 by suit."""
    rs = shoe.by_rank_suit()
    for u in UP_VALUES:
        if u == 7:
            for s in SUITS:
                yield Card("7", s)
        else:
            rank = next((r for r in RANKS if point_value(r) == u and bool(sum(rs[RANKS.index(r)]))), None)
            if rank is not None:
                yield Card(rank, next(s for k, s in enumerate(SUITS) if rs[RANKS.index(rank)][k]))


def sevens_split_decisions(wager: str = "progressive-super-sevens", paytable: str = "A", decks: int = 6,
                           rule: str = "S17", *, rules: Optional[GameRules] = None,
                           shoe: Optional[Shoe] = None, side_bet: Number = 1,
                           meters: Optional[Mapping[str, Number]] = None,
                           procedure: str = "third-card") -> DecisionTable:
    """7-7 against each up card: the value of each option, main hand plus ``side_bet`` (side
    wager per unit of the blackjack wager) times the side wager, as a linear form in the meters;
    ``hit_minus_split`` and the meter at which it is 0; the best play as the free meter runs from
    0 up (meters given in ``meters`` are fixed). Rows group the pairs of sevens (by suit) that
    are alike for the wager against that up card.

    >>> t = sevens_split_decisions(decks=6)  # doctest: +SKIP
    """
    if isinstance(side_bet, float) or Fraction(side_bet) <= 0:
        raise WagerError(f"side_bet must be an exact positive number (side wager per unit of the main bet), "
                         f"got {side_bet!r}")
    side_bet = Fraction(side_bet)
    given = {m: Fraction(v) for m, v in (meters or {}).items()}
    if any(v < 0 for v in given.values()):
        raise WagerError("a meter cannot be negative")
    _classifier(wager, procedure)
    rules, shoe = _shoe_and_rules(decks, rule, rules, shoe)
    table = _paytable(wager, paytable)
    unknown = set(given) - {m for _, m in table.meter_pays.values()}
    if unknown:
        raise WagerError(f"paytable {table.id} of {wager} has no meter {', '.join(sorted(unknown))}")
    engine = PlayerEngine(rules, shoe, exact=True)
    peek = rules.dealer.peek
    n = shoe.total
    cycle = comb(n, 2) * (n - 2)
    rows = []
    groups: dict = {}
    for up in _up_cards(shoe):
        u = up.value
        main = {o: cast(Fraction, engine.public(v)) for o, v in engine.first_options(7, 7, u).items()}  # exact
        for pair, ways in _seven_pairs(shoe):
            after_pair = shoe.remove(list(pair))
            up_ways = (after_pair.by_rank_suit()[RANKS.index("7")][SUITS.index(cast(str, up.suit))] if u == 7
                       else after_pair.by_value()[u - 1])
            if not up_ways:
                continue
            side = sevens_side(wager, paytable, pair, up, shoe, peek, procedure)
            values = {o: Linear.of(main[o]) + side[o].scale(side_bet) for o in main}
            key = (up, tuple(sorted((o, v) for o, v in values.items())))
            prob = Fraction(ways * up_ways, cycle)
            if key in groups:
                row = groups[key]
                row["pairs"].append(f"{pair[0]}{pair[1]}")
                row["probability"] += prob
                continue
            hms = values[Action.HIT] - values[Action.SPLIT] if Action.SPLIT in values else None
            env, free = _envelope(values, given)
            breakeven = breakeven_of = None
            if hms is not None:
                rest = hms.substitute(given)
                if len(rest.meters) == 1:
                    breakeven_of = rest.meters[0][0]
                    breakeven = rest.solve(breakeven_of)
            row = {"up": str(up) if u == 7 else value_label(u), "pairs": [f"{pair[0]}{pair[1]}"],
                   "probability": prob,
                   "main": main, "side": {o: side[o] for o in main}, "values": values,
                   "hit_minus_split": hms, "breakeven_meter": breakeven,
                   "breakeven_of": breakeven_of,
                   "best_play": env, "best_play_text": _envelope_text(env, free)}
            groups[key] = row
            rows.append(row)
    for r in rows:
        r["pairs"] = " ".join(r["pairs"])
        if r["best_play"] is not None:
            r["best_play"] = [{"from": lo, "to": hi, "play": o} for lo, hi, o in r["best_play"]]
    forfeits = {"super-sevens": "no: (d)(4) counts the first card to the split hand",
                "progressive-super-sevens": "yes: (e)(3) pays a split hand for two sevens only",
                "blazing-7s": "no: (q)(4) counts the third card dealt to the player"
                              if procedure == "third-card" else "no: under (q)(10) the up card is the third card"}
    summary = {"splitting_forfeits_three_sevens": forfeits[wager], "side_bet_per_main_unit": side_bet}
    return DecisionTable(
        "sevens-split", f"7-7 and the {wager} wager (9 NYCRR 5324.11({ {'super-sevens': 'd', 'progressive-super-sevens': 'e', 'blazing-7s': 'q'}[wager]})): "
                        f"split or hit, paytable {table.id}, {decks} deck(s), {rules.dealer.name}",
        (("up", "up"), ("pairs", "sevens"), ("hit_minus_split", "hit - split (per main unit)"),
         ("breakeven_of", "meter"), ("breakeven_meter", "hit = split at"), ("best_play_text", "best play")),
        tuple(rows), summary,
        (f"{decks} deck(s), a freshly shuffled shoe" if shoe == Shoe.decks(decks) else
         f"the shoe as given ({shoe.total} cards)",
         _rules_text(rules),
         "seen at the decision: the player's two sevens and the up card",
         "values per unit of the blackjack wager: main + side_bet * side, each jointly with no dealer "
         "blackjack (with peek the decision is made only then; a dealer blackjack gives 7-7 its third card "
         "whatever the option, (d)(6), (e)(5), (q)(6), so it does not change the comparison)",
         f"splitting forfeits the three-seven pays: {forfeits[wager]}",
         "the third card is the next card to the player: a hit, the double card, or the first card to the "
         "first split hand; standing or surrendering deals none (read as forfeiting the three-seven pays)",
         "meter awards pay share x M, M in units of the side wager; given meters: " +
         (", ".join(f"{m} = {fraction_text(v)}" for m, v in given.items()) or "none"),
         "rows group the pairs of sevens that are alike for the wager against the up card; probability is "
         "that of being dealt one of them with that up card"),
        "main values: the player engine's exact option values (7-7 against the up card, the shoe less the "
        "three cards by value); side: every next card by rank and suit, classified by the wager's own code; "
        "checked by odds.reference.decisions (direct counts of the sevens left, the pays from the regulation)",
        extra={"wager": wager, "paytable": table.id, "decks": decks, "rule": rules.dealer.name,
               "procedure": procedure})
