"""The installed package computes with its compiled kernel, never silently without it."""
import importlib.machinery
import subprocess
import sys

import odds


def test_compiled_kernel_is_active():
    assert odds.ENGINE_PATH == "cython"
    from odds.engine import dealer_kernel
    assert dealer_kernel.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_import_fails_loudly_without_the_kernel(tmp_path):
    # A copy of the pure-Python sources alone (no compiled kernel) must refuse to import.
    import shutil
    from pathlib import Path
    src = Path(odds.__file__).parent
    shutil.copytree(src, tmp_path / "odds", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    r = subprocess.run([sys.executable, "-c", "import odds"], cwd=tmp_path, capture_output=True, text=True)
    assert r.returncode != 0
    assert "odds: a compiled kernel of odds.engine is missing or broken" in r.stderr


def test_every_kernel_in_ext_is_loaded():
    from pathlib import Path

    from odds.engine.kernels import KERNELS
    ext = Path(__file__).resolve().parent.parent / "ext"
    assert sorted(KERNELS) == sorted(p.stem for p in ext.glob("*.pyx"))


def test_every_package_of_the_sources_is_installed():
    # pyproject.toml lists the packages: a subpackage missing there would be left out of `pip install .`
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    text = (root / "pyproject.toml").read_text()
    listed = set(text[text.index("packages = ["):].split("]")[0].replace("packages = [", "").replace('"', "")
                 .replace("\n", " ").replace(",", " ").split())
    found = {".".join(p.parent.relative_to(root).parts) for p in (root / "odds").rglob("__init__.py")}
    assert found <= listed, f"not listed in pyproject.toml: {sorted(found - listed)}"
