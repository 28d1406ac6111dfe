"""Self-test of an installed ``odds``: ``python -m odds.verify.selftest``.

Runs without pytest. It prints the versions and the engine in use, then checks that this install
computes what it should: the compiled engines against the plain reference paths (exact equality)
and against published figures (to their printed precision). Exit status 0 when every check
passes, 1 otherwise.
"""
from __future__ import annotations

import platform
import sys
import time
from fractions import Fraction
from typing import Union, cast


def _round_half_up(x: Fraction, places: int) -> Fraction:
    scaled = abs(x) * 10 ** places
    n = (scaled.numerator * 2 + scaled.denominator) // (2 * scaled.denominator)
    return Fraction(n if x >= 0 else -n, 10 ** places)


def _printed(value: Union[int, float, Fraction, str], printed: str, scale: int = 1) -> bool:
    places = len(printed.split(".")[1]) if "." in printed else 0
    return _round_half_up(Fraction(value) * scale, places) == Fraction(printed)


def check_dealer_engine() -> bool:
    """The compiled dealer engine equals the plain recursion on one deck, S17 and H17, peek."""
    from odds import DealerRules, Shoe, dealer_table
    from odds.reference.dealer import Row, reference_dealer_table
    for rule in ("S17", "H17"):
        rules = DealerRules.parse(rule)
        ref = reference_dealer_table(list(Shoe.decks(1).by_value()), rules.hits_soft_17, rules.peek)
        fast = dealer_table(Shoe.decks(1), rules)
        if dict(fast.overall.joint) != ref["overall"]:
            return False
        for up, row in fast.by_upcard.items():
            if (dict(row.joint) if row is not None else {}) != {k: p for k, p in cast(Row, ref[up]).items() if p}:
                return False
    return True


def check_player_engine() -> bool:
    """The player engine equals the card-by-card brute force on a 19-card shoe, resplits to 4."""
    from odds import DealerRules, Shoe
    from odds.core.game_rules import GameRules
    from odds.engine.player import PlayerEngine
    from odds.reference.game import round_value
    counts = (4, 0, 0, 0, 0, 0, 0, 3, 2, 10)
    rules = GameRules(decks=1, dealer=DealerRules.parse("S17"), das=True, split_hands=4, resplit_aces=True)
    shoe = Shoe.from_value_counts(counts)
    return PlayerEngine(rules, shoe).round_value()[0] == round_value(rules, counts)


def check_round_outcomes() -> bool:
    """The split kernel's round law equals the card-by-card brute force on a 19-card shoe with four
    eights (split to 4 hands, H17, DAS)."""
    from odds import DealerRules, Shoe
    from odds.core.game_rules import GameRules
    from odds.engine.outcomes import round_outcomes
    from odds.engine.player import PlayerEngine
    from odds.reference.outcomes import outcome_distribution
    counts = (2, 0, 0, 0, 4, 0, 0, 4, 0, 9)
    rules = GameRules(decks=1, dealer=DealerRules.parse("H17"), das=True, split_hands=4)
    shoe = Shoe.from_value_counts(counts)
    return round_outcomes(PlayerEngine(rules, shoe)).joint == outcome_distribution(rules, counts)


def check_published_split() -> bool:
    """Eric Farmer's 19-card shoe, 2-2 against a 7, resplit to 4: split -76.210220335%."""
    from odds import DealerRules, Shoe
    from odds.core.game_rules import GameRules
    from odds.engine.player import PlayerEngine
    shoe = Shoe.from_rank_counts([0, 4, 4, 2, 0, 0, 2, 0, 0, 7, 0, 0, 0])
    rules = GameRules(decks=1, dealer=DealerRules.parse("S17"), das=True, split_hands=4)
    return _printed(PlayerEngine(rules, shoe).option_values("2", "2", "7")["split"], "-76.210220335", 100)


def check_published_wager() -> bool:
    """Eliot Jacobson's Bust It at two decks: house edge 7.568%."""
    from odds import DealerRules, Shoe
    from odds.wagers.paytables import builtin_paytables
    from odds.wagers.dealer_bust import bust_it_par_sheet
    table = builtin_paytables("bust-it").tables["NY"]
    sheet = bust_it_par_sheet(Shoe.decks(2), DealerRules.parse("S17"), table, 2)
    return _printed(sheet.house_edge, "7.568", 100)


CHECKS = (
    ("dealer engine = reference recursion, 1 deck S17 and H17", check_dealer_engine),
    ("player engine = card-by-card brute force, resplits to 4", check_player_engine),
    ("round outcome law (split kernel) = card-by-card brute force, split to 4", check_round_outcomes),
    ("Farmer's 19-card shoe: split 2-2 vs 7 = -76.210220335%", check_published_split),
    ("Jacobson's Bust It, 2 decks: house edge 7.568%", check_published_wager),
)


def main() -> int:
    import gmpy2
    import sympy

    from odds import ENGINE_PATH, __version__
    print(f"odds {__version__}, engine: {ENGINE_PATH}; Python {platform.python_version()}, "
          f"gmpy2 {gmpy2.version()}, sympy {sympy.__version__}")
    failed = 0
    for name, check in CHECKS:
        t0 = time.perf_counter()
        try:
            ok = check()
        except Exception as exc:  # a broken install must be reported, not crash the self-test
            ok, name = False, f"{name} ({type(exc).__name__}: {exc})"
        failed += not ok
        print(f"{'pass' if ok else 'FAIL'}  {name}  ({time.perf_counter() - t0:.1f} s)")
    print("all checks pass" if not failed else f"{failed} check(s) failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
