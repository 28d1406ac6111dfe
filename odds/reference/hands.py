"""Reference hand rules of the first-cards wagers, written a second time, plainly, from the
regulation's words (9 NYCRR 5324.11), so that the reference count does not share them with the
engine. Each takes the cards as ``(rank, suit)`` pairs in dealing order and returns the hands made,
best first.

>>> twenty_one_plus_three([("A", "S"), ("2", "S"), ("3", "S")])
('straight-flush', 'straight', 'flush')
"""
from __future__ import annotations

from typing import Sequence, Tuple

Deal = Sequence[Tuple[str, str]]
"""Cards in dealing order, as ``(rank, suit)`` pairs."""
Hands = Tuple[str, ...]
"""The hands made, best first."""

ORDER_ACE_HIGH = "23456789TJQKA"
TENS = "TJQK"


def _value(rank: str) -> int:
    return 11 if rank == "A" else 10 if rank in TENS else int(rank)


def _is_run(ranks: Sequence[str]) -> bool:
    """Consecutive ranks, the ace at either end (A-2-3 and Q-K-A, never K-A-2)."""
    for order in (ORDER_ACE_HIGH, "A23456789TJQK"):
        pos = sorted(order.index(r) for r in ranks)
        if pos == list(range(pos[0], pos[0] + len(pos))):
            return True
    return False


def twenty_one_plus_three(cards: Deal) -> Hands:
    (r1, s1), (r2, s2), (r3, s3) = cards
    same_suit = s1 == s2 == s3
    distinct = len({r1, r2, r3})
    if distinct == 1:
        return ("suited-trips", "trips", "flush") if same_suit else ("trips",)
    if distinct == 3 and _is_run([r1, r2, r3]):
        return ("straight-flush", "straight", "flush") if same_suit else ("straight",)
    if same_suit:
        return ("flush", "pair") if distinct == 2 else ("flush",)
    return ("pair",) if distinct == 2 else ()


def royal_match(cards: Deal) -> Hands:
    (r1, s1), (r2, s2), (r3, s3), (r4, s4) = cards
    if s1 != s2:
        return ()
    if sorted(r1 + r2) == ["K", "Q"]:
        if sorted(r3 + r4) == ["K", "Q"] and s3 == s4 == s1:
            return ("crown-treasure", "royal-match", "suited-match")
        return ("royal-match", "suited-match")
    if sorted([_value(r1), _value(r2)]) == [10, 11]:
        return ("suited-blackjack", "suited-match")
    return ("suited-match",)


def royal_match_any_suit(cards: Deal) -> Hands:
    """A crown treasure for the dealer's royal match of any suit ((f)(2)(iv) word for word)."""
    (r1, s1), (r2, s2), (r3, s3), (r4, s4) = cards
    if s1 == s2 and sorted(r1 + r2) == ["K", "Q"] and sorted(r3 + r4) == ["K", "Q"] and s3 == s4:
        return ("crown-treasure", "royal-match", "suited-match")
    return royal_match(cards)


def bet_the_set(cards: Deal) -> Hands:
    (r1, s1), (r2, s2) = cards
    if r1 != r2:
        return ()
    return ("suited-pair", "pair") if s1 == s2 else ("pair",)


def house_money(cards: Deal) -> Hands:
    (r1, s1), (r2, s2) = cards
    if r1 == r2:
        return ("pair",)
    if not _is_run([r1, r2]):
        return ()
    if s1 != s2:
        return ("straight",)
    return ("suited-ak", "straight-flush", "straight") if {r1, r2} == {"A", "K"} else ("straight-flush", "straight")


def match_the_dealer(cards: Deal) -> Hands:
    (r1, s1), (r2, s2), (ru, su) = cards
    matches = [(r, s) for r, s in ((r1, s1), (r2, s2)) if r == ru]
    suited = sum(1 for _, s in matches if s == su)
    unsuited = len(matches) - suited
    names = {(0, 1): "one-unsuited", (0, 2): "two-unsuited", (1, 0): "one-suited", (1, 1): "suited-and-unsuited",
             (2, 0): "two-suited"}
    return (names[(suited, unsuited)],) if matches else ()


def in_between(cards: Deal) -> Hands:
    (r1, _), (r2, _), (ru, _) = cards
    if r1 == r2 == ru:
        return ("triple-match",)
    a, b, u = (ORDER_ACE_HIGH.index(r) for r in (r1, r2, ru))
    low, high = min(a, b), max(a, b)
    if low < u < high:
        gap = high - low - 1
        return ({1: "spread-1", 2: "spread-2", 3: "spread-3"}.get(gap, "spread-other"),)
    return ()


def _twenty(r1: str, r2: str) -> bool:
    return sorted([_value(r1), _value(r2)]) in ([10, 10], [9, 11])


def _natural(r1: str, r2: str) -> bool:
    return sorted([_value(r1), _value(r2)]) == [10, 11]


