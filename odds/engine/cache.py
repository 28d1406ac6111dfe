"""Slow exact results kept on disk, keyed by a hash of their inputs, the software version and the
package's code (so an entry computed by other code is never reused).

The results of the exact player engine behind the streak wagers and EZ Bust's paragraph (g) take
minutes on a full shoe. A function decorated with :func:`disk_cached` looks its result up in the
:class:`ResultCache` made active with :func:`use_cache` (and computes it as before when none is
active). An entry is one JSON file holding the inputs, the version, the values as exact ``"p/q"``
strings and their keyed digest (HMAC-SHA256 under the cache's own secret, :mod:`odds.core.keyed`);
it is written atomically (a temporary file renamed into place), and an entry that cannot be read,
does not match its inputs, fails its digest (edited, or copied from another cache) or fails its
check is computed again and replaced, never trusted.

>>> cache = ResultCache(None)  # a directory keeps them on disk; None, in memory
>>> calls = []
>>> @disk_cached("demo")
... def halves(n):
...     calls.append(n)
...     return {"heads": Fraction(1, n), "tails": 1 - Fraction(1, n)}
>>> with use_cache(cache):
...     first, again = halves(2), halves(2)
>>> first == again == {"heads": Fraction(1, 2), "tails": Fraction(1, 2)}, calls, cache.stats
(True, [2], {'hit': 1, 'computed': 1, 'corrupt': 0, 'unwritten': 0})
"""
from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import inspect
import json
import os
import re
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Optional, TypeVar, Union, cast

from odds.core.errors import OddsError
from odds.core.formats import fraction_text
from odds.core.keyed import digest, folder_key, verified
from odds.core.inputs import read_regular
from odds.core.version import __version__
from odds.core.outputs import output_folder, write_file

FORMAT = 3  # 2: values kept in the order computed; 3: a keyed digest in place of a plain SHA-256
EXACT = re.compile(r"-?[0-9]+(/[0-9]+)?")
MAX_ENTRY = 10 ** 7  # bytes: the largest cache entry read (a round law holds a few hundred values)

Values = dict[str, Fraction]  # a cached result: exact values by name
Check = Callable[[Values], bool]
_F = TypeVar("_F", bound=Callable[..., Mapping[str, Any]])


