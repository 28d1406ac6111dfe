"""First-cards wagers: the Cython count against a deal of every physical card, hand counts, and
published par sheets (each cited beside its values)."""
import json
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rounding import within_print
from odds import Shoe
from odds.core.cards import RANKS, SUITS
from odds.engine.first_cards import count_first_cards
from odds.wagers.paytables import builtin_paytables, load_paytable_file
from odds.reference.first_cards import reference_first_cards
from odds.reference.hands import RULES
from odds.wagers import WAGERS, get_wager
from odds.wagers import card_combinations, sevens, super_match

GAMES = {**card_combinations.GAMES, **sevens.GAMES, "super-match": super_match.GAME}
ALL = [r + s for r in RANKS for s in SUITS]


def sheet(name, table, decks, shoe=None, **options):
    wager = get_wager(name)
    return wager.par_sheet(shoe or Shoe.decks(decks), None, builtin_paytables(name).tables[table], decks, **options)


def rows(s):
    return {o.name: o for o in s.outcomes}


def odds_cli(*args, cwd):
    return subprocess.run([sys.executable, "-m", "odds", *args], capture_output=True, text=True, cwd=cwd)


# ------------------------------------------------------------------------ against the reference

@pytest.mark.parametrize("name", sorted(n for n, g in GAMES.items() if g.k <= 3))
def test_three_card_games_equal_reference_on_a_full_deck(name):
    game = GAMES[name]
    assert count_first_cards(game, Shoe.decks(1)) == reference_first_cards(game, Shoe.decks(1), RULES[name])


@st.composite
def small_suited_shoes(draw):
    """Random shoes of 10 to 22 physical cards from two decks, rich in the cards wagers look at."""
    pool = ALL + ALL
    favoured = [c for c in pool if c[0] in "7AKQ"] * 2
    cards = draw(st.lists(st.sampled_from(pool + favoured), min_size=10, max_size=22))
    counts = {}
    for c in cards:
        counts[c] = min(counts.get(c, 0) + 1, 2)
    rows_ = tuple(tuple(counts.get(r + s, 0) for s in SUITS) for r in RANKS)
    return Shoe(rows_)


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=12, deadline=None)
@given(shoe=small_suited_shoes())
def test_every_game_equals_reference_on_small_shoes(name, shoe):
    game = GAMES[name]
    assume(shoe.total >= game.k)
    assert count_first_cards(game, shoe) == reference_first_cards(game, shoe, RULES[name])


def test_every_first_cards_wager_has_a_game_checked_here():
    first_cards = _first_cards_wagers()
    assert set(first_cards) <= set(WAGERS) and len(first_cards) >= 12
    assert all(any(g.split("/")[0] == n for g in GAMES) for n in first_cards)
    assert set(GAMES) == set(RULES)


def test_reference_rules_agree_with_the_engine_rules_on_every_deal_of_classes():
    """Both transcriptions of the rules classify every combination of distinct cards alike."""
    import itertools
    cards = [(r, s) for r in RANKS for s in SUITS]
    from odds.core.cards import Card
    for name, game in GAMES.items():
        sample = (cards if game.k <= 2 else [c for c in cards if c[0] in "A2379TQK"] if game.k == 3
                  else [c for c in cards if c[0] in "A79TQK"])
        for deal in itertools.product(sample, repeat=game.k):
            if game.k >= 4 and len(set(deal)) < 3:
                continue
            assert tuple(game.classify(tuple(Card(r, s) for r, s in deal))) == tuple(RULES[name](deal)), (name, deal)


# -------------------------------------------------------------------------- hand counts

def test_hand_counts_one_deck():
    # Bet the set, one deck: 78 pairs (13 ranks x C(4,2)), none suited, of C(52,2) = 1326.
    s = sheet("bet-the-set-21", "A", 1)
    assert s.cycle == 1326 and rows(s)["pair"].combinations == 78 and "suited-pair" not in rows(s)
    # House money: suited A-K 4; straight flushes 13 runs (A-2 .. K-A) x 4 suits = 52 with the 4 A-K;
    # straights 13 x 16 = 208 with the 52 suited ones.
    h = rows(sheet("house-money", "A", 1))
    assert h["suited-ak"].combinations == 4 and h["straight-flush"].combinations == 48
    assert h["straight"].combinations == 208 - 52 and h["pair"].combinations == 78


