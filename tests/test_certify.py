"""odds certify: a report per wager family, byte for byte the same when run again, an input hash
that follows the paytable, a verification that fails when the fast path is wrong, and bad input
refused with nothing written. One deck and few Monte Carlo rounds keep each report quick."""
import hashlib
import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from tools import hide

from odds import Shoe
from odds.verify.certify import certify
from odds.core.errors import OddsError, UnavailableError
from odds.verify import certify_report
from odds.verify.certify_report import PDF_UNAVAILABLE, exact_decimal, print_pdf
from odds.apps.cli import main
from odds.reference.first_cards import reference_first_cards, reference_first_cards_by_type
from odds.reference.hands import RULES
from odds.regulations import excerpts
from odds.wagers import WAGERS
from odds.wagers.card_combinations import GAMES

ROUNDS = ["--rounds", "3000", "--seed", "7"]

FAMILIES = [  # (wager, its family, the arguments of one report at one deck)
    ("buster", "dealer bust", ["--rule", "H17", "--paytable", "C"]),
    ("ez-bust", "dealer bust", ["--rule", "S17", "--upcard", "6"]),
    ("bust-it", "dealer bust", ["--rule", "S17"]),
    ("21+3", "card combinations", ["--paytable", "C"]),
    ("bet-the-set-21", "card combinations", ["--paytable", "F", "--any-decks"]),
    ("super-sevens", "sevens", ["--paytable", "A"]),
    ("blazing-7s", "progressives", ["--paytable", "B", "--meter", "jackpot=2000", "--procedure", "up-card"]),
]


def run(tmp_path, name, *args, out="report.html"):
    """``odds certify`` at one deck, at S17 unless a rule is given (a wager whose figures depend on
    the dealer's rule needs one)."""
    path = tmp_path / out
    rule = [] if "--rule" in args else ["--rule", "S17"]
    status = main(["certify", name, "--decks", "1", *ROUNDS, *rule, *args, "--out", str(path)])
    return status, path


@pytest.mark.parametrize("name, family, args", FAMILIES)
def test_a_report_per_wager_family(tmp_path, capsys, name, family, args):
    status, path = run(tmp_path, name, *args)
    out = capsys.readouterr().out
    assert status == 0, out
    assert "agree exactly" in out and "Monte Carlo: agrees" in out
    page = path.read_text(encoding="utf-8")
    wager = WAGERS[name]
    for section in ("1. Inputs", "2. Regulation", "3. Paytable", "4. Assumptions", "5. Method", "6. Par sheet",
                    "7. Verification", "8. Versions", "9. To make this report again"):
        assert f"<h2>{section}</h2>" in page
    assert wager.regulation in page and "Verification passed" in page
    assert "The fast path and the reference path agree exactly on every figure." in page
    assert "the Monte Carlo cross-check agrees" in page
    first_line = excerpts(wager.regulation)[0].lines[0]
    assert first_line[:40].replace("'", "&#x27;") in page  # the regulation's own words
    assert 'class="cited"' in page  # the paytable's paragraph, highlighted
    for software in ("odds", "Python", "gmpy2", "sympy", "Cython"):
        assert f"<td>{software}" in page
    assert re.search(r"<span class=\"mono\">[0-9a-f]{64}</span>", page)
    assert not re.search(r"\b20\d\d-\d\d-\d\d\b|\d\d:\d\d:\d\d", page)  # no date, no time of day


def test_a_four_card_wager_is_checked_against_the_reference_on_the_shoe_itself(tmp_path, capsys):
    status, path = run(tmp_path, "twenty-point-bonus", "--paytable", "A", "--any-decks")
    assert status == 0, capsys.readouterr()
    page = path.read_text(encoding="utf-8")
    assert "every ordered deal of 4 card types" in page and "combinations(suited-20)" in page


def test_progressive_figures_of_the_meter_are_verified():
    r = certify("progressive-super-sevens", 1, paytable="C", options={"meters": "minor=500,major=2000,mega=10000"},
                rounds=2000, any_decks=True)
    (check,) = r.checks
    names = {f.name for f in check.figures}
    assert {"R(M) = a + b*M: a", "R(M) = a + b*M: b[major]", "expected return"} <= names
    assert check.agrees and r.agrees


