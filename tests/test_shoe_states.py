"""One check of a shoe state for every wager, float and exact (docs/errors.md, "Shoe states"): 52
whole numbers by rank and suit or a Shoe, each count 0 to 1,000, bools refused, anything else a
ShoeError with the same message on every path."""
from fractions import Fraction
import random
import re
from pathlib import Path
from pathlib import Path

import numpy
import pytest

from odds import DealerRules, EngineError, OddsError, Shoe, ShoeError, price
from odds.core.errors import PaytableError
from odds.wagers import WAGERS, get_wager
from odds.wagers.defined import DEFINITIONS, wager_file
from odds.wagers.defined import DEFINITIONS, wager_file
from odds.pricing.first_cards_closed import flat_counts
from odds.wagers.paytables import builtin_paytables
from odds.wagers.shoe_returns import shoe_return, swept_wagers

H17 = DealerRules.parse("H17")
ROUNDS = tuple(w for w in swept_wagers() if WAGERS[w].rounds)  # priced by whole rounds: seconds a shoe
QUICK = tuple(w for w in swept_wagers() if w not in ROUNDS)

BAD = [  # (shoe state, words of the message)
    ([4] * 10, "not 10"),
    ((4,) * 10, "not 10"),
    ([4] * 51, "not 51"),
    ([4] * 53, "not 53"),
    ([], "not 0"),
    (None, "not NoneType"),
    (5, "not int"),
    ("AS KH", "not text"),
    (b"\x04" * 52, "not text"),
    ([-1] + [4] * 51, "cannot be negative"),
    ([4] * 51 + [-10 ** 30], "cannot be negative"),
    ([1001] + [4] * 51, "at most 1,000 of each card"),
    ([10 ** 6] + [4] * 51, "at most 1,000 of each card"),
    ([4] * 51 + [10 ** 30], "at most 1,000 of each card"),
    ([True] * 52, "not True"),
    ([4] * 51 + [False], "not False"),
    ([numpy.True_] * 52, "True"),
    ([2.0] * 52, "not 2.0"),
    ([Fraction(2)] * 52, "whole number"),
    (["4"] * 52, "whole number"),
    ([None] * 52, "whole number"),
    (numpy.full(52, 4.0), "whole number"),
    (numpy.full(10, 4), "not 10"),
    (Shoe.from_rank_counts([4] * 13), "suit is unknown"),
]
IDS = [f"{i}-{type(s).__name__}" for i, (s, _) in enumerate(BAD)]


def returns(wager):
    """The shoe return of ``wager`` at its first shipped paytable."""
    table = next(iter(builtin_paytables(wager).tables.values()))
    return shoe_return(wager, table.pays, H17)


def priced(wager, exact):
    table = next(iter(builtin_paytables(wager).tables.values()))
    meters = {m: "100" for _, m in table.meter_pays.values()}
    return price(wager, table.id, rules="H17", decks=6, any_decks=True, exact=exact,
                 **({"meters": ",".join(f"{m}={v}" for m, v in meters.items())} if meters else {}))


def message(call):
    with pytest.raises(OddsError) as caught:
        call()
    return type(caught.value), str(caught.value)


@pytest.mark.parametrize("state, words", BAD, ids=IDS)
@pytest.mark.parametrize("wager", swept_wagers())
def test_every_path_of_every_wager_refuses_a_bad_state_alike(wager, state, words):
    ret = returns(wager)
    seen = {message(lambda: ret.fast(state)), message(lambda: ret.exact(state)), message(lambda: ret.ratio(state)),
            message(lambda: ret.decide(state, True)), message(lambda: ret.decide(state, False))}
    assert len(seen) == 1, seen
    (kind, text), = seen
    assert kind is ShoeError and words in text, (kind, text)


@pytest.mark.parametrize("state, words", BAD, ids=IDS)
@pytest.mark.parametrize("exact", [False, True], ids=["float", "exact"])
@pytest.mark.parametrize("wager", ["buster", "ez-bust", "21+3", "in-between", "blazing-7s", "streak"])
def test_price_refuses_a_bad_state_alike_float_and_exact(wager, exact, state, words):
    p = priced(wager, exact)
    calls = [lambda: p.ret(state)]
    if not isinstance(state, Shoe):  # a Shoe of ranks only is a par sheet's shoe where suits do not matter
        calls += [lambda: p.par_sheet(state), lambda: p.outcomes(state)]
    for call in calls:
        kind, text = message(call)
        assert kind is ShoeError and words in text, (call, kind, text)


def test_a_shoe_of_ranks_only_prices_a_par_sheet_only_where_suits_do_not_matter():
    ranks = Shoe.from_rank_counts([4] * 13)
    assert (priced("buster", True).par_sheet(ranks).expected_return
            == priced("buster", True).par_sheet(Shoe.decks(1)).expected_return)
    with pytest.raises(ShoeError, match="suit is unknown"):
        priced("21+3", True).par_sheet(ranks)


def test_buster_refuses_ten_counts_by_value():  # was read as ten counts by value
    with pytest.raises(ShoeError, match="not 10"):
        price("buster", "C", rules="H17", decks=6).ret([4] * 10)


@pytest.mark.parametrize("state", [[4] * 10, [1001] + [4] * 51, [10 ** 6] + [4] * 51, [True] * 52],
                         ids=["ten", "1001", "million", "bools"])
def test_the_exact_path_raises_a_shoe_error(state):  # was a WagerError, or accepted
    with pytest.raises(ShoeError):
        price("buster", "C", rules="H17", decks=6, exact=True).ret(state)


