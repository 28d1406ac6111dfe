"""An independent dealing simulator, to check the exact par sheets by another road.

This is the one place in ``odds`` that works in floats, and it says so: frequencies, means and
confidence intervals here are floating-point estimates. It deals physical cards from a shoe of
``decks`` decks with ``random.Random(seed)`` (so a seed gives the same run every time) and settles
each round as the wager's regulation says, with rules written out again here: it calls none of the
exact engines (no dealer tables, no combination counts, no settling functions of the wagers).

Each round is dealt from the full shoe freshly shuffled: the cards are drawn one by one by a
partial Fisher-Yates shuffle, which gives a uniformly random ordering of the cards used, so the
rounds are independent (no cut card, no depletion between rounds), as in the exact par sheets.

Wagers simulated:

* ``buster`` (58 Pa. Code 633c.13): the player's two cards and the dealer's two are dealt
  (player, dealer, player, dealer); the player then draws while his total, aces counted as one,
  is under 12 (he never busts; which cards he takes must not change the dealer's law, and the
  simulation checks that too); the dealer always completes his hand (633c.13(f)) by S17 or H17.
  The wager pays by the number of cards in the dealer's busted hand: ``bust-3`` ... ``bust-7``,
  ``bust-8+``; otherwise ``no-bust`` (a dealer blackjack is a hand that does not bust, peek or no
  peek, so peeking changes nothing here).
* ``21+3`` (9 NYCRR 5324.11(p)): the player's two cards and the dealer's up card as a three-card
  poker hand, paid for the best hand the paytable lists, best first: ``suited-trips``,
  ``straight-flush``, ``trips``, ``straight``, ``flush``, ``pair`` (A-2-3 and Q-K-A are straights,
  K-A-2 is not); else ``lose``.

The check (:func:`check`) puts the simulated frequency of every outcome and the mean return next to
the exact values of the par sheet, each with a 95% interval (Wilson for frequencies, normal for the
mean return); the flag ``inside`` uses a wider 99.9% interval so that a run with many outcomes
rarely raises a false alarm.

>>> from odds.rules import DealerRules
>>> run = simulate("21+3", 6, DealerRules.parse("S17"), {"flush": 5, "straight": 10}, rounds=2000, seed=1)
>>> run.rounds, sum(run.counts.values())
(2000, 2000)
>>> sorted(run.counts)
['flush', 'lose', 'straight']
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace
from fractions import Fraction
from statistics import NormalDist
from typing import Mapping, Optional

from .errors import PaytableError, WagerError

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SIMULATED = ("buster", "21+3")
LOSING = {"buster": "no-bust", "21+3": "lose"}
REPORT_LEVEL = 0.95
FLAG_LEVEL = 0.999
FLOAT_NOTE = "simulation: floating-point estimates (the only float results in odds)"


def z_value(level: float) -> float:
    """The two-sided normal quantile for a confidence level.

    >>> round(z_value(0.95), 4)
    1.96
    """
    return NormalDist().inv_cdf(0.5 + level / 2)


def wilson(count: int, n: int, level: float) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion ``count / n``.

    >>> lo, hi = wilson(0, 100, 0.95)
    >>> lo, round(hi, 4)
    (0.0, 0.037)
    """
    z = z_value(level)
    p = count / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


# ------------------------------------------------------------------------------------- the deal

class _Dealer:
    """Draws cards without replacement from a full shoe (a partial Fisher-Yates shuffle)."""

    def __init__(self, decks: int, rng: random.Random):
        self.cards = [(r, s) for _ in range(decks) for r in RANKS for s in SUITS]
        self.rng = rng
        self.used = 0

    def new_round(self) -> None:
        # The list is always some permutation of the shoe, and each draw picks uniformly among the
        # cards not yet used in this round, so every round is a fresh uniform shuffle.
        self.used = 0

    def draw(self) -> tuple[str, str]:
        cards, i = self.cards, self.used
        if i >= len(cards):
            raise WagerError("the shoe ran out of cards in one round")
        j = self.rng.randrange(i, len(cards))
        cards[i], cards[j] = cards[j], cards[i]
        self.used = i + 1
        return cards[i]


