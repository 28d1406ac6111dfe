"""Every path odds writes to, by kind: a regular file or folder is written (a symbolic link followed to
what it names), a device, a FIFO, a socket, a link to nothing or a looping link is refused in one line
(status 2) and left as it was. Run as the user the tests run as and, where the tests run as root, also
as an unprivileged user; device nodes are made in a scratch folder, never the system's own."""
from __future__ import annotations

import os
import pwd
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from tools import require

from odds.apps.cli import main

ROOT = hasattr(os, "geteuid") and os.geteuid() == 0

FILE_OUTPUTS = {  # a command writing one file, given its path
    "template --out": lambda p: ["paytable", "template", "buster", "--force", "--out", p],
    "certify --out": lambda p: ["certify", "bust-it", "--decks", "1", "--rule", "S17", "--rounds", "200", "--out", p],
    "certify --pdf": lambda p: ["certify", "bust-it", "--decks", "1", "--rule", "S17", "--rounds", "200", "--out",
                                str(Path(p).parent / "ok.html"), "--pdf", p],
}
FOLDER_OUTPUTS = {  # a command writing a folder, given its path
    "report --out": lambda p: ["report", "--only", "bust-it", "--decks", "1", "--out", p],
    "sweep --plots": lambda p: ["sweep", "21+3", "--decks", "1", "--paytable", "C", "--shoes", "2", "--no-dask",
                                "--plots", p],
}


def make(kind: str, where: Path) -> Path:
    """A path of ``kind`` in the folder ``where``."""
    path = where / kind
    if kind == "regular":
        path.write_text("old")
    elif kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "socket":
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(path))
        s.close()
    elif kind == "device":
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # a null device of the scratch folder's own
    elif kind == "link-to-file":
        (where / "target-file").write_text("old")
        path.symlink_to("target-file")
    elif kind == "link-to-folder":
        (where / "target-folder").mkdir()
        path.symlink_to("target-folder")
    elif kind == "dangling-link":
        path.symlink_to("nothing-here")
    elif kind == "looping-link":
        path.symlink_to(kind)
    return path


KINDS = ["missing", "regular", "folder", "fifo", "socket", "device", "link-to-file", "link-to-folder",
         "dangling-link", "looping-link"]
WRITTEN_AS_FILE = {"missing", "regular", "link-to-file"}
WRITTEN_AS_FOLDER = {"missing", "folder", "link-to-folder"}


def snapshot(where: Path) -> dict[str, tuple[int, str]]:
    """Each entry of ``where``: its type bits and, for a link, what it names."""
    return {p.name: (stat.S_IFMT(os.lstat(p).st_mode), os.readlink(p) if p.is_symlink() else "")
            for p in where.iterdir()}


def check(kind: str, as_folder: bool, where: Path, status: int, err: str) -> None:
    path = where / kind
    written = WRITTEN_AS_FOLDER if as_folder else WRITTEN_AS_FILE
    if kind in written:
        assert status == 0, err
        final = Path(os.path.realpath(path))
        assert (final.is_dir() if as_folder else final.is_file() and final.read_bytes() != b"old")
        if kind.startswith("link"):
            assert path.is_symlink()  # the link stays, what it names is replaced
    else:
        assert status == 2 and err.startswith("odds: ") and err.count("\n") == 1, (status, err)
        assert str(path.name) in err
    assert not [p for p in where.iterdir() if p.name.startswith(".")], "debris left beside the output"


def needs_root(kind: str) -> None:
    if kind == "device" and not ROOT:
        pytest.skip("a device node can be made only by root (CI runs as root)")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("output", [pytest.param(o, marks=[pytest.mark.tools] if "--pdf" in o else [])
                                    for o in sorted(FILE_OUTPUTS)])
def test_a_file_output_by_kind_of_path(tmp_path, capsys, output, kind):
    needs_root(kind)
    path = make(kind, tmp_path)
    before = snapshot(tmp_path)
    if output == "certify --pdf" and kind in WRITTEN_AS_FILE:  # a path refused is refused without it
        require("chromium")
    status = main(FILE_OUTPUTS[output](str(path)))
    err = capsys.readouterr().err
    check(kind, False, tmp_path, status, err)
    if status == 2:
        after = snapshot(tmp_path)
        assert {k: after[k] for k in before} == before  # the node refused is as it was


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("output", sorted(FOLDER_OUTPUTS))
def test_a_folder_output_by_kind_of_path(tmp_path, capsys, output, kind):
    needs_root(kind)
    path = make(kind, tmp_path)
    before = snapshot(tmp_path)
    status = main(FOLDER_OUTPUTS[output](str(path)))
    check(kind, True, tmp_path, status, capsys.readouterr().err)
    if status == 2:
        assert snapshot(tmp_path) == before


UNPRIVILEGED = "nobody"


@pytest.mark.skipif(not ROOT, reason="the tests run unprivileged already")
@pytest.mark.parametrize("kind", ["device", "fifo", "socket", "regular", "link-to-file", "dangling-link"])
def test_as_an_unprivileged_user(kind):
    """The same rule for a user who may not replace a device or write where root may."""
    user = pwd.getpwnam(UNPRIVILEGED)
    scratch = Path(tempfile.mkdtemp(prefix="odds-output-"))  # pytest's own folders are root's only
    try:
        path = make(kind, scratch)
        for p in [scratch, *scratch.iterdir()]:
            os.lchown(p, user.pw_uid, user.pw_gid)
        run_as(user, scratch, path, kind)
    finally:
        shutil.rmtree(scratch)


def run_as(user: pwd.struct_passwd, scratch: Path, path: Path, kind: str) -> None:
    """The command run in a child process that has given up root for ``user`` (a fork, as the
    interpreter's own files may be root's only)."""
    warm = scratch.parent / f"{scratch.name}-warm.toml"
    assert main(FILE_OUTPUTS["template --out"](str(warm))) == 0  # every module it needs imported already
    warm.unlink()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns to pytest
        status = 3
        try:
            sys.stderr = os.fdopen(write, "w")  # pytest's capture of sys.stderr is not the child's
            os.setgroups([])
            os.setgid(user.pw_gid)
            os.setuid(user.pw_uid)
            os.environ["HOME"] = str(scratch)
            status = main(FILE_OUTPUTS["template --out"](str(path)))
        except BaseException:
            import traceback
            traceback.print_exc()
        finally:
            sys.stderr.flush()
            os._exit(status)
    os.close(write)
    with os.fdopen(read) as f:
        err = f.read()
    _, waited = os.waitpid(pid, 0)
    check(kind, False, scratch, os.waitstatus_to_exitcode(waited), err)
