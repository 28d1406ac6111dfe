"""Build the Cython kernels in ext/ as extension modules of the odds package.

Each ``ext/NAME.pyx`` becomes ``odds.engine.NAME``; what they share is in ``ext/*.pxd`` (cimported,
inline, no module of its own), and the stub ``odds/engine/NAME.pyi`` describes each module to Python.
``ext/dealer_straight.py`` first writes the dealer's graph as straight-line C
(``build/generated/dealer_straight.h``, included by ``ext/dealer_walk.pxd``).
"""
import importlib.util
import os
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

HERE = Path(__file__).parent
GENERATED = HERE / "build" / "generated"
_spec = importlib.util.spec_from_file_location("dealer_straight", HERE / "ext" / "dealer_straight.py")
_straight = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_straight)
_straight.write(GENERATED / "dealer_straight.h")

extensions = [
    Extension(f"odds.engine.{pyx.stem}", [str(pyx.relative_to(HERE))], extra_compile_args=["-O3"],
              include_dirs=[str(GENERATED)], depends=[str(GENERATED / "dealer_straight.h")])
    for pyx in sorted((HERE / "ext").glob("*.pyx"))
]

setup(
    # The modules compile side by side (the dealer's straight-line code is the longest).
    options={"build_ext": {"parallel": os.cpu_count() or 1}},
    ext_modules=cythonize(
        extensions,
        include_path=[str(HERE / "ext")],
        language_level=3,
        compiler_directives={"boundscheck": False, "wraparound": False, "cdivision": True},
        nthreads=os.cpu_count() or 1,
    ),
)
