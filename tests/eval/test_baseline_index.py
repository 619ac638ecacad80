"""Issue 34: the `baseline`'s BM25 counts document frequencies and postings per term when first asked,
and keeps each sentence's token counts across questions. Its scores, their order, its ties and coverage
must be exactly those of counting every term of every sentence up front (`EagerBM25`, the index as it was
written before), and so must the answers: on questions of the tiny world, through the real server."""

from __future__ import annotations

import math
import random
from collections import Counter
from pathlib import Path

import httpx
from crag_eval.files.questions import load_world_questions
from crag_eval.files.records import SearchPage
from crag_eval.judges.text import dates
from crag_eval.models.baseline import IDK, BaselineModel, Reader
from crag_eval.models.baseline_pages import BM25, K1, B, Passage, passages, tokens
from crag_eval.models.baseline_query import read
from crag_eval.score.diagnostics import RunHooks

QUESTIONS = (
    30  # a question costs ~0.5 s here (fetch, then read twice); more are read until one holds an answer
)


class EagerBM25:
    """The reference: every term of every passage counted when the index is made."""

    def __init__(self, docs: list[Passage]) -> None:
        self.docs = docs
        self.tf = []
        for d in docs:
            tf = Counter(tokens(d.text))
            tf.update(set(tokens(d.title)))
            self.tf.append(tf)
        self.lengths = [sum(tf.values()) for tf in self.tf]
        self.avg = (sum(self.lengths) / len(docs)) if docs else 1.0
        df: Counter[str] = Counter()
        for tf in self.tf:
            df.update(tf.keys())
        n = len(docs)
        self.idf = {t: math.log(1 + (n - c + 0.5) / (c + 0.5)) for t, c in df.items()}

    def weight(self, term: str) -> float:
        return self.idf.get(term, math.log(1 + (len(self.docs) + 0.5) / 0.5))

    def score(self, i: int, terms: list[str]) -> float:
        tf, length = self.tf[i], self.lengths[i]
        total = 0.0
        for t in terms:
            f = tf.get(t, 0)
            if f:
                total += self.weight(t) * f * (K1 + 1) / (f + K1 * (1 - B + B * length / self.avg))
        return total

    def top(self, terms: list[str], k: int) -> list[tuple[float, Passage]]:
        scored = [(self.score(i, terms), -i) for i in range(len(self.docs))]
        scored = [s for s in scored if s[0] > 0]
        scored.sort(reverse=True)
        return [(score, self.docs[-neg]) for score, neg in scored[:k]]

    def coverage(self, text: str, terms: list[str]) -> float:
        have = set(tokens(text))
        total = sum(self.weight(t) for t in terms)
        return sum(self.weight(t) for t in terms if t in have) / total if total else 0.0


class EagerReader(Reader):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.index = EagerBM25(self.index.docs)  # type: ignore[assignment]


def test_lazy_scores_equal_eager_scores() -> None:
    rng = random.Random(34)
    words = ["film", "released", "budget", "Maria", "Lopez", "1998", "won", "the", "award", "shares"]
    docs = [
        Passage(
            " ".join(rng.choice(words) for _ in range(rng.randint(1, 12))),
            i // 4,
            f"{rng.choice(words)} page",
        )
        for i in range(120)
    ]
    docs.append(Passage("a sentence that repeats", 30, "film page"))
    docs.append(Passage("a sentence that repeats", 31, "other"))
    lazy, eager = BM25(docs), EagerBM25(docs)
    assert lazy.lengths == eager.lengths and lazy.avg == eager.avg
    for _ in range(200):
        terms = tokens(" ".join(rng.sample([*words, "absent", "page", "repeats"], rng.randint(1, 5))))
        k = rng.randint(1, 20)
        assert lazy.top(terms, k) == eager.top(terms, k)  # the same floats, the same order of ties
        text = docs[rng.randrange(len(docs))].text
        assert lazy.coverage(text, terms) == eager.coverage(text, terms)
        assert [lazy.weight(t) for t in terms] == [eager.weight(t) for t in terms]
    assert BM25([]).top(["film"], 3) == EagerBM25([]).top(["film"], 3) == []


def test_the_baselines_answers_equal_the_eager_indexs_on_tiny_questions(
    tiny_server: str, tiny_world: Path
) -> None:
    hooks, model = RunHooks(), BaselineModel()
    answered = 0
    with httpx.Client(timeout=60) as http:
        for i, q in enumerate(load_world_questions(tiny_world)):
            if i >= QUESTIONS and answered:  # past the first QUESTIONS, only until one answer is compared
                break
            pages = hooks.fetch(http, tiny_server, q, 50)
            got = model.answer(q.query, pages, q.query_time)
            read = pages[: model.read_pages]  # the pages it reads (the top READ_PAGES of 50)
            assert got == eager_answer(q.query, read, q.query_time), q.query
            answered += got != IDK
    assert answered >= 1  # the comparison covers answers, not only abstentions


def eager_answer(query: str, pages: list[SearchPage], query_time: str) -> str:
    """`baseline.answer_passages` with the reference index."""
    ask, docs = read(query), passages(pages)
    if not docs or not ask.terms or ask.chained:
        return IDK
    today = dates(query_time)
    try:
        return EagerReader(ask, docs, today[0] if today else None).solve() or IDK
    except (ArithmeticError, ValueError):
        return IDK
