"""A small generative grammar: templates with inline alternations and slots, expanded with a seeded rng.

Syntax: `[a|b|c]` picks one alternative (an empty one makes the part optional), `{slot}` is filled from a
slot table. Templates are parsed once into parts, so expanding one costs a few rng calls (the build writes
millions of sentences).

Why a grammar rather than sentence lists: a reader who collects the word 5-grams that recur across many
questions' pages drops every sentence holding one. A sentence list repeats whole sentences; here every run of
five words crosses at least one choice point or slot, so a given 5-gram is rare in the world (its probability
is the product of its choices), as in real prose.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from functools import lru_cache

Seq = tuple["str | Alt", ...]  # literal text and alternatives in order
Alt = tuple[Seq, ...]  # one of these sequences
Slots = Mapping[str, Callable[[random.Random], str]]

_SLOT = re.compile(r"\{(\w+)\}")


@lru_cache(maxsize=4096)
def parse(template: str) -> Seq:
    """Template -> a sequence of literals and (nested) alternatives, cached per template string."""
    seq, pos = _seq(template, 0)
    if pos != len(template):
        raise ValueError(f"unbalanced ']' in {template!r}")
    return seq


def _seq(text: str, pos: int) -> tuple[Seq, int]:
    """Parse from `pos` until an unmatched '|' or ']' (left for the caller) or the end."""
    out: list[str | Alt] = []
    literal: list[str] = []
    while pos < len(text) and text[pos] not in "|]":
        if text[pos] == "[":
            if literal:
                out.append("".join(literal))
                literal = []
            options: list[Seq] = []
            pos += 1
            while True:
                option, pos = _seq(text, pos)
                options.append(option)
                if pos >= len(text):
                    raise ValueError(f"unclosed '[' in {text!r}")
                pos += 1
                if text[pos - 1] == "]":
                    break
            out.append(tuple(options))
        else:
            literal.append(text[pos])
            pos += 1
    if literal:
        out.append("".join(literal))
    return tuple(out), pos


def _walk(seq: Seq, rng: random.Random, out: list[str]) -> None:
    for part in seq:
        if isinstance(part, str):
            out.append(part)
        else:
            _walk(rng.choice(part), rng, out)


def expand(template: str, slots: Slots, rng: random.Random) -> str:
    """One expansion of `template`: alternatives chosen, slots filled, spaces tidied."""
    parts: list[str] = []
    _walk(parse(template), rng, parts)
    text = "".join(parts)
    if "{" in text:
        text = _SLOT.sub(lambda m: slots[m.group(1)](rng), text)
    return tidy(text)


def tidy(text: str) -> str:
    """Collapse the doubled or stray spaces an empty alternative leaves."""
    text = re.sub(r"\s{2,}", " ", text).strip()
    return re.sub(r"\s+([,;:.])(?=\s|$)", r"\1", text)


def cap(text: str) -> str:
    """First letter upper-cased (the rest as written: names keep their case)."""
    return text[:1].upper() + text[1:]
