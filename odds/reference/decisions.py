"""Reference computations for :mod:`odds.games.decisions`: plain enumerations with ``fractions``.

Nothing here uses the fast path's code: the house money hands are classified by a classifier
written from (h)(3) below, every ordered deal (player card, up card, player card) is counted card
kind by card kind, and the pays are typed in from the regulation's tables. The main game's values
come either from :class:`odds.engine.player.PlayerEngine` (``values="engine"``) or, on small shoes, from
the brute force :class:`odds.reference.game.BruteForceRound` (``values="brute"``), which shares
nothing with the engine. The sevens' side wager is counted directly: how many sevens of each suit
are left, and how many cards would give the dealer a blackjack.

>>> from odds import Shoe
>>> third, none = reference_sevens_side("progressive-super-sevens", "A", ("S", "S"), ("5", "H"),
...                                     Shoe.decks(6).by_rank_suit(), peek=True)
>>> third[0] - none[0], third[1]  # 4/309 (M - 50) + 18/309 (500 - 50)
(Fraction(7900, 309), {'jackpot': Fraction(4, 309)})
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Optional, Sequence, Union

from odds.core.cards import RED_SUITS
from odds.core.game_rules import GameRules

RANKS = "A23456789TJQK"
SUITS = "SHDC"
POKER = "23456789TJQKA"  # (h)(3): ace high, and low with a 2

Card = tuple[str, str]
"""A card as (rank, suit), e.g. ``("7", "D")``."""
Pay = tuple[Union[int, Fraction], dict[str, Fraction]]
"""A side wager's expected pay: (constant, {progressive meter: coefficient})."""

# 9 NYCRR 5324.11(h)(5), to 1.
HOUSE_MONEY_PAYS = {
    "A": {"straight": 1, "pair": 3, "straight-flush": 4, "suited-ak": 9},
    "B": {"straight": 1, "pair": 3, "straight-flush": 5, "suited-ak": 9},
}


def _value(rank: str) -> int:
    return min(RANKS.index(rank) + 1, 10)


def house_money_hand(c1: Card, c2: Card) -> Optional[str]:
    """(rank, suit) cards -> the house money hand paid, or None (from (h)(3) directly).

    >>> house_money_hand(("A", "S"), ("2", "H")), house_money_hand(("K", "D"), ("A", "D"))
    ('straight', 'suited-ak')
    """
    (r1, s1), (r2, s2) = c1, c2
    if r1 == r2:
        return "pair"
    run = abs(POKER.index(r1) - POKER.index(r2)) == 1 or {r1, r2} == {"A", "2"}
    if not run:
        return None
    if s1 != s2:
        return "straight"
    return "suited-ak" if {r1, r2} == {"A", "K"} else "straight-flush"


def _kinds(rank_suit: Sequence[Sequence[int]]) -> list[tuple[Card, int]]:
    return [((RANKS[r], SUITS[s]), rank_suit[r][s]) for r in range(13) for s in range(4) if rank_suit[r][s]]


def _by_value(rank_suit: Sequence[Sequence[int]], less: Sequence[int] = ()) -> list[int]:
    counts = [0] * 10
    for r in range(13):
        counts[_value(RANKS[r]) - 1] += sum(rank_suit[r])
    for v in less:
        counts[v - 1] -= 1
    return counts


