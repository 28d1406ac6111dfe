"""Wagers on the dealer busting: Buster Blackjack, EZ Bust and Bust It.

Buster and EZ Bust are computed from the dealer alone. The players' cards are taken at times
decided by what has been seen, and the shoe is exchangeable, so the dealer's cards have the same
law as if he were dealt alone from the shoe less the cards that are known (tests/
test_exchangeability.py checks this exactly on one deck against a player who draws first).

>>> from odds import Shoe, DealerRules
>>> from odds.wagers.paytables import builtin_paytables
>>> sheet = buster_par_sheet(Shoe.decks(6), DealerRules.parse("H17"), builtin_paytables("buster").tables["C"], 6)
>>> round(float(sheet.house_edge), 6)
0.062143
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cached_property
from fractions import Fraction
from math import perm
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Optional, Sequence, Union, cast


from odds.core.rationals import as_fraction
from odds.engine.cache import disk_cached
from odds.core.cards import RANKS, SUITS, parse_card, parse_cards, value_label
from odds.engine.dealer import DealerWeights, dealer_busts, dealer_table
from odds.engine.dealer_graph import RESULTS, dealer_graph, dealer_kernel
from odds.engine.deal_law import DealLaw, dealer_law, first_cards_law
from odds.core.errors import EngineError, InternalError, WagerError, option, shown
from odds.core.game_rules import GameRules
from odds.engine.outcomes import BUSTED, Settlement, round_outcomes, split_hand_sequences
from odds.engine.player import PlayerEngine, Value
from odds.core.formats import fraction_text
from odds.pricing.parsheet import Outcome, ParSheet
from odds.core.results import DealerResult
from odds.core.rules import DealerRules
from odds.core.shoe import Shoe
from odds.reference import dealt, figures
from . import play_options
from odds.pricing.record import BookVariant, Options, Wager, wager_option
from odds.pricing.shoe_returns import WIDE, CompiledReturn, ShoeReturn, listed, scaled_pays

if TYPE_CHECKING:
    from odds.core.cards import Card
    from odds.engine.dealer import DealerDistribution
    from odds.pricing.paytables import Paytable

GAME_OPTIONS = ("das", "split_hands", "resplit_aces", "hit_split_aces")
DEALER_BUST = int(DealerResult.BUST)  # the dealer's bust in a row of odds.engine.dealer.dealer_finals

BUSTER_OUTCOMES = ("bust-3", "bust-4", "bust-5", "bust-6", "bust-7", "bust-8+")
EXCHANGEABILITY = ("the dealer's cards are computed as if dealt alone from the shoe less the known "
                   "cards; by exchangeability this is exact whatever the players draw first")
FRESH = "a freshly shuffled shoe for each round (the shoe as given, less the cards named)"


def buster_bust_probabilities(shoe: Shoe, rules: DealerRules, exact: bool = True) -> dict:
    """P(dealer busts with 3, ..., 7, 8 or more cards) before the up card is seen, from the shoe
    as it stands; ``exact=False`` gives floats (for simulators, mid-shoe).

    >>> from odds import Shoe, DealerRules
    >>> p = buster_bust_probabilities(Shoe.decks(6).remove("5 5 6"), DealerRules.parse("H17"), exact=False)
    >>> round(p["bust-3"], 6) == round(float(buster_bust_probabilities(Shoe.decks(6).remove("5 5 6"), DealerRules.parse("H17"))["bust-3"]), 6)
    True
    """
    zero = Fraction(0) if exact else 0.0
    by = dealer_table(shoe, rules, exact=exact).overall.bust_by_cards()
    out = {f"bust-{k}": by.get(k, zero) for k in range(3, 8)}
    out["bust-8+"] = sum((p for k, p in by.items() if k >= 8), zero)
    return out


def buster_bonus_probabilities(shoe: Shoe, rules: DealerRules) -> dict[str, Fraction]:
    """P(player's hand is a blackjack and the dealer busts with 7 / with 8 or more cards).

    The player's blackjack is his first two cards (an ace and a ten-value, either order); the
    dealer's hand is then dealt, by exchangeability, from the shoe less those two cards.
    """
    counts = shoe.by_value()
    n = shoe.total
    aces, tens = counts[0], counts[9]
    if not aces or not tens:
        return {"bust-7": Fraction(0), "bust-8+": Fraction(0)}
    p_bj = Fraction(2 * aces * tens, n * (n - 1))
    ten = next(r for r in "TJQK" if shoe.count(r))  # the dealer counts by value: any ten-value card left will do
    after = buster_bust_probabilities(shoe.remove(f"A {ten}"), rules)
    return {k: p_bj * after[k] for k in ("bust-7", "bust-8+")}


def _bonus_section(shoe: Shoe, rules: DealerRules, bonuses: Mapping[str, Mapping[str, Any]],
                   outcomes: Sequence[Outcome]) -> dict:
    """Each cash bonus: its awards, the chance of each, its expected award, and at its minimum wager
    the return it adds, the return to player and house edge with it and the maximum win per wager
    (a bonus hand wins the wager's own pay too)."""
    probs = buster_bonus_probabilities(shoe, rules)
    base = sum((o.ret for o in outcomes), Fraction(0))
    pays = {o.name: o.pays for o in outcomes if o.probability}
    out = {}
    for bid, b in bonuses.items():
        awards = {k: Fraction(v) for k, v in b["awards"].items()}
        expected = sum((probs[k] * awards[k] for k in awards), Fraction(0))
        minimum = Fraction(b.get("min_wager", 0))
        out[bid] = {
            "citation": b.get("citation", ""),
            "min_wager": fraction_text(minimum),
            "awards_dollars": {k: fraction_text(v) for k, v in awards.items()},
            "probability_blackjack_and": {k: fraction_text(p) for k, p in probs.items()},
            "expected_award_dollars": fraction_text(expected),
            "added_return_per_unit": f"{fraction_text(expected)} / W for a Buster wager of W dollars (W >= {fraction_text(minimum)})",
            "added_return_at_min_wager": fraction_text(expected / minimum) if minimum else None,
        }
        if minimum:
            top = max(list(pays.values()) + [pays.get(k, Fraction(0)) + v / minimum for k, v in awards.items() if probs[k]])
            out[bid].update({"return_to_player_at_min_wager": fraction_text(1 + base + expected / minimum),
                             "house_edge_at_min_wager": fraction_text(-(base + expected / minimum)),
                             "max_win_at_min_wager": fraction_text(top)})
    return out


def buster_par_sheet(shoe: Shoe, rules: DealerRules, paytable: Paytable, decks: int,
                     bonuses: Optional[Mapping[str, Mapping[str, Any]]] = None) -> ParSheet:
    """Buster Blackjack (58 Pa. Code 633c.13): pays by the number of cards in the dealer's bust."""
    probs = buster_bust_probabilities(shoe, rules)
    outcomes = [Outcome(name, paytable.pays[name], probs[name]) for name in reversed(BUSTER_OUTCOMES)]
    outcomes.append(Outcome("no-bust", Fraction(-1), 1 - sum(probs.values())))
    extra = {"bonus": _bonus_section(shoe, rules, bonuses, outcomes)} if bonuses else {}
    return ParSheet(
        "buster", paytable.id, decks, rules.name, tuple(outcomes), None,
        assumptions=(f"{decks} deck(s); {rules.describe()}",
                     "the dealer always completes his hand (633c.13(f)); a dealer blackjack is not a bust",
                     "bust-K counts the cards in the dealer's hand, up card and hole card included",
                     EXCHANGEABILITY, FRESH),
        method="exact dealer distribution (Cython kernel over the dealer's drawing graph, integer counts); "
               "checked against a plain enumeration of every card sequence",
        extra=extra)


# ---------------------------------------------------------------------------------------- EZ Bust

EZ_UPCARDS = ("2", "3", "4", "5", "6")
EZ_PUSH_NOTE = ("paragraph (g), the house's option to treat every EZ Bust wager as a push when all "
                "player hands are blackjacks or busted, is not used here (--push-option uses it)")
EZ_PUSH_USED = ("paragraph (g) is used: the wager pushes when every player's hand is a blackjack or busted. "
                "One player at the table, who plays the main game composition-dependent (each decision best "
                "for the hand's cards and the up card) and places one EZ Bust wager, none on split hands. "
                "With more players the push needs every one of them to have a blackjack or bust, so it comes "
                "less often and the return moves toward the figure without (g); the other players' cards also "
                "leave the shoe, which by exchangeability changes nothing on average when their play does "
                "not depend on the player's cards")


class EzBustSettlement(Settlement):
    """An EZ Bust wager settled on the round (:mod:`odds.engine.outcomes`) with paragraph (g): a
    push when the player has a blackjack or every hand of his is bust, else 1 to 1 on a dealer
    bust (the up card being 2 to 6, the dealer always has a third card then) and -1 otherwise."""

    def hands(self, engine: PlayerEngine, ends: tuple, dealer: int) -> tuple:
        if all(end[0] == BUSTED for end in ends):
            return 0, "push"
        return (1, "bust") if dealer == DEALER_BUST else (-1, "no-bust")

    def blackjack(self, engine: PlayerEngine, p_bj: Value) -> tuple:
        return (((0, "push"), engine.one),)

    def surrender(self, engine: PlayerEngine, p_bj: Value) -> tuple:
        raise WagerError("EZ Bust with paragraph (g) is computed for a game without surrender")


@disk_cached("ez-bust-push")
def ez_bust_with_push(game: GameRules, shoe: Shoe, upcard: Optional[str] = None) -> dict:
    """Exact chances of bust (win), push and no-bust for a player who bets EZ Bust on ``upcard``
    (or on every up card of 2 to 6, weighted by its chance), with paragraph (g) in force. Read from
    the disk cache while one is active (:func:`odds.engine.cache.use_cache`)."""
    ups = (parse_card(upcard).value,) if upcard else tuple(int(u) for u in EZ_UPCARDS)
    if any(u not in range(2, 7) for u in ups):
        raise _not_offered(str(upcard))
    counts = shoe.by_value()
    if not any(counts[u - 1] for u in ups):
        raise WagerError("the shoe holds no up card on which EZ Bust is offered")
    joint = round_outcomes(PlayerEngine(game, shoe, exact=True), settlement=EzBustSettlement(), up_cards=ups).joint
    total = sum(joint.values(), Fraction(0))
    out = {"bust": Fraction(0), "push": Fraction(0), "no-bust": Fraction(0)}
    for (_, kind), p in joint.items():
        out[kind] += p / total
    return out


def _not_offered(upcard: str) -> WagerError:
    """The error for an up card EZ Bust is not offered on, naming it as the user may have written it."""
    named = {"T": "a ten-value card (T, J, Q or K)", "A": "an ace"}.get(upcard, f"'{shown(upcard)}'")
    return WagerError(f"EZ Bust is offered only when the up card is 2 to 6, not {named}")


def ez_bust_probability(shoe: Shoe, rules: DealerRules, upcard: Optional[str] = None,
                        exact: bool = True) -> Union[Fraction, float]:
    """P(dealer busts) for EZ Bust: given the up card (2..6, still in ``shoe``), or averaged over
    the up cards on which the wager is offered. ``exact=False`` gives a float."""
    table = dealer_table(shoe, rules, exact=exact)
    if upcard is not None:
        if upcard not in EZ_UPCARDS:
            raise _not_offered(upcard)
        row = table.by_upcard[upcard]
        if row is None:
            raise WagerError(f"the shoe holds no {upcard} to be the up card")
        return row.probability("bust")
    counts = shoe.by_value()
    weight = sum(counts[int(u) - 1] for u in EZ_UPCARDS)
    if not weight:
        raise WagerError("the shoe holds no 2 to 6, so EZ Bust is never offered")
    return sum(((Fraction(counts[int(u) - 1], weight) if exact else counts[int(u) - 1] / weight)
                * cast("DealerDistribution", table.by_upcard[u]).probability("bust")  # a row: the shoe holds u
                for u in EZ_UPCARDS if counts[int(u) - 1]),
               Fraction(0) if exact else 0.0)


def ez_bust_par_sheet(shoe: Shoe, rules: DealerRules, paytable: Paytable, decks: int, upcard: Optional[str] = None,
                      visible: Union[str, Iterable[Card]] = "", push_option: bool = False, **game: Any) -> ParSheet:
    """EZ Bust (58 Pa. Code 633b.16): 1 to 1 when the dealer busts, offered on an up card of 2-6;
    with ``push_option``, paragraph (g) as well (see :func:`ez_bust_with_push`)."""
    seen = parse_cards(visible) if isinstance(visible, str) else list(visible)
    if upcard is not None:
        upcard = value_label(parse_card(upcard).value) if isinstance(upcard, str) else upcard
    if push_option:
        return _ez_bust_push_sheet(shoe, rules, paytable, decks, upcard, seen, game)
    p = cast(Fraction, ez_bust_probability(shoe.remove(seen), rules, upcard))  # exact
    pay = paytable.pays["bust"]
    when = (f"the up card is {upcard}" if upcard else
            "the player bets every time the wager is offered (up card 2 to 6, weighted by its chance)")
    extra, split_notes, warnings = _split_section(shoe, rules, decks, game) if upcard is None and not seen else (
        {}, (), ())
    return ParSheet(
        "ez-bust", paytable.id, decks, rules.name,
        (Outcome("bust", pay, p), Outcome("no-bust", Fraction(-1), 1 - p)), None,
        assumptions=(f"{decks} deck(s); {rules.describe()}", when,
                     "visible cards removed from the shoe: " + (" ".join(map(str, seen)) or "none"),
                     "the dealer completes his hand", EXCHANGEABILITY, FRESH, EZ_PUSH_NOTE) + split_notes,
        method="exact dealer distribution given the up card, from the shoe less the visible cards",
        warnings=(EZ_PUSH_NOTE,) + warnings, extra=extra)


def _split_section(shoe: Shoe, rules: DealerRules, decks: int, game: Mapping[str, Any]) -> tuple:
    """The sheet's sections on the split wagers of (c)(2) (:func:`ez_bust_split_wagers`), its
    assumptions on them, and a warning where they are not computed."""
    options = {k: v for k, v in game.items() if k in GAME_OPTIONS and v is not None}
    main = GameRules.from_options(decks, rules, **options)
    notes = (f"split wagers of (c)(2), wagers per round: main game {main.describe()}, played composition-"
             "dependent (each decision best for the hand's cards and the up card, split hands by rule D); one "
             "wager at the deal and one at each split, or (as played) only where its return on the cards seen "
             "is positive",
             EZ_VISIBLE)
    try:
        out = ez_bust_split_wagers(main, shoe)
    except (WagerError, EngineError) as e:
        return {}, notes, (f"the split wagers of (c)(2) are not computed here: {e}",)
    return {"split_wagers": out["splits"], "wagers_per_round": out["per_round"]}, notes, ()


def _ez_bust_push_sheet(shoe: Shoe, rules: DealerRules, paytable: Paytable, decks: int, upcard: Optional[str],
                        seen: list[Card], game: Mapping[str, Any]) -> ParSheet:
    if seen:
        raise WagerError(f"{option('visible')} and {option('push_option', True)} together are not computed (the push "
                         "depends on the player's whole hand)")
    options = {k: v for k, v in game.items() if k in GAME_OPTIONS and v is not None}
    main = GameRules.from_options(decks, rules, **options)
    p = ez_bust_with_push(main, shoe, upcard)
    when = (f"the up card is {upcard}" if upcard else
            "the player bets every time the wager is offered (up card 2 to 6, weighted by its chance)")
    return ParSheet(
        "ez-bust", paytable.id, decks, rules.name,
        (Outcome("bust", paytable.pays["bust"], p["bust"]), Outcome("push", Fraction(0), p["push"]),
         Outcome("no-bust", Fraction(-1), p["no-bust"])), None,
        assumptions=(f"main game: {main.describe()}", when, EZ_PUSH_USED, FRESH),
        method="exact round walk (odds.engine.outcomes): every deal with the up card, the player's hands played out "
               "(split hands jointly), then the dealer's law from the shoe less every card the player drew")


EZ_VISIBLE = ("the player decides on the cards he sees: at the deal his two cards and the up card; at a split "
              "the pair cards and the up card; at a resplit also every pair card dealt since, the new one included, "
              "and every card drawn by the hands played out before it (no other player's cards)")


def _bust_given(shoe: Shoe, rules: DealerRules) -> Callable[[tuple], dict]:
    """``bust(removed)``: {up card 2 to 6: P(dealer busts)} from the shoe less ``removed`` (cards
    by value, aces first), each shoe's computed once. (Under an up card of 2 to 6 the dealer has
    no blackjack to peek for, so the row without peek is the one played.)"""
    seen: dict = {}
    counts = shoe.by_value()

    def bust(removed: tuple) -> dict:
        if removed not in seen:
            busts = dealer_busts(tuple(c - r for c, r in zip(counts, removed)), rules.hits_soft_17)
            seen[removed] = {u: as_fraction(x)
                             for u, x in enumerate(busts[1:6], start=2) if x is not None}
        return seen[removed]
    return bust


def _plus(counts: tuple, *values: int) -> tuple:
    return tuple(k + values.count(v) for v, k in enumerate(counts, 1))


def ez_bust_split_wagers(game: GameRules, shoe: Shoe) -> dict:
    """The wagers of 633b.16(c)(2): one more EZ Bust wager each time the player splits. The player
    plays the main game as :class:`odds.engine.player.PlayerEngine` plays it (each decision best
    for the cards of the hand, split hands by rule D) and places a wager at the deal and at each
    split, on the cards he sees then (:data:`EZ_VISIBLE`). Returns ``"splits"``, for each up card
    and pair he splits there, the deal's chance, the first split wager's return and the resplit
    wagers'; ``"per_round"``: wagers and return per round for a player who bets every time the
    wager is offered, and for one who bets only when its return on the cards he sees is positive.
    Exact (as text), resplits to as many hands as ``game`` allows. Read from the disk cache while
    one is active.

    >>> from odds import DealerRules, Shoe
    >>> out = ez_bust_split_wagers(GameRules(decks=1, dealer=DealerRules.parse("S17")), Shoe.decks(1))
    >>> out["splits"]["up 6"]["8-8"]["split wager return"]  # 2 P(bust | 8, 8 out, up card 6) - 1
    '-102264899/573972084'
    >>> Fraction(out["per_round"]["every time"]["at a split"]) == sum(Fraction(x["deal probability"])
    ...     for pairs in out["splits"].values() for x in pairs.values())  # split once: one wager a split
    True
    """
    if shoe.total < 4:
        raise WagerError(f"the shoe holds {shoe.total} card(s); a round needs at least 4")
    figures = _split_figures(game, shoe)
    splits: dict = {}
    per_round: dict = {}
    for key, x in figures.items():
        up, pair, field = key.split("|")
        if field == "resplit return":  # given per resplit wager below
            continue
        if pair:
            entry = splits.setdefault(up, {}).setdefault(pair, {})
            entry[field] = fraction_text(x)
            if field == "resplit wagers per split":
                entry["resplit wager return"] = (fraction_text(figures[f"{up}|{pair}|resplit return"] / x) if x
                                                 else None)
        else:
            per_round.setdefault(up, {})[field] = fraction_text(x)
    for name, tally in per_round.items():
        wagers = figures[f"{name}||wagers"]
        tally["return per wager"] = fraction_text(figures[f"{name}||return per round"] / wagers) if wagers else None
    return {"splits": splits, "per_round": per_round}


def _split_figures_hold(values: dict) -> bool:
    """The check of a stored :func:`_split_figures`: chances between 0 and 1, and each tally's
    wagers the sum of its parts."""
    return (all(0 <= x <= 1 for k, x in values.items() if k.endswith("deal probability"))
            and all(values[f"{t}||wagers"] == sum(values[f"{t}||at {w}"] for w in ("the deal", "a split", "a resplit"))
                    for t in ("every time", "as played")))


@disk_cached("ez-bust-splits", check=_split_figures_hold)
def _split_figures(game: GameRules, shoe: Shoe) -> dict[str, Fraction]:
    """:func:`ez_bust_split_wagers`' figures, keyed ``"up card|pair|field"`` (the pair empty for
    the per-round tallies), in order."""
    rules, counts, n = game.dealer, tuple(shoe.by_value()), shoe.total
    engine = PlayerEngine(game, shoe, exact=True)
    bust = _bust_given(shoe, rules)
    zero = Fraction(0)
    every = {"deal": zero, "split": zero, "resplit": zero, "return": zero}
    played = dict(every)

    def bet(kind: str, p: Fraction, r: Fraction) -> None:
        for tally, counted in ((every, True), (played, r > 0)):
            if counted:
                tally[kind] += p
                tally["return"] += p * r

    out: dict[str, Fraction] = {}
    none = (0,) * 10
    for u in range(2, 7):
        for a in range(1, 11):
            for b in range(a, 11):
                ca, cb = counts[a - 1], counts[b - 1]
                ways = (ca * (ca - 1) if a == b else 2 * ca * cb) * (counts[u - 1] - (u == a) - (u == b))
                if ways <= 0:
                    continue
                p = Fraction(ways, n * (n - 1) * (n - 2))
                r = 2 * bust(_plus(none, a, b))[u] - 1
                bet("deal", p, r)
                if a != b or game.split_hands < 2:
                    continue
                values = engine.option_values(value_label(a), value_label(a), value_label(u))
                if max(values, key=values.__getitem__) != "split":
                    continue
                bet("split", p, r)  # the split wager sees what the deal's did
                resplits, resplit_return = _resplits(engine, bust, counts, a, u, bet, p)
                key = f"up {value_label(u)}|{value_label(a)}-{value_label(a)}|"
                out.update({key + "deal probability": p, key + "split wager return": r,
                            key + "resplit wagers per split": resplits, key + "resplit return": resplit_return})
    for name, tally in (("every time", every), ("as played", played)):
        out.update({f"{name}||wagers": tally["deal"] + tally["split"] + tally["resplit"],
                    f"{name}||at the deal": tally["deal"], f"{name}||at a split": tally["split"],
                    f"{name}||at a resplit": tally["resplit"], f"{name}||return per round": tally["return"]})
    return out


def _resplits(engine: PlayerEngine, bust: Callable[[tuple], dict], counts: tuple, pair: int, up: int,
              bet: Callable[[str, Fraction, Fraction], None], p: Fraction) -> tuple[Fraction, Fraction]:
    """The resplit wagers of a split of ``pair`` against ``up`` (a deal of chance ``p``). Each is
    bet through ``bet``; returns (resplit wagers per split, their summed return per split).

    The ``r``-th resplit (to ``r + 2`` hands) comes when a hand's second card is a pair card
    after ``k`` hands have been played out (each with a second card that is not a pair card):
    it sees the ``r + 2`` pair cards and every card those hands drew. The chance of one run of
    cards depends only on the cards drawn, so the runs are counted by the multiset ``D`` the
    ``k`` hands drew (``k``-fold sums of :func:`split_hand_sequences`) times the orders of
    played-out hands and pair cards that lead to the resplit (:func:`_resplit_orders`)."""
    most = engine.rules.most_hands(pair)
    if most < 3:
        return Fraction(0), Fraction(0)
    left = [k - 2 * (v == pair) - (v == up) for v, k in enumerate(counts, 1)]
    n = sum(left)
    one = split_hand_sequences(engine, pair, up)
    played: dict = {(0,) * 10: 1}  # the cards of k hands played out: sequences
    count = total = Fraction(0)
    for k in range(most - 1):  # the r-th resplit has at most r hands played out before it
        if k:
            played = _played_on(played, one)
        for r in range(max(k, 1), most - 1):
            orders = _resplit_orders(r)[k]
            for drawn, sequences in played.items():
                ways = orders * sequences
                for have, take in zip(left, _plus(drawn, *[pair] * r)):
                    ways *= perm(have, take)
                if ways:
                    q = Fraction(ways, perm(n, sum(drawn) + r))
                    gain = 2 * bust(_plus(drawn, *[pair] * (r + 2)))[up] - 1
                    bet("resplit", p * q, gain)
                    count, total = count + q, total + q * gain
    return count, total


def _played_on(played: dict, one: dict) -> dict:
    """The cards of one more hand played out: {multiset: sequences} convolved with ``one``."""
    out: dict = {}
    for a, x in played.items():
        for b, y in one.items():
            key = tuple(i + j for i, j in zip(a, b))
            out[key] = out.get(key, 0) + x * y
    return out


def _resplit_orders(r: int) -> dict[int, int]:
    """{k: the orders of ``k`` played-out hands and ``r`` pair cards, a pair card last, in which
    the ``r``-th pair card is a resplit}: before the ``i``-th pair card at most ``i`` hands are
    played out (the pair card needs a hand still to take its second card).

    >>> _resplit_orders(1), _resplit_orders(2)  # P, NP; PP, NPP PNP, NPNP PNNP
    ({0: 1, 1: 1}, {0: 1, 1: 2, 2: 2})
    """
    ways = {0: 1}
    for i in range(1, r + 1):
        ways = {k: sum(w for j, w in ways.items() if j <= k) for k in range(i + 1)}
    return ways


def ez_bust_search(decks: int, rules: DealerRules) -> list[tuple[Fraction, str, str]]:
    """Every player two-card hand (by point value) and up card 2..6: the EZ Bust return seen by a
    player who knows his two cards and the up card, best first. Ties keep a fixed order."""
    shoe = Shoe.decks(decks)
    out = []
    labels = [value_label(v) for v in range(1, 11)]
    for i, a in enumerate(labels):
        for b in labels[i:]:
            table = dealer_table(shoe.remove([a, b]), rules)
            for up in EZ_UPCARDS:
                row = table.by_upcard[up]
                if row is not None:
                    out.append((2 * cast(Fraction, row.probability("bust")) - 1, f"{a}{b}", up))  # exact
    out.sort(key=lambda t: (-t[0], t[1], t[2]))
    return out


# ---------------------------------------------------------------------------------------- Bust It

BUST_IT_OUTCOMES = ("eights-suited", "eights-colour", "third-6", "third-7", "third-8", "third-9", "third-T")
COLOURS = (("H", "D"), ("S", "C"))


def bust_it_combinations(shoe: Shoe) -> tuple[dict[str, int], int]:
    """Ways to deal the dealer's first two cards (unordered) and third card, by outcome.

    The wager wins when the first two cards make a hard 12 to 16 and the third busts the hand; it
    pays by the third card's value, or (o)(6) for three eights of one suit or one colour.
    """
    rs = shoe.by_rank_suit()
    n = shoe.total
    if n < 3:
        raise EngineError(f"Bust It is decided by the dealer's first three cards; the shoe holds {n}")
    by_value = shoe.by_value()
    ways = dict.fromkeys(BUST_IT_OUTCOMES, 0)
    for a in range(2, 11):
        for b in range(a, 11):
            if not 12 <= a + b <= 16:
                continue
            pairs = by_value[a - 1] * (by_value[b - 1] - 1) // 2 if a == b else by_value[a - 1] * by_value[b - 1]
            for v in range(22 - a - b, 11):
                third = by_value[v - 1] - (v == a) - (v == b)
                if pairs and third > 0:
                    ways[f"third-{value_label(v)}"] += pairs * third
    eights = rs[RANKS.index("8")]

    def triples(m: int) -> int:  # unordered pair then a third card, all from m cards
        return m * (m - 1) // 2 * (m - 2)

    suited = sum(triples(m) for m in eights)
    colour = sum(triples(sum(eights[SUITS.index(s)] for s in group)) for group in COLOURS) - suited
    ways["third-8"] -= suited + colour
    ways["eights-suited"], ways["eights-colour"] = suited, colour
    return ways, n * (n - 1) // 2 * (n - 2)


def bust_it_par_sheet(shoe: Shoe, rules: DealerRules, paytable: Paytable, decks: int) -> ParSheet:
    """Bust It (9 NYCRR 5324.11(o)), decided by the dealer's first three cards."""
    ways, cycle = bust_it_combinations(shoe)
    outcomes = [Outcome(name, paytable.pays[name], Fraction(ways[name], cycle), ways[name])
                for name in BUST_IT_OUTCOMES]
    lose = cycle - sum(ways.values())
    outcomes.append(Outcome("lose", Fraction(-1), Fraction(lose, cycle), lose))
    return ParSheet(
        "bust-it", paytable.id, decks, rules.name, tuple(outcomes), cycle,
        assumptions=(f"{decks} deck(s); the dealer's rule does not matter: only a hard 12 to 16 can "
                     "bust with one card, and the dealer draws to it even when no player has action "
                     "left ((o)(4))",
                     "a dealer blackjack has no effect of its own ((o)(1)): a two-card 21 loses",
                     "three eights of one suit pay 200 and of one colour (two suits) 50, in place of "
                     "the third-card pay for an eight",
                     "combinations: the dealer's first two cards unordered, the third card ordered",
                     FRESH),
        method="exact count of every deal of the dealer's first three cards by rank and suit")


def buster_bonus_checks(shoe: Shoe, rules: DealerRules) -> list[tuple[str, Fraction, Fraction]]:
    """Buster's cash bonus computed both ways, for certification: (figure, engine, reference)."""
    reference = figures.buster_bonus(shoe, rules)
    if not reference:
        return []
    fast = buster_bonus_probabilities(shoe, rules)
    return [(f"bonus: player blackjack and dealer {k}", fast[k], reference[k]) for k in ("bust-7", "bust-8+")]


def _upcard_value(text: str) -> str:
    """An up card as EZ Bust's option reads it: its value (``"6H"`` and ``"6"`` are ``"6"``)."""
    return value_label(parse_card(text).value)


@dataclass(frozen=True)
class EzBustOptions(Options):
    """EZ Bust: the up card bet on (2 to 6; default every one the wager is offered on), the cards the
    player sees, and paragraph (g)'s push with the main game's rules it needs."""

    upcard: Optional[str] = wager_option(help="the dealer's up card bet on (2..6; default every one the wager is "
                                              "offered on)", read=_upcard_value)
    visible: str = wager_option("", help='cards the player sees, e.g. "7H 9S"', commands=("wager",))
    push_option: bool = wager_option(False, help="paragraph (g), a push when every player hand is a blackjack or "
                                                 "busted", commands=("wager",))
    das: bool = play_options.das(commands=("wager",))
    split_hands: Optional[int] = play_options.split_hands(commands=("wager",))
    resplit_aces: bool = play_options.resplit_aces(commands=("wager",))
    hit_split_aces: bool = play_options.hit_split_aces(commands=("wager",))

    def validate(self, wager: str) -> None:
        if self.upcard is not None and self.upcard not in EZ_UPCARDS:
            raise _not_offered(self.upcard)


# --------------------------------------------------------- the return of a shoe as it stands

EZ_UPCARD_VALUES = tuple(int(u) for u in EZ_UPCARDS)  # point values on which EZ Bust is offered
BUST = RESULTS.index("bust")


class _Dealer(ShoeReturn):
    """Shared by the dealer-bust wagers: the kernel's bust buckets by up card and cards."""

    max_cards = WIDE - 1  # the most cards in a dealer's hand a weight is given for

    def __init__(self, rules: DealerRules) -> None:
        self.rules = rules
        # the fast twin's weights of (up card, result, cards) for DealerWeights
        import numpy  # here, not at the top: the command line starts without it
        self._weights = numpy.zeros((10, len(RESULTS), WIDE))
        self._h17 = rules.hits_soft_17

    # The exact twin's graph and kernel are built on its first use (a tenth of a second): the fast
    # twin needs neither.
    @cached_property
    def kernel(self) -> Any:
        return dealer_kernel(self._h17)

    @cached_property
    def _expectation(self) -> Any:
        """The fast twin: ``DealerWeights`` of the weights the wager set (made on first use)."""
        return DealerWeights(self._weights, self._h17, by_value=False)

    @cached_property
    def busts(self) -> tuple[tuple[int, int, int], ...]:
        """(up card value, number of cards, bucket) of every dealer bust."""
        g = dealer_graph(self._h17)
        if g.max_cards > self.max_cards:
            raise InternalError(f"the dealer's hands hold up to {g.max_cards} cards, weights stop at {self.max_cards}")
        return tuple((up, k, g.bucket(up, "bust", k)) for up in range(1, 11) for k in range(3, g.max_cards + 1))

    @staticmethod
    def by_value(counts: Sequence[int]) -> list[int]:
        v = [sum(counts[4 * r:4 * r + 4]) for r in range(9)]
        v.append(sum(counts[36:52]))
        return v

    def _nums(self, v: Sequence[int], total: int) -> list[int]:
        if total < 2:
            raise EngineError(f"the shoe holds {total} card(s); a dealer hand needs at least 2")
        nums, starved = self.kernel.exact(v, total)
        if starved >= 0:  # the words of the fast twin (ext/dealer_kernel.pyx, _small_shoe)
            up = value_label(self.kernel.upcard_of(starved) + 1)
            raise EngineError(f"the shoe ({total} cards) can run out before the dealer finishes a hand with up card {up}")
        return nums

    def _bust_sum(self, v: Sequence[int], total: int, weight: Callable[[int, int], int]) -> tuple[int, int]:
        """Sum over every dealer bust (up card u, k cards) of weight(u, k) * P(u up, bust with k),
        as an integer numerator and denominator: P = v[u] nums / (total)_k, (n)_k falling."""
        nums = self._nums(v, total)
        live = [(up, k, nums[b]) for up, k, b in self.busts if nums[b] and v[up - 1]]
        most = max((k for _, k, _ in live), default=2)
        num = sum(weight(up, k) * v[up - 1] * n * perm(total - k, most - k) for up, k, n in live)
        return num, perm(total, most)


class _Buster(_Dealer):
    wager = "buster"

    def __init__(self, pays: Mapping[str, Fraction], rules: DealerRules) -> None:
        super().__init__(rules)
        self.scale, scaled = scaled_pays(pays)
        # a bust with k cards wins pay + 1 over the loss of the unit (pays "to 1")
        self.win = [0, 0, 0] + [scaled[f"bust-{k}" if k < 8 else "bust-8+"] + self.scale
                                for k in range(3, self.max_cards + 1)]
        for k in range(3, self.max_cards + 1):
            self._weights[:, BUST, k] = self.win[k]
        self.method = ("dealer kernel over the drawing graph: exact integer counts of ordered draws "
                       "(exact), or its float probabilities (fast)")

    def _exact(self, counts: list[int]) -> tuple[int, int, int, int]:
        v = self.by_value(counts)
        num, den = self._bust_sum(v, sum(v), lambda up, k: self.win[k])
        return num - den * self.scale, den * self.scale, 1, 1

    def fast(self, counts: Sequence[int]) -> tuple[float, float]:
        return self._expectation(counts) / self.scale - 1.0, 1.0

    def deal_law(self) -> DealLaw:
        """Each dealer bust with k cards pays win[k] / scale (the pay and the unit staked back), less the unit."""
        return dealer_law(self.wager, self._h17,
                          lambda up, result, k: Fraction(self.win[k], self.scale) if result == "bust" else Fraction(0),
                          {(): Fraction(-1)})

    def fast_many(self, states: Any) -> Any:
        """Every row at once, in the dealer kernel's compiled loop."""
        import numpy
        out = numpy.empty(len(states), dtype=numpy.float64)
        self._expectation.many(states, out)
        return out / self.scale - 1.0


class _EzBust(_Dealer):
    wager = "ez-bust"

    def __init__(self, pays: Mapping[str, Fraction], rules: DealerRules) -> None:
        super().__init__(rules)
        self.pay = Fraction(pays["bust"])
        self._paid = float(self.pay + 1)
        for u in EZ_UPCARD_VALUES:
            self._weights[u - 1, BUST, :] = 1.0
        self.method = ("dealer kernel over the drawing graph: P(bust | up card 2 to 6), weighted by the "
                       "chance of each up card; exact integer counts (exact) or floats (fast)")

    def _exact(self, counts: list[int]) -> tuple[int, int, int, int]:
        v = self.by_value(counts)
        total = sum(v)
        offered = sum(v[u - 1] for u in EZ_UPCARD_VALUES)
        if not offered:
            self._nums(v, total)  # a shoe the dealer cannot finish on is refused, as by the fast twin
            return 0, 1, 0, 1
        num, den = self._bust_sum(v, total, lambda up, k: 1 if up in EZ_UPCARD_VALUES else 0)
        # P(bust | the wager is offered) = num total / (den offered); pays p/q to 1
        p, q = self.pay.numerator, self.pay.denominator
        return (p + q) * num * total - q * den * offered, q * den * offered, offered, total

    def deal_law(self) -> DealLaw:
        """A round's value, the chance the wager is offered times its return: a bust under an up card
        of 2 to 6 pays the pay and the unit back; each such up card takes the unit."""
        return dealer_law(self.wager, self._h17,
                          lambda up, result, k: self.pay + 1 if result == "bust" and up in EZ_UPCARD_VALUES else Fraction(0),
                          {(u - 1,): Fraction(-1) for u in EZ_UPCARD_VALUES})

    def fast(self, counts: Sequence[int]) -> tuple[float, float]:
        counts = listed(counts)
        busts = self._expectation(counts)  # P(bust and the wager offered); the shoe state checked first
        offered = sum(counts[4 * EZ_UPCARD_VALUES[0] - 4:4 * EZ_UPCARD_VALUES[-1]])  # ranks 2 to 6
        if not offered:
            return 0.0, 0.0
        total = sum(counts)
        return self._paid * (busts * total / offered) - 1.0, offered / total

    def fast_many(self, states: Any) -> Any:
        """Every row at once, in the dealer kernel's compiled loop (0 where no up card it is offered on is left)."""
        import numpy
        busts = numpy.empty(len(states), dtype=numpy.float64)
        self._expectation.many(states, busts)
        offered = states[:, 4 * EZ_UPCARD_VALUES[0] - 4:4 * EZ_UPCARD_VALUES[-1]].sum(axis=1)
        total = states.sum(axis=1)
        out = numpy.zeros(len(states), dtype=numpy.float64)
        some = offered > 0
        out[some] = self._paid * (busts[some] * total[some] / offered[some]) - 1.0
        return out


# Bust It's deal law: the dealer's first three cards by class, the values with the eights told apart
# by suit (classes 0-6: A to 7, 7-10: the eight of S, H, D, C, 11: 9, 12: ten-valued)
_BUST_IT_CLASS = tuple(r if r < 7 else 7 + c % 4 if r == 7 else 11 if r == 8 else 12
                       for c, r in ((c, c // 4) for c in range(52)))
_BUST_IT_VALUE = (1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 9, 10)


class _BustIt(CompiledReturn):
    """Bust It's compiled closed form, and its deal law for the exact counting analysis."""

    def __init__(self, pays: Mapping[str, Fraction]) -> None:
        scale, scaled = scaled_pays(pays)
        super().__init__("bust-it", lambda outcome: -scale if outcome == "lose" else scaled[cast(str, outcome)], scale,
                         "closed form over the dealer's first three cards by value, and the eights by suit (exact "
                         "integers, compiled; checked against the par sheet's count)")
        self.pay_table = {k: Fraction(v) for k, v in pays.items()}

    def _pay(self, combo: tuple[int, ...]) -> Fraction:
        """The pay of the dealer's first three cards (classes, in dealing order)."""
        a, b, third = (_BUST_IT_VALUE[k] for k in combo)
        if a == 1 or b == 1 or not 12 <= a + b <= 16 or a + b + third <= 21:
            return Fraction(-1)
        if a == b == third == 8:
            suits = {k - 7 for k in combo}
            if len(suits) == 1:
                return self.pay_table["eights-suited"]
            if any(suits <= {SUITS.index(x) for x in group} for group in COLOURS):
                return self.pay_table["eights-colour"]
        return self.pay_table[f"third-{value_label(third)}"]

    def deal_law(self) -> DealLaw:
        classes = len(_BUST_IT_VALUE)
        return first_cards_law("bust-it", _BUST_IT_CLASS, classes, 3,
                               [self._pay(combo) for combo in itertools.product(range(classes), repeat=3)])


def bust_it_return(pays: Mapping[str, Fraction], rules: DealerRules = DealerRules()) -> ShoeReturn:
    """Bust It's return for any shoe (the dealer's rules do not matter: only a hard 12 to 16 busts
    with one card): the count of :func:`~odds.wagers.dealer_bust.bust_it_combinations`, compiled."""
    return _BustIt(pays)


def buster_return(pays: Mapping[str, Fraction], rules: DealerRules = DealerRules()) -> ShoeReturn:
    """Buster's return for any shoe, with ``pays`` (a paytable's ``pays``) and the dealer's ``rules``."""
    return _Buster(pays, rules)


def ez_bust_return(pays: Mapping[str, Fraction], rules: DealerRules = DealerRules()) -> ShoeReturn:
    """EZ Bust's return for any shoe, placed on every up card it is offered on."""
    return _EzBust(pays, rules)



WAGERS = (
    Wager("buster", "Buster Blackjack", "58 Pa. Code 633c.13", BUSTER_OUTCOMES, buster_par_sheet,
          paytable_extras=("bonuses",), reference=figures.buster, shoe_return=buster_return,
          cross_checks=buster_bonus_checks,
          dealt=dealt.Dealt(dealt.buster_round, "no-bust", every_pay=BUSTER_OUTCOMES)),
    Wager("ez-bust", "EZ Bust Blackjack", "58 Pa. Code 633b.16", ("bust",), ez_bust_par_sheet, EzBustOptions,
          reference=figures.ez_bust, shoe_return=ez_bust_return,
          dealt=dealt.Dealt(dealt.ez_bust_round, "no-bust", ("upcard",), ("bust",), note=dealt.EZ_BUST_NOTE),
          book_variants=(BookVariant(
              "push", (6, 8), {"push_option": True},
              "EZ Bust with paragraph (g) (a push when every player hand is a blackjack or bust), for one player, "
              "at 6 and 8 decks", plot_label="(g)", label="with (g)"), BookVariant(
              "resplit", (6, 8), {"split_hands": 4, "das": True},
              "EZ Bust's split wagers of (c)(2) with pairs resplit to four hands (aces once) and a double "
              "allowed after a split, at 6 and 8 decks (the wager's own house edge is the same)",
              label="split wagers resplit to 4, DAS")), book_label="as dealt"),
    Wager("bust-it", "Bust It bonus", "9 NYCRR 5324.11(o)", BUST_IT_OUTCOMES, bust_it_par_sheet,
          reference=figures.bust_it, shoe_return=bust_it_return, dealt=dealt.Dealt(dealt.bust_it_round)),
)
