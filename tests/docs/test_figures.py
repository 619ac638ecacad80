"""Every measured timing figure in the README and docs/ says where it comes from.

A figure is only as good as the code and the machine it was measured on, so a paragraph (or table) that
states a measured time or speed names the bench script that produces it (`bench/….py`) or the commit it was
measured at (`measured at 1ce32b8`, `commit e0e0b4c`), next to it: in the same paragraph, or, for a table, in
the prose paragraph right above it (a heading in between does not count).

What counts as a measured timing figure, kept narrow so that settings are not flagged: a number with a unit
of time (`7.3 ms`, `12 µs`, `53 s`, `9 min`), `req/s`, or a ratio written `2.17x` / `1.51×`, outside code
spans and code blocks, in a paragraph that also reads like a measurement (p50/p95/p99, req/s, measured,
took, median, wall, per request, faster/slower, against, or a ratio). A timeout or a delay setting ("within
5 s", "`--drain-delay 5`") has none of those words and is not flagged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
TIMING = re.compile(
    r"(?<![\w.:=-])\d[\d,.]*(?:[–-]\d[\d,.]*)?(?:\s?(?:ms|µs|min)|\ss)\b|req/s|\d(?:\.\d+)?[x×](?![\w-])"
)
MEASURED = re.compile(
    r"p50|p95|p99|req/s|measured|\btook\b|median|wall|/request|ms/page|µs|\d(?:\.\d+)?[x×](?![\w-])"
    r"|faster|slower|against",
    re.IGNORECASE,
)
SOURCE = re.compile(r"bench/[\w./-]+\.py|\bcommits?\s+`?[0-9a-f]{7,40}\b|\bat\s+`?[0-9a-f]{7,40}\b")
CODE_SPAN = re.compile(r"`[^`\n]*`")


@dataclass(frozen=True)
class Paragraph:
    line: int
    text: str

    @property
    def is_table(self) -> bool:
        return any(line.startswith("|") for line in self.text.splitlines())

    @property
    def is_heading(self) -> bool:
        return self.text.startswith("#")


def paragraphs(markdown: str) -> list[Paragraph]:
    """Runs of non-blank lines outside code blocks (HTML comments dropped), with their first line."""
    out: list[Paragraph] = []
    current: list[str] = []
    start = 0
    fenced = False
    for number, line in enumerate(markdown.splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            line = ""
        if fenced or re.fullmatch(r"\s*<!--.*-->\s*", line):
            continue
        if not line.strip():
            if current:
                out.append(Paragraph(start, "\n".join(current)))
            current = []
            continue
        if not current:
            start = number
        current.append(line)
    if current:
        out.append(Paragraph(start, "\n".join(current)))
    return out


def unsourced(markdown: str) -> list[int]:
    """First lines of the paragraphs with a measured timing figure and no source next to it."""
    paras = paragraphs(markdown)
    bad = []
    for i, para in enumerate(paras):
        text = CODE_SPAN.sub("", para.text)
        if not (TIMING.search(text) and MEASURED.search(text)):
            continue
        context = [para.text]
        if para.is_table:  # the prose right above the table (or above the tables it follows)
            above = next((p for p in reversed(paras[:i]) if not p.is_table), None)
            if above is not None and not above.is_heading:
                context.append(above.text)
        elif i + 1 < len(paras) and paras[i + 1].is_table:  # a table's introduction states its source
            context.append(paras[i + 1].text)
        if not any(SOURCE.search(c) for c in context):
            bad.append(para.line)
    return bad


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_measured_figure_names_its_bench_script_or_commit(page: Path) -> None:
    bad = unsourced(page.read_text(encoding="utf-8"))
    assert not bad, f"{page.relative_to(ROOT)}: lines {bad} give a measured figure without a bench or commit"


def test_a_figure_without_a_source_is_found_and_settings_are_not() -> None:
    page = """# Speed

The KG mix ran at 8,351 req/s, p99 17 ms.

Measured at `99a8056` (load 0.9): p99 17 ms.

`python bench/bench_server.py` prints req/s and p99.

Request headers must arrive within 10 s; `--drain-delay 5` waits 5 s.

The table below was measured on a quiet machine.

| what | p50 |
|---|---|
| search | 6 ms |

## Sourced table

Figures of `bench/bench_web_search.py`:

| what | p50 |
|---|---|
| search | 6 ms |

```
took 9 s, 3.2x faster
```
"""
    assert unsourced(page) == [3, 13]
