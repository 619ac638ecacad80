"""A KG route is declared once: its path is spelled in one server source file (its row in
mockapi/serving/routes), and everything else (endpoint, fast path, examples, input limits) reads the row."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from import_graph import ROOT

from mockapi.serving.routes import ROUTES


def files_spelling(paths: list[str]) -> dict[str, set[str]]:
    """KG path → the server source files (under mockapi/) that hold it as text."""
    found: dict[str, set[str]] = defaultdict(set)
    for source in sorted((ROOT / "mockapi").rglob("*.py")):
        text = source.read_text(encoding="utf-8")
        for path in paths:
            at = text.find(path)
            while at >= 0:
                end = at + len(path)
                if end == len(text) or not (text[end].isalnum() or text[end] in "_/"):  # not a longer path
                    found[path].add(str(source.relative_to(ROOT)))
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
    planted = ROOT / "mockapi" / "planted_route_copy.py"
    planted.write_text('PATH = "/open/get_entity"\nOTHER = "/open/get_entity_x"\n', encoding="utf-8")
    try:
        found = files_spelling(["/open/get_entity", "/open/get_entity_x"])
    finally:
        planted.unlink()
    assert found["/open/get_entity"] == {"mockapi/serving/routes/open.py", "mockapi/planted_route_copy.py"}
    assert found["/open/get_entity_x"] == {"mockapi/planted_route_copy.py"}
