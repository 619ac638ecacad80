"""docs/architecture.md's worked examples, followed as written in a scratch copy of the repository.

A code block that a recipe adds to the code is marked on the line above it:
`<!-- recipe: NAME | FILE | after|before|replace: TEXT -->`: the block goes after (or before) the first line
of FILE holding TEXT, or replaces that line; `<!-- recipe: NAME | FILE | create -->`: the block is a new
FILE. Each test copies the sources, applies its recipe's blocks, and checks in a fresh interpreter over the
copy that the result does what the page says it does. A recipe the page changes without updating its blocks
(or code that moves so an anchor no longer exists) fails here.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "architecture.md"
MARK = re.compile(
    r"^(?P<indent>\s*)<!--\s*recipe:\s*(?P<name>\w+)\s*\|\s*(?P<file>\S+)\s*\|\s*(?:(?P<how>after|before|replace):\s*(?P<anchor>.+?)|(?P<create>create))\s*-->\s*$"
)
SKIP = re.compile(r"^\s*<!--\s*readme-test:\s*skip:")
COPIED = ("mockapi", "kg_data", "web_pages", "clients", "tests/architecture", "pyproject.toml")
RECIPES = {"knob", "route", "kind", "layout", "metric"}


@dataclass(frozen=True)
class Step:
    line: int
    file: str
    how: str
    anchor: str
    code: str


def recipe(name: str) -> list[Step]:
    """The marked blocks of one recipe, in page order."""
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    steps = []
    for at, text in enumerate(lines):
        mark = MARK.match(text)
        if mark is None or mark["name"] != name:
            continue
        start = at + 1
        if SKIP.match(lines[start]):  # the docs test's mark (a fragment does not run on its own) may follow
            start += 1
        fence = lines[start]
        assert fence.strip().startswith("```"), (
            f"architecture.md:{at + 1}: a recipe mark must sit above a block"
        )
        end = next(i for i in range(start + 1, len(lines)) if lines[i].strip() == "```")
        # a block inside a list item is indented by the item; what is left is the code's own indentation
        indent = len(fence) - len(fence.lstrip())
        code = "\n".join(
            line[indent:] if line[:indent].isspace() else line for line in lines[start + 1 : end]
        )
        how = "create" if mark["create"] else mark["how"]
        steps.append(Step(at + 1, mark["file"], how, mark["anchor"] or "", code + "\n"))
    return steps


def apply(root: Path, steps: list[Step]) -> None:
    for step in steps:
        target = root / step.file
        if step.how == "create":
            assert not target.exists(), f"architecture.md:{step.line}: {step.file} exists already"
            target.write_text(step.code, encoding="utf-8")
            continue
        lines = target.read_text(encoding="utf-8").splitlines(keepends=True)
        found = [i for i, line in enumerate(lines) if step.anchor in line]
        assert found, f"architecture.md:{step.line}: {step.anchor!r} is not in {step.file}"
        at = found[0]
        block = step.code.splitlines(keepends=True)
        if step.how == "after":
            lines[at + 1 : at + 1] = block
        elif step.how == "before":
            lines[at:at] = block
        else:
            lines[at : at + 1] = block
        target.write_text("".join(lines), encoding="utf-8")


def scratch_copy(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, root / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        else:
            root.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, root / name)
    return root


def run(
    root: Path, args: list[str], timeout: int = 600, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """A fresh interpreter over the scratch copy (its directories first on the import path)."""
    path = os.pathsep.join([str(root), str(root / "clients"), str(root / "tests" / "architecture")])
    full_env = {**os.environ, "PYTHONPATH": path, **(env or {})}
    return subprocess.run(
        [sys.executable, *args], cwd=root, env=full_env, capture_output=True, text=True, timeout=timeout
    )


def test_every_mark_belongs_to_a_followed_recipe() -> None:
    names = {m["name"] for line in PAGE.read_text(encoding="utf-8").splitlines() if (m := MARK.match(line))}
    assert names == RECIPES
    assert all(recipe(name) for name in names)


def test_a_missing_anchor_fails(tmp_path: Path) -> None:
    target = tmp_path / "mockapi" / "x.py"
    target.parent.mkdir()
    target.write_text("a = 1\n", encoding="utf-8")
    with pytest.raises(AssertionError, match=r"is not in mockapi/x\.py"):
        apply(tmp_path, [Step(1, "mockapi/x.py", "after", "b = 2", "c = 3\n")])


KNOB_CHECK = """
import json, os
from mockapi.config.settings import Settings
from mockapi.sim.config import load_sim_config
from mockapi.sim.middleware import SimState
os.environ["CRAG_MOCK_JOURNAL_SIZE"] = "7"
from_env = Settings().journal_size
config = load_sim_config(Settings(journal_size=3, latency="fixed:1ms"))
state = SimState(config)
print(json.dumps({"env": from_env, "config": config.journal_size, "journal": state.journal._size}))
"""


def check(root: Path, code: str, *args: str) -> Any:
    """The JSON that `code` prints, run by a fresh interpreter over the scratch copy (which must succeed)."""
    checked = run(root, ["-c", code, *args])
    assert checked.returncode == 0, checked.stderr
    return json.loads(checked.stdout)


def test_the_simulation_knob_recipe(tmp_path: Path) -> None:
    root = scratch_copy(tmp_path)
    apply(root, recipe("knob"))
    home = {"CRAG_MOCK_HOME": str(tmp_path / "home")}
    helped = run(root, ["-m", "mockapi.cli", "serve", "--help"], env=home)
    assert helped.returncode == 0, helped.stderr
    assert re.search(r"--journal-size N\s+requests the journal keeps", helped.stdout)
    refused = run(root, ["-m", "mockapi.cli", "serve", "--journal-size", "0"], env=home)
    assert refused.returncode != 0
    assert refused.stderr.strip() == "crag-mock serve: error: --journal-size must be >= 1, got 0"
    assert not (tmp_path / "home").exists()  # stopped before any build
    assert check(root, KNOB_CHECK) == {"env": 7, "config": 3, "journal": 3}


ROUTE_CHECK = """
import json, sys
from pathlib import Path
import duckdb
from fastapi.testclient import TestClient
from mockapi.config.settings import Settings
from mockapi.http.app import create_app
from mockapi.http.fastpath import ROUTES as FAST
import test_route_table

