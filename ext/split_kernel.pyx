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
``odds.engine.dealer_kernel``), from the shoe less the player's cards; for the dealer's own graphs
(S17, H17) by the straight-line code of the one up card instead (``straight_up_sums``,
``straight_up_floats``): the same counts (floats to their last bits) without the graph's arrays. Then for a head union ``H``
and each way ``e`` the last hand ends, ``Y[e][d] = sum over its leaves a ending in e of
sequences(a) * Z_d(H + a)``, with
``Z_d(U)`` the chance of the run's cards times the dealer's chance of result ``d``; each head entry
is settled against every ``d`` with each ``e`` at once.

The unions are kept in buckets by their high part, their numbers of 5s to ten-valued cards (the
top bits of a packed union, so that the head table, sorted by union, is sorted by high part). The
head unions of one high part are taken ``HEAD_CHUNK`` at a time and joined to the leaves one group
at a time, the leaves of one high part: the unions so met all lie in one bucket and each is met
several times while its row is in the cache (the slots are fetched ahead of the look-ups, the rows
ahead of the sums). A union holds at least its head union's cards, so its high part is at least the
head's (the parts do not carry), and both heads (last hand of either kind) are joined in step, in
order of high part, each bucket freed once the heads have passed its high part.

A call may join only its part of the unions: those whose high part lies in its range
(:meth:`SplitKernel.part_bounds`). The parts of a pair (on one thread or several, the head tables
made once by :meth:`SplitKernel.heads` and shared) hold about their share of the rows each, and
their sums add up to the whole: the last hand's sums are linear in the rows, and so is the
settling of each head entry. A head union's unions have high parts from its own to a few leaf
high parts above it, so that it meets a few parts of a range, and only those settle it (with
parts by a hash of the high part, every part met every head union: at four hands, 2-2 against a
7 in 16 parts, settling was then a third of the time).

Exact mode: a run with ``K`` cards drawn after the up card (player's and dealer's) has an integer
weight over ``(n)_K`` (``n`` cards in the shoe less the up card and both pair cards); all weights are
brought to one denominator ``(n)_J`` and summed as integers modulo each of the given moduli (the
caller reconstructs them by the Chinese remainder theorem; it passes moduli whose product exceeds
``(n)_J``, and every sum lies between 0 and ``(n)_J``). A row keeps each residue (below 2**62) as
two halves of 31 bits; while the last hand's sequence counts add up to less than 2**33 a head
union's sums of count x half stay below 2**64 and are taken in 64 bits, two to an instruction
(else in 128 bits; 32 x 32-bit products, on AVX2 where the processor has it), then reduced modulo
each modulus. A row's residues are made by Montgomery's multiplication (the tables of falling
factorials kept in Montgomery form). Under an up card of 2 to 9 the dealer has no blackjack and the
rows leave that column out. Float mode: the same sums in doubles.

Measured (``bench/bench_outcomes.py``, perf): at three hands, exact, the sums of the join take about
a third of the time, the look-ups and the unions' rows (the dealer's straight-line counts and
their residues) about a quarter each, the settling a tenth; the buckets' freeing holds about half
of a call's unions at once at most.
"""
from libc.stdlib cimport calloc, free, malloc, qsort, realloc
from libc.string cimport memcpy, memset

from dealer_walk cimport (ODDS_DEALER_WIDTH_H17, ODDS_DEALER_WIDTH_S17, Graph, fits_128, graph_free, graph_load,
                          straight_up_floats, straight_up_sums, walk)
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

cdef extern from *:
    """
    #include <string.h>
    /* The exact sums of a tile's pairs while narrow: for pair p, the sums of the head union head[p]
       and the end end[p] (lanes from ((head * nend + end) * nt), zeroed the first time, a bit of
       seen[head] each end) get cnt[p] times the row row[p], held by halves (nt lows, then nt highs):
       32 x 32 -> 64-bit products (each count below 2**32, each half below 2**31), on AVX2 where
       the processor has it. */
    #define ODDS_PAIRS_BODY \
      for (long long p = 0; p < npairs; p++) { \
        const int h = head[p], e = end[p]; \
        const long long t = (long long) (h * nend + e) * nt; \
        unsigned long long *yl = lo + t, *yh = hi + t; \
        if (!((seen[h] >> e) & 1)) { \
          seen[h] |= 1 << e; \
          memset(yl, 0, nt * sizeof *yl); \
          memset(yh, 0, nt * sizeof *yh); \
        } \
        const unsigned int *zl = (const unsigned int *) row[p], *zh = zl + nt; \
        const unsigned long long c = cnt[p]; \
        for (int m = 0; m < nt; m++) yl[m] += c * zl[m]; \
        for (int m = 0; m < nt; m++) yh[m] += c * zh[m]; \
      }
    #define ODDS_PAIRS_ARGS long long npairs, const int *head, const int *end, const unsigned int *cnt, \
      const char *const *row, int nt, int nend, int *seen, unsigned long long *lo, unsigned long long *hi
    static void odds_pairs_any(ODDS_PAIRS_ARGS) { ODDS_PAIRS_BODY }
    #if defined(__GNUC__) && defined(__x86_64__)
    __attribute__((target("avx2"))) static void odds_pairs_wide(ODDS_PAIRS_ARGS) { ODDS_PAIRS_BODY }
    static int odds_split_wide = -1;
    static void odds_pairs(ODDS_PAIRS_ARGS)
    {
      if (odds_split_wide < 0) {
        __builtin_cpu_init();
        odds_split_wide = __builtin_cpu_supports("avx2");
      }
      if (odds_split_wide) odds_pairs_wide(npairs, head, end, cnt, row, nt, nend, seen, lo, hi);
      else odds_pairs_any(npairs, head, end, cnt, row, nt, nend, seen, lo, hi);
    }
    #else
    #define odds_pairs odds_pairs_any
    #endif
    """
    void odds_pairs(long long npairs, const int* head, const int* end, const unsigned int* cnt,
                    const char** row, int nt, int nend, int* seen, u64* lo, u64* hi) noexcept nogil

cdef enum:
    NV = 10        # card values
    NEND = 14      # how a hand ends
    ND = 7         # the dealer's results: 17, 18, 19, 20, 21, blackjack, bust
    BLACKJACK = 5
    DEALER_BUST = 6
    NOUT = 51      # outcomes: net -8..8 by (win, loss, neither)
    MAXQ = 16      # moduli at most
    HIGH_SHIFT = 24  # a packed union's high part: its numbers of 5s to ten-valued cards
    HEAD_CHUNK = 32  # head unions of one high part joined together to the leaves of one high part
    AHEAD = 16     # look-ups in flight (prefetched) while joining
    FIRST_ROWS = 64  # rows in a bucket's first chunk; each next chunk holds twice as many
    MAX_CHUNKS = 40

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
    if 4 * (t.n + 1) > 3 * t.cap:  # at most three quarters full: a large head table is most of a call's memory
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


cdef struct Combo:
    # A run of entries of one high part of a shorter head table (``lo`` .. ``hi - 1`` of source
    # ``src``) joined to a run of leaves of one high part (group ``g`` of the leaves of ``kind``).
    u64 high       # the high part of their unions
    int kind, src, g
    long long lo, hi


cdef int _by_high(const void* a, const void* b) noexcept nogil:
    cdef const Combo* x = <const Combo*> a
    cdef const Combo* y = <const Combo*> b
    if x.high != y.high:
        return -1 if x.high < y.high else 1
    return 0


cdef struct HighWeight:
    # A high part of unions, and the pairs (head union, leaf) that give unions of it, in part.
    u64 high
    double weight


cdef int _by_weight_high(const void* a, const void* b) noexcept nogil:
    cdef const HighWeight* x = <const HighWeight*> a
    cdef const HighWeight* y = <const HighWeight*> b
    if x.high != y.high:
        return -1 if x.high < y.high else 1
    return 0


cdef int _table_append_sorted(Table* t, Table* part) noexcept nogil:
    """Pack the used slots of ``part`` in order of union onto the end of the packed array ``t``
    (``t.n`` entries, room for ``t.cap``); 0 when out of memory."""
    cdef long long i, k = 0, cap
    cdef void* grown
    for i in range(part.cap):
        if part.s[i].e & OCCUPIED:
            part.s[k] = part.s[i]
            part.s[k].e &= ~OCCUPIED
            k += 1
    qsort(part.s, k, sizeof(Entry), _by_union)
    if t.n + k > t.cap:
        cap = t.cap + t.cap // 2 + k + 1024
        grown = realloc(t.s, cap * sizeof(Entry))
        if grown == NULL:
            return 0
        t.s, t.cap = <Entry*> grown, cap
    memcpy(t.s + t.n, part.s, k * sizeof(Entry))
    t.n += k
    return 1


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


# Montgomery's reduction modulo a prime q between 2**61 and 2**62, R = 2**64: _redc(t) is
# t / R mod q for t < q * R, with ``qneg`` = -1/q mod R. A number in Montgomery form is x * R mod q.
cdef inline u64 _redc(u128 t, u64 q, u64 qneg) noexcept nogil:
    cdef u64 m = (<u64> t) * qneg
    cdef u64 r = <u64> ((t + <u128> m * q) >> 64)
    return r - q if r >= q else r


cdef inline u64 _below(u64 x, u64 q) noexcept nogil:
    """x mod q for any 64-bit x (q above 2**61, so x < 8q)."""
    if x >= 4 * q:
        x -= 4 * q
    if x >= 2 * q:
        x -= 2 * q
    return x - q if x >= q else x


cdef inline u64 _redc_wide(u128 x, u64 q, u64 qneg) noexcept nogil:
    """x / R mod q for any 128-bit x."""
    return _redc((<u128> _below(<u64> (x >> 64), q) << 64) | <u64> x, q, qneg)


cdef struct Slot:
    u64 key        # union + 1; 0 for an empty slot
    char* row      # its row of weights


cdef struct Bucket:
    # The unions of all the hands' cards that share one high part, each with its row of weights:
    # a hash table of slots; the rows in chunks of growing size (they never move).
    u64 high
    Slot* slots
    long long cap, nrows
    char* chunks[MAX_CHUNKS]
    int nchunks
    char* next           # where the next row goes, and how many more the last chunk holds
    long long left
    u64 puh[MAXQ]        # exact: the high part's factor of a union's chance, modulo each modulus


cdef void _bucket_free(Bucket* b) noexcept nogil:
    """Give back a bucket's rows and slots (the bucket itself stays, empty)."""
    cdef int j
    free(b.slots)
    for j in range(b.nchunks):
        free(b.chunks[j])
    b.slots, b.cap, b.nrows, b.nchunks, b.next, b.left = NULL, 0, 0, 0, NULL, 0


