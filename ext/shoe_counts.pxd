# cython: language_level=3
"""The one check of a shoe state (``docs/errors.md``, "Shoe states"), shared by ``cimport``: a
shoe's 52 counts by rank and suit (rank major) read from Python into C once a call, a list or
tuple item by item without a Python-level loop, a :class:`odds.core.shoe.Shoe` by its counts, any
other iterable (a numpy array) made a list first.

A count is a whole number (an ``int`` or an integer that is not a ``bool``, numpy's included) from
0 to :data:`MAX_EACH` and the whole shoe holds at most :data:`MAX_CARDS` cards (a thousand decks,
``odds.core.shoe.MAX_DECKS``), so that every closed-form count of up to four cards stays within
128 bits and every product of the kernels within 64. Anything else raises
:class:`odds.core.errors.ShoeError` naming what is wrong. ``odds.engine.shoe_state.shoe_state``
is this check for Python, the exact paths' own.
"""

cdef enum:
    MAX_EACH = 1000     # of one card (rank and suit): a thousand decks
    MAX_CARDS = 52000


cdef inline int _refuse(str why) except -1:
    from odds.core.errors import ShoeError
    raise ShoeError(why)


cdef inline long long read_counts(object counts, long long* c, bint by_value_too, Py_ssize_t* read=NULL) except -1:
    """The counts into ``c`` (52 of them), returning the total. With ``by_value_too``, 10 counts by
    value (ace first) are accepted as well and ``c`` then gets those 10 (``read``, if given, is
    set to how many were read)."""
    cdef Py_ssize_t n, i
    cdef long long x = 0, total = 0
    cdef object item
    if type(counts) is not list and type(counts) is not tuple:
        from odds.core.shoe import Shoe
        if isinstance(counts, Shoe):
            counts = [n for row in (<object> counts).by_rank_suit() for n in row]
        elif isinstance(counts, (str, bytes)):
            _refuse(f"a shoe as counts is a list of 52 whole numbers (by rank and suit, rank major), not text")
        else:
            try:
                counts = list(counts)
            except TypeError:
                _refuse(f"a shoe as counts is a list of 52 whole numbers (by rank and suit, rank major), "
                        f"not {type(counts).__name__}")
    n = len(counts)
    if n != 52 and not (by_value_too and n == 10):
        _refuse(f"a shoe as counts is 52 whole numbers by rank and suit (rank major: A, 2, ..., K; suits "
                f"S, H, D, C){' or 10 by value' if by_value_too else ''}, not {n}")
    for i in range(n):
        item = (<list> counts)[i] if type(counts) is list else (<tuple> counts)[i]
        if type(item) is not int:
            from numbers import Integral  # numpy's integers are Integral; bools, numpy's too, are refused
            if isinstance(item, bool) or not isinstance(item, Integral):
                from odds.core.errors import shown
                _refuse(f"a count of cards is a whole number, not {shown(repr(item))} (count {i})")
        try:
            x = item
        except OverflowError:
            from odds.core.errors import shown
            if item < 0:
                _refuse(f"a count of cards cannot be negative (count {i} is {shown(int(item))})")
            _refuse(f"count {i} is {shown(int(item))}: a shoe holds at most {MAX_EACH:,} of each card (a thousand decks)")
        if x < 0:
            _refuse(f"a count of cards cannot be negative (count {i} is {x})")
        if x > (MAX_CARDS if n == 10 else MAX_EACH):
            _refuse(f"count {i} is {x}: a shoe holds at most {MAX_EACH:,} of each card (a thousand decks)")
        c[i] = x
        total += x
    if read != NULL:
        read[0] = n
    if total > MAX_CARDS:
        _refuse(f"the shoe holds {total:,} cards; at most {MAX_CARDS:,} (a thousand decks)")
    return total


cdef inline long long read_state_row(const long long* row, Py_ssize_t index) except -1:
    """The total of one row of a batch of shoe states (52 counts by rank and suit, already C
    integers), each count and the total checked as :func:`read_counts` checks them; a fault names the
    row ``index``."""
    cdef Py_ssize_t j
    cdef long long x, total = 0
    for j in range(52):
        x = row[j]
        if x < 0 or x > MAX_EACH:
            _refuse(f"shoe state {index}: count {j} is {x}: a count is 0 to {MAX_EACH:,}")
        total += x
    if total > MAX_CARDS:
        _refuse(f"shoe state {index}: the shoe holds {total:,} cards; at most {MAX_CARDS:,}")
    return total