# --------------------------------------------------------------------------- published figures

# Wizard of Odds, "21 + 3" (wizardofodds.com/games/blackjack/side-bets/21plus3/), six decks,
# three cards counted unordered: straight flush 10,368, three of a kind 26,312, straight 155,520,
# flush 236,736 + pair-and-flush 56,160, of 5,013,320; version 1 (all 9 to 1, our table A) house
# edge by decks 1 13.30%, 2 7.26%, 4 4.24%, 6 3.24%, 8 2.74%; version 3 (100/35/33/10/5, our table
# C) suited trips 1,040, unsuited trips 25,272.
# Wizard of Odds, "21 + 3", version 2 (two decks, every hand and a pair paid 5 to 2; our reading
# D-pair of table D): straight flush 384, trips 728, straight 5,760, flush 8,768, pair 34,944, of
# 182,104 = C(104,3); house edge 2.78%.
def test_21_plus_3_two_deck_table_d_reading():
    s = sheet("21+3", "D-pair", 2)
    r = rows(s)
    assert s.cycle == 182104
    assert [r[k].combinations for k in ("straight-flush", "trips", "straight")] == [384, 728, 5760]
    # Wizard files a pair that is also a flush (1,248 of them) under pair; we rank the flush first.
    assert (r["flush"].combinations, r["pair"].combinations) == (8768 + 1248, 34944 - 1248)
    assert within_print(s.house_edge, "2.78", scale=100)
    assert within_print(sheet("21+3", "D", 2).house_edge, "67.54", scale=100)


def test_21_plus_3_wizard_of_odds():
    a = sheet("21+3", "A", 6)
    r = rows(a)
    assert a.cycle == 5013320
    assert (r["straight-flush"].combinations, r["trips"].combinations, r["straight"].combinations,
            r["flush"].combinations) == (10368, 26312, 155520, 236736 + 56160)
    for decks, edge in ((1, "13.30"), (2, "7.26"), (4, "4.24"), (6, "3.24"), (8, "2.74")):
        assert within_print(sheet("21+3", "A", decks).house_edge, edge, scale=100), decks
    c = rows(sheet("21+3", "C", 6))
    assert c["suited-trips"].combinations == 1040 and c["trips"].combinations == 25272


# Wizard of Odds, "Royal Match" (wizardofodds.com/games/blackjack/side-bets/royal-match/): the
# player's two cards; royal match 25, easy match 5/2: house edge by decks 1 0.108597, 2 0.083271,
# 4 0.070792, 6 0.066658, 8 0.064597; royal 10, easy 3: 1 deck 0.037707. Version 3 (royal 25,
# suited blackjack 5, easy 5/2, which is 5324.11(f) table C): six decks -3.70%.
ROYAL_V1 = """
wager = "royal-match-21"
[paytables.V1]
citation = "Wizard of Odds, Royal Match, version 1"
pays = { "royal-match" = 25, "suited-match" = "5/2" }
[paytables.V2]
citation = "Wizard of Odds, Royal Match, version 2"
pays = { "royal-match" = 10, "suited-match" = 3 }
"""


def test_royal_match_wizard_of_odds(tmp_path):
    f = tmp_path / "royal.toml"
    f.write_text(ROYAL_V1)
    book = load_paytable_file(f)
    w = get_wager("royal-match-21")
    for decks, edge in ((1, "0.108597"), (2, "0.083271"), (4, "0.070792"), (6, "0.066658"), (8, "0.064597")):
        assert within_print(w.par_sheet(Shoe.decks(decks), None, book.tables["V1"], decks).house_edge, edge)
    assert within_print(w.par_sheet(Shoe.decks(1), None, book.tables["V2"], 1).house_edge, "0.037707")
    assert within_print(sheet("royal-match-21", "C", 6).house_edge, "3.70", scale=100)


