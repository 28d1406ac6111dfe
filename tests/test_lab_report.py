"""A certification report a lab can file: an identifier from the input hash and the code's digests,
the digests of the package's sources and kernels, sign-off fields only when given, the regulation's
paytables as tables, counts as whole numbers, only the rules that matter in the inputs, and a
printed PDF with a running header and "page X of Y"."""
import hashlib
import html
import json
import re
import subprocess

import pytest
from tools import require

from odds.apps.cli import main
from odds.verify.fingerprint import code_hashes, report_id

ROUNDS = ["--rounds", "2000", "--seed", "3"]


def certify(tmp_path, *args, out="r.html"):
    path = tmp_path / out
    rule = [] if "--rule" in args else ["--rule", "S17"]  # a dealer wager needs one; the others ignore it
    assert main(["certify", *args, *ROUNDS, *rule, "--out", str(path)]) == 0
    return path.read_text()


def canonical(page):
    return json.loads(page.split("<pre>")[1].split("</pre>")[0].replace("&quot;", '"'))


def test_the_identifier_and_the_digests_of_the_code(tmp_path, capsys):
    page = certify(tmp_path, "buster", "--decks", "1", "--paytable", "C")
    digest = hashlib.sha256(json.dumps(canonical(page), sort_keys=True, separators=(",", ":"))
                            .encode()).hexdigest()
    assert report_id(digest) in page and re.fullmatch(r"ODDS-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}", report_id(digest))
    assert report_id(digest) != report_id("0" * 64)
    names = [name for name, _ in code_hashes()]
    assert names[0].startswith("odds sources") and {"kernel dealer_kernel", "kernel player_kernel"} <= set(names)
    for name, sha in code_hashes():
        assert f"<td>{name}</td>" in page and sha in page
    other = certify(tmp_path, "buster", "--decks", "1", "--paytable", "C", "--rule", "H17", out="h.html")
    assert re.search(r"ODDS-[0-9A-F-]{14}", other).group() != re.search(r"ODDS-[0-9A-F-]{14}", page).group()


def test_sign_off_fields_only_when_given(tmp_path, capsys):
    plain = certify(tmp_path, "21+3", "--decks", "1", "--paytable", "C", out="plain.html")
    signed = certify(tmp_path, "21+3", "--decks", "1", "--paytable", "C", "--date", "2026-12-02",
                     "--prepared-by", "A. Tester", "--reviewed-by", "B. Checker", out="signed.html")
    assert "prepared by" not in plain and "2026-12-02" not in plain
    for text in ("<th>date</th><td>2026-12-02</td>", "<th>prepared by</th><td>A. Tester</td>",
                 "<th>reviewed by</th><td>B. Checker</td>"):
        assert text in signed
    assert canonical(plain) == canonical(signed)  # who signs is not an input of the computation


def test_a_first_cards_wager_has_no_dealer_rule_among_its_inputs(tmp_path, capsys):
    pages = [certify(tmp_path, "21+3", "--decks", "1", "--paytable", "C", *rule, out=f"{i}.html")
             for i, rule in enumerate(([], ["--rule", "H17"], ["--rule", "H17", "--no-peek"]))]
    assert len({json.dumps(canonical(p)) for p in pages}) == 1  # S17, H17 and no peek: the same math
    assert canonical(pages[0])["rule"] == "any" and canonical(pages[0])["peek"] is None
    assert "any rule: the first cards decide the wager" in pages[0]
    command = pages[2].split("<h2>9. To make this report again</h2>")[1]
    assert "--rule" not in command and "--no-peek" not in command
    buster = certify(tmp_path, "buster", "--decks", "1", "--paytable", "C", "--rule", "H17", out="b.html")
    assert canonical(buster)["rule"] == "H17" and "--rule H17" in buster