def test_the_same_inputs_give_the_same_bytes(tmp_path, capsys):
    args = ["--paytable", "C"]
    assert run(tmp_path, "21+3", *args, out="one.html")[0] == 0
    assert run(tmp_path, "21+3", *args, out="two.html")[0] == 0
    assert (tmp_path / "one.html").read_bytes() == (tmp_path / "two.html").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.html", "two.html"]  # no temporary left


def _hash(page: str) -> str:
    return re.search(r"<span class=\"mono\">([0-9a-f]{64})</span>", page).group(1)


def test_the_input_hash_follows_the_paytable_and_the_options(tmp_path, capsys):
    source = Path(__import__("odds.tables").tables.__file__).parent / "21+3.toml"
    same = tmp_path / "same.toml"
    same.write_text(source.read_text())
    renamed = tmp_path / "another-name.toml"
    renamed.write_text(source.read_text())
    changed = tmp_path / "changed.toml"
    changed.write_text(source.read_text().replace('"straight" = 10, "flush" = 5 }', '"straight" = 10, "flush" = 6 }'))
    assert changed.read_text() != same.read_text()
    pages = {}
    for label, extra in (("builtin", []), ("same", ["--paytable-file", str(same)]),
                         ("renamed", ["--paytable-file", str(renamed)]),
                         ("changed", ["--paytable-file", str(changed)]), ("seed", ["--seed", "8"])):
        status, path = run(tmp_path, "21+3", "--paytable", "C", *extra, out=f"{label}.html")
        assert status == 0
        pages[label] = path.read_text()
    assert _hash(pages["same"]) == _hash(pages["renamed"])  # the file's contents, not its name
    assert _hash(pages["same"]) != _hash(pages["builtin"])  # a file's SHA-256 is an input
    assert hashlib.sha256(same.read_bytes()).hexdigest() in pages["same"]
    assert "Proposed, not in the regulation" not in pages["same"]  # the regulation's table C, from a file
    assert _hash(pages["changed"]) != _hash(pages["same"])
    assert _hash(pages["seed"]) != _hash(pages["builtin"])
    assert '&quot;flush&quot;:&quot;6&quot;' in pages["changed"]  # the canonical JSON, escaped


def test_the_verification_fails_when_the_fast_count_is_wrong(tmp_path, capsys, monkeypatch):
    # A planted error in the fast path: one deal moved from the losing deals to a suited pair.
    from odds.pricing import first_cards_base
    real = first_cards_base.count_first_cards

    def miscount(game, shoe):
        counts, cycle = real(game, shoe)
        counts = dict(counts)
        counts[()] -= 1
        counts[("suited-pair", "pair")] = counts.get(("suited-pair", "pair"), 0) + 1
        return counts, cycle

    monkeypatch.setattr(first_cards_base, "count_first_cards", miscount)
    status, path = run(tmp_path, "bet-the-set-21", "--paytable", "A", "--any-decks")
    captured = capsys.readouterr()
    assert status == 1
    assert "DIFFER" in captured.out and "verification failed" in captured.err
    page = path.read_text()
    assert "VERIFICATION FAILED" in page and "P(suited-pair)" in page and "<b>NO</b>" in page


def test_the_verification_fails_when_the_dealer_engine_is_wrong(tmp_path, capsys, monkeypatch):
    from odds.wagers import dealer_bust
    real = dealer_bust.buster_bust_probabilities

    def wrong(shoe, rules, exact=True):
        p = dict(real(shoe, rules, exact))
        p["bust-3"], p["bust-4"] = p["bust-3"] + Fraction(1, 10 ** 9), p["bust-4"] - Fraction(1, 10 ** 9)
        return p

    monkeypatch.setattr(dealer_bust, "buster_bust_probabilities", wrong)
    status, path = run(tmp_path, "buster", "--paytable", "C")
    assert status == 1
    assert re.search(r"differ on P\(bust-[34]\), P\(bust-[34]\)\.", path.read_text())


