"""The plain interpreter of a wager definition file (:mod:`odds.core.wager_definition`): the second
computation of a defined wager, written apart from its compilation (:mod:`odds.wagers.defined`).

It deals every ordered sequence of the deciding cards, one card at a time, from the physical cards
left (by rank and suit for the first cards, by point value for the dealer's hand), and decides each
deal by reading the definition's conditions itself, card by card.

>>> from odds import Shoe
>>> from odds.core.wager_definition import parse_definition
>>> d = parse_definition('''
... version = 1
... name = "pair"
... family = "first-cards"
... cards = ["player1", "player2"]
... [[outcomes]]
... name = "pair"
... when = { same = "rank" }
... [paytables.P]
... citation = "an example"
... pays = { pair = 11 }
... ''', "pair.toml")
>>> first_cards_figures(d, Shoe.decks(1), {"pair": 11}, {}).probabilities  # 3 of the 51 cards left pair the first
{'lose': Fraction(16, 17), 'pair': Fraction(1, 17)}
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from math import factorial
from typing import Any, Iterable, Mapping, Optional, Sequence

from odds.core.cards import RANKS, SUITS
from odds.core.errors import UnavailableError
from odds.core.wager_definition import DEALER_CARD_KINDS, DEALER_POSITIONS, HAND, SECOND_HAND, Condition, Definition

from .figures import ReferenceFigures

TENS = "TJQK"


def _point(rank: str) -> int:
    return 10 if rank in TENS else 1 if rank == "A" else int(rank)


def _up_value(upcard: Any) -> int:
    """The point value of an up card named as a rank or a card ("A", "10", "T", "TH", 7)."""
    text = str(upcard).upper()
    return 10 if text.startswith("10") else _point(text[0])


def _order(rank: str, ace: str) -> int:
    """2 .. K as 2 .. 13; the ace 14 (high) or 1 (low)."""
    if rank == "A":
        return 14 if ace == "high" else 1
    return {"T": 10, "J": 11, "Q": 12, "K": 13}.get(rank) or int(rank)


def _attribute(card: tuple[str, str], name: str) -> Any:
    rank, suit = card
    if name == "rank":
        return rank
    if name == "value":
        return _point(rank)
    if name == "suit":
        return suit
    if name == "colour":
        return "red" if suit in "HD" else "black"
    return rank + suit


def _blackjack_total(cards: list[tuple[str, str]]) -> tuple[int, bool]:
    """The hand's total and whether it is soft (an ace counted 11)."""
    total = sum(_point(r) for r, _ in cards)
    if any(r == "A" for r, _ in cards) and total + 10 <= 21:
        return total + 10, True
    return total, False


def _runs(numbers: list[int]) -> bool:
    numbers = sorted(numbers)
    return all(b == a + 1 for a, b in zip(numbers, numbers[1:]))


def holds(condition: Condition, deal: Mapping[str, tuple[str, str]], options: Mapping[str, str]) -> bool:
    """Whether ``condition`` holds for ``deal`` ({deciding card: (rank, suit)})."""
    kind = condition.kind
    if kind == "all":
        return all(holds(p, deal, options) for p in condition.parts)
    if kind == "any":
        return any(holds(p, deal, options) for p in condition.parts)
    if kind == "not":
        return not holds(condition.parts[0], deal, options)
    if kind == "option":
        return options[condition.attribute] in condition.values
    cards = [deal[p] for p in condition.cards]
    ranks = [r for r, _ in cards]
    if kind in ("rank", "value", "suit", "colour", "card"):
        return all(_attribute(c, kind) in condition.values for c in cards)
    if kind == "same":
        return len({_attribute(c, condition.attribute) for c in cards}) == 1
    if kind == "distinct":
        low, high = condition.values
        return low <= len({_attribute(c, condition.attribute) for c in cards}) <= high
    if kind == "number":
        low, high = condition.values
        test = condition.parts[0]
        return low <= sum(_attribute(c, test.kind) in test.values for c in cards) <= high
    if kind == "straight":
        if len(set(ranks)) != len(ranks):
            return False
        high = _runs([_order(r, "high") for r in ranks])
        low = _runs([_order(r, "low") for r in ranks])
        if condition.attribute == "ace-high":
            return high
        if condition.attribute == "ace-low":
            return low
        if condition.attribute == "ace-high-or-low":
            return high or low
        places = [RANKS.index(r) for r in ranks]  # wrap: some turn of the circle A 2 ... K makes a run
        return any(_runs([(p + turn) % 13 for p in places]) for turn in range(13))
    if kind == "total" and condition.attribute == "ace-low":
        low, high = condition.values
        return low <= sum(_point(r) for r in ranks) <= high
    if kind == "total":
        total, soft = _blackjack_total(cards)
        low, high = condition.values
        if condition.attribute == "hard" and soft or condition.attribute == "soft" and not soft:
            return False
        return low <= total <= high
    if kind == "blackjack":
        return sorted(_point(r) for r in ranks) == [1, 10]
    if kind == "spread":
        a, b = (_order(r, condition.attribute) for r in ranks)
        low, high = condition.values
        return low <= abs(a - b) - 1 <= high
    a, b, middle = (_order(r, condition.attribute) for r in ranks)  # between
    return min(a, b) < middle < max(a, b)


