"""odds.price: a wager prepared once and asked for the return of any shoe state, held to the wager's
exact par sheet for that shoe (an independent computation) on many depleted shoes and both rules."""
import random
from fractions import Fraction

import pytest

from odds import DealerRules, DealtShoe, OddsError, Shoe, ShoeError, WagerError, price
from odds.core.cards import RANKS, SUITS

# a wager priced without rules= warns that it takes S17 (tested in test_priced.py); beside the point here
pytestmark = pytest.mark.filterwarnings("ignore::odds.wagers.priced.DefaultRuleWarning")

FAST = [("buster", "C"), ("ez-bust", None), ("21+3", "C"), ("royal-match-21", "A"), ("match-the-dealer", "A"),
        ("twenty-point-bonus", "A"), ("kings-bounty", "A")]
SLOW = [("bust-it", None)]
DEALS = [("bet-the-set-21", "A", {}), ("house-money", "A", {}),
         ("in-between", "A", {}), ("super-sevens", "A", {}),
         ("blazing-7s", "A", {"meters": "jackpot=2000", "procedure": "up-card"}),
         ("progressive-blackjack", "USD1", {"meters": "jackpot=50000"}),
         ("progressive-super-sevens", "A", {"meters": "jackpot=5000", "split_sevens": "2 3 4"})]


