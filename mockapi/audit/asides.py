"""Asides in the questions: identifiers a user would not type, set off inside the question.

The g30 and g32 readers counted 15 of 40 questions carrying one (", managed by kathleen turner,", "rosales,
run by ethan park,", "wolfe, public since 1992", "jenniferberg royals (founded 1943)", a coach's "gabriel
graham's danielburgh titans"); the world owner cuts them and this line tells when it is done. Read off the
question's text as a participant reads it:

- an appositive after a comma: ", managed/run/led/coached/founded/directed/... by x", ", who/whose ...", ",
  public/listed/based/founded/born/... since/in x";
- a parenthesis ("(founded 1943)", "(1981)");
- a possessive identifier: a name's possessive before another name ("gabriel graham's danielburgh titans",
  "bryan galvan's aldica co."): two words the pages never write in lower case, then "'s", then a third;
  "michael jordan's birthday" and "steven spielberg's first movie" read a relation, not an identifier.

The real fixture's 10 questions hold none (the share 0.0). The bar (report: `ASIDE_BAR`) is that share plus a
margin: one question in twenty, for the look-alikes a world needs told apart, which CRAG tells by a qualifier
in the name ("microsoft office 2019"), never by an aside.
"""

from __future__ import annotations

import re
from typing import TypedDict

from mockapi.audit.data import AuditQuestion

ASIDE_BAR = 0.05
_BY = (
    r"managed|run|led|coached|founded|directed|produced|headed|owned|chaired|fronted|helmed|written|sung|"
    r"performed|recorded|released|backed|started|created|formed|captained|trained|built|designed|published|"
    r"distributed|issued|signed|fronted|co-founded|launched|operated|sponsored|starring|featuring"
)
_SINCE = (
    r"public|listed|active|based|headquartered|born|founded|established|formed|debuted|released|incorporated|"
    r"est\.|known|trading|playing|competing|operating|around|on the market"
)
_ASIDES = (
    re.compile(rf", (?:(?:{_BY}) by|starring|featuring) \w"),
    # a relative clause on a name (", who debuted in 1994"), not a question after an opener ("can i ask, who
    # is ...", "remind me, which weekday ...")
    re.compile(r", (?:who|whose) (?!is |are |was |were |has |have |had |did |does |do |'s )\w"),
    re.compile(rf", (?:{_SINCE}) (?:since|in|on|at|from|as|out of) \w"),
    re.compile(r"\([^)]*\w[^)]*\)"),
)
_POSSESSIVE = re.compile(r"\b([a-z][a-z.\-]+) ([a-z][a-z.\-]+)['’]s ([a-z][a-z.\-]+)")


class AsideFigures(TypedDict):
    questions: int
    with_aside: int
    share: float | None
    possessive: int
    examples: list[str]


def aside(query: str, vocab: frozenset[str]) -> str | None:
    """The aside `query` carries (its text), or None."""
    text = query.lower()
    for pattern in _ASIDES:
        m = pattern.search(text)
        if m is not None:
            return m.group(0)
    for m in _POSSESSIVE.finditer(text):
        if not {m[1], m[2], m[3]} & vocab:  # three name words: a person's name owning a name
            return m.group(0)
    return None


def aside_figures(qs: list[AuditQuestion], vocab: frozenset[str]) -> AsideFigures:
    """The share of questions carrying an aside, with a few of them."""
    found = [(q.query, a) for q in qs if (a := aside(q.query, vocab)) is not None]
    possessive = sum(_POSSESSIVE.fullmatch(a) is not None for _, a in found)
    return {
        "questions": len(qs),
        "with_aside": len(found),
        "share": round(len(found) / len(qs), 3) if qs else None,
        "possessive": possessive,
        "examples": [q for q, _ in found[:5]],
    }
