"""A sweep's finished chunks kept on disk, so that a long study stopped part way (a machine
restarted, a cluster's node lost, the command interrupted) goes on where it was.

Each chunk's :class:`~odds.apps.sweep.Tally` is written, once the chunk is done, to a file of
its own in a folder named after the sweep: the wager and a digest of everything its numbers
depend on (the spec but for its number of shoes, and odds's own code, its sources and kernels;
a longer run of the same sweep reads a shorter one's chunks). The exact returns the count is drawn from (the
full shoe's and its effects of removal) are kept there too, as they can take an hour for a wager
settled on the player's play. A run with the same folder reads the
chunks already there and deals only the others; as a chunk's shoes do not depend on the other
chunks (:func:`odds.apps.sweep.shoe_seed`) and the sums are exact, the result is the one an
uninterrupted run gives. A sweep with other settings lands in another folder, so nothing is
mixed. A file is written under another name and renamed, so a chunk is on disk whole or not
at all (:func:`odds.core.outputs.write_file`).

A figure read back is a figure verified: each file carries the HMAC-SHA256 of its content under
the key of the checkpoint folder (the file ``key`` at its top, readable by its owner only,
:mod:`odds.core.keyed`). A file edited by hand, by a program that recomputes a plain checksum, or
copied in from another checkpoint folder is refused in one line naming it (delete it, and the run
deals its shoes again); it is never added in. The folder itself is checked as every output is
(:func:`odds.core.outputs.output_folder`): a device, a FIFO, a file or a link that names nothing
is refused before any work, and no file read back may be larger than :data:`MAX_FILE`.

>>> import tempfile
>>> from odds.apps.sweep import SweepSpec, run_sweep
>>> spec = SweepSpec("21+3", "C", 6, "S17", shoes=3, chunk=1, seed=1)
>>> with tempfile.TemporaryDirectory() as d:
...     first = run_sweep(spec, checkpoint=d)
...     again = run_sweep(spec, checkpoint=d)  # every chunk read back, none dealt
...     first.tally == again.tally, again.resumed
(True, 3)
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import math
from pathlib import Path
from typing import Any, Callable, Optional, TypeVar, Union

import odds
from odds.core.errors import OddsError
from odds.core.inputs import read_regular
from odds.core.keyed import KEY_FILE, digest, folder_key, verified
from odds.core.outputs import output_folder, write_into
from odds.engine.cache import code_hash

FORMAT = 2  # the layout of a chunk's file; 2: a keyed digest of its content
MAX_FILE = 64 * 2 ** 20  # bytes: the largest checkpoint file read back (a chunk's tally takes kilobytes)
T = TypeVar("T")


class CheckpointError(OddsError):
    """A checkpoint's file that cannot be read back."""


def odds_code() -> str:
    """The digest of the whole package's sources and kernels: chunks dealt by other code are
    not read back."""
    return code_hash(Path(odds.__file__).resolve().parent)


def _float_text(x: float) -> str:
    return "inf" if x == math.inf else "-inf" if x == -math.inf else x.hex()


def tally_json(t: Any) -> dict:
    """A tally (a dataclass of whole numbers, floats and tables of whole numbers) as JSON: its
    integers as they are, its floats in hexadecimal (exact), its tables' keys as text.

    >>> from odds.apps.sweep import Tally
    >>> t = Tally(shoes=1, rounds=2, min_r=-0.25, hist={-3: 2})
    >>> tally_from_json(Tally, json.loads(json.dumps(tally_json(t)))) == t
    True
    """
    out: dict[str, Any] = {}
    for f in dataclasses.fields(t):
        value = getattr(t, f.name)
        if isinstance(value, float):
            value = _float_text(value)
        elif isinstance(value, dict):
            value = {str(k): v for k, v in value.items()}
        out[f.name] = value
    return out


def tally_from_json(kind: type[T], data: dict) -> T:
    """The ``kind`` of tally :func:`tally_json` wrote (``KeyError``, ``ValueError`` or
    ``TypeError`` if it is not one)."""
    values: dict[str, Any] = {}
    blank = kind()
    for f in dataclasses.fields(blank):  # type: ignore[arg-type]
        value = data[f.name]
        default = getattr(blank, f.name)
        if isinstance(default, float):
            value = float.fromhex(value) if value not in ("inf", "-inf") else float(value)
        elif isinstance(default, dict):
            value = {int(k): (list(v) if isinstance(v, list) else int(v)) for k, v in value.items()}
        elif not isinstance(value, int):
            raise TypeError(f"{f.name} is {value!r}, not a whole number")
        values[f.name] = value
    return kind(**values)


