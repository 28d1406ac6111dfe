# cython: language_level=3
"""The dealer's drawing graph in C arrays and its one propagation from a shoe, shared by
``cimport`` (``dealer_kernel.pyx``, ``split_kernel.pyx``).

The graph (built in ``odds.engine.dealer_graph``) has one node per live dealer hand: a hand on which
the dealer must still draw, keyed by its up card and the multiset of its cards. Drawing a card of
value ``v`` (0-based) leads to a child node or to a final outcome bucket; buckets are laid out as
``(up card, result, cards)``, ``width`` cards a row. :func:`graph_fold` numbers the nodes by up
card, each up card's in order of depth (``upstart[u]`` .. ``upstart[u+1]-1``), so that the hands
of one up card are walked alone.

A card drawn to a live hand busts it exactly when its value is at least some threshold, and all
those draws end in the same bucket; :func:`graph_fold` folds them into one step whose weight is
the number of such cards left, ``sum(counts[v:]) - sum(have[v:])``.

:func:`walk` propagates a shoe of ``counts[v]`` cards of each value through the hands of one up
card. With integer weights it counts the ordered ways to draw a hand's cards after its up card (a
product of falling counts), so a bucket at ``k`` cards holds an integer over
``(total-1)(total-2)...(total-k+1)``: in 128 bits while :func:`fits_128` says they fit, else in
Python integers. With doubles it carries probabilities. The three are one function over the fused
types ``Weights`` (the arrays) and ``Weight`` (one entry).

:func:`straight_floats` gives the same probabilities in doubles for the dealer's own graphs (S17
and H17, the results of ``odds.engine.dealer_graph.RESULTS``), compiled from straight-line C that
``ext/dealer_straight.py`` writes at build time (``build/generated/dealer_straight.h``, on the
include path of every kernel): every hand and bucket a constant of the code, the shoe's part of a
hand's chance computed once per multiset of cards for all up cards, nothing allocated. Given
coefficients ``kf`` of the final hands (see ``DealerWeights`` in ``dealer_kernel.pyx``), the same
code gives one weighted sum over every up card, result and number of cards instead of the buckets
(:func:`straight_floats` with ``kf``): one product a final hand, not one an up card it holds;
:func:`straight_dot4` gives that sum for four shoes at once, one a lane of GCC's and Clang's
vector types, the same operations in the same order, for a batch of shoe states.
The same code is also written for each up card alone, in doubles (:func:`straight_up_floats`, the
row of results) and in 128-bit integers (:func:`straight_up_sums`, the walk's buckets weighted), for a
caller that wants one up card's law from many shoes (``split_kernel.pyx``).
"""
from libc.stdlib cimport free, malloc

from int128 cimport u128

ctypedef u128* Counts128
ctypedef double* Probabilities

cdef extern from "dealer_straight.h" nogil:
    enum:
        ODDS_DEALER_STRIDE   # row length of the tables cw and sb
        ODDS_DEALER_RESULTS  # results in a row (17, 18, 19, 20, 21, blackjack, bust)
        ODDS_DEALER_DEEPEST  # most cards in a hand on which the dealer still draws
        ODDS_DEALER_WIDTH_S17  # the buckets' cards axis (most cards in a final hand, plus 1)
        ODDS_DEALER_WIDTH_H17
        ODDS_DEALER_S17_NK       # final hands of the weighted sum
        ODDS_DEALER_H17_NK
        ODDS_DEALER_S17_NBUST    # of which busting steps (the first)
        ODDS_DEALER_H17_NBUST
        ODDS_DEALER_S17_NKTERMS  # entries (final hand, up card, result, cards, orders)
        ODDS_DEALER_H17_NKTERMS
    const int* odds_dealer_s17_kterms
    const int* odds_dealer_h17_kterms
    void odds_dealer_s17(const double* cw, const double* sb, const double* inv, const long long* c,
                         double* buckets, double* finals, const double* kf, int busts_only, double* dot)
    void odds_dealer_h17(const double* cw, const double* sb, const double* inv, const long long* c,
                         double* buckets, double* finals, const double* kf, int busts_only, double* dot)
    enum:
        ODDS_DEALER_LANES  # shoes a call of the four-lane code weighs (0: the compiler has no vector types)
    void odds_dealer_s17_dot4(const double* cw, const double* sb, const double* inv, const double* kf,
                              int busts_only, double* dot)
    void odds_dealer_h17_dot4(const double* cw, const double* sb, const double* inv, const double* kf,
                              int busts_only, double* dot)
    void odds_dealer_s17_up(int u, const double* cw, const double* sb, const double* inv, const long long* c,
                            double* finals)
    void odds_dealer_h17_up(int u, const double* cw, const double* sb, const double* inv, const long long* c,
                            double* finals)
    void odds_dealer_s17_sums(int u, const long long* cw, const long long* sb, const u128* fk, u128* sums)
    void odds_dealer_h17_sums(int u, const long long* cw, const long long* sb, const u128* fk, u128* sums)

