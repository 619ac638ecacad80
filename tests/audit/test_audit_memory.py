"""What the audit holds does not grow with the world (issue 34), checked by structure, never by RSS: the
stores it opens have a bounded DuckDB buffer pool that spills outside the world, served HTML is read a batch
at a time, and a question's results are held only while a stage reads them (the figures on generator 36's
5,000-question train world are in docs/audit.md)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import duckdb
import pytest

from mockapi.audit import pages, store, structure
from mockapi.audit.anatomy import anatomy
from mockapi.audit.data import HTML_BATCH, Corpus, StoredQuestion, load_world
from mockapi.audit.figures import compute
from mockapi.core.paths import PAGES_DB
from mockapi.formats.manifest import read_manifest

_UNITS = {"KiB": 2**10, "MiB": 2**20, "GiB": 2**30, "TiB": 2**40}


def _bytes(setting: str) -> float:
    found = re.fullmatch(r"([\d.]+) (\w+)", setting)
    assert found, setting
    return float(found[1]) * _UNITS[found[2]]


def test_the_stores_the_audit_opens_have_a_bounded_pool_spilling_outside_the_world(small_world: Path) -> None:
    with store.connect(small_world / PAGES_DB) as con:
        limit, spill = con.execute(
            "SELECT current_setting('memory_limit'), current_setting('temp_directory')"
        ).fetchone() or ("", "")
    with duckdb.connect(str(small_world / PAGES_DB), read_only=True) as con:
        default = con.execute("SELECT current_setting('memory_limit')").fetchone()
    assert default is not None and _bytes(limit) <= 512 * 10**6 < _bytes(default[0])
    assert small_world.resolve() not in Path(spill).resolve().parents


def test_served_html_is_read_a_batch_at_a_time(small_world: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = load_world(small_world, read_manifest(small_world))
    qs = corpus.fill(list(corpus.questions))
    ids = list(dict.fromkeys(r.page_id for q in qs for r in q.results))
    assert len(ids) > 2 * HTML_BATCH  # the small world's 8 questions rank 400 results
    whole = {pid: anatomy(h) for pid, h in corpus.html(ids).items()}
    asked: list[int] = []
    read = Corpus.html

    def spy(self: Corpus, page_ids: list[str]) -> dict[str, str]:
        asked.append(len(set(page_ids)))
        return read(self, page_ids)

    monkeypatch.setattr(Corpus, "html", spy)
    shapes = structure.structure_figures(corpus, qs, random.Random(0))
    assert pages.measure(corpus, ids) == whole
    assert asked and max(asked) <= HTML_BATCH
    monkeypatch.setattr(Corpus, "html", read)
    monkeypatch.setattr("mockapi.audit.data.HTML_BATCH", 10**6)
    assert structure.structure_figures(corpus, qs, random.Random(0)) == shapes


def test_a_released_question_reads_its_results_again(small_world: Path) -> None:
    corpus = load_world(small_world, read_manifest(small_world))
    qs = corpus.fill(list(corpus.questions))
    before = [list(q.results) for q in qs]
    corpus.release(keep=qs[:2])
    assert [q.loaded for q in qs if isinstance(q, StoredQuestion)] == [True] * 2 + [False] * (len(qs) - 2)
    corpus.fill(qs)
    assert [q.results for q in qs] == before


def test_no_question_holds_its_results_once_the_figures_are_computed(small_world: Path) -> None:
    corpus = load_world(small_world, read_manifest(small_world))
    figures = compute(corpus, n_pages=40, n_questions=3, text_questions=4)
    assert figures["sample"]["text_questions"] == 4
    assert corpus.questions and not any(q.loaded for q in corpus.questions if isinstance(q, StoredQuestion))
