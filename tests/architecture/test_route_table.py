"""A route is declared once: a KG path is spelled in one server source file (its row in
mockapi/serving/routes), a web path as a string in one (mockapi/wire/web.py), and everything else
(endpoint, fast path, examples, input limits, MCP tools) reads the declaration."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from import_graph import ROOT

from mockapi.serving.routes import ROUTES
from mockapi.wire.web import WEB_ROUTES


def files_spelling(paths: list[str], root: Path = ROOT) -> dict[str, set[str]]:
    """KG path → the server source files (under root/mockapi/) that hold it as text."""
    found: dict[str, set[str]] = defaultdict(set)
    for source in sorted((root / "mockapi").rglob("*.py")):
        text = source.read_text(encoding="utf-8")
        for path in paths:
            at = text.find(path)
            while at >= 0:
                end = at + len(path)
                if end == len(text) or not (text[end].isalnum() or text[end] in "_/"):  # not a longer path
                    found[path].add(str(source.relative_to(root)))
                    break
                at = text.find(path, end)
    return found


def test_every_kg_path_is_spelled_in_one_server_file() -> None:
    paths = [route.path for route in ROUTES]
    assert len(set(paths)) == len(paths) >= 38  # CRAG's 38 are pinned elsewhere; a recipe may add one
    found = files_spelling(paths)
    assert {path: sorted(files) for path, files in found.items() if len(files) != 1} == {}
    for route in ROUTES:
        assert found[route.path] == {f"mockapi/serving/routes/{route.domain}.py"}


def test_the_scan_sees_a_second_spelling(tmp_path: Path) -> None:
    # the scanner is what the test above relies on: a copy of a path elsewhere must show up as a second file
    # (planted in a scratch tree, never in the checkout)
    (tmp_path / "mockapi" / "serving" / "routes").mkdir(parents=True)
    original = ROOT / "mockapi" / "serving" / "routes" / "open.py"
    (tmp_path / "mockapi" / "serving" / "routes" / "open.py").write_bytes(original.read_bytes())
    planted = tmp_path / "mockapi" / "planted_route_copy.py"
    planted.write_text('PATH = "/open/get_entity"\nOTHER = "/open/get_entity_x"\n', encoding="utf-8")
    found = files_spelling(["/open/get_entity", "/open/get_entity_x"], tmp_path)
    assert found["/open/get_entity"] == {"mockapi/serving/routes/open.py", "mockapi/planted_route_copy.py"}
    assert found["/open/get_entity_x"] == {"mockapi/planted_route_copy.py"}


def files_with_string(value: str, root: Path = ROOT) -> set[str]:
    """The server source files holding `value` as a whole string literal (not in a docstring's prose)."""
    found = set()
    for source in sorted((root / "mockapi").rglob("*.py")):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        if any(isinstance(n, ast.Constant) and n.value == value for n in ast.walk(tree)):
            found.add(str(source.relative_to(root)))
    return found


def test_every_web_path_is_declared_in_one_server_file() -> None:
    assert [route.path for route in WEB_ROUTES] == ["/web/search", "/web/get_page"]
    for route in WEB_ROUTES:
        assert files_with_string(route.path) == {"mockapi/wire/web.py"}


def test_the_string_scan_sees_a_second_declaration(tmp_path: Path) -> None:
    (tmp_path / "mockapi").mkdir()
    (tmp_path / "mockapi" / "a.py").write_text('"""Serves /web/search."""\nX = "/web/search"\n')
    (tmp_path / "mockapi" / "b.py").write_text('"""Serves /web/search too, in prose only."""\n')
    assert files_with_string("/web/search", tmp_path) == {"mockapi/a.py"}
