"""The wagers on the main game's result (``streak``, 9 NYCRR 5324.11(m); ``burnout-bonus``, the
Blackjack Burnout bonus wagers) are dealt by :func:`simulate_rounds`: whole rounds of the main game,
one after another, each from a full, freshly shuffled shoe. The player's decisions are the exact
engine's (:class:`EngineDecisions` asks :class:`~odds.engine.player.PlayerEngine` in each situation: the
wagers are priced for that play); the dealing, the dealer's play, the settlement of each hand
against the dealer, the round's class (won, lost or neither: a push is neither, a split round is
won or lost by a majority of its hands, (m)(8)-(9)) and the counting of the streaks are written
again here. A round lost to a dealer blackjack loses the streak ((m)(6)), or counts for neither
with ``dealer_blackjack="no-effect"`` ((m)(1) word for word). :func:`compare_rounds` sets the
frequency of won, lost and neither rounds beside the exact round chances, and the chance of ``k``
wins in a row beside the par sheet's twice: derived from the rounds as ``(won / (won + lost)) **
k``, and counted wager by wager as the dealer settles them.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Optional, Sequence, Union

from odds.core.errors import EngineError, WagerError, option
from odds.core.progress import bar
from odds.core.game_rules import GameRules
from odds.core.rules import DealerRules
from odds.core.shoe import Shoe
from odds.reference.dealt import Card, Deal, Table, best_total, dealer_completes, natural, opening, points
from odds.wagers import WAGERS, get_wager

from .statistics import FLAG_LEVEL, FLOAT_NOTE, REPORT_LEVEL, Check, mean_interval, rate_row

if TYPE_CHECKING:
    from odds.engine.player import PlayerEngine
    from odds.pricing.parsheet import ParSheet
    from odds.wagers.paytables import Paytable


def round_wagers() -> tuple[str, ...]:
    """The wagers decided by whole rounds of the main game, in the registry's order."""
    return tuple(name for name, w in WAGERS.items() if w.rounds)


WIN, LOSS, NEITHER = "win", "loss", "neither"
ROUND_NOTE = ("the player's decisions are the exact engine's (odds.engine.player.PlayerEngine: the first decision, "
              "hit or stand after a hit, each split hand's play), asked of it in each situation; the dealing, "
              "the dealer's play, the settlement of each hand, the round's class and the counting of the "
              "streaks are written again here")


class EngineDecisions:
    """The player's decisions in the round simulator, asked of a :class:`~odds.engine.player.PlayerEngine`:
    the one thing it takes from the exact engines, since the streak wagers are priced for that play
    (:mod:`odds.engine.outcomes`). Hands are given as counts by value (ace first), as the engine keeps them.

    * ``first``: the option best for the two cards and the up card (the first of equal values in
      the order of :meth:`~odds.engine.player.PlayerEngine.first_options`): stand, hit, double,
      surrender or split;
    * ``split_hand``: a split hand's option on its two cards (stand, hit or double), decided with
      the other pair card gone (the engine's rule D);
    * ``hits``: after a hit, whether hitting on is worth more than standing (a split hand judged
      with the other pair card gone, as D plays on).

    >>> from odds import DealerRules
    >>> from odds.core.game_rules import GameRules
    >>> from odds.engine.player import PlayerEngine
    >>> play = EngineDecisions(PlayerEngine(GameRules(decks=6, dealer=DealerRules.parse("S17")), exact=False))
    >>> play.first(10, 6, 10), play.first(8, 8, 6), play.first(6, 5, 6), play.first(10, 8, 6)
    (<Action.HIT: 'hit'>, <Action.SPLIT: 'split'>, <Action.DOUBLE: 'double'>, <Action.STAND: 'stand'>)
    """

    def __init__(self, engine: PlayerEngine) -> None:
        from odds.engine.player import PlayerEngine
        if engine.rules.post_split != "cdp1":
            raise EngineError("whole rounds are played with split hands by the cdp1 post-split strategy only")
        self.engine = engine
        self._pairs = PlayerEngine.pair_cards_aside
        self._memo: dict = {}

    def first(self, a: int, b: int, up: int) -> str:
        key = ("first", a, b, up)
        if key not in self._memo:
            options = self.engine.first_options(a, b, up)
            self._memo[key] = max(options, key=options.__getitem__)
        return self._memo[key]

    def split_hand(self, hand: tuple, pair: int, up: int) -> str:
        key = ("split", hand, pair, up)
        if key not in self._memo:
            self._memo[key] = self.engine.decide(hand, pair, up, True)
        return self._memo[key]

    def hits(self, hand: tuple, up: int, pair: Optional[int] = None) -> bool:
        key = ("hits", hand, up, pair)
        if key not in self._memo:
            from odds.engine.player import ZERO_HAND, cards_out, hand_total
            e = self.engine
            extra = ZERO_HAND if pair is None else self._pairs(pair, 0)
            self._memo[key] = e.hit(hand, extra, up) > e.stand(cards_out(hand, extra), up, hand_total(hand)[0], 1)
        return self._memo[key]


