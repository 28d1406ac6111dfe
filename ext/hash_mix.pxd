# cython: language_level=3
"""The hash of a two-word key for the kernels' open-addressing tables, shared by ``cimport``."""

ctypedef unsigned long long u64


cdef inline u64 mix(u64 a, u64 b) noexcept nogil:
    """A well-spread 64-bit hash of ``(a, b)``: both words multiplied by odd constants, then the
    finalising steps of splitmix64."""
    cdef u64 x = (a * 0x9E3779B97F4A7C15ULL) ^ (b * 0xC2B2AE3D27D4EB4FULL)
    x ^= x >> 31
    x *= 0xBF58476D1CE4E5B9ULL
    x ^= x >> 29
    return x
