"""The book of par sheets (``odds report``): every wager, paytable, allowed deck count and dealer
rule as Markdown, CSV and JSON (the files ``odds wager`` prints), with an HTML index, a summary
table and plots.

The results of the exact player engine (the streak wagers, EZ Bust with paragraph (g)) take
minutes each and go through the on-disk cache of :mod:`odds.engine.cache`; the rest take seconds. The
book is built in a directory beside ``out`` and renamed into place at the end, so a failed run
leaves nothing half-written, and the same inputs give byte-identical files.

>>> items = plan(only=["buster"], decks=[1])
>>> [item.stem for item in items][:3]
['buster-A-1d-S17', 'buster-A-1d-H17', 'buster-B-1d-S17']
>>> items[0].command()
'odds wager buster --decks 1 --rule S17 --paytable A'
"""
from __future__ import annotations

import dataclasses
import errno
import hashlib
import io
import multiprocessing
import os
import shlex
import shutil
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Collection, Iterable, Optional, Sequence, TextIO, Union

from odds.core.interrupts import max_workers, worker_pool
from odds.core.progress import bar
from odds.engine.cache import ResultCache, use_cache
from odds.core.errors import OddsError, shown
from odds.core.formats import decimal_text, fraction_text
from odds.core.outputs import output_folder
from odds.pricing.parsheet import ParSheet
from odds.wagers.paytables import proposed_note
from odds.core.rules import DealerRules
from odds.core.shoe import Shoe
from odds.wagers import get_wager

from .book_plan import Item, plan

FORMATS = ("md", "csv", "json")
MARKER = "SHA256SUMS"  # every book holds it; an existing --out without it is not replaced


class ReportError(OddsError):
    """A report that cannot be built as asked."""


def compute_sheet(item: Item) -> ParSheet:
    """The par sheet of one item, as ``item.command()`` computes it."""
    wager = get_wager(item.wager)
    book = item.paytables()
    options = item.options()
    rules = DealerRules.parse("S17" if item.rule == "any" else item.rule)
    table = book.tables[item.paytable]
    sheet = wager.price(Shoe.decks(item.decks), rules, table, item.decks, options, extras=book.extra)
    proposed = proposed_note(book, table)
    return dataclasses.replace(sheet, warnings=sheet.warnings + (proposed,)) if proposed else sheet


def _compute_group(items: tuple, cache_dir: Optional[str]) -> tuple[list, dict, list]:
    """Sheets that share their slow part (they differ by paytable only), in one process so
    that the second reads what the first computed (or that take every core each: :func:`_groups`);
    their cache counts; and whether each took a result read from the disk cache, not computed in
    this run."""
    cache = ResultCache(cache_dir)
    sheets, asked = [], []
    with use_cache(cache):
        for item in items:
            first = len(cache.fetched)
            sheets.append(compute_sheet(item))
            asked.append(cache.fetched[first:])
    read = set(cache.read)
    return sheets, {**cache.stats, "disk": len(cache.read)}, [any(name in read for name in names) for names in asked]


def _groups(items: Sequence[Item]) -> list[tuple]:
    """The items in groups computed in one process each: the sheets of a slow part (its paytables),
    and those whose slow part takes every core together, one after another (about as fast as side
    by side, in half the memory)."""
    out: dict = {}
    for item in items:
        if item.on_every_core:
            key: object = (item.wager, item.decks, item.variant)
        elif item.slow:
            key = (item.wager, item.decks, item.rule, item.variant)
        else:
            key = item
        out.setdefault(key, []).append(item)
    return [tuple(g) for g in out.values()]


