"""crag_eval's public names are pinned, as the SDK's are (test_client_exports.py), and loaded only when used:
importing one module of the harness (a worker process, `crag_eval.reward` in an RL trainer) stays cheap."""

from __future__ import annotations

import subprocess
import sys

import crag_eval
import pytest

EXPORTED = [
    "Judgement",
    "Prediction",
    "Question",
    "RunConfig",
    "RunContext",
    "RunInterrupted",
    "Score",
    "UserModel",
]


def test_the_harness_exports_exactly_these_names() -> None:
    assert sorted(crag_eval.__all__) == sorted(EXPORTED)
    assert all(getattr(crag_eval, name).__name__ == name for name in crag_eval.__all__)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        crag_eval.no_such_name  # noqa: B018


def test_importing_the_reward_loads_no_run_machinery() -> None:
    code = "import sys, crag_eval.reward; print(sorted(m for m in sys.modules if m.startswith('crag_eval.')))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "crag_eval.run.evaluate" not in loaded and "crag_eval.reward" in loaded