cdef inline Slot* _slot(const Bucket* b, u64 u) noexcept nogil:
    """Where the union ``u`` lies in its bucket, or the free slot where it would go."""
    cdef long long mask = b.cap - 1
    cdef long long i = <long long> (mix(u, 0) & <u64> mask)
    cdef u64 key = u + 1
    while b.slots[i].key and b.slots[i].key != key:
        i = (i + 1) & mask
    return &b.slots[i]


# A packed union's values of even index (aces, 3s, ...) lie 12 bits apart, and so do those of odd
# index once shifted by 6: with each spacing slot of a shoe's count set to 64 + min(count, 63), a
# slot less the union's count keeps its bit 6 exactly when the shoe holds that many, and never
# borrows from the next slot.
cdef u64 FIELDS = 0x03F03F03F03F  # the six low bits of five slots of 12 bits
cdef u64 GUARDS = 0x040040040040  # bit 6 of each slot


cdef inline u64 _fit_slots(const long long* pool, int first) noexcept nogil:
    """The slots of :func:`_fits_packed` for the values ``first``, ``first + 2``, ... of ``pool``."""
    cdef u64 out = 0
    cdef int k
    for k in range(5):
        out |= (<u64> (64 + min(pool[first + 2 * k], 63))) << (12 * k)
    return out


cdef inline bint _fits_packed(u64 u, u64 even, u64 odd) noexcept nogil:
    """Whether the shoe holds every card of the union, as :func:`_fits`, from its slots ``even``
    and ``odd`` (:func:`_fit_slots`)."""
    return ((even - (u & FIELDS)) & (odd - ((u >> 6) & FIELDS)) & GUARDS) == GUARDS


