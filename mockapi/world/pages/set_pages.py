"""What a set question's pages other than its answer pages state of its members (`roles`): a set question's
results are the set's pages (`model.group_of`), its answer pages a table or list of every member with its
value (`tables.group_pieces`)."""

from __future__ import annotations

import datetime as dt
import random
import re
from dataclasses import replace

from mockapi.world.pages import tables
from mockapi.world.pages.fact_frames import Piece
from mockapi.world.questions.model import Question, Subject


def some_members(q: Question, group: Subject, rng: random.Random, split: str, day: dt.date) -> list[Piece]:
    """Some of the set's members with their values of the asked attribute, as an answer page states all of
    them (`tables.group_pieces`), but never a member the answer names, and never all of them, so no ranking,
    count or total over them is the answer: a names-only table (generator 42) left the answer pages the only
    group pages full of figures (numbers 30.6 distinct against 25.6, standing adversary on group questions'
    set pages 0.835: default world, seed 0, dev). Only values held by the page's `day`: a stale set page of
    January stated a market cap "as of 28 February 2024", and filled a question asked on the 26th (the g44
    draft's "dated past the query day" line, 5)."""
    kind = q.facts[0].kind if q.facts else ""
    facts = [f for f in q.facts if f.kind == kind and f.subject.kind != "group"]
    if any(f.as_of[:10] > day.isoformat() for f in facts):
        return [members(q, group, rng)]
    answer = " ".join((q.answer, *q.alt_ans)).lower()
    rest = [f for f in facts if not re.search(rf"\b{re.escape(f.subject.name.lower())}\b", answer)]
    if len(rest) == len(facts) and rest:
        rest.remove(rng.choice(rest))
    # a part as a page happens to cover: all but one of them gave a set question's list a table row and a
    # figure for every member on every page, and a false premise's list (never a set's) stood out by its
    # fewer rows and figures (form (c), pages alone: 0.715 -> 0.745 on the default world, seed 0, dev)
    rest = rng.sample(rest, rng.randint(min(2, len(rest)), len(rest)))
    if len(rest) < 2 or kind.startswith("rel:"):
        return [members(q, group, rng)]
    # headed as a part of the set, not the set: a table headed "Harbor 20 companies" of four of its six
    # members reads as the whole set, and its lowest value as the answer
    part = replace(group, name=f"{rng.choice(_PART)} {group.name}")
    return tables.group_pieces(part, rest, rng, split)


_PART = ("Selected", "Some", "A few", "Other")


def members(q: Question, group: Subject, rng: random.Random) -> Piece:
    """The set's members in a table headed as the answer pages' tables are, every one of them in a shuffled
    order as there (`tables.group_pieces`), without the asked values: 2-6 of them (generator 27) left the
    answer pages of group questions the only results full of names and rows (form adversary (a): capitalised
    spans AUC 0.65, table rows 0.63 on questions over several facts, w_g27c)."""
    names = [s.name for s in q.subjects[1:]] or [group.name]
    shown = rng.sample(names, len(names))
    return Piece("table", group.name, rows=(("Name",), *((m,) for m in shown)))
