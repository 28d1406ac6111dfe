"""odds report: the book is byte-identical run to run, every link resolves, its JSON sheets are what
`odds wager --format json` prints, the player engine's results come from the cache (and a corrupt
entry is computed again), and bad input fails with one line and status 2 leaving nothing behind."""
import hashlib
import json
import re
import shlex
from fractions import Fraction
from pathlib import Path

import pytest

import odds.wagers.streaks as streaks
from odds import __version__
from odds.core.formats import fraction_text
from odds.engine.cache import ResultCache
from odds.apps.cli import main
from odds.apps.report import plan
from odds.apps.report_plots import plot_names

SMALL = ["--only", "buster,21+3,blazing-7s", "--decks", "1,2"]


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    """The same small book built twice, in different places, with different caches."""
    root = tmp_path_factory.mktemp("books")
    for name in ("first", "second"):
        assert main(["report", "--out", str(root / name), "--cache", str(root / f"cache-{name}"), *SMALL]) == 0
    return root / "first", root / "second"


def files_of(root: Path) -> dict:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_the_same_inputs_give_byte_identical_files(books):
    first, second = map(files_of, books)
    assert first.keys() == second.keys()
    assert [n for n in first if first[n] != second[n]] == []
    assert {n.split("/")[0] for n in first} >= {"index.html", "summary.csv", "SHA256SUMS", "plots", "buster",
                                                "21+3", "blazing-7s"}
    pngs = {n for n in first if n.endswith(".png")}
    assert pngs == set(plot_names(plan(SMALL[1].split(","), [1, 2])))
    assert {"plots/dealer-bust-by-cards.png", "plots/21+3-edge-by-decks.png",
            "plots/blazing-7s-return-by-meter.png"} <= pngs  # buster has one deck count of 1, 2: no edge plot
    assert not any(b"Software" in data for n, data in first.items() if n.endswith(".png"))


def test_every_link_of_the_index_exists_and_every_sheet_is_linked(books):
    root = books[0]
    html = (root / "index.html").read_text()
    links = set(re.findall(r'(?:href|src)="([^"#]+)"', html))
    assert links and all((root / link).is_file() for link in links)
    items = plan(SMALL[1].split(","), [1, 2])
    assert {item.path(ext) for item in items for ext in ("md", "csv", "json")} <= links
    assert sum(1 for link in links if link.endswith(".json")) == len(items)
    sums = dict(reversed(line.split("  ", 1)) for line in (root / "SHA256SUMS").read_text().splitlines())
    assert set(sums) == set(files_of(root)) - {"SHA256SUMS"}
    assert all(hashlib.sha256((root / n).read_bytes()).hexdigest() == h for n, h in sums.items())


def test_a_sheet_in_the_book_is_what_odds_wager_prints(books, capsys):
    root = books[0]
    items = plan(["buster", "blazing-7s"], [1])
    assert items
    for item in (items[1], items[-1]):  # a dealer-rule sheet, a progressive at its reference meter
        words = shlex.split(item.command())
        for fmt, ext in (("json", "json"), ("md", "md"), ("csv", "csv")):
            assert main(words[1:] + ["--format", fmt]) == 0
            assert (root / item.path(ext)).read_text() == capsys.readouterr().out
    doc = json.loads((root / items[1].path("json")).read_text())
    assert doc["wager"] == "buster" and doc["decks"] == 1 and doc["rule"] == items[1].rule


def test_summary_csv_holds_exact_house_edges(books):
    lines = (books[0] / "summary.csv").read_text().splitlines()
    assert lines[0].startswith("wager,paytable,decks,rule,variant,house_edge,")
    row = next(line.split(",") for line in lines if line.startswith("buster,C,1,H17"))
    doc = json.loads((books[0] / "buster/buster-C-1d-H17.json").read_text())
    assert Fraction(row[5]) == Fraction(doc["house_edge"])


class FakeRound:
    """Stands in for the exact round walk (minutes on six decks): fixed chances of a round."""

    calls = 0

    def __init__(self, engine):
        type(self).calls += 1

    def streak(self):
        return {"win": Fraction(2, 5), "loss": Fraction(1, 2), "neither": Fraction(1, 10)}


