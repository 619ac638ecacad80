"""Sentence frames per fact kind, found on the pages (independent of how the generator writes them).

For each sampled answerable question, its **facts** are the values the gold pages must state: the key phrases
of questions.duckdb, else the gold answer and its alternatives. On its answer pages, every sentence (of the
content text; a table row is a line, so a sentence) that contains one of the values (case-insensitive, whole
words) is a **statement**; its **frame** is the sentence with the value replaced by `<v>`, then masked like a
question (`text.masked`: entities, numbers, dates). A frame without a vocabulary word other than function
words (a bare "<v>" list item, "the <e> <v>") states nothing recognisable and is dropped. A fact **uses** a
frame when any statement of it has that frame.

The **fact kind** is taken from questions.duckdb when it says (a `fact_kinds` JSON column, one kind per key
phrase); otherwise it is coarse: the question's domain × the value's shape (money, number, date, year,
words). Coarse kinds mix attributes (stock price and market cap are both "finance:money"), so they overstate
the frames of one attribute: the output says which definition was used.

A **relation fact** (kind "rel:<relation>", the link of a chain: "rel:head coach" = the coach a question's
team leads) has for its value the entity at the relation's far end, which its answer pages are about: a line
naming that entity ("18 Aug 2022 Update on <coach> posted 25", a person page's timeline row) does not state
the relation. A line states a relation fact only when it also names the relation (a word of it, read by its
first `STEM` letters: "coach", "directed", "parent") or the question's subject (an entity word of the question
outside the value: "Check the record on New Debra Rangers and find <coach> as the head coach"). Without this
the 20,000-question train world's "rel:head coach" read a top share of 0.50, all of it the timeline row.

Per kind with ≥ `MIN_FACTS` facts: distinct frames, and the top frame's share of the kind's facts.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter, defaultdict
from typing import TypedDict

from mockapi.audit.anatomy import Anatomy, anatomy
from mockapi.audit.data import AuditQuestion, Corpus
from mockapi.audit.text import FUNCTION_WORDS, masked, sentences

# The frame lines read the answerable questions up to FRAME_QUESTIONS, in the world's order, and the kinds of
# MIN_FACTS facts: until g44 the audit's 300 drawn questions and kinds of 10, whose top share has a standard
# error of about 0.13 and moved by 0.08 a fact (g44i's fin.founders, 5 of 12 on one frame: 0.417, bar 0.40)
MIN_FACTS = 20
FRAME_QUESTIONS = 1000
STEM = 5  # letters of a relation's word a line must hold ("direc" reads "director", "directed", "directs")
_WORD = re.compile(r"[a-z][a-z0-9'’-]*[a-z0-9]")


def value_shape(value: str) -> str:
    """money | number | date | year | words: the coarse type of a value."""
    v = value.strip().lower()
    if re.fullmatch(r"[$€£]\s?[\d,.]+\s?[a-z]*", v):
        return "money"
    if re.fullmatch(r"(?:1[5-9]|20)\d\d", v):
        return "year"
    if re.fullmatch(r"-?[\d,.]+\s?(?:%|[a-z]{0,8})", v):
        return "number"
    if re.search(r"\d{4}", v) and re.search(r"[a-z]{3}|\d+[-/]\d+", v):
        return "date"
    return "words"


def facts_of(q: AuditQuestion, kinds: list[str] | None) -> list[tuple[str, str]]:
    """(kind, value) pairs of a question."""
    values = q.key_phrases or q.answers()
    out = []
    for i, value in enumerate(values):
        kind = kinds[i] if kinds and i < len(kinds) else f"{q.domain}:{value_shape(value)}"
        if len(value.strip()) >= 2 or value.strip().isdigit():
            out.append((kind, value.strip()))
    return out


class KindFrames(TypedDict):
    """The frames stating the facts of one kind."""

    facts: int
    frames: int
    top_share: float
    top_frame: str


class FrameFigures(TypedDict, total=False):
    """The audit's `frames` group; with no kind measured only kinds (0), kind_source and per_kind."""

    kinds: int
    kind_source: str
    min_frames: int
    median_frames: float
    fewest_frames_kind: str
    max_top_share: float
    max_top_share_kind: str
    per_kind: dict[str, KindFrames]


