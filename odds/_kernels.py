"""Loads the compiled kernels. odds has no silent pure-Python fallback: if an extension did not
build, importing odds fails and says how to fix it."""
import importlib

KERNELS = ("dealer_kernel", "first_cards_kernel", "closed_counts", "split_kernel")  # built from ext/NAME.pyx

for _name in KERNELS:
    try:
        globals()[_name] = importlib.import_module(f"{__package__}.{_name}")  # odds._kernels.NAME
    except ImportError as exc:  # pragma: no cover - exercised only on a broken install
        raise ImportError(
            f"odds: a compiled kernel (odds.{_name}) is missing or broken ({exc}); reinstall with "
            "`pip install .` on a machine with a C compiler (the package will not compute without it)"
        ) from exc

ENGINE_PATH = "cython"
