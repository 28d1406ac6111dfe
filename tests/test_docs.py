"""Run the examples in the documentation pages (docs/*.md), so they show what this version computes."""
import doctest
from pathlib import Path

import pytest

PAGES = sorted((Path(__file__).resolve().parent.parent / "docs").glob("*.md"))


def test_pages_found():
    assert len(PAGES) >= 7


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_page_examples(page):
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_index_links_every_page():
    index = (PAGES[0].parent / "index.md").read_text()
    for page in PAGES:
        if page.name != "index.md":
            assert f"({page.name})" in index, page.name
