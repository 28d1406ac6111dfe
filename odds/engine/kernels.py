"""The compiled kernels, built from ``ext/NAME.pyx`` into ``odds.engine.NAME``.

odds has no silent pure-Python fallback: if an extension did not build, importing odds fails and
says how to fix it.
"""
try:
    from odds.engine import closed_counts, dealer_kernel, first_cards_kernel, player_kernel, shoe_state, split_kernel
except ImportError as exc:  # pragma: no cover - exercised only on a broken install
    raise ImportError(
        f"odds: a compiled kernel of odds.engine is missing or broken ({exc}); reinstall with "
        "`pip install .` on a machine with a C compiler (the package will not compute without it)"
    ) from exc

KERNELS = ("dealer_kernel", "first_cards_kernel", "closed_counts", "split_kernel", "player_kernel", "shoe_state")  # built from ext/NAME.pyx
ENGINE_PATH = "cython"

__all__ = ["ENGINE_PATH", "KERNELS", "closed_counts", "dealer_kernel", "first_cards_kernel", "player_kernel",
           "shoe_state", "split_kernel"]