def shoes(n, seed=5, decks=6):
    """``n`` shoes dealt down to a random depth, suits known."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = [r + s for r in RANKS for s in SUITS] * decks
        rng.shuffle(cards)
        out.append(Shoe.decks(decks).remove(" ".join(cards[:rng.randrange(0, 52 * decks * 3 // 4)])))
    return out


@pytest.mark.parametrize("wager, table", FAST)
@pytest.mark.parametrize("rule", ["S17", "H17"])
def test_the_fast_return_is_the_par_sheets_on_many_shoes(wager, table, rule):
    exact = price(wager, table, rules=rule, decks=6, exact=True)
    fast = price(wager, table, rules=rule, decks=6)
    assert "par sheet" not in fast.path
    for shoe in shoes(6):
        sheet = exact.par_sheet(shoe)
        r = exact.ret(shoe)
        assert r.ret == sheet.expected_return and r.player_edge == (sheet.expected_return > 0)
        f = fast.ret(shoe)
        assert abs(f.ret - float(sheet.expected_return)) < 1e-12 and f.player_edge == r.player_edge
        assert f.offered == float(r.offered)
        counts = [n for row in shoe.by_rank_suit() for n in row]
        assert exact.ret(counts) == r  # 52 counts, rank major, as well as a Shoe


@pytest.mark.parametrize("wager, table, options", DEALS)
def test_a_first_cards_wager_priced_deal_by_deal_is_its_par_sheet(wager, table, options):
    fast = price(wager, table, decks=6, any_decks=True, **options)
    exact = price(wager, table, decks=6, any_decks=True, exact=True, **options)
    assert "every deal of the deciding cards" in fast.path
    for shoe in shoes(4, seed=11):
        sheet = exact.par_sheet(shoe)
        r = fast.ret(shoe)
        assert abs(r.ret - float(sheet.expected_return)) < 1e-12 and r.player_edge == (sheet.expected_return > 0)
        assert exact.ret(shoe).ret == sheet.expected_return


@pytest.mark.parametrize("wager, table", SLOW)
def test_the_other_wagers_through_their_par_sheet(wager, table):
    p = price(wager, table, decks=6, exact=True)
    assert "par sheet" in p.path
    shoe = shoes(1, seed=9)[0]
    sheet = p.par_sheet(shoe)
    assert p.ret(shoe).ret == sheet.expected_return
    assert sum(p.outcomes(shoe).values()) == 1
    assert isinstance(price(wager, table, decks=6).ret(shoe).ret, float)


def test_a_progressive_at_given_meters():
    p = price("blazing-7s", "A", decks=6, meters="jackpot=2000", exact=True)
    assert p.ret(Shoe.decks(6)).ret == p.par_sheet(Shoe.decks(6)).expected_return


@pytest.mark.parametrize("call, message", [
    (lambda: price("buster", "C", decks=2), "is for 1, 6, 8 deck(s)"),
    (lambda: price("buster", "C"), "give decks="),
    (lambda: price("buster", "C", decks=6, exact="no"), "exact must be True or False"),
    (lambda: price("buster", "C", decks=-3), "decks must be a whole number from 1 to 1,000"),
    (lambda: price("buster", "C", decks=6, rules=17), "rules must be a DealerRules"),
    (lambda: price("buster", "C", decks=6, bogus=1), "bogus"),
    (lambda: price("busterr", "C", decks=6), "unknown wager"),
    (lambda: price("buster", "Z", decks=6), "no paytable 'Z'"),
    (lambda: price("buster", "C", decks=6).ret([4] * 51), "52 whole numbers"),
])
def test_bad_settings_are_refused_by_name(call, message):
    with pytest.raises(OddsError, match=message.replace("(", r"\(").replace(")", r"\)")):
        call()


def test_any_decks_prices_a_table_where_its_regulation_does_not_allow_it():
    p = price("buster", "C", decks=2, any_decks=True, exact=True)
    assert isinstance(p.ret(Shoe.decks(2)).ret, Fraction)
    assert isinstance(WagerError("x"), OddsError)


def test_results_read_in_a_notebook_and_a_data_frame():
    import io

    import pandas

    from odds import DealerRules, dealer_table
    table = dealer_table(Shoe.decks(6), DealerRules.parse("H17"))
    assert repr(table).startswith("<DealerTable 312 cards, H17, exact: P(bust) 0.28")
    assert "<table>" in table._repr_html_() and "<td>overall</td>" in table._repr_html_()
    assert '<td style="text-align:right">' in table._repr_html_()
    frame = table.to_frame()
    assert list(frame["upcard"]) == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "overall"]
    assert frame["bust"].dtype.kind == "f" and frame.loc[10, "bust"] == float(table.overall.final()["bust"])
    assert frame.attrs["cards"] == 312 and frame.attrs["rules"] == "H17"
    exact = table.to_frame(exact=True)
    assert exact.loc[10, "bust_exact"] == table.overall.final()["bust"]  # the Fractions, in their own columns
    with pytest.raises(OddsError, match="computed exact"):
        dealer_table(Shoe.decks(6), DealerRules.parse("H17"), exact=False).to_frame(exact=True)
    sheet = price("buster", "C", rules="H17", decks=6, exact=True).par_sheet(Shoe.decks(6))
    assert repr(sheet).startswith("<ParSheet buster, paytable C, 6 deck(s), H17: house edge 6.2142")
    frame = sheet.to_frame()
    assert list(frame["outcome"]) == [o.name for o in sheet.outcomes]
    assert frame["probability"].dtype.kind == "f" and abs(frame["probability"].sum() - 1) < 1e-12
    assert frame["one_in"].iloc[0] == sheet.outcomes[0].one_in and frame.attrs["house_edge"] == float(sheet.house_edge)
    assert frame.attrs["std_dev"] == sheet.std_dev and frame.attrs["rule"] == "H17"
    assert sheet.to_frame(exact=True)["probability_exact"].sum() == 1  # exact Fractions, where asked
    page = sheet._repr_html_()
    assert "text-align:right" in page and "hit frequency" in page and "SD " in page
    csv = pandas.read_csv(io.StringIO(sheet.to_csv()))  # the CSV form reads straight into a frame
    assert csv["return_decimal"].dtype.kind == "f" and len(csv) == len(sheet.outcomes)


def test_to_frame_without_pandas_says_how_to_get_it(monkeypatch):
    import sys
    sheet = price("buster", "C", decks=6).par_sheet(Shoe.decks(6))
    monkeypatch.setitem(sys.modules, "pandas", None)  # as if it were not installed
    with pytest.raises(OddsError, match="pip install pandas"):
        sheet.to_frame()


def test_strategy_charts_and_sweeps_read_in_a_notebook():
    from odds import DealerRules, GameRules
    from odds.apps.sweep import SweepSpec, run_sweep
    from odds.engine.strategy import basic_strategy_chart
    chart = basic_strategy_chart(GameRules(decks=6, dealer=DealerRules.parse("S17"), das=True))
    assert chart[("hard", 11)]["T"] == "D"  # still the dict it was
    frame = chart.to_frame()
    assert list(frame.columns) == ["hand", "2", "3", "4", "5", "6", "7", "8", "9", "T", "A"]
    assert frame.set_index("hand").loc["hard 11", "T"] == "D"
    assert "hard 11" in repr(chart) and "<table>" in chart._repr_html_()
    result = run_sweep(SweepSpec("buster", "C", 6, "S17", shoes=4, chunk=2, arithmetic="float"))
    assert repr(result).startswith("<SweepResult wager buster C, 6 decks S17; shoes, rounds 4, ")
    assert "rounds with a player edge" in result._repr_html_()
    depth = result.to_frame()
    assert depth["rounds"].sum() == result.tally.rounds
    assert depth.attrs["rounds"] == result.tally.rounds and depth.attrs["wager"] == "buster"


def test_a_wager_on_the_rounds_result_states_the_play_it_is_priced_for():
    p = price("streak", "A", decks=1, any_decks=True, split_hands=1, exact=True)
    assert "composition-dependent" in p.path and "no splitting" in p.path
    assert p.ret(Shoe.decks(1)).ret == p.par_sheet(Shoe.decks(1)).expected_return


def test_the_twenty_point_bonus_under_its_payout_limit_follows_the_shoe():
    """The capped pay of the queen of hearts pair with a dealer blackjack depends on the cards left:
    the price of each shoe state is its own par sheet's, exactly, and the float agrees."""
    from odds.wagers import get_wager
    from odds.wagers.paytables import builtin_paytables
    table = builtin_paytables("twenty-point-bonus").tables["A"]
    exact = price("twenty-point-bonus", "A", decks=6, cap="1000", spots=7, exact=True)
    fast = price("twenty-point-bonus", "A", decks=6, cap="1000", spots=7)
    assert "limit 1000 among 7" in exact.path
    rng = random.Random(5)
    for removed in (0, 40, 150):
        dealt = DealtShoe(6, random.Random(rng.random()))
        dealt.deal(removed)
        shoe = dealt.shoe
        sheet = get_wager("twenty-point-bonus").par_sheet(shoe, DealerRules(), table, 6, cap="1000", spots=7)
        assert exact.ret(shoe).ret == sheet.expected_return
        assert abs(fast.ret(list(dealt.counts)).ret - float(sheet.expected_return)) < 1e-12
    # the pays read off a sheet are taken deal by deal only where they do not depend on the shoe
    from odds.wagers.shoe_returns import recorded_deals
    wager = get_wager("twenty-point-bonus")
    assert recorded_deals("twenty-point-bonus", lambda d: wager.par_sheet(Shoe.decks(d), DealerRules(), table, d,
                                                                         cap="1000", spots=7)) is None
    assert recorded_deals("twenty-point-bonus", lambda d: wager.par_sheet(Shoe.decks(d), DealerRules(), table, d))


