"""Sentences stating facts in pages: current value (gold), older one (stale), a look-alike's (negative)."""

from __future__ import annotations

import datetime as dt
import random

from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Fact


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def state(fact: Fact, value: str | None = None, subject: str | None = None, as_of: str = "") -> str:
    """One sentence stating `fact` (optionally with another value, subject or date)."""
    name = subject or fact.subject.name
    shown = fact.value if value is None else value
    if fact.kind.startswith("rel:"):
        return f"The {fact.kind[4:]} of {name} is {shown}."
    sentence = KINDS[fact.kind].say.format(s=name, v=shown)
    if as_of:
        day = dt.date.fromisoformat(as_of)
        return f"As of {day:%B} {day.day}, {day.year}, {sentence}."
    return _cap(sentence) + "."


def gold_sentences(fact: Fact) -> list[str]:
    """What a gold page says: the value (dated for dynamic facts), and each list item on its own."""
    dynamic = not fact.kind.startswith("rel:") and KINDS[fact.kind].dynamism != "static"
    lines = [state(fact, as_of=fact.as_of if dynamic and fact.as_of else "")]
    if fact.items:
        lines.append(" ".join(f"{item} is among them." for item in fact.items))
    return lines


def stale_sentences(fact: Fact, rng: random.Random) -> list[str]:
    """An older value of a dynamic fact, dated well before the current one."""
    if not fact.stale or not fact.as_of:
        return []
    then = dt.date.fromisoformat(fact.as_of) - dt.timedelta(days=rng.randint(20, 400))
    return [state(fact, value=rng.choice(fact.stale), as_of=then.isoformat())]


def negative_sentences(fact: Fact, lookalike: str, wrong: str) -> list[str]:
    """The same attribute of a look-alike entity, with a different value (a hard negative)."""
    return [state(fact, value=wrong, subject=lookalike)]