@pytest.fixture
def fake_engine(monkeypatch):
    FakeRound.calls = 0
    monkeypatch.setattr(streaks, "round_outcomes", FakeRound)
    return FakeRound


def build_streaks(out, cache, capsys):
    args = ["report", "--out", str(out), "--only", "streak", "--decks", "6", "--workers", "1", "--cache", str(cache)]
    assert main(args) == 0
    return capsys.readouterr()


def test_the_cache_is_used_and_a_corrupt_entry_is_computed_again(tmp_path, fake_engine, capsys):
    cache = tmp_path / "cache"
    first = build_streaks(tmp_path / "book", cache, capsys)
    assert fake_engine.calls == 2  # S17 and H17; paytables A and B share each result
    assert "2 result(s) computed, 2 reused within this run, 0 read from the cache" in first.out
    entries = sorted(cache.glob("round-classes-*.json"))
    assert len(entries) == 2 and not list(cache.glob(".*"))  # no temporary file left
    doc = json.loads(entries[0].read_text())
    assert doc["version"] == __version__ and doc["values"]["win"] == "2/5"
    sheet = json.loads((tmp_path / "book/streak/streak-A-6d-S17.json").read_text())
    assert sheet["round"] == {"win": "2/5", "loss": "1/2", "neither": "1/10"}

    computed = files_of(tmp_path / "book")
    second = build_streaks(tmp_path / "book", cache, capsys)
    assert fake_engine.calls == 2 and "0 result(s) computed, 2 reused within this run, 2 read from the cache" \
        in second.out
    assert "4 sheet(s) took results read back from the cache" in second.out
    warm = files_of(tmp_path / "book")
    sheets = [n for n in computed if n.startswith("streak/")]
    assert {n: warm[n] for n in sheets} == {n: computed[n] for n in sheets}  # the same bytes from the cache
    assert "from odds&#x27;s disk cache" not in computed["index.html"].decode()
    note = warm["index.html"].decode().split("4 of these sheets took results")[1].split("</p>")[0]
    assert [f"streak {t} 6d {r}" for t in "AB" for r in ("S17", "H17") if f"<code>streak {t} 6d {r}</code>" in note] \
        == [f"streak {t} 6d {r}" for t in "AB" for r in ("S17", "H17")]

    entries[0].write_text(entries[0].read_text()[:40])  # truncated
    doc["values"]["win"] = "3/5"  # still valid JSON, but not what was computed
    entries[1].write_text(json.dumps(doc))
    third = build_streaks(tmp_path / "book", cache, capsys)
    assert fake_engine.calls == 4 and "2 cache entries were unreadable" in third.out
    assert json.loads(entries[1].read_text())["values"]["win"] == "2/5"
    assert files_of(tmp_path / "book")["streak/streak-A-6d-S17.json"] == json.dumps(sheet, indent=1).encode() + b"\n"


def test_no_cache_computes_each_result_once(tmp_path, fake_engine, capsys):
    assert main(["report", "--out", str(tmp_path / "book"), "--only", "streak", "--decks", "8", "--workers", "1",
                 "--no-cache"]) == 0
    assert fake_engine.calls == 2 and "cache: no cache" in capsys.readouterr().out


def test_a_cache_that_cannot_be_written_costs_time_only(tmp_path, fake_engine, capsys):
    (tmp_path / "file").write_text("not a directory")
    out = build_streaks(tmp_path / "book", tmp_path / "file", capsys).out
    assert fake_engine.calls == 2 and "2 result(s) could not be written to the cache" in out


