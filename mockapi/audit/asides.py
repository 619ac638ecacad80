"""Asides in the questions: identifiers a user would not type, set off inside the question.

The g30 and g32 readers counted 15 of 40 questions carrying one (", managed by kathleen turner,", "rosales,
run by ethan park,", "wolfe, public since 1992", "jenniferberg royals (founded 1943)", a coach's "gabriel
graham's danielburgh titans"); the world owner cuts them and this line tells when it is done. Read off the
question's text as a participant reads it:

Mid-sentence: more of the question follows the aside (", managed by x, born?"); an aside that ends the
question ("look up the headquarters for wolfe, public since 1992", "..., the one founded in 1937?") is
reported beside the line (`trailing`, `any_share`), not judged: the readers flagged asides that split what is
asked.

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
    re.compile(rf", (?:the one )?(?:(?:{_BY}) by|starring|featuring) \w"),
    # a relative clause on a name (", who debuted in 1994"), not a question after an opener ("can i ask, who
    # is ...", "remind me, which weekday ...")
    re.compile(r", (?:the one )?(?:who|whose) (?!is |are |was |were |has |have |had |did |does |do |'s )\w"),
    re.compile(rf", (?:the one )?(?:{_SINCE}) (?:since|in|on|at|from|as|out of) \w"),
    re.compile(r"\([^)]*\w[^)]*\)"),
)
# what may close a question after a trailing aside: its mark, a thanks
_END = re.compile(r"[\s?.!]*(?:(?:thanks|thank you|please)[\s?.!]*)?$")
_POSSESSIVE = re.compile(r"\b([a-z][a-z.\-]+) ([a-z][a-z.\-]+)['’]s ([a-z][a-z.\-]+)")


class AsideFigures(TypedDict):
    questions: int
    with_aside: int  # mid-sentence: the line
    share: float | None
    possessive: int
    trailing: int  # an aside that ends the question ("..., the one founded in 1937?"): reported
    any_share: float | None
    examples: list[str]


def aside(query: str, vocab: frozenset[str], trailing: bool = False) -> str | None:
    """The mid-sentence aside `query` carries (its text), or None; with `trailing`, one that ends it too."""
    text = query.lower()
    for pattern in _ASIDES:
        for m in pattern.finditer(text):
            close = text.find(")" if m.group(0).startswith("(") else ",", m.start() + 1)
            end = len(text) if close < 0 else close + 1
            if trailing or not _END.fullmatch(text[end:]):
                return text[m.start() : end]
    for m in _POSSESSIVE.finditer(text):
        if not {m[1], m[2], m[3]} & vocab:  # three name words: a person's name owning a name
            return m.group(0)
    return None


def aside_figures(qs: list[AuditQuestion], vocab: frozenset[str]) -> AsideFigures:
    """The share of questions carrying a mid-sentence aside, with a few of them; asides anywhere, reported."""
    found = [(q.query, a) for q in qs if (a := aside(q.query, vocab)) is not None]
    anywhere = sum(aside(q.query, vocab, trailing=True) is not None for q in qs)
    return {
        "questions": len(qs),
        "with_aside": len(found),
        "share": round(len(found) / len(qs), 3) if qs else None,
        "possessive": sum(_POSSESSIVE.fullmatch(a) is not None for _, a in found),
        "trailing": anywhere - len(found),
        "any_share": round(anywhere / len(qs), 3) if qs else None,
        "examples": [q for q, _ in found[:5]],
    }
