"""The commands on the main game and its variants: ``odds game``, ``strategy``, ``burnout``, ``switch`` and
``decide``."""
from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, cast

from odds.core.cards import value_label
from odds.core.errors import shown
from odds.core.formats import fraction_text, text_table
from odds.core.numbers import exact_number
from odds.core.rules import DealerRules

from odds.core.progress import bar

from odds.core.interrupts import max_workers
from .arguments import (FORMAT_HELP, Parser, UsageError, add_decks, payout, worker_count)

if TYPE_CHECKING:
    from odds.core.game_rules import GameRules


def _game_rules(args: argparse.Namespace) -> GameRules:
    from odds.core.game_rules import GameRules

    return GameRules.from_options(args.decks, DealerRules.parse(args.rule, peek=not args.no_peek),
                     blackjack_pays=payout("--bj-pays", args.bj_pays), double=args.double, das=args.das,
                     split_hands=args.split_hands, hit_split_aces=args.hit_split_aces,
                     resplit_aces=args.resplit_aces, surrender=args.surrender,
                     original_bets_only=args.original_bets_only,
                     bonus_678_suited=payout("--bonus-678", args.bonus_678),
                     bonus_777=payout("--bonus-777", args.bonus_777),
                     bonus_posted_blackjack=payout("--bonus-posted", args.bonus_posted),
                     bonus_five_card_21=payout("--bonus-five-card", args.bonus_five_card),
                     double_rescue=args.double_rescue, post_split=args.post_split)


SPLIT_METHOD = ("exact for the stated post-split play: {play}; a pair card dealt to a split hand is resplit "
                "while the rules allow more hands; summed over every pattern of pair and non-pair second cards")


SPLIT_PLAY = {
    "composition": "each split hand takes the option best for its own cards and the up card with the other "
                   "pair card gone",
    "cdz": "each split hand takes the option best for its own cards and the up card as if they had been dealt "
           "unsplit, doubling only with DAS (CDZ-)",
    "cdp": "each split hand takes the option best for its own cards and the up card with the other pair card "
           "and every pair card taken out by resplits gone (CDP)",
    "basic": "each split hand plays the total-dependent chart (its two cards take the row of their total, "
             "doubling only with DAS)",
}


STRATEGY_TEXT = {
    "composition": "composition-dependent (each decision best for the hand's cards and the up card)",
    "basic": "total-dependent basic strategy computed for the rules (one decision per total, soft or hard, "
             "and up card: first decisions per two-card total, soft total or pair; stand or hit for three "
             "cards or more)",
}


def _engine(args: argparse.Namespace, rules: GameRules) -> Any:  # a TotalDependentEngine for --strategy basic
    from odds.engine.player import PlayerEngine
    from odds.engine.strategy import TotalDependentEngine
    kind = TotalDependentEngine if args.strategy == "basic" else PlayerEngine
    return kind(rules, exact=not args.float)


def _split_play(args: argparse.Namespace) -> str:
    """The post-split strategy in words: the strategy's, or the one --post-split names."""
    if args.post_split == "cdp1":
        return SPLIT_PLAY[args.strategy]
    if args.strategy != "composition":
        raise UsageError("--post-split chooses among composition-dependent plays: leave it out with --strategy basic")
    return SPLIT_PLAY[args.post_split]


def cmd_game(args: argparse.Namespace) -> str:
    rules = _game_rules(args)
    play = _split_play(args)
    if args.effects:
        return _rule_effects_text(args, rules)
    engine = _engine(args, rules)
    with bar(None, "house edge (the whole game)", "game"):  # no estimate: one compiled walk
        ev, _ = engine.round_value()
    edge = -ev
    doc = {"house_edge": fraction_text(edge), "house_edge_decimal": float(edge), "exact": not args.float,
           "rules": {"decks": rules.decks, "rule": rules.dealer.name, "peek": rules.dealer.peek,
                     "blackjack_pays": fraction_text(rules.blackjack_pays), "double": rules.double,
                     "original_bets_only": rules.original_bets_only,
                     "das": rules.das, "split_hands": rules.split_hands, "resplit_aces": rules.resplit_aces,
                     "hit_split_aces": rules.hit_split_aces, "surrender": rules.surrender,
                     "double_rescue": rules.double_rescue,
                     **{name: fraction_text(getattr(rules, name)) for name in (
                         "bonus_678_suited", "bonus_777", "bonus_posted_blackjack", "bonus_five_card_21")
                        if getattr(rules, name) is not None},
                     **({"post_split": rules.post_split} if rules.post_split != "cdp1" else {})},
           "strategy": args.strategy,
           "split_method": SPLIT_METHOD.format(play=play)}
    if args.format == "json":
        return json.dumps(doc, indent=1)
    return "\n".join([f"Blackjack, {rules.describe()}",
                      f"house edge       {float(edge) * 100:.6f}%" + ("" if args.float else f"   = {doc['house_edge']}"),
                      f"strategy         {STRATEGY_TEXT[args.strategy]}",
                      f"splits           {doc['split_method']}"])