def _by_value(cards: Iterable[Card]) -> tuple:
    counts = [0] * 10
    for r, _ in cards:
        counts[points(r) - 1] += 1
    return tuple(counts)


def round_class(results: Iterable[Union[int, Fraction]]) -> str:
    """A round's class from the net result of each of the player's hands, as the streak wagers
    count it: the round advances the streak when more hands win than lose and loses it when more
    lose than win; a push counts for neither (9 NYCRR 5324.11(m)(6), (8), (9); Burnout Bonus (2)).

    >>> round_class([1]), round_class([0]), round_class([-2]), round_class([1, -1]), round_class([2, 0])
    ('win', 'neither', 'loss', 'neither', 'win')
    """
    wins = sum(1 for r in results if r > 0)
    losses = sum(1 for r in results if r < 0)
    return WIN if wins > losses else LOSS if losses > wins else NEITHER


def _hand_total(cards: Sequence[Card]) -> int:
    return best_total(cards)[0]


def _play_on(deal: Deal, cards: list, option: str, up: int, play: EngineDecisions,
             pair: Optional[int] = None) -> tuple[int, int]:
    """One hand taking ``option`` (stand, hit or double), then played on: (final total, stake)."""
    if option == "double":
        cards.append(deal.draw())
        return _hand_total(cards), 2
    if option == "hit":
        cards.append(deal.draw())
        while _hand_total(cards) < 21 and play.hits(_by_value(cards), up, pair):
            cards.append(deal.draw())
    return _hand_total(cards), 1


def _play_split(deal: Deal, player: list, up: int, game: GameRules, play: EngineDecisions) -> list[tuple[int, int]]:
    """A split, hand after hand: each hand takes its second card (a card of the pair's value starts
    a new hand while the rules allow more hands, and the hand draws again), then is played to the
    end. Split aces take one card each unless the rules let them draw; a two-card 21 stands."""
    pair = points(player[0][0])
    most = 2 if pair == 1 and not game.resplit_aces else game.split_hands
    hands = [[player[0]], [player[1]]]
    ends = []
    i = 0
    while i < len(hands):
        card = deal.draw()
        if points(card[0]) == pair and len(hands) < most:
            hands.append([card])
            continue
        cards = hands[i] + [card]
        if _hand_total(cards) == 21 or (pair == 1 and not game.hit_split_aces):
            option = "stand"
        else:
            option = play.split_hand(_by_value(cards), pair, up)
        ends.append(_play_on(deal, cards, option, up, play, pair))
        i += 1
    return ends


def _settle_hand(total: int, stake: int, dealer: list, dealer_blackjack: bool) -> int:
    """A hand's net result against the dealer's finished hand (a blackjack found after the play,
    with no hole card, takes the stake)."""
    dealer_total = _hand_total(dealer)
    if total > 21 or dealer_blackjack:
        return -stake
    if dealer_total > 21 or total > dealer_total:
        return stake
    return -stake if total < dealer_total else 0


def _whole_round(deal: Deal, game: GameRules, table: Table, play: EngineDecisions, no_effect: bool) -> tuple:
    """(net result, class) of one round of the main game, dealt card by card."""
    player, up, hole = opening(deal)
    player_bj, dealer_bj = natural(*player), natural(up, hole)
    if dealer_bj and (game.dealer.peek or player_bj):  # the dealer peeks; or blackjack against blackjack
        if player_bj:
            return Fraction(0), NEITHER
        return Fraction(-1), (NEITHER if no_effect else LOSS)
    if player_bj:
        return Fraction(game.blackjack_pays), WIN
    if dealer_bj and game.original_bets_only:  # no hole card: the blackjack takes the original bet only
        return Fraction(-1), LOSS
    u = points(up[0])
    a, b = points(player[0][0]), points(player[1][0])
    option = play.first(min(a, b), max(a, b), u)
    if option == "surrender":
        return Fraction(-1, 2), LOSS
    if option == "split":
        ends = _play_split(deal, player, u, game, play)
    else:
        ends = [_play_on(deal, list(player), option, u, play)]
    dealer = dealer_completes(deal, [up, hole], table)
    results = [_settle_hand(total, stake, dealer, dealer_bj) for total, stake in ends]
    return Fraction(sum(results)), round_class(results)


