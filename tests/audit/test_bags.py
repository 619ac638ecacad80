"""The bag-of-words adversaries (issue 31): a word only answer pages (or their snippets) hold is learned and
named, the same word given at random teaches nothing; on the tiny world's pages and on pages of a corpus
held in memory (as the real fixture is read)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from mockapi.audit import bags
from mockapi.audit.data import AuditQuestion, Corpus, Result, load_world
from mockapi.audit.figures import AuditFigures
from mockapi.audit.report import lines
from mockapi.formats.manifest import Manifest, read_manifest

CUE = "quokka ledger"


@pytest.fixture(scope="module")
def corpus(tiny_world: Path) -> Corpus:
    return load_world(tiny_world, read_manifest(tiny_world))


def _planted(corpus: Corpus, cue: Callable[[AuditQuestion, Result], bool]) -> Corpus:
    """The corpus with the cue's words in the snippets of the results `cue` picks."""
    qs = []
    for q in corpus.questions:
        results = [
            dataclasses.replace(r, snippet=f"{r.snippet} {CUE}") if cue(q, r) else r for r in q.results
        ]
        qs.append(dataclasses.replace(q, results=results))
    return dataclasses.replace(corpus, questions=qs)


def _top(model: bags.BagModel) -> list[str]:
    return [name for name, _w in model.get("top_positive", [])[:3]]


def test_a_snippet_word_only_answer_pages_have_is_learned_and_named(corpus: Corpus) -> None:
    base = bags.bag_adversaries(corpus)["states_snippet"]["auc"]
    leaked = bags.bag_adversaries(_planted(corpus, lambda q, r: r.page_id in q.gold))
    found = leaked["states_snippet"]
    assert base is not None and found["auc"] is not None and found["auc"] >= max(0.9, base + 0.3)
    assert set(_top(found)) & {"quokka", "ledger", CUE}, found
    figures: AuditFigures = {"bags": leaked}  # type: ignore[typeddict-item]  # `lines` reads what it finds
    row = next(
        r
        for r in lines(figures, None)
        if r["figure"].startswith("bag of words (a)") and "snippet" in r["figure"]
    )
    assert row["world"] == found["auc"] and row["verdict"] == "FAIL"
    rng = random.Random(2)
    noise = bags.bag_adversaries(_planted(corpus, lambda q, r: rng.random() < 0.2))["states_snippet"]
    assert noise["auc"] is not None and noise["auc"] <= base + 0.05


def _held(cued: bool, seed: int = 0) -> Corpus:
    """60 questions of 10 pages of 40 random words held in memory; 45 have two answer pages, which hold the
    cue when `cued` (else two random pages of every question hold it)."""
    rng = random.Random(seed)
    words = [f"w{i}" for i in range(400)]
    html: dict[str, str] = {}
    qs = []
    for n in range(60):
        results, gold = [], set()
        for rank in range(1, 11):
            pid = f"q{n}p{rank}"
            answer = n < 45 and rank in (2, 5)
            marked = answer if cued else rank in rng.sample(range(1, 11), 2)
            text = " ".join(rng.choice(words) for _ in range(40)) + (f" {CUE}." * 3 if marked else ".")
            html[pid] = f"<html><body><p>{text}</p></body></html>"
            results.append(Result(rank, pid, f"https://x.test/{pid}", pid, "", len(html[pid]), "a snippet"))
            if answer:
                gold.add(pid)
        qs.append(AuditQuestion(f"q{n}", "q?", "movie", "simple", "static", "a", [], [], results, gold))
    return Corpus("real", qs, Manifest(), None, html)


def test_page_words_only_answer_pages_hold_are_learned_for_a_and_b() -> None:
    found = bags.bag_adversaries(_held(cued=True))
    states, has = found["states_text"], found["has_answer_text"]
    assert found["questions"] == 60 and states["rows"] == 450 and states["positives"] == 90
    assert (
        states["auc"] is not None and states["auc"] >= 0.95 and set(_top(states)) & {"quokka", "ledger", CUE}
    )
    assert has["rows"] == 60 and has["positives"] == 45 and has["auc"] is not None and has["auc"] >= 0.95
    plain = bags.bag_adversaries(_held(cued=False))
    assert plain["states_text"]["auc"] is not None and plain["states_text"]["auc"] <= 0.7
    assert plain["states_snippet"]["auc"] is None or plain["states_snippet"]["auc"] <= 0.7
