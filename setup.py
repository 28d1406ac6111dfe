"""Build the Cython kernels in ext/ as extension modules of the odds package.

Each ``ext/NAME.pyx`` becomes ``odds.engine.NAME``; its ``ext/NAME.pyi`` stub is installed beside it.
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
        language_level=3,
        compiler_directives={"boundscheck": False, "wraparound": False, "cdivision": True},
    ),
)