def _points(rank: str) -> int:
    return 1 if rank == "A" else 10 if rank in "TJQK" else int(rank)


def _total(cards) -> tuple[int, bool]:
    """(best total, soft) of a blackjack hand."""
    hard = sum(_points(r) for r, _ in cards)
    if any(r == "A" for r, _ in cards) and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def _dealer_hits(cards, hits_soft_17: bool, stands_on: int) -> bool:
    total, soft = _total(cards)
    return total < stands_on or (hits_soft_17 and soft and total == 17)


def _buster_round(deal: _Dealer, hits_soft_17: bool, stands_on: int) -> str:
    player = [deal.draw()]
    dealer = [deal.draw()]
    player.append(deal.draw())
    dealer.append(deal.draw())
    while sum(_points(r) for r, _ in player) < 12:
        player.append(deal.draw())
    while _dealer_hits(dealer, hits_soft_17, stands_on):
        dealer.append(deal.draw())
    if _total(dealer)[0] <= 21:
        return "no-bust"
    return f"bust-{len(dealer)}" if len(dealer) < 8 else "bust-8+"


_HIGH = {r: i for i, r in enumerate("23456789TJQKA", start=2)}
TWENTY_ONE_PLUS_THREE = ("suited-trips", "straight-flush", "trips", "straight", "flush", "pair")


def _run(values) -> bool:
    """Three distinct ranks in a row, ace high or low."""
    for ace in (14, 1):
        v = sorted(ace if x == 14 else x for x in values)
        if len(set(v)) == 3 and v[2] - v[0] == 2:
            return True
    return False


def twenty_one_plus_three_hands(cards) -> list[str]:
    """Every 21+3 hand three cards make, best first (written independently of the exact engine).

    >>> twenty_one_plus_three_hands([("Q", "H"), ("K", "H"), ("A", "H")])
    ['straight-flush', 'straight', 'flush']
    >>> twenty_one_plus_three_hands([("K", "H"), ("A", "S"), ("2", "H")])
    []
    """
    ranks = [r for r, _ in cards]
    same_suit = len({s for _, s in cards}) == 1
    distinct = len(set(ranks))
    straight = distinct == 3 and _run([_HIGH[r] for r in ranks])
    hands = []
    if distinct == 1 and same_suit:
        hands.append("suited-trips")
    if straight and same_suit:
        hands.append("straight-flush")
    if distinct == 1:
        hands.append("trips")
    if straight:
        hands.append("straight")
    if same_suit:
        hands.append("flush")
    if distinct == 2:
        hands.append("pair")
    return hands


def _twenty_one_plus_three_round(deal: _Dealer, pays: Mapping) -> str:
    cards = [deal.draw(), deal.draw(), deal.draw()]  # player, dealer's up card, player
    return next((h for h in twenty_one_plus_three_hands(cards) if h in pays), "lose")


# ------------------------------------------------------------------------------------- results

@dataclass(frozen=True)
class Simulation:
    """Counts per outcome over ``rounds`` rounds, and the pays they were settled with."""

    wager: str
    decks: int
    rule: str
    rounds: int
    seed: Optional[int]
    counts: Mapping[str, int]
    pays: Mapping[str, Fraction]  # every outcome's net pay, the losing one -1

    def frequency(self, outcome: str) -> float:
        return self.counts.get(outcome, 0) / self.rounds

    def mean_return(self) -> float:
        """The average net win per round (from the counts; exact sum, float result)."""
        return float(sum((self.pays[o] * k for o, k in self.counts.items()), Fraction(0)) / self.rounds)

    def mean_interval(self, level: float) -> tuple[float, float]:
        """Normal interval for the mean return, from the sample variance of the rounds."""
        n = self.rounds
        mean = sum((self.pays[o] * k for o, k in self.counts.items()), Fraction(0)) / n
        ss = sum(((self.pays[o] - mean) ** 2 * k for o, k in self.counts.items()), Fraction(0))
        sd = math.sqrt(ss / (n - 1)) if n > 1 else float("inf")
        half = z_value(level) * sd / math.sqrt(n)
        return float(mean) - half, float(mean) + half


