"""Loads the compiled kernels. odds has no silent pure-Python fallback: if the extension did not
build, importing odds fails and says how to fix it."""
try:
    from . import dealer_kernel  # noqa: F401  (built from ext/dealer_kernel.pyx)
    from . import first_cards_kernel  # noqa: F401  (built from ext/first_cards_kernel.pyx)
    from . import split_kernel  # noqa: F401  (built from ext/split_kernel.pyx)
except ImportError as exc:  # pragma: no cover - exercised only on a broken install
    raise ImportError(
        "odds: a compiled kernel (odds.dealer_kernel, odds.first_cards_kernel, odds.split_kernel) is missing "
        f"or broken ({exc}); reinstall with `pip install .` on a machine with a C compiler "
        "(the package will not compute without it)"
    ) from exc

ENGINE_PATH = "cython"