ctypedef fused Weights:
    Counts128      # exact, while fits_128
    list           # exact, Python integers
    Probabilities  # floats

ctypedef fused Weight:  # an entry of Weights; walk is compiled only for the three matching pairs
    u128
    object
    double


cdef struct Graph:
    int n, nedges, width, nresults
    int* depth        # cards in each node's hand
    int* first        # node i's draws that do not bust are edges first[i] .. first[i+1]-1
    int* ev           # value drawn (0-based)
    int* ehave        # cards of that value the hand holds
    int* etarget      # child node, or -1 - bucket for a final outcome
    int* bust_from    # smallest value (0-based) that busts node i, 10 if none
    int* bust_have    # cards of value >= bust_from the hand holds
    int* bust_bucket
    int* node_up      # the up card (0-based value) of each node
    int* order        # each node's number in the graph as built (in order of depth), or NULL
    int upstart[11]   # the nodes of up card u are upstart[u] .. upstart[u+1]-1
    int roots[10]     # the node of each up card alone


cdef inline bint fits_128(long long total, int max_cards):
    """Whether the dealer's counts from a shoe of ``total`` cards (at most ``(total-1)**max_cards``
    for hands of up to ``max_cards`` cards) stay below 2**127: the one test that chooses 128-bit
    or Python integers."""
    return (<object> (total - 1)) ** max_cards < (<object> 1) << 127


cdef inline int* int_array(values) except NULL:
    """A C copy of a sequence of ints (freed with ``free``)."""
    cdef int* out = <int*> malloc((len(values) + 1) * sizeof(int))
    cdef int i
    if out == NULL:
        raise MemoryError()
    for i, x in enumerate(values):
        out[i] = x
    return out


cdef inline void graph_free(Graph* g) noexcept:
    free(g.depth); free(g.first); free(g.ev); free(g.ehave); free(g.etarget)
    free(g.bust_from); free(g.bust_have); free(g.bust_bucket); free(g.node_up); free(g.order)
    g.depth = g.first = g.ev = g.ehave = g.etarget = NULL
    g.bust_from = g.bust_have = g.bust_bucket = g.node_up = g.order = NULL