def simulate(wager: str, decks: int, rules, pays: Mapping, rounds: int, seed: Optional[int] = 0,
             dealer_stands_on: int = 17) -> Simulation:
    """Deal ``rounds`` rounds of ``wager`` and count the outcomes, settled with ``pays``
    (outcome -> net pay "to 1"; a paytable's ``.pays`` or any modified dict).

    ``dealer_stands_on`` is the total the dealer stands on (17 by the rules; change it only to
    check that the comparison notices a dealer who plays wrongly).

    >>> from odds.rules import DealerRules
    >>> pays = {"bust-3": 2, "bust-4": 2, "bust-5": 4, "bust-6": 12, "bust-7": 50, "bust-8+": 250}
    >>> a = simulate("buster", 6, DealerRules.parse("H17"), pays, rounds=500, seed=7)
    >>> a == simulate("buster", 6, DealerRules.parse("H17"), pays, rounds=500, seed=7)
    True
    """
    if wager not in SIMULATED:
        raise WagerError(f"the simulator deals {', '.join(SIMULATED)}, not {wager!r}")
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise WagerError(f"number of decks must be a whole number >= 1, got {decks!r}")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 2:
        raise WagerError(f"the number of rounds must be a whole number >= 2, got {rounds!r}")
    try:
        exact_pays = {k: Fraction(v) for k, v in pays.items()}
    except (TypeError, ValueError) as exc:
        raise PaytableError(f"a pay is not a number: {exc}") from None
    lose = LOSING[wager]
    if wager == "buster":
        missing = [f"bust-{k}" for k in range(3, 8) if f"bust-{k}" not in exact_pays]
        missing += [] if "bust-8+" in exact_pays else ["bust-8+"]
        if missing:
            raise PaytableError(f"buster paytable lacks pays for {', '.join(missing)}")
    deal = _Dealer(decks, random.Random(seed))
    counts: dict[str, int] = {}
    for _ in range(rounds):
        deal.new_round()
        if wager == "buster":
            outcome = _buster_round(deal, rules.hits_soft_17, dealer_stands_on)
        else:
            outcome = _twenty_one_plus_three_round(deal, exact_pays)
        counts[outcome] = counts.get(outcome, 0) + 1
    settled = {o: (Fraction(-1) if o == lose else exact_pays[o]) for o in counts}
    return Simulation(wager, decks, rules.name, rounds, seed, dict(sorted(counts.items())), settled)


# -------------------------------------------------------------------------------- comparison

@dataclass(frozen=True)
class Row:
    """One outcome: simulated frequency and 95% interval; exact probability; whether the exact
    value lies inside the 99.9% interval."""

    name: str
    count: int
    frequency: float
    interval: tuple[float, float]
    exact: Fraction
    inside: bool


