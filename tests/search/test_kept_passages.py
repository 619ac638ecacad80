"""The build cuts each page's passages for POST /retrieve while it renders the page for the web tables
(mockapi/retrieve/kept.py): the passage index gets the documents it would read back from the stored
renderings, and the web tables keep their bytes. On the session's small world (tests/small_world.py): every
stage and kind of page of the tiny world's, about a ninth of its pages (generator 12: 338 against 2,990)."""

from __future__ import annotations

import json
from pathlib import Path

from mockapi.core.paths import PAGES_DB, WEB_SERVING_DIR
from mockapi.retrieve.build import build_passage_index
from mockapi.retrieve.ensure import ensure_passages
from mockapi.retrieve.kept import KeptPassages
from mockapi.web.tables_build import build_web_tables


def test_passages_cut_while_rendering_are_those_read_back(small_world: Path, tmp_path: Path) -> None:
    with KeptPassages(tmp_path / "kept") as kept:
        meta = build_web_tables(small_world / PAGES_DB, tmp_path, 2, kept.also())
        assert len(kept.at) == meta["tables"]["html"]  # every rendered page
        cut = build_passage_index(small_world, 2, target=tmp_path / "cut", kept=kept)
    read_back = build_passage_index(small_world, 2, target=tmp_path / "read")  # from web_serving/'s pages
    assert cut == read_back
    assert cut["passages"] > 1_000
    assert not (tmp_path / "kept").exists()  # the file is gone with the build step
    built = json.loads((small_world / WEB_SERVING_DIR / "meta.json").read_text(encoding="utf-8"))
    assert meta["digest"] == built["digest"]


def test_a_page_not_kept_is_read_from_its_rendering(small_world: Path, tmp_path: Path) -> None:
    with KeptPassages(tmp_path / "kept") as kept:
        kept.put("spec:not-a-page", ["x"])  # the world's pages are not all there: all are read back
        partial = build_passage_index(small_world, 1, target=tmp_path / "partial", kept=kept)
    assert partial == ensure_passages(small_world)  # as the world's first use makes them