def test_ez_bust_float_refuses_none():  # was a TypeError
    with pytest.raises(ShoeError, match="not NoneType"):
        price("ez-bust", "PA", rules="H17", decks=6).ret(None)


@pytest.mark.parametrize("state, words", [([4] * 10, "not 10"), ([-1] + [4] * 51, "cannot be negative")])
def test_a_shoe_return_refuses_what_it_took(state, words):  # was (-1, 1), and accepted
    with pytest.raises(ShoeError, match=words):
        shoe_return("buster", builtin_paytables("buster").tables["C"].pays, H17).exact(state)


@pytest.mark.parametrize("wager", QUICK)
def test_every_shape_of_a_good_state_gives_the_same_return(wager):
    ret = returns(wager)
    rng = random.Random(wager)
    shoe = Shoe.decks(2).remove(" ".join(rng.sample([r + s for r in "A23456789TJQK" for s in "SHDC"], 9)))
    counts = flat_counts(shoe)
    shapes = [shoe, counts, tuple(counts), numpy.array(counts), numpy.array(counts, dtype=numpy.int32),
              [numpy.int64(n) for n in counts]]
    exact = {ret.exact(s) for s in shapes}
    assert len(exact) == 1
    (r, q), = exact
    for s in shapes:
        f, g = ret.fast(s)
        assert abs(f - float(r)) < 1e-9 and abs(g - float(q)) < 1e-12, (s, f, r)
    for exact_path in (False, True):
        p = priced(wager, exact_path)
        assert len({p.ret(s) for s in shapes}) == 1


@pytest.mark.parametrize("wager", QUICK)
def test_a_shoe_too_small_is_refused_alike_float_and_exact(wager):
    """A state that cannot deal what the wager needs is an EngineError on both paths (the same
    message); a state that can gives the same return on both."""
    ret = returns(wager)
    rng = random.Random(wager)
    for _ in range(40):
        counts = [0] * 52
        for i in rng.choices(range(52), k=rng.randrange(6)):
            counts[i] += 1
        outcomes = []
        for call in (ret.fast, ret.exact):
            try:
                outcomes.append(tuple(map(float, call(counts))))
            except OddsError as exc:
                outcomes.append((type(exc), str(exc)))
        (a, b), (c, d) = outcomes
        if isinstance(a, float):
            assert isinstance(c, float) and abs(a - c) < 1e-9 and abs(b - d) < 1e-12, (counts, outcomes)
        else:
            assert outcomes[0] == outcomes[1] and a is EngineError, (counts, outcomes)


def test_the_bounds_themselves_are_accepted():
    ret = returns("21+3")
    top = [1000] * 52  # a thousand decks
    assert ret.exact(top) == ret.exact(Shoe.decks(1000))
    assert ret.exact([0] * 51 + [3])[1] == 1  # three cards deal 21+3


@pytest.mark.parametrize("wager", sorted(WAGERS))
def test_a_par_sheet_without_its_paytable_names_it(wager):
    with pytest.raises(PaytableError, match=f"{re.escape(wager)}.*paytable"):
        get_wager(wager).par_sheet(Shoe.decks(6), DealerRules(), None, 6)


def test_the_reported_par_sheet_case():
    with pytest.raises(OddsError, match="paytable"):  # was an AttributeError
        get_wager("buster").par_sheet(Shoe.decks(6), DealerRules(), None, 6)


@pytest.mark.parametrize("state, words", BAD[:12], ids=IDS[:12])
def test_a_par_sheet_of_a_bad_state_is_a_shoe_error(state, words):
    table = builtin_paytables("buster").tables["C"]
    with pytest.raises(ShoeError, match=words):
        get_wager("buster").par_sheet(state, DealerRules(), table, 6)


def test_a_par_sheet_of_counts_is_the_par_sheet_of_the_shoe():
    table = builtin_paytables("21+3").tables["C"]
    shoe = Shoe.decks(1).remove("AS 7H")
    w = get_wager("21+3")
    assert (w.par_sheet(flat_counts(shoe), None, table, 1).expected_return
            == w.par_sheet(shoe, None, table, 1).expected_return)


def test_the_docs_state_the_rule():
    text = Path(__file__).parents[1].joinpath("docs", "errors.md").read_text()
    assert "## Shoe states" in text
    section = text.split("## Shoe states", 1)[1].split("\n## ", 1)[0]
    for words in ("52", "1,000", "ShoeError", "EngineError", "bool", "by value", "Shoe"):
        assert words in section, words


DEFINED = sorted(Path(__file__).parents[1].joinpath("examples", "wagers").glob("*.toml")) + [DEFINITIONS / "21+3.toml"]


@pytest.mark.parametrize("path", DEFINED, ids=[p.stem for p in DEFINED])
def test_a_defined_wager_refuses_a_bad_state_alike(path):
    """A wager written as a definition file takes the same shoe states as a shipped one, float and
    exact (its dealer-final return had a check of its own)."""
    with wager_file(path) as wager:
        ret = returns(wager.name)
        for state, words in BAD:
            seen = {message(lambda: ret.fast(state)), message(lambda: ret.exact(state))}
            assert len(seen) == 1, (state, seen)
            (kind, text), = seen
            assert kind is ShoeError and words in text, (state, kind, text)
        counts = flat_counts(Shoe.decks(2).remove("AS 7H 7D"))
        (r, q), = {ret.exact(s) for s in (counts, tuple(counts), numpy.array(counts), Shoe.from_flat_counts(counts))}
        f, g = ret.fast(numpy.array(counts))
        assert abs(f - float(r)) < 1e-9 and abs(g - float(q)) < 1e-12