def reference_house_money(rank_suit: Sequence[Sequence[int]], rules: GameRules, paytable: str = "A",
                          timing: str = "before-peek", proceeds: str = "stake-and-win", values: str = "engine",
                          engine: Any = None) -> tuple[Fraction, Fraction, dict[tuple[int, int, int], list[Fraction]]]:
    """(wager return, gain from adding, {(a, b, u): [probability, proceeds, value]}) by ordered
    deals of card kinds. ``values``: ``"engine"`` (PlayerEngine on this shoe, or ``engine``) or
    ``"brute"`` (the brute force over explicit deals; small shoes only)."""
    from odds.reference.game import BruteForceRound
    pays = HOUSE_MONEY_PAYS[paytable]
    extra = 1 if proceeds == "stake-and-win" else 0
    kinds = _kinds(rank_suit)
    n = sum(c for _, c in kinds)
    total = n * (n - 1) * (n - 2)
    if values == "engine" and engine is None:
        raise ValueError("values='engine' takes the engine whose values are used (engine=PlayerEngine(...))")
    brute = BruteForceRound(rules, _by_value(rank_suit)) if values == "brute" else None
    peek = rules.dealer.peek
    value_memo: dict = {}

    def value(a: int, b: int, u: int) -> tuple[Fraction, Fraction]:
        """(value at the decision, value to the round) per unit added."""
        key = (a, b, u)
        if key in value_memo:
            return value_memo[key]
        left = _by_value(rank_suit, (a, b, u))
        other = {1: 10, 10: 1}.get(u)
        p_bj = Fraction(left[other - 1], sum(left)) if other else Fraction(0)
        if {a, b} == {1, 10}:
            cond = Fraction(rules.blackjack_pays)
            out = (cond, cond * (1 - p_bj)) if timing == "after-peek" else (cond * (1 - p_bj),) * 2
        else:
            if brute is not None:
                cond = max(brute.option_values(a, b, u).values())  # with peek: given no blackjack
                plain = cond * (1 - p_bj) - p_bj if peek else cond  # no hole card: plain already
            else:
                labels = "A23456789T"
                joint = max(engine.option_values(labels[a - 1], labels[b - 1], labels[u - 1]).values())
                cond = joint / (1 - p_bj) if peek else joint
                plain = joint - p_bj if peek or rules.original_bets_only else joint
            if timing == "after-peek":
                out = (cond, cond * (1 - p_bj))
            else:  # the added money is on the table when a dealer blackjack is found
                out = (plain, plain)
        value_memo[key] = out
        return out

    wager = Fraction(0)
    gain = Fraction(0)
    rows: dict = {}
    for c1, n1 in kinds:
        for up, nu in kinds:
            wu = nu - (up == c1)
            if wu <= 0:
                continue
            for c2, n2 in kinds:
                w2 = n2 - (c2 == c1) - (c2 == up)
                if w2 <= 0:
                    continue
                p = Fraction(n1 * wu * w2, total)
                hand = house_money_hand(c1, c2)
                if hand is None:
                    wager -= p
                    continue
                wager += p * pays[hand]
                a, b = sorted((_value(c1[0]), _value(c2[0])))
                u = _value(up[0])
                at_decision, to_round = value(a, b, u)
                row = rows.setdefault((a, b, u), [Fraction(0), Fraction(0), at_decision])
                row[0] += p
                row[1] += p * (pays[hand] + extra)
                if at_decision > 0:
                    gain += p * (pays[hand] + extra) * to_round
    return wager, gain, rows


# --------------------------------------------------------------------------------- sevens

def _two_pay(wager: str, table: str, suited: bool) -> int:
    if wager == "super-sevens":  # (d)(7)
        return {"A": (100, 50), "B": (150, 25)}[table][0 if suited else 1]
    if wager == "progressive-super-sevens":  # (e)(6)
        return {"A": (50, 25), "B": (50, 25), "B-e4": (50, 25), "C": (200, 25), "C-e4": (200, 25)}[table][
            0 if suited else 1]
    return 25  # blazing 7s (q)(7): two 7s as the first two cards, both tables


