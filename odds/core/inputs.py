"""Files odds reads: only regular files, and never more than a stated size, so that no input
can take the machine's memory (``/dev/zero``, a FIFO, a sparse file of gigabytes are refused in
one line before anything is read).

>>> import os, tempfile
>>> with tempfile.TemporaryDirectory() as d:
...     path = os.path.join(d, "t.toml")
...     _ = open(path, "w").write('wager = "buster"')
...     read_regular(path, 100, "--paytable-file")
b'wager = "buster"'
>>> try:
...     read_regular("/dev/zero", 100, "--paytable-file")
... except InputError as exc:
...     print(exc)
--paytable-file /dev/zero: is a character device, not a regular file
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Union

from .errors import OddsError

MAX_TEXT_FILE = 1_000_000  # bytes: the largest paytable or wager definition file read


class InputError(OddsError):
    """A file that odds will not read: not a regular file, or larger than its bound."""


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder")):
        if test(mode):
            return name
    return "not a regular file"


def read_regular(path: Union[str, "os.PathLike[str]"], limit: int, what: str) -> bytes:
    """The bytes of the regular file ``path`` (a link followed), at most ``limit`` of them;
    :class:`InputError` for anything else. ``FileNotFoundError`` and other ``OSError`` pass
    through (the command line reports them as a file that cannot be read)."""
    # O_NONBLOCK: opening a FIFO must not wait for a writer; the check below refuses it
    fd = os.open(Path(path), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise InputError(f"{what} {path}: is {_kind(info.st_mode)}, not a regular file")
        if info.st_size > limit:
            raise InputError(f"{what} {path}: {info.st_size:,} bytes; at most {limit:,} are read")
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:  # it grew while read
        raise InputError(f"{what} {path}: more than {limit:,} bytes; at most {limit:,} are read")
    return data


MAX_DEPTH = 16  # the deepest nesting of tables and arrays read from a TOML file


def _depth(value: object) -> int:
    """How deep tables and arrays nest in ``value`` (a scalar is 0), without recursing in Python."""
    deepest, todo = 0, [(value, 0)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, dict):
            todo.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list):
            todo.extend((v, level + 1) for v in item)
        else:
            continue
        deepest = max(deepest, level + 1)
    return deepest


def load_toml(text: str, source: str, error: type[OddsError] = InputError) -> dict:
    """A TOML document read exactly (decimals as :class:`~decimal.Decimal`, never floats), its
    nesting at most :data:`MAX_DEPTH` deep; ``error`` (an :class:`OddsError`) names ``source`` and
    what is wrong on one line.

    >>> load_toml('pays = { "bust" = 2.5 }', "f.toml")
    {'pays': {'bust': Decimal('2.5')}}
    >>> try:
    ...     load_toml("notes = " + "[" * 500 + "]" * 500, "f.toml")
    ... except InputError as exc:
    ...     print(exc)
    f.toml: nested deeper than 16 levels of tables and arrays
    """
    import sys
    from decimal import Decimal
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    too_deep = error(f"{source}: nested deeper than {MAX_DEPTH} levels of tables and arrays")
    try:
        doc = tomllib.loads(text, parse_float=Decimal)
    except RecursionError:  # the parser recurses once a level
        raise too_deep from None
    except (tomllib.TOMLDecodeError, ValueError) as exc:  # ValueError: an integer of thousands of digits
        raise error(f"{source}: not valid TOML: {' '.join(str(exc).split())[:200]}") from None
    if _depth(doc) > MAX_DEPTH:
        raise too_deep
    return doc