# Wizard of Odds, "Lucky Ladies" (wizardofodds.com/games/blackjack/side-bets/lucky-ladies), six
# decks, pay table A (1000/125/19/9/4, our twenty-point bonus table A), ordered four-card deals:
# Q-hearts pair and dealer blackjack 135,360; Q-hearts pair 2,738,340; matched 20 43,105,500;
# suited 20 193,112,640; unsuited 20 744,863,040; of 9,294,695,280; return -0.247089. We count the
# player's two cards unordered: half of each.
def test_twenty_point_bonus_wizard_of_odds_lucky_ladies():
    s = sheet("twenty-point-bonus", "A", 6)
    r = rows(s)
    assert 2 * s.cycle == 9294695280
    expected = {"qh-pair-dealer-bj": 135360, "qh-pair": 2738340, "matched-20": 43105500,
                "suited-20": 193112640, "any-20": 744863040}
    assert {k: 2 * r[k].combinations for k in expected} == expected
    assert within_print(s.expected_return, "-0.247089")


# Eliot Jacobson, "Card Counting the King's Bounty Blackjack Side Bet" (apheat.net, 2013): six decks,
# pays 1000/100/30/20/9/6/4 with an unsuited 20 paying 4 (our reading A-20): house edge 23.164%;
# two decks, 1000/200/50/25/9/6/4 (B-20): 24.733489%.
def test_kings_bounty_jacobson():
    assert within_print(sheet("kings-bounty", "A-20", 6).house_edge, "23.164", scale=100)
    assert within_print(sheet("kings-bounty", "B-20", 2).house_edge, "24.733489", scale=100)


def test_kings_bounty_literal_table_is_computed_as_printed_and_warned():
    s = sheet("kings-bounty", "A", 6)
    assert "unsuited-21" in rows(s) and "unsuited-20" not in rows(s)
    assert any("Unsuited 21" in w for w in s.warnings)


# Wizard of Odds, "Super Sevens" (wizardofodds.com/games/blackjack/side-bets/super-sevens/), six
# decks, three-card guarantee, pays 5000/500/100/50/3 (our table A), ordered deals: 480, 11,664,
# 34,560, 124,416, 2,142,720 of 30,079,920; house edge 11.400% (also Eliot Jacobson, 888casino blog).
def test_super_sevens_wizard_of_odds():
    s = sheet("super-sevens", "A", 6)
    r = rows(s)
    assert s.cycle == 30079920
    assert [r[k].combinations for k in ("three-7s-suited", "three-7s-mixed", "two-7s-suited", "two-7s-unsuited",
                                         "one-7")] == [480, 11664, 34560, 124416, 2142720]
    assert within_print(s.house_edge, "11.400", scale=100)


# Wizard of Odds, "In BETween" (wizardofodds.com/games/blackjack/side-bets/in-between/), pays 30/10/6/4/1
# (our table B), ordered deals of one deck: triple match 312, one-card spread 1,408, two 2,560, three
# 3,456, other 29,184, loss 95,680 of 132,600; return -0.104615 (one deck), -0.077582 (two decks).
# Eliot Jacobson, "Card Counting the In Between Blackjack Side Bet": pays 30/12/6/4/1 (table D):
# house edge 5.696% (two decks), 3.396% (six decks).
def test_in_between_published():
    s = sheet("in-between", "B", 1)
    r = rows(s)
    got = {k: 2 * r[k].combinations for k in ("triple-match", "spread-1", "spread-2", "spread-3", "spread-other", "lose")}
    assert got == {"triple-match": 312, "spread-1": 1408, "spread-2": 2560, "spread-3": 3456,
                   "spread-other": 29184, "lose": 95680}
    assert within_print(s.expected_return, "-0.104615")
    assert within_print(sheet("in-between", "B", 2).expected_return, "-0.077582")
    assert within_print(sheet("in-between", "D", 2).house_edge, "5.696", scale=100)
    assert within_print(sheet("in-between", "D", 6).house_edge, "3.396", scale=100)