PATH = "/movie/get_movies_released_on"
world = Path(sys.argv[1])
slow = {"content-type": "application/json; charset=utf-8"}  # not the fast path's: FastAPI's endpoint answers
with TestClient(create_app(Settings(world=world, task=None))) as client:
    example = client.get("/meta").json()["examples"][PATH]
    fast = client.post(PATH, json=example)
    endpoint = client.post(PATH, content=json.dumps(example), headers=slow)
    none = client.post(PATH, json={"query": "1800-01-01"})
    bad = client.post(PATH, json={"query": 5})
    operation = client.get("/openapi.json").json()["paths"][PATH]["post"]
con = duckdb.connect(str(world / "kg.duckdb"), read_only=True)
sql = "SELECT title FROM movie_movies WHERE release_date = ? ORDER BY title"
test_route_table.test_every_kg_path_is_spelled_in_one_server_file()
print(json.dumps({
    "fast": fast.content.decode(), "endpoint": endpoint.content.decode(), "none": none.json(),
    "bad": bad.status_code, "description": operation["description"], "in_fast_path": PATH in FAST,
    "sql": [title for (title,) in con.execute(sql, [example["query"]]).fetchall()],
}))
"""


def serve_refusal(root: Path, world: Path, home: Path) -> subprocess.CompletedProcess[str]:
    """`crag-mock serve --data WORLD` in the scratch copy; a server that starts instead of refusing is stopped
    (and the test fails on its return code)."""
    path = os.pathsep.join([str(root), str(root / "clients")])
    env = {**os.environ, "PYTHONPATH": path, "CRAG_MOCK_HOME": str(home)}
    with socket.socket() as free:  # a free loopback port, for the server that should not start
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    args = [sys.executable, "-m", "mockapi.cli", "serve", "--data", str(world), "--port", str(port)]
    with subprocess.Popen(
        args, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as p:
        try:
            out, err = p.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            p.kill()
            out, err = p.communicate()
    return subprocess.CompletedProcess(args, p.returncode, out, err)


@pytest.mark.timeout(2400)  # a tiny build after the session's: seconds each, minutes on a busy machine
@pytest.mark.slow  # builds a tiny world
def test_the_route_recipe(tmp_path: Path, tiny_world: Path) -> None:
    steps = recipe("route")
    assert len({step.file for step in steps}) == 3  # the server files a new route touches
    root = scratch_copy(tmp_path)
    apply(root, steps)
    # the tiny world as the checkout built it, before the change: its serving/ lacks the new table
    world = tmp_path / "world"
    shutil.copytree(tiny_world, world)
    refused = serve_refusal(root, world, tmp_path / "home")
    assert refused.returncode != 0
    assert refused.stderr.strip() == (
        f"crag-mock serve: error: the world at {world} was built before its serving tables "
        f"movies_released_on existed; rebuild them from its KG with "
        f"`python -m mockapi.process.serving_tables --data {world}`"
    )
    # the command it names rebuilds serving/ alone, then the route is served
    rebuilt = run(root, ["-m", "mockapi.process.serving_tables", "--data", str(world)], timeout=1500)
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert "movies_released_on" in json.loads((world / "serving" / "meta.json").read_text())["tables"]
    # and the whole-world rebuild sees nothing left to do (the builders' version is the world's again)
    build = ["-m", "mockapi.cli", "build", "--scale", "tiny", "--seed", "0", "--data", str(world)]
    reused = run(root, build, timeout=1500)
    assert reused.returncode == 0, reused.stderr
    manifests = [json.loads((w / "manifest.json").read_text()) for w in (world, tiny_world)]
    assert manifests[0]["build_seconds"] == manifests[1]["build_seconds"]
    got = check(root, ROUTE_CHECK, str(world))
    titles = got.pop("sql")
    assert titles and got == {
        "fast": json.dumps({"result": titles}, separators=(",", ":"), ensure_ascii=False),
        "endpoint": json.dumps({"result": titles}, separators=(",", ":"), ensure_ascii=False),
        "none": {"result": []},
        "bad": 422,
        "description": "Titles of the movies released on a 'YYYY-MM-DD' date; [] when none.",
        "in_fast_path": True,
    }


def test_a_world_without_serving_builds_the_new_table(tmp_path: Path, tiny_world: Path) -> None:
    root = scratch_copy(tmp_path)
    apply(root, recipe("route"))
    # the tiny world, less its serving/ folder: the server builds the new table with the rest (in a temp dir)
    world = tmp_path / "world"
    world.mkdir()
    for entry in tiny_world.iterdir():
        if entry.name != "serving":
            (world / entry.name).symlink_to(entry)
    got = check(root, ROUTE_CHECK, str(world))
    assert got["sql"] and got["none"] == {"result": []} and got["in_fast_path"]


KIND_CHECK = """
import json, random
from mockapi.world.questions.generate import generate

