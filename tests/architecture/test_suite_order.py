"""The suite's own scheduling, as `pytest -q` runs it (pyproject's addopts: two xdist workers, a file each):
a file holding a slow test is the first its worker runs, whatever its number of tests (tests/file_order.py).
xdist's default sorts files by their number of tests, which started the image and install tests (two tests
each, five minutes of network waits) last instead of beside the shared worlds' build."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
RECORD = """
import os
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def record(request: pytest.FixtureRequest) -> None:
    with open(Path(__file__).parent / "order.log", "a") as log:
        log.write(f"{os.environ['PYTEST_XDIST_WORKER']} {request.node.nodeid}\\n")
"""


def test_a_file_holding_a_slow_test_is_the_first_its_worker_runs(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(RECORD)
    for name, count in (("a", 3), ("b", 3), ("c", 2)):  # collected before the slow file, and larger
        tests = "".join(f"def test_{i}() -> None:\n    pass\n\n\n" for i in range(count))
        (tmp_path / f"test_{name}.py").write_text(tests)
    slow = "import pytest\n\n\n@pytest.mark.slow\ndef test_long() -> None:\n    pass\n"
    (tmp_path / "test_z_slow.py").write_text(slow)
    path = os.pathsep.join(p for p in [str(REPO / "tests"), os.environ.get("PYTHONPATH", "")] if p)
    # only the plugins the configuration needs (three interpreters loading every installed one: 30 CPU-s)
    env = {**os.environ, "PYTHONPATH": path, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    command = [sys.executable, "-m", "pytest", "-c", str(REPO / "pyproject.toml"), "--rootdir", str(tmp_path)]
    plugins = ["-p", "xdist.plugin", "-p", "pytest_timeout", "-p", "file_order", "-p", "no:cacheprovider"]
    done = subprocess.run(
        [*command, *plugins, "-q", str(tmp_path)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    lines = [line.split(" ", 1) for line in (tmp_path / "order.log").read_text().splitlines()]
    assert len(lines) == 9 and {worker for worker, _ in lines} == {"gw0", "gw1"}
    worker = next(worker for worker, test in lines if test.endswith("test_long"))
    first = next(test for w, test in lines if w == worker)
    assert first == "test_z_slow.py::test_long", [test for w, test in lines if w == worker]
