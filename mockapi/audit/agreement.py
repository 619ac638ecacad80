"""The agreement adversary: which results repeat what the other results of their list say (no question).

Issue 31's adversaries read each page alone (its form, its words). A participant can also hold a question's
results side by side, still without reading the question, and rank first the pages that repeat the others'
names, figures, dates or sentences. Real pages about one subject share its names and figures because they
describe one world; a world whose answer pages copy each other's paragraphs while its other pages invent their
own names gives its answer pages away. Generator 37's default world (seed 0, dev) did: 46% of an answer
page's content sentences stood verbatim on another of its question's top 10, 0.4% of any other page's; names
some other result holds: 0.74 of an answer page's, 0.36 of another's (0.39 where its title names the same
entity). This adversary read AUC 0.904 there, where the form adversary (a) reads 0.652.

Per question of the form adversary's (b) sample (`exploits.sample(corpus, seed, QUESTION_FORM_QUESTIONS)`),
the stored text (`TEXT_CHARS`) of its top-10 results (`form.TOP`). A page's **values** are its capitalised
names (two or more capitalised words), its numbers other than years, its full dates (`exploits.all_dates`);
its **sentences** are its content sentences (`text.is_content_sentence`). Per page (`FEATURES`, 11): for each
kind of value, how many it holds (log), the share of them some other result of the list holds and the share
three or more others hold; the share of its sentences standing verbatim on another result, and how many it has
(log). Gradient-boosted trees as the form adversary's (`exploits._model`), scores out of fold:

- **(a) page states the answer**: one row per (answerable question, top-10 result), label = answer page; folds
  grouped by question. ROC AUC. Bar 0.70, the form adversary's.
- **(b) question has an answer page**: one row per question, each feature's mean, min and max over its top
  10; label = answerable; AUC and the abstain gain (`exploits.best_gain`), each the mean over
  `exploits.FOLD_SEEDS` fold draws, at the form adversary's (b) bars.

Memory: a batch of `BATCH` questions' texts at a time; what is kept is 11 numbers per result read.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from typing import TypedDict

from mockapi.audit import exploits, form
from mockapi.audit.data import AuditQuestion, Corpus
from mockapi.audit.learned import _auc, single_threaded
from mockapi.audit.text import is_content_sentence, sentences

TEXT_CHARS = 20_000  # the stored text every text rule reads (`Corpus.text`)
BATCH = 20  # questions whose top-10 texts one read holds
KINDS = ("names", "numbers", "dates")
FEATURES = (
    *(f"{kind}_{what}" for kind in KINDS for what in ("held_log", "shared", "shared_3")),
    "sentences_shared",
    "sentences_log",
)
_NAME = re.compile(r"\b[A-Z][a-z]+(?: [A-Z][a-z]+)+")
_NUMBER = re.compile(r"(?<![\d.])\d[\d,]*(?:\.\d+)?(?![\d])")
_YEAR = re.compile(r"(?:1[6-9]|20)\d\d")


class AgreementFigures(TypedDict, total=False):
    """The audit's `agreement` group."""

    features: int
    questions: int
    states_pairs: int
    states_auc: float | None
    has_answer_auc: float | None
    abstain_gain_pts: float | None
    fold_draws: int
    answer_means: list[float]  # (a)'s feature means over answer pages, in FEATURES order
    other_means: list[float]  # and over the other results


class _Page:
    """What one result holds: its values by kind and its content sentences."""

    __slots__ = ("sentences", "values")

    def __init__(self, text: str) -> None:
        numbers = {n.replace(",", "") for n in _NUMBER.findall(text) if not _YEAR.fullmatch(n)}
        self.values: tuple[set[object], ...] = (
            set(_NAME.findall(text)),
            {n for n in numbers if len(n) > 1},  # "1", "2": list markers and counts every page has
            set(exploits.all_dates(text)),
        )
        self.sentences = {s for s in sentences(text) if is_content_sentence(s)}