@functools.lru_cache(maxsize=None)
def code_hash(root: Optional[Path] = None) -> str:
    """SHA-256 of the Python sources and compiled kernels under ``root`` (default: the engines'
    package), in path order."""
    root = Path(__file__).resolve().parent if root is None else root
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.suffix in (".py", ".so", ".pyd") and p.is_file()):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def default_cache_dir() -> Path:
    """``$ODDS_CACHE``, else ``$XDG_CACHE_HOME/odds``, else ``~/.cache/odds``."""
    if os.environ.get("ODDS_CACHE"):
        return Path(os.environ["ODDS_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "odds"


def canonical(value: object) -> Any:
    """The inputs of a computation as plain JSON data (dataclasses by field, fractions as text).

    >>> from odds.core.rules import DealerRules
    >>> canonical({"rule": DealerRules.parse("H17"), "pays": Fraction(3, 2), "cards": (1, 2)})
    {'rule': {'hits_soft_17': True, 'peek': True}, 'pays': '3/2', 'cards': [1, 2]}
    """
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: canonical(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Fraction):
        return fraction_text(value)
    if isinstance(value, dict):
        return {str(k): canonical(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [canonical(v) for v in value]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    raise TypeError(f"cannot key a cache entry on {type(value).__name__}")


def _signed(head: dict[str, Any], values: dict[str, str]) -> bytes:
    """What an entry's digest covers: its inputs and its values in their order."""
    return json.dumps({"head": head, "values": values}, sort_keys=True).encode()


def probability_distribution(values: Values) -> bool:
    """The check for a law: every value between 0 and 1, adding up to 1."""
    return all(0 <= p <= 1 for p in values.values()) and sum(values.values()) == 1


class ResultCache:
    """A directory of exact results (``dict[str, Fraction]``), and a memory of those this object
    has seen; ``directory=None`` keeps them in memory only.

    ``stats`` counts the entries read (``hit``: from this object's memory or from the disk),
    computed (``computed``), found corrupt, forged or failing their check and computed again
    (``corrupt``, counted in ``computed`` too) and not written (``unwritten``: the directory refused
    them). ``read`` and ``written`` name the entries read from the disk and written to it;
    ``fetched`` every entry asked for, in order (repeats included)."""

    def __init__(self, directory: Optional[Union[str, Path]]) -> None:
        self.directory = None if directory is None else Path(directory)
        self.stats = {"hit": 0, "computed": 0, "corrupt": 0, "unwritten": 0}
        self.memory: dict[str, Values] = {}
        self.read: list[str] = []
        self.written: list[str] = []
        self.fetched: list[str] = []
        self._key: Optional[bytes] = None

    def _entry(self, kind: str, inputs: Any) -> tuple[dict[str, Any], Path]:
        head = {"format": FORMAT, "kind": kind, "version": __version__, "code": code_hash(), "inputs": inputs}
        key = hashlib.sha256(json.dumps(head, sort_keys=True).encode()).hexdigest()
        return head, Path(self.directory or ".") / f"{kind}-{key[:32]}.json"

    def _secret(self) -> bytes:
        """The cache's key (made on first use); ``OSError`` when it can be neither read nor made."""
        if self._key is None:
            output_folder(cast(Path, self.directory), "cache", create=True)
            self._key = folder_key(cast(Path, self.directory))
        return self._key

    def _read(self, path: Path, head: dict[str, Any], check: Check) -> Optional[Values]:
        """The entry's values, or None when it is missing; raises ValueError when it is corrupt."""
        try:
            text = read_regular(path, MAX_ENTRY, f"cache entry {path.name}").decode("utf-8")
        except FileNotFoundError:
            return None
        except (OSError, OddsError, UnicodeDecodeError):  # not a regular file, too large, or not text
            raise ValueError(f"cache entry {path.name} cannot be read") from None
        try:
            key = self._secret()
        except (OSError, OddsError):  # no key can be read or made: nothing on this disk is trusted
            return None
        try:
            doc = json.loads(text)
            stored = doc["values"]
            if ({k: doc.get(k) for k in head} != head or not verified(key, _signed(head, stored), doc.get("hmac"))
                    or not all(isinstance(v, str) and EXACT.fullmatch(v) for v in stored.values())):
                raise ValueError
            values = {k: Fraction(v) for k, v in stored.items()}
        except (ValueError, KeyError, TypeError, AttributeError, ZeroDivisionError, RecursionError):
            raise ValueError(f"corrupt cache entry {path.name}") from None
        if not check(values):
            raise ValueError(f"cache entry {path.name} fails its check")
        return values

    def _write(self, path: Path, head: dict[str, Any], values: Values) -> None:
        stored = {k: fraction_text(v) for k, v in values.items()}
        mark = digest(self._secret(), _signed(head, stored))
        text = json.dumps({**head, "values": stored, "hmac": mark}, indent=1)
        write_file(path, (text + "\n").encode("utf-8"), "cache entry")

    def fetch(self, kind: str, inputs: dict[str, Any], compute: Callable[[], Mapping[str, Any]],
              check: Check = probability_distribution) -> Values:
        """The stored values for ``inputs``, else ``compute()`` (stored for next time)."""
        head, path = self._entry(kind, canonical(inputs))
        self.fetched.append(path.name)
        values = self.memory.get(path.name)
        if values is None and self.directory is not None:
            try:
                values = self._read(path, head, check)
            except ValueError:
                self.stats["corrupt"] += 1
            if values is not None:
                self.read.append(path.name)
        if values is not None:
            self.stats["hit"] += 1
        else:
            values = {k: Fraction(v) for k, v in compute().items()}
            self.stats["computed"] += 1
            try:
                if self.directory is not None:
                    self._write(path, head, values)
                    self.written.append(path.name)
            except (OSError, OddsError):  # a cache that cannot be written costs time, not the result
                self.stats["unwritten"] += 1
        self.memory[path.name] = values
        return dict(values)


_ACTIVE: list[Optional[ResultCache]] = []  # the innermost last; None: no cache in this block


@contextlib.contextmanager
def use_cache(cache: ResultCache) -> Iterator[ResultCache]:
    """Within the block, functions decorated with :func:`disk_cached` go through ``cache``."""
    _ACTIVE.append(cache)
    try:
        yield cache
    finally:
        _ACTIVE.pop()


@contextlib.contextmanager
def no_cache() -> Iterator[None]:
    """Within the block every result is computed, whatever cache an outer block made active (a
    certification takes no figure from the disk).

    >>> calls = []
    >>> @disk_cached("demo-uncached")
    ... def third(n):
    ...     calls.append(n)
    ...     return {"one": Fraction(1, 3), "rest": Fraction(2, 3)}
    >>> with use_cache(ResultCache(None)) as cache:
    ...     with no_cache():
    ...         _ = third(1), third(1)
    ...     _ = third(1), third(1)
    >>> len(calls), cache.stats["hit"]
    (3, 1)
    """
    _ACTIVE.append(None)
    try:
        yield
    finally:
        _ACTIVE.pop()


def disk_cached(kind: str, check: Check = probability_distribution) -> Callable[[_F], _F]:
    """Decorate a function returning ``dict[str, Fraction]`` so that, while a cache is active,
    its result is read from disk when its arguments (keyed by :func:`canonical`) were seen before."""
    def wrap(fn: _F) -> _F:
        signature = inspect.signature(fn)

        @functools.wraps(fn)
        def cached(*args: Any, **kwargs: Any) -> Mapping[str, Any]:
            active = _ACTIVE[-1] if _ACTIVE else None
            if active is None:
                return fn(*args, **kwargs)
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            return active.fetch(kind, dict(bound.arguments), lambda: fn(*args, **kwargs), check)
        return cast(_F, cached)
    return wrap