def test_a_cache_entry_fails_its_check(tmp_path):
    law = {"a": Fraction(1, 3), "b": Fraction(2, 3)}
    assert ResultCache(tmp_path).fetch("demo", {"n": 1}, lambda: law) == law
    path = next(tmp_path.glob("demo-*.json"))
    doc = json.loads(path.read_text())
    doc["values"] = {"a": "1/2", "b": "2/3"}  # checksum recomputed: only the sum betrays it
    doc["sha256"] = hashlib.sha256(json.dumps(doc["values"]).encode()).hexdigest()
    path.write_text(json.dumps(doc))
    cache = ResultCache(tmp_path)
    assert cache.fetch("demo", {"n": 1}, lambda: law) == law
    assert cache.stats == {"hit": 0, "computed": 1, "corrupt": 1, "unwritten": 0}
    assert ResultCache(tmp_path).fetch("demo", {"n": 1}, lambda: {}) == law


@pytest.mark.parametrize("forge", ["plain sha256", "digest under another key", "entry of another cache"])
def test_a_forged_entry_that_is_a_law_is_computed_again(tmp_path, forge):
    """A forged entry that is a probability law with its plain SHA-256 right (as a program that
    "repairs" the checksum leaves it) fails the keyed digest: computed again, replaced, counted."""
    import hmac
    law = {"a": Fraction(1, 3), "b": Fraction(2, 3)}
    assert ResultCache(tmp_path).fetch("demo", {"n": 1}, lambda: law) == law
    path = next(tmp_path.glob("demo-*.json"))
    doc = json.loads(path.read_text())
    doc["values"] = {"a": "1/2", "b": "1/2"}  # a law: the check alone would pass it
    doc["sha256"] = hashlib.sha256(json.dumps(doc["values"]).encode()).hexdigest()
    signed = json.dumps({"head": {k: doc[k] for k in doc if k not in ("values", "hmac", "sha256")},
                         "values": doc["values"]}, sort_keys=True).encode()
    if forge == "digest under another key":
        doc["hmac"] = hmac.new(b"\0" * 32, signed, hashlib.sha256).hexdigest()
    elif forge == "entry of another cache":
        other = tmp_path / "other"
        forged = {"a": Fraction(1, 2), "b": Fraction(1, 2)}
        assert ResultCache(other).fetch("demo", {"n": 1}, lambda: forged) == forged
        doc = json.loads(next(other.glob("demo-*.json")).read_text())
    path.write_text(json.dumps(doc))
    cache = ResultCache(tmp_path)
    assert cache.fetch("demo", {"n": 1}, lambda: law) == law
    assert cache.stats == {"hit": 0, "computed": 1, "corrupt": 1, "unwritten": 0} and cache.read == []
    assert json.loads(path.read_text())["values"] == {"a": "1/3", "b": "2/3"}
    assert ResultCache(tmp_path).fetch("demo", {"n": 1}, lambda: {}) == law