def _rule_effects_text(args: argparse.Namespace, rules: GameRules) -> str:
    from odds.games.rule_effects import rule_effects
    if args.strategy != "composition":
        raise UsageError("--effects computes composition-dependent play")
    rows = rule_effects(rules, exact=not args.float)
    if args.format == "json":
        return json.dumps({"rules": rules.describe(), "exact": not args.float, "strategy": "composition",
                           "variations": [{"name": r.name, "rules": r.rules.describe(),
                                           "house_edge": fraction_text(r.house_edge) if not args.float else None,
                                           "house_edge_decimal": float(r.house_edge),
                                           "change": fraction_text(r.change) if not args.float else None,
                                           "change_decimal": float(r.change)} for r in rows]}, indent=1)
    table = text_table(["rules", "house edge", "change"],
                       [[r.name, f"{float(r.house_edge) * 100:.4f}%", f"{float(r.change) * 100:+.4f}%"] for r in rows],
                       right=(1, 2))
    return "\n".join([f"Rule options, each on its own: {rules.describe()}",
                      "composition-dependent play" + ("" if args.float else "; exact house edges in --format json"),
                      "", table])


def cmd_strategy(args: argparse.Namespace) -> str:
    from odds.core.actions import LETTERS
    from odds.engine.strategy import UP_ORDER, basic_strategy_chart
    rules = _game_rules(args)
    _split_play(args)
    engine = _engine(args, rules)
    ups = [value_label(u) for u in UP_ORDER]
    if args.strategy == "basic":
        chart = basic_strategy_chart(rules, engine=engine)
        names = {"hard": lambda t: str(t), "soft": lambda t: f"A{t - 11}", "pair": lambda t: value_label(t) * 2}
        rows = [[names[kind](t)] + [chart[(kind, t)].get(u, "-") for u in ups]
                for kind in ("hard", "soft", "pair") for t in sorted(t for k, t in chart if k == kind)]
        later = [[f"{'soft' if soft else 'hard'} {t}"] + [LETTERS[engine.play_on[(t, soft, u)]] for u in UP_ORDER]
                 for soft in (False, True) for t in range(20, 11 if soft else 3, -1)]
        title = "Total-dependent basic strategy: first decisions (two cards)"
        return "\n".join([f"{title}, {rules.describe()}", "S stand, H hit, D double, P split, R surrender", "",
                          text_table(["hand"] + ups, rows), "",
                          "Three cards or more",
                          text_table(["total"] + ups, later)])
    else:
        _, choices = engine.round_value()
        rows = [[f"{value_label(a)}{value_label(b)}"] + [LETTERS[choices[(a, b, u)]] if (a, b, u) in choices else "-"
                                                         for u in UP_ORDER]
                for a in range(1, 11) for b in range(a, 11) if {a, b} != {1, 10}]
        title = "Composition-dependent first decisions"
    return "\n".join([f"{title}, {rules.describe()}", "S stand, H hit, D double, P split, R surrender", "",
                      text_table(["hand"] + ups, rows)])


def cmd_burnout(args: argparse.Namespace) -> str:
    from odds.games.burnout import burnout_report, burnout_rules
    rules = burnout_rules(args.rule, das=not args.no_das, decks=args.decks)
    reading = args.reading or "any-card"
    if reading not in ("any-card", "no-bust", "both"):
        raise UsageError(f"burnout: --reading is any-card, no-bust or both, not {reading!r}")
    readings = ("any-card", "no-bust") if reading == "both" else (reading,)
    with bar(len(readings), "Burnout: the burn option", "reading") as shown:
        reports = []
        for r in readings:
            reports.append(burnout_report(rules, r, exact=not args.float))
            shown.update(1)
    if args.format == "json":
        docs = [r.to_json() for r in reports]
        return json.dumps(docs[0] if len(docs) == 1 else docs, indent=1)
    return "\n\n".join(r.to_text() for r in reports)


