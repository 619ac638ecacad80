"""The examples of the README and of every docs/ page run as written against a tiny-world server on loopback.

Every ```bash and ```python block of README.md and docs/*.md runs, unless the line right above it is
`<!-- readme-test: skip: REASON -->` (a block that starts a long-running server, needs Docker or CRAG's own
files, …; the reason is required). Substitutions, the only edits made to a block before it runs:
- `localhost:8000` and `127.0.0.1:8000` become the test server's address (a real uvicorn over the tiny world);
- `/tmp/tiny` becomes that tiny world's directory (so `crag-mock build --scale tiny --data /tmp/tiny` finds it
  built and reuses it).
Shell blocks run in `bash -euxo pipefail` with the venv's `crag-mock`/`crag-eval` first on PATH and a private
`$CRAG_MOCK_HOME`; each must exit 0 and print something, and no output may hold a null or empty `result`, a
`detail` (an error body) or a traceback. Python blocks run in order in one namespace per file (as pasted
into one session) with `CRAG_SERVER` pointing at the server; every assigned value and every expression
statement must be neither None nor empty. A failure names the block by its file and line.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = [README, *sorted((ROOT / "docs").glob("*.md"))]
"""The README and the documentation site's pages: their examples are held to the same standard."""
SKIP = re.compile(r"<!--\s*readme-test:\s*skip:\s*(?P<reason>\S.*?)\s*-->")
FENCE = re.compile(r"^```(?P<lang>bash|sh|python)\s*$")
EMPTY_RESULT = re.compile(r'"result"\s*:\s*(null|\[\s*\]|\{\s*\})|"detail"\s*:|Traceback \(most recent')
UNCHECKED_CALLS = {"asyncio.run", "print"}


@dataclass(frozen=True)
class Block:
    doc: str
    """The file, relative to the repository (README.md, docs/serving.md, …)."""
    line: int
    """Line of the block's first code line in its file."""
    lang: str
    code: str
    skip: str | None

    @property
    def name(self) -> str:
        first = self.code.strip().splitlines()[0] if self.code.strip() else ""
        return f"{self.doc}:{self.line} ({self.lang}) {first[:50]}"


def readme_blocks(text: str, doc: str = "README.md") -> list[Block]:
    """The bash/python fenced blocks of a page, each with the skip reason written above it (if any)."""
    lines = text.splitlines()
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if fence is None:
            i += 1
            continue
        end = next((j for j in range(i + 1, len(lines)) if lines[j].startswith("```")), len(lines))
        above = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
        marker = SKIP.search(above)
        code = "\n".join(lines[i + 1 : end]) + "\n"
        blocks.append(Block(doc, i + 2, fence["lang"], code, marker["reason"] if marker else None))
        i = end + 1
    return blocks


BLOCKS = [
    block
    for page in DOCS
    for block in readme_blocks(page.read_text(encoding="utf-8"), str(page.relative_to(ROOT)))
]
RUN = [b for b in BLOCKS if b.skip is None]


def substitute(code: str, base: str, tiny: Path) -> str:
    address = base.removeprefix("http://")
    for default in ("localhost:8000", "127.0.0.1:8000"):
        code = code.replace(default, address)
    return code.replace("/tmp/tiny", str(tiny))


def test_the_readme_has_runnable_examples_and_every_skip_says_why() -> None:
    assert {b.lang for b in RUN if b.doc == "README.md"} >= {"bash", "python"}
    for page in DOCS:
        doc = str(page.relative_to(ROOT))
        lines = page.read_text(encoding="utf-8").splitlines()
        markers = [n for n, line in enumerate(lines, 1) if line.lstrip().startswith("<!-- readme-test")]
        marked = [b for b in BLOCKS if b.skip is not None and b.doc == doc]
        misplaced = f"{doc}: a marker not right above a block, or without a reason: {markers}"
        assert len(markers) == len(marked), misplaced


def test_the_readme_is_a_front_door() -> None:
    """The README stays short (what it is, the three commands, where to go next); the rest lives in docs/."""
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 300, f"README.md has {len(lines)} lines; move detail to a docs/ page"
    linked = set(re.findall(r"\]\(docs/([\w.-]+\.md)", README.read_text(encoding="utf-8")))
    pages = {p.name for p in DOCS if p.parent.name == "docs"}
    assert linked <= pages, f"README links to missing pages: {sorted(linked - pages)}"


