"""The surface of a question: frame choice per split, conversational openers, casual spellings, typos.

CRAG's questions were typed by people (2,425 web questions) or written from 600+ templates: they open with
requests ("can you tell me…"), contract ("what's"), drop the question mark, order words freely and sometimes
misspell. A question here is an intent (what is asked, about what) realised by a frame; this module adds the
voice on top. Entity references are never altered, so gold answers and names stay exact.

Every phrasing list is partitioned by position between the three splits (`family`): items at index 1 mod 4
are only dev's, 3 mod 4 only test's, 2 mod 8 only train's and the rest (0 mod 4, 6 mod 8) the core dev and
test share, so a train world asks in words neither held-out split uses (and the reverse). Train takes one
item in eight, not one in four: a quarter cost dev and test generator 15's wording (audit: question type,
false premises from the text). A list of two gives its first item to dev and test and its second to train;
a one-item list is all three splits' (nothing to split). So the order of a list matters: add new items at
the end. Train also rewords every item it is offered in words of its own (`train_voice`), so it has as many
phrasings as dev without taking any from dev or test (generator 22, issue 34).
"""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import TypeVar, cast

from mockapi.world.questions.train_voice import VARIANTS

T = TypeVar("T")

# Conversational openers; "{q}" is the bare question. Requests and asides, as annotators wrote them.
OPENERS: tuple[str, ...] = (
    "can you tell me {q}",
    "do you know {q}",
    "hey, {q}",
    "quick question: {q}",
    "i was wondering {q}",
    "any idea {q}",
    "so {q}",
    "i'm curious, {q}",
    "could you tell me {q}",
    "out of curiosity, {q}",
    "i need to know {q}",
    "please tell me {q}",
    "do you happen to know {q}",
    "quick one, {q}",
    "i want to know {q}",
    "ok so {q}",
    "can you find out {q}",
    "i'd like to know {q}",
    "settle a debate for me, {q}",
    "hi! {q}",
    "would you know {q}",
    "remind me, {q}",
    "i'm trying to find out {q}",
    "could you look up {q}",
)
# Frames that are already requests take no opener ("can you tell me give me…").
IMPERATIVE = re.compile(
    r"^(?:tell|give|list|name|find|look|compare|count|add|i need|i'd|help|settle|so|ok)\b"
)
# A full clause: a question word, an auxiliary or a request. A telegraphic question ("northern voyage budget,
# in millions of dollars?") has none: it takes no opener ("just wondering, x budget ...?" read as a form
# filled in: g26 reader) and no name premise (premise.settle).
_CLAUSE = re.compile(
    r"\b(?:is|are|was|were|do|does|did|has|have|had|can|could|would|will|who|what|which|when|where|how|"
    r"whose|tell|give|list|name|find|look|compare|show|count|express|i)\b|what's|who's|where's|when's"
)


def telegraphic(question: str) -> bool:
    """Whether `question` is a bare noun phrase ("x market cap?"), no clause."""
    return _CLAUSE.search(question) is None


# Tails some people add after the question.
TAILS: tuple[str, ...] = (
    "{q} thanks",
    "{q}? thank you",
    "{q} just curious",
    "{q} thx",
    "{q}? i forgot",
    "{q} please",
    "{q}? thanks!",
    "{q} asking for a friend",
)
# Contractions and casual spellings (whole words only).
CASUAL: tuple[tuple[str, str], ...] = (
    (r"\bwhat is\b", "what's"),
    (r"\bwho is\b", "who's"),
    (r"\bwhere is\b", "where's"),
    (r"\bwhen is\b", "when's"),
    (r"\bwhat are\b", "what're"),
    (r"\bhow is\b", "how's"),
    (r"\bplease\b", "pls"),
)
# How often each voice feature fires (per question).
# Tails and typos are rarer than openers: real CRAG questions are mostly plain and well formed (the g16
# reader counted 9 of 40 with a tacked-on filler and 5 of 40 with a typo, "too many").
P_OPENER = 0.26
P_TAIL = 0.015
P_CONTRACT = 0.3
P_NO_MARK = 0.18
P_TYPO = 0.025
# Openers that embed the question ("can you tell me {q}") read only before a wh-question: "could you tell
# me the head coach of x was born in which decade" did not (g16 reader); the others go before anything.
EMBEDDING = re.compile(
    r"^(?:can|could|do|i was|any idea|i need|i'd|i want|would|i'm trying|please tell|"
    r"does anyone|i'm keen|anyone know|tell me, if)\b"
)
INVERTED_COUNT = re.compile(r"^how (?:many|much)\b[^?]*? (?:do|does|did|have|has)\b")
WH_START = re.compile(r"^(?:what|whats|who|whose|when|where|which|how|in what|in which|on what)\b")


# index mod 8 -> the splits that may use the item (see the module docstring)
_CORE, _DEV, _TEST, _TRAIN = ("dev", "test"), ("dev",), ("test",), ("train",)
_OWNERS: tuple[tuple[str, ...], ...] = (_CORE, _DEV, _TRAIN, _TEST, _CORE, _DEV, _CORE, _TEST)
# Modules whose module-level tuples of strings are canonical phrasing lists (`_registry`).
_CANONICAL = (
    "mockapi.world.questions.question_frames",
    "mockapi.world.questions.derived",
    "mockapi.world.questions.count_frames",
)


