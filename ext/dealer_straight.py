"""Write ``dealer_straight.h``: the dealer's drawing graph for S17 and H17 as straight-line C in
doubles, run by ``setup.py`` before the kernels are compiled.

The graph (``odds/engine/dealer_graph.py``, loaded from its file: the package is not built yet)
does not depend on the shoe, so every index, up card and bucket is a constant of the code; a call
only supplies the shoe's tables (see ``straight_floats`` in ``dealer_walk.pxd``):

* ``cw[16 v + h] = c[v] - h``: the cards of value ``v`` left to a hand that holds ``h`` of them;
* ``sb[16 f + h] = c[f] + ... + c[9] - h``: the cards that bust a hand (values ``f`` and up,
  ``h`` of them held);
* ``inv[d] = 1 / (total - d)``: one over the cards left to a hand of ``d`` cards.

The shoe's part of a hand's chance depends only on the multiset of its cards, not on which is
the up card nor on the order they came in (see :func:`_function`): it is computed once per
multiset, each from one parent, and each bucket ``(up card, result, cards)`` is a sum, as a
balanced tree, of its final hands' shares times constants (the number of orders of their cards
the dealer draws through). The busting draws of a hand are one step (``sb``).

Each rule also gets a function for each up card alone (only the hands under that up card): its
row of results in doubles (``odds_dealer_s17_up``), and its buckets as counts in 128-bit
integers, the ordered ways to draw the cards after the up card from tables of the shoe's counts
(exactly the general walk's integers), each times a factor of its number of cards and summed by
result (``odds_dealer_s17_sums``).

On x86-64 with GCC or Clang each function in doubles is compiled twice, once for the processors with AVX2 and
FMA (chosen at run time) and once for any; the two may differ in the last bits of a float.

    python ext/dealer_straight.py OUT.h
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
STRIDE = 16  # row length of the cw and sb tables: more than any hand holds of one value


def _graph_module():
    path = HERE.parent / "odds" / "engine" / "dealer_graph.py"
    spec = importlib.util.spec_from_file_location("_odds_dealer_graph_build", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up while the class is made
    spec.loader.exec_module(module)
    return module


def _tree(terms: list[str]) -> str:
    """A sum of terms as a balanced tree, so that its additions can run side by side."""
    if not terms:
        return "0.0"
    while len(terms) > 1:
        terms = [f"({a} + {b})" for a, b in zip(terms[::2], terms[1::2])] + terms[len(terms) - len(terms) % 2:]
    return terms[0]


def _function(dg, hits_soft_17: bool, name: str, only_up: int | None = None,
              exact: bool = False, lanes: bool = False) -> tuple[str, int, int, int, list[int]]:
    """The C function for one rule, the most cards in a hand that still draws, and the final hands
    of the weighted sum (``kf``): their number, the number of busting steps among them (they come
    first) and, for each up card a final hand holds, the entries (final, up card, result, cards,
    orders), flat. With ``only_up`` (a 0-based value), the function of that up card alone: it
    writes its row of results into ``finals`` (see :func:`_up_lines`) and nothing else; with
    ``exact`` too, its weighted sums of buckets in 128-bit integers (see :func:`_up_exact_lines`).
    With ``lanes``, the weighted sum alone for four shoes at once, each value a vector of four
    doubles (``odds_v4d``, one shoe a lane) and the tables interleaved: the same operations in the
    same order as the one-shoe code, so each lane's sum is that code's.

    With the up card ``u`` given, a hand ``H`` (up card included) is reached with chance
    ``N_u(H) W(H) / c[u]``: ``N_u(H)`` the orders of its cards (up card first) the dealer draws
    through, a constant of the graph, and ``W(H) = prod_v c[v] (c[v]-1) ... (c[v]-H[v]+1) /
    ((total-1) ... (total-|H|+1))`` the shoe's part, the same for every up card. So ``W`` is
    computed once per multiset of cards, from any one parent (``W(H + v) = o(H) cw[v, H[v]]``,
    ``o(H) = W(H) inv[|H|]``), and each bucket of each up card is a sum of ``N_u(F) W(F)`` over
    its final hands ``F`` (busts folded: ``N_u(H) o(H) sb[...]``), scaled by ``1 / c[u]``.
    """
    g = dg.dealer_graph(hits_soft_17)
    n, width, nres = len(g.depth), g.max_cards + 1, len(g.results)
    bust = g.results.index("bust")
    have = [tuple(g.have[10 * i:10 * i + 10]) for i in range(n)]
    up, count = [-1] * n, [0] * n
    for v in range(10):
        up[g.roots[v]], count[g.roots[v]] = v, 1
    shared: dict[tuple, str] = {}  # multiset (or (multiset, bust step)) -> its C variable
    lines_shared: list[str] = []  # the drawing hands and their busting steps
    lines_standing: list[str] = []  # the standing hands (no hand is drawn from them: computed last)
    terms: dict[int, list[tuple[int, str]]] = {}  # bucket -> (orders, variable) of each final
    parent_of: dict[tuple, tuple[tuple, int]] = {}  # a live multiset -> one parent and the card drawn
    standing: set[str] = set()
    num = "odds_u128" if exact else "double"
    for i in range(n):  # in order of depth: parents first
        if only_up is not None and up[i] != only_up:
            continue
        h = have[i]
        if h in shared and shared[h] in standing:
            raise ValueError("a multiset of cards cannot be both a standing and a drawing hand")
        if h not in shared:
            var = f"w{len(shared)}"
            if g.depth[i] == 1:
                lines_shared.append(f"  const {num} {var} = {1 if exact else f'cw[{STRIDE * up[i]}]'};")
            else:
                p, v = parent_of[h]
                lines_shared.append(f"  const {num} {var} = o{shared[p][1:]} * cw[{STRIDE * v + p[v]}];")
            lines_shared.append(f"  const {num} o{var[1:]} = {var}{'' if exact else f' * inv[{g.depth[i]}]'};")
            shared[h] = var
        bust_from, bust_have, bust_bucket = 10, 0, -1
        for v in range(10):
            e = 10 * i + v
            j = g.child[e]
            f = tuple(x + (w == v) for w, x in enumerate(h))
            if j >= 0:
                up[j] = up[i]
                count[j] += count[i]
                parent_of.setdefault(f, (h, v))
                continue
            b = g.term[e]
            if (b // width) % nres == bust:
                if bust_from == 10:
                    bust_from, bust_bucket = v, b
                elif b != bust_bucket:
                    raise ValueError("bust draws of one hand must share a bucket")
                bust_have += h[v]
                continue
            if bust_from != 10:
                raise ValueError("the draws that bust a hand must be the highest values")
            if f not in shared:
                var = f"w{len(shared)}"
                lines_standing.append(f"  const {num} {var} = o{shared[h][1:]} * cw[{STRIDE * v + h[v]}];")
                shared[f] = var
                standing.add(var)
            terms.setdefault(b, []).append((count[i], shared[f]))  # merged below by final hand
        if bust_from < 10:
            key = (h, bust_from, bust_have)
            if key not in shared:
                var = f"x{len(shared)}"
                lines_shared.append(f"  const {num} {var} = o{shared[h][1:]} * sb[{STRIDE * bust_from + bust_have}];")
                shared[key] = var
            terms.setdefault(bust_bucket, []).append((count[i], shared[key]))
    # The weighted sum: each final hand (a standing multiset, or a drawing hand's busting step) with
    # its coefficient kf[j], the sum over the up cards it holds of its orders times their weight.
    finals_of: dict[str, list[tuple[int, int, int, int]]] = {}  # variable -> (up, result, cards, orders)
    for b, parts in terms.items():
        for k, var in parts:
            finals_of.setdefault(var, []).append((b // (nres * width), (b // width) % nres, b % width, k))
    # The busting steps first: a sum that weighs only busts needs no standing hand's chance.
    order = sorted(finals_of, key=lambda var: (var in standing, int(var[1:])))
    nbust = sum(var not in standing for var in order)
    table = [x for j, var in enumerate(order) for u, r, k, m in finals_of[var] for x in (j, u, r, k, m)]
    if lanes:
        def vector(block: list[str]) -> list[str]:
            return [line.replace("const double ", "const odds_v4d ") for line in block]
        lines = [f"static void {name}(const odds_v4d *__restrict cw, const odds_v4d *__restrict sb,",
                 "    const odds_v4d *__restrict inv, const double *__restrict kf, int busts_only,",
                 "    odds_v4d *__restrict dot)", "{"] + vector(lines_shared)
        lines += ["  if (busts_only) {",
                  f"    *dot = {_tree([f'kf[{j}] * {var}' for j, var in enumerate(order[:nbust])])};",
                  "    return;",
                  "  }"] + vector(lines_standing)
        lines += [f"  *dot = {_tree([f'kf[{j}] * {var}' for j, var in enumerate(order)])};", "}"]
        return "\n".join(lines) + "\n", max(g.depth), len(order), nbust, table
    if only_up is not None and exact:
        return _up_exact_lines(name, lines_shared + lines_standing, terms, only_up, width, nres), max(g.depth), 0, 0, []
    if only_up is not None:
        return _up_lines(name, lines_shared + lines_standing, terms, only_up, width, nres), max(g.depth), 0, 0, []
    lines = [f"static void {name}(const double *__restrict cw, const double *__restrict sb,",
             "    const double *__restrict inv, const long long *__restrict c, double *__restrict buckets,",
             "    double *__restrict finals, const double *__restrict kf, int busts_only, double *__restrict dot)",
             "{"] + lines_shared
    lines += ["  if (kf && busts_only) {",
              f"    *dot = {_tree([f'kf[{j}] * {var}' for j, var in enumerate(order[:nbust])])};",
              "    return;",
              "  }"] + lines_standing
    lines += ["  if (kf) {",
              f"    *dot = {_tree([f'kf[{j}] * {var}' for j, var in enumerate(order)])};",
              "    return;",
              "  }"]
    for u in range(10):
        used = sorted(b for b in terms if b // (nres * width) == u)
        lines.append(f"  if (c[{u}] > 0) {{")
        lines.append(f"    const double s = 1.0 / (double) c[{u}];")
        for b in used:
            lines.append(f"    const double b{b} = {_orders_times(terms[b], '.0')} * s;")
        lines.append("    if (buckets) {")
        lines += [f"      buckets[{b}] = b{b};" for b in used]
        lines.append("    }")
        lines.append("    if (finals) {")
        for r in range(nres):
            row = [f"b{b}" for b in used if (b // width) == u * nres + r]
            lines.append(f"      finals[{u * nres + r}] = {_tree(row)};")
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
    return "\n".join(lines) + "\n", max(g.depth), len(order), nbust, table


def _orders_times(terms: list[tuple[int, str]], suffix: str) -> str:
    """The sum of (orders, variable) terms, each variable once with its orders summed (written
    with ``suffix``: ``.0`` for doubles)."""
    merged: dict[str, int] = {}
    for k, var in terms:
        merged[var] = merged.get(var, 0) + k
    return _tree([var if k == 1 else f"{k}{suffix} * {var}" for var, k in merged.items()])


def _up_lines(name: str, body: list[str], terms: dict, u: int, width: int, nres: int) -> str:
    """The function of one up card ``u``: its chance of each result, into ``finals[0..nres-1]``
    (blackjack kept, no peek), from the same tables; the shoe holds the up card."""
    lines = [f"static void {name}(const double *__restrict cw, const double *__restrict sb,",
             "    const double *__restrict inv, const long long *__restrict c, double *__restrict finals)",
             "{"] + body
    lines.append(f"  const double s = 1.0 / (double) c[{u}];")
    for r in range(nres):
        row = [t for b in sorted(b for b in terms if b // width == u * nres + r) for t in terms[b]]
        lines.append(f"  finals[{r}] = {_orders_times(row, '.0')} * s;")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _up_exact_lines(name: str, body: list[str], terms: dict, u: int, width: int, nres: int) -> str:
    """The function of one up card ``u`` in integers: from the tables ``cw`` and ``sb`` of the
    shoe's counts (``long long``), the buckets ``(result, cards)`` of the up card as the walk
    counts them (the ordered ways to draw the cards after it, see ``dealer_walk.pxd``), each times
    ``fk[cards]``, summed by result into ``sums[result]``. The caller checks that the sums fit in
    128 bits."""
    lines = [f"static void {name}(const long long *__restrict cw, const long long *__restrict sb,",
             "    const odds_u128 *__restrict fk, odds_u128 *__restrict sums)",
             "{"] + body
    for r in range(nres):
        row = [f"fk[{b % width}] * {_orders_times(terms[b], '')}"
               for b in sorted(b for b in terms if b // width == u * nres + r)]
        lines.append(f"  sums[{r}] = {_tree(row) if row else '0'};")
    lines.append("}")
    return "\n".join(lines) + "\n"


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
                               double *buckets, double *finals, const double *kf, int busts_only, double *dot) \\
  { \\
    if (odds_dealer_use_wide()) name##_wide(cw, sb, inv, c, buckets, finals, kf, busts_only, dot); \\
    else name##_any(cw, sb, inv, c, buckets, finals, kf, busts_only, dot); \\
  }
#define ODDS_WIDE __attribute__((target("avx2,fma")))
#else
#define ODDS_DEALER_CALL(name) \\
  ODDS_UNUSED static void name(const double *cw, const double *sb, const double *inv, const long long *c, \\
                               double *buckets, double *finals, const double *kf, int busts_only, double *dot) \\
  { name##_any(cw, sb, inv, c, buckets, finals, kf, busts_only, dot); }
#define ODDS_WIDE
#endif
"""


