"""Figures on question language: skeletons, conversational share, tickers, questions that name no entity.

Computed from generated `Question`s, which know every name they mention (subjects, values, tickers,
aliases), so masking is exact. `crag-mock audit` measures the same things from text alone.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from mockapi.world.questions.model import Question

_NUMBER = re.compile(r"\$?\d[\d,]*(?:\.\d+)?(?:\s?(?:%|million|billion|m|b|k))?\b")
_MONTH = re.compile(
    r"\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:tember)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?"
)
_YEAR = re.compile(r"\b(?:1[89]|20)\d\d\b")
# How conversational questions open (CRAG's real ones, the examples): a request, not a query.
CONVERSATIONAL = re.compile(
    r"^(?:can you|could you|can u|would you|do you know|tell me|i\b|i'm|i'd|im\b|hey|hi\b|so\b|ok\b|okay|"
    r"please|pls|quick question|any idea|anyone know|just wondering|wondering|what's|whats|who's|whos|"
    r"where's|when's|how's|help me|give me|show me|let me know|name\b|list\b|out of curiosity|curious|"
    r"remind me|settle a debate|need to know|looking for)"
)


def names_in(q: Question) -> list[str]:
    """Every entity string a question may mention: subjects, their tickers and aliases, facts' values."""
    out: set[str] = set()
    for s in q.subjects:
        if s.kind != "group":
            out.update(x for x in (s.name, s.ticker, *s.aliases) if x)
    for f in q.facts + q.context:
        out.update(x for x in (f.subject.name, f.subject.ticker, *f.subject.aliases, f.value, *f.items) if x)
    return sorted((n.lower() for n in out if len(n) > 1), key=lambda n: (-len(n), n))


def skeleton(q: Question) -> str:
    """The question with entities, numbers, years and month names masked."""
    text = q.query
    for name in names_in(q):
        text = re.sub(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])", "<e>", text)
    text = _YEAR.sub("<y>", text)
    text = _NUMBER.sub("<n>", text)
    return _MONTH.sub("<m>", text)


def names_entity(q: Question) -> bool:
    """Does the question name an entity (by name, ticker or alias)? A group names one when its set is named
    by a proper name ("the clubs in serie a", "the films x directed"): a reader counts "serie a" as a name,
    as the audit's masker does; "semiconductor stocks" and "the films released in 2019" name none."""
    for s in q.subjects:
        refs = (s.proper_name,) if s.kind == "group" else (s.name, s.ticker, *s.aliases)
        for ref in refs:
            if ref and re.search(rf"(?<![a-z0-9]){re.escape(ref.lower())}(?![a-z0-9])", q.query):
                return True
    return False


def names_ticker(q: Question) -> bool:
    """Does a finance question name a company by its ticker?"""
    return any(
        s.ticker and re.search(rf"(?<![a-z0-9]){re.escape(s.ticker.lower())}(?![a-z0-9])", q.query)
        for s in q.subjects
    )


_VERB = re.compile(
    r"\b(?:is|are|was|were|has|have|had|did|does|won|lost|pays|runs|covers|cost|differ)\b|\w{4,}ed\b"
)


def is_sentence(answer: str) -> bool:
    """A gold answer written as a sentence: five words or more, with a verb."""
    return len(answer.split()) >= 5 and bool(_VERB.search(answer))


def year_rule(questions: list[Question]) -> dict[str, float]:
    """Precision and recall of "the question contains a bare year" as a false-premise detector."""
    flagged = [q for q in questions if _YEAR.search(q.query)]
    false = [q for q in questions if q.question_type == "false_premise"]
    hits = sum(q.question_type == "false_premise" for q in flagged)
    return {
        "year_rule_precision": round(hits / (len(flagged) or 1), 4),
        "year_rule_recall": round(hits / (len(false) or 1), 4),
    }


def premise_word_rule(questions: list[Question]) -> tuple[str, float]:
    """The single question word that best flags false premises, and its min(precision, recall)."""
    fp = sum(q.question_type == "false_premise" for q in questions) or 1
    seen: Counter[str] = Counter()
    hits: Counter[str] = Counter()
    for q in questions:
        for w in set(re.findall(r"[a-z']+", q.query)):
            seen[w] += 1
            hits[w] += q.question_type == "false_premise"
    best = max(seen, key=lambda w: (min(hits[w] / seen[w], hits[w] / fp), w), default="")
    return best, round(min(hits[best] / seen[best], hits[best] / fp), 4) if best else 0.0


def language_stats(questions: list[Question]) -> dict[str, Any]:
    """The figures issue 12 sets targets for, over one question set."""
    n = len(questions) or 1
    skeletons = Counter(skeleton(q) for q in questions)
    finance = [q for q in questions if q.domain == "finance"]
    answered = [q for q in questions if q.answer != "invalid question"]
    return {
        "questions": len(questions),
        "skeletons": len(skeletons),
        "top10_share": round(sum(c for _, c in skeletons.most_common(10)) / n, 4),
        "conversational_share": round(sum(bool(CONVERSATIONAL.match(q.query)) for q in questions) / n, 4),
        "finance_ticker_share": round(sum(map(names_ticker, finance)) / (len(finance) or 1), 4),
        "no_entity_share": round(sum(not names_entity(q) for q in questions) / n, 4),
        "sentence_answer_share": round(
            sum(len(q.answer.split()) >= 5 for q in answered) / (len(answered) or 1), 4
        ),
        **year_rule(questions),
        "premise_word_rule": premise_word_rule(questions),
        "top10": skeletons.most_common(10),
    }