@dataclass(frozen=True)
class RoundSimulation:
    """Rounds of the main game dealt one after another, each classed as the streak wagers count
    it, and the streak wagers settled on them: one wager on each length the paytable pays at a
    time, a new one placed on the round after the last was decided. ``streaks[k]``: (wagers on
    ``k`` wins in a row won, lost); a wager still pending when the rounds run out is not counted.
    ``streak`` is the length whose return is compared."""

    wager: str
    decks: int
    rule: str
    rounds: int
    seed: Optional[int]
    counts: Mapping[str, int]  # rounds won, lost and neither
    streaks: Mapping[str, tuple[int, ...]]  # length -> (won, lost)
    pays: Mapping[str, Fraction]  # length -> pay, "to 1"
    streak: str
    game: str = ""

    def _returns(self) -> dict:
        won, lost = self.streaks[self.streak]
        return {self.pays[self.streak]: won, Fraction(-1): lost}

    def mean_return(self) -> float:
        """The average net win of the settled wagers on ``streak`` wins in a row."""
        returns = self._returns()
        n = sum(returns.values())
        return float(sum((v * k for v, k in returns.items()), Fraction(0)) / n) if n else math.nan

    def mean_interval(self, level: float) -> tuple[float, float]:
        return mean_interval(self._returns(), level)


def simulate_rounds(wager: str, game: GameRules, pays: Mapping, rounds: int, seed: Optional[int] = 0,
                    streak: Union[int, str] = 2, dealer_blackjack: str = "loss",
                    engine: Optional[PlayerEngine] = None) -> RoundSimulation:
    """Deal ``rounds`` rounds of the main game with the rules ``game`` (a
    :class:`~odds.core.game_rules.GameRules`) from a full, freshly shuffled shoe each, the player's
    decisions asked of ``engine`` (a :class:`~odds.engine.player.PlayerEngine` for ``game``, built exact
    when not given), and settle the streak wagers of ``pays`` (length -> pay) on them.

    ``dealer_blackjack``: ``loss`` (a round lost to a dealer blackjack loses the streak, NY (m)(6))
    or ``no-effect`` (it counts for neither, (m)(1) word for word; a game with a peek only).

    >>> from odds import DealerRules
    >>> from odds.core.game_rules import GameRules
    >>> from odds.engine.player import PlayerEngine
    >>> game = GameRules(decks=1, dealer=DealerRules.parse("S17"), split_hands=1)
    >>> run = simulate_rounds("streak", game, {"2": 3, "3": 7}, 500, seed=4, engine=PlayerEngine(game, exact=False))
    >>> sum(run.counts.values()), sorted(run.streaks), run == simulate_rounds(
    ...     "streak", game, {"2": 3, "3": 7}, 500, seed=4, engine=PlayerEngine(game, exact=False))
    (500, ['2', '3'], True)
    """
    if wager not in WAGERS or not WAGERS[wager].rounds:
        raise WagerError(f"the round simulator deals {', '.join(round_wagers())}, not {wager!r}")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 2:
        raise WagerError(f"the number of rounds must be a whole number >= 2, got {rounds!r}")
    if dealer_blackjack not in ("loss", "no-effect"):
        raise WagerError(f"dealer blackjack {dealer_blackjack!r}: use loss or no-effect")
    if dealer_blackjack == "no-effect" and not game.dealer.peek:
        raise WagerError(f"{option('dealer_blackjack', 'no-effect')} is read for a game in which the dealer peeks")
    exact_pays = {str(k): Fraction(v) for k, v in pays.items()}
    streak = str(streak)
    if streak not in exact_pays:
        raise WagerError(f"the paytable pays {', '.join(exact_pays)} wins in a row, not {streak}")
    if engine is None:
        from odds.engine.player import PlayerEngine
        engine = PlayerEngine(game)
    play = EngineDecisions(engine)
    table = Table(game.dealer.hits_soft_17, 17, {})
    deal = Deal(game.decks, random.Random(seed))
    counts = {WIN: 0, LOSS: 0, NEITHER: 0}
    lengths = {k: int(k) for k in exact_pays}
    won_in_a_row = {k: 0 for k in lengths}
    settled = {k: [0, 0] for k in lengths}
    shown = bar(rounds, "dealing rounds", "round")
    for done in range(rounds):
        if not done & 255:
            shown.update(min(256, rounds - done))
        deal.new_round()
        _, kind = _whole_round(deal, game, table, play, dealer_blackjack == "no-effect")
        counts[kind] += 1
        for k, length in lengths.items():
            if kind == WIN:
                won_in_a_row[k] += 1
                if won_in_a_row[k] == length:  # the wager wins; a new one starts with the next round
                    settled[k][0] += 1
                    won_in_a_row[k] = 0
            elif kind == LOSS:  # the wager loses
                settled[k][1] += 1
                won_in_a_row[k] = 0
    shown.close()
    return RoundSimulation(wager, game.decks, game.dealer.name, rounds, seed, counts,
                           {k: tuple(v) for k, v in settled.items()}, exact_pays, streak, game.describe())


