"""report.html links only http(s) URLs: a page URL from the served world (`javascript:`, `data:`) must not
become a clickable link that runs script. Checked on the DOM headless Chromium builds from the report."""

from __future__ import annotations

import bz2
import json
import re
from pathlib import Path

import pytest
from crag_eval.cli import main
from test_report_browser import CHROMIUM, dump_dom

HOSTILE = [
    "javascript:document.title='pwned'//",
    " JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
]


def hostile_dataset(fixture: Path, out: Path) -> Path:
    """The real fixture with the first question's first pages moved to hostile URLs (and renamed)."""
    with bz2.open(fixture, "rt", encoding="utf-8") as f:
        records = [json.loads(line) for line in f]
    for n, (page, url) in enumerate(zip(records[0]["search_results"], HOSTILE, strict=False)):
        page["page_url"], page["page_name"] = url, f"hostile page {n}"
    with bz2.open(out, "wt", encoding="utf-8") as f:
        f.writelines(json.dumps(r) + "\n" for r in records)
    return out


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium (install Debian's `chromium` package)")
def test_report_links_only_http_urls(
    crag_fixture: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path / "home"))
    data = hostile_dataset(crag_fixture, tmp_path / "hostile.jsonl.bz2")
    out = tmp_path / "run"
    assert main(["--task", "3", "--model", "oracle", "--data", str(data), "--output", str(out)]) == 0
    dom = dump_dom((out / "report.html").as_uri() + "#all", tmp_path / "profile")  # every drill-down drawn
    hrefs = re.findall(r'<a\b[^>]*\bhref="([^"]*)"', dom)
    pages = [h for h in hrefs if "://" in h or ":" in h.split("/")[0]]
    assert pages and all(h.strip().lower().startswith(("http://", "https://", "file://")) for h in pages), [
        h for h in hrefs if not h.lower().startswith(("http", "file"))
    ]
    assert all(f"hostile page {n}" in dom for n in range(len(HOSTILE)))  # still listed, as text