class Progress:
    """The book's progress on ``stream``: a bar with the time left and the sheet just done on a
    terminal (:func:`odds.core.progress.bar`); in a pipe or a log, a line a minute (``EVERY``
    seconds): the sheets done of the total, the time taken and the sheet just done."""

    EVERY = 60.0

    def __init__(self, total: int, stream: Optional[TextIO] = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.stream: TextIO = stream or io.StringIO()
        self.bar = bar(total, "odds report", "sheet", file=self.stream)
        isatty = getattr(self.stream, "isatty", None)
        self.lines = stream is not None and not (callable(isatty) and isatty())
        self.total, self.done = total, 0
        self.start = self.last = clock()

    def show(self, text: str) -> None:
        self.bar.set_postfix_str(text, refresh=True)

    def step(self, text: str) -> None:
        self.bar.update(1)
        self.bar.set_postfix_str(text, refresh=False)
        self.done += 1
        self._line(f"last: {text}")

    def waiting(self, text: str) -> None:
        """No sheet done for a while (the workers' sheets take minutes): the line is due all the same."""
        self._line(text)

    def _line(self, text: str) -> None:
        now = self.clock()
        if self.lines and now - self.last >= self.EVERY:
            minutes, seconds = divmod(round(now - self.start), 60)
            self.stream.write(f"odds report: {self.done} of {self.total} sheets in {minutes}m{seconds:02d}s "
                              f"({text})\n")
            self.stream.flush()
            self.last = now

    def close(self) -> None:
        self.bar.close()


def compute_all(items: Sequence[Item], cache_dir: Optional[str], workers: int,
                progress: Progress) -> tuple[dict, Counter, set]:
    """Every item's sheet, the cache's counts and the items that took a result read from the
    disk cache; the slow groups in ``workers`` processes while this one computes the rest."""
    sheets: dict = {}
    stats: Counter = Counter()
    from_cache: set = set()

    def finished(group: Sequence[Item], result: tuple[list, dict, list]) -> None:
        got, counts, cached = result
        stats.update(counts)
        for item, sheet, was_cached in zip(group, got, cached):
            sheets[item] = sheet
            if was_cached:
                from_cache.add(item)
            progress.step(item.label)

    groups = _groups(items)
    slow = [g for g in groups if g[0].slow]
    if workers < 2 or not slow:
        for group in groups:
            finished(group, _compute_group(group, cache_dir))
        return sheets, stats, from_cache
    with worker_pool(min(workers, len(slow))) as pool:
        done = pool.imap_unordered(_compute_numbered, [(i, g, cache_dir) for i, g in enumerate(slow)])
        for group in groups:
            if not group[0].slow:
                finished(group, _compute_group(group, cache_dir))
        progress.show(f"{sum(len(g) for g in slow)} sheet(s) of the player engine to come "
                      "(minutes each unless cached)")
        for _ in slow:
            while True:
                try:
                    index, result = done.next(timeout=progress.EVERY / 4)
                    break
                except multiprocessing.TimeoutError:
                    progress.waiting(f"{len(items) - len(sheets)} sheets of the player engine to come")
            finished(slow[index], result)
    return sheets, stats, from_cache


def _compute_numbered(job: tuple[int, tuple, Optional[str]]) -> tuple[int, tuple[list, dict, list]]:
    """:func:`_compute_group` of the ``index``-th slow group, in a worker: ``(index, its result)``."""
    index, group, cache_dir = job
    return index, _compute_group(group, cache_dir)


def _alive(pid: int) -> bool:
    """Whether a process of this id runs (a book it was building may still be its own)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _tidy(out: Path) -> None:
    """What a killed ``odds report`` left beside ``out``: its half-built folder is removed, and a
    book it had moved aside (between its two final renames) is put back when ``out`` is gone, else
    removed."""
    for leftover in sorted(out.parent.glob(f".{out.name}.building-*")) + sorted(out.parent.glob(f".{out.name}.old-*")):
        pid = leftover.name.split(".building-" if ".building-" in leftover.name else ".old-", 1)[1].split("-")[0]
        if not pid.isdigit() or _alive(int(pid)) or not leftover.is_dir():
            continue
        if ".old-" in leftover.name and not out.exists() and (leftover / MARKER).is_file():
            leftover.rename(out)
        else:
            shutil.rmtree(leftover, ignore_errors=True)


def _check_out(out: Path) -> None:
    if out.exists() and not (out.is_dir() and (not any(out.iterdir()) or (out / MARKER).is_file())):
        raise ReportError(f"{out} exists and is not a book built by odds report (no {MARKER}); "
                          "choose another --out or remove it")


def _write(root: Path, relative: str, data: bytes) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _replace(tmp: Path, out: Path) -> None:
    """Put the new book at ``out``, the old one (if any) removed only once the new one is in. When
    another ``odds report`` puts its book at ``out`` between the two renames, that book is moved
    aside in turn: the book that finishes last is the one left, and nothing else is."""
    aside: list[Path] = []
    for attempt in range(100):
        if out.exists() or out.is_symlink():
            _check_out(out)
            old = out.with_name(f".{out.name}.old-{os.getpid()}-{attempt}")
            try:
                out.rename(old)
            except FileNotFoundError:  # the other build's book left meanwhile
                pass
            else:
                aside.append(old)
        try:
            tmp.rename(out)
            break
        except OSError as exc:
            if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                raise
    else:  # pragma: no cover - a hundred other builds landing between two renames
        raise ReportError(f"{out}: other odds report runs kept replacing it; run again")
    for old in aside:
        shutil.rmtree(old, ignore_errors=True)


@dataclass
class Summary:
    sheets: int
    files: int
    plots: int
    out: Path
    seconds: float
    cache: dict
    cache_dir: Optional[str]
    warned: int
    warnings: list
    from_cache: int = 0

    def text(self) -> str:
        minutes, seconds = divmod(round(self.seconds), 60)
        engine = self.cache.get("hit", 0) + self.cache.get("computed", 0)
        lines = [f"odds report: {self.sheets} par sheets and {self.plots} plots, {self.files} files in all, in "
                 f"{minutes}m{seconds:02d}s",
                 f"index: {self.out / 'index.html'}"]
        if engine:
            where = self.cache_dir or "no cache (--no-cache)"
            disk = self.cache.get("disk", 0)
            lines.append(f"player engine: {self.cache.get('computed', 0)} result(s) computed, "
                         f"{self.cache.get('hit', 0) - disk} reused within this run, {disk} read from the cache; "
                         f"cache: {where}")
        if self.from_cache:
            lines.append(f"{self.from_cache} sheet(s) took results read back from the cache, not computed in this "
                         "run (named in the index)")
        if self.warned:
            lines.append(f"{self.warned} sheet(s) carry warnings (marked in the index)")
        lines += [f"warning: {w}" for w in self.warnings]
        return "\n".join(lines)


def build_report(out: Union[str, Path], only: Optional[Iterable[str]] = None, decks: Optional[Sequence[int]] = None,
                 workers: int = 2, cache_dir: Union[str, Path, None] = None,
                 stream: Optional[TextIO] = None, paytable_file: Union[str, Path, None] = None,
                 wager_file: Union[str, Path, None] = None, counting: int = 0, seed: int = 0) -> Summary:
    """Build the book in ``out``; ``cache_dir=None`` keeps the player engine's results in memory only;
    ``paytable_file``: the book of that file's paytables (every deck count and dealer rule);
    ``wager_file``: the book of the wager that definition file defines (docs/wager-files.md);
    ``counting``: with ``paytable_file``, each sheet's table swept over that many shoes (``seed``)."""
    start = time.perf_counter()
    if counting and paytable_file is None:
        raise ReportError("--counting sweeps the tables of a paytable file's book (--paytable-file); for the "
                          "shipped wagers, odds sweep-all ranks them by a counter's gain")
    if not isinstance(workers, int) or isinstance(workers, bool) or not 1 <= workers <= max_workers():
        raise ReportError(f"workers must be a whole number from 1 to {max_workers()}, got {shown(workers)}")
    items = plan(only, decks, None if paytable_file is None else str(paytable_file),
                 None if wager_file is None else str(wager_file))
    if not items:
        raise ReportError("nothing to build: no paytable allows " +
                          (f"{', '.join(map(str, decks))} deck(s)" if decks else "these choices"))
    out = Path(out)
    if not out.is_symlink():
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ReportError(f"cannot write the book beside {out}: {exc.strerror}") from None
    out = output_folder(out, "--out")  # a link to a folder followed: that folder is replaced
    try:
        _tidy(out)
    except OSError as exc:
        raise ReportError(f"cannot write the book beside {out}: {exc.strerror}") from None
    _check_out(out)
    try:
        tmp = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.building-{os.getpid()}-"))
    except OSError as exc:
        raise ReportError(f"cannot write the book beside {out}: {exc.strerror}") from None
    try:
        os.chmod(tmp, 0o777 & ~_umask())
        progress = Progress(len(items), stream)
        try:
            sheets, stats, from_cache = compute_all(items, None if cache_dir is None else str(cache_dir), workers,
                                                    progress)
        finally:
            progress.close()
        selection = f" --wager-file {shlex.quote(str(wager_file))}" if wager_file else ""
        selection += "".join(f" --{flag} {','.join(map(str, v))}" for flag, v in (("only", only), ("decks", decks)) if v)
        selection += f" --paytable-file {paytable_file}" if paytable_file else ""
        swept = _counting(items, counting, seed) if counting else {}
        selection += f" --counting {counting} --seed {seed}" if counting else ""
        files = render_book(items, sheets, selection, from_cache, swept)
        for name, data in files.items():
            _write(tmp, name, data)
        _check_out(out)
        _replace(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    warnings = []
    if stats.get("corrupt"):
        warnings.append(f"{stats['corrupt']} cache entr{'y was' if stats['corrupt'] == 1 else 'ies were'} "
                        "unreadable or did not check, and computed again")
    if stats.get("unwritten"):
        warnings.append(f"{stats['unwritten']} result(s) could not be written to the cache {cache_dir}")
    return Summary(len(items), len(files), sum(n.startswith("plots/") for n in files), out,
                   time.perf_counter() - start, dict(stats),
                   None if cache_dir is None else str(cache_dir),
                   sum(1 for s in sheets.values() if s.warnings), warnings, len(from_cache))


def _counting(items: Sequence[Item], shoes: int, seed: int) -> dict:
    """Each sheet's table swept (:func:`odds.apps.compare.counting_figures`), with the conditions."""
    from odds.core.rules import DealerRules
    from odds.wagers import WAGERS

    from .compare import CONDITIONS, counting_figures
    out: dict = {}
    for item in items:
        wager = WAGERS[item.wager]
        figures = counting_figures(wager, item.paytables().tables[item.paytable], item.decks,
                                   DealerRules.parse("S17" if item.rule == "any" else item.rule), shoes, seed)
        if figures is not None:
            out[item] = figures
    return {"figures": out, "conditions": CONDITIONS.format(shoes=shoes, seed=seed, penetration=0.75, spots=5)}


def render_book(items: Sequence[Item], sheets: dict, selection: str = "",
                from_cache: Collection[Item] = (), counting: Optional[dict] = None) -> dict[str, bytes]:
    """Every file of the book, name -> bytes: the sheets, the plots, the index, the summary and
    the checksums; ``from_cache``: the items whose sheets took a result read from the disk cache
    (the index names them)."""
    from .report_html import index_html
    from .report_plots import draw_plots

    files = {item.path(ext): (sheets[item].render(ext) + "\n").encode() for item in items for ext in FORMATS}
    for item in items:  # the sheet a browser shows, linking its other formats (beside it in the same folder)
        files[item.path("html")] = sheets[item].to_html(
            item.command(), [(ext, item.path(ext).rsplit("/", 1)[-1]) for ext in FORMATS]).encode()
    plots = draw_plots(items, sheets)
    files.update(plots)
    cached = [item for item in items if item in from_cache]
    files["index.html"] = index_html(items, sheets, sorted(plots), selection, cached, counting or {}).encode()
    files["summary.csv"] = summary_csv(items, sheets).encode()
    files[MARKER] = "".join(f"{hashlib.sha256(files[n]).hexdigest()}  {n}\n" for n in sorted(files)).encode()
    return files


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def summary_csv(items: Sequence[Item], sheets: dict) -> str:
    """One line a sheet: the house edge exact and in decimals, and the sheet's files."""
    import csv
    import io
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["wager", "paytable", "decks", "rule", "variant", "house_edge", "house_edge_decimal",
                "warnings", "md", "csv", "json", "command"])
    for item in items:
        sheet = sheets[item]
        edge = sheet.house_edge
        w.writerow([item.wager, item.paytable, item.decks, item.rule, item.variant,
                    fraction_text(edge), decimal_text(edge, 10), len(sheet.warnings), item.path("md"), item.path("csv"),
                    item.path("json"), item.command()])
    return buf.getvalue()