cdef inline int graph_fold(Graph* g, child, term, have, depth, roots, int width, int nresults,
                           int bust_result) except -1:
    """Load ``g`` (empty) from the arrays of ``odds.engine.dealer_graph.DealerGraph``: nodes
    renumbered by up card, the busting draws of each node folded into one step."""
    cdef int n = len(depth), i, j, v, e, b, bf, bh, bb
    up = [-1] * n
    for v in range(10):
        up[roots[v]] = v
    for i in range(n):  # parents come before their children
        for v in range(10):
            if child[10 * i + v] >= 0:
                up[child[10 * i + v]] = up[i]
    order = [i for v in range(10) for i in range(n) if up[i] == v]
    new = [0] * n
    for j, i in enumerate(order):
        new[i] = j
    first, ev, ehave, etarget, bust_from, bust_have, bust_bucket = [], [], [], [], [], [], []
    for i in order:
        first.append(len(ev))
        bf, bh, bb = 10, 0, 0  # the node's busting draws: from value bf, holding bh of them, to bb
        for v in range(10):
            e = 10 * i + v
            b = term[e]
            if child[e] < 0 and (b // width) % nresults == bust_result:
                if bf == 10:
                    bf, bb = v, b
                elif b != bb:
                    raise ValueError("bust draws of one hand must share a bucket")
                bh += have[e]
                continue
            if bf != 10:
                raise ValueError("the draws that bust a hand must be the highest values")
            ev.append(v)
            ehave.append(have[e])
            etarget.append(new[child[e]] if child[e] >= 0 else -1 - b)
        bust_from.append(bf)
        bust_have.append(bh)
        bust_bucket.append(bb)
    first.append(len(ev))
    g.n, g.nedges, g.width, g.nresults = n, len(ev), width, nresults
    g.depth, g.first, g.order = int_array([depth[i] for i in order]), int_array(first), int_array(order)
    g.ev, g.ehave, g.etarget = int_array(ev), int_array(ehave), int_array(etarget)
    g.bust_from, g.bust_have, g.bust_bucket = int_array(bust_from), int_array(bust_have), int_array(bust_bucket)
    g.node_up = int_array([up[i] for i in order])
    for v in range(10):
        g.roots[v] = new[roots[v]]
    g.upstart[0] = 0
    for v in range(10):
        g.upstart[v + 1] = g.upstart[v] + up.count(v)
    return 0


cdef inline dict graph_folded(const Graph* g):
    """The folded graph as lists, for :func:`graph_load` in another kernel."""
    cdef int i, n = g.n, m = g.nedges
    return {"depth": [g.depth[i] for i in range(n)], "first": [g.first[i] for i in range(n + 1)],
            "ev": [g.ev[i] for i in range(m)], "ehave": [g.ehave[i] for i in range(m)],
            "etarget": [g.etarget[i] for i in range(m)], "bust_from": [g.bust_from[i] for i in range(n)],
            "bust_have": [g.bust_have[i] for i in range(n)], "bust_bucket": [g.bust_bucket[i] for i in range(n)],
            "node_up": [g.node_up[i] for i in range(n)], "roots": [g.roots[i] for i in range(10)],
            "upstart": [g.upstart[i] for i in range(11)], "width": g.width, "nresults": g.nresults}


cdef inline int graph_load(Graph* g, dict folded) except -1:
    """Load ``g`` (empty) from :func:`graph_folded`."""
    cdef int v
    g.n, g.nedges = len(folded["depth"]), len(folded["ev"])
    g.width, g.nresults = folded["width"], folded["nresults"]
    g.depth, g.first, g.node_up = int_array(folded["depth"]), int_array(folded["first"]), int_array(folded["node_up"])
    g.ev, g.ehave, g.etarget = int_array(folded["ev"]), int_array(folded["ehave"]), int_array(folded["etarget"])
    g.bust_from, g.bust_have = int_array(folded["bust_from"]), int_array(folded["bust_have"])
    g.bust_bucket = int_array(folded["bust_bucket"])
    for v in range(10):
        g.roots[v] = folded["roots"][v]
    for v in range(11):
        g.upstart[v] = folded["upstart"][v]
    return 0


cdef inline int walk(const Graph* g, int up, const long long* c, long long total, Weights reach,
                     Weights out, Weight r) noexcept nogil:
    """The dealer's hands with up card ``up`` (0-based value) from a shoe of ``c`` (``total`` cards,
    the up card among them), added into ``out`` (one entry a bucket; those of ``up`` zeroed by the
    caller): integers, the ordered ways to draw the cards after the up card; doubles, the
    probabilities. ``reach`` (one entry a node) is scratch; ``r``, any value of the entries' type
    (0), chooses the type and holds a hand's weight (a C local of type ``object`` is not allowed
    in a nogil function; a parameter is). -1, or the first node where the shoe runs out (``out``
    then incomplete)."""
    cdef int i, k, t
    cdef long long w
    cdef long long suffix[11]
    if ((Weights is Counts128 and Weight is u128) or (Weights is list and Weight is object)
            or (Weights is Probabilities and Weight is double)):
        with gil(Weights is list):
            suffix[10] = 0
            for k in range(9, -1, -1):
                suffix[k] = suffix[k + 1] + c[k]
            for i in range(g.upstart[up], g.upstart[up + 1]):
                reach[i] = 0
            reach[g.roots[up]] = 1
            for i in range(g.upstart[up], g.upstart[up + 1]):
                r = reach[i]
                if r == 0:
                    continue
                if total - g.depth[i] <= 0:
                    return i
                if Weight is double:
                    r /= <double> (total - g.depth[i])  # from ways to a probability
                # A reachable hand holds no more of a value than the shoe had, so no weight is < 0.
                for k in range(g.first[i], g.first[i + 1]):
                    w = c[g.ev[k]] - g.ehave[k]
                    t = g.etarget[k]
                    if t >= 0:
                        reach[t] += r * <Weight> w
                    else:
                        out[-1 - t] += r * <Weight> w
                out[g.bust_bucket[i]] += r * <Weight> (suffix[g.bust_from[i]] - g.bust_have[i])
    return -1


ctypedef fused TableEntry:  # the straight-line code's tables: doubles, or counts (128-bit code)
    double
    long long


cdef inline bint _straight_tables(const long long* c, TableEntry* cw, TableEntry* sb, double* inv) noexcept nogil:
    """The shoe's tables of the straight-line code (see ``ext/dealer_straight.py``), ``inv`` only
    for doubles (NULL for counts); False for a shoe of at most ``ODDS_DEALER_DEEPEST`` cards (it
    may run out before the dealer stands)."""
    cdef long long total, suffix = 0
    cdef int v, h
    for v in range(9, -1, -1):
        suffix += c[v]
        for h in range(ODDS_DEALER_STRIDE):
            cw[ODDS_DEALER_STRIDE * v + h] = <TableEntry> (c[v] - h)
            sb[ODDS_DEALER_STRIDE * v + h] = <TableEntry> (suffix - h)
    total = suffix
    if total <= ODDS_DEALER_DEEPEST:
        return False
    if inv != NULL:
        inv[0] = 0.0
        for h in range(1, ODDS_DEALER_DEEPEST + 1):
            inv[h] = 1.0 / <double> (total - h)
    return True


cdef inline bint straight_up_floats(const long long* c, bint hits_soft_17, int up, double* finals) noexcept nogil:
    """As :func:`straight_floats` with ``finals``, for the one up card ``up`` (0-based value, which
    the shoe holds): its chance of each result into ``finals[0..ODDS_DEALER_RESULTS-1]``, from
    the code of that up card alone. False, and nothing written, for a shoe that may run out."""
    cdef double cw[10 * ODDS_DEALER_STRIDE]
    cdef double sb[10 * ODDS_DEALER_STRIDE]
    cdef double inv[ODDS_DEALER_DEEPEST + 1]
    if not _straight_tables(c, cw, sb, inv):
        return False
    if hits_soft_17:
        odds_dealer_h17_up(up, cw, sb, inv, c, finals)
    else:
        odds_dealer_s17_up(up, cw, sb, inv, c, finals)
    return True


cdef inline bint straight_up_sums(const long long* c, bint hits_soft_17, int up, const u128* fk,
                                  u128* sums) noexcept nogil:
    """As :func:`walk` in 128-bit integers for the one up card ``up`` (0-based value, which the
    shoe holds), from the straight-line code of that up card, then each bucket ``(result, cards)``
    times ``fk[cards]``, summed by result into ``sums[0..ODDS_DEALER_RESULTS-1]``. The caller
    checks that those fit in 128 bits. False, and nothing written, for a shoe that may run out."""
    cdef long long cw[10 * ODDS_DEALER_STRIDE]
    cdef long long sb[10 * ODDS_DEALER_STRIDE]
    if not _straight_tables(c, cw, sb, NULL):
        return False
    if hits_soft_17:
        odds_dealer_h17_sums(up, cw, sb, fk, sums)
    else:
        odds_dealer_s17_sums(up, cw, sb, fk, sums)
    return True


cdef inline bint straight_floats(const long long* c, bint hits_soft_17, double* buckets,
                                 double* finals, const double* kf=NULL, bint busts_only=False,
                                 double* dot=NULL) noexcept nogil:
    """The dealer's graph for S17 or H17 from a shoe of ``c[v]`` cards of each value, in doubles,
    every up card at once. ``buckets`` (the layout of ``odds.engine.dealer_graph.DealerGraph``,
    or NULL): every bucket of each up card the shoe holds is written, and those of an up card it
    lacks set to 0; other entries are never touched, so a buffer zeroed once stays right.
    ``finals`` (10 rows of ``ODDS_DEALER_RESULTS``, or NULL): each up card's probability of each
    result, blackjack kept, no peek; a row of zeros for an up card the shoe lacks. False, and
    nothing written, for a shoe of at most ``ODDS_DEALER_DEEPEST`` cards (it may run out before
    the dealer stands): use :func:`walk`. With ``kf`` (one coefficient a final hand), neither is
    written: ``dot`` gets the sum over the final hands of coefficient times the shoe's part ``W``
    of the hand's chance (see ``ext/dealer_straight.py``); ``busts_only`` when only the busting
    steps (the first ``NBUST`` coefficients) are weighed, which spares the standing hands."""
    cdef double cw[10 * ODDS_DEALER_STRIDE]
    cdef double sb[10 * ODDS_DEALER_STRIDE]
    cdef double inv[ODDS_DEALER_DEEPEST + 1]
    if not _straight_tables(c, cw, sb, inv):
        return False
    if hits_soft_17:
        odds_dealer_h17(cw, sb, inv, c, buckets, finals, kf, busts_only, dot)
    else:
        odds_dealer_s17(cw, sb, inv, c, buckets, finals, kf, busts_only, dot)
    return True


cdef inline bint straight_dot4(const long long* c, bint hits_soft_17, const double* kf, bint busts_only,
                               double* dot) noexcept nogil:
    """:func:`straight_floats` with ``kf`` for four shoes at once (``c``: four rows of ten counts
    by value, ``dot``: four sums), each lane the same operations as the one-shoe code. False, and
    nothing written, when the compiler has no vector types or a shoe may run out."""
    cdef double cw[4 * 10 * ODDS_DEALER_STRIDE]
    cdef double sb[4 * 10 * ODDS_DEALER_STRIDE]
    cdef double inv[4 * (ODDS_DEALER_DEEPEST + 1)]
    cdef long long suffix
    cdef int j, v, h, at
    if ODDS_DEALER_LANES != 4:
        return False
    for j in range(4):
        suffix = 0
        for v in range(9, -1, -1):
            suffix += c[10 * j + v]
            for h in range(ODDS_DEALER_STRIDE):
                at = 4 * (ODDS_DEALER_STRIDE * v + h) + j
                cw[at] = <double> (c[10 * j + v] - h)
                sb[at] = <double> (suffix - h)
        if suffix <= ODDS_DEALER_DEEPEST:
            return False
        inv[j] = 0.0
        for h in range(1, ODDS_DEALER_DEEPEST + 1):
            inv[4 * h + j] = 1.0 / <double> (suffix - h)
    if hits_soft_17:
        odds_dealer_h17_dot4(cw, sb, inv, kf, busts_only, dot)
    else:
        odds_dealer_s17_dot4(cw, sb, inv, kf, busts_only, dot)
    return True
