"""No-answer labels that leak: a question labelled without an answer page whose top pages state the gold.

The g23 reader found 2 of 10 no-answer questions ("who's the director of the iron mirrors, starring sheryl
pratt?", "tell me the performer of bright anthem, released in 2005") with "James Gibson is the director of
The Iron Mirrors." on the rank-1 page: the label undercounts what a reader can answer (web recall). A
**statement** of the gold is one sentence of a top-`TOP` page that holds, together:

- the gold's key phrase (the last key phrase the answer holds; a multi-hop's bridge entity is not the gold),
  at least 4 characters;
- a name the question gives: a capitalised span of the sentence (possessive cut) that the question holds as
  whole words (a KG ticker in the question stands for its company's name);
- a word of the question's relation (a content word of the question outside the name and the gold, compared
  by its first 5 letters: "directed" and "director").

**Calibration**: the same detector on the answer pages of answerable simple questions, with or without a
condition (up to `CALIBRATION`, their rank-first answer page) finds the statement on the share reported (a
detector that never fires would read 0 leaks for nothing). Bar: 0 no-answer questions with a statement, since
any one is a wrong label whatever the share (the detector is strict: a gold stated in other words is missed,
so the count is a floor). False premises are not read (their gold is "invalid question"). Real CRAG records
label an answer page by the gold's verbatim presence, so their no-answer questions read 0 by construction."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TypedDict

from mockapi.audit.data import AuditQuestion, Corpus, kg_rows
from mockapi.audit.rules import RuleCheck, empty_rule, note
from mockapi.audit.text import sentences

TOP = 10
CALIBRATION = 300
MIN_KEY = 4
CALIBRATION_TYPES = ("simple", "simple_w_condition")  # one fact of a named entity: what a statement is
RULE = "no-answer questions stating the gold"
_STOP_WORDS = """the a an of in on at to for from by with and or is was were are be been what who whats what's
which how when where tell me can you please like know about did does do its it's his her their this that right
now much many long ago just wondering could would happen find out trying thanks thank there"""
_STOP = frozenset(_STOP_WORDS.split())
# a month or a day is no entity (g34: "January" of "eps for epiica water inc. on january 31st?" named the
# sentence "Epiica Acquisition Corp. II Unit reported earnings per share of $0.01 (disputed) (30 Jan 2024).")
_CALENDAR = frozenset((
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
))  # fmt: skip
_PERIODS = frozenset(("season", "seasons", "year", "years", "month", "months", "week", "weeks"))
_WORD = re.compile(r"[\w'’&-]+")
_NAME = re.compile(r"[A-Z][\w'’&.-]*(?:\s+(?:of|the|de|la|from|and|in|on|a)?\s*[A-Z][\w'’&.-]*)*")
_POSSESSIVE = re.compile(r"(?:'s|’s|'|’|\.)$")
_TICKER_WORDS = re.compile(r"\b[a-z]{2,5}\b")


class LabelFigures(TypedDict):
    violations: int
    rules: dict[str, RuleCheck]
    calibration_pages: int  # answer pages the detector read
    calibration_share: float | None  # the share of them it found the statement on


def _words(text: str) -> list[str]:
    return [w.strip(".'’").lower() for w in _WORD.findall(text)]


def gold_key(q: AuditQuestion) -> str:
    """The key phrase that is the gold: the last one the answer holds, else the last one. A multi-hop's is
    its last whatever the answer says: the first are its bridges, and an answer may write the gold in other
    words ("about 6.91 million" of 6,906,770 left the bridge "Waters Holdings" read as the gold, g44)."""
    if q.qtype == "multi-hop" and q.key_phrases:
        return q.key_phrases[-1]
    answer = q.answer.lower()
    inside = [k for k in q.key_phrases if k.lower() in answer]
    return (inside or q.key_phrases or [""])[-1]


def tickers(world: Path | None) -> dict[str, str]:
    """KG tickers (lower case) with their company's name up to its legal suffix, lower case."""
    rows = kg_rows(world, {"fin_companies"}, "SELECT symbol, name FROM fin_companies ORDER BY ord")
    cut = re.compile(r"\s+(?:Inc\.?|Corp\.?|Corporation|Ltd\.?|plc|Common|Class|Ordinary|American Dep).*$")
    return {str(s).lower(): cut.sub("", str(n)).lower() for s, n in rows if s and n}


def statement(q: AuditQuestion, key: str, text: str, aliases: dict[str, str]) -> str | None:
    """The first sentence of `text` stating `key` of a name `q` gives, with a word of its relation."""
    asked = q.query.lower()
    extra = " | ".join(aliases[t] for t in _TICKER_WORDS.findall(asked) if t in aliases)
    held = f"{asked} | {extra}" if extra else asked
    low_key, key_words = key.lower(), set(_words(key))
    if low_key not in text.lower():
        return None
    for s in sentences(text):
        if low_key not in s.lower():
            continue
        said = {w[:5] for w in _words(s)}
        for found in _NAME.finditer(s):
            name = _POSSESSIVE.sub("", found[0]).lower()
            if len(name) < 4 or name in _STOP or name in _CALENDAR or set(_words(name)) & key_words:
                continue
            if low_key in name:
                continue
            if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", held) is None:
                continue
            relation = [w for w in _words(q.query) if len(w) >= 4 and w not in _STOP
                        and w not in _words(name) and w not in key_words]  # fmt: skip
            # a period word says when, not what, where the relation has another word: "a 2016 season
            # preview" of "what are x's championship seasons?" [2016] states no championship (g36)
            relation = [w for w in relation if w not in _PERIODS] or relation
            if any(w[:5] in said for w in relation):
                return s
    return None


def label_scan(corpus: Corpus, qs: list[AuditQuestion] | None = None) -> LabelFigures:
    """No-answer questions with a statement of the gold on a top page; the detector's calibration."""
    aliases = tickers(corpus.world)
    leak = empty_rule()
    read: list[tuple[AuditQuestion, str, list[str]]] = []
    answered = stated = 0
    for q in corpus.questions if qs is None else qs:
        key = gold_key(q)
        if q.false_premise or len(key) < MIN_KEY:
            continue
        if not q.answerable:
            read.append((q, key, [r.page_id for r in q.results[:TOP]]))
        elif answered < CALIBRATION and q.qtype in CALIBRATION_TYPES:
            first = next((r.page_id for r in q.results if r.page_id in q.gold), None)
            if first is not None:
                answered += 1
                read.append((q, key, [first]))
    texts = corpus.text([pid for _, _, ids in read for pid in ids])  # one read of the store
    for q, key, ids in read:
        found = [
            (rank, s)
            for rank, pid in enumerate(ids, 1)
            if (s := statement(q, key, texts.get(pid, ""), aliases))
        ]
        if q.answerable:
            stated += bool(found)
        else:
            note(
                leak,
                bool(found),
                f"{q.query} [{key}] rank {found[0][0]}: {found[0][1]}" if found else q.query,
            )
    return {
        "violations": leak["violations"],
        "rules": {RULE: leak},
        "calibration_pages": answered,
        "calibration_share": round(stated / answered, 3) if answered else None,
    }
