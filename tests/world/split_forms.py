"""What a built world's text shows of its split's families (tests/world/test_train_split.py): the question
phrasings (openers, tails, question frames) its questions match, each template read as a pattern (a slot
matches any words), the fact frames' own word runs its pages hold, and its pages' layouts (kind, shell)."""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import duckdb

from mockapi.world.pages import fact_frames, grammar, layouts
from mockapi.world.questions import phrasing, question_frames

SPLITS = ("dev", "test", "train")
# Slot fillers a page frame writes as words of its own ({is} -> "is"/"are"): any text.
_ANY = r"[^\n]{1,160}?"
# A template says at least this many words of its own on every path through it, or it would match any text.
MIN_WORDS = 3
# Contractions the voice makes (phrasing.CASUAL's "what is" -> "what's") undone on both sides, so "what's"
# matches "what is"; its casual spellings without an apostrophe ("u", "cuz") are not contractions.
_EXPAND = tuple(
    (re.compile(rf"\b{re.escape(short)}(?=\W|$)"), long.replace(r"\b", ""))
    for long, short in phrasing.CASUAL
    if "'" in short
)


@dataclass(frozen=True)
class Form:
    """One template of a family: its text, the splits that own it, its pattern."""

    template: str
    owners: frozenset[str]
    pattern: re.Pattern[str]
    needles: tuple[str, ...]
    """Literal words every match holds (a cheap test before the pattern: worlds have ~10^5 page lines)."""

    def search(self, text: str) -> bool:
        return all(n in text for n in self.needles) and self.pattern.search(text) is not None


def _regex(seq: grammar.Seq) -> str:
    out = []
    for part in seq:
        if isinstance(part, str):
            out += [_ANY if i % 2 else re.escape(bit) for i, bit in enumerate(re.split(r"\{\w+\}", part))]
        else:
            out.append("(?:" + "|".join(_regex(option) for option in part) + ")")
    return "".join(out)


def _words(seq: grammar.Seq) -> int:
    """The fewest words of its own the template says on any path (slots say none)."""
    total = 0
    for part in seq:
        if isinstance(part, str):
            total += len(re.sub(r"\{\w+\}", " ", part).split())
        else:
            total += min(_words(option) for option in part)
    return total


def _form(template: str, owners: Iterable[str], edge: bool, min_words: int = MIN_WORDS) -> Form | None:
    text = expand(template.lower().rstrip("?."))
    seq = grammar.parse(text)
    if _words(seq) < min_words:
        return None
    body = _regex(seq)
    pattern = rf"(?:^|\b|\W){body}" if edge else body
    needles = tuple(
        bit.strip()
        for part in seq
        if isinstance(part, str)
        for bit in re.split(r"\{\w+\}", part)
        if bit.strip()
    )
    return Form(template, frozenset(owners), re.compile(pattern), needles)


def expand(text: str) -> str:
    for pattern, long in _EXPAND:
        text = pattern.sub(long, text)
    return text


@lru_cache(maxsize=1)
def question_forms() -> tuple[Form, ...]:
    """Every canonical question phrasing (phrasing._registry: openers, tails, question frames) that says
    enough words of its own to be recognised; a chain's frame ("name {p}") also as the chain's first step
    fills it ("name the {r} of {s}", the step shared by all splits), since a question says the two as one:
    "name the birthplace of the originator of x" is the chain frame's, though train's "name the {l} of {s}"
    reads it too."""
    templates = [(t, o) for t, o in phrasing._registry().items() if isinstance(t, str)]
    steps = [step for step in dict.fromkeys(question_frames.FIRST_STEP) if "{p}" not in step]
    templates += [(t.replace("{p}", step), o) for t, o in templates if "{p}" in t for step in steps]
    forms = (_form(t, owners, True) for t, owners in templates)
    return tuple(f for f in forms if f is not None)


