"""Keyed digests of what odds keeps on disk and reads back (the engine's cache, a sweep's
checkpoint), so that a figure read back is a figure odds wrote.

A folder of kept results holds a secret, the file ``key``: 32 random bytes (in hexadecimal) made
when the folder is first written, readable by its owner only (mode 0600). Each kept file carries
the HMAC-SHA256 of its content under that key. An entry edited by hand, or by a program that
recomputes a plain checksum, or copied from another folder, fails its digest. The key guards
against anyone who can write the entries but cannot read the key (a folder shared with a group,
files copied in from elsewhere, a tool that "repairs" a checksum); it does not guard against the
folder's owner, who could compute anything odds computes. A key that others may read, or that
is not a regular file of the owner's, is replaced by a new one, and every entry made under the
old one then fails its check and is computed again.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as d:
...     key = folder_key(d)
...     mark = digest(key, b"win 2/5")
...     folder_key(d) == key, digest(key, b"win 2/5") == mark, digest(key, b"win 3/5") == mark
(True, True, False)
"""
from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
import stat
import tempfile
from pathlib import Path
from typing import Optional, Union

KEY_FILE = "key"
KEY_BYTES = 32


def _read(path: Path) -> Optional[bytes]:
    """The key in ``path`` if it is one odds can trust: a regular file of this user's, readable by
    no one else, holding 64 hexadecimal digits (a link, or anything else, is not)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if (not stat.S_ISREG(info.st_mode) or info.st_mode & 0o077
                or (hasattr(os, "geteuid") and info.st_uid != os.geteuid()) or info.st_size != 2 * KEY_BYTES):
            return None
        text = os.read(fd, 2 * KEY_BYTES + 1)
    finally:
        os.close(fd)
    try:
        key = bytes.fromhex(text.decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        return None
    return key if len(key) == KEY_BYTES else None


def folder_key(directory: Union[str, Path]) -> bytes:
    """The secret of ``directory`` (made, with the folder, on first use); ``OSError`` when it can
    neither be read nor made."""
    folder = Path(directory)
    path = folder / KEY_FILE
    key = _read(path)
    if key is not None:
        return key
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{KEY_FILE}.", dir=folder)
    try:
        os.fchmod(fd, 0o600)
        new = secrets.token_bytes(KEY_BYTES)
        with os.fdopen(fd, "wb") as f:
            f.write(new.hex().encode("ascii"))
        try:
            os.link(tmp, path)  # made whole, and only where no key is: two processes agree on one
        except FileExistsError:
            found = _read(path)
            if found is not None:
                return found
            os.replace(tmp, path)  # a key that cannot be trusted is replaced
            return new
        return new
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def digest(key: bytes, data: bytes) -> str:
    """The HMAC-SHA256 of ``data`` under ``key``, in hexadecimal."""
    return hmac.new(key, data, hashlib.sha256).hexdigest()


def verified(key: bytes, data: bytes, mark: object) -> bool:
    """Whether ``mark`` is the digest of ``data`` under ``key`` (compared in constant time)."""
    return isinstance(mark, str) and hmac.compare_digest(digest(key, data), mark)
