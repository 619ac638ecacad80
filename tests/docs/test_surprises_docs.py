"""Issue 35's smaller surprises in the docs, each held to what the code does: what `chunk_text` returns and
what `Client.call()` does with a 422 (docs/client.md), `oracle-retrieval`'s recall@5 (docs/measures.md),
what `.ci/run` checks (docs/development.md), the home table's pages (docs/index.md, README), the banner
`mkdocs build` prints, and the MCP host entry (docs/agents.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from crag_client import Client
from crag_client.html import Chunk, chunk_text

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def _text(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_client_page_says_chunk_text_returns_chunk_objects() -> None:
    chunks = chunk_text("One sentence here. Another one there.", size=20)
    assert chunks and all(type(c) is Chunk for c in chunks)
    page = _flat(_text("client.md"))
    assert "Both return `Chunk` objects (`crag_client.html.Chunk`), not strings" in page
    assert all(f"`chunk.{field}`" in page for field in ("text", "start", "end", "page_index", "page_url"))


def test_client_page_says_call_returns_error_bodies_and_it_does(tiny_server: str) -> None:
    with Client(tiny_server) as client:
        body = client.call("/movie/get_person_info", {"query": 7})
    assert "detail" in body  # a 422's body, returned, not raised
    page = _flat(_text("client.md"))
    assert "`client.call(path, body)`" in page and "return the decoded body whatever the status" in page


def test_measures_page_does_not_promise_a_perfect_oracle_retrieval_recall() -> None:
    reference = _text("reference-runs.md")
    row = next(line for line in reference.splitlines() if line.startswith("| oracle-retrieval | 3 |"))
    recall = float(row.rstrip(" |").rsplit("|", 1)[-1])
    said = _flat(_text("measures.md"))
    assert recall < 1.0 and "1.0 on every figure" not in said
    assert "its recall@5 is below 1.0 where a question has more than five answer pages" in said


def test_development_page_names_every_check_and_package_of_ci_run() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    page = _flat(_text("development.md"))
    commands = re.findall(
        r"^ *(?:setsid -w nice -n \d+ )?(?:NO_MKDOCS_2_WARNING=1 )?(?:\.venv/bin/)?"
        r"(ruff|mypy|mkdocs|pytest|scripts/typecheck)(.*)$",
        ci,
        re.M,
    )
    assert len(commands) >= 6  # ruff twice, scripts/typecheck, mkdocs, pytest twice
    for tool, args in commands:
        args = re.sub(r" --quiet| --site-dir .*| *>.*", "", args)  # not the background step's log
        assert f"{tool}{args}".strip() in page, f"docs/development.md does not name `{tool}{args}`"
    packages = re.findall(r"--no-install-recommends(.*?)\)", ci, re.S)
    names = {p for chunk in packages for p in chunk.replace("\\", " ").split()}
    assert {"chromium", "jq", "nginx", "podman", "mmdebstrap"} <= names
    assert all(f"`{name}`" in page for name in names), names
    assert "requirements.lock" in page and "-c requirements.lock" in ci


def test_home_table_and_readme_link_every_page_of_the_site() -> None:
    nav = re.findall(r":\s*([\w-]+\.md)\s*$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M)
    pages = set(nav) - {"index.md"}
    assert {"measures.md", "agents.md", "audit.md", "reference-runs.md", "routes.md"} <= pages
    home = set(re.findall(r"\]\(([\w-]+\.md)[#)]", _text("index.md")))
    readme = set(re.findall(r"\]\(docs/([\w-]+\.md)[#)]", (ROOT / "README.md").read_text(encoding="utf-8")))
    assert pages - home == set(), f"docs/index.md leaves out {sorted(pages - home)}"
    assert pages - readme == set(), f"README.md leaves out {sorted(pages - readme)}"


def test_every_documented_mkdocs_build_silences_the_end_of_life_banner() -> None:
    """mkdocs-material prints a banner on every `mkdocs build` unless NO_MKDOCS_2_WARNING is set."""
    sources = [ROOT / "README.md", ROOT / ".ci" / "run", *sorted(DOCS.glob("*.md"))]
    builds = [
        (p.name, line) for p in sources for line in p.read_text().splitlines() if "mkdocs build" in line
    ]
    commands = [
        (name, line) for name, line in builds if re.match(r"\s*(NO_MKDOCS|\.venv/bin/mkdocs|mkdocs)", line)
    ]
    assert len(commands) >= 3
    assert all("NO_MKDOCS_2_WARNING=1" in line for _name, line in commands), commands


def test_mcp_host_entry_names_the_command_by_its_absolute_path() -> None:
    page = _text("agents.md")
    entry = json.loads(re.search(r"```json\n(\{\"mcpServers\".*?)\n```", page, re.S).group(1))  # type: ignore[union-attr]
    command = entry["mcpServers"]["crag"]["command"]
    assert command.startswith("/") and command.endswith("/crag-mock")
    assert "command -v crag-mock" in page


def test_the_first_build_says_its_time_and_disk_and_the_readme_agrees() -> None:
    from crag_eval.run.sources import FIRST_BUILD

    assert "GB on disk" in FIRST_BUILD and "minutes" in FIRST_BUILD
    assert f"({FIRST_BUILD}," in _flat((ROOT / "README.md").read_text(encoding="utf-8"))
