"""Gold answers as CRAG writes them: often a short value, often a whole sentence ("rory mcilroy has never won
the masters tournament"). A sentence answer keeps the short value (and its other formats) as alternatives, so
a system that answers with the bare value is still judged correct.
"""

from __future__ import annotations

import random
import re

from mockapi.world.questions import values
from mockapi.world.questions.kinds import Kind

# Share of answerable questions whose gold answer is written as a sentence (CRAG: about a third to a half).
P_SENTENCE = 0.42


# A security's listing after a company's name ("Waters Inc. Common Stock"): people name the company, so a gold
# answer does too ("waters inc.'s eps is $12.41"); the listed name stays an alternative.
_LISTING = re.compile(
    r"\s+(?:class [a-c]\s+)?(?:common stock|common shares|ordinary shares|american depositary shares)\b", re.I
)


def finish(short: str, alts: list[str], sentences: list[str], rng: random.Random) -> tuple[str, list[str]]:
    """(answer, alternatives): a sentence (chance P_SENTENCE) if one is offered, else the short form."""
    listed = short.lower()
    short = _LISTING.sub("", listed)
    rest = values.lower_all([a for a in alts if a.lower() != short])
    if listed != short:
        rest = [listed, *rest]
    if sentences and rng.random() < P_SENTENCE:
        return _LISTING.sub("", rng.choice(sentences).lower()), [short, *rest]
    return short, rest


def attribute(kind: Kind, subject: str, value: str) -> list[str]:
    """Sentences that give one attribute value."""
    s, v, label = subject, value, kind.label
    if kind.vtype == "date" and kind.event:
        return [f"{s} {kind.event} on {v}", f"{v} is when {s} {kind.event}"]
    if kind.vtype == "year" and kind.event:
        return [f"{s} {kind.event} in {v}", f"it was in {v} that {s} {kind.event}"]
    if kind.vtype == "person":
        return [f"{v} is the {label} of {s}", f"the {label} of {s} is {v}", f"{s}'s {label} is {v}"]
    if kind.vtype == "list":
        return [f"the {kind.item or label} of {s} are {v}", f"{s}'s {kind.item or label} are {v}"]
    if counted(kind):
        return [
            f"{s} has {v} {label}",
            f"{s} has {v} {label} so far",
            f"{v} is the number of {label} for {s}",
        ]
    return [f"the {label} of {s} is {v}", f"{s}'s {label} is {v}", f"{s} has a {label} of {v}"]


def counted(kind: Kind) -> bool:
    """Is the label a plural count ("wins", "studio albums")? Then "x has 5 wins", not "a wins of 5"."""
    return kind.vtype == "number" and kind.label.endswith("s")


def dated(kind: Kind, subject: str, value: str, day: str) -> list[str]:
    """Sentences for a value on a given day."""
    if counted(kind):
        return [
            f"on {day}, {subject} had {value} {kind.label}",
            f"{subject} had {value} {kind.label} as of {day}",
        ]
    return [
        f"on {day}, the {kind.label} of {subject} was {value}",
        f"{subject}'s {kind.label} was {value} on {day}",
    ]


def comparison(label: str, winner: str, loser: str, higher: bool) -> list[str]:
    """Sentences naming the winner of a comparison."""
    adj = "higher" if higher else "lower"
    return [f"{winner} has a {adj} {label} than {loser}", f"{winner}'s {label} is {adj} than {loser}'s"]


def earlier(event: str, winner: str, loser: str, first: bool) -> list[str]:
    """Sentences naming which of two events came first (or last)."""
    when = "before" if first else "after"
    return [f"{winner} {event} {when} {loser}", f"{winner} {event} {'first' if first else 'more recently'}"]


def count(item: str, subject: str, n: str) -> list[str]:
    """Sentences giving a count."""
    return [f"{subject} has {n} {item}", f"there are {n} {item} for {subject}"]


def years_ago(subject: str, event: str, n: str) -> list[str]:
    """Sentences giving elapsed years."""
    return [f"{subject} {event} {n} years ago", f"it has been {n} years since {subject} {event}"]


def total(label: str, a: str, b: str, v: str) -> list[str]:
    """Sentences giving a sum."""
    return [f"the combined {label} of {a} and {b} is {v}", f"together, {a} and {b} have {v} {label}"]


def each(a: str, va: str, b: str, vb: str) -> list[str]:
    """Two values given one per entity (an answer to "how many X do A and B have?" a judge accepts)."""
    return [f"{a.lower()} {va}, {b.lower()} {vb}", f"{va} and {vb}"]


def difference(label: str, a: str, b: str, v: str) -> list[str]:
    """Sentences giving a difference."""
    return [f"the difference in {label} between {a} and {b} is {v}", f"{a} and {b} differ by {v} in {label}"]


def hop(relation: str, start: str, bridge: str, kind: Kind, value: str) -> list[str]:
    """Sentences for a two-hop answer: the bridge entity named, then the value."""
    return [
        f"the {relation} of {start} is {bridge}, whose {kind.label} is {value}",
        f"{bridge}, the {relation} of {start}, has a {kind.label} of {value}",
    ]


def chain(start: str, steps: list[tuple[str, str]]) -> str:
    """The walk said in one sentence: 'the founder of x is y, and the birthplace of y is z'."""
    parts, prev = [], start
    for relation, name in steps:
        parts.append(f"the {relation} of {prev} is {name}")
        prev = name
    return ", and ".join(parts)


def chain_end(start: str, steps: list[tuple[str, str]]) -> list[str]:
    """Sentences for a chain whose answer is the entity it ends at."""
    (relation, end), prev = steps[-1], steps[-2][1]
    return [f"{end} is the {relation} of {prev}", chain(start, steps)]
