"""Run facebookresearch/CRAG's own mock server (a checkout with its own venv) next to ours.

Used by tests/original (identical bodies) and bench/bench_vs_original.py (speed). Nothing of the original is
copied here: it runs from its checkout, as a separate process, with its pinned requirements in its venv.

    CRAG_ORIGINAL_DIR=/path/to/CRAG   (the repository root, or its mock_api/ directory)
    CRAG_ORIGINAL_PYTHON=...          (default: <CRAG_ORIGINAL_DIR>/.venv/bin/python)
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

ENV_DIR = "CRAG_ORIGINAL_DIR"
ENV_PYTHON = "CRAG_ORIGINAL_PYTHON"
FIXTURE = Path(__file__).resolve().parents[1] / "importers"


@dataclass(frozen=True)
class Original:
    mock_api: Path
    """The directory holding server.py and cragapi/ (the original's working directory)."""
    python: Path


def locate(directory: str | None = None, python: str | None = None) -> Original | str:
    """The original's checkout and interpreter, or the reason it cannot be used."""
    directory = directory or os.environ.get(ENV_DIR)
    if not directory:
        return f"set {ENV_DIR} to a facebookresearch/CRAG checkout whose venv has mock_api/requirements.txt"
    root = Path(directory)
    mock_api = root if (root / "server.py").is_file() else root / "mock_api"
    if not (mock_api / "server.py").is_file() or not (mock_api / "cragapi").is_dir():
        return f"{ENV_DIR}={directory}: no mock_api/server.py and cragapi/ there"
    candidates = [
        python or os.environ.get(ENV_PYTHON),
        root / ".venv/bin/python",
        mock_api / ".venv/bin/python",
    ]
    interpreter = next((Path(c) for c in candidates if c and Path(c).is_file()), None)
    if interpreter is None:
        return f"no Python venv for the original (set {ENV_PYTHON} or create {root}/.venv)"
    probe = subprocess.run(
        [str(interpreter), "-c", "import fastapi, uvicorn, rank_bm25, pandas, sqlitedict, loguru"],
        capture_output=True,
        text=True,
        check=False,
    )
    if probe.returncode != 0:
        last = (probe.stderr.strip().splitlines() or ["?"])[-1]
        return f"the original's venv {interpreter} cannot import its requirements: {last}"
    return Original(mock_api, interpreter)


def write_pandas_pickles(original: Original, kg: Path) -> None:
    """Re-write the fixture's DataFrame pickles with the original's pandas/numpy (as the real files were made:
    a pickle from a newer numpy does not load in the original's venv)."""
    script = (
        f"import sys; sys.path.insert(0, {str(FIXTURE)!r}); from pathlib import Path; "
        "import cragkg_fixture as fx; "
        f"kg = Path({str(kg)!r}); "
        "fx.write_pickle(kg / 'music/grammy_df.pickle', fx.grammy_frame()); "
        "fx.write_pickle(kg / 'sports/soccer_team_match_stats.pkl', fx.soccer_frame())"
    )
    subprocess.run([str(original.python), "-c", script], check=True)


def wait_ready(url: str, process: subprocess.Popen[bytes], timeout: float) -> float:
    """Seconds from now until GET `url` answers 200; raises if the process dies or time runs out."""
    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode} during start-up")
        try:
            if httpx.get(url, timeout=1.0).status_code == 200:
                return time.perf_counter() - started
        except httpx.TransportError:
            pass
        time.sleep(0.02)
    raise RuntimeError(f"{url} not ready after {timeout:.0f} s")


def start_original(original: Original, kg: Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "KG_BASE_DIRECTORY": str(kg)}
    cmd = [str(original.python), "-m", "uvicorn", "server:app", "--port", str(port), "--log-level", "warning"]
    with log.open("wb") as out:
        return subprocess.Popen(cmd, cwd=original.mock_api, env=env, stdout=out, stderr=subprocess.STDOUT)


def start_ours(world: Path, port: int, log: Path, search: str = "original") -> subprocess.Popen[bytes]:
    crag_mock = Path(sys.executable).parent / "crag-mock"
    cmd = [str(crag_mock), "serve", "--data", str(world), "--port", str(port), "--search", search]
    with log.open("wb") as out:
        return subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)


def stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
