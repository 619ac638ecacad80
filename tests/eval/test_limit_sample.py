"""Issue 22: `--limit N` samples stratified by domain x question type (seeded), as participants sample CRAG:
every stratum gets its proportional share, rounded, whatever the seed."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from crag_eval.files.questions import load_world_questions
from crag_eval.run.evaluate import RunConfig, pick_questions


def test_limit_keeps_each_domain_and_type_in_proportion(tiny_world: Path) -> None:
    questions = load_world_questions(tiny_world)
    assert len(questions) == 80
    whole = Counter((q.domain, q.question_type) for q in questions)
    for limit in (10, 40, 57):
        for seed in range(5):
            picked = pick_questions(questions, RunConfig(task=3, limit=limit, seed=seed))
            assert len(picked) == limit
            assert picked == [q for q in questions if q in picked]  # dataset order
            counts = Counter((q.domain, q.question_type) for q in picked)
            for stratum, n in whole.items():
                share = limit * n / len(questions)
                assert share - 1 < counts[stratum] < share + 1, (limit, seed, stratum)


def test_the_sample_is_seeded(tiny_world: Path) -> None:
    questions = load_world_questions(tiny_world)
    one = pick_questions(questions, RunConfig(task=3, limit=20, seed=1))
    assert one == pick_questions(questions, RunConfig(task=3, limit=20, seed=1))
    assert one != pick_questions(questions, RunConfig(task=3, limit=20, seed=2))