@pytest.mark.parametrize("args, message", [
    (["no-such-wager", "--decks", "1"], "unknown wager"),
    (["bet-the-set-21", "--decks", "1", "--paytable", "A"], "is for 6, 8 deck(s)"),
    (["21+3", "--decks", "-2", "--paytable", "C"], "--decks"),
    (["21+3", "--decks", "0", "--paytable", "C"], "--decks"),
    (["21+3", "--decks", "6", "--paytable", "Z"], "no paytable 'Z'"),
    (["21+3", "--decks", "6", "--paytable", "C", "--upcard", "6"], "--upcard does not apply"),
    (["blazing-7s", "--decks", "6", "--paytable", "B"], "--meter jackpot=VALUE"),
    (["streak", "--decks", "1", "--paytable", "A"], "is for 6, 8 deck(s)"),
    (["burnout-bonus", "--decks", "6", "--streak", "5"], "pays 2, 3, 4 wins in a row, not 5"),
    (["streak", "--decks", "6", "--paytable", "A", "--no-peek", "--dealer-blackjack", "no-effect"], "peeks"),
    (["streak", "--decks", "6", "--paytable", "A", "--resplit-aces"], "resplitting aces needs"),
    (["21+3", "--decks", "6", "--paytable", "C", "--das"], "--das does not apply to 21+3"),
])
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, capsys, args, message):
    out = tmp_path / "r.html"
    assert main(["certify", *args, "--rounds", "100", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("odds: ") and err.count("\n") == 1 and message in err
    assert list(tmp_path.iterdir()) == []


def test_out_must_be_a_file_in_an_existing_directory(tmp_path, capsys):
    assert main(["certify", "21+3", "--decks", "1", "--paytable", "C", "--out", str(tmp_path / "no" / "r.html")]) == 2
    assert main(["certify", "21+3", "--decks", "1", "--paytable", "C", "--out", str(tmp_path)]) == 2
    assert list(tmp_path.iterdir()) == []


@pytest.mark.tools
def test_a_pdf_without_chromium_is_one_line_status_2_and_nothing_written(tmp_path, capsys, monkeypatch):
    hide(monkeypatch, "chromium")
    status, path = run(tmp_path, "21+3", "--paytable", "C", "--pdf")
    err = capsys.readouterr().err
    assert status == 2 and err == f"odds: {PDF_UNAVAILABLE}\n"
    assert "apt-get install chromium" in err and list(tmp_path.iterdir()) == []


def test_a_pdf_chromium_cannot_print_is_one_line_status_2_and_nothing_written(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(certify_report, "pdf_renderer", lambda: "/bin/true")  # runs, prints nothing
    status, path = run(tmp_path, "21+3", "--paytable", "C", "--pdf")
    err = capsys.readouterr().err
    assert status == 2 and err == "odds: --pdf: Chromium printed no PDF; nothing was written\n"
    assert list(tmp_path.iterdir()) == []


def test_the_library_says_the_same_as_the_command_line(monkeypatch):
    hide(monkeypatch, "chromium")
    with pytest.raises(UnavailableError, match="^--pdf: Chromium is not installed"):
        print_pdf("<html></html>")
    assert issubclass(UnavailableError, OddsError)


def test_a_paytable_note_is_printed_once(tmp_path, capsys):
    """21+3's note on (p)(3) was listed under the paytable and again among the warnings."""
    import re
    status, path = run(tmp_path, "21+3", "--paytable", "C", "--any-decks")
    assert status == 0
    page = re.sub(r"<pre>.*?</pre>", "", path.read_text(encoding="utf-8"), flags=re.S)  # the inputs' JSON aside
    assert page.count("(p)(3) settles the wager") == 1


def test_every_wager_has_its_regulation_text():
    for name, wager in WAGERS.items():
        assert excerpts(wager.regulation)[0].lines
        from odds.wagers.paytables import builtin_paytables
        for table in builtin_paytables(name).tables.values():
            assert all(e.lines for e in excerpts(table.citation)), table.citation


def test_paragraphs_by_citation():
    (five, six) = excerpts("9 NYCRR 5324.11(o)(5) and (o)(6)")
    assert five.lines[0].startswith("(5) A gaming facility shall post") and five.lines[-1] == "6\t15:1"
    assert six.lines[0].startswith("(6) Notwithstanding") and six.end == excerpts("9 NYCRR 5324.11(p)")[0].start
    # (i) is a subdivision, not the clause (i) of (h)(3): the lettered paragraphs are told apart
    assert excerpts("9 NYCRR 5324.11(i)")[0].lines[0].startswith("(i) Match the dealer wager.")
    assert excerpts("9 NYCRR 5324.11(m)(5)(v), pay table A")[0].lines[0].startswith("(v) The gaming facility")
    assert excerpts("Blackjack Burnout procedures, Bonus Wager (7)")[0].lines[-1].strip() == "4 consecutive wins 8 to 1"
    assert excerpts("58 Pa. Code 633c.13")[0].lines[0] == "Pennsylvania Code"


def test_reference_count_by_card_type_equals_the_deal_of_every_physical_card():
    shoe = Shoe.decks(1).remove("AS KH 7D 7C 2H 3S 4D 5C 6H 8S 9D TC JH QS KD AH AD 7S 7H QH QD QC KS JD JC")
    for name in ("21+3", "royal-match-21", "match-the-dealer"):
        game = GAMES[name]
        assert reference_first_cards_by_type(game, shoe, RULES[name]) == reference_first_cards(game, shoe, RULES[name])


def test_exact_decimals():
    assert exact_decimal(Fraction(1, 3), 12) == "0.333333333333"
    assert exact_decimal(Fraction(-5, 1000), 2) == "0.00" and exact_decimal(Fraction(-15, 1000), 2) == "-0.02"
    assert exact_decimal(Fraction(15, 1000), 2) == "0.02" and exact_decimal(Fraction(25, 1000), 2) == "0.02"


# ------------------------------------------------------------- the wagers on the main game's result

# At one deck without splitting the exact round walk takes a second or two (with splits to two
# hands it takes about a minute, and six decks about two: those reports are made by hand).
NO_SPLIT = ["--any-decks", "--split-hands", "1"]


def test_a_streak_report_verifies_three_ways_and_is_the_same_when_run_again(tmp_path, capsys):
    from odds.reference.shoes import SHOES
    status, path = run(tmp_path, "streak", "--paytable", "A", *NO_SPLIT, out="one.html")
    out = capsys.readouterr().out
    assert status == 0, out
    assert "round value two ways, 1 deck(s): agree exactly" in out
    assert "fast path = brute force, 5 small shoes: agree exactly" in out and "Monte Carlo: agrees" in out
    page = path.read_text(encoding="utf-8")
    assert "Verification passed" in page and "VERIFICATION FAILED" not in page
    for section in ("7.1 At the certified shoe", "7.2 On small shoes", "7.3 Monte Carlo cross-check"):
        assert f"<h3>{section}" in page
    # 7.1: the mean of the distribution against PlayerEngine.round_value(), both printed
    row = re.search(r"<td>expected net result of a round, per unit of the main wager</td>"
                    r'<td class="num exact">([-0-9/]+(?:<wbr>)?[0-9]*)</td><td class="num exact">([-0-9/]+(?:<wbr>)?[0-9]*)</td>',
                    page)
    assert row and row.group(1) == row.group(2) and Fraction(row.group(1).replace("<wbr>", "")) < 0
    assert "PlayerEngine.round_value()" in page and "P(5 wins in a row)" in page
    # 7.2: every small shoe listed and compared; why the brute force cannot run on the full shoe
    for name in SHOES:
        assert f"{name}: P(a round is won)" in page and f"{name}: expected net result" in page
    assert "The brute force cannot run on the certified shoe" in page and "years away" in page
    # 7.3: the round simulator, the decisions stated as the engine's
    assert "The player's decisions are the exact engine's" in page and "5 in a row, wager by wager" in page
    assert '<td>--split-hands</td><td>1</td>' in page and '<td>--dealer-blackjack</td><td>loss</td>' in page
    assert "--split-hands 1" in page  # the command that makes it again
    assert run(tmp_path, "streak", "--paytable", "A", *NO_SPLIT, out="two.html")[0] == 0
    assert (tmp_path / "one.html").read_bytes() == (tmp_path / "two.html").read_bytes()


def test_a_certification_reads_no_figure_from_the_disk_cache(monkeypatch):
    """Even inside an active cache a certification computes every figure: it runs with the cache
    turned off (``odds.engine.cache.no_cache``), which a cached function then bypasses."""
    from odds.engine import cache
    from odds.verify import certify as certify_module
    seen = []
    real = certify_module._certify
    monkeypatch.setattr(certify_module, "_certify",
                        lambda *args: seen.append(cache._ACTIVE[-1] if cache._ACTIVE else "no cache") or real(*args))
    with cache.use_cache(cache.ResultCache(None)):
        report = certify("21+3", 6, paytable="C", rounds=2000)
    assert seen == [None] and report.agrees


def test_a_burnout_bonus_report_and_a_dealer_blackjack_of_no_effect(tmp_path, capsys):
    status, path = run(tmp_path, "burnout-bonus", "--rule", "H17", "--streak", "3", "--dealer-blackjack", "no-effect",
                       *NO_SPLIT)
    assert status == 0, capsys.readouterr().out
    page = path.read_text(encoding="utf-8")
    assert "Blackjack Burnout procedures, Bonus Wager" in page and "Verification passed" in page
    assert "P(dealer blackjack, player none): rounds counted as neither, not lost" in page
    assert "P(3 wins in a row) in the par sheet&#x27;s outcome rows" in page and "P(4 wins in a row)" in page
    assert "With a dealer blackjack of no effect (--dealer-blackjack no-effect)" in page


def _wrong_walk(real):
    """The round's law with every push counted as a lost unit."""
    from odds.engine.outcomes import LOSS, NEITHER, RoundOutcomes

    def walk(engine):
        joint = dict(real(engine).joint)
        push = joint.pop((Fraction(0), NEITHER))
        joint[(Fraction(-1), LOSS)] += push
        return RoundOutcomes(joint)
    return walk


def test_the_verification_fails_when_the_round_law_is_wrong(tmp_path, capsys, monkeypatch):
    from odds.verify import certify_rounds
    monkeypatch.setattr(certify_rounds, "round_outcomes", _wrong_walk(certify_rounds.round_outcomes))
    status, path = run(tmp_path, "streak", "--paytable", "A", *NO_SPLIT)
    captured = capsys.readouterr()
    assert status == 1
    assert "round value two ways, 1 deck(s): DIFFER" in captured.out and "verification failed" in captured.err
    page = path.read_text()
    assert "VERIFICATION FAILED: see section 7." in page
    assert re.search(r"VERIFICATION FAILED: the par sheet and the second computation differ on expected net result "
                     r"of a round, per unit of the main wager\.", page)
    assert "VERIFICATION FAILED: the outcome walk and the brute force differ on A2 3 5 7 9 T5 (13): P(net -1, loss)" \
        in page


def test_the_verification_fails_when_the_streak_formula_is_wrong(tmp_path, capsys, monkeypatch):
    # A planted slip in the par sheet: rounds that are neither counted as lost ((w / 1) ** k).
    from odds.wagers import streaks
    monkeypatch.setattr(streaks, "streak_chance", lambda classes, k: classes["win"] ** k)
    status, path = run(tmp_path, "streak", "--paytable", "B", *NO_SPLIT)
    assert status == 1
    page = path.read_text()
    bad = re.search(r"the par sheet and the second computation differ on ([^.]*)\.", page).group(1).split(", ")
    assert bad == ["P(2 wins in a row)", "P(3 wins in a row)", "P(4 wins in a row)", "P(5 wins in a row)",
                   "P(2 wins in a row) in the par sheet&#x27;s outcome rows", "expected return"]
    assert "The outcome walk and the brute force agree exactly on every figure." in page


def test_a_wager_whose_figures_depend_on_the_dealers_rule_needs_it(tmp_path, capsys):
    """Buster was certified at S17 when --rule was left out, silently; a wager the first cards
    decide needs none."""
    out = tmp_path / "r.html"
    assert main(["certify", "buster", "--decks", "6", "--paytable", "C", "--rounds", "100", "--out", str(out)]) == 2
    assert capsys.readouterr().err == ("odds: certify: buster's figures depend on the dealer's rule: give --rule S17 "
                                       "or --rule H17 (or both: --rule S17,H17)\n")
    assert not out.exists()
    assert main(["certify", "21+3", "--decks", "6", "--paytable", "C", "--rounds", "100", "--out", str(out)]) == 0
