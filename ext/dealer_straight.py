"""Write ``dealer_straight.h``: the dealer's drawing graph for S17 and H17 as straight-line C in
doubles, one statement per edge, run by ``setup.py`` before the kernels are compiled.

The graph (``odds/engine/dealer_graph.py``, loaded from its file: the package is not built yet)
does not depend on the shoe, so every index, up card and bucket is a constant of the code; a call
only supplies the shoe's tables (see ``straight_floats`` in ``dealer_walk.pxd``):

* ``cw[16 v + h] = c[v] - h``: the cards of value ``v`` left to a hand that holds ``h`` of them;
* ``sb[16 f + h] = c[f] + ... + c[9] - h``: the cards that bust a hand (values ``f`` and up,
  ``h`` of them held);
* ``inv[d] = 1 / (total - d)``: one over the cards left to a hand of ``d`` cards.

A hand's chance ``r`` is pulled from its parents (each parent's ``q`` times the cards that lead
from it), ``q = r inv[d]`` is its chance per card left, and each draw that ends it adds ``q`` times
its cards into the bucket ``(up card, result, cards)``, in two accumulators so that a bucket's
additions do not wait on each other. The busting draws of a hand are one step (``sb``).

On x86-64 with GCC or Clang each function is compiled twice, once for the processors with AVX2 and
FMA (chosen at run time) and once for any; the two may differ in the last bits of a float.

    python ext/dealer_straight.py OUT.h
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
STRIDE = 16  # row length of the cw and sb tables: more than any hand holds of one value
SPLIT = 2  # accumulators per bucket


def _graph_module():
    path = HERE.parent / "odds" / "engine" / "dealer_graph.py"
    spec = importlib.util.spec_from_file_location("_odds_dealer_graph_build", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up while the class is made
    spec.loader.exec_module(module)
    return module


def _function(dg, hits_soft_17: bool, name: str) -> tuple[str, int]:
    """The C function for one rule, and the most cards in a hand that still draws."""
    g = dg.dealer_graph(hits_soft_17)
    n, width, nres = len(g.depth), g.max_cards + 1, len(g.results)
    bust = g.results.index("bust")
    have = [list(g.have[10 * i:10 * i + 10]) for i in range(n)]
    parents: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    up = [0] * n
    for v in range(10):
        up[g.roots[v]] = v
    for i in range(n):
        for v in range(10):
            j = g.child[10 * i + v]
            if j >= 0:
                parents[j].append((i, STRIDE * v + have[i][v]))
                up[j] = up[i]
    lines = [f"static void {name}(const double *__restrict cw, const double *__restrict sb,",
             "    const double *__restrict inv, const long long *__restrict c, double *__restrict buckets,",
             "    double *__restrict finals)",
             "{"]
    for u in range(10):
        nodes = [i for i in range(n) if up[i] == u]  # in order of depth: parents first
        pushes: dict[int, int] = {}  # bucket -> additions so far
        body = []
        for i in nodes:
            if i == g.roots[u]:
                body.append(f"    double q{i} = inv[1];")
            else:
                terms = " + ".join(f"q{p} * cw[{k}]" for p, k in parents[i])
                body.append(f"    double q{i} = ({terms}) * inv[{g.depth[i]}];")
            bust_from, bust_have, bust_bucket = 10, 0, -1
            for v in range(10):
                e = 10 * i + v
                if g.child[e] >= 0:
                    continue
                b = g.term[e]
                if (b // width) % nres == bust:
                    if bust_from == 10:
                        bust_from, bust_bucket = v, b
                    elif b != bust_bucket:
                        raise ValueError("bust draws of one hand must share a bucket")
                    bust_have += have[i][v]
                    continue
                if bust_from != 10:
                    raise ValueError("the draws that bust a hand must be the highest values")
                k = pushes.get(b, 0)
                pushes[b] = k + 1
                body.append(f"    a{b}_{k % SPLIT} += q{i} * cw[{STRIDE * v + have[i][v]}];")
            if bust_from < 10:
                k = pushes.get(bust_bucket, 0)
                pushes[bust_bucket] = k + 1
                body.append(f"    a{bust_bucket}_{k % SPLIT} += q{i} * sb[{STRIDE * bust_from + bust_have}];")
        used = sorted(pushes)
        lines.append(f"  if (c[{u}] > 0) {{")
        lines += [f"    double {', '.join(f'a{b}_{s} = 0.0' for s in range(SPLIT))};" for b in used]
        lines += body
        lines.append("    if (buckets) {")
        lines += [f"      buckets[{b}] = {' + '.join(f'a{b}_{s}' for s in range(SPLIT))};" for b in used]
        lines.append("    }")
        lines.append("    if (finals) {")
        for r in range(nres):
            row = [b for b in used if (b // width) == u * nres + r]
            total = " + ".join(f"a{b}_{s}" for b in row for s in range(SPLIT)) or "0.0"
            lines.append(f"      finals[{u * nres + r}] = {total};")
        lines.append("    }")
        lines.append("  } else {")
        lines.append("    if (buckets) {")
        lines += [f"      buckets[{b}] = 0.0;" for b in range(u * nres * width, (u + 1) * nres * width)]
        lines.append("    }")
        lines.append("    if (finals) {")
        lines += [f"      finals[{u * nres + r}] = 0.0;" for r in range(nres)]
        lines.append("    }")
        lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n", max(g.depth)


DISPATCH = """
#if defined(__GNUC__) && defined(__x86_64__)
ODDS_UNUSED static int odds_dealer_wide = -1;  /* AVX2 and FMA: 1, no: 0, not asked yet: -1 */
ODDS_UNUSED static int odds_dealer_use_wide(void)
{
  if (odds_dealer_wide < 0) {
    __builtin_cpu_init();
    odds_dealer_wide = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  }
  return odds_dealer_wide;
}
#define ODDS_DEALER_CALL(name) \\
  ODDS_UNUSED static void name(const double *cw, const double *sb, const double *inv, const long long *c, \\
                               double *buckets, double *finals) \\
  { \\
    if (odds_dealer_use_wide()) name##_wide(cw, sb, inv, c, buckets, finals); \\
    else name##_any(cw, sb, inv, c, buckets, finals); \\
  }