def test_the_api_shows_itself():
    """price's real signature and a runnable example; the dealer's rule, where it matters and is not
    given, said in a warning naming S17; a misspelt keyword met with the nearest name; a proposed table
    labelled in the par sheet's warnings from Python as on the command line."""
    import inspect
    import warnings

    import odds
    from odds.wagers.priced import DefaultRuleWarning
    params = inspect.signature(odds.price).parameters
    assert {"rules", "decks", "exact", "paytable_file", "any_decks", "wager_file"} <= set(params)
    assert ">>> " in odds.price.__doc__ and "price" in dir(odds)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        price("buster", "C", decks=6)
        price("21+3", "C", decks=6)  # its figures do not depend on the rule: no warning
    said = [str(w.message) for w in caught if issubclass(w.category, DefaultRuleWarning)]
    assert len(said) == 1 and "priced at S17" in said[0] and said[0].startswith("buster")
    with pytest.raises(WagerError, match=r"buster takes no setting or option rule=: did you mean rules=\?"):
        price("buster", "C", rule="H17", decks=6)
    with pytest.raises(WagerError, match="did you mean decks="):
        price("buster", "C", rules="H17", deck=6)


def test_a_proposed_table_is_labelled_from_python(tmp_path):
    path = tmp_path / "p.toml"
    path.write_text('wager = "buster"\n[paytables.P]\ncitation = "a proposal"\ndecks = [6]\n'
                    'pays = { "bust-8+" = 300, "bust-7" = 50, "bust-6" = 12, "bust-5" = 4, "bust-4" = 2, '
                    '"bust-3" = 2 }\n')
    sheet = price("buster", "P", rules="H17", decks=6, paytable_file=str(path)).par_sheet(Shoe.decks(6))
    assert any("proposed, not in the regulation" in w for w in sheet.warnings)
    shipped = price("buster", "C", rules="H17", decks=6).par_sheet(Shoe.decks(6))
    assert not any("proposed" in w for w in shipped.warnings)