# ───────────────────────── shell blocks ─────────────────────────


@pytest.mark.parametrize("block", [b for b in RUN if b.lang != "python"], ids=lambda b: b.name)
def test_readme_shell_block_runs(block: Block, tiny_server: str, tiny_world: Path, tmp_path: Path) -> None:
    for tool in ("curl", "jq"):
        if shutil.which(tool) is None and re.search(rf"\b{tool}\b", block.code):
            pytest.skip(f"{block.name}: `{tool}` is not installed (the README's examples use it)")
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "CRAG_MOCK_HOME": str(tmp_path / "home"),
        "CRAG_SERVER": tiny_server,
    }
    script = substitute(block.code, tiny_server, tiny_world)
    result = subprocess.run(
        ["bash", "-euxo", "pipefail", "-c", script],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
    )
    where = (
        f"{block.name} failed (exit {result.returncode})\n--- commands and stderr:\n{result.stderr[-3000:]}"
    )
    assert result.returncode == 0, f"{where}\n--- stdout:\n{result.stdout[-2000:]}"
    assert result.stdout.strip(), f"{block.name} printed nothing\n{result.stderr[-2000:]}"
    bad = EMPTY_RESULT.search(result.stdout)
    assert bad is None, f"{block.name}: empty result or error in its output: …{_around(result.stdout, bad)}…"


def _around(text: str, match: re.Match[str] | None, width: int = 200) -> str:
    start = match.start() if match else 0
    return text[max(0, start - width) : start + width]


# ───────────────────────── python blocks ─────────────────────────


class _CheckResults(ast.NodeTransformer):
    """Wrap every assigned value and expression statement in `__readme_check__(value, line)`."""

    def _wrap(self, value: ast.expr) -> ast.expr:
        call = ast.Call(
            ast.Name("__readme_check__", ast.Load()), [value, ast.Constant(value.lineno)], keywords=[]
        )
        return ast.copy_location(call, value)

    def visit_Assign(self, node: ast.Assign) -> ast.Assign:
        self.generic_visit(node)
        node.value = self._wrap(node.value)
        return node

    def visit_Expr(self, node: ast.Expr) -> ast.Expr:
        self.generic_visit(node)
        func = node.value.func if isinstance(node.value, ast.Call) else None
        if func is not None and ast.unparse(func) in UNCHECKED_CALLS:
            return node
        if isinstance(node.value, ast.Constant):  # a docstring or a bare literal
            return node
        node.value = self._wrap(node.value)
        return node


def _check(value: Any, line: int) -> Any:
    empty = value is None or (isinstance(value, (list, tuple, dict, str, bytes)) and len(value) == 0)
    if isinstance(value, list):
        empty = empty or any(v is None or isinstance(v, BaseException) for v in value)
    if isinstance(value, tuple) and value:
        empty = empty or all(v is None or v == [] for v in value)
    if empty:
        raise AssertionError(f"line {line}: the example gave an empty result: {value!r}")
    return value


SESSIONS: dict[str, dict[str, Any]] = {}
"""A namespace per page for its Python blocks, in page order (a block may use an earlier one's names)."""


@pytest.mark.parametrize("block", [b for b in RUN if b.lang == "python"], ids=lambda b: b.name)
def test_readme_python_block_runs(
    block: Block, tiny_server: str, tiny_world: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRAG_SERVER", tiny_server)
    monkeypatch.delenv("CRAG_MOCK_API_URL", raising=False)
    tree = ast.parse(substitute(block.code, tiny_server, tiny_world), filename=block.doc)
    ast.increment_lineno(tree, block.line - 1)
    tree = ast.fix_missing_locations(_CheckResults().visit(tree))
    session = SESSIONS.setdefault(block.doc, {"__name__": "__readme__"})
    session["__readme_check__"] = _check
    try:
        exec(compile(tree, block.doc, "exec"), session)
    except Exception as exc:
        raise AssertionError(f"{block.name} failed: {type(exc).__name__}: {exc}") from exc