def page_rows(pages: Sequence[_Page]) -> list[list[float]]:
    """FEATURES of each page of one list, from what the other pages of the list hold."""
    out = []
    for i, page in enumerate(pages):
        others = [p for j, p in enumerate(pages) if j != i]
        row: list[float] = []
        for k in range(len(KINDS)):
            held = Counter(v for p in others for v in p.values[k])
            mine = page.values[k]
            n = max(1, len(mine))
            shared, shared_3 = sum(held[v] >= 1 for v in mine), sum(held[v] >= 3 for v in mine)
            row += [math.log1p(len(mine)), shared / n, shared_3 / n]
        said = Counter(s for p in others for s in p.sentences)
        row += [sum(said[s] >= 1 for s in page.sentences) / max(1, len(page.sentences))]
        out.append([*row, math.log1p(len(page.sentences))])
    return out


def question_rows(corpus: Corpus, qs: Sequence[AuditQuestion]) -> dict[str, list[list[float]]]:
    """Per question, its top-10 results' FEATURES in rank order (texts read `BATCH` questions at a time)."""
    out: dict[str, list[list[float]]] = {}
    for start in range(0, len(qs), BATCH):
        chunk = qs[start : start + BATCH]
        texts = corpus.text([r.page_id for q in chunk for r in q.results[: form.TOP]], limit=TEXT_CHARS)
        for q in chunk:
            out[q.qid] = page_rows([_Page(texts.get(r.page_id, "")) for r in q.results[: form.TOP]])
    return out


@single_threaded
def agreement_adversary(
    corpus: Corpus, seed: int = 0, keep: dict[str, list[list[float]]] | None = None
) -> AgreementFigures:
    """(a) and (b) over the form adversary's (b) sample (module docstring); its rows also into `keep` (the
    standing adversary's combined ranker reads them: `standing.combined`)."""
    drawn = exploits.sample(corpus, seed, exploits.QUESTION_FORM_QUESTIONS)
    qs = [q for q in corpus.fill(drawn) if q.results]
    rows = question_rows(corpus, qs)
    if keep is not None:
        keep.update(rows)
    out: AgreementFigures = {"features": len(FEATURES), "questions": len(qs), "states_auc": None}
    out["fold_draws"] = exploits.FOLD_SEEDS
    pairs = [(q, i) for q in qs if q.answerable for i in range(len(rows[q.qid]))]
    y = [int(q.results[i].page_id in q.gold) for q, i in pairs]
    x = [rows[q.qid][i] for q, i in pairs]
    out["states_pairs"] = len(y)
    if exploits._enough(y):
        scores = exploits._oof(exploits._model(seed), x, y, [q.qid for q, _ in pairs], seed)
        out["states_auc"] = _auc(y, scores)
        out["answer_means"] = _means([r for r, label in zip(x, y, strict=True) if label])
        out["other_means"] = _means([r for r, label in zip(x, y, strict=True) if not label])
    out.update(_has_answer(qs, rows, seed))
    return out


def _has_answer(qs: list[AuditQuestion], rows: dict[str, list[list[float]]], seed: int) -> AgreementFigures:
    """(b): AUC and abstain gain, each the mean over the form adversary's fold draws."""
    has = [int(q.answerable) for q in qs]
    out: AgreementFigures = {"has_answer_auc": None, "abstain_gain_pts": None}
    if not exploits._enough(has):
        return out
    x = []
    for q in qs:
        cols = list(zip(*rows[q.qid], strict=True))
        x.append([sum(c) / len(c) for c in cols] + [min(c) for c in cols] + [max(c) for c in cols])
    qids = [q.qid for q in qs]
    draws = [seed + 1000 * k for k in range(exploits.FOLD_SEEDS)]
    scores = [exploits._oof(exploits._model(d), x, has, qids, d) for d in draws]
    out["has_answer_auc"] = exploits._mean([_auc(has, s) for s in scores], 3)
    gains = [exploits.best_gain(-s, [1 - h for h in has]) for s in scores]
    out["abstain_gain_pts"] = exploits._mean(gains, 2)
    return out


def _means(rows: list[list[float]]) -> list[float]:
    return [round(sum(c) / len(c), 3) for c in zip(*rows, strict=True)] if rows else []
