"""The sweep's bounds: a checkpoint's files verified by a keyed digest, its folder checked as every
output is, the shoes, decks and workers bounded, memory flat however many shoes, a long run said
before it goes on, Dask's log lines kept off an interrupted run, and every numeric flag refused in
one line (status 2, never 3)."""
import contextlib
import io
import json
import os
import select
import signal
import socket
import subprocess
import sys
import tracemalloc

import pytest
from hypothesis import given, settings, strategies as st

import odds.apps.sweep as sweep_module
from odds.apps.cli import main
from odds.core.interrupts import max_workers
from odds.apps.sweep import (MAX_SHOES, SweepError, SweepSpec, chunks, dask_client, run_sweep,
                             WINDOW_PER_WORKER)
from odds.apps.sweep_checkpoint import CheckpointError
from odds.core.errors import OddsError

CLI = ["sweep", "21+3", "--decks", "1", "--paytable", "C", "--shoes", "4", "--chunk", "2", "--no-dask"]


def cli(args):
    """Status, standard output and standard error of ``odds`` run in this process."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(args)
    return status, out.getvalue(), err.getvalue()


def one_line_refusal(args, *words):
    status, out, err = cli(args)
    assert status == 2 and out == "" and err.count("\n") == 1 and err.startswith("odds: "), (status, err)
    for word in words:
        assert word in err, err
    return err


def kept_folder(root):
    folder, = (f for f in root.iterdir() if f.is_dir())
    return folder


# ------------------------------------------------------------------------ the checkpoint's files

@pytest.mark.parametrize("name", ["shoes-2-2.json", "exact-returns.json"])
def test_a_file_edited_by_hand_is_refused_in_one_line(tmp_path, name):
    """A chunk whose rounds were raised (44466 -> 47426 in a real study), or the kept exact
    returns edited, with the JSON still well formed: refused in one line naming the file, saying
    it was not written under this checkpoint's key and how to go on."""
    args = CLI + ["--checkpoint", str(tmp_path)]
    status, first, _ = cli(args)
    assert status == 0
    path = kept_folder(tmp_path) / name
    doc = json.loads(path.read_text())
    if name == "exact-returns.json":
        doc["data"][0] = "1/2"
    else:
        doc["data"]["rounds"] += 2960
    path.write_text(json.dumps(doc))
    err = one_line_refusal(args, str(path), "not written by odds under this checkpoint's key", "delete it")
    path.unlink()  # as the message says: the run goes on, and deals those shoes again
    status, again, _ = cli(args)
    assert status == 0 and again.splitlines()[:-1] == first.splitlines()[:-1], err


def test_a_file_copied_from_another_checkpoint_is_refused(tmp_path):
    """The same sweep kept in two folders: each has its own key, so a chunk of one copied into
    the other is not read back. The key is the owner's alone."""
    for where in ("a", "b"):
        assert cli(CLI + ["--checkpoint", str(tmp_path / where)])[0] == 0
    assert oct((tmp_path / "a" / "key").stat().st_mode & 0o777) == "0o600"
    a, b = kept_folder(tmp_path / "a"), kept_folder(tmp_path / "b")
    assert a.name == b.name
    (b / "shoes-0-2.json").write_bytes((a / "shoes-0-2.json").read_bytes())
    one_line_refusal(CLI + ["--checkpoint", str(tmp_path / "b")], "shoes-0-2.json", "not written by odds")


def test_a_link_in_place_of_a_chunk_is_not_written_through(tmp_path):
    """A chunk's file is written as every output is (odds.core.outputs.write_file): a link in its
    place that names nothing is refused, and nothing is made where it points."""
    spec = SweepSpec("21+3", "C", 1, shoes=4, chunk=2)
    run_sweep(spec, checkpoint=tmp_path)
    folder = kept_folder(tmp_path)
    (folder / "shoes-2-2.json").unlink()
    (folder / "shoes-2-2.json").symlink_to(tmp_path / "elsewhere.json")
    with pytest.raises(OddsError, match="names nothing"):
        run_sweep(spec, checkpoint=tmp_path)
    assert not (tmp_path / "elsewhere.json").exists()


def test_a_checkpoint_file_too_large_or_not_a_file_is_refused(tmp_path):
    spec = SweepSpec("21+3", "C", 1, shoes=4, chunk=2)
    run_sweep(spec, checkpoint=tmp_path)
    path = kept_folder(tmp_path) / "shoes-0-2.json"
    path.unlink()
    os.mkfifo(path)
    with pytest.raises(CheckpointError, match="FIFO"):
        run_sweep(spec, checkpoint=tmp_path)
    path.unlink()
    with open(path, "wb") as f:
        f.truncate(2 ** 31)  # a sparse file of 2 GB: never read whole
    with pytest.raises(CheckpointError, match="bytes; at most"):
        run_sweep(spec, checkpoint=tmp_path)