cdef inline int _fits_high(u64 high, const long long* pool) noexcept nogil:
    """Whether the shoe holds the cards of a high part (7s to tens)."""
    cdef int v
    for v in range(NV - HIGH_SHIFT // 6):
        if <long long> ((high >> (6 * v)) & 63) > pool[v + HIGH_SHIFT // 6]:
            return 0
    return 1


# One pair against one up card: the shoe, the moduli and tables, and the unions of all the hands'
# cards that may still be met, with their rows of weights Z_d (d = 0..6), by high part.
cdef struct Walk:
    long long pool[NV]   # the shoe less the up card and both pair cards
    u64 fit_even, fit_odd  # its slots for _fits_packed
    long long base[NV]   # the same with the up card
    long long n, jmax
    int up, nq, exact, starved
    u64 lo_high, hi_high  # this call joins only the unions whose high part lies in lo_high .. hi_high - 1
    u64 q[MAXQ]
    u64 qneg[MAXQ]        # -1/q mod 2**64, and 2**128 mod q (Montgomery's constants)
    u64 r2[MAXQ]
    u128* f128           # (a)_k for a <= n + 1, k <= max_cards
    u64* ffq             # (a)_j mod q for a <= n, j <= jmax
    u64* pfq             # (pool_v)_k mod q for k < 64
    Bucket** made_b      # the buckets of unions by high part, in the order made (a row: exact,
    long long nb, bcap   # ND * nq residues as halves; float, ND probabilities)
    Bucket** dir         # the same by high part (open addressing; NULL: empty)
    long long dircap
    int ncol, col[ND]    # a row's columns: the dealer's results but a blackjack he cannot have (exact)
    long long rowbytes, live, peak, made  # rows held now, at most, and made in all


# The last hand's sums for the head unions of one chunk: for the ``h``-th union and each way
# ``e`` the last hand ends, Y[d * nq + qi] at ((h * NEND + e) * nt) (exact: by halves while narrow,
# else in 128 bits) or Y[d] at ((h * NEND + e) * ND) (float).
cdef struct Sums:
    u64* lo
    u64* hi
    u128* wide                         # exact while not narrow: lo + hi * 2**31 + wide
    bint narrow
    double* f
    int seen[HEAD_CHUNK]               # the ends met, a bit each
    u64* key                           # a tile's pairs: their union, head union, leaf and row
    int* head
    int* end                           # how its leaf ends, and its count
    unsigned int* cnt
    const char** row
    long long first[HEAD_CHUNK + 1]    # the union's first entry in the head table


# Exact: for each outcome and modulus, the settled products (each below 2**126) added up: the low
# 128 bits of the sum and how many times it overflowed them.
cdef struct Acc:
    u128 low[NOUT * MAXQ]
    u64 over[NOUT * MAXQ]


# RES[e][d]: a hand that ends as ``e`` (2 * (total - 16) + stake - 1) against the dealer's result d.
cdef int RES[NEND][ND]


cdef void _results() noexcept:
    cdef int e, d, r, cnt
    for e in range(NEND):
        r = e // 2 + 16  # the total
        cnt = e % 2 + 1  # the stake
        for d in range(ND):
            if d == BLACKJACK or r == 22:
                RES[e][d] = -cnt
            elif d == DEALER_BUST:
                RES[e][d] = cnt
            else:
                RES[e][d] = ((r > 17 + d) - (r < 17 + d)) * cnt


_results()


cdef inline int _outcome(int net, int diff) noexcept nogil:
    """The outcome's index: (net + 8) * 3 + class (win, loss, neither)."""
    return (net + 8) * 3 + (0 if diff > 0 else (1 if diff < 0 else 2))


cdef inline void _head_profile(u64 ee, int* neth, int* diffh) noexcept nogil:
    """The net and the wins less losses of a head's hands (``ee``: their multiset of ends) against
    each dealer result."""
    cdef int d, j, cnt
    for d in range(ND):
        neth[d] = diffh[d] = 0
    for j in range(NEND):
        cnt = <int> ((ee >> (3 * j)) & 7)
        if cnt:
            for d in range(ND):
                neth[d] += cnt * RES[j][d]
                diffh[d] += cnt * ((RES[j][d] > 0) - (RES[j][d] < 0))


# A head's hands against one dealer result: their net (-8..8) and wins less losses (-4..4), as one
# index, so that the head entries of a union that settle alike are added up before they are settled.
cdef enum:
    NPROFILE = 17 * 9


cdef void _settle(const Walk* w, const Table* head, const Sums* y, int h, bint one_unit, Acc* acc,
                  double* facc) noexcept nogil:
    """Settle the head entries of the ``h``-th head union of a chunk (``y.first[h]`` ..
    ``y.first[h + 1] - 1``), with the last hand's sums, against each dealer result.

    Exact: against a dealer result the last hand's end matters only by what it wins (-2 to 2), so
    its sums are first added up by that (``sr``), once for all the head entries of the union; and
    the head entries matter only by their hands' net and wins less losses (their profile), so
    their counts are first added up by that (``tot``), and each profile met is settled once. The
    sums are reduced once each, to ``y / R`` modulo q (Montgomery's reduction), and a profile's
    count (below 2**64, else taken modulo q) times such a sum is added to ``acc`` as it is: the
    call brings the whole to ``n y`` modulo q once, at its end."""
    cdef u64 sr[ND][5][MAXQ]
    cdef u128 sw[ND][5][MAXQ]
    cdef int has[ND]
    cdef int neth[ND]
    cdef int diffh[ND]
    cdef u64 cq[MAXQ]
    cdef u128 tot[ND][NPROFILE]
    cdef short used[ND][NPROFILE]
    cdef short slot[ND][NPROFILE]
    cdef int nused[ND]
    cdef int seen = y.seen[h], nq = w.nq, nt = w.ncol * w.nq, e, d, qi, t, r, o, pr, j, net, diff
    cdef long long k, row
    cdef u64 q, z
    cdef u128* low
    cdef u64* over
    cdef u128 s
    cdef const double* yf
    if not seen:
        return
    if not w.exact:
        for k in range(y.first[h], y.first[h + 1]):
            _head_profile(head.s[k].e, neth, diffh)
            for e in range(NEND):
                if not (seen >> e) & 1:
                    continue
                yf = y.f + (h * NEND + e) * ND
                for d in range(ND):
                    if one_unit and d == BLACKJACK:
                        o = _outcome(-1, -1)  # the round ended at the deal: -1, a loss
                    else:
                        o = _outcome(neth[d] + RES[e][d], diffh[d] + (RES[e][d] > 0) - (RES[e][d] < 0))
                    facc[o] += head.s[k].n.f * yf[d]
        return
    # The sums of the ends that win alike against d added up as integers while narrow (each below
    # 2**96, at most NEND of them), then reduced once; while wide, reduced one by one.
    memset(has, 0, sizeof(has))
    for e in range(NEND):
        if (seen >> e) & 1:
            row = (h * NEND + e) * nt
            for d in range(ND):
                if w.col[d] < 0:
                    continue
                r = 2 if one_unit and d == BLACKJACK else RES[e][d] + 2
                if not (has[d] >> r) & 1:
                    has[d] |= 1 << r
                    memset(sw[d][r], 0, nq * sizeof(u128))
                    memset(sr[d][r], 0, nq * sizeof(u64))
                for qi in range(nq):
                    t = w.col[d] * nq + qi
                    s = y.lo[row + t] + (<u128> y.hi[row + t] << HALF_BITS)
                    if y.narrow:
                        sw[d][r][qi] += s
                    else:
                        q = w.q[qi]
                        z = sr[d][r][qi] + _redc_wide(s + y.wide[row + t], q, w.qneg[qi])
                        sr[d][r][qi] = z - q if z >= q else z
    if y.narrow:
        for d in range(ND):
            for r in range(5):
                if (has[d] >> r) & 1:
                    for qi in range(nq):
                        sr[d][r][qi] = _redc_wide(sw[d][r][qi], w.q[qi], w.qneg[qi])
    memset(nused, 0, sizeof(nused))
    memset(slot, 0xff, sizeof(slot))  # -1: a profile not met yet
    for k in range(y.first[h], y.first[h + 1]):
        _head_profile(head.s[k].e, neth, diffh)
        for d in range(ND):
            if not has[d]:
                continue
            pr = (neth[d] + 8) * 9 + diffh[d] + 4
            j = slot[d][pr]
            if j < 0:
                j = slot[d][pr] = nused[d]
                used[d][j] = <short> pr
                tot[d][j] = 0
                nused[d] += 1
            tot[d][j] += head.s[k].n.c
    for d in range(ND):
        for j in range(nused[d]):
            net, diff = used[d][j] // 9 - 8, used[d][j] % 9 - 4
            for qi in range(nq):
                cq[qi] = <u64> tot[d][j] if tot[d][j] >> 64 == 0 else <u64> (tot[d][j] % w.q[qi])
            for r in range(5):
                if not (has[d] >> r) & 1:
                    continue
                if one_unit and d == BLACKJACK:
                    o = _outcome(-1, -1)  # the round ended at the deal: -1, a loss
                else:
                    o = _outcome(net + r - 2, diff + (r > 2) - (r < 2))
                low, over = acc.low + o * MAXQ, acc.over + o * MAXQ
                for qi in range(nq):
                    s = <u128> cq[qi] * sr[d][r][qi]
                    low[qi] += s
                    over[qi] += low[qi] < s


cdef Bucket* _bucket(Walk* w, u64 high) noexcept nogil:
    """The bucket of the unions of a high part, made on first use; NULL when out of memory."""
    cdef long long mask, i, j, oldcap
    cdef Bucket** old
    cdef Bucket* b
    cdef void* grown
    if w.dir == NULL:
        w.dircap, w.bcap = 1 << 10, 1 << 8
        w.dir = <Bucket**> calloc(w.dircap, sizeof(Bucket*))
        w.made_b = <Bucket**> malloc(w.bcap * sizeof(Bucket*))
        if w.dir == NULL or w.made_b == NULL:
            return NULL
    mask = w.dircap - 1
    i = <long long> (mix(high, 1) & <u64> mask)
    while w.dir[i] != NULL:
        if w.dir[i].high == high:
            return w.dir[i]
        i = (i + 1) & mask
    if 2 * (w.nb + 1) > w.dircap:  # grow the directory, then find the free place again
        old, oldcap = w.dir, w.dircap
        w.dir = <Bucket**> calloc(2 * oldcap, sizeof(Bucket*))
        if w.dir == NULL:
            w.dir = old
            return NULL
        w.dircap = 2 * oldcap
        mask = w.dircap - 1
        for j in range(oldcap):
            if old[j] != NULL:
                i = <long long> (mix(old[j].high, 1) & <u64> mask)
                while w.dir[i] != NULL:
                    i = (i + 1) & mask
                w.dir[i] = old[j]
        free(old)
        i = <long long> (mix(high, 1) & <u64> mask)
        while w.dir[i] != NULL:
            i = (i + 1) & mask
    if w.nb == w.bcap:
        grown = realloc(w.made_b, 2 * w.bcap * sizeof(Bucket*))
        if grown == NULL:
            return NULL
        w.made_b, w.bcap = <Bucket**> grown, 2 * w.bcap
    b = <Bucket*> calloc(1, sizeof(Bucket))
    if b == NULL:
        return NULL
    b.high, b.cap = high, 64
    if w.exact:
        _high_factors(w, b)
    b.slots = <Slot*> calloc(b.cap, sizeof(Slot))
    if b.slots == NULL:
        free(b)
        return NULL
    w.dir[i] = b
    w.made_b[w.nb] = b
    w.nb += 1
    return b


cdef void _high_factors(const Walk* w, Bucket* b) noexcept nogil:
    """``b.puh``: the product over the values of the high part of (pool_v)_k, k the part's count
    of v, modulo each modulus (Montgomery's form)."""
    cdef int i, v, lo = HIGH_SHIFT // 6
    cdef u64 x
    for i in range(w.nq):
        x = w.pfq[(i * NV + lo) * 64 + (b.high & 63)]
        for v in range(lo + 1, NV):
            x = _redc(<u128> x * w.pfq[(i * NV + v) * 64 + ((b.high >> (6 * (v - lo))) & 63)], w.q[i], w.qneg[i])
        b.puh[i] = x


cdef void _free_below(Walk* w, u64 high) noexcept nogil:
    """Free the buckets of high parts below ``high``: a union holds at least its head union's
    cards, and the heads come in order of their high part, so no later head meets them."""
    cdef long long i
    cdef Bucket* b
    for i in range(w.nb):
        b = w.made_b[i]
        if b.high < high and b.slots != NULL:
            w.live -= b.nrows
            _bucket_free(b)


cdef void _buckets_free(Walk* w) noexcept nogil:
    cdef long long i
    for i in range(w.nb):
        _bucket_free(w.made_b[i])
        free(w.made_b[i])
    free(w.made_b)
    free(w.dir)
    w.made_b, w.dir, w.nb = NULL, NULL, 0


cdef class _Leaves:
    """The leaves of either kind as arrays, in groups of one high part (``SplitKernel._leaf_arrays``),
    and the shoe they are drawn from."""
    cdef Leaf* lv[2]
    cdef int* gstart[2]
    cdef int nl[2]
    cdef int ng[2]
    cdef bint narrow[2]
    cdef long long pool[NV]

    def __dealloc__(self):
        free(self.lv[0]); free(self.lv[1]); free(self.gstart[0]); free(self.gstart[1])


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
    cdef public long long peak_heads  # the most head entries held by one run since set to 0
    cdef public int narrow_bits  # sums by halves while the leaves' counts add up to less than 2**this
    cdef int straight  # the dealer's rule whose straight-line floats give the rows (1 H17, 0 S17), or -1

    def __cinit__(self, folded, straight=None):
        """``folded``: the dealer's graph (``DealerKernel.folded()``); ``straight``: whether it is
        the dealer's own graph under H17 (True) or S17 (False), whose rows in floats then come from
        the straight-line code of the one up card (None: another graph, walked)."""
        self.straight = -1 if straight is None else (1 if straight else 0)
        graph_load(&self.g, folded)
        self.max_cards = self.g.width - 1
        self.narrow_bits = 64 - 31
        if self.g.nresults != ND or self.g.width > 32:
            raise ValueError("the split kernel expects 7 dealer results and at most 31 cards")
        if self.straight >= 0 and self.g.width != (ODDS_DEALER_WIDTH_H17 if self.straight else ODDS_DEALER_WIDTH_S17):
            raise ValueError("the straight-line code is of another graph")
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

    def run(self, base, int up, leaves, groups, bint exact, moduli, long long jmax, bint one_unit,
            int part=0, int parts=1, heads=None, bounds=None):
        """The split round of one pair against the up card ``up`` (0-based value).

        ``base``: the shoe by value less both pair cards (the up card still in it). ``leaves``: for
        kinds 0 and 1, lists of (code, end, sequences). ``groups``: (shift, head kinds, last kind,
        multiplicity). ``jmax``: at least the most cards a run can draw after the up card, the
        dealer's counted to his most or to the end of the shoe. ``one_unit``: a dealer blackjack
        costs the round one unit (-1, a loss). ``part`` of ``parts``: join only the unions whose
        high part lies from ``bounds[part]`` to ``bounds[part + 1]`` (:meth:`part_bounds`, made
        here if not given); the parts' sums add up to the whole, and a part holds a share of the
        rows, so that calls of the parts on several threads hold no more than one call.
        ``heads``: the head tables from :meth:`heads` for the same arguments, to share them among
        the parts (else made here). Returns, for each outcome
        ``(net + 8) * 3 + class`` (win, loss, neither), exact: its residues modulo each modulus of its numerator over
        ``(n)_jmax``; float: its probability. None when the dealer can run out of cards, or when
        his counts could pass 128 bits (``fits_128``).
        """
        cdef Walk w
        cdef int v, i, k, last
        cdef long long t
        cdef bint ok
        cdef long long j
        cdef Leaf* lv[2]
        cdef int nl[2]
        cdef Table* ht[2]
        cdef long long at[2]
        cdef bint narrow[2]
        cdef long long hi
        cdef int* gstart[2]
        cdef int ng[2]
        cdef Sums y
        cdef u64 hh, NONE = ~(<u64> 0)
        cdef u64 reach[2]  # the highest high part of a leaf of either kind
        cdef Acc acc
        cdef double facc[NOUT]
        memset(&w, 0, sizeof(w))
        memset(&acc, 0, sizeof(acc))
        memset(facc, 0, sizeof(facc))
        w.nq = len(moduli) if exact else 0
        if w.nq > MAXQ:
            raise ValueError("too many moduli")
        w.up, w.exact, w.jmax, w.starved = up, exact, jmax, -1
        if not 0 <= part < parts:
            raise ValueError("part must lie in 0 .. parts - 1")
        for v in range(NV):
            w.base[v] = base[v]
            w.pool[v] = w.base[v] - (v == up)
            w.n += w.pool[v]
        w.fit_even, w.fit_odd = _fit_slots(w.pool, 0), _fit_slots(w.pool, 1)
        if not fits_128(w.n + 1, self.max_cards):
            return None
        for i in range(w.nq):
            w.q[i] = moduli[i]
            if not 2 ** 61 < w.q[i] < 2 ** 62 or w.q[i] % 2 == 0:
                raise ValueError("the moduli must be odd, between 2**61 and 2**62")
            inv = w.q[i]  # Newton's steps for 1/q mod 2**64
            for k in range(5):
                inv = (inv * (2 - w.q[i] * inv)) % 2 ** 64
            w.qneg[i] = (-inv) % 2 ** 64
            w.r2[i] = 2 ** 128 % w.q[i]
        w.ncol = 0
        for i in range(ND):  # an up card of 2 to 9 gives the dealer no blackjack: its column is left out
            w.col[i] = -1 if exact and i == BLACKJACK and up not in (0, 9) else w.ncol
            w.ncol += w.col[i] >= 0
        w.rowbytes = w.ncol * w.nq * sizeof(u64) if w.exact else ND * sizeof(double)
        lv[0] = lv[1] = NULL
        gstart[0] = gstart[1] = NULL
        memset(&y, 0, sizeof(y))
        try:
            self._leaf_arrays(leaves, lv, gstart, nl, ng, narrow)
            if exact:
                t = HEAD_CHUNK * NEND * w.ncol * w.nq
                y.lo, y.hi = <u64*> malloc(t * sizeof(u64)), <u64*> malloc(t * sizeof(u64))
                y.wide = <u128*> malloc(t * sizeof(u128))
                ok = y.lo != NULL and y.hi != NULL and y.wide != NULL
            else:
                y.f = <double*> malloc(HEAD_CHUNK * NEND * ND * sizeof(double))
                ok = y.f != NULL
            t = HEAD_CHUNK * (max([gstart[k][i + 1] - gstart[k][i] for k in range(2) for i in range(ng[k])],
                                  default=0) + 1)
            y.key, y.row = <u64*> malloc(t * sizeof(u64)), <const char**> malloc(t * sizeof(char*))
            y.head, y.end = <int*> malloc(t * sizeof(int)), <int*> malloc(t * sizeof(int))
            y.cnt = <unsigned int*> malloc(t * sizeof(unsigned int))
            ok = ok and y.key != NULL and y.row != NULL and y.head != NULL and y.end != NULL and y.cnt != NULL
            if not ok or not self._tables(&w):
                raise MemoryError()
            if heads is None:
                heads = self._head_tables(groups, lv, nl, gstart, ng, w.pool, exact)
            w.lo_high, w.hi_high = 0, NONE
            if parts > 1:
                if bounds is None:
                    bounds = self._part_bounds(heads, lv, gstart, ng, w.pool, parts)
                w.lo_high, w.hi_high = bounds[part], bounds[part + 1]
            for last in range(2):
                ht[last] = NULL if heads[last] is None else &(<_Heads> heads[last]).t
                at[last] = 0
                reach[last] = lv[last][nl[last] - 1].code >> HIGH_SHIFT if nl[last] else 0
            # The heads in order of their high part, both tables in step: a union of all the hands'
            # cards holds at least its head's cards, so the buckets below the heads' are done with.
            k = 1
            with nogil:
                while k != 0 and w.starved < 0:
                    hh = NONE
                    for last in range(2):
                        if ht[last] != NULL and at[last] < ht[last].n and ht[last].s[at[last]].u >> HIGH_SHIFT < hh:
                            hh = ht[last].s[at[last]].u >> HIGH_SHIFT
                    if hh == NONE or hh >= w.hi_high:  # a union's high part is at least its head's
                        break
                    _free_below(&w, hh)
                    for last in range(2):
                        if ht[last] == NULL:
                            continue
                        hi = at[last]
                        while hi < ht[last].n and ht[last].s[hi].u >> HIGH_SHIFT == hh:
                            hi += 1
                        if hi > at[last] and hh + reach[last] >= w.lo_high:
                            k = self._join_rows(&w, ht[last], at[last], hi, lv[last], gstart[last], ng[last],
                                                narrow[last], one_unit, &acc, facc, &y)
                        at[last] = hi
                        if k == 0 or w.starved >= 0:
                            break
            if k == 0:
                raise MemoryError()
            if w.starved >= 0:
                return None
        finally:
            free(lv[0]); free(lv[1]); free(gstart[0]); free(gstart[1]); free(w.f128); free(w.ffq); free(w.pfq)
            free(y.lo); free(y.hi); free(y.wide); free(y.f); free(y.key); free(y.row); free(y.head); free(y.end); free(y.cnt)
            _buckets_free(&w)
        self.peak_rows, self.rows_made = max(self.peak_rows, w.peak), self.rows_made + w.made
        if exact:
            return [[(int(acc.over[k * MAXQ + i]) << 128 | int(acc.low[k * MAXQ + i])) * 2 ** 64 % w.q[i]
                     for i in range(w.nq)] for k in range(NOUT)]
        return [facc[k] for k in range(NOUT)]

    cdef _leaf_arrays(self, leaves, Leaf** lv, int** gstart, int* nl, int* ng, bint* narrow):
        """The leaves of either kind as arrays sorted by union (``lv``, ``nl`` of them), in groups
        of one high part (group ``g`` from ``gstart[g]``, ``ng`` groups); ``narrow``: their counts
        add up to less than 2**narrow_bits. The caller frees ``lv`` and ``gstart``."""
        cdef int k, i
        for k in range(2):
            nl[k] = len(leaves[k])
            lv[k] = <Leaf*> malloc((nl[k] + 1) * sizeof(Leaf))
            gstart[k] = <int*> malloc((nl[k] + 1) * sizeof(int))
            if lv[k] == NULL or gstart[k] == NULL:
                raise MemoryError()
            ng[k] = 0
            for i, (code, end, count) in enumerate(sorted(leaves[k])):  # by union: groups of one high part
                lv[k][i].code, lv[k][i].end, lv[k][i].c = code, end, count
                if i == 0 or (code >> HIGH_SHIFT) != (lv[k][i - 1].code >> HIGH_SHIFT):
                    gstart[k][ng[k]] = i
                    ng[k] += 1
            gstart[k][ng[k]] = nl[k]
            narrow[k] = sum(count for _, _, count in leaves[k]) < 2 ** self.narrow_bits

    cdef _Leaves _leaves(self, base, int up, leaves):
        """The leaf arrays (:meth:`_leaf_arrays`) and the shoe less the up card and both pair cards."""
        cdef _Leaves x = _Leaves()
        cdef int v
        for v in range(NV):
            x.pool[v] = base[v] - (v == up)
        self._leaf_arrays(leaves, x.lv, x.gstart, x.nl, x.ng, x.narrow)
        return x

    def heads(self, base, int up, leaves, groups, bint exact):
        """The head tables of a :meth:`run` with these arguments, for the last hand of either kind
        (None where no pattern ends in it): made once, they may be shared by the calls of its
        parts and moduli, on any thread (they are only read)."""
        cdef _Leaves x = self._leaves(base, up, leaves)
        return self._head_tables(groups, x.lv, x.nl, x.gstart, x.ng, x.pool, exact)

    def part_bounds(self, base, int up, leaves, heads, int parts):
        """The bounds of the high parts of the unions that ``parts`` calls of a :meth:`run` with
        these arguments share out (``heads`` from :meth:`heads`): ``parts + 1`` of them, the first
        0 and the last above every high part. Part ``p`` joins the unions whose high part lies
        from ``bounds[p]`` to ``bounds[p + 1] - 1``: a range, so that a head union, whose unions'
        high parts lie a few leaf high parts above its own, meets few parts and is settled by
        few; cut where about as many (head union, leaf) pairs fall in each part."""
        cdef _Leaves x = self._leaves(base, up, leaves)
        return self._part_bounds(heads, x.lv, x.gstart, x.ng, x.pool, parts)

    cdef list _part_bounds(self, heads, Leaf** lv, int** gstart, int* ng, const long long* pool, int parts):
        """:meth:`part_bounds` from the leaf arrays."""
        cdef HighWeight* hw = NULL
        cdef long long n = 0, cap = 0, i, lo, unions
        cdef int last, g
        cdef u64 hh, u, cut = 0
        cdef double total = 0, seen = 0
        cdef const Table* t
        cdef void* grown
        bounds = [0]
        if parts <= 1:  # one part joins every union: nothing to weigh
            return bounds + [~(<u64> 0)]
        try:
            for last in range(2):
                if heads[last] is None:
                    continue
                t = &(<_Heads> heads[last]).t
                i = 0
                while i < t.n:  # each run of head entries of one high part, with its head unions
                    lo, hh, unions = i, t.s[i].u >> HIGH_SHIFT, 0
                    while i < t.n and t.s[i].u >> HIGH_SHIFT == hh:
                        unions += i == lo or t.s[i].u != t.s[i - 1].u
                        i += 1
                    for g in range(ng[last]):
                        u = hh + (lv[last][gstart[last][g]].code >> HIGH_SHIFT)
                        if not _fits_high(u, pool):
                            continue
                        if n == cap:
                            grown = realloc(hw, (2 * cap + 1024) * sizeof(HighWeight))
                            if grown == NULL:
                                raise MemoryError()
                            hw, cap = <HighWeight*> grown, 2 * cap + 1024
                        hw[n].high = u
                        hw[n].weight = <double> unions * (gstart[last][g + 1] - gstart[last][g])
                        total += hw[n].weight
                        n += 1
            qsort(hw, n, sizeof(HighWeight), _by_weight_high)
            for i in range(n):
                if len(bounds) < parts and seen >= total * len(bounds) / parts and hw[i].high > cut:
                    cut = hw[i].high
                    bounds.append(cut)
                seen += hw[i].weight
        finally:
            free(hw)
        return bounds + [~(<u64> 0)] * (parts + 1 - len(bounds))

    cdef list _head_tables(self, groups, Leaf** lv, int* nl, int** gstart, int* ng, const long long* pool,
                           bint exact):
        """The head tables for the last hand of kinds 0 and 1 (None where no pattern ends in it)."""
        cdef int last
        heads: list = []
        for last in range(2):
            terms = [(shift, tuple(kinds), mult) for shift, kinds, kind, mult in groups if kind == last]
            heads.append(self._heads(terms, lv, nl, gstart, ng, pool, exact) if terms else None)
        self.peak_heads = max(self.peak_heads, sum((<_Heads> x).t.n for x in heads if x is not None))
        return heads

    cdef _Heads _heads(self, list terms, Leaf** lv, int* nl, int** gstart, int* ng, const long long* pool,
                       bint exact):
        """The head table of the patterns ``terms`` ((shift, kinds of the hands before the last,
        multiplicity)), summed: sum of multiplicity x (the shift's pair cards, then one hand of
        each kind), built by Horner's scheme on the last kind (N x N + N x X + X x X is
        (N) x N + (N + X) x X), so that patterns which share hands share their tables.

        A table one hand shorter, sorted by union, comes in runs of one high part, and so do the
        leaves: each run of entries joined to each run of leaves gives unions of one high part.
        The joins are taken in order of that high part, each high part's entries gathered in a small
        table of its own (it stays in the cache) and then sorted onto the end of the whole, which
        so comes sorted by union."""
        cdef _Heads h = _Heads(), prev
        cdef Table part
        cdef Combo* combos = NULL
        cdef void* grown
        cdef long long ncombo = 0, ccap = 0, i, lo, a, b, c0, bound, cap
        cdef int j, g, kind, src, ok = 1
        cdef const Entry* x
        cdef const Entry* ps[2]
        cdef const Leaf* l
        cdef u64 u, high
        cdef Count n
        cdef Entry* base = NULL
        cdef int nbase = 0
        h.t.exact = part.exact = exact
        h.t.s, h.t.cap, h.t.n = NULL, 0, 0
        part.s = NULL
        prevs = []  # the shorter tables, kept alive while they are read
        try:
            base = <Entry*> malloc((len(terms) + 1) * sizeof(Entry))
            if base == NULL:
                raise MemoryError()
            for shift, kinds, mult in terms:
                if not kinds:
                    base[nbase].u, base[nbase].e = shift, 0
                    if exact:
                        base[nbase].n.c = <u128> mult
                    else:
                        base[nbase].n.f = <double> mult
                    nbase += 1
            for kind in range(2):
                shorter = [(shift, kinds[:len(kinds) - 1], mult) for shift, kinds, mult in terms
                           if kinds and kinds[len(kinds) - 1] == kind]
                if shorter:
                    prev = self._heads(shorter, lv, nl, gstart, ng, pool, exact)
                    prevs.append((kind, prev))
            for src, (kind, prev) in enumerate(prevs):
                ps[src] = prev.t.s
                i = 0
                while i < prev.t.n:  # each run of one high part against each run of leaves
                    lo, high = i, prev.t.s[i].u >> HIGH_SHIFT
                    while i < prev.t.n and prev.t.s[i].u >> HIGH_SHIFT == high:
                        i += 1
                    for g in range(ng[kind]):
                        u = high + (lv[kind][gstart[kind][g]].code >> HIGH_SHIFT)
                        if not _fits_high(u, pool):
                            continue
                        if ncombo == ccap:
                            grown = realloc(combos, (2 * ccap + 1024) * sizeof(Combo))
                            if grown == NULL:
                                raise MemoryError()
                            combos, ccap = <Combo*> grown, 2 * ccap + 1024
                        combos[ncombo].high, combos[ncombo].kind, combos[ncombo].src = u, kind, src
                        combos[ncombo].lo, combos[ncombo].hi, combos[ncombo].g = lo, i, g
                        ncombo += 1
            with nogil:
                qsort(combos, ncombo, sizeof(Combo), _by_high)
                qsort(base, nbase, sizeof(Entry), _by_union)
                a = b = 0
                while ok and (a < ncombo or b < nbase):
                    high = combos[a].high if a < ncombo else ~(<u64> 0)
                    if b < nbase and base[b].u >> HIGH_SHIFT < high:
                        high = base[b].u >> HIGH_SHIFT
                    bound = 0
                    c0 = a
                    while a < ncombo and combos[a].high == high:
                        kind, g = combos[a].kind, combos[a].g
                        bound += (combos[a].hi - combos[a].lo) * (gstart[kind][g + 1] - gstart[kind][g])
                        a += 1
                    cap = 1024
                    while 3 * cap < 4 * bound and cap < (1 << 22):
                        cap *= 2
                    if not _table_init(&part, cap):
                        ok = 0
                        break
                    while b < nbase and base[b].u >> HIGH_SHIFT == high:
                        ok = ok and _table_add(&part, base[b].u, 0, base[b].n)
                        b += 1
                    for i in range(c0, a):
                        kind, g = combos[i].kind, combos[i].g
                        for lo in range(combos[i].lo, combos[i].hi):
                            x = &ps[combos[i].src][lo]
                            for j in range(gstart[kind][g], gstart[kind][g + 1]):
                                l = &lv[kind][j]
                                u = x.u + l.code
                                if not _fits(u, pool):
                                    continue
                                if exact:
                                    n.c = x.n.c * l.c
                                else:
                                    n.f = x.n.f * <double> l.c
                                ok = ok and _table_add(&part, u, x.e + (1ULL << (3 * l.end)), n)
                    ok = ok and _table_append_sorted(&h.t, &part)
                    free(part.s)
                    part.s = NULL
            if not ok:
                raise MemoryError()
            if h.t.n:  # give back the room not used
                x = <Entry*> realloc(h.t.s, h.t.n * sizeof(Entry))
                if x != NULL:
                    h.t.s = <Entry*> x
            h.t.cap = h.t.n
            if h.t.s == NULL and not _table_init(&h.t, 1):
                raise MemoryError()
            return h
        finally:
            free(combos)
            free(base)
            free(part.s)

    cdef int _tables(self, Walk* w) noexcept nogil:
        """Exact mode: (a)_k as u128 for a <= n + 1, k <= max_cards; (a)_j mod each modulus for
        a <= n, j <= jmax and (pool_v)_k mod each modulus for k < 64, both in Montgomery form.
        0 when out of memory."""
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
        for i in range(w.nq):
            for row in range((n + 1) * jw):
                w.ffq[i * (n + 1) * jw + row] = _redc(<u128> w.ffq[i * (n + 1) * jw + row] * w.r2[i], q[i], w.qneg[i])
            for row in range(NV * 64):
                w.pfq[i * NV * 64 + row] = _redc(<u128> w.pfq[i * NV * 64 + row] * w.r2[i], q[i], w.qneg[i])
        return 1

    # ------------------------------------------------------------------ unions and their weights

    cdef char* _row(self, Walk* w, Bucket* b, u64 u) noexcept nogil:
        """The row of weights of the union ``u`` of all the hands' cards (in the bucket ``b`` of
        its high part), made on first use; NULL when out of memory or when the dealer can run out
        of cards (``w.starved``)."""
        cdef Slot* x = _slot(b, u)
        cdef Slot* old
        cdef long long j, oldcap, size
        cdef char* row
        if x.key:
            return x.row
        if 2 * (b.nrows + 1) > b.cap:  # grow, then find the free slot again
            old, oldcap = b.slots, b.cap
            b.slots = <Slot*> _big(2 * oldcap * sizeof(Slot), 1)
            if b.slots == NULL:
                b.slots = old
                return NULL
            b.cap = 2 * oldcap
            for j in range(oldcap):
                if old[j].key:
                    _slot(b, old[j].key - 1)[0] = old[j]
            free(old)
            x = _slot(b, u)
        if b.left == 0:  # a new chunk of rows, twice the last
            if b.nchunks == MAX_CHUNKS:
                return NULL
            size = (<long long> FIRST_ROWS) << b.nchunks
            b.chunks[b.nchunks] = <char*> _big(size * w.rowbytes, 0)
            if b.chunks[b.nchunks] == NULL:
                return NULL
            b.next, b.left = b.chunks[b.nchunks], size
            b.nchunks += 1
        row = b.next
        if not self._weigh(w, b, u, row):
            return NULL
        b.next += w.rowbytes
        b.left -= 1
        x.key, x.row = u + 1, row
        b.nrows += 1
        w.live += 1
        w.made += 1
        if w.live > w.peak:
            w.peak = w.live
        return row

    cdef int _weigh(self, Walk* w, const Bucket* b, u64 u, char* row) noexcept nogil:
        """Z_d(u) for every dealer result d into ``row``: exact, the numerator over (n)_jmax of
        (chance of drawing u) x (chance of d from the shoe less u), modulo each modulus; float,
        that chance. 0 when the dealer can run out of cards."""
        cdef long long c[NV]
        cdef long long total = 0, size, m, n = w.n, jw = w.jmax + 1
        cdef int v, d, k, i, wd = self.g.width
        cdef u128* ib = self.ibuckets + w.up * ND * wd  # the buckets of the up card
        cdef double* fb = self.fbuckets + w.up * ND * wd
        cdef u128 sd[ND]
        cdef u128 fk[32]  # a bucket's factor to the common denominator, by its number of cards
        cdef u128 s
        cdef u64 pu, qi, qn
        cdef double wf, pd
        cdef double pr[ND]  # float: the dealer's chance of each result
        cdef unsigned int* zq = <unsigned int*> row  # exact: the low halves, then the high halves
        cdef u64 z
        cdef double* zf = <double*> row
        for v in range(NV):
            c[v] = w.base[v] - <long long> ((u >> (6 * v)) & 63)
            total += c[v]
        size = n + 1 - total
        if w.exact:
            m = min(<long long> self.max_cards, total)  # the dealer's counts over (total - 1)_(m - 1)
            fk[0] = 0
            for k in range(1, wd):
                fk[k] = w.f128[(total - k) * wd + (m - k)] if k <= m else 0
            if not (self.straight >= 0 and straight_up_sums(c, self.straight, w.up, fk, sd)):
                memset(ib, 0, ND * wd * sizeof(u128))
                w.starved = walk(&self.g, w.up, c, total, self.ireach, self.ibuckets, <u128> 0)
                if w.starved >= 0:
                    return 0
                for d in range(ND):
                    s = 0
                    for k in range(1, m + 1):
                        s += ib[d * wd + k] * fk[k]
                    sd[d] = s
            for i in range(w.nq):
                qi, qn = w.q[i], w.qneg[i]
                pu = w.ffq[(i * (n + 1) + total - m) * jw + w.jmax - size - m + 1]
                for v in range(HIGH_SHIFT // 6):
                    pu = _redc(<u128> pu * w.pfq[(i * NV + v) * 64 + ((u >> (6 * v)) & 63)], qi, qn)
                pu = _redc(<u128> pu * b.puh[i], qi, qn)
                pu = _redc(<u128> pu * w.r2[i], qi, qn)  # pu * R**2: two reductions to come
                for d in range(ND):
                    k = w.col[d]
                    if k < 0:
                        continue
                    # sd / R, then pu * sd
                    z = _redc(<u128> pu * _redc_wide(sd[d], qi, qn), qi, qn)
                    zq[k * w.nq + i] = <unsigned int> (z & HALF_MASK)
                    zq[w.ncol * w.nq + k * w.nq + i] = <unsigned int> (z >> HALF_BITS)
        else:
            if not (self.straight >= 0 and straight_up_floats(c, self.straight, w.up, pr)):
                memset(fb, 0, ND * wd * sizeof(double))
                w.starved = walk(&self.g, w.up, c, total, self.freach, self.fbuckets, <double> 0)
                if w.starved >= 0:
                    return 0
                for d in range(ND):
                    pd = 0.0
                    for k in range(wd):
                        pd += fb[d * wd + k]
                    pr[d] = pd
            wf = 1.0
            for v in range(NV):
                for k in range(<int> ((u >> (6 * v)) & 63)):
                    wf *= <double> (w.pool[v] - k)
            for k in range(size):
                wf /= <double> (n - k)
            for d in range(ND):
                zf[d] = wf * pr[d]
        return 1

    # --------------------------------------------------------------------------------- joining

    cdef int _join_rows(self, Walk* w, const Table* head, long long lo, long long hi, const Leaf* leaves,
                        const int* gstart, int ngroups, bint narrow, bint one_unit, Acc* acc, double* facc,
                        Sums* y) noexcept nogil:
        """Join the last hand to each head union of the entries ``lo`` .. ``hi - 1`` (all of one
        high part) and settle every head entry against each dealer result, adding to ``acc``
        (exact) or ``facc`` (float). The leaves come sorted by union, in groups of one high part
        (group ``g`` from ``gstart[g]``). The head unions are taken ``HEAD_CHUNK`` at a time and
        each group of leaves is joined to all of them at once: the unions so met all lie in the
        bucket of one high part, and each is met again while its row is in the cache.
        ``narrow``: the leaves' counts add up to less than 2**33, so that sums of count x half
        stay in 64 bits. 0 when out of memory; stops when the dealer can run out of cards."""
        cdef long long i = lo, k, t
        cdef int nh, h, g, j, e, d, nt = w.ncol * w.nq, m
        cdef long long npairs, p
        cdef u64 hh = head.s[lo].u >> HIGH_SHIFT, uh, u, cj
        cdef Bucket* b
        cdef const char* z
        cdef const unsigned int* zl
        cdef const unsigned int* zh
        cdef u64* yl
        cdef u64* yh
        cdef u128* yw
        cdef double* yf
        y.narrow = narrow
        while i < hi:
            nh = 0
            k = i
            while k < hi and nh < HEAD_CHUNK:
                y.first[nh] = k
                uh = head.s[k].u
                while k < hi and head.s[k].u == uh:
                    k += 1
                y.seen[nh] = 0
                nh += 1
            y.first[nh] = k
            for g in range(ngroups):
                u = hh + (leaves[gstart[g]].code >> HIGH_SHIFT)
                if not _fits_high(u, w.pool) or u < w.lo_high or u >= w.hi_high:
                    continue
                b = _bucket(w, u)
                if b == NULL:
                    return 0
                # The tile's pairs (head union, leaf) whose union the shoe holds; their slots
                # fetched ahead of the look-ups, and their rows ahead of the sums.
                npairs = 0
                for h in range(nh):
                    uh = head.s[y.first[h]].u
                    for j in range(gstart[g], gstart[g + 1]):
                        u = uh + leaves[j].code
                        if _fits_packed(u, w.fit_even, w.fit_odd):
                            y.key[npairs], y.head[npairs] = u, h
                            y.end[npairs], y.cnt[npairs] = leaves[j].end, <unsigned int> leaves[j].c
                            npairs += 1
                for p in range(npairs + AHEAD):
                    if p < npairs:
                        prefetch(&b.slots[<long long> (mix(y.key[p], 0) & <u64> (b.cap - 1))])
                    if p >= AHEAD:
                        z = self._row(w, b, y.key[p - AHEAD])
                        if z == NULL:
                            return w.starved >= 0
                        y.row[p - AHEAD] = z
                        for t in range(0, w.rowbytes, 64):
                            prefetch(z + t)
                if w.exact and narrow:
                    odds_pairs(npairs, y.head, y.end, y.cnt, y.row, nt, NEND, y.seen, y.lo, y.hi)
                    continue
                for p in range(npairs):
                    h, e, z = y.head[p], y.end[p], y.row[p]
                    cj = y.cnt[p]
                    if w.exact:
                        t = (h * NEND + e) * nt
                        yl, yh, yw = y.lo + t, y.hi + t, y.wide + t
                        if not (y.seen[h] >> e) & 1:
                            y.seen[h] |= 1 << e
                            memset(yl, 0, nt * sizeof(u64))
                            memset(yh, 0, nt * sizeof(u64))
                            memset(yw, 0, nt * sizeof(u128))
                        zl = <const unsigned int*> z
                        zh = zl + nt
                        for m in range(nt):
                            yw[m] += <u128> cj * ((<u64> zh[m] << HALF_BITS) | zl[m])
                    else:
                        yf = y.f + (h * NEND + e) * ND
                        if not (y.seen[h] >> e) & 1:
                            y.seen[h] |= 1 << e
                            memset(yf, 0, ND * sizeof(double))
                        for d in range(ND):
                            yf[d] += <double> cj * (<const double*> z)[d]
            for h in range(nh):
                _settle(w, head, y, h, one_unit, acc, facc)
            i = k
        return 1
