"""Fixtures of the client tests: a scripted stdlib server and a sleep recorder."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from scripted_server import ScriptedServer, SleepRecorder, serve


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    """A fresh scripted server on 127.0.0.1 (random port)."""
    yield from serve()


@pytest.fixture
def sleeps() -> SleepRecorder:
    return SleepRecorder()