def test_a_cache_key_others_can_read_is_replaced(tmp_path):
    law = {"a": Fraction(1, 3), "b": Fraction(2, 3)}
    ResultCache(tmp_path).fetch("demo", {"n": 1}, lambda: law)
    key = tmp_path / "key"
    assert key.stat().st_mode & 0o777 == 0o600
    key.chmod(0o644)  # readable by anyone: anyone could sign an entry
    cache = ResultCache(tmp_path)
    assert cache.fetch("demo", {"n": 1}, lambda: law) == law
    assert cache.stats["computed"] == 1 and key.stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize("args, message", [
    (["--only", "buster,nosuch"], "unknown wager 'nosuch'"),
    (["--decks", "1,-2"], "--decks"),
    (["--decks", "0"], "--decks"),
    (["--only", "buster", "--decks", "3"], "nothing to build"),
    (["--workers", "0"], "--workers"),
])
def test_bad_input_is_one_line_and_status_2(tmp_path, capsys, args, message):
    assert main(["report", "--out", str(tmp_path / "book"), *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("odds: ") and err.count("\n") == 1 and message in err
    assert list(tmp_path.iterdir()) == []


def test_a_failed_run_leaves_the_old_book_and_nothing_else(tmp_path, monkeypatch, capsys):
    out = tmp_path / "book"
    assert main(["report", "--out", str(out), "--only", "bust-it", "--decks", "1"]) == 0
    before = files_of(out)

    def fail(item):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr("odds.apps.report.compute_sheet", fail)
    capsys.readouterr()
    assert main(["report", "--out", str(out), "--only", "bust-it", "--decks", "2"]) == 3  # a bug, not bad input
    assert "a bug in odds" in capsys.readouterr().err
    assert files_of(out) == before and [p.name for p in tmp_path.iterdir()] == ["book"]


def test_ctrl_c_ends_the_book_and_its_workers_at_once(tmp_path, terminal_interrupts):
    """An interrupt sent to the whole process group, as Ctrl-C in a terminal does, while the
    workers compute EZ Bust's split wagers with the Burnout bonus's round laws (minutes) still to
    come: the command ends within seconds,
    status 130, with no worker's traceback and nothing left on disk. (The workers used to catch it
    in their task and go on to the next while the command waited for all of them.)"""
    import os
    import signal
    import subprocess
    import sys
    import time
    proc = subprocess.Popen([sys.executable, "-m", "odds", "report", "--out", "book", "--no-cache", "--only",
                             "ez-bust,burnout-bonus", "--decks", "6"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=tmp_path, start_new_session=True,
                            preexec_fn=terminal_interrupts)
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(".book.building-*")) and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.2)
    time.sleep(3)  # the workers are in their round laws
    os.killpg(proc.pid, signal.SIGINT)
    start = time.monotonic()
    try:
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130 and time.monotonic() - start < 30, (proc.returncode, err)
    assert err.splitlines()[-1] == "odds: interrupted" and "Traceback" not in err, err
    assert list(tmp_path.iterdir()) == []


def test_a_directory_that_is_not_a_book_is_not_replaced(tmp_path, capsys):
    (tmp_path / "mine.txt").write_text("keep me")
    assert main(["report", "--out", str(tmp_path), "--only", "bust-it", "--decks", "1"]) == 2
    assert "is not a book" in capsys.readouterr().err and (tmp_path / "mine.txt").read_text() == "keep me"


def test_an_entry_made_by_other_code_is_not_reused(tmp_path, monkeypatch):
    from odds.engine import cache as cache_module
    law = {"a": Fraction(1, 3), "b": Fraction(2, 3)}
    calls = []

    def compute():
        calls.append(1)
        return law
    assert ResultCache(tmp_path).fetch("demo", {"n": 1}, compute) == law
    assert ResultCache(tmp_path).fetch("demo", {"n": 1}, compute) == law and len(calls) == 1
    monkeypatch.setattr(cache_module, "code_hash", lambda: "another version of the code")
    assert ResultCache(tmp_path).fetch("demo", {"n": 1}, compute) == law and len(calls) == 2


def test_every_progressive_sheet_of_the_book_names_only_its_tables_meters(capsys):
    """The book prices each progressive table at the meters it pays from, and each sheet's command
    (which `odds wager` refuses with a meter the table does not have) prints the same sheet."""
    from odds.apps.book_plan import plan
    from odds.apps.report import compute_sheet
    from odds.wagers.paytables import builtin_paytables
    items = plan(only=["progressive-super-sevens", "blazing-7s", "progressive-blackjack"], decks=[6])
    assert items
    for item in items:
        table = builtin_paytables(item.wager).tables[item.paytable]
        named = {part.split("=")[0] for part in item.meters.split(",")}
        assert named == {meter for _, meter in table.meter_pays.values()}, item.label
        sheet = compute_sheet(item)
        assert main(item.command().split()[1:] + ["--format", "json"]) == 0
        assert json.loads(capsys.readouterr().out)["house_edge"] == fraction_text(sheet.house_edge)


def test_a_variants_command_gives_its_options(capsys):
    """Each book variant's command names every option that makes it (a flag, or a flag and its
    value), so that it prints the variant's sheet and not the wager's plain one."""
    from odds.apps.book_plan import plan
    from odds.apps.report import compute_sheet
    items = {item.stem: item for item in plan(only=["royal-match-21", "ez-bust"], decks=[6])}
    assert shlex.split(items["ez-bust-PA-6d-S17-resplit"].command())[-3:] == ["--split-hands", "4", "--das"]
    assert shlex.split(items["ez-bust-PA-6d-S17-push"].command())[-1] == "--push-option"
    item = items["royal-match-21-A-6d-any-any-suit"]
    assert shlex.split(item.command())[-2:] == ["--reading", "any-suit"]
    assert main(shlex.split(item.command())[1:] + ["--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)["house_edge"]
    assert printed == fraction_text(compute_sheet(item).house_edge)
    assert printed != fraction_text(compute_sheet(items["royal-match-21-A-6d-any"]).house_edge)


def test_the_burnout_bonus_is_priced_at_its_own_four_hands():
    # The book prices the Burnout bonus with pairs split to four hands (its rules of play), says so
    # in each sheet's command, and computes its two dealer rules one after the other in one process
    # (each round law takes both cores); the streak wager keeps the defaults of odds wager.
    from odds.apps.book_plan import plan
    from odds.apps.report import _groups
    items = plan(only=["burnout-bonus", "streak"], decks=[6])
    bonus = [item for item in items if item.wager == "burnout-bonus"]
    assert {item.rule for item in bonus} == {"S17", "H17"}
    for item in bonus:
        assert item.options()["split_hands"] == 4 and item.on_every_core
        assert shlex.split(item.command())[-2:] == ["--split-hands", "4"]
    assert not any(item.on_every_core or "split_hands" in item.options() for item in items if item.wager == "streak")
    groups = _groups(items)
    assert tuple(bonus) in groups
    assert all(len({item.rule for item in group}) == 1 for group in groups if group[0].wager == "streak")


def test_each_variant_is_drawn_under_its_own_label():
    from odds.apps.book_plan import plan
    from odds.apps.report_plots import _plot_label
    labels = {item.stem: _plot_label(item) for item in plan(only=["royal-match-21", "ez-bust"], decks=[6])}
    assert labels["ez-bust-PA-6d-S17"] == "PA" and labels["ez-bust-PA-6d-S17-push"] == "PA (g)"
    assert labels["ez-bust-PA-6d-S17-resplit"] is None  # the same house edge as the plain sheet's
    assert labels["royal-match-21-A-6d-any-any-suit"] == "A (any suit)"


def test_every_row_of_the_index_says_what_it_is(tmp_path, capsys):
    """EZ Bust as dealt, with (g) and with resplits; royal match 21 by its crown-treasure reading:
    rows a reader tells apart by their own label, not a footnote."""
    from odds.apps.cli import main
    out = tmp_path / "book"
    assert main(["report", "--only", "ez-bust,royal-match-21", "--decks", "6", "--out", str(out), "--no-cache"]) == 0
    index = (out / "index.html").read_text()
    for label in ("PA <small>as dealt</small>", "PA <small>with (g)</small>",
                  "PA <small>split wagers resplit to 4, DAS</small>", "A <small>player&#x27;s suit</small>",
                  "A <small>any suit</small>"):
        assert f"<th>{label}</th>" in index, label


def test_the_streak_rows_are_told_apart_by_the_lengths_their_tables_differ_on(tmp_path, fake_engine, capsys):
    """Tables A and B both pay 3 on two wins, so the index's first table shows them alike; the second
    gives each length, one row where they pay alike, a row a table where they differ. By hand: a round
    won with 2/5, lost with 1/2, so k wins in a row with (4/9)**k, and the edge on k at p to 1 is
    1 - (p + 1) (4/9)**k."""
    build_streaks(tmp_path / "book", tmp_path / "cache", capsys)
    index = (tmp_path / "book/index.html").read_text()
    table = index.split('<th rowspan="2">wins</th>')[1].split("</table>")[0]
    rows = [re.sub(r"<[^>]+>", " ", r).split() for r in table.split("<tr>")[2:]]

    def edge(k, pays):
        return f"{float((1 - (pays + 1) * Fraction(4, 9) ** k) * 100):.4f}%"
    assert rows[0] == ["2", "wins", "in", "a", "row", "A,", "B", "3", "to", "1", edge(2, 3), edge(2, 3)]
    assert rows[1] == ["3", "wins", "in", "a", "row", "A", "7", "to", "1", edge(3, 7), edge(3, 7)]
    assert rows[2] == ["B", "8", "to", "1", edge(3, 8), edge(3, 8)]
    assert rows[-1] == ["B", "38", "to", "1", edge(5, 38), edge(5, 38)] and len(rows) == 7
    assert "House edge of the wager on 2 wins in a row, where every paytable pays the same" in index


def test_a_long_build_says_how_far_it_is_in_a_log(monkeypatch):
    """In a pipe or a log (no terminal) a line a minute: the sheets done of the total, the time, the last."""
    import io as io_
    from odds.apps import report as report_module
    log = io_.StringIO()
    clock = iter([0.0, 30.0, 61.0, 90.0, 125.0])
    progress = report_module.Progress(4, log, clock=lambda: next(clock))
    for name in ("a", "b", "c", "d"):
        progress.step(name)
    progress.close()
    lines = [line for line in log.getvalue().splitlines() if line.startswith("odds report:")]
    assert lines == ["odds report: 2 of 4 sheets in 1m01s (last: b)", "odds report: 4 of 4 sheets in 2m05s (last: d)"]


def test_a_log_hears_from_the_book_while_it_waits_on_its_workers(monkeypatch):
    """The workers' sheets take minutes each: while none comes in, a line a minute all the same."""
    import io as io_
    from odds.apps import report as report_module
    log = io_.StringIO()
    clock = iter([0.0, 20.0, 45.0, 70.0, 100.0, 131.0, 140.0])
    progress = report_module.Progress(3, log, clock=lambda: next(clock))
    progress.step("a")
    for _ in range(4):
        progress.waiting("2 sheets of the player engine to come")
    progress.step("b")
    lines = [line for line in log.getvalue().splitlines() if line.startswith("odds report:")]
    assert lines == ["odds report: 1 of 3 sheets in 1m10s (2 sheets of the player engine to come)",
                     "odds report: 1 of 3 sheets in 2m11s (2 sheets of the player engine to come)"]


def test_every_sheet_is_a_page_a_browser_shows(tmp_path, capsys):
    """The HTML sheet beside the Markdown, CSV and JSON: the index links to it; it holds the figures of
    the JSON, the bonus with words for keys, the command that makes it again and links to the others."""
    import html as html_
    from odds.apps.cli import main
    out = tmp_path / "book"
    assert main(["report", "--only", "buster", "--decks", "6", "--out", str(out), "--no-cache"]) == 0
    index = (out / "index.html").read_text()
    assert 'href="buster/buster-C-6d-H17.html"' in index and 'href="buster/buster-C-6d-H17.md"' in index
    page = html_.unescape((out / "buster" / "buster-C-6d-H17.html").read_text())
    sheet = json.loads((out / "buster" / "buster-C-6d-H17.json").read_text())
    from fractions import Fraction
    from odds.core.formats import decimal_text
    assert f"{decimal_text(Fraction(sheet['house_edge']) * 100, 6)}%" in page
    assert "<h2>Cash bonus B1: 58 Pa. Code 633c.13(i), Bonus Pay B1;" in page and "awards_dollars" not in page
    assert "<pre>odds wager buster --decks 6 --rule H17 --paytable C</pre>" in page
    assert '<a href="buster-C-6d-H17.md">md</a>' in page and "<details>" in page
    for name in (o["name"] for o in sheet["outcomes"]):
        assert f"<td>{name}</td>" in page
    from odds import DealerRules, Shoe
    from odds.wagers import get_wager
    from odds.wagers.paytables import builtin_paytables
    ez = get_wager("ez-bust").price(Shoe.decks(1), DealerRules.parse("H17"), builtin_paytables("ez-bust").tables["PA"],
                                    1)
    assert "<h2>Split wagers</h2>" in ez.to_html() and "split_wagers" not in ez.to_html()  # words for keys