def cmd_switch(args: argparse.Namespace) -> str:
    """Blackjack Switch (58 Pa. Code 633a.12(a)): house edge per wager, switch and play strategy.
    Reached from `odds wager switch` too, where the switch options keep their defaults."""
    from odds.core.game_rules import GameRules
    from odds.games.switch import SwitchGame, SwitchRules, switch_table
    opt: Callable[[str, Any], Any] = lambda name, default: getattr(args, name, default)  # noqa: E731
    no_hole_card = bool(opt("no_hole_card", False))
    if opt("original_bets_only", False) and not no_hole_card:
        raise UsageError("--original-bets-only is a rule of the no-hole-card game: give --no-hole-card with it")
    if no_hole_card and opt("switch_after_peek", False):
        raise UsageError("--switch-after-peek needs the peek: with --no-hole-card the switch is decided before a "
                         "dealer blackjack is known")
    rules = SwitchRules(
        GameRules.from_options(args.decks, DealerRules.parse(args.rule, peek=not no_hole_card),
                  blackjack_pays=payout("--bj-pays", opt("bj_pays", "3:2")), double=opt("double", "any"),
                  das=not opt("no_das", False), split_hands=opt("switch_split_hands", 4),
                  resplit_aces=bool(opt("resplit_aces", False)), hit_split_aces=bool(opt("hit_split_aces", False)),
                  original_bets_only=bool(opt("original_bets_only", False))),
        pays_vs_dealer_21=cast(Fraction, payout("--bj-pays-vs-21", opt("bj_pays_vs_21", "1:1"))),
        blackjack_vs_22=opt("natural_vs_22", "win"), switch_before_peek=not opt("switch_after_peek", False),
        ties_lose=tie_totals(opt("ties_lose", "none")), dealer_22=opt("dealer_22", "push"),
        switched_blackjack=bool(opt("switched_blackjack", False)))
    result = SwitchGame(rules, exact=not args.float, workers=opt("workers", 1)).solve()
    if args.format == "json":
        doc = result.to_json()
        doc["switches"] = {"A23456789T"[u - 1]: switch_table(result, u) for u in range(1, 11)}
        doc["strategy_table"] = result.strategy_table().splitlines()
        return json.dumps(doc, indent=1, ensure_ascii=False)
    return result.to_text()


def tie_totals(text: str) -> tuple[int, ...]:
    """The totals of ``--ties-lose``: ``none``, ``all`` (17 to 21), a span ``17-19`` or a list ``17,18``.

    >>> tie_totals("all"), tie_totals("17-19"), tie_totals("none")
    ((17, 18, 19, 20, 21), (17, 18, 19), ())
    """
    key = str(text).strip().lower()
    if key in ("none", ""):
        return ()
    if key == "all":
        return tuple(range(17, 22))
    try:
        if "-" in key:
            low, high = (int(x) for x in key.split("-"))
            totals = list(range(low, high + 1)) if low <= high else []
        else:
            totals = sorted(int(x) for x in key.split(","))
    except ValueError:
        totals = []
    if not totals or any(t not in range(17, 22) for t in totals) or len(set(totals)) != len(totals):
        raise UsageError(f"--ties-lose: '{shown(text)}' is not a set of totals (write all, none, a span like 17-19 "
                         "or a list like 17,18, totals from 17 to 21)")
    return tuple(totals)


GAME_COMMANDS = {"burnout": cmd_burnout, "switch": cmd_switch}  # priced by their own engines


def cmd_decide(args: argparse.Namespace) -> str:
    from fractions import Fraction

    from odds.games.decisions import house_money_decisions, ny_rules, sevens_split_decisions
    from odds.wagers.sevens import parse_meters
    extra = {}
    if args.bj_pays:
        extra["blackjack_pays"] = cast(Fraction, payout("--bj-pays", args.bj_pays))
    rules = ny_rules(args.decks, args.rule, das=args.das, split_hands=args.split_hands,
                     surrender=args.surrender, **extra)
    if args.which == "house-money":
        table = house_money_decisions(args.decks, args.rule, args.paytable or "A", rules=rules,
                                      timing=args.timing, proceeds=args.proceeds)
    else:
        side_bet = exact_number(args.side_bet.replace(":", "/"), "--side-bet", error=UsageError,
                                hint="the side wager in units of the main bet, e.g. 1 or 1/25")
        if not 0 < side_bet <= 10 ** 6:
            raise UsageError(f"--side-bet: the side wager, in units of the main bet, is more than 0 and at most "
                             f"1,000,000, got '{shown(args.side_bet)}'")
        table = sevens_split_decisions(args.wager, args.paytable or "A", args.decks, args.rule, rules=rules,
                                       side_bet=side_bet, meters=parse_meters(args.meters),
                                       procedure=args.procedure)
    if args.format == "json":
        return json.dumps(table.to_json(), indent=1)
    return table.to_text(fractions=args.fractions)