# Wizard of Odds, "Match the Dealer" (wizardofodds.com/games/blackjack/side-bets/match-the-dealer/),
# two decks, 4 unsuited / 19 suited per card: probabilities one suited and one unsuited 0.001142,
# one suited 0.018275, two unsuited 0.002856, one unsuited 0.109652, none 0.868075; return -0.033124.
MATCH_2D = """
wager = "match-the-dealer"
[paytables.W2]
citation = "Wizard of Odds, Match the Dealer, two decks"
pays = { "unsuited-match" = 4, "suited-match" = 19 }
"""


def test_match_the_dealer_wizard_of_odds(tmp_path):
    f = tmp_path / "m.toml"
    f.write_text(MATCH_2D)
    t = load_paytable_file(f).tables["W2"]
    s = get_wager("match-the-dealer").par_sheet(Shoe.decks(2), None, t, 2)
    r = rows(s)
    for k, v in (("suited-and-unsuited", "0.001142"), ("one-suited", "0.018275"), ("two-unsuited", "0.002856"),
                 ("one-unsuited", "0.109652"), ("lose", "0.868075")):
        assert within_print(r[k].probability, v), k
    assert r["suited-and-unsuited"].pays == 23 and r["two-unsuited"].pays == 8
    assert within_print(s.expected_return, "-0.033124")


# Eliot Jacobson, "Beating the Pair Square (Bet the Set) Blackjack Side Bet" (888casino blog):
# suited 20 / pair 10 at six decks (our table D): house edge 2.5723%; 25/10 at two decks (table E's
# pays): 10.6796%.
def test_bet_the_set_jacobson():
    assert within_print(sheet("bet-the-set-21", "D", 6).house_edge, "2.5723", scale=100)
    assert within_print(sheet("bet-the-set-21", "E", 2).house_edge, "10.6796", scale=100)


def test_bet_the_set_f_as_printed_and_its_reading():
    printed, reading = sheet("bet-the-set-21", "F", 6), sheet("bet-the-set-21", "F-pair-10", 6)
    assert "pair" not in rows(printed) and rows(reading)["pair"].pays == 10
    assert any("blank" in w for w in printed.warnings)


# ------------------------------------------------------------------------------ progressives

def test_progressive_return_is_linear_in_the_meter():
    s1 = sheet("blazing-7s", "B", 6, meters="jackpot=2000")
    s2 = sheet("blazing-7s", "B", 6, meters="jackpot=5000")
    p = s1.extra["progressive"]
    a, b = Fraction(p["a"]), Fraction(p["b"]["jackpot"])
    assert s1.expected_return == a + 2000 * b and s2.expected_return == a + 5000 * b
    # b is the chance of each meter hand times its share: diamonds 100%, other suited 10%.
    r = rows(s1)
    assert b == r["three-7s-diamonds"].probability + Fraction(1, 10) * r["three-7s-suited-chs"].probability
    assert Fraction(p["breakeven_meter"]) == -a / b


def test_blazing_procedures_give_the_same_odds():
    third = sheet("blazing-7s", "B-q5", 6, meters="jackpot=2000", procedure="third-card")
    up = sheet("blazing-7s", "B-q5", 6, meters="jackpot=2000", procedure="up-card")
    assert [(o.name, o.probability) for o in third.outcomes] == [(o.name, o.probability) for o in up.outcomes]


def test_blazing_table_a_as_printed_returns_more_than_the_wager():
    s = sheet("blazing-7s", "A", 6, meters="jackpot=2000")
    assert s.expected_return > 0 and any("more than 100%" in w for w in s.warnings)
    assert sheet("blazing-7s", "A-one-7-2", 6, meters="jackpot=2000").expected_return < 0