def test_the_regulations_paytables_are_tables_and_counts_are_whole(tmp_path, capsys):
    page = certify(tmp_path, "buster", "--decks", "1", "--paytable", "C")
    assert "| Eight or more cards |" not in page  # no raw text of the printed tables
    assert '<table class="printed">' in page and "<td>Eight or more cards</td>" in page
    assert '<tr class="cited"><td>Six cards</td>' in page  # the cited paragraph's tables highlighted
    cards = certify(tmp_path, "21+3", "--decks", "1", "--paytable", "C", out="c.html")
    assert not re.search(r"\d\.0{12}<", cards)  # combinations as 1,040, not 1040.000000000000
    assert re.search(r"<td>combinations\(\w[^<]*\)</td>.*<td class=\"num\">[\d,]+</td>", cards)


def test_the_page_asks_for_a_running_header_and_page_numbers(tmp_path, capsys):
    page = certify(tmp_path, "bust-it", "--decks", "1")
    assert 'counter(page) " of " counter(pages)' in page and "@top-left" in page


@pytest.mark.tools
def test_the_printed_pdf_has_a_running_header_and_page_numbers(tmp_path, capsys):
    require("chromium")
    out = tmp_path / "p.html"
    assert main(["certify", "bust-it", "--decks", "1", "--rule", "S17", *ROUNDS, "--out", str(out), "--pdf"]) == 0
    assert "PDF renderer" in out.read_text() and "Chromium" in out.read_text()
    assert (tmp_path / "p.pdf").read_bytes().startswith(b"%PDF")
    text = subprocess.run([require("pdftotext"), "-layout", str(tmp_path / "p.pdf"), "-"], capture_output=True,
                          text=True, check=True).stdout
    pages = text.split("\f")[:-1]
    assert len(pages) > 2
    for n, body in enumerate(pages, start=1):
        assert f"page {n} of {len(pages)}" in body and "odds certification report ODDS-" in body


@pytest.mark.tools
def test_the_same_report_prints_to_the_same_pdf_bytes(tmp_path, capsys):
    """Chromium writes its time of printing into the PDF: the report's date (or 2000-01-01) takes
    its place, so two runs give the same bytes, and the command prints the PDF's SHA-256."""
    require("chromium")
    printed = []
    for n in (1, 2):
        out = tmp_path / f"r{n}.html"
        assert main(["certify", "bust-it", "--decks", "1", "--rule", "S17", *ROUNDS, "--date", "2026-12-01",
                     "--out", str(out), "--pdf"]) == 0
        pdf = (tmp_path / f"r{n}.pdf").read_bytes()
        assert hashlib.sha256(pdf).hexdigest() in capsys.readouterr().out
        printed.append(pdf)
    assert printed[0] == printed[1] and b"/CreationDate (D:20261201000000" in printed[0]


def test_the_command_to_make_it_again_carries_every_flag_and_the_versions_name_the_machine(tmp_path, capsys):
    out = tmp_path / "r.html"
    assert main(["certify", "bust-it", "--decks", "1", "--rule", "S17", *ROUNDS, "--date", "2026-12-01",
                 "--prepared-by", "A. Lab", "--reviewed-by", "B. Lab", "--out", str(out)]) == 0
    page = html.unescape(out.read_text())
    again = page.split("To make this report again</h2>")[1].split("</pre>")[0]
    for words in ("--date 2026-12-01", "--prepared-by 'A. Lab'", "--reviewed-by 'B. Lab'", "--rounds", "--seed"):
        assert words in again, words
    assert "--pdf" not in again
    for software in ("numpy", "platform", "processor"):
        assert f"<tr><td>{software}</td>" in page, software


def test_rounds_auto_expects_ten_hits_of_the_rarest_paid_outcome(tmp_path, capsys):
    """The default of certify: Buster at six decks, H17, table C pays a bust of 8+ cards, 1 in about
    83,715 rounds: 837,153 rounds expect ten, and the report makes no "weak check" warning."""
    out = tmp_path / "b.html"
    assert main(["certify", "buster", "--decks", "6", "--rule", "H17", "--paytable", "C", "--out", str(out)]) == 0
    page = html.unescape(out.read_text())
    assert "--rounds 837153" in page and "837,153 rounds" in page and "too few" not in page


