"""The package's architecture, checked: imports run downward through the layers, no module imports
another's private names, and no two modules import each other (docs/architecture.md)."""
import ast
from pathlib import Path

import pytest

import odds

ROOT = Path(odds.__file__).parent
# Each layer may import from the layers before it, and from its own.
LAYERS = ["odds.core", "odds.regulations", "odds.engine", "odds.reference", "odds.pricing", "odds.wagers", "odds.games",
          "odds.verify", "odds.apps"]
INDEPENDENT = {"odds.reference": {"odds.core", "odds.reference"}}  # the second computations import the domain only


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _layer(module: str):
    return next((layer for layer in LAYERS if module == layer or module.startswith(layer + ".")), None)


def _is_module(name: str) -> bool:
    path = ROOT.parent / name.replace(".", "/")
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists() or any(path.parent.glob(path.name + ".*.so"))


def _imports(path: Path):
    """(module imported, names imported from it) for every import of odds in the file."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target == "odds" or target.startswith("odds."):
                names = [a.name for a in node.names]
                modules = [n for n in names if _is_module(target + "." + n)]
                for n in modules:  # `from odds.wagers import record` imports a module
                    yield target + "." + n, []
                if len(modules) < len(names):
                    yield target, [n for n in names if n not in modules]
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("odds."):
                    yield a.name, []


MODULES = sorted(p for p in ROOT.rglob("*.py") if "__pycache__" not in p.parts)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: _module_name(p))
def test_imports_run_downward(path):
    here = _module_name(path)
    layer = _layer(here)
    for target, _ in _imports(path):
        there = _layer(target)
        if layer is None or there is None:
            continue
        allowed = INDEPENDENT.get(layer, set(LAYERS[:LAYERS.index(layer) + 1]))
        assert there in allowed, f"{here} ({layer}) imports {target} ({there})"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: _module_name(p))
def test_no_private_names_imported(path):
    here = _module_name(path)
    for target, names in _imports(path):
        private = [n for n in names if n.startswith("_") and not n.startswith("__")]
        assert not private, f"{here} imports {', '.join(private)} from {target}"


def test_no_two_modules_import_each_other():
    graph = {}
    for path in MODULES:
        graph.setdefault(_module_name(path), set()).update(t for t, _ in _imports(path))
    pairs = sorted({tuple(sorted((a, b))) for a, targets in graph.items() for b in targets
                    if a != b and a in graph.get(b, ()) and not (a == "odds" or b == "odds")})
    assert not pairs, f"modules that import each other: {pairs}"
