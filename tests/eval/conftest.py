"""Fixtures of the harness tests: the real 10-question CRAG file (shared/ sits beside the repository)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fixture_paths import CRAG_DEV_10 as FIXTURE

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def crag_fixture() -> Path:
    if not FIXTURE.is_file():
        pytest.skip(f"the real CRAG fixture {FIXTURE} is not present (shared/ beside the repository)")
    return FIXTURE
