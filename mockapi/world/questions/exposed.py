"""Questions whose asked fact another question's pages state: the ones a train world answers first.

`generate.calibrate` marks which answers the pages hold, a quota per (source, type, popularity) group. A
question left without its answer still finds it where another question's pages state the same fact: asked
under another kind ("rel:director" by a chain, "mv.director" alone), as a description ("a horizon in
queensmouth directed by giacinto rogers") or as a set's defining fact. On the g36 train world of 5,000 the
audit read "and a horizon in queensmouth's director?" (no answer) stated at rank 4 by another question's
page ("... the director turns out to be Giacinto Rogers"); the more questions a world has, the more such
pairs. A train world fills each group's quota with these questions first, so the quotas (and the recall)
are unchanged and the pairs are answered.
"""

from __future__ import annotations

from collections import Counter

from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Fact, Question

FactId = tuple[str, str, str]


def _about(kind: str) -> str:
    """What a fact kind is about: "rel:director" and "mv.director" are one thing (`premise._about`)."""
    if kind.startswith("rel:"):
        return kind[4:]
    return KINDS[kind].label if kind in KINDS else kind


def fact_id(f: Fact) -> FactId:
    """A fact however it is keyed: its subject, what it is about, its value (lower case)."""
    return f.subject.name.lower(), _about(f.kind), f.value.lower()


def exposed(questions: list[Question]) -> set[int]:
    """Indices of the questions one of whose facts another question states (in its facts or context)."""
    stated: Counter[FactId] = Counter()
    own = [{fact_id(f) for f in [*q.facts, *q.context]} for q in questions]
    for ids in own:
        stated.update(ids)
    return {
        i for i, q in enumerate(questions) if any(stated[fact_id(f)] > 1 for f in q.facts)
    }  # fmt: skip
