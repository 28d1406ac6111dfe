"""Build the Cython kernels in ext/ as extension modules of the odds package.

Each ``ext/NAME.pyx`` becomes ``odds.engine.NAME``; what they share is in ``ext/*.pxd`` (cimported,
inline, no module of its own), and the stub ``odds/engine/NAME.pyi`` describes each module to Python.
"""
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

HERE = Path(__file__).parent
extensions = [
    Extension(f"odds.engine.{pyx.stem}", [str(pyx.relative_to(HERE))], extra_compile_args=["-O3"])
    for pyx in sorted((HERE / "ext").glob("*.pyx"))
]

setup(
    ext_modules=cythonize(
        extensions,
        include_path=[str(HERE / "ext")],
        language_level=3,
        compiler_directives={"boundscheck": False, "wraparound": False, "cdivision": True},
    ),
)
