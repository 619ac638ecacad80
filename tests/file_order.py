"""The order a whole-suite run hands files to its xdist workers (imported by tests/conftest.py).

Files holding a `slow` test go first, in collection order otherwise: `--dist loadfile` hands out files in
this order (with `--no-loadscope-reorder` in pytest's addopts: without it xdist sorts the files by their
number of tests, so the image and install files, two tests each, started last, each a worker's last five
minutes while the other idled), so the longest ones (the image, the install, the worlds built apart) start
at once beside the shared worlds' build, and the last file a worker takes is a short one."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    slow_files = {item.path for item in items if item.get_closest_marker("slow") is not None}
    items.sort(key=lambda item: item.path not in slow_files)
