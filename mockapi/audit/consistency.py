"""Contradiction scan: gold pages that state a conflicting current value of a fact the question needs.

A world where one page says "head coach, Donna Santos" and another (or the same) says "head coach, Courtney
Williams", both as current, is hard for the wrong reason. From the pages alone:

- **Facts** of a sampled answerable question: its key phrases, else its answers (`frames.facts_of`), of at
  least 3 characters.
- **Statement**: a sentence (content text, a table row is a line) of one of its measured gold pages holding
  the fact's value as whole tokens. Its **frame** is the `LEFT` tokens before the value (at least 2, no list
  word such as "and" or "between" among them: members of a list are not rival values) and up to `RIGHT`
  tokens after it, with at least two words outside the function words between them; its **names** are the
  capitalised words of the statement, other than the value, that are not common English (whom it is about).
- **Conflict**: another sentence of the question's gold pages that names the same things (on the same page
  when the statement names nothing: it is then about the page's subject, unless the question is about one
  subject: `ONE_SUBJECT`), with the same left context, a
  different value of the same shape (a number for a number; capitalised words, as many, for a name) and then
  the same right context, with no year or date in it: an undated sentence claims the current value. A value
  stated with its own date is history, not a conflict. Alternatives of the answer are never conflicts.
- **Figure**: gold pages holding a conflicting sentence; the questions they belong to; a few examples.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from mockapi.audit.anatomy import Anatomy
from mockapi.audit.data import AuditQuestion
from mockapi.audit.frames import facts_of
from mockapi.audit.text import FUNCTION_WORDS, mask_numbers, sentences
from mockapi.audit.words import COMMON_WORDS

# question types whose gold pages are all about one subject (a set, comparison, aggregation or multi-hop
# question's pages are about several)
ONE_SUBJECT = frozenset({"simple", "simple_w_condition", "post-processing"})
LEFT = 3
RIGHT = 2
EXAMPLES = 5
_TOKEN = re.compile(r"[$€£]?[\w'’&.%-]+")
_LIST_WORDS = frozenset({"and", "or", "nor", "&", "with", "between", "vs", "versus"})
_NUMBER = re.compile(r"[$€£]?-?\d[\d,]*(?:\.\d+)?%?")


def tokens(sentence: str) -> list[str]:
    """Tokens with their case, trailing sentence punctuation dropped."""
    out = []
    for tok in _TOKEN.findall(sentence):
        tok = tok.rstrip(".,;:")
        if tok:
            out.append(tok)
    return out


def _norm(toks: list[str]) -> tuple[str, ...]:
    return tuple(t.lower().replace(",", "") for t in toks)


def _dated(sentence: str) -> bool:
    masked = mask_numbers(sentence)
    return "<d>" in masked or "<y>" in masked


def _same_number(a: Value, b: Value) -> bool:
    """One number written two ways ("$243.76" and "243.76", "1,966" and "1966"): not a rival value."""
    if len(a) != 1 or len(b) != 1 or not (_NUMBER.fullmatch(a[0]) and _NUMBER.fullmatch(b[0])):
        return False
    return float(re.sub(r"[$€£,%]", "", a[0])) == float(re.sub(r"[$€£,%]", "", b[0]))


def _same_shape(value: list[str], other: list[str]) -> bool:
    if all(_NUMBER.fullmatch(t) for t in value):
        return len(other) == len(value) and all(_NUMBER.fullmatch(t) for t in other)
    if all(t[:1].isupper() for t in value if t.lower() not in FUNCTION_WORDS):
        return all(t[:1].isupper() for t in other if t.lower() not in FUNCTION_WORDS)
    return False


Value = tuple[str, ...]


@dataclass(frozen=True)
class Frame:
    """Where and how a statement states the value."""

    page: str
    left: Value
    right: Value
    written: Value  # the value as the statement writes it (its case decides the shape)
    names: frozenset[str]


def names(toks: list[str]) -> frozenset[str]:
    """The capitalised words of a sentence that are not common English (whom it is about), lower-cased."""
    return frozenset(
        t.lower() for t in toks if t[:1].isupper() and t.lower() not in FUNCTION_WORDS | COMMON_WORDS
    )


def _frames(value: Value, page: str, lines: list[list[str]]) -> list[Frame]:
    """The frames of the value's statements on one page."""
    out = []
    n = len(value)
    for toks in lines:
        low = _norm(toks)
        for i in range(2, len(low) - n + 1):
            if low[i : i + n] != value:
                continue
            left, right = low[max(0, i - LEFT) : i], low[i + n : i + n + RIGHT]
            content = [t for t in left + right if t.isalpha() and t not in FUNCTION_WORDS]
            if len(content) < 2 or _LIST_WORDS & set(left) or set(value) & set(left):
                continue
            out.append(Frame(page, left, right, tuple(toks[i : i + n]), names(toks[:i] + toks[i + n :])))
    return out


def _conflict(
    value: Value, frame: Frame, page: str, line: list[str], allowed: set[Value], one_subject: bool
) -> bool:
    """Does `line` (on `page`) state another value in `frame`, about the same named things?

    A statement that names nothing (an infobox row, "The company's stock price is …") is about its page's
    subject, so it is compared on its own page only, unless every gold page is about the question's one
    subject (`one_subject`)."""
    if not frame.names and page != frame.page and not one_subject:
        return False
    low, n, k = _norm(line), len(value), len(frame.left)
    for i in range(len(low) - k - n + 1):
        j = i + k
        other = low[j : j + n]
        if low[i:j] != frame.left or other == value or other in allowed or _same_number(other, value):
            continue
        if low[j + n : j + n + len(frame.right)] != frame.right or {other[0], other[-1]} & FUNCTION_WORDS:
            continue
        if (
            _same_shape(list(frame.written), line[j : j + n])
            and names(line[:j] + line[j + n :]) == frame.names
        ):
            return True
    return False


def contradiction_scan(
    questions: list[AuditQuestion], pages: dict[str, Anatomy], kinds: dict[str, list[str]] | None = None
) -> dict[str, Any]:
    """Gold pages stating a conflicting undated value of a question's fact (module docstring)."""
    bad_pages: set[str] = set()
    bad_questions = 0
    examples: list[str] = []
    scanned = 0
    for q in questions:
        page_lines = {
            pid: [(s, tokens(s)) for s in sentences(pages[pid].content_text)]
            for pid in sorted(q.gold)
            if pid in pages
        }
        if not page_lines:
            continue
        scanned += 1
        allowed = {_norm(tokens(a)) for a in q.answers() + q.key_phrases}
        found = False
        one_subject = q.qtype in ONE_SUBJECT
        for _kind, raw in facts_of(q, (kinds or {}).get(q.qid)):
            value = _norm(tokens(raw))
            if len(raw.strip()) < 3 or not value:
                continue
            frames = [
                f for pid, lines in page_lines.items() for f in _frames(value, pid, [t for _s, t in lines])
            ]
            for pid, lines in page_lines.items():
                for sentence, toks in lines:
                    hit = next(
                        (f for f in frames if _conflict(value, f, pid, toks, allowed, one_subject)), None
                    )
                    if hit is None or _dated(sentence):
                        continue
                    bad_pages.add(pid)
                    found = True
                    if len(examples) < EXAMPLES:
                        examples.append(
                            f"{q.query} | needs {raw!r} | {' '.join(hit.left)} … | {sentence[:160]}"
                        )
        bad_questions += found
    return {
        "questions": scanned,
        "conflicting_pages": len(bad_pages),
        "conflicting_questions": bad_questions,
        "examples": examples,
    }
