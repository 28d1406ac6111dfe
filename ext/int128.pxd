# cython: language_level=3
"""128-bit unsigned integers (the C compiler's ``unsigned __int128``), shared by ``cimport``.

Cython knows the type only as an integer it must not narrow; :func:`to_int` turns one into a
Python integer.
"""

cdef extern from *:
    ctypedef unsigned long long u128 "unsigned __int128"


cdef inline object to_int(u128 x):
    """The Python integer of ``x``, in two 64-bit halves."""
    return (int(<unsigned long long> (x >> 64)) << 64) | int(<unsigned long long> (x & 0xFFFFFFFFFFFFFFFFULL))