#define ODDS_WIDE __attribute__((target("avx2,fma")))
#else
#define ODDS_DEALER_CALL(name) \\
  ODDS_UNUSED static void name(const double *cw, const double *sb, const double *inv, const long long *c, \\
                               double *buckets, double *finals) \\
  { name##_any(cw, sb, inv, c, buckets, finals); }
#define ODDS_WIDE
#endif
"""


def source() -> str:
    """The header's text."""
    dg = _graph_module()
    parts = []
    for h17, name in ((False, "odds_dealer_s17"), (True, "odds_dealer_h17")):
        any_, deep = _function(dg, h17, name + "_any")
        wide, _ = _function(dg, h17, name + "_wide")
        parts += ["ODDS_UNUSED " + any_,
                  "#if defined(__GNUC__) && defined(__x86_64__)", "ODDS_UNUSED ODDS_WIDE " + wide, "#endif",
                  f"ODDS_DEALER_CALL({name})", ""]
    deepest = max(max(dg.dealer_graph(h).depth) for h in (False, True))
    return "\n".join([
        "/* Generated by ext/dealer_straight.py from odds/engine/dealer_graph.py; do not edit. */",
        "#ifndef ODDS_DEALER_STRAIGHT_H",
        "#define ODDS_DEALER_STRAIGHT_H",
        f"#define ODDS_DEALER_STRIDE {STRIDE}",
        f"#define ODDS_DEALER_RESULTS {len(dg.RESULTS)}",
        f"#define ODDS_DEALER_WIDTH_S17 {dg.dealer_graph(False).max_cards + 1}",
        f"#define ODDS_DEALER_WIDTH_H17 {dg.dealer_graph(True).max_cards + 1}",
        f"#define ODDS_DEALER_DEEPEST {deepest}  /* most cards in a hand that draws */",
        "#if defined(__GNUC__)",
        "#define ODDS_UNUSED __attribute__((unused))",
        "#else",
        "#define ODDS_UNUSED",
        "#endif",
        DISPATCH,
        *parts,
        "#endif",
        ""])


def write(path: Path) -> None:
    """Write the header to ``path`` unless it already holds the same text."""
    text = source()
    if not path.exists() or path.read_text() != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


if __name__ == "__main__":
    write(Path(sys.argv[1]))
