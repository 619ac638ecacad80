"""Multi-hop questions whose pages skip a hop: the bridge entity is never tied to the asked subject.

The g24 reader's Q8, "name the ceo of the parent company of bryan brown's cyrella corp.", read as if none
of its 50 pages said that Cyrella Corp.'s parent is Ardova Group Inc.: the gold page names the parents of
the look-alikes "Cyella Inc." and "Cryella Inc." instead, so a reader who follows it reaches another
company's CEO. A multi-hop question records its hops in two places the audit reads:

- its gold answer, when it is a sentence: "the parent company of cyrella corp. is ardova group inc., and the
  ceo of ardova group inc. is mr. jacob dominguez", "the director of electric garden is richard rodriguez,
  whose birthplace is ...", "mary rodriguez, the manager of keith coffey, has a birthplace of ..." give the
  subject and the bridge;
- the KG, for a KG question whose first hop is a relation the KG holds as an edge: a parent company
  (`kg_edges` parent_of) of a company the question names, whose KG CEO is the gold.

A question is counted when no sentence (or table line) of its 50 pages names both the subject and the
bridge: the first hop is stated nowhere for the asked subject. Not the answer pages alone: a world's gold
pages of a multi-hop question are the ones stating its last hop, and the first hop sits on another page by
design (on g24's reader world 25 of 28 questions, on g23's 29 of 31, tie the subject to its bridge on a page
that is not an answer page), as a reader of CRAG combines pages. Q8 itself is tied at rank 16 ("The entry
for Cyrella Corp. lists Ardova Group Inc. as the parent company."): the reader's "no page" missed it, but
its rank-1 answer page names the look-alikes' parents (the look-alike line's kind of fault). The second
hop, bridge to answer, is often a value derived from a date ("born on a sunday"), so it is not read here;
the answer-page labels are. A name is matched whole and in any case ("Cyrella Corp." is not in "First
Cyrella Corp."). Questions whose answer is a bare value and whose hop is no KG edge record no bridge and
are not read. Bar 0: a question labelled answerable must be answerable from its pages (the labels line
holds the other direction).
"""

from __future__ import annotations

import re
from pathlib import Path

from mockapi.audit.data import AuditQuestion, Corpus, kg_rows
from mockapi.audit.prices import strip_class
from mockapi.audit.rules import RuleGroup, empty_rule, note
from mockapi.audit.text import sentences

RULE = "multi-hop: no page ties the subject to its bridge"
QUESTIONS = 150
TEXT = 200_000  # characters of a page read (a hop may be stated far down a long page)
_SAYS = (
    re.compile(r"^the (?P<rel>[\w ]+?) of (?P<subject>.+?) is (?P<bridge>.+?)(?:, and |, whose |, who )"),
    re.compile(r"^(?P<bridge>.+?), the (?P<rel>[\w ]+?) of (?P<subject>.+?), (?:has|is|was)\b"),
)


HopFigures = RuleGroup


def hops(q: AuditQuestion, parents: dict[str, str]) -> tuple[str, str] | None:
    """(subject, bridge) of a multi-hop question, from its answer sentence or the KG's parent edges."""
    for pattern in _SAYS:
        found = pattern.match(q.answer)
        if found is not None:
            return found["subject"].strip(), found["bridge"].strip()
    query = q.query.lower()
    named = [child for child in parents if child.lower() in query]
    if named and "parent" in query:
        child = max(named, key=len)
        return child, parents[child]
    return None


def kg_parents(world: Path | None) -> dict[str, str]:
    """Child company -> parent company names (up to the security's class) of the KG's parent_of edges."""
    sql = (
        "SELECT c.name, p.name FROM kg_edges e JOIN entities p ON p.entity_id = e.src "
        "JOIN entities c ON c.entity_id = e.dst WHERE e.rel = 'parent_of'"
    )
    return {strip_class(c): strip_class(p) for c, p in kg_rows(world, {"kg_edges", "entities"}, sql)}


def hop_scan(corpus: Corpus, qs: list[AuditQuestion]) -> HopFigures:
    """Multi-hop answerable questions whose pages state a hop nowhere (module docstring)."""
    rule = empty_rule()
    parents = kg_parents(corpus.world)
    asked = [(q, h) for q in qs if q.qtype == "multi-hop" and q.answerable and (h := hops(q, parents))]
    for q, (subject, bridge) in asked[:QUESTIONS]:
        texts = corpus.text([r.page_id for r in q.results], TEXT)
        ties = [r.rank for r in q.results if _together(texts.get(r.page_id, ""), subject, bridge)]
        note(rule, not ties, f"{q.query} (no page of its 50 ties {subject} to {bridge})")
    return {"violations": rule["violations"], "rules": {RULE: rule}}


def _together(text: str, name: str, other: str) -> bool:
    """Whether one sentence (or line) of `text` names `name` whole and `other`, in any case (`sentences`:
    "Cyrella Corp. is ..." is one sentence)."""
    wanted, also = name.lower(), other.lower()
    if wanted not in text.lower():
        return False
    for line in text.split("\n"):
        low = line.lower()
        if wanted in low and also in low:
            for s in sentences(line):
                found = s.lower().find(wanted)
                if found >= 0 and also in s.lower() and _whole(s, found, len(wanted)):
                    return True
    return False


def _whole(text: str, at: int, size: int) -> bool:
    """The match at `at` is a whole name: no letter glued to it, no capitalised word of a longer name right
    before it ("First Cyrella Corp.")."""
    before, after = text[max(0, at - 1) : at], text[at + size : at + size + 1]
    if before.isalnum() or after.isalnum():
        return False
    words = text[max(0, at - 40) : at].split()
    return not (before == " " and words and words[-1][:1].isupper() and words[-1][-1] not in ".!?:;,)")
