"""report.html in a real headless Chromium (Debian's `chromium`): renders, has charts, its script runs; its
size grows slowly with the questions, it shows a page of them at a time and draws a drill-down when opened."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from crag_eval.cli import main
from crag_eval.report.details import read_details
from crag_eval.report.render import render_reports

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


def dump_dom(url: str, profile: Path) -> str:
    """The DOM Chromium builds from `url`, after the page's own asynchronous work (the virtual-time budget
    lets the drill-down's decoding finish before the dump); fails on any script error."""
    assert CHROMIUM is not None
    cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0",
           f"--user-data-dir={profile}", "--virtual-time-budget=20000", "--dump-dom", url]  # fmt: skip
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    console = [line for line in result.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line]
    assert console == [], console
    assert 'data-ready="yes"' in result.stdout
    return result.stdout


def shown_rows(dom: str) -> list[int]:
    """The numbers (first cell) of the question rows the page shows (not `hidden`)."""
    return [int(n) for n in re.findall(r'<tr class="qrow" data-label="[^"]*">\s*<td>(\d+)</td>', dom)]


BYTES_A_QUESTION = 2_500
"""report.html's bound per question (the page text of its drill-down compressed, each page once). The old
report wrote ~4,700 bytes a question of Task 3 (tiny and default world alike; the main job's: 5.5 MB)."""


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium (install Debian's `chromium` package)")
def test_the_report_is_small_paged_and_draws_a_question_when_opened(tiny_world: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["--task", "3", "--model", "oracle", "--data", str(tiny_world), "--first", "40"]
    args += ["--output", str(out)]
    assert main(args) == 0
    html = out / "report.html"
    n = 40
    assert html.stat().st_size <= 40_000 + BYTES_A_QUESTION * n, html.stat().st_size
    details = read_details(html.read_text(encoding="utf-8"))
    texts = [(name, url, snippet) for name, url, _modified, snippet in details["pages"]]
    assert len(texts) == len(set(texts))  # each page's text once, however often it was served
    render_reports(out, page_size=15)  # three pages of rows
    uri = html.as_uri()
    assert shown_rows(dump_dom(uri, tmp_path / "profile")) == list(range(1, 16))
    dom = dump_dom(uri + "#q-35", tmp_path / "profile")
    assert shown_rows(dom) == list(range(31, 41)) and "page 3 of 3 (40 questions)" in dom
    opened = re.search(r'<details id="q-35"[^>]*open[^>]*>(.*?)</details>', dom, re.S)
    assert opened is not None and '<ol class="pages">' in opened.group(1)
    assert dom.count('<ol class="pages">') == 1  # only the question opened was drawn
    everything = dump_dom(uri + "#all", tmp_path / "profile")
    assert shown_rows(everything) == list(range(1, n + 1))
    stars = re.findall(r'<li class="answer-page" value="\d+">', everything)
    marked = [answer for q in details["questions"] for _ranks, _i, answer in q["pages"] or [] if answer]
    assert everything.count('<ol class="pages">') == n and len(stars) == len(marked) > 0