def _lanes_parts(dg, hits_soft_17: bool, name: str) -> list[str]:
    """``{name}_dot4``: the weighted sum of four shoes at once (GCC and Clang's vector types; other
    compilers get a function that is never called, ``ODDS_DEALER_LANES`` 0)."""
    sig = ("const double *cw, const double *sb, const double *inv, const double *kf, int busts_only, "
           "double *dot")
    args = "(const odds_v4d *) cw, (const odds_v4d *) sb, (const odds_v4d *) inv, kf, busts_only, (odds_v4d *) dot"
    return ["#if ODDS_DEALER_LANES",
            "ODDS_UNUSED " + _function(dg, hits_soft_17, name + "_dot4_any", lanes=True)[0],
            "#if defined(__x86_64__)",
            "ODDS_UNUSED ODDS_WIDE " + _function(dg, hits_soft_17, name + "_dot4_wide", lanes=True)[0],
            "#endif",
            f"ODDS_UNUSED static void {name}_dot4({sig})",
            "{",
            "#if defined(__x86_64__)",
            f"  if (odds_dealer_use_wide()) {{ {name}_dot4_wide({args}); return; }}",
            "#endif",
            f"  {name}_dot4_any({args});",
            "}",
            "#else",
            f"ODDS_UNUSED static void {name}_dot4({sig}) {{ }}",
            "#endif", ""]