def streak_game(decks: int, rules: DealerRules, options: Mapping) -> GameRules:
    """The main game (:class:`~odds.core.game_rules.GameRules`) a streak wager with ``options`` is
    played on, ``rules`` being the dealer's.

    >>> from odds.core.rules import DealerRules
    >>> streak_game(6, DealerRules.parse("H17"), {"streak": 3, "das": True, "dealer_blackjack": "loss"}).describe()
    '6 decks, H17, peek, blackjack pays 3/2, double any two cards, DAS, split to 2 hands, ...'
    """
    from odds.wagers.streaks import GAME_OPTIONS
    return GameRules.from_options(decks, rules, **{k: v for k, v in options.items()
                                                   if k in GAME_OPTIONS and k != "streak" and v is not None})


def compare_rounds(simulation: RoundSimulation, sheet: ParSheet, notes: tuple[str, ...] = ()) -> Check:
    """Set a round simulation against the exact par sheet of a streak wager: the chance of a won,
    a lost and a neither round (``sheet.extra["round"]``); the chance of ``k`` wins in a row for
    every length the paytable pays (``sheet.extra["streaks"]``), derived from the simulated rounds
    as ``(won / (won + lost)) ** k`` and counted wager by wager; the return of the sheet's length."""
    n = simulation.rounds
    classes = {k: Fraction(v) for k, v in sheet.extra["round"].items()}
    chances = {k: Fraction(v["probability"]) for k, v in sheet.extra["streaks"].items()}
    lengths = [k for k in chances if k in simulation.streaks]
    m = 3 + 2 * len(lengths) + 1
    level = 1 - (1 - FLAG_LEVEL) / m  # Bonferroni over the rows and the mean return
    counts = simulation.counts
    rows = [rate_row(label, counts[kind], n, classes[kind], level)
            for kind, label in ((WIN, "rounds won"), (LOSS, "rounds lost"), (NEITHER, "rounds neither"))]
    rows += [rate_row(f"{k} in a row, from the rounds", counts[WIN], counts[WIN] + counts[LOSS], chances[k], level,
                       int(k)) for k in lengths]
    rows += [rate_row(f"{k} in a row, wager by wager", simulation.streaks[k][0], sum(simulation.streaks[k]),
                       chances[k], level) for k in lengths]
    lo, hi = simulation.mean_interval(level)
    ret = sheet.expected_return
    notes = (FLOAT_NOTE, f"main game: {simulation.game}", ROUND_NOTE,
             "intervals shown at 95% (Wilson for frequencies, normal for the mean return); "
             f"'inside' uses intervals at 99.9% for the whole run: each of the {m} comparisons at {level:.5%} "
             "(Bonferroni), so a false alarm comes at most once in 1,000 runs",
             "each round is dealt from a full, freshly shuffled shoe",
             "k in a row from the rounds: (won / (won + lost)) ** k over the rounds dealt, its interval the "
             "Wilson interval of the won rounds among the decided ones raised to the power k",
             "k in a row wager by wager: one wager on each length at a time, placed on the round after the "
             "last one was decided, won after k won rounds and lost with a lost round, rounds that are "
             "neither skipped; a wager still pending at the end is not counted",
             f"mean return: the wagers on {simulation.streak} wins in a row") + tuple(notes)
    return Check(simulation, tuple(rows), simulation.mean_return(), simulation.mean_interval(REPORT_LEVEL), ret,
                 lo <= ret <= hi, notes, level)


def check_rounds(wager: str, paytable: Paytable, decks: int, rules: DealerRules, rounds: int, seed: Optional[int] = 0,
                 **options: Any) -> Check:
    """Simulate a streak wager (``streak`` or ``burnout-bonus``) with ``paytable`` and compare
    with its exact par sheet at ``decks`` decks. ``options`` are the wager's (``streak``,
    ``dealer_blackjack``, ``das``, ``split_hands``, ...), given to the par sheet and to the
    simulator alike. The exact outcome walk runs first (a few seconds at six decks, splits to
    two hands); the player's decisions are then asked of the same engine."""
    from odds.engine.outcomes import round_outcomes
    from odds.engine.player import PlayerEngine
    wager_spec = get_wager(wager)
    given = {k: v for k, v in options.items() if v is not None}
    for k in given:
        if k not in wager_spec.options.names():
            raise WagerError(f"the simulator takes no {k} for {wager}")
    game = streak_game(decks, rules, given)
    engine = PlayerEngine(game)
    sheet = wager_spec.par_sheet(Shoe.decks(decks), rules, paytable, decks, outcomes=round_outcomes(engine), **given)
    run = simulate_rounds(wager, game, paytable.pays, rounds, seed, given.get("streak", 2),
                          given.get("dealer_blackjack", "loss"), engine)
    return compare_rounds(run, sheet)