asked = []
for q in generate(600, random.Random(0), None):
    values = [f.number for f in q.facts if f.kind == "sp.capacity"]
    if values:
        asked.append({"type": q.question_type, "query": q.query, "values": values})
print(json.dumps(asked))
"""


def test_the_question_kind_recipe(tmp_path: Path) -> None:
    root = scratch_copy(tmp_path)
    apply(root, recipe("kind"))
    asked = check(root, KIND_CHECK)
    types = {a["type"] for a in asked}
    assert len(types) >= 3, types  # one kind, questions of several types
    assert all(12_000 <= v <= 80_000 for a in asked for v in a["values"])
    # asked of one team (simple, or simple with a condition such as "the professional team") in its words
    single = [a["query"] for a in asked if a["type"] in ("simple", "simple_w_condition")]
    assert any("arena" in query for query in single), single


LAYOUT_CHECK = """
import json, random
from crag_client.html import page_text
from mockapi.web.render import html_size, render_page, skins
from mockapi.world.pages import layouts

picked = [layouts.pick(d, "test", random.Random(i)) for d in ("movie", "finance") for i in range(200)]
spec = {
    "v": 2, "kind": "press", "skin": sorted(skins())[0], "title": "Northwind Pictures sets its summer slate",
    "url": "https://example.com/press", "name": "press", "modified": "", "seed": 7, "subject": "Northwind",
    "section": "News", "author": "Staff", "published": "2024-03-05T10:00:00", "infobox": [], "size": 40_000,
    "blocks": [["h", "Highlights"], ["p", "The studio will release four films in 2024."],
               ["li", ["Dune Runner", "Glass Harbor"]]],
}
html = render_page(spec)
print(json.dumps({"picked": picked.count("press"), "size": [len(html), html_size(spec)],
                  "text": page_text(html), "host": skins()[spec["skin"]]["host"]}))
"""


def test_the_page_layout_recipe(tmp_path: Path) -> None:
    root = scratch_copy(tmp_path)
    apply(root, recipe("layout"))
    got = check(root, LAYOUT_CHECK)
    assert got["picked"] > 0  # the build's picker draws it (in a test world's split too)
    assert got["size"] == [40_000, 40_000]  # padded to the spec's size by the real shell
    text = got["text"]
    lines = [
        "FOR IMMEDIATE RELEASE",
        "Northwind Pictures sets its summer slate",
        "March 5, 2024",
        "The studio will release four films in 2024.",
        "Glass Harbor",
        f"press@{got['host']}",
    ]
    at = [text.find(line) for line in lines]
    assert -1 not in at and at == sorted(at), (at, text[:2000])


def test_the_metric_recipe(tmp_path: Path, tiny_world: Path) -> None:
    root = scratch_copy(tmp_path)
    apply(root, recipe("metric"))
    out = tmp_path / "run"
    args = ["--task", "1", "--model", "oracle", "--data", str(tiny_world), "--limit", "5"]
    args += ["--output", str(out)]
    home = {"CRAG_MOCK_HOME": str(tmp_path / "home")}
    ran = run(root, ["-m", "crag_eval.cli", *args], env=home)
    assert ran.returncode == 0, ran.stderr
    rows = (out / "predictions.jsonl").read_text().splitlines()
    answers = [json.loads(line)["prediction"] for line in rows]
    counts = [len(answer.split()) for answer in answers]
    expected = {"mean": round(sum(counts) / len(counts), 2), "max": float(max(counts))}
    assert len(answers) == 5
    assert json.loads((out / "scores.json").read_text())["answer_words"] == expected
    (out / "scores.json").unlink()  # `crag-eval score RUN` writes it afresh with the figure
    rescored = run(root, ["-m", "crag_eval.cli", "score", str(out)], env=home)
    assert rescored.returncode == 0, rescored.stderr
    assert json.loads((out / "scores.json").read_text())["answer_words"] == expected
