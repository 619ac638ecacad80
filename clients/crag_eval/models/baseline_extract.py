"""Spans of an answer type in a sentence: numbers, years, dates, names, places; and a vote over sentences.

Typed spans are found with general patterns (digits and scale words, month names, capitalised word runs); a
span the question already contains is the question's own entity, never the answer. A candidate's weight is its
sentence's retrieval score, discounted by its distance (in words) from the question terms the sentence shares.
"""

from __future__ import annotations

import re
from collections import defaultdict

from crag_eval.models.baseline_query import words

MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|"
    r"Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
DATE = re.compile(
    rf"\b(?:{MONTH}\.? \d{{1,2}}(?:st|nd|rd|th)?,? \d{{4}}|"
    rf"\d{{1,2}}(?:st|nd|rd|th)? (?:of )?{MONTH}\.?,? \d{{4}}|"
    rf"\d{{4}}-\d{{2}}-\d{{2}}|\d{{1,2}}/\d{{1,2}}/\d{{4}})\b",
    re.I,
)
YEAR = re.compile(r"(?<![\d$.,])\b(1[5-9]\d\d|20\d\d)\b(?![\d,.]\d)")
NUMBER = re.compile(
    r"(?<![\w.])[$€£]?\d[\d,]*(?:\.\d+)?(?:\s?(?:%|percent|thousand|million|billion|trillion|bn|[mbk]\b))?"
)
_CAP = r"[A-Z][\w'’.&-]*"
_JOIN = r"(?:of|de|da|del|der|van|von|la|le|the|and|y|di|du|bin|al|el|&)"
NAME = re.compile(rf"{_CAP}(?:\s+(?:{_JOIN}\s+)*{_CAP})*")
PLACE = re.compile(rf"{_CAP}(?:(?:\s+|, )(?:{_JOIN}\s+)*{_CAP})*")
_CALENDAR = words(
    "january february march april june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec "
    "monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun"
)
_NOT_NAMES = _CALENDAR | words(
    "the a an this that these those it he she they we i in on at of for by as and but or if when while after "
    "before during since may yes no"
)
_WORD = re.compile(r"\S+")


def spans(kind: str, sentence: str, question: str) -> list[tuple[str, int]]:
    """(span, start offset) of `kind` in `sentence`, leaving out what the question already says."""
    q = question.lower()
    if kind in ("number",):
        blocked = [m.span() for m in DATE.finditer(sentence)] + [m.span() for m in YEAR.finditer(sentence)]
        found = [
            (m.group().strip(), m.start())
            for m in NUMBER.finditer(sentence)
            if not any(s <= m.start() < e for s, e in blocked)
        ]
    elif kind == "year":
        found = [(m.group(), m.start()) for m in YEAR.finditer(sentence)]
    elif kind == "date":
        found = [(m.group(), m.start()) for m in DATE.finditer(sentence)]
    elif kind in ("person", "list"):
        found = [(m.group(), m.start()) for m in NAME.finditer(sentence) if _is_name(m.group(), kind)]
    elif kind == "place":
        # a place is named after a locative preposition ("born in X", "based at Y")
        found = [
            (m.group(), m.start())
            for m in PLACE.finditer(sentence)
            if _is_name(m.group(), kind) and re.search(r"\b(?:in|at|from|near)\s+$", sentence[: m.start()])
        ]
    else:
        return []
    found = [(_trim(text), start) for text, start in found]
    return [(text, start) for text, start in found if text and text.lower() not in q and _fresh(text, q)]


def _trim(text: str) -> str:
    """A span without the sentence's closing punctuation (an abbreviation keeps its dot)."""
    text = text.strip().rstrip(",;:")
    if text.endswith(".") and not re.search(r"\b(?:[A-Z]|Inc|Jr|Sr|Co|Corp|Ltd|St|Dr|Mr|Mrs|Ms)\.$", text):
        text = text[:-1]
    return text


def _is_name(text: str, kind: str) -> bool:
    words = text.split()
    if any(w.lower().strip(".,") in _CALENDAR for w in words):
        return False
    if words[0].lower() in _NOT_NAMES and len(words) == 1:
        return False
    if words[0].lower() in {"the", "a", "an", "this", "in", "on", "at", "as", "it"}:
        return False
    return len(words) >= 2 or kind in ("place", "list")


def _fresh(text: str, question: str) -> bool:
    """Not mostly words of the question (then it is the subject, or a look-alike of it)."""
    words = [w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in _NOT_NAMES]
    if not words:
        return False
    known = sum(1 for w in words if re.search(rf"\b{re.escape(w)}\b", question))
    return known < max(1, len(words) / 2) or known == 0


def proximity(sentence: str, start: int, terms: set[str]) -> float:
    """1 near a question term, falling with the word distance to the nearest one."""
    positions = [m.start() for m in _WORD.finditer(sentence) if _norm(m.group()) in terms]
    if not positions:
        return 0.3
    words_before = len(sentence[:start].split())
    distance = min(abs(words_before - len(sentence[:p].split())) for p in positions)
    return 1.0 / (1.0 + distance / 6.0)


def _norm(word: str) -> str:
    from crag_eval.models.baseline_pages import fold

    return fold(re.sub(r"[^a-z0-9'&-]", "", word.lower()).strip("'"))


def vote(candidates: list[tuple[str, float]]) -> tuple[str, float, float]:
    """The best candidate (case-blind), its weight and its margin: its weight over the runner-up's."""
    totals: dict[str, float] = defaultdict(float)
    shown: dict[str, str] = {}
    for text, weight in candidates:
        key = " ".join(text.lower().split())
        totals[key] += weight
        shown.setdefault(key, text)
    if not totals:
        return "", 0.0, 0.0
    ranked = sorted(totals, key=lambda k: (-totals[k], k))
    best = totals[ranked[0]]
    runner_up = totals[ranked[1]] if len(ranked) > 1 else 0.0
    return shown[ranked[0]], best, best / runner_up if runner_up else float("inf")