def add_decide_parser(sub: argparse._SubParsersAction) -> None:
    """The ``odds decide`` command's arguments."""
    dec = sub.add_parser("decide", help="decisions a side wager opens in the main game (house money, 7-7)")
    dsub = dec.add_subparsers(dest="which", metavar="DECISION", required=True, parser_class=Parser,
                              help="house-money or sevens-split")
    for name, text in (("house-money", "NY (h)(6): add the house money proceeds to the blackjack wager?"),
                       ("sevens-split", "NY (d), (e), (q): split 7-7 or hit, with a sevens side wager")):
        d = dsub.add_parser(name, help=text)
        add_decks(d)
        d.add_argument("--rule", default="S17", help="S17 (default) or H17")
        d.add_argument("--paytable", help="paytable id (default A; see `odds list`)")
        d.add_argument("--das", action="store_true", help="double after split")
        d.add_argument("--split-hands", type=int, default=2, choices=(1, 2, 3, 4),
                       help="the most hands a pair may become (default 2)")
        d.add_argument("--surrender", action="store_true", help="late surrender")
        d.add_argument("--bj-pays", help="blackjack pays (default NY (c)(1): 6:5 at 1-2 decks, else 3:2)")
        d.add_argument("--format", choices=("table", "json"), default="table",
                       help=FORMAT_HELP)
        d.add_argument("--fractions", action="store_true", help="exact fractions in the table")
        if name == "house-money":
            d.add_argument("--timing", choices=("before-peek", "after-peek"), default="before-peek",
                           help="the wager is settled before the dealer's peek (default) or after it")
            d.add_argument("--proceeds", choices=("stake-and-win", "win"), default="stake-and-win",
                           help="what may be added: the stake and its payout (default) or the payout only")
        else:
            d.add_argument("--wager", default="progressive-super-sevens",
                           choices=("super-sevens", "progressive-super-sevens", "blazing-7s"))
            d.add_argument("--side-bet", default="1",
                           help="the side wager per unit of the blackjack wager, e.g. 1/25 (default 1)")
            d.add_argument("--meter", dest="meters",
                           help='fix meters (units of the side wager), e.g. "major=1000"; a row solves for '
                                'the one meter left free')
            d.add_argument("--procedure", choices=("third-card", "up-card"), default="third-card",
                           help="blazing-7s: (q)(4) third card (default) or (q)(10) up card")
        d.set_defaults(run=cmd_decide)


def add_game_parser(sub: argparse._SubParsersAction) -> None:
    """The ``odds game`` and ``odds strategy`` commands' arguments."""
    for name, run, text in (("game", cmd_game, "the house edge of the main game"),
                            ("strategy", cmd_strategy, "the strategy chart for the main game")):
        g = sub.add_parser(name, help=text)
        add_decks(g)
        g.add_argument("--rule", default="S17", help="S17 (default) or H17")
        g.add_argument("--no-peek", action="store_true",
                       help="no hole card: a dealer blackjack takes every bet, doubles and splits included")
        g.add_argument("--das", action="store_true", help="double after split")
        g.add_argument("--double", default="any", choices=("any", "9-11", "10-11"),
                       help="the two-card totals the player may double on (default any)")
        g.add_argument("--split-hands", type=int, default=2, choices=(1, 2, 3, 4),
                       help="the most hands a pair may become: 1 (no splitting), 2 (default), 3 or 4")
        g.add_argument("--resplit-aces", action="store_true", help="aces resplit like other pairs")
        g.add_argument("--hit-split-aces", action="store_true", help="split aces may draw more cards")
        g.add_argument("--original-bets-only", action="store_true",
                       help="with --no-peek: a dealer blackjack takes only the original bet")
        g.add_argument("--surrender", action="store_true", help="late surrender")
        g.add_argument("--bj-pays", default="3:2", help="3:2 (default), 6:5 or 1:1")
        g.add_argument("--bonus-678", help="NY (b)(4)(i): a winning suited 6-7-8 pays this, e.g. 2:1")
        g.add_argument("--bonus-777", help="NY (b)(4)(ii): winning three sevens pay this, e.g. 3:2")
        g.add_argument("--bonus-posted", help="NY (b)(4)(iii): the posted ace and face card pays this, e.g. 2:1")
        g.add_argument("--bonus-five-card", help="NY (b)(4)(iv): a winning five cards totalling 21 pays this")
        g.add_argument("--double-rescue", action="store_true",
                       help="NY (a)(5)(vii): after the double card, the player may take back the double and "
                            "forfeit the original bet")
        g.add_argument("--strategy", default="composition", choices=("composition", "basic"),
                       help="composition-dependent (default) or the total-dependent basic strategy")
        g.add_argument("--post-split", default="cdp1", choices=("cdp1", "cdz", "cdp"),
                       help="how a split hand chooses (composition-dependent play): cdp1 (default) best for its "
                            "cards with the other pair card gone; cdz the pre-split strategy (CDZ-); cdp best "
                            "with every pair card out gone (CDP)")
        g.add_argument("--float", action="store_true", help="floats instead of exact fractions (faster)")
        if name == "game":
            g.add_argument("--effects", action="store_true",
                           help="the house edge with each New York option on its own: 6:5, the double rescue, "
                                "no hole card with and without original bets only")
        g.add_argument("--format", choices=("table", "json"), default="table",
                       help=FORMAT_HELP)
        g.set_defaults(run=run)