def _up_parts(dg, hits_soft_17: bool, name: str) -> list[str]:
    """The functions of each up card alone and ``{name}_up(u, ...)``, which calls that of ``u``."""
    sig = "const double *, const double *, const double *, const long long *, double *"
    out = []
    for kind in ("any", "wide"):
        fns = [_function(dg, hits_soft_17, f"{name}_up{u}_{kind}", only_up=u)[0] for u in range(10)]
        table = f"static void (*const {name}_up_{kind}[10])({sig}) = {{{', '.join(f'{name}_up{u}_{kind}' for u in range(10))}}};"
        if kind == "wide":
            out += ["#if defined(__GNUC__) && defined(__x86_64__)", *("ODDS_WIDE " + f for f in fns), "ODDS_UNUSED " + table, "#endif"]
        else:
            out += [*fns, "ODDS_UNUSED " + table]
    out += [f"ODDS_UNUSED static void {name}_up(int u, const double *cw, const double *sb, const double *inv,",
            "                                  const long long *c, double *finals)",
            "{",
            "#if defined(__GNUC__) && defined(__x86_64__)",
            f"  if (odds_dealer_use_wide()) {{ {name}_up_wide[u](cw, sb, inv, c, finals); return; }}",
            "#endif",
            f"  {name}_up_any[u](cw, sb, inv, c, finals);",
            "}", ""]
    fns = [_function(dg, hits_soft_17, f"{name}_up{u}_sums", only_up=u, exact=True)[0] for u in range(10)]
    sig = "const long long *, const long long *, const odds_u128 *, odds_u128 *"
    out += fns + [f"ODDS_UNUSED static void (*const {name}_up_sums[10])({sig}) = "
                  f"{{{', '.join(f'{name}_up{u}_sums' for u in range(10))}}};",
                  f"ODDS_UNUSED static void {name}_sums(int u, const long long *cw, const long long *sb,",
                  "                                    const odds_u128 *fk, odds_u128 *sums)",
                  f"{{ {name}_up_sums[u](cw, sb, fk, sums); }}", ""]
    return out


