"""Issue 34: `crag-mock build --split train` draws its question phrasings and page forms from a family of its
own, disjoint from dev's and test's (docs/worlds.md, "Splits"). Checked on the text of built worlds: a train
and a test world of 40 questions over the tiny KG, and the session's tiny (dev) world."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import split_forms as sf

from mockapi.cli import main
from mockapi.world.build import build_world
from mockapi.world.pages import fact_frames, layouts
from mockapi.world.questions import phrasing

QUESTIONS = 40


@pytest.fixture(scope="module")
def worlds(tiny_world: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    def built(split: str) -> Path:
        # in one process (--jobs 1), as the session's worlds (tests/conftest.py, TINY_JOBS): the suite's xdist
        # workers already keep CI's 2 cores busy, and helpers add CPU of their own (the same bytes for any
        # --jobs: tests/world/test_build_jobs.py)
        world = tmp_path_factory.mktemp("split") / f"tiny-{split}"
        build_world("tiny", 0, world, split=split, jobs=1, questions=QUESTIONS)
        return world

    return {"dev": tiny_world, "test": built("test"), "train": built("train")}


@pytest.fixture(scope="module")
def page_rows(worlds: dict[str, Path]) -> dict[str, list[tuple[str, int | None, str]]]:
    return {split: sf.pages(world) for split, world in worlds.items()}


def test_the_rule_leaves_train_nothing_of_dev_or_test() -> None:
    for items in (phrasing.OPENERS, phrasing.TAILS, tuple(range(4)), tuple(range(9)), ("a", "b")):
        train = set(phrasing.family(items, "train"))
        assert train and not train & (
            set(phrasing.family(items, "dev")) | set(phrasing.family(items, "test"))
        )
    for frames in (fact_frames.PLAIN, fact_frames.DATED, fact_frames.QUOTES, fact_frames.CAPTIONS):
        train = set(fact_frames.allowed(frames, "train"))
        held = set(fact_frames.allowed(frames, "dev")) | set(fact_frames.allowed(frames, "test"))
        assert train and not train & held
    for domain in ("finance", "sports", "music", "movie", "open"):
        kinds = {s: set(layouts.kinds(domain, s)) for s in sf.SPLITS}
        shells = {s: {layouts.shell(s, random.Random(i)) for i in range(200)} for s in sf.SPLITS}
        assert not shells["train"] & (shells["dev"] | shells["test"])
        only_train = kinds["train"] - kinds["dev"] - kinds["test"]
        assert only_train == {"spa"} and "pdf" not in kinds["train"]


@pytest.mark.slow  # builds a train and a test world of 40 questions over the tiny KG
def test_train_questions_never_ask_in_dev_or_test_words(worlds: dict[str, Path]) -> None:
    forms = sf.question_forms()
    owners = {f.template: f.owners for f in forms}  # a chain frame filled by its step too (split_forms)
    for split, world in worlds.items():
        texts = sf.questions(world)
        # the patterns do recognise phrasings: each world's questions read in its own family's words ...
        assert any(split in owners[t] for t in sf.seen(texts, forms)), split
        # ... and never only in another family's (a question a core frame also reads is no evidence)
        assert sf.foreign(texts, forms, split, sf.weak_question_forms()) == {}, split


@pytest.mark.slow  # the same worlds
def test_train_questions_open_and_close_only_in_train_words(worlds: dict[str, Path]) -> None:
    # the check above excuses a text that one of the split's own patterns reads, and the frame inside an
    # opener or a tail is one: a train world whose openers and tails ignored the partition passed it. Here an
    # opener or tail of another family is excused only when one of the split's own whole-question frames
    # says the whole text (dev's "i need to know which of {a} and {b} ..." is a frame, not train's opener),
    # in words of its own at both ends: a frame that starts or ends with a slot says any opener or tail too
    # (an opener is explained by a frame in words of its own at the start, a tail by one at the end: the core
    # "i need to know which of {a} and {b} has the {adj} {l}" says train's opener "i need to know {q}")
    pieces = [f for f in sf.question_forms() if f.template in phrasing.OPENERS + phrasing.TAILS]
    rest = [f for f in sf.question_forms() if f not in pieces]
    starts = [f for f in rest if not f.template.startswith("{")]
    ends = [f for f in rest if not f.template.rstrip("?. ").endswith("}")]
    for split, world in worlds.items():
        found: dict[str, list[str]] = {}
        for text in sf.questions(world):
            plain = sf.expand(text.lower())
            said = plain.rstrip("?. ")
            for piece in (f for f in pieces if split not in f.owners and f.search(plain)):
                frames = starts if piece.template in phrasing.OPENERS else ends
                if not any(
                    split in f.owners and f.pattern.fullmatch(t) for f in frames for t in _untyped(said)
                ):
                    found.setdefault(piece.template, []).append(text)
        assert found == {}, split


def _untyped(text: str) -> list[str]:
    """`text` and each text `phrasing.typo` may have made it from (two adjacent letters of a long word
    swapped): a typo in a frame's own word ("i need to know wihch of {a} and {b} ...", dev's frame) leaves
    the frame unread, and its first words read as train's opener "i need to know {q}" (g26's dev world)."""
    out = [text]
    for m in re.finditer(r"[a-z]{5,}", text):
        word = m.group()
        for i in range(1, len(word) - 2):
            back = word[:i] + word[i + 1] + word[i] + word[i + 2 :]
            out.append(text[: m.start()] + back + text[m.end() :])
    return out


@pytest.mark.slow
def test_train_pages_never_use_dev_or_test_frames_or_layouts(
    page_rows: dict[str, list[tuple[str, int | None, str]]],
) -> None:
    layouts_of = {split: {(kind, shell) for kind, shell, _ in rows} for split, rows in page_rows.items()}
    assert not layouts_of["train"] & (layouts_of["dev"] | layouts_of["test"])
    assert {shell for _, shell in layouts_of["train"]} == {10, 11, None}
    runs = sf.page_chunks()
    for split, rows in page_rows.items():
        found = sf.chunks_in(text for _, _, text in rows)
        assert any(split in runs[bit] for bit in found), f"no {split} frame found on {split} pages"
        assert {bit: n for bit, n in found.items() if split not in runs[bit]} == {}, split


@pytest.mark.slow
def test_a_train_world_exports_verl_rows_and_answers_retrieve(
    worlds: dict[str, Path], tmp_path: Path, serve_world: Callable[..., str]
) -> None:
    import httpx
    import pyarrow.parquet as pq

    world = worlds["train"]
    out = tmp_path / "train.parquet"
    assert main(["export", "--format", "verl", "--data", str(world), "--out", str(out)]) == 0
    rows = pq.read_table(out).to_pylist()
    texts = sf.questions(world)
    assert len(rows) == QUESTIONS == len(set(texts))
    assert {(r["data_source"], r["extra_info"]["split"]) for r in rows} == {("crag-mock/train", "train")}
    assert [r["extra_info"]["query"] for r in rows] == texts
    base = serve_world(world)
    answer = httpx.post(f"{base}/retrieve", json={"queries": texts[:3], "topk": 5}, timeout=60)
    assert answer.status_code == 200
    assert [len(hits) for hits in answer.json()["result"]] == [5, 5, 5]


@pytest.mark.parametrize("count", ["0", "100001"])
def test_an_impossible_train_size_is_one_line(tmp_path: Path, count: str) -> None:
    # a train world needs no --data (its folder is <scale>-train): the size is what is refused
    cmd = [sys.executable, "-m", "mockapi.cli", "build", "--scale", "tiny", "--split", "train"]
    home = {"CRAG_MOCK_HOME": str(tmp_path / "home")}
    done = subprocess.run(
        [*cmd, "--questions", count], capture_output=True, text=True, timeout=120, env={**os.environ, **home}
    )
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert f"--questions must be between 1 and 100,000, got {count}" in done.stderr
