"""Run the examples in every module's docstrings."""
import doctest
import importlib
import pkgutil

import pytest

import odds

MODULES = ["odds"] + sorted(m.name for m in pkgutil.walk_packages(odds.__path__, "odds.")
                           if not m.name.endswith("__main__"))  # the package's own: help(odds) shows it


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
