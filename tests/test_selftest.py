"""python -m odds.verify.selftest: passes on this install, and fails when a check fails."""
import subprocess
import sys

from odds.verify import selftest


def test_selftest_passes_as_a_module(tmp_path):
    # Run away from the source tree, so that the installed package is the one tested.
    run = subprocess.run([sys.executable, "-m", "odds.verify.selftest"], capture_output=True, text=True, timeout=300,
                         cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "engine: cython" in run.stdout and "all checks pass" in run.stdout


def test_selftest_reports_a_failing_check(monkeypatch, capsys):
    def broken():
        raise RuntimeError("kernel gives nonsense")
    monkeypatch.setattr(selftest, "CHECKS", selftest.CHECKS + (("a planted failure", broken),))
    assert selftest.main() == 1
    out = capsys.readouterr().out
    assert "FAIL  a planted failure (RuntimeError: kernel gives nonsense)" in out and "1 check(s) failed" in out


def test_selftest_command(capsys):
    from odds.apps.cli import main
    assert main(["selftest"]) == 0
    assert "all checks pass" in capsys.readouterr().out