def family(items: Sequence[T], split: str) -> list[T]:
    """The items a split may use: dev and test share a core and have their own part each; train only its
    own part (see the module docstring). An item of a canonical list keeps the owners of its place there
    wherever it is offered (composers join and slice lists: `attribute_frames`), so a frame never changes
    family between questions; other items are placed by their index in `items`. A split left with nothing
    (a one-item list, or one whose train place repeats a core item) takes the list's first item."""
    registry = _registry()
    n = len(items)
    own = [x for i, x in enumerate(items) if split in registry.get(x, _place(i, n))]
    if split == "train":  # and its rewording of every item it is offered (`train_voice`)
        own += [cast(T, v) for x in items if isinstance(x, str) and (v := VARIANTS.get(x)) is not None]
    return own or [items[0]]


def _place(i: int, n: int) -> tuple[str, ...]:
    """The splits owning index `i` of a list of `n` (of two: dev and test the first, train the second)."""
    if n == 2:
        return ("dev", "test") if i == 0 else ("train",)
    return _OWNERS[i % 8]


@lru_cache(maxsize=1)
def _registry() -> dict[object, tuple[str, ...]]:
    """Phrasing -> its owners, from its first place in a canonical list (OPENERS and TAILS here, then the
    canonical modules' tuples of strings in definition order)."""
    lists: list[Sequence[object]] = [OPENERS, TAILS]
    for name in _CANONICAL:
        lists += [v for v in vars(importlib.import_module(name)).values() if _phrasings(v)]
    owners: dict[object, tuple[str, ...]] = {}
    for items in lists:
        for i, x in enumerate(items):
            owners.setdefault(x, _place(i, len(items)))
    for variant in VARIANTS.values():
        owners.setdefault(variant, ("train",))
    return owners


def _phrasings(value: object) -> bool:
    return isinstance(value, tuple) and bool(value) and all(isinstance(x, str) for x in value)


def pick(items: Sequence[T], rng: random.Random, split: str) -> T:
    """One item of the split's family."""
    return rng.choice(family(items, split))


def voice(question: str, protected: Sequence[str], rng: random.Random, split: str) -> str:
    """The bare question in a person's voice: opener or tail, contractions, a dropped '?', maybe a typo.

    `protected` strings (entity names, values) are left exactly as they are.
    """
    text = question.strip()
    if rng.random() < P_CONTRACT:
        text = _contract(text, protected, rng)
    if rng.random() < P_TYPO:
        text = typo(text, protected, rng)
    roll = rng.random()
    if roll < P_OPENER:  # an imperative frame takes no opener and no tail either (it had one in four)
        opener = pick(OPENERS, rng, split)
        said = not IMPERATIVE.match(text) and not telegraphic(text)
        # "do you know how many points do x and y have?" inverts twice (reader32): no embedding before it
        embeds = WH_START.match(text) and not INVERTED_COUNT.match(text)
        if said and (embeds or not EMBEDDING.match(opener)):
            text = opener.format(q=text)
    elif roll < P_OPENER + P_TAIL:
        text = pick(TAILS, rng, split).format(q=text.rstrip("?"))
    if rng.random() < P_NO_MARK:
        text = text.rstrip("?").rstrip()
    return tidy(text)


def tidy(text: str) -> str:
    """Whitespace, dangling commas, "a" before a vowel, plural possessives ("hornets's" -> "hornets'")."""
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r",\s*([?:;]|$)", r"\1", text)
    text = re.sub(r",\s*,", ",", text)
    text = re.sub(r"\ba (?=[aeio][a-z])", "an ", text)
    return re.sub(r"(?<=[a-z]s)'s\b", "'", text)


def _contract(text: str, protected: Sequence[str], rng: random.Random) -> str:
    guarded = " ".join(p.lower() for p in protected)
    options = [(pat, repl) for pat, repl in CASUAL if re.search(pat, text) and not re.search(pat, guarded)]
    if not options:
        return text
    pattern, repl = rng.choice(options)
    return re.sub(pattern, repl, text, count=1)


def typo(text: str, protected: Sequence[str], rng: random.Random) -> str:
    """Swap two adjacent letters in one longer word that is not part of an entity name or value."""
    guarded = " ".join(p.lower() for p in protected)
    words = [
        m
        for m in re.finditer(r"[a-z]{5,}", text)
        if m.group() not in guarded and not _inside(m, text, protected)
    ]
    if not words:
        return text
    m = rng.choice(words)
    word = m.group()
    i = rng.randrange(1, len(word) - 2)
    swapped = word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    return text[: m.start()] + swapped + text[m.end() :]


def _inside(m: re.Match[str], text: str, protected: Sequence[str]) -> bool:
    for p in protected:
        for hit in re.finditer(re.escape(p.lower()), text):
            if hit.start() <= m.start() < hit.end():
                return True
    return False
