"""A name's aside said after the question, as people add it ("when was dustin murphy born, the one managed by
kathleen turner?"), not between the subject and its verb ("when was dustin murphy, managed by kathleen turner,
born?").

Reader32 (generator 32) read 15 of 40 questions with an aside a user would not type: set off by commas or
brackets in the middle of the question ("look up the headquarters for wolfe, public since 1992",
"jenniferberg royals (founded 1943)"). Real questions name the thing plainly, or with a year or a kind word
before it ("the 2002 film last horizon", premise.natural), or tell a namesake apart afterwards ("the one
founded in 1937"). The aside stays a premise (a false premise bends it as before); only where it is said
moves, so true and false questions carry it alike.
"""

from __future__ import annotations

import re
from dataclasses import replace

from mockapi.world.questions.model import Fact
from mockapi.world.questions.premise import Premise, settle

# How an aside's words read after "the one" ("public since 1992" -> "the one that went public in 1992")
_REWORDS = (
    (re.compile(r"^(founded|born|established) (\d{4})$"), r"\1 in \2"),
    (re.compile(r"^(?:public since|which went public in) "), "that went public in "),
    (re.compile(r"^the band with "), "with "),
)


def aside_of(premise: Premise) -> str:
    """The aside a name premise says after its name (", managed by x," or " (founded 1943)"), '' for a
    premise of another form (a year before the name, "x by y", a frame's premise)."""
    if not premise.plain or not premise.trails or not premise.said.startswith(premise.plain):
        return ""
    rest = premise.said[len(premise.plain) :]
    if re.fullmatch(r" \(\d{4}\)", rest):  # "last horizon (2002)": a film's year as people write it
        return ""
    return rest if rest.startswith((", ", " (")) else ""


def trails(premise: Premise) -> bool:
    """Whether `premise` is an aside moved to the question's end (`relocate`)."""
    return premise.said.startswith(", the one ")


def clause(aside: str) -> str:
    """The aside as a trailing clause: ", managed by x," -> ", the one managed by x"."""
    words = aside.strip().strip(",").strip()
    if words.startswith("(") and words.endswith(")"):
        words = words[1:-1]
    for pattern, repl in _REWORDS:
        words = pattern.sub(repl, words)
    return f", the one {words}"


def trail(text: str, premise: Premise) -> str:
    """`text` with the premise's aside (as said in `text`) moved to its end, before a closing '?'."""
    if premise.said not in text:
        return text
    moved = text.replace(premise.said, premise.plain, 1)
    tail = clause(premise.said[len(premise.plain) :])
    return moved[:-1] + tail + "?" if moved.endswith("?") else moved + tail


def relocate(query: str, premises: list[Premise]) -> tuple[str, list[Premise]]:
    """The query with its name premise's aside moved to the end (one name premise a question: `settle`),
    and the premises updated to the words the query now says: the aside's clause for the name premise, the
    whole moved query for a frame's premise (a day, a margin)."""
    moving = next((p for p in premises if aside_of(p)), None)
    if moving is None:
        return query, premises
    said_tail = clause(aside_of(moving))
    bent_tail = clause(moving.bent[len(moving.plain) :]) if moving.bent.startswith(moving.plain) else ""
    if not bent_tail or query.count(moving.said) != 1:
        return query, premises
    out: list[Premise] = []
    for p in premises:
        if p is moving:
            out.append(replace(p, said=said_tail, bent=bent_tail))
        else:  # a frame's premise says the whole query, aside included: moved alike
            out.append(replace(p, said=trail(p.said, moving), bent=trail(p.bent, moving)))
    return trail(query, moving), out


def settled(query: str, asked: list[Fact], premises: list[Premise]) -> tuple[str, list[Premise]]:
    """`premise.settle`, then the kept aside moved to the question's end (`relocate`)."""
    return relocate(*settle(query, asked, premises))