def test_progressive_super_sevens_split_decision():
    # Never splitting: three sevens count whatever the up card; the basic-strategy split against 2-7
    # forfeits them against those up cards.
    never = rows(sheet("progressive-super-sevens", "B", 6, meters="jackpot=10000", split_sevens=[]))
    basic = rows(sheet("progressive-super-sevens", "B", 6, meters="jackpot=10000"))
    assert basic["three-7s-mixed"].probability < never["three-7s-mixed"].probability
    s7 = rows(sheet("super-sevens", "A", 6))
    # Without splitting, P(two sevens then a seven) is the same as super sevens' (first card 7).
    three = lambda r: sum(r[k].probability for k in r if k.startswith("three"))
    assert three(never) == three(s7)


def test_progressive_needs_its_meters(tmp_path):
    r = odds_cli("wager", "progressive-super-sevens", "--decks", "6", "--paytable", "C", cwd=tmp_path)
    assert r.returncode == 2 and "minor=VALUE" in r.stderr and r.stderr.count("\n") == 1
    r = odds_cli("wager", "progressive-super-sevens", "--decks", "6", "--paytable", "C", "--meter",
                 "minor=500,major=2000,mega=10000", "--format", "json", cwd=tmp_path)
    doc = json.loads(r.stdout)
    assert set(doc["progressive"]["b"]) == {"minor", "major", "mega"}
    assert sum(Fraction(o["probability"]) for o in doc["outcomes"]) == 1


def _first_cards_wagers():
    from odds.wagers import card_combinations, sevens
    return sorted(w.name for w in card_combinations.WAGERS + sevens.WAGERS)


@pytest.mark.parametrize("name", _first_cards_wagers())
def test_every_paytable_at_its_deck_counts(name, tmp_path):
    book = builtin_paytables(name)
    for table in book.tables.values():
        meters = ",".join(f"{m}=1000" for m in sorted({m for _, m in table.meter_pays.values()}))
        for decks in table.decks or (1, 2, 4, 5, 6, 8):
            s = get_wager(name).par_sheet(Shoe.decks(decks), None, table, decks,
                                          **({"meters": meters} if meters else {}))
            assert sum(o.probability for o in s.outcomes) == 1
            assert s.cycle == sum(o.combinations for o in s.outcomes)


# ------------------------------------------------------------------- caps, resets and rates

@pytest.mark.parametrize("cards,queens,hands", [(6, 2, 2), (7, 3, 3), (8, 4, 2), (9, 4, 4), (5, 0, 2)])
def test_other_pairs_distribution_by_brute_force(cards, queens, hands):
    import itertools
    from collections import Counter
    from odds.wagers.card_combinations import other_pairs_distribution
    deck = ["Q"] * queens + ["x"] * (cards - queens)
    tally = Counter()
    for deal in itertools.permutations(range(cards), 2 * hands):
        tally[sum(deck[deal[2 * i]] == deck[deal[2 * i + 1]] == "Q" for i in range(hands))] += 1
    total = sum(tally.values())
    assert other_pairs_distribution(cards, queens, hands) == {j: Fraction(n, total) for j, n in sorted(tally.items())}


def test_twenty_point_cap():
    plain = rows(sheet("twenty-point-bonus", "A", 6))["qh-pair-dealer-bj"]
    loose = rows(sheet("twenty-point-bonus", "A", 6, cap="7000", spots=7))["qh-pair-dealer-bj"]
    tight = rows(sheet("twenty-point-bonus", "A", 6, cap="1000", spots=7))["qh-pair-dealer-bj"]
    alone = rows(sheet("twenty-point-bonus", "A", 6, cap="1000", spots=1))["qh-pair-dealer-bj"]
    assert plain.pays == loose.pays == alone.pays == 1000  # the limit never binds
    assert 500 < tight.pays < 1000 and tight.probability == plain.probability


def test_long_run_return_with_reset_and_rate():
    s = sheet("blazing-7s", "B", 6, meters="jackpot=2000", resets="jackpot=2000", rates="jackpot=1/10")
    p = s.extra["progressive"]
    jackpot = rows(s)["three-7s-diamonds"].probability
    assert Fraction(p["long_run_return"]) == Fraction(p["a"]) + Fraction(1, 10) + 2000 * jackpot


