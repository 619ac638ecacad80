"""One-letter look-alikes on the subject's own answer page: typo-names side by side with the asked one.

The g24 reader found "Asex Corp." beside "Astex" (Q6), "Cyella Inc." and "Cryella Inc." beside "Cyrella Corp."
(Q8) and "Lett", with its own Oscar count, on the pages of the film "Letter" (Q21). Real CRAG has look-alike
noise in its KG (entities with near names), not typo-names of the subject on the subject's own page; the
real fixture's answer pages name none (docs/audit.md).

For each answerable question of the sample (its best-ranked answer page): the page's **subject** is the
longest capitalised name on it that the question names (in any case); a **look-alike** is another
capitalised name on the page whose core (the name without company words: Inc., Corp., Group, Holdings,
Ltd., The, ...) is one edit from the subject's (a letter added, dropped, changed or two swapped: "Astex" and
"Asex", "Cyrella" and "Cryella") or a truncation by at most two letters ("Letter" and "Lett"), both cores
of at least 4 letters and the subject's not one everyday word. A plural or a possessive ("Letters",
"Letter's") is the same name. Reported (the share of answer pages naming one), not a bar: a world may carry
near names, and the line says how often they sit on the subject's own page.
"""

from __future__ import annotations

import re
from typing import TypedDict

from mockapi.audit.data import AuditQuestion, Corpus
from mockapi.audit.rules import RuleCheck, empty_rule, note
from mockapi.audit.words import COMMON_WORDS

RULE = "answer pages naming a one-letter look-alike of the subject"
TEXT = 50_000
_NAME = re.compile(r"\b[A-Z][\w'’&.-]*(?: (?:(?:of|the|de|la|and|in) ){0,2}[A-Z][\w'’&.-]*)*")
# a word that ends in a full stop and still goes on a name ("Cyrella Corp. Common Stock"); any other full
# stop ends the name ("Electric Horizon. A ..." is "Electric Horizon")
_ABBREVIATIONS = frozenset(
    ["Inc.", "Corp.", "Ltd.", "Co.", "Jr.", "Sr.", "St.", "Dr.", "Mr.", "Ms.", "Mrs.", "Bros."]
)
_GENERIC = frozenset(
    [
        "the",
        "inc",
        "inc.",
        "corp",
        "corp.",
        "corporation",
        "ltd",
        "ltd.",
        "group",
        "holdings",
        "co",
        "co.",
        "company",
        "plc",
        "llc",
        "lp",
        "sa",
        "ag",
        "common",
        "stock",
        "shares",
        "class",
        "ordinary",
    ]
)


class LookalikeFigures(TypedDict):
    share: float | None
    rules: dict[str, RuleCheck]


def _subject(name: str) -> bool:
    """Whether a core can be a subject: 4 letters or more, not one everyday word ("Bank" beside "Back")."""
    return len(name) >= 4 and name not in COMMON_WORDS


def _cut(name: str) -> str:
    """`name` up to a full stop that ends a sentence, not an abbreviation's."""
    words = name.split(" ")
    for i, word in enumerate(words[:-1]):
        if word.endswith(".") and word not in _ABBREVIATIONS:
            return " ".join(words[: i + 1])
    return name


def core(name: str) -> str:
    """A name without its company words and final marks, lower-cased ("cyrella" of "Cyrella Corp.")."""
    words = [w.strip(".,;:'’").lower() for w in name.split()]
    return " ".join(w for w in words if w and w not in _GENERIC)


def typo_close(a: str, b: str) -> bool:
    """Whether two cores are one edit apart (or one a truncation of the other by two letters at most), not a
    plural or possessive of each other, both of 4 letters or more."""
    if a == b or min(len(a), len(b)) < 4:
        return False
    short, long_ = sorted((a, b), key=len)
    if long_ in (short + "s", short + "es", short + "'s", short + "’s"):
        return False
    if long_.startswith(short) and len(long_) - len(short) <= 2:
        return True
    return _osa(a, b) == 1


def _osa(a: str, b: str) -> int:
    """Edit distance with swaps of two neighbours (optimal string alignment), capped at 2."""
    if abs(len(a) - len(b)) > 1:
        return 2
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], prev2[j - 2] + 1)
        prev2, prev = prev, row
    return min(prev[-1], 2)


def lookalike_scan(corpus: Corpus, qs: list[AuditQuestion]) -> LookalikeFigures:
    """The share of answer pages (module docstring) naming a one-letter look-alike of their subject."""
    rule = empty_rule()
    # the best-ranked answer page (the one a reader opens first)
    firsts = [(q, next(r.page_id for r in q.results if r.page_id in q.gold)) for q in qs
              if q.answerable and any(r.page_id in q.gold for r in q.results)]  # fmt: skip
    texts = corpus.text([pid for _, pid in firsts], TEXT)
    for q, pid in firsts:
        text = texts.get(pid, "")
        names = {n for found in _NAME.findall(text) if not (n := _cut(found)).isupper()}  # tickers are codes
        query = q.query.lower()
        asked = [
            n
            for n in names
            if _subject(core(n)) and re.search(rf"(?<!\w){re.escape(n.lower())}(?!\w)", query)
        ]
        if not asked:
            continue
        subject = max(asked, key=len)
        mine = core(subject)
        near = sorted({n for n in names if typo_close(core(n), mine)})
        note(rule, bool(near), f"{subject}: {', '.join(near[:3])} ({q.query})")
    share = round(rule["violations"] / rule["checked"], 3) if rule["checked"] else None
    return {"share": share, "rules": {RULE: rule}}