def twenty_point(cards: Deal) -> Hands:
    (r1, s1), (r2, s2), (r3, _), (r4, _) = cards
    if not _twenty(r1, r2):
        return ()
    out: list[str] = []
    if (r1, s1) == (r2, s2) == ("Q", "H"):
        if _natural(r3, r4):
            out.append("qh-pair-dealer-bj")
        out.append("qh-pair")
    if (r1, s1) == (r2, s2):
        out.append("matched-20")
    if s1 == s2:
        out.append("suited-20")
    out.append("any-20")
    return tuple(out)


def kings_bounty(cards: Deal) -> Hands:
    (r1, s1), (r2, s2), (r3, _), (r4, _) = cards
    if _natural(r1, r2):
        return ("unsuited-21",) if s1 != s2 else ()
    if not _twenty(r1, r2):
        return ()
    out: list[str] = []
    if r1 == r2 == "K" and s1 == s2:
        if s1 == "S":
            if _natural(r3, r4):
                out.append("ks-pair-dealer-bj")
            out.append("ks-pair")
        out.append("suited-kings")
    if r1 == r2 and s1 == s2 and r1 in "QJT":
        out.append("suited-qjt")
    if s1 == s2:
        out.append("suited-20")
    if r1 == r2 == "K":
        out.append("two-kings")
    if s1 != s2:
        out.append("unsuited-20")
    return tuple(out)


def _three_sevens_kind(suits: Sequence[str]) -> str:
    if len(set(suits)) == 1:
        return "suited"
    reds = sum(s in "HD" for s in suits)
    return "colour" if reds in (0, 3) else "mixed"


def super_sevens(cards: Deal) -> Hands:
    (r1, s1), (r2, s2), (r3, s3) = cards
    if r1 != "7":
        return ()
    if r2 != "7":
        return ("one-7",)
    if r3 != "7":
        return ("two-7s-suited",) if s1 == s2 else ("two-7s-unsuited",)
    return ("three-7s-suited",) if s1 == s2 == s3 else ("three-7s-mixed",)


def progressive_super_sevens(cards: Deal, split_against: str = "234567") -> Hands:
    (r1, s1), (r2, s2), (ru, _), (r3, s3) = cards
    n = [r1, r2].count("7")
    if n == 0:
        return ()
    if n == 1:
        return ("one-7",)
    if r3 == "7" and ru not in split_against:
        if s1 == s2 == s3:
            return ("three-7s-diamonds", "three-7s-suited") if s1 == "D" else ("three-7s-suited",)
        return ("three-7s-mixed",)
    return ("two-7s-suited",) if s1 == s2 else ("two-7s-unsuited",)


def blazing_sevens(cards: Deal) -> Hands:
    (r1, s1), (r2, s2), (r3, s3) = cards
    n = [r1, r2].count("7")
    if n == 0:
        return ()
    if n == 1:
        return ("one-7",)
    if r3 != "7":
        return ("two-7s",)
    kind = _three_sevens_kind([s1, s2, s3])
    if kind == "suited":
        first = "three-7s-diamonds" if s1 == "D" else "three-7s-suited-chs"
        return (first, "three-7s-suited", "three-7s-colour", "three-7s", "two-7s")
    if kind == "colour":
        return ("three-7s-colour", "three-7s", "two-7s")
    return ("three-7s", "two-7s")


def progressive_blackjack(cards: Deal) -> Hands:
    ranks = [r for r, _ in cards]
    suits = [s for _, s in cards]
    out: list[str] = []
    if ranks == ["A"] * 4 and len({s in "HD" for s in suits}) == 1:
        out.append("four-aces-colour")
    if ranks[:3] == ["A"] * 3:
        if len(set(suits[:3])) == 1:
            out.append("three-aces-suited")
        out.append("three-aces")
    if ranks[:2] == ["A"] * 2:
        if suits[0] == suits[1]:
            out.append("two-aces-suited")
        out.append("two-aces")
    return tuple(out)


def super_match(cards: Deal) -> Hands:
    """Blackjack Switch's Super Match: the four cards of the player's two hands, by rank only."""
    ranks = [r for r, _ in cards]
    most = max(ranks.count(r) for r in ranks)
    kinds = len(set(ranks))
    if most == 4:
        return ("four-of-a-kind",)
    if most == 3:
        return ("three-of-a-kind",)
    if most == 2:
        return ("two-pair",) if kinds == 2 else ("pair",)
    return ()


RULES = {
    "21+3": twenty_one_plus_three, "royal-match-21": royal_match, "royal-match-21/any-suit": royal_match_any_suit,
    "bet-the-set-21": bet_the_set,
    "house-money": house_money, "match-the-dealer": match_the_dealer, "in-between": in_between,
    "twenty-point-bonus": twenty_point, "kings-bounty": kings_bounty, "super-sevens": super_sevens,
    "progressive-super-sevens": progressive_super_sevens, "blazing-7s/third-card": blazing_sevens,
    "blazing-7s/up-card": blazing_sevens, "progressive-blackjack": progressive_blackjack, "super-match": super_match,
}
