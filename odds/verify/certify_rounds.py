"""The verification in a certification report of the wagers on the main game's result: New York's
streak wager (9 NYCRR 5324.11(m)) and the Blackjack Burnout bonus wagers.

Their par sheets come from the exact law of a whole round (:func:`odds.engine.outcomes.round_outcomes`:
every deal, the hands the player's play leads to, the dealer's law for the cards they leave), then
the chance of ``k`` wins in a row. The reference path of that law, :mod:`odds.reference.outcomes`,
deals every card one at a time and finishes on small shoes only, so the report checks three ways:

1. At the certified shoe, exactly: the mean of the round's net result (from the distribution the
   par sheet is built from) against :meth:`odds.engine.player.PlayerEngine.round_value`, a different
   algorithm that sums the values of the player's options; the distribution sums to 1; the
   round's classes as the sheet counts them follow from the distribution by the paragraph's
   reading of a dealer blackjack; every chance of ``k`` wins in a row and the return follow from
   the classes as the paragraph settles the wager.
2. On small shoes with the same rules, exactly: the outcome walk against the brute force, every
   (net result, class) of the round's law.
3. The round simulator of :mod:`odds.verify.simulate`, on the certified shoe.

>>> from odds.verify.certify import certify
>>> r = certify("streak", 1, paytable="A", any_decks=True, options={"split_hands": 1}, rounds=300)
>>> [c.label for c in r.checks]
['round value two ways, 1 deck(s)', 'fast path = brute force, 5 small shoes']
>>> [c.agrees for c in r.checks], r.monte_carlo.agrees
([True, True], True)
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Mapping, Sequence, cast

from odds.core.rationals import as_fraction
from .checks import ExactCheck, Figure
from odds.core.errors import WagerError, option
from odds.core.formats import fraction_text
from odds.engine.outcomes import LOSS, NEITHER, WIN, round_outcomes
from odds.engine.player import PlayerEngine
from odds.reference.outcomes import outcome_distribution
from odds.reference.shoes import shoes_for
from odds.core.shoe import Shoe
from .rounds import compare_rounds, simulate_rounds, streak_game
from odds.wagers.streaks import dealer_blackjack_without_player_blackjack

if TYPE_CHECKING:
    from odds.core.game_rules import GameRules
    from odds.core.rules import DealerRules
    from odds.engine.outcomes import RoundOutcomes
    from odds.wagers import Wager
    from odds.pricing.parsheet import ParSheet
    from odds.wagers.paytables import Paytable

    from .statistics import Check

DEFAULTS = {"streak": 2, "dealer_blackjack": "loss", "das": False, "split_hands": 2, "resplit_aces": False,
            "hit_split_aces": False, "surrender": False}
CLASSES = ((WIN, "won"), (LOSS, "lost"), (NEITHER, "neither won nor lost"))


def round_options(given: Mapping, decks: int, rules: DealerRules, table: Paytable) -> dict:
    """The wager's options with the defaults filled in (every rule of the main game is an input of
    the report), checked."""
    options = {**DEFAULTS, **given}
    for key in ("das", "resplit_aces", "hit_split_aces", "surrender"):
        options[key] = bool(options[key])
    options["streak"], options["split_hands"] = int(options["streak"]), int(options["split_hands"])
    if str(options["streak"]) not in table.pays:
        raise WagerError(f"paytable {table.id} pays {', '.join(table.pays)} wins in a row, not {options['streak']}")
    if options["dealer_blackjack"] not in ("loss", "no-effect"):
        raise WagerError(f"dealer blackjack {options['dealer_blackjack']!r}: use loss or no-effect")
    if options["dealer_blackjack"] == "no-effect" and not rules.peek:
        raise WagerError(f"{option('dealer_blackjack', 'no-effect')} is read for a game in which the dealer peeks")
    streak_game(decks, rules, options)  # the rules of the main game must hold together
    return options


def dealer_blackjack_alone(counts: Sequence[int]) -> Fraction:
    """P(the dealer's first two cards are a blackjack and the player's are not), by every ordered
    opening deal of values (player, up card, player, hole card) weighted by the cards' counts.

    >>> dealer_blackjack_alone((1, 0, 0, 0, 0, 0, 0, 0, 0, 3))  # the ace is the up or the hole card
    Fraction(1, 2)
    """
    left = list(counts)
    hits = deals = 0

    def ways(v: int) -> int:
        n = left[v]
        left[v] -= 1
        return n

    for a in range(10):
        wa = ways(a)
        for up in range(10):
            wu = ways(up)
            for b in range(10):
                wb = ways(b)
                for hole in range(10):
                    w = wa * wu * wb * left[hole]
                    deals += w
                    if {up, hole} == {0, 9} and {a, b} != {0, 9}:
                        hits += w
                left[b] += 1
            left[up] += 1
        left[a] += 1
    return Fraction(hits, deals)


def value_check(sheet: ParSheet, outcomes: RoundOutcomes, game: GameRules, shoe: Shoe, options: Mapping,
                table: Paytable) -> ExactCheck:
    """Section 7.1: the round's value two ways at the certified shoe, and the streak formula."""
    value = cast(Fraction, PlayerEngine(game, shoe).round_value()[0])  # a second engine, built afresh (exact)
    joint = outcomes.joint
    figures = [Figure("total probability of the round's results", sum(joint.values(), Fraction(0)), Fraction(1)),
               Figure("expected net result of a round, per unit of the main wager", as_fraction(outcomes.mean()), value)]
    classes = {kind: as_fraction(p) for kind, p in outcomes.streak().items()}
    reading = options["dealer_blackjack"]
    if reading == "no-effect":
        moved = dealer_blackjack_alone(shoe.by_value())
        figures.append(Figure("P(dealer blackjack, player none): rounds counted as neither, not lost",
                              dealer_blackjack_without_player_blackjack(shoe.by_value()), moved))
        classes = {WIN: classes[WIN], LOSS: classes[LOSS] - moved, NEITHER: classes[NEITHER] + moved}
    counted = {kind: Fraction(p) for kind, p in sheet.extra["round"].items()}
    figures += [Figure(f"P(a round is {label}), as the par sheet counts it", counted[kind], classes[kind])
                for kind, label in CLASSES]
    q = classes[WIN] / (1 - classes[NEITHER])  # the next decided round is won: q = w + n * q
    figures += [Figure(f"P({length} wins in a row)", Fraction(row["probability"]), q ** int(length))
                for length, row in sheet.extra["streaks"].items()]
    k = options["streak"]
    row = next(o for o in sheet.outcomes if o.name == f"{k} wins in a row")
    figures += [Figure(f"P({k} wins in a row) in the par sheet's outcome rows", row.probability, q ** k),
                Figure("expected return", sheet.expected_return, (table.pays[str(k)] + 1) * q ** k - 1)]
    moved_text = (" With a dealer blackjack of no effect (--dealer-blackjack no-effect), the rounds a dealer "
                  "blackjack takes from a player without one are counted again, by every ordered opening deal (player, up card, player, hole "
                  "card), and moved from lost to neither." if reading == "no-effect" else "")
    method = ("The brute force cannot run on the certified shoe (see 7.2), so the par sheet is checked there by a "
              "second algorithm: the mean of the round's net-result distribution, the one the par sheet is built "
              "from (odds.engine.outcomes.round_outcomes: every deal, the hands the player's play leads to, joined with "
              "the dealer's law for the cards they leave), must equal PlayerEngine.round_value() of a second "
              "engine built afresh, which sums the values of the player's best options (expected values by "
              "recursion, splits by patterns of second cards) and never lists the hands' outcomes; the "
              "distribution must sum to 1; the chances of a won, a lost and a neither round that the par sheet "
              "uses must follow from the distribution." + moved_text + " Then the wager is settled again as the "
              "paragraph says: rounds that are neither are skipped, so the next decided round is won with q, "
              "q = w + n * q, that is q = w / (1 - n); k wins in a row come with q ** k; the return is "
              "(pay + 1) * q ** k - 1 with the pay read from the paytable again. Both computations play the "
              "engine's decisions and take the dealer's law from the dealer engine (odds.engine.dealer, checked against "
              "odds.reference.dealer in the tests); the mean does not see how rounds are classed, which 7.2 "
              "checks on small shoes and 7.3 by simulation")
    lead = (f"At the certified shoe ({shoe.total} cards). The first column is the par sheet's figure (or the "
            "outcome walk's), the second the same figure computed the other way.")
    return ExactCheck(tuple(figures), method, "At the certified shoe: the round's value two ways, and the streak "
                      "formula (exact)", "the par sheet and the second computation",
                      ("par sheet / outcome walk", "second computation"), lead,
                      f"round value two ways, {game.decks} deck(s)")


