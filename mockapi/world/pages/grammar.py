"""A small generative grammar: templates with inline alternations and slots, expanded with a seeded rng.

Syntax: `[a|b|c]` picks one alternative (an empty one makes the part optional), `{slot}` is filled from a
slot table. Templates are compiled once (`_plan`), so expanding one costs its rng calls and little else: the
build writes millions of sentences, and their order of rng calls (every alternative left to right, then every
slot left to right) is part of the world's content hash.

Why a grammar rather than sentence lists: a reader who collects the word 5-grams that recur across many
questions' pages drops every sentence holding one. A sentence list repeats whole sentences; here every run of
five words crosses at least one choice point or slot, so a given 5-gram is rare in the world (its probability
is the product of its choices), as in real prose.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import NamedTuple, TypeAlias

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


# A slot token becomes MARK name MARK at compile time, so the chosen text is split at MARK to fill its slots
# instead of being searched for `{name}` (a control character that no template or slot name holds).
_MARK = "\0"

Choice: TypeAlias = "tuple[Option, ...]"  # a compiled `[a|b]`
# an option: its text (slots marked), or a sequence that holds further alternatives
Option: TypeAlias = "str | list[str | Choice]"


class _Plan(NamedTuple):
    """A template compiled for `expand` (a tuple, so `expand` unpacks it in one step)."""

    fixed: str | None  # the text, when the template holds neither alternatives nor slots
    flat: bool  # every option of every alternative is plain text, so no recursive walk
    parts: tuple[str | Choice, ...]
    slots: bool
    general: bool  # a '{' is not part of a `{slot}` (one could form only once choices are joined)


_PLANS: dict[str, _Plan] = {}


def _plan(template: str) -> _Plan:
    """`template` compiled, from the cache or now: each `{slot}` marked, and each alternative's options
    joined into one text where they hold no further alternative."""
    plan = _PLANS.get(template)
    if plan is not None:
        return plan
    marked = _SLOT.sub(lambda m: f"{_MARK}{m.group(1)}{_MARK}", template)
    if "{" in marked or _MARK in template:
        plan = _Plan(None, False, (), False, True)
    else:
        parts = tuple(_compile(parse(marked)))
        slots = marked != template
        choices = [p for p in parts if type(p) is not str]
        flat = all(type(o) is str for c in choices for o in c)
        fixed = tidy("".join(p for p in parts if isinstance(p, str))) if not choices and not slots else None
        plan = _Plan(fixed, flat, parts, slots, False)
    if len(_PLANS) >= 4096:  # templates come from code, but expand takes any string
        _PLANS.clear()
    _PLANS[template] = plan
    return plan


def _compile(seq: Seq) -> list[str | Choice]:
    return [part if isinstance(part, str) else tuple(_option(o) for o in part) for part in seq]


def _option(seq: Seq) -> Option:
    if all(isinstance(p, str) for p in seq):
        return "".join(seq)  # type: ignore[arg-type]
    return _compile(seq)


def _walk(parts: Sequence[str | Choice], bits: Callable[[int], int], out: list[str]) -> None:
    for part in parts:
        if type(part) is str:
            out.append(part)
        else:
            n = len(part)  # `rng.choice(part)`, inlined as in `expand`
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            chosen = part[r]
            if type(chosen) is str:
                out.append(chosen)
            else:
                _walk(chosen, bits, out)


def expand(template: str, slots: Slots, rng: random.Random) -> str:
    """One expansion of `template`: alternatives chosen, slots filled, spaces tidied."""
    fixed, flat, parts, marked, general = _PLANS.get(template) or _plan(template)
    if fixed is not None:
        return fixed
    if general:
        return _expand_joined(template, slots, rng)
    # `rng.choice(options)` inlined: the draws it makes (`Random._randbelow_with_getrandbits`: getrandbits of
    # the count's bit length until one falls below it, the same since CPython 3.2) without its two Python
    # calls a choice. Choices are most of a sentence's cost, and a build makes millions (tests/world/
    # test_prose_pins.py pins the text rng.choice drew, and fails on any other draw).
    bits = rng.getrandbits
    out: list[str] = []
    if flat:
        for p in parts:
            if type(p) is str:
                out.append(p)
            else:
                n = len(p)
                k = n.bit_length()
                r = bits(k)
                while r >= n:
                    r = bits(k)
                out.append(p[r])  # type: ignore[arg-type]
    else:
        _walk(parts, bits, out)
    text = "".join(out)
    if marked:
        pieces = text.split(_MARK)  # text, name, text, name, ..., text
        for i in range(1, len(pieces), 2):
            pieces[i] = slots[pieces[i]](rng)
        text = "".join(pieces)
    return tidy(text)


def _expand_joined(template: str, slots: Slots, rng: random.Random) -> str:
    """The general path: choose the alternatives, join, then fill each `{slot}` of the joined text."""
    parts: list[str] = []
    _walk_seq(parse(template), rng, parts)
    text = "".join(parts)
    if "{" in text:
        text = _SLOT.sub(lambda m: slots[m.group(1)](rng), text)
    return tidy(text)


def _walk_seq(seq: Seq, rng: random.Random, out: list[str]) -> None:
    for part in seq:
        if isinstance(part, str):
            out.append(part)
        else:
            _walk_seq(rng.choice(part), rng, out)


_SPACES = re.compile(r"\s{2,}")
_BEFORE_PUNCT = re.compile(r"\s+([,;:.])(?=\s|$)")


def tidy(text: str) -> str:
    """Collapse the doubled or stray spaces an empty alternative leaves."""
    # Most texts need nothing. Printable text holds no whitespace but ' ' (str.isprintable is False for every
    # other space, tab and line break), so without two spaces in a row, a space at either end or a space
    # before punctuation the rewrites below return it unchanged; plain `in` tests cost far less than them.
    if (
        text.isprintable()
        and "  " not in text
        and text[:1] != " "
        and text[-1:] != " "
        and " ," not in text
        and " ." not in text
        and " ;" not in text
        and " :" not in text
    ):
        return text
    text = _SPACES.sub(" ", text).strip()
    return _BEFORE_PUNCT.sub(r"\1", text)


def cap(text: str) -> str:
    """First letter upper-cased (the rest as written: names keep their case)."""
    return text[:1].upper() + text[1:]
