"""requirements.lock is a constraints file any machine can use: exact versions of registry packages only.

pip-compile pins the project itself as `crag-mockapi @ file:///<the checkout it ran in>` when an extra names
the project (dev = crag-mockapi[world,mcp]); pip then refuses every install with the lock
(ResolutionImpossible), and `.ci/run` falls back to unpinned versions unnoticed: scripts/lock
strips that line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+ (the lock is for 3.11)

ROOT = Path(__file__).resolve().parents[2]
LOCK = (ROOT / "requirements.lock").read_text(encoding="utf-8")


def _pins() -> dict[str, str]:
    pins = {}
    for line in LOCK.splitlines():
        if line and not line.startswith(("#", " ")):
            name, sep, version = line.partition("==")
            assert sep and re.fullmatch(r"[\w.+!-]+", version), f"not an exact registry pin: {line!r}"
            pins[re.sub(r"[-_.]+", "-", name.lower())] = version
    return pins


def test_every_line_is_an_exact_pin_of_a_registry_package() -> None:
    assert "file://" not in LOCK and " @ " not in LOCK
    assert "crag-mockapi" not in _pins()


def test_every_direct_dependency_ci_installs_is_pinned() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    wanted = [*project["dependencies"], *extras["dev"], *extras["judge"]]
    names = {re.sub(r"[-_.]+", "-", re.split(r"[\[<>=!~; ]", spec, maxsplit=1)[0].lower()) for spec in wanted}
    missing = sorted(names - {"crag-mockapi"} - set(_pins()))
    assert missing == [], f"run scripts/lock: {missing} not in requirements.lock"