def _shoe_text(name: str, counts: Sequence[int]) -> str:
    return f"{name} = ({', '.join(map(str, counts))})"


def small_shoes_check(game: GameRules) -> ExactCheck:
    """Section 7.2: the outcome walk against the brute force, on the small shoes for the rules."""
    shoes = shoes_for(game.split_hands)
    figures = []
    for name, counts in shoes.items():
        shoe = Shoe.from_value_counts(counts)
        fast = {key: Fraction(p) for key, p in round_outcomes(PlayerEngine(game, shoe)).joint.items()}
        slow = outcome_distribution(game, counts)
        for key in sorted(set(fast) | set(slow)):
            net, kind = key
            figures.append(Figure(f"{name}: P(net {fraction_text(net)}, {kind})", fast.get(key, Fraction(0)),
                                  slow.get(key, Fraction(0))))
        for kind, label in CLASSES:
            figures.append(Figure(f"{name}: P(a round is {label})",
                                  sum((p for (_, c), p in fast.items() if c == kind), Fraction(0)),
                                  sum((p for (_, c), p in slow.items() if c == kind), Fraction(0))))
        figures.append(Figure(f"{name}: expected net result", sum((net * p for (net, _), p in fast.items()),
                                                                    Fraction(0)),
                              sum((net * p for (net, _), p in slow.items()), Fraction(0))))
    listed = "; ".join(_shoe_text(name, counts) for name, counts in shoes.items())
    method = ("odds.reference.outcomes, a brute force written apart from the engines, deals the round card by "
              "card in the physical order (player, up card, player, hole card), makes every decision from an "
              "explicit posterior of the hole card and the cards that follow, plays a split hand after hand "
              "(resplitting as the cards come) and the dealer's hand card by card, and settles and classes the "
              "round itself, in Fraction arithmetic. It runs on small shoes only: it follows every sequence of "
              "cards and works every decision out again at each one, so its time grows geometrically with the "
              "cards in the shoe (on shoes holding every value, each two cards added multiply it by about 2.5), "
              f"which puts a single 52-card deck years away; the certified shoe holds {game.decks * 52} cards. On the small shoes "
              "the outcome walk and the brute force must give the same law of the round's (net result, class), "
              "every probability equal")
    lead = (f"Rules: those of the certified game ({game.describe().split(', ', 1)[1]}), on {len(shoes)} small "
            f"shoes (named by their cards, then the count of each value, aces, twos, ..., nines, ten-values): "
            f"{listed}. They hold aces, ten-values and pairs, so blackjacks, doubles and "
            "(where the rules allow them) splits all happen, and enough cards that no hand runs out. The brute "
            "force cannot run on the certified shoe: see the method (section 5).")
    return ExactCheck(tuple(figures), method, "On small shoes: the outcome walk against a card-by-card brute force "
                      "(exact)", "the outcome walk and the brute force", ("outcome walk (fast path)",
                                                                          "brute force (reference)"),
                      lead, f"fast path = brute force, {len(shoes)} small shoes")


def verify_rounds(wager: Wager, inputs: Any, shoe: Shoe) -> tuple[ParSheet, tuple[ExactCheck, ...], Check]:
    """(par sheet, exact checks, Monte Carlo check) of a report on a streak wager (``inputs``: the
    report's :class:`~odds.verify.certify.Inputs`)."""
    options = inputs.options
    game = streak_game(inputs.decks, inputs.rules, options)
    engine = PlayerEngine(game, shoe)
    outcomes = round_outcomes(engine)
    sheet = wager.par_sheet(shoe, inputs.rules, inputs.table, inputs.decks, outcomes=outcomes, **options)
    checks = (value_check(sheet, outcomes, game, shoe, options, inputs.table), small_shoes_check(game))
    run = simulate_rounds(wager.name, game, inputs.table.pays, inputs.rounds, inputs.seed, options["streak"],
                          options["dealer_blackjack"], engine)
    return sheet, checks, compare_rounds(run, sheet)