def _signed(described: str, data: Any) -> bytes:
    """What a file's digest covers: the sweep it belongs to and its data."""
    return json.dumps({"sweep": described, "data": data}, sort_keys=True).encode()


class Checkpoint:
    """The folder under ``directory`` that keeps what one sweep has finished: ``name`` (its wager)
    and ``described``, everything its numbers depend on, in text; its chunks' tallies of ``kind``.
    ``directory`` is checked now (``OutputError``); it is made, with its key, on the first write.
    ``what`` names it in messages."""

    def __init__(self, directory: Union[str, Path], name: str, described: str, kind: type,
                 what: str = "checkpoint") -> None:
        output_folder(directory, what)
        self._described = f"format {FORMAT}, odds {odds.__version__} code {odds_code()[:16]}: {described}"
        tag = hashlib.sha256(self._described.encode()).hexdigest()[:16]
        self.root = Path(directory)
        self.folder = self.root / f"{name}-{tag}"
        self._kind = kind
        self._what = what
        self._key: Optional[bytes] = None

    def _secret(self) -> bytes:
        """The key of the checkpoint folder (made with it on first use)."""
        if self._key is None:
            output_folder(self.root, self._what, create=True)
            try:
                self._key = folder_key(self.root)
            except OSError as exc:
                raise CheckpointError(f"{self._what} {self.root}: its key cannot be kept "
                                      f"({exc.strerror or exc})") from None
        return self._key

    def read(self, name: str, parse: Callable[[Any], T]) -> Optional[T]:
        """``parse`` of what :meth:`write` kept as ``name``, or None if nothing is; a file that
        cannot be read, that fails its digest, or that ``parse`` refuses (``ValueError``,
        ``KeyError``, ``TypeError``, ``IndexError``, ``ZeroDivisionError``), raises
        :class:`CheckpointError` naming it."""
        path = self.folder / f"{name}.json"
        try:
            raw = read_regular(path, MAX_FILE, "checkpoint")
        except FileNotFoundError:
            return None
        except (OSError, OddsError) as exc:
            raise CheckpointError(f"checkpoint {path} cannot be read ({exc}); delete it to compute it again") from None
        try:
            data = json.loads(raw)
            if data.get("sweep") != self._described:
                raise ValueError("written by another sweep")
            signed = _signed(data["sweep"], data["data"])
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
            raise CheckpointError(f"checkpoint {path} cannot be read ({exc}); delete it to compute it again") from None
        if not verified(self._secret(), signed, data.get("hmac")):
            raise CheckpointError(f"checkpoint {path} was not written by odds under this checkpoint's key "
                                  f"({self.root / KEY_FILE}); delete it to compute it again")
        try:
            return parse(data["data"])
        except (ValueError, KeyError, TypeError, IndexError, ZeroDivisionError, AttributeError) as exc:
            raise CheckpointError(f"checkpoint {path} cannot be read ({exc}); delete it to compute it again") from None

    def write(self, name: str, data: Any) -> None:
        """Keep ``data`` (JSON) as ``name``, with its digest: whole, or not at all."""
        mark = digest(self._secret(), _signed(self._described, data))
        text = json.dumps({"sweep": self._described, "data": data, "hmac": mark})
        write_into(self.root, f"{self.folder.name}/{name}.json", text.encode(), self._what)

    def load(self, first: int, count: int) -> Optional[Any]:
        """The tally of the chunk of ``count`` shoes from ``first``, if it is kept."""
        return self.read(f"shoes-{first}-{count}", lambda data: self._tally(data, count))

    def _tally(self, data: Any, count: int) -> Any:
        tally: Any = tally_from_json(self._kind, data)
        if tally.shoes != count:
            raise ValueError(f"it holds {tally.shoes} shoes, not {count}")
        return tally

    def save(self, first: int, count: int, tally: Any) -> None:
        """Keep one finished chunk."""
        self.write(f"shoes-{first}-{count}", tally_json(tally))