def _three_pay(wager: str, table: str, suits: Sequence[str]) -> Pay:
    """The pay of three sevens of ``suits`` (const, {meter: share})."""
    same = len(set(suits)) == 1
    diamonds = same and suits[0] == "D"
    colour = set(suits) <= RED_SUITS or not set(suits) & RED_SUITS
    if wager == "super-sevens":
        return ({"A": 5000, "B": 2000}[table] if same else 500), {}
    if wager == "progressive-super-sevens":
        if table == "A":
            return (0, {"jackpot": Fraction(1)}) if same else (500, {})
        if table in ("B", "B-e4"):
            return (0, {"jackpot": Fraction(1)}) if diamonds else ((1000, {}) if same else (250, {}))
        return 0, {("mega" if diamonds else "major" if same else "minor"): Fraction(1)}
    if table in ("A", "A-one-7-2", "A-q5"):
        if same:
            return 0, {"jackpot": Fraction(1)}
        return (0, {"jackpot": Fraction(1, 10)}) if colour else (200, {})
    if diamonds:
        return 0, {"jackpot": Fraction(1)}
    if same:
        return 0, {"jackpot": Fraction(1, 10)}
    return (500, {}) if colour else (200, {})


def reference_sevens_side(wager: str, table: str, pair_suits: Sequence[str], up: Card,
                          rank_suit: Sequence[Sequence[int]], peek: bool = True,
                          procedure: str = "third-card") -> tuple[Pay, Pay]:
    """(E[side; no dealer blackjack] when the third card counts, the same when it does not), each
    (const, {meter: coefficient}), for 7-7 of ``pair_suits`` against ``up`` = (rank, suit), from
    the shoe ``rank_suit`` less those three cards."""
    counts = [list(row) for row in rank_suit]
    for rank, suit in (("7", pair_suits[0]), ("7", pair_suits[1]), up):
        counts[RANKS.index(rank)][SUITS.index(suit)] -= 1
    n = sum(map(sum, counts))
    sevens = dict(zip(SUITS, counts[RANKS.index("7")]))
    u = _value(up[0])
    if peek and u == 1:
        bj = sum(sum(counts[r]) for r in range(9, 13))
    elif peek and u == 10:
        bj = sum(counts[0])
    else:
        bj = 0
    p_no = Fraction(n - bj, n)
    suited = pair_suits[0] == pair_suits[1]
    two = _two_pay(wager, table, suited)
    none: Pay = (two * p_no, {})
    if procedure == "up-card":
        if up[0] == "7":
            c, m = _three_pay(wager, table, (pair_suits[0], pair_suits[1], up[1]))
            return (c, m), (c, m)
        return none, none
    meters: dict[str, Fraction]
    const, meters = two * p_no, {}
    for s, k in sevens.items():
        q = Fraction(k, n) * Fraction(n - 1 - bj, n - 1)  # a seven next, no blackjack in the hole
        c, m = _three_pay(wager, table, (pair_suits[0], pair_suits[1], s))
        const += q * (c - two)
        for name, share in m.items():
            meters[name] = meters.get(name, 0) + q * share
    return (const, {k: v for k, v in meters.items() if v}), none


THIRD_CARD_OPTIONS = {"super-sevens": ("hit", "double", "split"), "progressive-super-sevens": ("hit", "double"),
                      "blazing-7s": ("hit", "double", "split")}


def reference_hit_minus_split(wager: str, table: str, pair_suits: Sequence[str], up: Card,
                              rank_suit: Sequence[Sequence[int]], main: Mapping[str, Fraction],
                              side_bet: Union[int, Fraction] = 1, peek: bool = True
                              ) -> tuple[Fraction, dict[str, Union[int, Fraction]], Optional[Fraction]]:
    """V(hit) - V(split) = main hit - main split + side_bet x (side difference), as (const,
    {meter: coef}), and the breakeven of its one meter (or None), ``main`` the option values."""
    third, none = reference_sevens_side(wager, table, pair_suits, up, rank_suit, peek)
    opts = THIRD_CARD_OPTIONS[wager]
    hit = third if "hit" in opts else none
    split = third if "split" in opts else none
    const = main["hit"] - main["split"] + side_bet * (hit[0] - split[0])
    meters = {m: side_bet * (hit[1].get(m, 0) - split[1].get(m, 0)) for m in set(hit[1]) | set(split[1])}
    meters = {m: v for m, v in meters.items() if v}
    breakeven = -const / next(iter(meters.values())) if len(meters) == 1 else None
    return const, meters, breakeven