def _socket_at(path):
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(path))
    return s


@pytest.mark.parametrize("kind", ["dangling", "loop", "fifo", "file", "socket"])
def test_the_checkpoint_folder_is_checked_as_every_output(tmp_path, kind):
    """``checkpoint=`` (the library) and ``--checkpoint``: not a folder, or a link that names
    nothing, refused in one line before any work, where a dangling link said "File exists"."""
    where = tmp_path / "kept"
    opened = None
    if kind == "dangling":
        where.symlink_to(tmp_path / "nowhere")
    elif kind == "loop":
        where.symlink_to(where)
    elif kind == "fifo":
        os.mkfifo(where)
    elif kind == "file":
        where.write_text("")
    else:
        opened = _socket_at(where)
    try:
        with pytest.raises(OddsError) as caught:
            run_sweep(SweepSpec("21+3", "C", 1, shoes=2), checkpoint=where)
        assert "\n" not in str(caught.value) and str(where) in str(caught.value)
        assert "exists" not in str(caught.value)
        one_line_refusal(CLI + ["--checkpoint", str(where)], "--checkpoint", str(where))
    finally:
        if opened is not None:
            opened.close()
    assert not (tmp_path / "nowhere").exists()


# ------------------------------------------------------------------------- shoes, decks, memory

def test_the_shoes_decks_and_chunk_are_bounded():
    for name, value in (("shoes", MAX_SHOES + 1), ("chunk", MAX_SHOES + 1), ("decks", 1001),
                        ("shoes", 10 ** 5000)):
        with pytest.raises(SweepError, match=f"{name} must be at most") as caught:
            SweepSpec("21+3", "C", **{"decks": 6, name: value})
        assert len(str(caught.value)) < 100
    SweepSpec("21+3", "C", 6, shoes=MAX_SHOES)
    one_line_refusal(["sweep", "21+3", "--decks", "6", "--paytable", "C", "--shoes", str(MAX_SHOES + 1)],
                     f"at most {MAX_SHOES:,}")


def test_a_sweep_of_a_billion_shoes_plans_in_flat_memory(monkeypatch):
    """The chunks are made as they are dealt: the planning of 10^8 shoes in chunks of 100 (a
    list of a million chunks took 110 MB; 10^9, 1.1 GB) allocates as little as that of 1,000."""
    assert not isinstance(chunks(SweepSpec("21+3", "C", 6, shoes=10 ** 9)), (list, tuple))

    class Dealt(Exception):
        pass

    def deal(task, first, count):
        raise Dealt

    monkeypatch.setattr(sweep_module, "run_chunk", deal)

    def planned(shoes):
        spec = SweepSpec("21+3", "C", 6, shoes=shoes)
        sweep_module.make_plan(spec)  # the exact returns, cached alike for both
        tracemalloc.start()
        try:
            with pytest.raises(Dealt):
                run_sweep(spec)
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert planned(10 ** 8) < planned(1000) + 2 ** 20


def test_dask_gets_a_bounded_number_of_chunks_at_a_time():
    """On a Dask cluster at most WINDOW_PER_WORKER chunks a worker thread are in flight (all of
    them were sent at once), and the numbers are those of one process."""
    from dask.distributed import Client, LocalCluster
    spec = SweepSpec("21+3", "C", 1, shoes=30, chunk=1, seed=2)
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0") as cluster, \
            Client(cluster) as client:
        sent, most = [], [0]
        real_submit, real_map = client.submit, client.map

        def count(futures):
            sent.extend(futures)
            most[0] = max(most[0], sum(not future.done() for future in sent))
            return futures

        client.submit = lambda *a, **k: count([real_submit(*a, **k)])[0]
        client.map = lambda *a, **k: count(real_map(*a, **k))
        on_dask = run_sweep(spec, client=client)
    assert on_dask.tally == run_sweep(spec).tally
    assert 0 < most[0] <= WINDOW_PER_WORKER * 1, most[0]


# --------------------------------------------------------------------------------- a long run