def frame_figures(
    questions: list[AuditQuestion],
    pages: dict[str, Anatomy],
    vocab: frozenset[str],
    kinds: dict[str, list[str]] | None,
) -> FrameFigures:
    """Distinct frames and top-frame share per fact kind (module docstring)."""
    uses: dict[str, list[set[str]]] = defaultdict(list)  # kind -> per fact, the frames stating it
    for q in questions:
        lines = [s for pid in sorted(q.gold) if pid in pages for s in sentences(pages[pid].content_text)]
        for kind, value in facts_of(q, (kinds or {}).get(q.qid)):
            pattern = re.compile(rf"(?<![\w$]){re.escape(value.lower())}(?!\w)")
            states = relation_cue(kind, q.query, value, vocab)
            frames = {
                _frame(line, pattern, vocab)
                for line in lines
                if pattern.search(line.lower()) and (states is None or states.search(line.lower()))
            }
            frames = {
                f for f in frames if any(not t.startswith("<") and t not in FUNCTION_WORDS for t in f.split())
            }
            if frames:
                uses[kind].append(frames)
    per_kind: dict[str, KindFrames] = {}
    for kind, facts in sorted(uses.items()):
        if len(facts) < MIN_FACTS:
            continue
        counts: Counter[str] = Counter(f for frames in facts for f in frames)
        # a tie goes to the alphabetically first frame: the counter's own order is a set's (hash-seeded)
        top, top_n = min(counts.items(), key=lambda item: (-item[1], item[0]))
        per_kind[kind] = {
            "facts": len(facts),
            "frames": len(counts),
            "top_share": round(top_n / len(facts), 3),
            "top_frame": top,
        }
    return _summary(per_kind, "questions.duckdb fact_kinds" if kinds else "coarse: domain x value shape")


def relation_cue(kind: str, query: str, value: str, vocab: frozenset[str]) -> re.Pattern[str] | None:
    """For a relation fact, what a line stating it holds besides its value: a word of the relation (its first
    `STEM` letters, a shorter word whole) or an entity word of the question that is not the value's (module
    docstring); None for any other kind (its value alone states it)."""
    if not kind.startswith("rel:"):
        return None
    relation = [w for w in _WORD.findall(kind[4:].lower()) if w not in FUNCTION_WORDS]
    cues = [re.escape(w[:STEM]) if len(w) > STEM else rf"{re.escape(w)}\b" for w in relation]
    own = set(_WORD.findall(value.lower()))
    subject = sorted(
        {w for w in _WORD.findall(query.lower()) if len(w) >= 3 and w not in vocab and w not in own}
    )
    cues += [rf"{re.escape(w)}\b" for w in subject]
    return re.compile(rf"\b(?:{'|'.join(cues)})") if cues else None


def _frame(line: str, pattern: re.Pattern[str], vocab: frozenset[str]) -> str:
    return " ".join(masked(pattern.sub(" <v> ", line.lower()), vocab))


def _summary(per_kind: dict[str, KindFrames], kind_source: str) -> FrameFigures:
    if not per_kind:
        return {"kinds": 0, "kind_source": kind_source, "per_kind": {}}
    frames = [v["frames"] for v in per_kind.values()]
    worst = max(per_kind.items(), key=lambda kv: (kv[1]["top_share"], -kv[1]["frames"]))
    fewest = min(per_kind.items(), key=lambda kv: kv[1]["frames"])
    return {
        "kinds": len(per_kind),
        "kind_source": kind_source,
        "min_frames": min(frames),
        "median_frames": statistics.median(frames),
        "fewest_frames_kind": fewest[0],
        "max_top_share": worst[1]["top_share"],
        "max_top_share_kind": worst[0],
        "per_kind": per_kind,
    }


def frame_sample(
    corpus: Corpus,
    questions: list[AuditQuestion],
    gold: dict[str, Anatomy],
    vocab: frozenset[str],
    kinds: dict[str, list[str]] | None,
) -> FrameFigures:
    """`frame_figures` over `questions` (their gold pages cut to the measured ones), the pages `gold` lacks
    measured here."""
    wanted = sorted({pid for q in questions for pid in q.gold} - set(gold))
    measured = {pid: anatomy(html) for pid, html in corpus.each_html(wanted)}
    return frame_figures(questions, {**gold, **measured}, vocab, kinds)
