"""report.html in a real headless Chromium (Debian's `chromium`): renders, has charts, its script runs."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from crag_eval.cli import main

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium (install Debian's `chromium` package)")
def test_report_renders_in_chromium(
    crag_fixture: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path / "home"))
    out = tmp_path / "run"
    assert main(["--task", "1", "--model", "oracle", "--data", str(crag_fixture), "--output", str(out)]) == 0
    assert CHROMIUM is not None
    result = subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--enable-logging=stderr",
            "--v=0",
            f"--user-data-dir={tmp_path / 'profile'}",
            "--dump-dom",
            (out / "report.html").as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    dom = result.stdout
    assert 'data-ready="yes"' in dom  # the inline script ran to its end
    assert dom.count('<svg class="chart"') >= 3  # domain, question type, dynamism
    assert dom.count('class="qrow"') == 10
    console = [line for line in result.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line]
    assert console == [], console