def _row(definition: Definition, made: Iterable[str], pays: Mapping[str, Any]) -> str:
    """The row a deal is paid in: its first outcome (when outcomes pay named items), else the first
    that the paytable pays; the losing row when none."""
    if definition.paid:
        return next(iter(made), definition.lose)
    return next((m for m in made if m in pays), definition.lose)


def _sees_suits(condition: Condition) -> bool:
    """Whether the condition looks at more of a card than its rank: its suit, colour, or the card."""
    if condition.kind in ("suit", "colour", "card"):
        return True
    if condition.kind in ("same", "distinct") and condition.attribute in ("suit", "colour", "card"):
        return True
    return any(_sees_suits(p) for p in condition.parts)


def first_cards_figures(definition: Definition, shoe: Any, pays: Mapping[str, Any],
                        options: Mapping[str, str]) -> ReferenceFigures:
    """Every ordered deal of the deciding cards from the physical cards of ``shoe``, one at a time:
    the ways of each row (the first ``alike`` cards counted unordered) and their chances. Where no
    condition looks at suits, the cards of a rank are dealt as one kind (shown as spades), each
    with the number of them left."""
    rs = shoe.by_rank_suit()
    if any(_sees_suits(o.condition) for o in definition.outcomes):
        kinds = [(r, s) for i, r in enumerate(RANKS) for j, s in enumerate(SUITS) if rs[i][j]]
        left = {card: rs[RANKS.index(card[0])][SUITS.index(card[1])] for card in kinds}
    else:
        kinds = [(r, "S") for i, r in enumerate(RANKS) if sum(rs[i])]
        left = {card: sum(rs[RANKS.index(card[0])]) for card in kinds}
    ways: dict[str, int] = {}
    positions = definition.cards

    def deal(i: int, dealt: dict, n: int) -> None:
        if i == len(positions):
            made = [o.name for o in definition.outcomes if holds(o.condition, dealt, options)]
            row = _row(definition, made, pays)
            ways[row] = ways.get(row, 0) + n
            return
        for card in kinds:
            if left[card]:
                dealt[positions[i]] = card
                m = left[card]
                left[card] -= 1
                deal(i + 1, dealt, n * m)
                left[card] += 1
        dealt.pop(positions[i], None)

    deal(0, {}, 1)
    alike = factorial(definition.alike)
    counted = {row: w // alike for row, w in sorted(ways.items())}
    cycle = sum(counted.values())
    return ReferenceFigures({row: Fraction(w, cycle) for row, w in counted.items()}, counted, cycle,
                            f"every ordered deal of the {len(positions)} deciding cards, one card at a time from the "
                            "physical cards left, each decided by a plain reading of the definition's conditions "
                            "(odds.reference.defined), the first "
                            f"{definition.alike} counted unordered")


# ------------------------------------------------------------------------------------- dealer's final hand

def _dealer_holds(condition: Condition, up: int, result: str, size: int, options: Mapping[str, str],
                  cards: Sequence[tuple[str, str]] = (), total: int = 0) -> bool:
    """Whether the condition holds for the dealer's final hand: its up card's value, result,
    number of cards, (when the definition reads them) its cards in the order dealt, and its total."""
    kind = condition.kind
    if kind == "all":
        return all(_dealer_holds(p, up, result, size, options, cards, total) for p in condition.parts)
    if kind == "any":
        return any(_dealer_holds(p, up, result, size, options, cards, total) for p in condition.parts)
    if kind == "not":
        return not _dealer_holds(condition.parts[0], up, result, size, options, cards, total)
    if kind in DEALER_CARD_KINDS:
        if condition.cards == (HAND,):  # every card of his hand, named c0, c1, ... for holds
            names = tuple(f"c{i}" for i in range(len(cards)))
            return holds(replace(condition, cards=names), dict(zip(names, cards)), options)
        if any(DEALER_POSITIONS.index(p) >= len(cards) for p in condition.cards):
            return False  # his hand does not reach a card it reads
        return holds(condition, dict(zip(DEALER_POSITIONS, cards)), options)
    if kind == "option":
        return options[condition.attribute] in condition.values
    if kind == "bust":
        return result == "bust"
    if kind == "blackjack":
        return result == "blackjack"
    if kind == "up":
        return up in condition.values
    if kind == "size":
        return condition.values[0] <= size <= condition.values[1]
    return result != "blackjack" and condition.values[0] <= total <= condition.values[1]  # total, a bust's too


def _dealer_hands(counts: list[int], up: int, hits_soft_17: bool) -> dict[tuple[str, int, int], Fraction]:
    """{(result, cards, total): P} of the dealer's hand from the up card ``up`` (taken out of
    ``counts`` already), every card dealt one at a time."""
    out: dict[tuple[str, int, int], Fraction] = {}
    n = sum(counts)

    def draw(hard: int, ace: bool, size: int, p: Fraction, n: int) -> None:
        soft = ace and hard + 10 <= 21
        total = hard + 10 if soft else hard
        if hard > 21:
            result = "bust"
        elif size == 2 and total == 21:
            result = "blackjack"
        elif total > 17 or total == 17 and not (soft and hits_soft_17):
            result = str(total)
        else:
            result = ""
        if result:
            out[(result, size, total)] = out.get((result, size, total), Fraction(0)) + p
            return
        for v in range(1, 11):
            if counts[v - 1]:
                q = p * Fraction(counts[v - 1], n)
                counts[v - 1] -= 1
                draw(hard + v, ace or v == 1, size + 1, q, n - 1)
                counts[v - 1] += 1

    draw(up, up == 1, 1, Fraction(1), n)
    return out


def dealer_figures(definition: Definition, shoe: Any, rules: Any, pays: Mapping[str, Any],
                   options: Mapping[str, str], upcard: Optional[str] = None) -> ReferenceFigures:
    """Each row's chance: every up card, then every card of the dealer's hand dealt one at a time
    by point value; after the up card with the peek, the wager is made only on the hands that go on
    (an ace or ten up card's blackjacks set apart)."""
    if _reads_dealer_cards(definition):
        return _dealer_card_figures(definition, shoe, rules, pays, options, upcard)
    counts = list(shoe.by_value())
    after = definition.placed == "after-up-card"
    ups = list(definition.offered) if after else list(range(1, 11))
    if upcard is not None:
        ups = [_up_value(upcard)]
    rows: dict[str, Fraction] = {}
    weights: dict[int, Fraction] = {}
    laws = {}
    for up in ups:
        if not counts[up - 1]:
            continue
        counts[up - 1] -= 1
        law = _dealer_hands(counts, up, rules.hits_soft_17)
        counts[up - 1] += 1
        goes_on = Fraction(1)
        if after and rules.peek and up in (1, 10):
            goes_on -= law.pop(("blackjack", 2, 21), Fraction(0))
            if not goes_on:
                continue
            law = {key: p / goes_on for key, p in law.items()}
        laws[up] = law
        weights[up] = counts[up - 1] * goes_on
    total = sum(weights.values())
    for up, law in laws.items():
        for (result, size, hand_total), p in law.items():
            made = [o.name for o in definition.outcomes
                    if _dealer_holds(o.condition, up, result, size, options, total=hand_total)]
            row = _row(definition, made, pays)
            rows[row] = rows.get(row, Fraction(0)) + weights[up] / total * p
    return ReferenceFigures(dict(sorted(rows.items())), None, None,
                            "every up card and every card of the dealer's hand dealt one at a time by point value, "
                            "in Fraction arithmetic, each final hand decided by a plain reading of the definition "
                            "(odds.reference.defined)")


def _card_kinds(condition: Condition) -> list[Condition]:
    if condition.kind in ("all", "any", "not"):
        return [c for p in condition.parts for c in _card_kinds(p)]
    return [condition] if condition.kind in DEALER_CARD_KINDS else []


def _reads_dealer_cards(definition: Definition) -> bool:
    return definition.family == "dealer-final" and any(_card_kinds(o.condition) for o in definition.outcomes)


def _dealer_card_hands(left: dict[tuple[str, str], int], ups: list[int], hits_soft_17: bool,
                       kept: int) -> dict[tuple, Fraction]:
    """{(the first ``kept`` cards in order, the later cards sorted): P} of the dealer's final hands
    on an up card of a value in ``ups``, every card dealt one at a time from the physical cards
    ``left``, the up card first; hands holding the same cards (the first ones in the same order)
    are dealt on together, each with the number of ordered ways to deal it."""
    n = sum(left.values())
    final: dict[tuple, Fraction] = {}
    hands: dict[tuple, int] = {((), ()): 1}
    ways = 1  # every ordered deal of as many cards as the hands hold
    while hands:
        dealt_on: dict[tuple, int] = {}
        for (first, later), count in hands.items():
            cards = list(first) + list(later)
            total, soft = _blackjack_total(cards)
            if len(cards) >= 2 and (total > 21 or len(cards) == 2 and total == 21 or total > 17 or total == 17 and not (
                    soft and hits_soft_17)):
                final[(first, later)] = Fraction(count, ways)
                continue
            for card, held in left.items():
                more = held - cards.count(card)
                if more > 0 and (cards or _point(card[0]) in ups):
                    key = (first + (card,), later) if len(first) < kept else (first, tuple(sorted(later + (card,))))
                    dealt_on[key] = dealt_on.get(key, 0) + count * more
        ways *= n - len(next(iter(hands))[0]) - len(next(iter(hands))[1])
        hands = dealt_on
    return final


MAX_DEALT_SHOE = 32  # the most cards a shoe may hold for the dealer's physical cards to be dealt (under a minute)


def _dealer_card_figures(definition: Definition, shoe: Any, rules: Any, pays: Mapping[str, Any],
                         options: Mapping[str, str], upcard: Optional[str] = None) -> ReferenceFigures:
    """Each row's chance for a definition that reads the dealer's cards: every physical up card,
    then every card of his hand dealt one at a time from the physical cards left (by rank, and by
    suit where a condition reads suits or colours), each final hand decided by reading the
    conditions on its cards."""
    if shoe.total > MAX_DEALT_SHOE:
        raise UnavailableError(f"{definition.name} reads the dealer's cards: its plain check deals every physical "
                               f"card and reaches shoes of at most {MAX_DEALT_SHOE} cards, not {shoe.total}; check it "
                               "on a depleted shoe, and the full shoe with odds simulate")
    rs = shoe.by_rank_suit() if any(_sees_suits(o.condition) for o in definition.outcomes) else None
    if rs is not None:
        left = {(r, s): rs[i][j] for i, r in enumerate(RANKS) for j, s in enumerate(SUITS) if rs[i][j]}
    else:
        left = {(r, "S"): n for r, n in zip(RANKS, shoe.by_rank()) if n}
    kept = max((DEALER_POSITIONS.index(p) + 1 for o in definition.outcomes for c in _card_kinds(o.condition)
                for p in c.cards if p != HAND), default=1)
    after = definition.placed == "after-up-card"
    ups = list(definition.offered) if after else list(range(1, 11))
    if upcard is not None:
        ups = [_up_value(upcard)]
    by_up: dict[int, dict[tuple, Fraction]] = {}
    for hand, p in _dealer_card_hands(left, ups, rules.hits_soft_17, kept).items():
        by_up.setdefault(_point(hand[0][0][0]), {})[hand] = p
    weights: dict[int, Fraction] = {}
    for up, law in list(by_up.items()):
        chance = sum(law.values(), Fraction(0))
        goes_on = chance
        if after and rules.peek and up in (1, 10):
            for hand in [h for h in law if len(h[0]) + len(h[1]) == 2 and _blackjack_total([*h[0], *h[1]])[0] == 21]:
                goes_on -= law.pop(hand)
        if not goes_on:
            del by_up[up]
            continue
        by_up[up] = {hand: p / goes_on for hand, p in law.items()}
        weights[up] = goes_on
    total = sum(weights.values(), Fraction(0))
    rows: dict[str, Fraction] = {}
    for up, law in by_up.items():
        for (first, later), p in law.items():
            cards = list(first) + list(later)
            best = _blackjack_total(cards)[0]
            result = "bust" if best > 21 else "blackjack" if len(cards) == 2 and best == 21 else str(best)
            made = (o.name for o in definition.outcomes
                    if _dealer_holds(o.condition, up, result, len(cards), options, cards, best))
            row = _row(definition, made, pays)
            rows[row] = rows.get(row, Fraction(0)) + weights[up] / total * p
    return ReferenceFigures(dict(sorted(rows.items())), None, None,
                            "every physical up card and every card of the dealer's hand dealt one at a time from "
                            "the physical cards left, hands holding the same cards dealt on together, in Fraction "
                            "arithmetic, each final hand decided by a plain reading of the definition's conditions "
                            "on its cards (odds.reference.defined)")


# ------------------------------------------------------------------------------------- the simulator

def dealt_settlement(definition: Definition) -> Any:
    """How the simulator settles a round of physically dealt cards for a definition
    (:class:`odds.reference.dealt.Dealt`), the outcomes decided by this interpreter: the opening
    (player, up card, player, hole card; with a second hand, as Blackjack Switch deals: a card to
    each hand, the up card, a card to each hand, the hole card), then for the first cards the
    player's next card and the dealer's next one; for the dealer's hand the player's draws and the dealer's. A wager placed
    after the up card is not made on an up card it is not offered on, nor (the dealer peeking) when
    the dealer has a blackjack under an ace or ten."""
    from .dealt import Dealt, best_total, dealer_completes, opening
    defaults = {o.name: o.default for o in definition.options}
    paid_as = {o.name: o.pays_as for o in definition.outcomes}

    two_hands = bool(set(definition.cards) & set(SECOND_HAND))

    def first_cards(deal: Any, table: Any) -> list[str]:
        if two_hands:  # Blackjack Switch: a card to each of the player's two hands, the up card, again, the hole card
            first, second, up = deal.draw(), deal.draw(), deal.draw()
            seen = {"player1": first, "hand2-1": second, "up": up, "player2": deal.draw(),
                    "hand2-2": deal.draw(), "hole": deal.draw()}
        else:
            player, up, hole = opening(deal)
            seen = {"player1": player[0], "player2": player[1], "up": up, "hole": hole}
        seen["player3"] = deal.draw()
        seen["dealer3"] = deal.draw()
        options = {**defaults, **table.options}
        return [o.name for o in definition.outcomes if holds(o.condition, seen, options)]

    def dealer_final(deal: Any, table: Any) -> Optional[list[str]]:
        player, up, hole = opening(deal)
        options = {**defaults, **table.options}
        upcard = _point(up[0])
        if definition.placed == "after-up-card":
            wanted = [_up_value(options["upcard"])] if options.get("upcard") else definition.offered
            if upcard not in wanted:
                return None
            if upcard in (1, 10) and sorted((upcard, _point(hole[0]))) == [1, 10]:
                return None  # the peek finds a blackjack: the wager is not made on it
        while sum(_point(r) for r, _ in player) < 12:  # the player draws to a hard 12 (he never busts)
            player.append(deal.draw())
        dealer = dealer_completes(deal, [up, hole], table)
        total = best_total(dealer)[0]
        result = ("bust" if total > 21 else "blackjack" if len(dealer) == 2 and total == 21 else str(total))
        return [o.name for o in definition.outcomes
                if _dealer_holds(o.condition, upcard, result, len(dealer), options, dealer, total)]

    pay = None
    if definition.paid:
        def pay(hand: str, pays: Mapping[str, Fraction]) -> Fraction:
            return sum((times * Fraction(pays.get(p, 0)) for p, times in paid_as[hand].items()), Fraction(0))

    after = definition.family == "dealer-final" and definition.placed == "after-up-card"
    return Dealt(first_cards if definition.family == "first-cards" else dealer_final, definition.lose,
                 tuple(defaults) + (("upcard",) if after else ()), pay=pay,
                 note=("rounds count wagers made: a round whose up card it is not offered on, or (the dealer "
                       "peeking) with a dealer blackjack under an ace or ten, is dealt again") if after else "")