def test_any_decks_computes_outside_the_regulation_with_a_warning(tmp_path):
    r = odds_cli("wager", "royal-match-21", "--decks", "1", "--paytable", "A", cwd=tmp_path)
    assert r.returncode == 2 and "--any-decks" in r.stderr
    r = odds_cli("wager", "royal-match-21", "--decks", "1", "--paytable", "A", "--any-decks", "--format", "json",
                 cwd=tmp_path)
    doc = json.loads(r.stdout)
    assert r.returncode == 0 and any("6, 8 deck(s) only" in w for w in doc["warnings"])


# ------------------------------------------------------------------ royal match 21: the crown, two readings

def test_the_crown_treasure_read_both_ways_differs_by_the_crowns_of_other_suits():
    """Six decks: a player's royal match of one suit (6 x 6 unordered), the dealer's of one of the three
    other suits in order (2 x 6 x 6 each): 4 x 36 x 216 = 31,104 more crowns under (f)(2)(iv) word for
    word, each paid 1000 instead of table A's 30 for a royal match."""
    from odds import DealerRules
    from odds.wagers import get_wager
    from odds.wagers.paytables import builtin_paytables
    table = builtin_paytables("royal-match-21").tables["A"]
    wager, shoe = get_wager("royal-match-21"), Shoe.decks(6)
    player_suit = wager.par_sheet(shoe, DealerRules(), table, 6)
    any_suit = wager.par_sheet(shoe, DealerRules(), table, 6, reading="any-suit")
    assert player_suit.cycle == any_suit.cycle == 312 * 311 // 2 * 310 * 309
    crowns = {s.name: s.combinations for s in player_suit.outcomes}, {s.name: s.combinations for s in any_suit.outcomes}
    assert crowns[0]["crown-treasure"] == 4 * 36 * 2 * 5 * 5 and crowns[1]["crown-treasure"] == 4 * 36 * (2 * 5 * 5 + 216)
    assert any_suit.expected_return - player_suit.expected_return == Fraction(31104 * (1000 - 30), player_suit.cycle)
    for sheet, other in ((player_suit, "reading='any-suit'"), (any_suit, "reading='player-suit'")):
        warning = next(w for w in sheet.warnings if "crown treasure" in w)
        assert "(f)(2)(iv)" in warning and "(f)(4)(iii)" in warning and other in warning
    # the reference path (odds.reference.hands) agrees under the new reading (the other is checked with
    # every wager's reference)
    ref = wager.reference(Shoe.decks(1), DealerRules(), table, {"reading": "any-suit"})
    mine = wager.par_sheet(Shoe.decks(1), DealerRules(), table, 1, reading="any-suit")
    assert {o.name: o.probability for o in mine.outcomes} == ref.probabilities and ref.probabilities["crown-treasure"]
    # the simulator's settlement reads the option too
    from odds.reference.dealt import royal_match_hands
    player, up, hole = [("K", "H"), ("Q", "H")], ("K", "S"), ("Q", "S")
    assert "crown-treasure" not in royal_match_hands(player, up, hole, [], {})
    assert "crown-treasure" in royal_match_hands(player, up, hole, [], {"reading": "any-suit"})


def test_a_crown_reading_that_is_not_one_is_refused():
    from odds import OddsError, price
    with pytest.raises(OddsError, match="reading=.word-for-word. is not one of player-suit, any-suit"):
        price("royal-match-21", "A", decks=6, reading="word-for-word").par_sheet(Shoe.decks(6))


# ------------------------------------------------------------------------ the kernel's two loops

def _tuples_mean(counts, k, pays, nclasses):
    """The mean pay of a deal of k cards by every ordered tuple of classes, in Fractions."""
    import itertools
    total, num = sum(counts), Fraction(0)
    for t in itertools.product(range(nclasses), repeat=k):
        ways, left, index = 1, list(counts), 0
        for c in t:
            ways, left[c], index = ways * left[c], left[c] - 1, index * nclasses + c
        num += ways * Fraction(pays[index])
    deals = 1
    for i in range(k):
        deals *= total - i
    return num / deals