def add_burnout_parser(sub: argparse._SubParsersAction) -> None:
    """The ``odds burnout`` command's arguments."""
    b = sub.add_parser("burnout", help="Blackjack Burnout: the burn option's strategy, value and house edge")
    add_decks(b, default=6, help="number of 52-card decks (default 6, as the procedures)")
    b.add_argument("--rule", default="H17", help="H17 (default, the maker's suggested rules) or S17")
    b.add_argument("--no-das", action="store_true",
                   help="no double after split (the procedures do not say; DAS by default)")
    b.add_argument("--reading", choices=("any-card", "no-bust", "both"), default="any-card",
                   help="any-card (default): a card that busts the hand may be burned; no-bust: it may not")
    b.add_argument("--float", action="store_true", help="floats instead of exact fractions (faster)")
    b.add_argument("--format", choices=("table", "json"), default="table",
                   help=FORMAT_HELP)
    b.set_defaults(run=cmd_burnout)


def add_switch_parser(sub: argparse._SubParsersAction) -> None:
    """The ``odds switch`` command's arguments."""
    s = sub.add_parser("switch", help="Blackjack Switch (PA 633a.12(a)): house edge per wager and strategy")
    add_decks(s)
    s.add_argument("--rule", default="H17", help="H17 (default) or S17")
    s.add_argument("--bj-pays", default="3:2",
                   help="a natural's payout (default 3:2, the literal reading of (a)(5)(i); 1:1 for the common rule)")
    s.add_argument("--bj-pays-vs-21", default="1:1",
                   help="(a)(5)(i): a natural against a dealer 21 of three or more cards (default 1:1)")
    s.add_argument("--natural-vs-22", choices=("win", "push"), default="win",
                   help="(a)(5)(v) read for a natural against a dealer 22 (default win)")
    s.add_argument("--switch-after-peek", action="store_true",
                   help="decide the switch after the dealer peeks (default before, as (a)(5)(iii) supposes)")
    s.add_argument("--no-hole-card", action="store_true",
                   help="the European rule: no peek; a dealer blackjack, found when he completes his hand, takes "
                        "every stake but a natural's, doubles and splits too")
    s.add_argument("--original-bets-only", action="store_true",
                   help="with --no-hole-card: a dealer blackjack takes the original bets only")
    s.add_argument("--ties-lose", default="none", metavar="TOTALS",
                   help="ties lost to the dealer: none (default), all, a span like 17-19 or a list like 17,18 "
                        "(a natural against a dealer blackjack still pushes)")
    s.add_argument("--dealer-22", choices=("push", "bust"), default="push",
                   help="a dealer 22: push (default, (a)(5)(v)) or bust (the early rule set with ties lost)")
    s.add_argument("--switched-blackjack", action="store_true",
                   help="an ace and ten made by switching counts as a blackjack (default 21, (a)(5)(iii))")
    s.add_argument("--double", default="any", choices=("any", "9-11", "10-11"),
                   help="the two-card totals the player may double on (default any)")
    s.add_argument("--no-das", action="store_true", help="no double after split (default DAS)")
    s.add_argument("--split-hands", dest="switch_split_hands", type=int, default=4, choices=(1, 2, 3, 4),
                   help="the most hands a pair may become (default 4)")
    s.add_argument("--resplit-aces", action="store_true", help="aces resplit like other pairs")
    s.add_argument("--hit-split-aces", action="store_true", help="split aces may draw more cards")
    s.add_argument("--float", action="store_true", help="floats instead of exact fractions (about 3x faster)")
    s.add_argument("--workers", type=worker_count(1), default=1,
                   help=f"processes, one task per other hand (default 1, at most {max_workers()})")
    s.add_argument("--format", choices=("table", "json"), default="table",
                   help=FORMAT_HELP)
    s.set_defaults(run=cmd_switch)
