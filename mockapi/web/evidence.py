"""Which of a question's frozen pages bear its answer, from questions.duckdb: used only to pick pages.

The labels (gold page ids, key phrases, answer, planted wrong value) never leave this module in a response;
the perturbation code asks it for two lists of pages and a rewrite rule. Opened lazily on the first
perturbed search (`ServerState.evidence`), read-only; a world without questions.duckdb has no labels
(`EvidenceLabels.open` → None).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from mockapi.core.paths import PAGES_DB, QUESTIONS_DB
from mockapi.core.textnorm import normalize
from mockapi.web.page_store import Frozen

LABELS_SQL = (
    "SELECT answer, gold_page_ids, key_phrases, wrong_value, alt_ans FROM questions WHERE interaction_id = ?"
)
NOT_AN_ANSWER = {"invalid question", "i don't know"}  # false premises: no page states these


@dataclass(frozen=True)
class Labels:
    answer: str
    gold_page_ids: frozenset[str]
    key_phrases: tuple[str, ...]
    wrong_value: str | None
    alt_answers: tuple[str, ...] = ()
    """The gold answer's other forms; for a sentence answer, the short value a page states."""

    def phrases(self) -> tuple[str, ...]:
        """Strings whose presence makes a page answer-bearing (answer first, then key phrases)."""
        answer = () if self.answer.strip().lower() in NOT_AN_ANSWER else (self.answer,)
        return tuple(p for p in dict.fromkeys((*answer, *self.key_phrases)) if p.strip())

    def rewrite_phrases(self) -> tuple[str, ...]:
        """What a counterfactual rewrites: the answer as written, and key phrases that say the same."""
        if not self.wrong_value or self.answer.strip().lower() in NOT_AN_ANSWER:
            return ()
        # a sentence answer ("x's dividend was $272.73 on …") is on no page: its short forms (the
        # alternatives) are what pages state and what the wrong value replaces
        targets = {normalize(a) for a in (self.answer, *self.alt_answers)}
        same = (p for p in self.key_phrases if normalize(p) in targets)
        # a comparison's sentence answer names the winner, whose name is an alternative but no key phrase
        # (those are the compared values): the name is what its pages state
        short = self.alt_answers if len(self.answer.split()) > 5 else ()
        return tuple(dict.fromkeys((self.answer, *same, *short)))


@dataclass(frozen=True)
class Split:
    """A question's frozen results split by the labels (each in frozen rank order)."""

    answer_pages: tuple[Frozen, ...]
    noise_pages: tuple[Frozen, ...]
    labels: Labels
    rewritable: frozenset[str]
    """Answer pages whose text states the answer as written (a count or a computed value may not be)."""


def phrase_pattern(phrase: str) -> re.Pattern[str]:
    """Whole-word, case-insensitive occurrences of `phrase` (spaces match any run of whitespace)."""
    body = r"\s+".join(re.escape(part) for part in phrase.split())
    return re.compile(rf"(?<![^\W_]){body}(?![^\W_])", re.IGNORECASE)


class EvidenceLabels:
    """Labels per question and the positive/noise split of its frozen pages (cached per question)."""

    def __init__(self, world: Path) -> None:
        import duckdb  # here: only a perturbed search opens the labels

        self._questions = duckdb.connect(str(world / QUESTIONS_DB), read_only=True)
        self._pages = duckdb.connect(str(world / PAGES_DB), read_only=True)
        for con in (self._questions, self._pages):
            con.execute("SET temp_directory = ''")  # never spill into the (read-only) world directory
        self.split = lru_cache(maxsize=4096)(self._split)

    @classmethod
    def open(cls, world: Path) -> EvidenceLabels | None:
        return cls(world) if (world / QUESTIONS_DB).is_file() and (world / PAGES_DB).is_file() else None

    def close(self) -> None:
        self._questions.close()
        self._pages.close()

    def labels(self, interaction_id: str) -> Labels | None:
        row = self._questions.cursor().execute(LABELS_SQL, [interaction_id]).fetchone()
        if row is None:
            return None
        answer, gold, phrases, wrong, alts = row
        return Labels(
            answer,
            frozenset(json.loads(gold)),
            tuple(json.loads(phrases)),
            wrong or None,
            tuple(json.loads(alts)),
        )

    def _split(self, interaction_id: str, frozen: tuple[Frozen, ...]) -> Split | None:
        labels = self.labels(interaction_id)
        if labels is None:
            return None
        texts = self._texts([f.page_id for f in frozen])
        patterns = [phrase_pattern(p) for p in labels.phrases()]

        def mentions(page: Frozen) -> bool:
            text = texts.get(page.page_id, "")
            return any(p.search(text) for p in patterns)

        if labels.gold_page_ids:
            positive = [f for f in frozen if f.page_id in labels.gold_page_ids]
        else:  # imported worlds have no gold pages: a page stating every key phrase counts
            positive = [
                f for f in frozen if patterns and all(p.search(texts.get(f.page_id, "")) for p in patterns)
            ]
        chosen = {id(f) for f in positive}
        # Noise must not state the answer either: a non-gold page that mentions it would leak it.
        noise = [f for f in frozen if id(f) not in chosen and not mentions(f)]
        rewrite = [phrase_pattern(p) for p in labels.rewrite_phrases()]
        rewritable = frozenset(
            f.page_id for f in positive if any(p.search(texts.get(f.page_id, "")) for p in rewrite)
        )
        return Split(tuple(positive), tuple(noise), labels, rewritable)

    def _texts(self, page_ids: list[str]) -> dict[str, str]:
        if not page_ids:
            return {}
        rows = self._pages.cursor().execute(
            "SELECT DISTINCT ON (page_id) page_id, text FROM pages WHERE page_id IN ?", [list(set(page_ids))]
        )
        return dict(rows.fetchall())