@pytest.mark.parametrize("seed", range(30))
def test_the_sparse_loop_is_every_deal_counted(seed):
    """SparsePays (the common pay and the deals that pay otherwise, prefixes with none skipped) against
    the dense loop over every deal and a count of every ordered tuple in Fractions: random games of one
    to four cards, the first ``alike`` interchangeable, most deals paying one pay, on shoes with
    classes run out and shoes of just k cards."""
    import random
    from array import array
    from odds.engine.kernels import first_cards_kernel as fk
    rng = random.Random(seed)
    nclasses, k = rng.choice([(2, 3), (3, 3), (4, 2), (5, 2), (6, 1), (4, 3), (3, 4)])
    alike = rng.randint(1, k)
    common = rng.choice([-1.0, 0.0, 2.5])
    pay_of = {}

    def pay(t):
        key = tuple(sorted(t[:alike])) + t[alike:]
        if key not in pay_of:  # a quarter pay otherwise, and every deal starting with class 0 the common pay
            pay_of[key] = common if key[0] == 0 or rng.random() < 0.75 else float(rng.choice([1, 3, 10, -0.5]))
        return pay_of[key]

    import itertools
    pays = array("d", [pay(t) for t in itertools.product(range(nclasses), repeat=k)])
    class_of = array("i", [i % nclasses for i in range(52)])
    sparse = fk.SparsePays(class_of, nclasses, k, alike, pays)
    for _ in range(8):
        cards = [rng.choice([0, 0, 1, 2, 5]) for _ in range(52)]
        if sum(cards) < k:
            cards[rng.randrange(52)] += k
        by_class = [sum(cards[i] for i in range(52) if i % nclasses == c) for c in range(nclasses)]
        exact = _tuples_mean(by_class, k, pays, nclasses)
        dense = fk.expected_pay(cards, class_of, nclasses, k, pays, alike=alike)
        assert abs(sparse.mean(cards) - float(exact)) < 1e-12 and abs(dense - float(exact)) < 1e-12, (cards, exact)
    shoe_of_k = [0] * 52
    for i in rng.sample(range(52), k):
        shoe_of_k[i] = 1
    assert abs(sparse.mean(shoe_of_k) - fk.expected_pay(shoe_of_k, class_of, nclasses, k, pays, alike=alike)) < 1e-12


@pytest.mark.parametrize("name, table, extra", [
    ("bet-the-set-21", "A", {}), ("house-money", "A", {}), ("in-between", "A", {}), ("super-sevens", "A", {}),
    ("blazing-7s", "A", {"meters": "jackpot=2000", "procedure": "up-card"}),
    ("progressive-blackjack", "USD1", {"meters": "jackpot=50000"}), ("super-match", "1", {})])
def test_the_sparse_loop_is_the_dense_loop_on_every_deals_wager(name, table, extra):
    """Each wager priced deal by deal (super match as its own par sheet pays each deal: its return is
    a closed form): its mean pay by the sparse loop and by the dense one, on 30 depleted six-deck
    shoes and a shoe of a few cards."""
    import random
    from odds import DealtShoe, Shoe, price
    from odds.pricing.shoe_returns import recorded_deals
    priced = price(name, table, decks=6, **extra)
    deals = recorded_deals(name, lambda decks: priced.par_sheet(Shoe.decks(decks))).deals
    rng = random.Random(11)
    for _ in range(30):
        dealt = DealtShoe(6, random.Random(rng.random()))
        dealt.deal_codes(rng.randrange(0, 300))
        counts = list(dealt.counts)
        assert abs(deals.mean(counts) - deals.dense_mean(counts)) < 1e-12, counts
    few = [0] * 52
    for i in (0, 5, 6, 7, 30, 51):
        few[i] = 1
    assert abs(deals.mean(few) - deals.dense_mean(few)) < 1e-12