@lru_cache(maxsize=1)
def weak_question_forms() -> tuple[Form, ...]:
    """The phrasings too short to recognise (`MIN_WORDS`): a question one of them says may also match a
    longer one it does not own ("{l} for {s} {d}?" with the label "number of wins" reads as dev's "number of
    {i} for {s}?"), so a split's own short phrasing that says the whole question excuses a match
    (`foreign`)."""
    templates = [(t, o) for t, o in phrasing._registry().items() if isinstance(t, str)]
    forms = (_form(t, owners, False, min_words=1) for t, owners in templates)
    return tuple(f for f in forms if f is not None and _words(grammar.parse(f.template.lower())) < MIN_WORDS)


def expansions(seq: grammar.Seq) -> list[str]:
    """Every text a template can say, its slots left as `{name}`."""
    out = [""]
    for part in seq:
        options = [part] if isinstance(part, str) else [t for option in part for t in expansions(option)]
        out = [head + tail for head in out for tail in options]
    return out


def chunks(template: str) -> set[str]:
    """The runs of its own words (between slots) a fact frame writes, of at least MIN_WORDS words."""
    out = set()
    for text in expansions(grammar.parse(template.lower())):
        for bit in re.split(r"\{\w+\}", text):
            bit = bit.strip(" ,.:;")
            if len(bit.split()) >= MIN_WORDS:
                out.add(bit)
    return out


@lru_cache(maxsize=1)
def page_chunks() -> dict[str, frozenset[str]]:
    """Word run -> the splits whose fact frames may write it, for runs that only one family's frames write
    (a run two families write tells nothing)."""
    owners: dict[str, set[frozenset[str]]] = {}
    for frames in (fact_frames.PLAIN, fact_frames.DATED, fact_frames.QUOTES, fact_frames.CAPTIONS):
        for _, template in frames:
            family = frozenset(s for s in SPLITS if template in fact_frames.allowed(frames, s))
            for bit in chunks(template):
                owners.setdefault(bit, set()).add(family)
    return {bit: next(iter(fams)) for bit, fams in owners.items() if len(fams) == 1}


def chunks_in(texts: Iterable[str]) -> dict[str, int]:
    """Word run of `page_chunks` -> how many of `texts` hold it."""
    runs = page_chunks()
    counts: dict[str, int] = {}
    for text in texts:
        low = text.lower()
        for bit in runs:
            if bit in low:
                counts[bit] = counts.get(bit, 0) + 1
    return counts


def seen(texts: Iterable[str], forms: tuple[Form, ...]) -> dict[str, set[str]]:
    """Template -> the texts it matches, for each template some text matches."""
    hits: dict[str, set[str]] = {}
    for text in texts:
        plain = expand(text.lower())
        for form in forms:
            if form.search(plain):
                hits.setdefault(form.template, set()).add(text)
    return hits


def foreign(
    texts: Iterable[str], forms: tuple[Form, ...], split: str, own: tuple[Form, ...] = ()
) -> dict[str, list[str]]:
    """Templates `split` may not use that some text matches when no template it may use matches that text
    (a text another family's pattern also reads, as a core sentence can, is not evidence; nor is one that a
    short template of `split`'s own, in `own`, says in full)."""
    out: dict[str, list[str]] = {}
    for text in texts:
        plain = expand(text.lower())
        matched = [f for f in forms if f.search(plain)]
        said = [f for f in own if split in f.owners and f.pattern.fullmatch(plain.rstrip("?. "))]
        if matched and not said and not any(split in f.owners for f in matched):
            for f in matched:
                out.setdefault(f.template, []).append(text)
    return out


def questions(world: Path) -> list[str]:
    con = duckdb.connect(str(world / "questions.duckdb"), read_only=True)
    try:
        return [q for (q,) in con.execute("SELECT query FROM questions ORDER BY ord").fetchall()]
    finally:
        con.close()


def pages(world: Path) -> list[tuple[str, int | None, str]]:
    """(kind, shell or None for a shell-less kind, text) of every page."""
    con = duckdb.connect(str(world / "pages.duckdb"), read_only=True)
    try:
        rows = con.execute("SELECT body, text FROM pages ORDER BY page_id").fetchall()
    finally:
        con.close()
    out = []
    for body, text in rows:
        spec = json.loads(zlib.decompress(body))
        shell = None if spec["kind"] in layouts.SHELLESS else int(spec.get("shell", 0))
        out.append((str(spec["kind"]), shell, str(text or "")))
    return out
