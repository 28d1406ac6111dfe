"""The package's version, one place for every module that records it (the cache, reports).

>>> __version__
'0.1.0'
"""
__version__ = "0.1.0"  # as pyproject.toml's [project] version