def test_a_long_sweep_says_so_before_it_starts_in_a_pipe(tmp_path):
    """A thousand decks and 10^9 shoes (years of processor time): one line on standard error,
    to a pipe, with the estimate, before any result."""
    command = [sys.executable, "-m", "odds", "sweep", "21+3", "--decks", "1000", "--paytable", "C", "--shoes",
               str(10 ** 9), "--no-dask"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                            start_new_session=True)
    try:
        ready, _, _ = select.select([proc.stderr], [], [], 120)
        line = proc.stderr.readline() if ready else ""
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
    assert line.startswith("odds: this sweep will take about ") and " hours " in line, line
    assert "1,000 decks" in line and "timed on the first" in line


def test_a_short_sweep_says_nothing_and_the_estimate_scales(monkeypatch):
    stream = io.StringIO()
    run_sweep(SweepSpec("21+3", "C", 6, shoes=3), stream=stream)
    assert stream.getvalue() == ""
    monkeypatch.setattr(sweep_module, "LONG_RUN", -1.0)  # every run is long
    run_sweep(SweepSpec("21+3", "C", 6, shoes=3), stream=stream)
    line, = stream.getvalue().splitlines()
    assert line.startswith("odds: this sweep will take about") and "(2 shoes of 6 decks" in line


# -------------------------------------------------------------------------------- the workers

def test_the_local_cluster_has_at_most_four_workers_a_core():
    too_many = max_workers() + 1
    assert max_workers() == 4 * (os.cpu_count() or 1)
    with pytest.raises(SweepError, match=f"at most {max_workers():,}"):
        run_sweep(SweepSpec("21+3", "C", 6, shoes=2), workers=too_many)
    with pytest.raises(SweepError, match=f"at most {max_workers():,}"):
        with dask_client(too_many, None):
            pass  # pragma: no cover - refused before any process starts
    one_line_refusal(["sweep", "21+3", "--decks", "6", "--paytable", "C", "--workers", str(too_many)],
                     f"at most {max_workers():,}")
    one_line_refusal(["sweep-all", "--only", "21+3", "--workers", str(10 ** 5)], f"at most {max_workers():,}")


def test_dask_log_lines_do_not_reach_standard_error(tmp_path):
    """The scheduler's "Couldn't gather keys ... 'forgotten'" on Ctrl-C: while the sweep's
    cluster runs, Dask's loggers print nothing; only our one line is the user's to read."""
    script = ("import logging\n"
              "from odds.apps.sweep import dask_client\n"
              "with dask_client(1, None):\n"
              "    logging.getLogger('distributed.scheduler').error(\"Couldn't gather keys {'x': 'forgotten'}\")\n"
              "    logging.getLogger('distributed.client').error('lost')\n")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert run.returncode == 0 and run.stderr == "", run.stderr


# ------------------------------------------------------------------------------------ numbers

MAGNITUDES = ["1e400", "1e5000", "-1e5000", "1e5000%", "1e400%", "nan", "inf", "-inf", "-0", "0", "-1", "1/0",
              "9" * 5000, "9" * 4000, "1e5000000000", "0." + "0" * 5000 + "1", "", "0x10", "1e-400", "0.5"]
FLAGS = ["--penetration", "--shoes", "--spots", "--seed", "--chunk", "--workers", "--decks", "--level"]


@pytest.mark.parametrize("flag", FLAGS)
def test_every_numeric_flag_is_refused_in_one_line(flag):
    """Every magnitude through every numeric flag of the sweep: a result, or one line and
    status 2; never status 3 (1e5000 as a penetration was one, while its message was made)."""
    for value in MAGNITUDES:
        status, out, err = cli(["sweep", "21+3", "--decks", "1", "--paytable", "C", "--shoes", "1", "--no-dask",
                                flag, value])
        assert status in (0, 2), (flag, value[:20], err)
        if status == 2:
            assert out == "" and err.count("\n") == 1 and err.startswith("odds: "), (flag, value[:20], err)


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.floats(), st.fractions(), st.integers(), st.decimals(allow_nan=True),
                 st.builds(lambda m, e: f"{m}e{e}", st.integers(-10, 10), st.integers(-10 ** 6, 10 ** 6)),
                 st.text(max_size=20)))
def test_a_penetration_of_any_magnitude_is_a_sweep_error(value):
    """The library: any penetration a sweep cannot deal is a SweepError with a short message."""
    try:
        SweepSpec("21+3", "C", 6, penetration=value)
    except SweepError as exc:
        assert len(str(exc)) < 200 and "\n" not in str(exc)
    status, out, err = cli(["sweep", "21+3", "--decks", "6", "--paytable", "C", "--shoes", "1", "--no-dask",
                            "--penetration", str(value)])
    assert status in (0, 2) and (status == 0 or err.count("\n") == 1), err