def test_rounds_auto_is_capped():
    from fractions import Fraction
    from odds import Shoe
    from odds.verify.certify import AUTO_CAP, DEFAULT_ROUNDS, auto_rounds
    from odds.wagers import get_wager
    from odds.wagers.paytables import builtin_paytables
    wager = get_wager("royal-match-21")
    table = builtin_paytables("royal-match-21").tables["A"]
    crown = wager.par_sheet(Shoe.decks(8), None, table, 8)  # a crown treasure: about 1 in 10 million
    assert crown.lab.rarest_paid < Fraction(10, AUTO_CAP) and auto_rounds(crown) == AUTO_CAP
    pairs = get_wager("bet-the-set-21").par_sheet(Shoe.decks(6), None, builtin_paytables("bet-the-set-21").tables["A"], 6)
    assert auto_rounds(pairs) == DEFAULT_ROUNDS  # ten suited pairs come well within 200,000 rounds


def test_the_layout_keeps_tables_and_headings_together(tmp_path, capsys):
    """Headings stay with what follows, rows are not split, a table's header repeats on the next
    page, a long fraction breaks after its bar, and a band of whole results is printed as whole
    numbers (Buster's bands at 100 rounds read [-32.00, 23.00] before)."""
    out = tmp_path / "b.html"
    assert main(["certify", "buster", "--decks", "6", "--rule", "H17", "--paytable", "C", *ROUNDS,
                 "--out", str(out)]) == 0
    page = out.read_text()
    for css in ("h1, h2, h3, h4 { break-after: avoid", "tr, li, .pass, .fail, .warn { break-inside: avoid",
                "thead { display: table-header-group; }"):
        assert css in page, css
    assert page.count("<thead>") == page.count("<table") - page.count('<table class="printed">')
    assert re.search(r'<td class="num exact">-?\d+/<wbr>\d+</td>', page)
    assert re.search(r"\[-\d+, \d+\]", page) and not re.search(r"\[-\d+\.00, \d+\.00\]", page)


def test_bustes_cash_bonus_is_tables_with_its_return_at_the_minimum_wager(tmp_path, capsys):
    """633c.13(i)'s bonus was a JSON dump: now each award with its chance, and at the $5 minimum the
    added return, the return to player and house edge with it, and the maximum win (bust of 8+
    cards, 250 to 1, and $8,000 on $5: 1850 to 1)."""
    out = tmp_path / "b.html"
    assert main(["certify", "buster", "--decks", "6", "--rule", "H17", "--paytable", "C", *ROUNDS,
                 "--out", str(out)]) == 0
    page = html.unescape(out.read_text())
    assert "<h3>Cash bonus</h3>" in page and "$8,000" in page and "a wager of at least $5" in page
    for row in ("added return per unit", "return to player with the bonus", "house edge with the bonus"):
        assert f"<td>{row}</td>" in page, row
    assert "<td>maximum win per wager with the bonus</td><td class=\"num exact\">1850 to 1</td>" in page
    assert "added_return_at_min_wager" not in page
    from odds import DealerRules, Shoe
    from odds.wagers import get_wager
    from odds.wagers.dealer_bust import buster_bonus_probabilities
    from odds.wagers.paytables import builtin_paytables
    rules = DealerRules.parse("H17")
    p = buster_bonus_probabilities(Shoe.decks(6), rules)
    base = get_wager("buster").price(Shoe.decks(6), rules, builtin_paytables("buster").tables["C"], 6, {})
    rtp = 1 + base.expected_return + (8000 * p["bust-8+"] + 1000 * p["bust-7"]) / 5  # bonus B1: $8,000 and $1,000
    assert f"<td>return to player with the bonus</td><td class=\"num exact\">{rtp.numerator}/<wbr>{rtp.denominator}" \
        in page


def _section(page, first, after):
    return page.split(f"<h2>{first}")[1].split(f"<h2>{after}")[0]