@dataclass(frozen=True)
class Check:
    simulation: Simulation
    rows: tuple[Row, ...]
    mean: float
    mean_interval: tuple[float, float]
    exact_return: Fraction
    mean_inside: bool
    notes: tuple[str, ...] = field(default=())

    @property
    def agrees(self) -> bool:
        return self.mean_inside and all(r.inside for r in self.rows)

    def to_json(self) -> dict:
        s = self.simulation
        return {"wager": s.wager, "decks": s.decks, "rule": s.rule, "rounds": s.rounds, "seed": s.seed,
                "report_level": REPORT_LEVEL, "flag_level": FLAG_LEVEL,
                "outcomes": [{"name": r.name, "count": r.count, "frequency": r.frequency,
                              "ci95": list(r.interval), "exact": str(r.exact), "exact_float": float(r.exact),
                              "inside": r.inside} for r in self.rows],
                "mean_return": self.mean, "mean_return_ci95": list(self.mean_interval),
                "exact_return": str(self.exact_return), "exact_return_float": float(self.exact_return),
                "mean_inside": self.mean_inside, "agrees": self.agrees, "notes": list(self.notes)}

    def to_text(self) -> str:
        s = self.simulation
        lines = [f"simulation of {s.wager}: {s.rounds:,} rounds, {s.decks} deck(s), {s.rule}, seed {s.seed}", "",
                 f"{'outcome':<16}{'count':>10}{'frequency':>13}{'95% interval':>27}{'exact':>13}  inside"]
        for r in self.rows:
            lines.append(f"{r.name:<16}{r.count:>10}{r.frequency:>13.6f}"
                         f"{f'[{r.interval[0]:.6f}, {r.interval[1]:.6f}]':>27}{float(r.exact):>13.6f}  "
                         f"{'yes' if r.inside else 'NO'}")
        lo, hi = self.mean_interval
        lines += ["", f"mean return {self.mean:.6f}  95% interval [{lo:.6f}, {hi:.6f}]  exact "
                      f"{float(self.exact_return):.6f}  inside: {'yes' if self.mean_inside else 'NO'}",
                  "", "agrees with the exact par sheet" if self.agrees
                  else "DISAGREES with the exact par sheet"]
        lines += [f"note: {n}" for n in self.notes]
        return "\n".join(lines)


def compare(simulation: Simulation, sheet) -> Check:
    """Set a simulation against an exact :class:`~odds.parsheet.ParSheet` of the same wager."""
    n = simulation.rounds
    exact = {o.name: o.probability for o in sheet.outcomes}
    names = [o.name for o in sheet.outcomes] + [o for o in simulation.counts if o not in exact]
    rows = []
    for name in names:
        k = simulation.counts.get(name, 0)
        p = exact.get(name, Fraction(0))
        lo, hi = wilson(k, n, FLAG_LEVEL)
        rows.append(Row(name, k, k / n, wilson(k, n, REPORT_LEVEL), p, lo <= p <= hi))
    lo, hi = simulation.mean_interval(FLAG_LEVEL)
    ret = sheet.expected_return
    notes = (FLOAT_NOTE, "intervals shown at 95% (Wilson for frequencies, normal for the mean return); "
             "'inside' uses 99.9% intervals to keep false alarms rare over many outcomes",
             "each round is dealt from a full, freshly shuffled shoe")
    return Check(simulation, tuple(rows), simulation.mean_return(), simulation.mean_interval(REPORT_LEVEL),
                 ret, lo <= ret <= hi, notes)


def check(wager: str, paytable, decks: int, rules, rounds: int, seed: Optional[int] = 0,
          exact_paytable=None, dealer_stands_on: int = 17) -> Check:
    """Simulate ``wager`` with ``paytable`` and compare with its exact par sheet.

    ``paytable`` is a :class:`~odds.paytables.Paytable` or a dict of pays; ``exact_paytable``
    (default: the same) is what the exact side is told, so a test can plant a wrong pay there.
    """
    from .paytables import Paytable
    from .shoe import Shoe
    from .wagers import get_wager

    def as_table(t) -> Paytable:
        if isinstance(t, Paytable):
            return t
        return Paytable(wager, "custom", {k: Fraction(v) for k, v in t.items()}, "given pays", None, "")

    table = as_table(paytable)
    exact_table = table if exact_paytable is None else as_table(exact_paytable)
    sim = simulate(wager, decks, rules, table.pays, rounds, seed, dealer_stands_on)
    sheet = get_wager(wager).par_sheet(Shoe.decks(decks), rules, exact_table, decks)
    return compare(sim, sheet)


def with_pay(paytable, outcome: str, pay) -> "object":
    """A copy of a :class:`~odds.paytables.Paytable` with one pay changed.

    >>> from odds.paytables import builtin_paytables
    >>> with_pay(builtin_paytables("buster").tables["C"], "bust-8+", 2500).pays["bust-8+"]
    Fraction(2500, 1)
    """
    pays = dict(paytable.pays)
    pays[outcome] = Fraction(pay)
    return replace(paytable, pays=pays)