def source() -> str:
    """The header's text."""
    dg = _graph_module()
    parts = []
    for h17, name in ((False, "odds_dealer_s17"), (True, "odds_dealer_h17")):
        any_, deep, nk, nbust, table = _function(dg, h17, name + "_any")
        wide = _function(dg, h17, name + "_wide")[0]
        parts += [f"#define {name.upper()}_NK {nk}  /* final hands of the weighted sum */",
                  f"#define {name.upper()}_NBUST {nbust}  /* of which busting steps (the first) */",
                  f"#define {name.upper()}_NKTERMS {len(table) // 5}",
                  f"ODDS_UNUSED static const int {name}_kterms[{len(table)}] = {{{', '.join(map(str, table))}}};",
                  "ODDS_UNUSED " + any_,
                  "#if defined(__GNUC__) && defined(__x86_64__)", "ODDS_UNUSED ODDS_WIDE " + wide, "#endif",
                  f"ODDS_DEALER_CALL({name})", ""]
        parts += _lanes_parts(dg, h17, name)
        parts += _up_parts(dg, h17, name)
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
        "typedef unsigned __int128 odds_u128;",
        "#if defined(__GNUC__)",
        "#define ODDS_UNUSED __attribute__((unused))",
        "/* four doubles, one shoe a lane; aligned as a double, so any array of doubles will do */",
        "typedef double odds_v4d __attribute__((vector_size(32), aligned(8)));",
        "#define ODDS_DEALER_LANES 4",
        "#else",
        "#define ODDS_UNUSED",
        "#define ODDS_DEALER_LANES 0",
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