def test_page_one_is_the_summary(tmp_path, capsys):
    """Before the details: the wager, the configuration, the RTP named so and the house edge (with
    the cash bonus at the minimum wager), hit frequency with 1 in N, standard deviation, volatility
    index, maximum win, the cycle or why there is none, the two checks and the report id."""
    from fractions import Fraction

    from odds import DealerRules, Shoe
    from odds.verify.certify_report import exact_decimal
    from odds.wagers import get_wager
    from odds.wagers.paytables import builtin_paytables
    page = html.unescape(certify(tmp_path, "buster", "--decks", "6", "--rule", "H17", "--paytable", "C"))
    summary = page.split("<h2>Summary</h2>")[1].split("<h2>1. Inputs</h2>")[0]
    assert page.index("<h2>Summary</h2>") < page.index("<h2>1. Inputs</h2>")
    base = get_wager("buster").price(Shoe.decks(6), DealerRules.parse("H17"), builtin_paytables("buster").tables["C"],
                                     6, {})
    rtp = 1 + base.expected_return
    assert f"<td>theoretical return to player (RTP)</td><td><b>{exact_decimal(rtp * 100, 6)}%</b>" in summary
    assert f"<td>house edge</td><td><b>{exact_decimal(base.house_edge * 100, 6)}%</b>" in summary
    assert "with cash bonus B1 at the minimum wager of $5" in summary and "maximum win 1850 to 1" in summary
    assert f"(1 in {exact_decimal(1 / base.hit_frequency, 2)})" in summary
    for row in ("standard deviation", "volatility index", "maximum win per wager", "fast path = reference path",
                "simulation", "report"):
        assert f"<td>{row}</td>" in summary, row
    assert "<td>cycle</td><td>not defined: the wager is settled on a number of cards that varies" in summary
    assert re.search(r"2,000 rounds: RTP \d+\.\d{4}% \(95% interval", summary)
    cards = html.unescape(certify(tmp_path, "21+3", "--decks", "1", "--paytable", "C", out="c.html"))
    cycle = get_wager("21+3").price(Shoe.decks(1), DealerRules.parse("S17"), builtin_paytables("21+3").tables["C"],
                                    1, {}).cycle
    assert f"<td>cycle</td><td>{cycle:,} combinations</td>" in cards.split("<h2>1. Inputs</h2>")[0]
    assert isinstance(cycle, int) and Fraction(cycle) == cycle


def test_the_regulation_is_cut_to_what_applies(tmp_path, capsys):
    """Buster at six decks, paytable C: of 633c.13(h)'s tables only the six-deck block and its
    column C; the cash bonus table of (i) stays. A proposed table: none of the regulation's paytables."""
    reg = _section(certify(tmp_path, "buster", "--decks", "6", "--paytable", "C"), "2. Regulation", "3. Paytable")
    assert "Six-Deck Shoe" in reg and "Single Deck Shoe" not in reg and "Eight-Deck Shoe" not in reg
    assert "<td>Paytable C</td>" in reg and "<td>Paytable A</td>" not in reg and "Paytable D" not in reg
    assert "<td>Bonus Pay B1</td>" in reg and "only what applies to this report is reprinted" in reg
    proposal = tmp_path / "p.toml"
    proposal.write_text('wager = "buster"\n\n[paytables.P]\ncitation = "a proposal"\ndecks = [6, 8]\n'
                        'pays = { "bust-8+" = 300, "bust-7" = 50, "bust-6" = 12, "bust-5" = 4, "bust-4" = 2, '
                        '"bust-3" = 2 }\n')
    reg = _section(certify(tmp_path, "buster", "--decks", "6", "--paytable-file", str(proposal), "--paytable", "P",
                           out="p.html"), "2. Regulation", "3. Paytable")
    assert "Dealer busts with | Paytable" not in reg and "<td>Paytable C</td>" not in reg and "Deck Shoe" not in reg
    assert "The regulation's paytables are not reprinted" in reg and "<td>Bonus Pay B1</td>" in reg
    assert "(h) If the dealer" in reg  # the rules' words stay
    nine = _section(certify(tmp_path, "21+3", "--decks", "1", "--paytable", "C", out="n.html"), "2. Regulation",
                    "3. Paytable")
    assert "<td>Pay table C</td>" in nine and "<td>Pay table A</td>" not in nine


