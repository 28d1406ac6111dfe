"""Where odds writes: only where the user asked, and only to a regular file or a folder.

One rule for every path odds writes to (``--out``, ``--pdf``, ``--plots``, ``--checkpoint``,
``paytable template --out``, the engine's cache):

- a file is written only where nothing is yet or a regular file is; a folder is used only where
  nothing is yet or a folder is. A device, a FIFO, a socket or a file where a folder is wanted
  is refused with :class:`OutputError`, one line naming the path and what it is;
- a symbolic link is followed to what it names, and that must pass the rule: a file written
  through a link replaces the file the link names (the link stays), a book written through a
  link to a folder replaces that folder. A link that names nothing, or loops, is refused;
- files are written whole or not at all: a temporary file in the same folder, then a rename,
  with the target checked again just before the rename.

>>> import os, tempfile
>>> with tempfile.TemporaryDirectory() as d:
...     write_file(output_file(os.path.join(d, "a.txt"), "--out"), b"hello", "--out")
...     os.mkfifo(os.path.join(d, "fifo"))
...     try:
...         output_file(os.path.join(d, "fifo"), "--out")
...     except OutputError as exc:
...         print(str(exc).replace(d, "D"))
--out D/fifo: is a FIFO, not a regular file (odds writes only regular files and folders)
"""
from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path
from typing import Union

from .errors import OddsError

PathLike = Union[str, "os.PathLike[str]"]


class OutputError(OddsError):
    """An output path odds will not write to: not a regular file or folder, a link that names
    nothing, a folder that does not exist or may not be written."""


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder"),
                       (stat.S_ISREG, "a regular file")):
        if test(mode):
            return name
    return "not a regular file"  # pragma: no cover - every kind POSIX knows is listed


def _followed(path: Path, what: str) -> Path:
    """``path`` with a symbolic link at its end followed (to what it names, in full)."""
    if not path.is_symlink():
        return path
    try:
        target = Path(os.path.realpath(path, strict=True))
    except (OSError, RuntimeError):
        raise OutputError(f"{what} {path}: a symbolic link that names nothing (or loops); give the path itself") \
            from None
    return target


def _parent_writable(path: Path, what: str) -> None:
    parent = path.parent
    if not parent.is_dir():
        raise OutputError(f"{what} {path}: its folder {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise OutputError(f"{what} {path}: cannot be written here (permission denied)")


def output_file(path: PathLike, what: str) -> Path:
    """Where a file given as ``path`` is written, checked before any work: nothing there or a
    regular file, in a folder that exists and may be written (a link followed). ``what`` names
    the path in messages (``--out``)."""
    target = _followed(Path(path), what)
    with contextlib.suppress(FileNotFoundError):
        mode = os.stat(target).st_mode
        if not stat.S_ISREG(mode):
            raise OutputError(f"{what} {path}: is {_kind(mode)}, not a regular file (odds writes only regular files "
                              "and folders)")
        if not os.access(target, os.W_OK):
            raise OutputError(f"{what} {path}: cannot be written (permission denied)")
    _parent_writable(target, what)
    return target


def output_folder(path: PathLike, what: str, create: bool = False) -> Path:
    """Where a folder given as ``path`` is, checked before any work: nothing there (its parent
    folder exists and may be written) or a folder that may be written (a link followed);
    ``create``: make it (and missing parents) now."""
    target = _followed(Path(path), what)
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        if create:
            try:
                target.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise OutputError(f"{what} {path}: cannot be made ({exc.strerror})") from None
            return output_folder(target, what)
        _parent_writable(target, what)
        return target
    if not stat.S_ISDIR(mode):
        raise OutputError(f"{what} {path}: is {_kind(mode)}, not a folder (odds writes only regular files and "
                          "folders)")
    if not os.access(target, os.W_OK | os.X_OK):
        raise OutputError(f"{what} {path}: cannot be written here (permission denied)")
    return target


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_file(path: PathLike, data: bytes, what: str = "output", mode: int = 0o666) -> None:
    """Write ``data`` to ``path`` whole or not at all: a temporary file beside it, then a rename,
    once the target is checked again (:func:`output_file`). ``mode`` less the umask gives the
    permissions (``0o600``: the owner's only)."""
    target = output_file(path, what)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise OutputError(f"{what} {path}: cannot be written ({exc.strerror})") from None
    try:
        os.fchmod(fd, mode & ~_umask())
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        output_file(target, what)  # nothing else has taken its place meanwhile
        os.replace(tmp, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError) and not isinstance(exc, OddsError):
            raise OutputError(f"{what} {path}: cannot be written ({exc.strerror or exc})") from None
        raise


def write_into(folder: PathLike, name: str, data: bytes, what: str = "output") -> Path:
    """Write ``data`` as the file ``name`` (a relative path of odds's own) in ``folder``, whole or
    not at all; its folders are made as needed. Returns the file's path."""
    path = Path(folder) / name
    sub = output_folder(path.parent, what, create=True)
    target = sub / path.name
    write_file(target, data, what)
    return target
