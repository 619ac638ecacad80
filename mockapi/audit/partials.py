"""Counts cut short: a count question whose gold is the size of a list its answer page gives as a part.

The g27 reader found "how many institutional holders has doc, founded in 1953, got?" with the gold 4 from
"The largest holders of Day Corp. are Kelley Capital Management, Walker Capital Management, Jones Capital
Management and Parker Capital Management": four of the largest holders, not all of them. For a count
question ("how many", "number of", "count") whose gold is a whole number N and that does not itself ask for
a part (largest, top, main, ...), a **partial list** on one of its answer pages among its top 10 is a
sentence introducing a list as a part ("the largest holders of X are", "its top 5 members include", "the
main ... are") whose noun is a word of the question; the question breaks the rule when such a list has
exactly N items (split at commas and "and"). Each question with a partial list counts once. Target 0.
"""

from __future__ import annotations

import re

from mockapi.audit.data import AuditQuestion
from mockapi.audit.results import Read
from mockapi.audit.rules import RuleGroup, empty_rule, note
from mockapi.audit.text import sentences

RULE = "counts cut short by a partial list"
_PART_WORDS = r"largest|biggest|top|leading|major|main|principal|key|notable|best-known|most famous|selected"
_COUNT = re.compile(r"\bhow many\b|\bnumber of\b|\bcount\b")
_ASKS_PART = re.compile(rf"\b(?:{_PART_WORDS}|first|some|few)\b")
_PART = re.compile(
    rf"\b(?:{_PART_WORDS})\b(?: \d+)? ([a-z]+)(?: of [^,:;]+?)? (?:are|were|include|included|:)\s+(.+)", re.I
)
_WORDS = re.split(
    " ", "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
)


def gold_count(q: AuditQuestion) -> int | None:
    """The gold as a whole number ("4", "four", "4 holders"), None when it is not one."""
    m = re.fullmatch(r"\D*?(\d+)(?: [a-z ]+)?", q.answer.strip().lower())
    if m:
        return int(m[1])
    word = q.answer.strip().lower().split(" ")[0]
    return _WORDS.index(word) if word in _WORDS else None


def list_size(items: str) -> int:
    """Items of a list written "a, b, c and d" (to the first stop)."""
    items = re.split(r"[.;(]| \(| per | as of | by ", items)[0]
    return len([x for x in re.split(r",\s*(?:and\s+)?|\s+and\s+", items) if x.strip()])


class PartialScan:
    """The rule over the answer pages `results.read_results` reads (fed one by one)."""

    def __init__(self) -> None:
        self.rule = empty_rule()
        self._found: dict[str, tuple[bool, str]] = {}

    def add(self, read: Read) -> None:
        q = read.question
        low = q.query.lower()
        if read.result.page_id not in q.gold or not _COUNT.search(low) or _ASKS_PART.search(low):
            return
        n = gold_count(q)
        if n is None:
            return
        words = set(re.findall(r"[a-z]+", low))
        for line in read.lines:
            for s in sentences(line) if re.search(_PART_WORDS, line, re.I) else ():
                m = _PART.search(s)
                if m and (m[1].lower() in words or m[1].lower().rstrip("s") in words):
                    bad = list_size(m[2]) == n
                    if bad or q.qid not in self._found:
                        self._found[q.qid] = (
                            bad or self._found.get(q.qid, (False, ""))[0],
                            f"{q.query} -> {q.answer}: {s}",
                        )

    def result(self) -> RuleGroup:
        for bad, example in self._found.values():
            note(self.rule, bad, example)
        return {"violations": self.rule["violations"], "rules": {RULE: self.rule}}