def test_one_filing_for_several_configurations(tmp_path, capsys):
    """--decks 1,6 --rule S17,H17: one report, one identifier, a summary column and a section each,
    each configuration's figures those of its own report; the command to make it again names them all."""
    from odds.verify.certify import certify as certify_one
    from odds.verify.filing import certify_filing
    out = tmp_path / "f.html"
    assert main(["certify", "buster", "--decks", "1,6", "--rule", "S17,H17", "--paytable", "C", *ROUNDS,
                 "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "4 configurations (1 and 6 decks; S17 and H17)" in said and said.count("agree exactly") == 4
    page = html.unescape(out.read_text())
    assert len(set(re.findall(r"ODDS-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}", page))) == 1
    for n, label in enumerate(("1 deck, S17", "1 deck, H17", "6 decks, S17", "6 decks, H17"), start=3):
        assert f"<h2>{n}. {label}</h2>" in page and f"<th>{label}</th>" in page
    from odds.verify.certify_report import exact_decimal
    one = certify_one("buster", 6, "H17", "C", rounds=2000, seed=3)
    assert f"<b>{exact_decimal(one.sheet.house_edge * 100, 6)}%</b>" in page.split("<h2>1. Regulation")[0]
    assert one.input_hash in page  # the configuration's own input hash, in its section
    assert "odds certify buster --decks 1,6 --rule S17,H17 --paytable C --rounds 2000 --seed 3" in page
    assert page.count("<h2>1. Regulation</h2>") == 1
    assert "Single Deck Shoe" in page and "Six-Deck Shoe" in page and "Eight-Deck Shoe" not in page
    filing = certify_filing("buster", (1, 6), ("S17", "H17"), "C", rounds=2000, seed=3)
    assert filing.report_id in page and filing.filing_hash in page
    again = certify_filing("buster", (1, 6), ("S17", "H17"), "C", rounds=2000, seed=3)
    assert again.report_id == filing.report_id
    assert certify_filing("buster", (1, 6), ("H17", "S17"), "C", rounds=2000, seed=3).report_id != filing.report_id
    # a wager the first cards decide: one configuration a deck count, whatever rules are given
    assert main(["certify", "21+3", "--decks", "1,2", "--rule", "S17,H17", "--paytable", "C", *ROUNDS,
                 "--out", str(tmp_path / "c.html")]) == 0
    said = capsys.readouterr().out
    assert "2 configurations (1 and 2 decks)" in said and "do not depend on the dealer's rule" in said


@pytest.mark.parametrize("args, message", [
    (["--decks", "6,8", "--paytable", "C"], "give --rule S17 or --rule H17 (or both: --rule S17,H17)"),
    (["--decks", "6,8", "--rule", "S17,X17", "--paytable", "C"], "unknown dealer rule 'X17'"),
    (["--decks", "6,0", "--rule", "S17", "--paytable", "C"], "must be at least 1"),
    (["--decks", "1,4", "--rule", "S17", "--paytable", "C"], "paytable C is for 1, 6, 8 deck(s)"),
])
def test_a_filings_bad_input_is_one_line_and_writes_nothing(tmp_path, capsys, args, message):
    out = tmp_path / "f.html"
    assert main(["certify", "buster", *args, *ROUNDS, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and not out.exists()


def test_a_wagers_own_sections_are_tables_not_json(tmp_path, capsys):
    """A progressive's R(M) = a + b*M, the streak wager's round and streaks: tables with their exact
    values (the regulation's "Pav table" slip read as a paytable column too)."""
    prog = html.unescape(certify(tmp_path, "progressive-super-sevens", "--decks", "6", "--paytable", "C",
                                 "--meter", "minor=500,major=2000,mega=10000"))
    assert "<h3>Progressive</h3>" in prog and "<td>a (the fixed pays, the meters at 0)</td>" in prog
    assert '"jackpot_one_in"' not in prog and "<td>three-7s-diamonds</td>" in prog
    reg = _section(prog, "2. Regulation", "3. Paytable")
    assert "<td>Pav table C</td>" in reg and "Pav table A" not in reg and "<td>100% mega</td>" in reg
    streak = html.unescape(certify(tmp_path, "streak", "--decks", "1", "--rule", "H17", "--paytable", "A",
                                   "--any-decks", "--split-hands", "1", out="s.html"))
    par = _section(streak, "6. Par sheet", "7. Verification")
    assert "<h3>Round</h3>" in par and "<h3>Streaks</h3>" in par and "<pre>" not in par
    assert "Round_decimal" not in par and "<td>win</td>" in par
