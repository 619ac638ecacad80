"""A world's questions hold their results only once asked for (issue 34: the audit of a 20,000-question world
held every question's 50 results, 6.2 GB against 1.9 GB at 1,200), and what counts every question (recall, the
pinned page figures, the page sample's draw) is counted in the store: the same figures as over the results
held in memory, on the session's small world."""

from __future__ import annotations

import random
from pathlib import Path

from mockapi.audit import pinned, sources
from mockapi.audit.data import Corpus, StoredQuestion, load_world
from mockapi.formats.manifest import read_manifest


def test_a_worlds_questions_read_their_results_when_asked(small_world: Path) -> None:
    corpus = load_world(small_world, read_manifest(small_world))
    qs = corpus.questions
    assert qs and all(isinstance(q, StoredQuestion) and not q.loaded for q in qs)
    stored = [q for q in qs if isinstance(q, StoredQuestion)]
    first = stored[0].results  # one question asked for alone reads its own results only
    assert first and stored[0].loaded and not any(q.loaded for q in stored[1:])
    assert [r.rank for r in first] == sorted(r.rank for r in first)
    corpus.fill(qs[:3])
    assert [q.loaded for q in stored] == [True] * 3 + [False] * (len(qs) - 3)


def test_stored_counts_equal_the_held_ones(small_world: Path) -> None:
    corpus = load_world(small_world, read_manifest(small_world))
    stored_pins = pinned.pinned_figures(corpus)
    stored_recall = sources.recall(corpus.questions)
    flags = [(q.ranked, q.recalled) for q in corpus.questions]
    drawn = corpus.sample_page_ids(random.Random("audit:0"), 40)
    assert not any(q.loaded for q in corpus.questions if isinstance(q, StoredQuestion))
    held = Corpus("real", corpus.fill(list(corpus.questions)), corpus.manifest)  # every result in memory
    every = list(dict.fromkeys(r.page_id for q in held.questions for r in q.results))
    assert corpus.page_ids() == every and len(every) > 40
    assert drawn == random.Random("audit:0").sample(every, 40)
    assert stored_pins == pinned.pinned_figures(held)
    assert stored_recall == sources.recall(held.questions)
    assert flags == [(bool(q.results), bool(q.gold & {r.page_id for r in q.results})) for q in held.questions]