def _states(n, seed=4):
    rng = random.Random(seed)
    rows = []
    for _ in range(n):
        dealt = DealtShoe(6, random.Random(rng.random()))
        dealt.deal_codes(rng.randrange(0, 200))
        rows.append(list(dealt.counts))
    return rows


@pytest.mark.parametrize("name, table, extra", [(n, t, {}) for n, t in FAST + SLOW] + DEALS)
def test_many_states_in_one_call_equal_one_at_a_time(name, table, extra):
    """ret_many of 40 depleted shoes: the float returns those of ret, bit for bit; exact, the Fractions."""
    import numpy
    rows = _states(40)
    wager = price(name, table, rules="H17", decks=6, **extra)
    many = wager.ret_many(numpy.array(rows))
    assert isinstance(many, numpy.ndarray) and many.dtype == numpy.float64
    assert many.tolist() == [wager.ret(row).ret for row in rows]
    assert wager.ret_many(rows).tolist() == many.tolist()  # a list of lists, the same
    exact = price(name, table, rules="H17", decks=6, exact=True, **extra)
    assert exact.ret_many(rows[:5]) == [exact.ret(row).ret for row in rows[:5]]


@pytest.mark.parametrize("name, table", [("buster", "C"), ("ez-bust", None)])
@pytest.mark.parametrize("rule", ["S17", "H17"])
def test_the_dealers_four_shoes_at_a_time_are_one_at_a_time(name, table, rule):
    """The dealer-bust wagers price four rows at once (one shoe a lane): each the one-state return,
    bit for bit, with a shoe too small for the four-lane code among them and rows left over."""
    import numpy
    rows = _states(13, seed=9)
    small = [0] * 52
    for card in (0, 4, 8, 20, 36, 40, 44, 48, 49):  # nine cards: the dealer may run out
        small[card] = 1
    rows[6] = small
    wager = price(name, table, rules=rule, decks=6)
    assert wager.ret_many(numpy.array(rows)).tolist() == [wager.ret(row).ret for row in rows]
    assert wager.ret_many(numpy.array(rows[:8])).tolist() == [wager.ret(row).ret for row in rows[:8]]


def test_many_states_bad_input():
    import numpy
    wager = price("21+3", "C", decks=6)
    for bad, said in ((numpy.ones((3, 10), dtype=int), "rows of 52 counts"), ([[1.5] * 52], "whole numbers"),
                      ([[6] * 51 + [-1]], "shoe state 0: count 51 is -1"), ("cards", "rows of 52 counts")):
        with pytest.raises(ShoeError, match=said):
            wager.ret_many(bad)


def test_several_wagers_on_the_same_states_in_one_call():
    """ret_table: a column a wager, each that wager's ret of each state (floats bit for bit, exact ==)."""
    import numpy
    from odds import ret_table
    rows = _states(12, seed=7)
    names = [("21+3", "C", {}), ("buster", "C", {"rules": "H17"}), ("ez-bust", None, {"rules": "S17"}),
             ("super-sevens", "A", {})]
    wagers = [price(n, t, decks=6, **e) for n, t, e in names]
    table = ret_table(wagers, numpy.array(rows))
    assert table.shape == (12, 4) and table.dtype == numpy.float64
    assert table.tolist() == [[w.ret(row).ret for w in wagers] for row in rows]
    exact = [price(n, t, decks=6, exact=True, **e) for n, t, e in names[:2]]
    assert ret_table(exact, rows[:3]) == [[w.ret(row).ret for w in exact] for row in rows[:3]]
    assert ret_table(wagers, numpy.empty((0, 52), dtype=int)).shape == (0, 4)
    with pytest.raises(WagerError, match="every wager float or every wager exact"):
        ret_table([wagers[0], exact[0]], rows)
    with pytest.raises(WagerError, match="a list of priced wagers"):
        ret_table(["21+3"], rows)
    with pytest.raises(ShoeError, match="rows of 52 counts"):
        ret_table(wagers, [[6] * 10])
