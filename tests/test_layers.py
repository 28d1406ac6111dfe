"""The package's architecture, checked: imports run downward through the layers (core, the
regulations, engine, reference, pricing, wagers, games, verify, apps), no module imports another's
private names, and no modules import each other in a cycle of any length (docs/architecture.md).
Every import counts, wherever it is written: at the top of a module, inside a function, or under
``TYPE_CHECKING``."""
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


def _import_graph() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports, wherever the import is
    written: at the top, inside a function (a lazy import), or under ``TYPE_CHECKING``."""
    graph: dict[str, set[str]] = {}
    for path in MODULES:
        graph.setdefault(_module_name(path), set()).update(t for t, _ in _imports(path))
    return {a: {b for b in targets if b in graph and b != a} for a, targets in graph.items()}


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm): each holds a
    cycle of imports, of any length.

    >>> import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})
    [['a', 'b', 'c']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(groups)


def test_no_import_cycles_of_any_length():
    cycles = import_cycles(_import_graph())
    assert not cycles, "modules in a cycle of imports (lazy imports included): " + "; ".join(
        " <-> ".join(group) for group in cycles)


def test_the_cycle_finder_finds_a_long_cycle_and_no_false_one():
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": {"d"}, "d": {"a"}}) == [["a", "b", "c", "d"]]
    assert import_cycles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []
