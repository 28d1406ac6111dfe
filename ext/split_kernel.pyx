# cython: language_level=3
"""Split kernel: the joint law of a split round's hands and the dealer's hand (``odds.engine.outcomes``).

One call takes one pair against one up card. Each split hand is a list of leaves: the multiset of
cards it drew after its pair card (packed 6 bits a value, aces lowest, so that the union of two
multisets is the sum of their codes), how it ends (``end``: 2 * (total - 16) + stake - 1, the
total 16 standing for any total below 17 and 22 for a bust; stake 1 or 2) and the number of card
sequences that lead to it. A pattern of second cards (resplits) is a group: the pair cards it
resplits (``shift``), the kinds of its hands (0: the second card is not a pair card, 1: any card)
and how many patterns share them.

The probability of one run of cards depends only on the multiset drawn, so a group's hands are
joined by the union of what they drew: every hand but the last is walked into a table
``(union, multiset of ends) -> sequences`` (the head), and the last hand is joined to the head
union by union. Each union of all the hands' cards has one dealer law, propagated through the
dealer's graph for the one up card (``dealer_walk.pxd``, the graph folded by
``odds.engine.dealer_kernel``), from the shoe less the player's cards. Then for a head union ``H``
and each way ``e`` the last hand ends, ``Y[e][d] = sum over its leaves a ending in e of
sequences(a) * Z_d(H + a)``, with
``Z_d(U)`` the chance of the run's cards times the dealer's chance of result ``d``; each head entry
is settled against every ``d`` with each ``e`` at once.

The unions are kept by level, the number of ten-valued cards they hold (the top 6 bits of a
packed union, so that the head table, sorted by union, is sorted by level). A union of all the
hands' cards holds at least as many as its head union, so the head entries are joined level by
level (both heads, last hand of either kind, in step) and each level of unions is freed once the
heads have passed it.

Exact mode: a run with ``K`` cards drawn after the up card (player's and dealer's) has an integer
weight over ``(n)_K`` (``n`` cards in the shoe less the up card and both pair cards); all weights are
brought to one denominator ``(n)_J`` and summed as integers modulo each of the given moduli (the
caller reconstructs them by the Chinese remainder theorem; it passes moduli whose product exceeds
``(n)_J``, and every sum lies between 0 and ``(n)_J``). A row keeps each residue (below 2**62) as
two halves of 31 bits; while the last hand's sequence counts add up to less than 2**33 a head
union's sums of count x half stay below 2**64 and are taken in 64 bits, two to an instruction
(else in 128 bits), then reduced modulo each modulus. Under an up card of 2 to 9 the dealer has no
blackjack and the rows leave that column out. Float mode: the same sums in doubles.

Measured (``bench/bench_outcomes.py``): the join is bound by memory, the lookups of the unions'
rows; the level freeing spares about a tenth of the rows at three hands.
"""
from libc.stdlib cimport calloc, free, malloc, qsort, realloc
from libc.string cimport memcpy, memset

from dealer_walk cimport Graph, fits_128, graph_free, graph_load, walk
from hash_mix cimport mix
from int128 cimport u128

cdef extern from *:
    void prefetch "__builtin_prefetch" (const void* p) noexcept nogil

cdef extern from "<sys/mman.h>" nogil:
    int madvise(void* addr, size_t length, int advice)
    int MADV_HUGEPAGE

cdef extern from "<stdlib.h>" nogil:
    int posix_memalign(void** memptr, size_t alignment, size_t size)

ctypedef unsigned long long u64

cdef enum:
    NV = 10        # card values
    NEND = 14      # how a hand ends
    ND = 7         # the dealer's results: 17, 18, 19, 20, 21, blackjack, bust
    BLACKJACK = 5
    DEALER_BUST = 6
    NOUT = 51      # outcomes: net -8..8 by (win, loss, neither)
    MAXQ = 16      # moduli at most
    AHEAD = 16     # lookups in flight (prefetched) while joining
    CHUNK_BITS = 12  # rows of weights are kept in chunks of 2**CHUNK_BITS rows
    NLEVEL = 64    # levels of unions: by the number of ten-valued cards
    LEVEL_SHIFT = 54  # where that number lies in a packed union

cdef u64 OCCUPIED = 1ULL << 63
# Exact rows hold each residue (below 2**62) as two halves of 31 bits, so that the join sums
# products count x half in 64 bits (two lanes an instruction) while the counts allow it.
cdef int HALF_BITS = 31
cdef u64 HALF_MASK = (1ULL << 31) - 1

cdef union Count:
    u128 c         # number of sequences (exact)
    double f       # the same (float)


cdef struct Entry:
    u64 u          # union of the cards drawn
    u64 e          # multiset of ends, 3 bits an end (OCCUPIED marks a used slot while hashing)
    Count n


cdef struct Table:
    Entry* s
    long long cap, n
    int exact


cdef struct Leaf:
    u64 code
    int end
    u64 c


cdef void* _big(size_t size, bint zero) noexcept nogil:
    """Memory for a large table that is read at random: on huge pages where the system allows
    (fewer misses in the address translation), zeroed if ``zero``; NULL when out of memory."""
    cdef void* p = NULL
    cdef size_t huge = 1 << 21
    if size < huge:
        return calloc(size, 1) if zero else malloc(size)
    size = (size + huge - 1) // huge * huge
    if posix_memalign(&p, huge, size) != 0:
        return NULL
    madvise(p, size, MADV_HUGEPAGE)
    if zero:
        memset(p, 0, size)
    return p


cdef int _table_init(Table* t, long long cap) noexcept nogil:
    """An empty table of ``cap`` slots (a power of two); 0, with ``t`` unchanged, when out of memory."""
    cdef Entry* s = <Entry*> _big(cap * sizeof(Entry), 1)
    if s == NULL:
        return 0
    t.s, t.cap, t.n = s, cap, 0
    return 1


cdef int _table_add(Table* t, u64 u, u64 e, Count n) noexcept nogil:
    """Add ``n`` at (u, e); 0 when out of memory."""
    cdef long long i, mask
    cdef Entry* old
    cdef long long oldcap
    cdef Entry* x
    if 2 * (t.n + 1) > t.cap:
        old, oldcap = t.s, t.cap
        if not _table_init(t, 2 * oldcap):
            return 0
        for i in range(oldcap):
            if old[i].e & OCCUPIED:
                _table_add(t, old[i].u, old[i].e & ~OCCUPIED, old[i].n)
        free(old)
    mask = t.cap - 1
    i = <long long> (mix(u, e) & <u64> mask)
    e |= OCCUPIED
    while True:
        x = &t.s[i]
        if not (x.e & OCCUPIED):
            x.u, x.e, x.n = u, e, n
            t.n += 1
            return 1
        if x.u == u and x.e == e:
            if t.exact:
                x.n.c += n.c
            else:
                x.n.f += n.f
            return 1
        i = (i + 1) & mask


cdef int _by_union(const void* a, const void* b) noexcept nogil:
    cdef const Entry* x = <const Entry*> a
    cdef const Entry* y = <const Entry*> b
    if x.u != y.u:
        return -1 if x.u < y.u else 1
    if x.e != y.e:
        return -1 if x.e < y.e else 1
    return 0


cdef void _table_sort(Table* t) noexcept nogil:
    """Pack the used slots to the front, in order of union, and free the rest."""
    cdef long long i, k = 0
    cdef void* shrunk
    for i in range(t.cap):
        if t.s[i].e & OCCUPIED:
            t.s[k] = t.s[i]
            t.s[k].e &= ~OCCUPIED
            k += 1
    qsort(t.s, k, sizeof(Entry), _by_union)
    t.n = k
    if k:  # give back the free slots
        shrunk = realloc(t.s, k * sizeof(Entry))
        if shrunk != NULL:
            t.s, t.cap = <Entry*> shrunk, k


cdef class _Heads:
    """A head table, sorted by union."""
    cdef Table t

    def __dealloc__(self):
        free(self.t.s)


cdef inline int _fits(u64 u, const long long* pool) noexcept nogil:
    """Whether the shoe holds every card of the union."""
    cdef int v
    for v in range(NV):
        if <long long> ((u >> (6 * v)) & 63) > pool[v]:
            return 0
    return 1


cdef inline u64 _mulmod(u64 a, u64 b, u64 q) noexcept nogil:
    return <u64> ((<u128> a * b) % q)


cdef struct Slot:
    u64 key        # union + 1; 0 for an empty slot
    char* row      # its row of weights


cdef struct Level:
    # The unions of all the hands' cards that hold one number of ten-valued cards, each with its
    # row of weights: a hash table of slots, the rows in chunks (they never move).
    Slot* slots
    long long cap, nrows
    char** chunks
    long long nchunks, chunkcap


cdef void _level_free(Level* l) noexcept nogil:
    cdef long long j
    free(l.slots)
    for j in range(l.nchunks):
        free(l.chunks[j])
    free(l.chunks)
    memset(l, 0, sizeof(Level))


cdef inline Slot* _slot(const Level* l, u64 u) noexcept nogil:
    """Where the union ``u`` lies in its level, or the free slot where it would go."""
    cdef long long mask = l.cap - 1
    cdef long long i = <long long> (mix(u, 0) & <u64> mask)
    cdef u64 key = u + 1
    while l.slots[i].key and l.slots[i].key != key:
        i = (i + 1) & mask
    return &l.slots[i]


# One pair against one up card: the shoe, the moduli and tables, and the unions of all the hands'
# cards that may still be met, with their rows of weights Z_d (d = 0..6), by level.
cdef struct Walk:
    long long pool[NV]   # the shoe less the up card and both pair cards
    long long base[NV]   # the same with the up card
    long long n, jmax
    int up, nq, exact, starved
    u64 q[MAXQ]
    u128* f128           # (a)_k for a <= n + 1, k <= max_cards
    u64* ffq             # (a)_j mod q for a <= n, j <= jmax
    u64* pfq             # (pool_v)_k mod q for k < 64
    Level lv[NLEVEL]     # a row: exact, ND * nq residues (u64); float, ND probabilities
    int ncol, col[ND]    # a row's columns: the dealer's results but a blackjack he cannot have (exact)
    long long rowbytes, live, peak, made  # rows held now, at most, and made in all


cdef class SplitKernel:
    """The dealer's graph for one rule (hits soft 17 or not), split by up card; each :meth:`run`
    walks one pair against one up card."""

    cdef Graph g
    cdef u128* ireach
    cdef double* freach
    cdef u128* ibuckets     # the dealer's buckets, (up card, result, cards)
    cdef double* fbuckets
    cdef readonly int max_cards
    cdef public long long peak_rows  # the most unions held at once by one run since set to 0
    cdef public long long rows_made  # the unions weighed since set to 0
    cdef public int narrow_bits  # sums by halves while the leaves' counts add up to less than 2**this

    def __cinit__(self, folded):
        graph_load(&self.g, folded)
        self.max_cards = self.g.width - 1
        self.narrow_bits = 64 - 31
        if self.g.nresults != ND or self.g.width > 32:
            raise ValueError("the split kernel expects 7 dealer results and at most 31 cards")
        self.ireach = <u128*> calloc(self.g.n, sizeof(u128))
        self.freach = <double*> calloc(self.g.n, sizeof(double))
        self.ibuckets = <u128*> calloc(10 * ND * self.g.width, sizeof(u128))
        self.fbuckets = <double*> calloc(10 * ND * self.g.width, sizeof(double))
        if not (self.ireach and self.freach and self.ibuckets and self.fbuckets):
            raise MemoryError()

    def __dealloc__(self):
        graph_free(&self.g)
        free(self.ireach); free(self.freach); free(self.ibuckets); free(self.fbuckets)

    # ------------------------------------------------------------------------------ the walk

    def run(self, base, int up, leaves, groups, bint exact, moduli, long long jmax, bint one_unit):
        """The split round of one pair against the up card ``up`` (0-based value).

        ``base``: the shoe by value less both pair cards (the up card still in it). ``leaves``: for
        kinds 0 and 1, lists of (code, end, sequences). ``groups``: (shift, head kinds, last kind,
        multiplicity). ``jmax``: at least the most cards a run can draw after the up card, the
        dealer's counted to his most or to the end of the shoe. ``one_unit``: a dealer blackjack
        costs the round one unit (-1, a loss). Returns, for each outcome ``(net + 8) * 3 + class``
        (win, loss, neither), exact: its residues modulo each modulus of its numerator over
        ``(n)_jmax``; float: its probability. None when the dealer can run out of cards, or when
        his counts could pass 128 bits (``fits_128``).
        """
        cdef Walk w
        cdef int v, i, k, last, level
        cdef long long j
        cdef Leaf* lv[2]
        cdef int nl[2]
        cdef Table* ht[2]
        cdef _Heads h
        cdef long long at[2]
        cdef bint narrow[2]
        cdef long long hi
        cdef u64* keys = NULL
        cdef char** rows = NULL
        cdef u128 acc[NOUT * MAXQ]
        cdef double facc[NOUT]
        memset(&w, 0, sizeof(w))
        memset(acc, 0, sizeof(acc))
        memset(facc, 0, sizeof(facc))
        w.nq = len(moduli) if exact else 0
        if w.nq > MAXQ:
            raise ValueError("too many moduli")
        w.up, w.exact, w.jmax, w.starved = up, exact, jmax, -1
        for v in range(NV):
            w.base[v] = base[v]
            w.pool[v] = w.base[v] - (v == up)
            w.n += w.pool[v]
        if not fits_128(w.n + 1, self.max_cards):
            return None
        for i in range(w.nq):
            w.q[i] = moduli[i]
        w.ncol = 0
        for i in range(ND):  # an up card of 2 to 9 gives the dealer no blackjack: its column is left out
            w.col[i] = -1 if exact and i == BLACKJACK and up not in (0, 9) else w.ncol
            w.ncol += w.col[i] >= 0
        w.rowbytes = w.ncol * w.nq * sizeof(u64) if w.exact else ND * sizeof(double)
        lv[0] = lv[1] = NULL
        try:
            for k in range(2):
                nl[k] = len(leaves[k])
                lv[k] = <Leaf*> malloc((nl[k] + 1) * sizeof(Leaf))
                if lv[k] == NULL:
                    raise MemoryError()
                for i, (code, end, count) in enumerate(leaves[k]):
                    lv[k][i].code, lv[k][i].end, lv[k][i].c = code, end, count
                narrow[k] = sum(count for _, _, count in leaves[k]) < 2 ** self.narrow_bits
            keys = <u64*> malloc((max(nl[0], nl[1]) + 1) * sizeof(u64))
            rows = <char**> malloc((max(nl[0], nl[1]) + 1) * sizeof(char*))
            if keys == NULL or rows == NULL or not self._tables(&w):
                raise MemoryError()
            heads = []
            for last in range(2):
                terms = [(shift, tuple(kinds), mult) for shift, kinds, kind, mult in groups if kind == last]
                ht[last] = NULL
                if terms:
                    h = self._heads(terms, lv, nl, w.pool, exact)
                    heads.append(h)  # kept alive until the end of the walk
                    ht[last] = &h.t
                at[last] = 0
            # The head unions in order of their ten-valued cards: a union of all the hands' cards
            # holds at least as many as its head, so the levels below the heads' are done with.
            k = 1
            with nogil:
                for level in range(NLEVEL):
                    for last in range(2):
                        if ht[last] == NULL:
                            continue
                        hi = at[last]
                        while hi < ht[last].n and <int> (ht[last].s[hi].u >> LEVEL_SHIFT) == level:
                            hi += 1
                        k = self._join_rows(&w, ht[last], at[last], hi, lv[last], nl[last], narrow[last],
                                            one_unit, acc, facc, keys, rows)
                        at[last] = hi
                        if k == 0 or w.starved >= 0:
                            break
                    if k == 0 or w.starved >= 0:
                        break
                    w.live -= w.lv[level].nrows
                    _level_free(&w.lv[level])
            if k == 0:
                raise MemoryError()
            if w.starved >= 0:
                return None
        finally:
            free(lv[0]); free(lv[1]); free(w.f128); free(w.ffq); free(w.pfq); free(keys); free(rows)
            for level in range(NLEVEL):
                _level_free(&w.lv[level])
        self.peak_rows, self.rows_made = max(self.peak_rows, w.peak), self.rows_made + w.made
        if exact:
            return [[int(acc[k * MAXQ + i] % w.q[i]) for i in range(w.nq)] for k in range(NOUT)]
        return [facc[k] for k in range(NOUT)]

    cdef _Heads _heads(self, list terms, Leaf** lv, int* nl, const long long* pool, bint exact):
        """The head table of the patterns ``terms`` ((shift, kinds of the hands before the last,
        multiplicity)), summed: sum of multiplicity x (the shift's pair cards, then one hand of
        each kind), built by Horner's scheme on the last kind (N x N + N x X + X x X is
        (N) x N + (N + X) x X), so that patterns which share hands share their tables."""
        cdef _Heads h = _Heads(), prev
        cdef long long i
        cdef int j, kind, ok = 1
        cdef Entry* x
        cdef Leaf* l
        cdef u64 u
        cdef Count n
        h.t.exact = exact
        if not _table_init(&h.t, 1024):
            raise MemoryError()
        for shift, kinds, mult in terms:
            if exact:
                n.c = <u128> mult
            else:
                n.f = <double> mult
            if not kinds and not _table_add(&h.t, shift, 0, n):
                raise MemoryError()
        for kind in range(2):
            shorter = [(shift, kinds[:len(kinds) - 1], mult) for shift, kinds, mult in terms
                       if kinds and kinds[len(kinds) - 1] == kind]
            if not shorter:
                continue
            prev = self._heads(shorter, lv, nl, pool, exact)
            with nogil:
                for i in range(prev.t.n):
                    x = &prev.t.s[i]
                    for j in range(nl[kind]):
                        l = &lv[kind][j]
                        u = x.u + l.code
                        if not _fits(u, pool):
                            continue
                        if exact:
                            n.c = x.n.c * l.c
                        else:
                            n.f = x.n.f * <double> l.c
                        if not _table_add(&h.t, u, x.e + (1ULL << (3 * l.end)), n):
                            ok = 0
            if not ok:
                raise MemoryError()
        with nogil:
            _table_sort(&h.t)
        return h

    cdef int _tables(self, Walk* w) noexcept nogil:
        """Exact mode: (a)_k as u128 for a <= n + 1, k <= max_cards; (a)_j mod each modulus for
        a <= n, j <= jmax; (pool_v)_k mod each modulus for k < 64. 0 when out of memory."""
        cdef long long a, k, v, i, row, n = w.n
        cdef long long wd = self.max_cards + 1, jw = w.jmax + 1
        cdef u64* q = w.q
        if not w.exact:
            return 1
        w.f128 = <u128*> malloc((n + 2) * wd * sizeof(u128))
        w.ffq = <u64*> malloc((w.nq * (n + 1) * jw + 1) * sizeof(u64))
        w.pfq = <u64*> malloc((w.nq * NV * 64 + 1) * sizeof(u64))
        if w.f128 == NULL or w.ffq == NULL or w.pfq == NULL:
            return 0
        for a in range(n + 2):
            w.f128[a * wd] = 1
            for k in range(1, wd):
                w.f128[a * wd + k] = w.f128[a * wd + k - 1] * <u128> (a - k + 1 if a >= k else 0)
        for i in range(w.nq):
            for a in range(n + 1):
                row = (i * (n + 1) + a) * jw
                w.ffq[row] = 1 % q[i]
                for k in range(1, jw):
                    w.ffq[row + k] = _mulmod(w.ffq[row + k - 1], <u64> (a - k + 1 if a >= k else 0), q[i])
            for v in range(NV):
                row = (i * NV + v) * 64
                w.pfq[row] = 1 % q[i]
                for k in range(1, 64):
                    w.pfq[row + k] = _mulmod(w.pfq[row + k - 1],
                                             <u64> (w.pool[v] - k + 1 if w.pool[v] >= k else 0), q[i])
        return 1

    # ------------------------------------------------------------------ unions and their weights

    cdef char* _union(self, Walk* w, u64 u) noexcept nogil:
        """The row of weights of the union ``u`` of all the hands' cards, made on first use; NULL
        when out of memory or when the dealer can run out of cards (``w.starved``)."""
        cdef Level* l = &w.lv[u >> LEVEL_SHIFT]
        cdef Slot* x
        cdef Slot* old
        cdef long long j, oldcap
        cdef void* grown
        cdef char* row
        if l.slots == NULL:
            l.cap, l.chunkcap = 1 << 10, 16
            l.slots = <Slot*> _big(l.cap * sizeof(Slot), 1)
            l.chunks = <char**> malloc(l.chunkcap * sizeof(char*))
            if l.slots == NULL or l.chunks == NULL:
                return NULL
        x = _slot(l, u)
        if x.key:
            return x.row
        if 2 * (l.nrows + 1) > l.cap:  # grow, then find the free slot again
            old, oldcap = l.slots, l.cap
            l.slots = <Slot*> _big(2 * oldcap * sizeof(Slot), 1)
            if l.slots == NULL:
                l.slots = old
                return NULL
            l.cap = 2 * oldcap
            for j in range(oldcap):
                if old[j].key:
                    _slot(l, old[j].key - 1)[0] = old[j]
            free(old)
            x = _slot(l, u)
        if l.nrows == l.nchunks << CHUNK_BITS:  # a new chunk of rows
            if l.nchunks == l.chunkcap:
                grown = realloc(l.chunks, 2 * l.chunkcap * sizeof(char*))
                if grown == NULL:
                    return NULL
                l.chunks, l.chunkcap = <char**> grown, 2 * l.chunkcap
            l.chunks[l.nchunks] = <char*> _big((1 << CHUNK_BITS) * w.rowbytes, 0)
            if l.chunks[l.nchunks] == NULL:
                return NULL
            l.nchunks += 1
        row = l.chunks[l.nrows >> CHUNK_BITS] + (l.nrows & ((1 << CHUNK_BITS) - 1)) * w.rowbytes
        if not self._weigh(w, u, row):
            return NULL
        x.key, x.row = u + 1, row
        l.nrows += 1
        w.live += 1
        w.made += 1
        if w.live > w.peak:
            w.peak = w.live
        return row

    cdef int _weigh(self, Walk* w, u64 u, char* row) noexcept nogil:
        """Z_d(u) for every dealer result d into ``row``: exact, the numerator over (n)_jmax of
        (chance of drawing u) x (chance of d from the shoe less u), modulo each modulus; float,
        that chance. 0 when the dealer can run out of cards."""
        cdef long long c[NV]
        cdef long long total = 0, size, m, n = w.n, jw = w.jmax + 1
        cdef int v, d, k, i, wd = self.g.width
        cdef u128* ib = self.ibuckets + w.up * ND * wd  # the buckets of the up card
        cdef double* fb = self.fbuckets + w.up * ND * wd
        cdef u128 sd[ND]
        cdef u128 s
        cdef u64 pu
        cdef double wf, pd
        cdef unsigned int* zq = <unsigned int*> row  # exact: the low halves, then the high halves
        cdef u64 z
        cdef double* zf = <double*> row
        for v in range(NV):
            c[v] = w.base[v] - <long long> ((u >> (6 * v)) & 63)
            total += c[v]
        size = n + 1 - total
        if w.exact:
            memset(ib, 0, ND * wd * sizeof(u128))
            w.starved = walk(&self.g, w.up, c, total, self.ireach, self.ibuckets, <u128> 0)
            if w.starved >= 0:
                return 0
            m = min(<long long> self.max_cards, total)  # the dealer's counts over (total - 1)_(m - 1)
            for d in range(ND):
                s = 0
                for k in range(1, m + 1):
                    s += ib[d * wd + k] * w.f128[(total - k) * wd + (m - k)]
                sd[d] = s
            for i in range(w.nq):
                pu = w.ffq[(i * (n + 1) + total - m) * jw + w.jmax - size - m + 1]
                for v in range(NV):
                    pu = _mulmod(pu, w.pfq[(i * NV + v) * 64 + ((u >> (6 * v)) & 63)], w.q[i])
                for d in range(ND):
                    k = w.col[d]
                    if k < 0:
                        continue
                    z = _mulmod(pu, <u64> (sd[d] % w.q[i]), w.q[i])
                    zq[k * w.nq + i] = <unsigned int> (z & HALF_MASK)
                    zq[w.ncol * w.nq + k * w.nq + i] = <unsigned int> (z >> HALF_BITS)
        else:
            memset(fb, 0, ND * wd * sizeof(double))
            w.starved = walk(&self.g, w.up, c, total, self.freach, self.fbuckets, <double> 0)
            if w.starved >= 0:
                return 0
            wf = 1.0
            for v in range(NV):
                for k in range(<int> ((u >> (6 * v)) & 63)):
                    wf *= <double> (w.pool[v] - k)
            for k in range(size):
                wf /= <double> (n - k)
            for d in range(ND):
                pd = 0.0
                for k in range(wd):
                    pd += fb[d * wd + k]
                zf[d] = wf * pd
        return 1

    # --------------------------------------------------------------------------------- joining

    cdef int _join_rows(self, Walk* w, const Table* head, long long lo, long long hi, const Leaf* leaves,
                        int nleaves, bint narrow, bint one_unit, u128* acc, double* facc, u64* keys,
                        char** rows) noexcept nogil:
        """Join the last hand to each head union of the entries ``lo`` .. ``hi - 1`` and settle
        every head entry against each dealer result, adding to ``acc`` (exact) or ``facc``
        (float); ``keys`` and ``rows`` are room for one head union's joins. ``narrow``: the
        leaves' counts add up to less than 2**33, so that sums of count x half stay in 64 bits. 0 when out of memory;
        stops when the dealer can run out of cards."""
        cdef u128 y[NEND][ND * MAXQ]  # a row: d * nq + qi
        cdef u64 ylo[NEND][ND * MAXQ]  # the same by halves (narrow)
        cdef u64 yhi[NEND][ND * MAXQ]
        cdef u64* yl
        cdef u64* yh
        cdef const unsigned int* zl
        cdef const unsigned int* zh
        cdef u64 cj
        cdef int nt = w.ncol * w.nq
        cdef u64 yq[NEND][ND][MAXQ]
        cdef double yf[NEND][ND]
        cdef int res[NEND][ND]
        cdef int neth[ND]
        cdef int diffh[ND]
        cdef u64 cq[MAXQ]
        cdef long long i = lo, i2, k
        cdef const char* z
        cdef const Level* l
        cdef int j, e, d, qi, seen, r, cnt, net, diff, o, nq = w.nq
        cdef u64 uh, ee, u
        cdef const u64* zr
        cdef u128* ye
        cdef const char* zp
        cdef int t
        cdef const u64* q = w.q
        cdef u64 NONE = ~(<u64> 0)
        for e in range(NEND):
            for d in range(ND):
                r = e // 2 + 16  # the total
                cnt = e % 2 + 1  # the stake
                if d == BLACKJACK or r == 22:
                    res[e][d] = -cnt
                elif d == DEALER_BUST:
                    res[e][d] = cnt
                else:
                    res[e][d] = ((r > 17 + d) - (r < 17 + d)) * cnt
        while i < hi:
            uh = head.s[i].u
            i2 = i
            while i2 < hi and head.s[i2].u == uh:
                i2 += 1
            # the rows of the unions head + leaf, looked up a few ahead of use (prefetched)
            for j in range(nleaves + AHEAD):
                if j < nleaves:
                    keys[j] = uh + leaves[j].code
                    if _fits(keys[j], w.pool):
                        l = &w.lv[keys[j] >> LEVEL_SHIFT]
                        if l.slots != NULL:
                            prefetch(&l.slots[<long long> (mix(keys[j], 0) & <u64> (l.cap - 1))])
                    else:
                        keys[j] = NONE
                if j >= AHEAD:
                    k = j - AHEAD
                    rows[k] = NULL if keys[k] == NONE else self._union(w, keys[k])
                    if keys[k] != NONE and rows[k] == NULL:
                        return w.starved >= 0
            seen = 0
            for j in range(nleaves):
                if j + AHEAD < nleaves and rows[j + AHEAD] != NULL:
                    zp = rows[j + AHEAD]
                    for t in range(0, w.rowbytes, 64):
                        prefetch(zp + t)
                z = rows[j]
                if z == NULL:
                    continue
                e = leaves[j].end
                if not (seen >> e) & 1:
                    seen |= 1 << e
                    if w.exact:
                        memset(ylo[e], 0, nt * sizeof(u64))
                        memset(yhi[e], 0, nt * sizeof(u64))
                        memset(y[e], 0, nt * sizeof(u128))
                    else:
                        memset(yf[e], 0, ND * sizeof(double))
                if w.exact and narrow:
                    zl = <const unsigned int*> z
                    zh = zl + nt
                    yl = &ylo[e][0]
                    yh = &yhi[e][0]
                    cj = leaves[j].c
                    for t in range(nt):
                        yl[t] += cj * zl[t]
                    for t in range(nt):
                        yh[t] += cj * zh[t]
                elif w.exact:
                    zl = <const unsigned int*> z
                    ye = &y[e][0]
                    for t in range(nt):
                        ye[t] += <u128> leaves[j].c * ((<u64> zl[nt + t] << HALF_BITS) | zl[t])
                else:
                    for d in range(ND):
                        yf[e][d] += <double> leaves[j].c * (<const double*> z)[d]
            if seen:
                if w.exact:
                    for e in range(NEND):
                        if (seen >> e) & 1:
                            for d in range(ND):
                                for qi in range(nq):
                                    t = w.col[d] * nq + qi
                                    if t < 0:
                                        yq[e][d][qi] = 0
                                        continue
                                    yq[e][d][qi] = <u64> ((y[e][t] + ylo[e][t] + (<u128> yhi[e][t] << HALF_BITS))
                                                          % q[qi])
                for k in range(i, i2):
                    ee = head.s[k].e
                    for d in range(ND):
                        neth[d] = diffh[d] = 0
                    for j in range(NEND):
                        cnt = <int> ((ee >> (3 * j)) & 7)
                        if cnt:
                            for d in range(ND):
                                neth[d] += cnt * res[j][d]
                                diffh[d] += cnt * ((res[j][d] > 0) - (res[j][d] < 0))
                    for qi in range(nq):
                        cq[qi] = <u64> (head.s[k].n.c % q[qi])
                    for e in range(NEND):
                        if not (seen >> e) & 1:
                            continue
                        for d in range(ND):
                            if w.col[d] < 0:
                                continue
                            if one_unit and d == BLACKJACK:
                                o = (-1 + 8) * 3 + 1  # the round ended at the deal: -1, a loss
                            else:
                                net = neth[d] + res[e][d]
                                diff = diffh[d] + (res[e][d] > 0) - (res[e][d] < 0)
                                o = (net + 8) * 3 + (0 if diff > 0 else (1 if diff < 0 else 2))
                            if w.exact:
                                for qi in range(nq):
                                    acc[o * MAXQ + qi] += _mulmod(cq[qi], yq[e][d][qi], q[qi])
                            else:
                                facc[o] += head.s[k].n.f * yf[e][d]
            i = i2
        return 1
