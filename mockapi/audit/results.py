"""The g26 reading's pass over every question's results: each question's top-10 pages as text, read once.

`lifespans.read_pages` reads the top 10 of the first 200 questions and splits every sentence; the g26
reader's absurd facts sat on questions 222 to 1,119 of 1,200. This pass reads the top 10 of every question
(a page once per question that ranks it) in batches, keeps the text as stored (one paragraph, list item or
table row a line) and leaves the sentence splitting to the rules, which split only the lines their words
are in: the cost is the read, not the splitting.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol

from mockapi.audit.data import AuditQuestion, Corpus, Result
from mockapi.audit.rules import RuleGroup

TOP = 10
BATCH = 100


@dataclass(frozen=True)
class Read:
    """One result of a question as the g26 rules read it: the question, the result, its stored text and
    the text's non-empty lines."""

    question: AuditQuestion
    result: Result
    text: str
    lines: list[str]


class Scan(Protocol):
    """A rule group fed the reads one by one, then asked for what it found."""

    def add(self, read: Read) -> None: ...

    def result(self) -> RuleGroup: ...


def read_results(corpus: Corpus, qs: list[AuditQuestion], top: int = TOP) -> Iterator[Read]:
    """The top `top` results of every question with their text, in the questions' order then rank order."""
    for at in range(0, len(qs), BATCH):
        batch = qs[at : at + BATCH]
        texts = corpus.text([r.page_id for q in batch for r in q.results[:top]])
        for q in batch:
            seen: set[str] = set()
            for r in q.results[:top]:
                if r.page_id in seen or r.page_id not in texts:
                    continue
                seen.add(r.page_id)
                text = texts[r.page_id]
                yield Read(q, r, text, [line for line in text.split("\n") if line.strip()])
