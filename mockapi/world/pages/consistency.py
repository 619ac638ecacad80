"""One history per fact on the pages: older values only where they are older, totals that never shrink, and
a build-time check that no answer page states another current value of the fact it answers.

- **Older values** (`older_values`): a fact's stale values; for a running total (a gross, awards won,
  titles, albums released, weeks on the chart: `totals`) each below the current one, so an older page never
  shows more Grammys, or a larger gross, than today's.
- **Conflicting values** (`conflicting_values`): across all questions, the values other facts give for the
  same subject, attribute and moment (the date, and a quote's minute, only for attributes that change).
- **Check** (`check_gold`): an answer page whose text holds the subject's name and a conflicting value of the
  fact it answers fails the build (`ConsistencyError`). Values too short to find without chance matches (a
  bare number under six characters) are not checked; relations (cast, members) may hold many values.
- **Claims** (`check_claims`): what an answer page's statements claim, whatever their length: another value
  of an asked attribute for the subject itself (other than its own older values, dated), for a name a reader
  takes for the subject (`indistinct`: "The Last Atlas" for "Last Atlas", a near spelling, another listing
  of the same issuer), or, on a set's page, for a name outside the set (it joins the set as far as a reader
  can tell: "2023 films" and a look-alike's longer runtime) fails the build. A row or list item, which
  names no subject ("Length (min) | 95"), is read as the page subject's.
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from collections.abc import Iterable

from mockapi.core.user_error import UserError
from mockapi.formats.pagespec import PageSpec
from mockapi.world.pages import specs, totals
from mockapi.world.pages.fact_frames import Piece
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Fact, Question, group_of

Key = tuple[str, str, str, str]


class ConsistencyError(UserError):
    """An answer page states a value that contradicts the one its question is answered with. A UserError so
    `crag-mock build` prints it on one line and exits non-zero instead of a traceback: the world is not
    written, and the message names the question, page and values to report."""


def older_values(fact: Fact) -> tuple[str, ...]:
    """The stale values a page may show with an earlier date (module docstring)."""
    return totals.earlier(fact) if totals.cumulative(fact.kind) else fact.stale


def _key(fact: Fact) -> Key:
    """The fact a value is of: subject, attribute and, for a changing attribute, the moment it holds at. A
    price quoted inside a session holds at its minute (US/Eastern), not all day: two questions asking WARE's
    price at 10:05 and at 14:40 of one day have two right answers ($17.01 and $17.10 on the full world's
    4,409 questions), not a conflict that stops the build."""
    dated = not fact.kind.startswith("rel:") and KINDS[fact.kind].dynamism != "static"
    subject = fact.subject
    when = f"{fact.as_of} {fact.minute}".strip() if dated else ""
    return subject.domain, subject.entity_id or subject.name, fact.kind, when


def conflicting_values(questions: list[Question]) -> dict[Key, set[str]]:
    """Per subject, attribute (and date for changing ones): every value some question's fact gives."""
    out: dict[Key, set[str]] = defaultdict(set)
    for q in questions:
        for fact in q.facts:
            if not fact.kind.startswith("rel:"):  # a relation may hold many values (cast, members)
                out[_key(fact)].add(fact.value)
    return out


def _checkable(value: str) -> bool:
    """Long enough to find in text without chance matches (a bare "5" is on any page)."""
    return len(value) >= 4 and (any(c.isalpha() for c in value) or len(value) >= 6)


def check_gold(q: Question, gold: list[PageSpec], values: dict[Key, set[str]]) -> None:
    """Fail when an answer page of `q` names a fact's subject and states another value of that fact."""
    for fact in q.facts:
        others = {
            v
            for v in values.get(_key(fact), set())
            if v.lower() != fact.value.lower() and v not in fact.alts and _checkable(v)
        }
        if not others:
            continue
        for spec in gold:
            text = specs.text_of(spec, even_empty=True)
            if fact.subject.name not in text:
                continue
            for v in others:
                if re.search(rf"(?<![\w.]){re.escape(v)}(?![\w]|\.\d)", text):
                    raise ConsistencyError(
                        f"{q.interaction_id}: answer page {spec['url']} states {v!r} for {fact.subject.name}"
                        f" ({fact.kind}), whose value is {fact.value!r}"
                    )


# What a reader drops when matching a name: a leading article, a "(disambiguation)" tag and the listing of a
# security ("Hull Inc. Common Shares" and "Hull Inc. Warrant" are one issuer to a reader of an EPS figure).
_LISTING = re.compile(
    r"\s+(?:class [a-c]\s+)?(?:common stock|common shares|ordinary shares|american depositary shares"
    r"|warrants?|units?|rights?|depositary shares.*|\S+% .*)$"
)


# A type tag a look-alike's name carries ("Fire Ghosts (group)", "Ture Weston (politician)"): a reader takes
# the tagged name for the bare one, so a page giving it values of its own read ambiguous (g17 reader)
_TAG = re.compile(
    r"\s*\((?:disambiguation|singer|musician|actor|footballer|politician|band|group|album|song|"
    r"(?:\d{4} )?film|soundtrack|tv series|city|novel|ship)\)$"
)


def name_key(name: str) -> str:
    key = _TAG.sub("", name.lower().strip())
    key = _LISTING.sub("", re.sub(r"^the\s+", "", key))
    return re.sub(r"[^a-z0-9]+", " ", key).strip()


def _edits(a: str, b: str) -> int:
    """Levenshtein distance (names are short)."""
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


@functools.lru_cache(maxsize=65536)  # asked per look-alike of every answer and topical page: names recur
def indistinct(name: str, other: str) -> bool:
    """Whether a reader would take `name` for `other`: the same words but for an article, a disambiguation
    tag or a security's listing, within two typos (a swapped or dropped letter), or one holding the other's
    whole name after a comma ("West Larkford City, West Larkford" states its area in a sentence a reader
    takes for West Larkford's)."""
    a, b = name_key(name), name_key(other)
    if a == b or _comma_part(name, b) or _comma_part(other, a):
        return True
    if _DOUBLED.sub(r"\1", a) == _DOUBLED.sub(r"\1", b):  # "East East Thornbrook" (g25's contradiction scan)
        return True
    # with the article too: "Tghe Season's Tempest" is a typo of "The Season's Tempest" (g16 reader)
    pairs = ((a, b), (_words(name), _words(other)))
    if any(min(len(x), len(y)) >= 5 and abs(len(x) - len(y)) <= 2 and _edits(x, y) <= 2 for x, y in pairs):
        return True
    return _typo_core(_CORP_TAIL.sub("", a), _CORP_TAIL.sub("", b))


# a company's legal tail: "Cyella Inc." beside "Cyrella Corp." reads as a typo of it (g24 reader: "Cyella
# Inc."/"Cryella Inc." with their own parents on Cyrella Corp.'s answer page; "Asex"/"Astex", "Lett"/"Letter")
_CORP_TAIL = re.compile(
    r"(?:\s+(?:inc|corp|corporation|co|company|group|holdings|ltd|plc|llc|sa|ag|nv|industries|partners))+$"
)


def _typo_core(x: str, y: str) -> bool:
    """Whether two different names' cores (no legal tail) are one letter or one swap apart, or one is the
    other with up to two letters cut off its end, each four letters or more."""
    if x == y or min(len(x), len(y)) < 4:
        return False
    short, long_ = sorted((x, y), key=len)
    swapped = len(x) == len(y) and [i for i, (p, q) in enumerate(zip(x, y, strict=True)) if p != q]
    if swapped and len(swapped) == 2 and swapped[1] == swapped[0] + 1 and sorted(x) == sorted(y):
        return True  # two letters swapped: "Cryella" for "Cyrella"
    return _edits(x, y) <= 1 or (long_.startswith(short) and len(long_) - len(short) <= 2)


_DOUBLED = re.compile(r"\b(\w+)(?: \1\b)+")  # a word said twice in a row


def _words(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", name.lower()).strip()


def told_apart(lookalike: str, subject: str) -> bool:
    """Whether a look-alike may carry values of its own: a reader tells it from the subject, and it is not
    a disambiguation entry (which lists names and has no runtime or CEO)."""
    return "(disambiguation)" not in lookalike and not indistinct(lookalike, subject)


# words a name may add to another without telling it apart to a reader, and the tails that do (a sequel)
_FILLER_WORDS = frozenset({"the", "of", "a", "an", "and", "in", "on"})
_SEQUEL_WORDS = frozenset({"ii", "iii", "iv", "2", "3", "part", "two", "returns", "reloaded", "redux"})


@functools.lru_cache(maxsize=65536)
def holds_name(lookalike: str, name: str) -> bool:
    """Whether `lookalike` holds every word of `name` (a subject's name or the short name a question uses):
    a reader asked about "peñanares" takes "AD Peñanares" for it, "reilly" "Reilly Frontier", "Return of the
    Wave" "Return Rebel the Wave" (the g20 reader's two ambiguous questions). A sequel ("Silent Voyage II")
    is told apart."""
    own = set(_words(name_key(lookalike)).split()) - _FILLER_WORDS
    theirs = set(_words(name_key(name)).split()) - _FILLER_WORDS
    if not theirs or not theirs <= own or own == theirs:
        return False
    return not own - theirs <= _SEQUEL_WORDS


def shares_name(lookalike: str, names: Iterable[str]) -> bool:
    """Whether `lookalike` holds any of `names` (`holds_name`) or is built from one (`built_from`)."""
    return any(holds_name(lookalike, n) or built_from(lookalike, n) for n in names)


@functools.lru_cache(maxsize=65536)  # asked per look-alike of every page's question: names recur
def built_from(name: str, subject: str) -> bool:
    """Whether `name` is the subject's own name cut or respelt, which a reader takes for the subject: a short
    form ("Machines" for "Lord of the Machines", "Rousseau"), an initial ("L. Rousseau", "Louis K.
    Rousseau"), a hyphenated token ("Elis-Abeth"), or within two typos (g18 reader: a rival "L. Rousseau"
    born in 1970 on ranks 1 and 3, "Machines" grossing $624.0m beside the gold's $1.00bn). A namesake with
    another first name ("Karen Rousseau") or a sequel ("Lord of the Machines II") is told apart."""
    if indistinct(name, subject):
        return True
    own, theirs = _words(name).split(), _words(subject).split()
    if not own or not theirs:
        return False
    if set(own) < set(theirs) or own == theirs:
        return True
    if (
        any(len(t) == 1 for t in own)
        and [t for t in own if len(t) > 1]
        and all(len(t) == 1 or t in theirs for t in own)
    ):
        return True  # initials beside the subject's own words
    joined = "".join(theirs)  # "Elis-Abeth", "Eli-Eli" from "Elisabeth"
    parts = [p for t in name.lower().split() if "-" in t for p in t.split("-") if len(p) >= 2]
    return any(p in joined for p in parts)


def _comma_part(name: str, key: str) -> bool:
    """Whether a part of `name` between commas is, as a reader matches names, the name whose key is `key`."""
    return "," in name and any(name_key(part) == key for part in name.split(","))


def rival_claim(q: Question, piece: Piece) -> str:
    """Why `piece`, on an answer page of `q`, contradicts an asked value ('' when it does not)."""
    if piece.claim is None:
        return ""
    name, kind, value, dated = piece.claim
    if any(f.subject.name == name and f.kind == kind and f.value == value for f in q.facts):
        return ""  # another asked subject's own value ("Parker Technologies" beside "Barker Technologies")
    group = group_of(q)
    members = {s.name for s in q.subjects[1:]} if group is not None else set()
    for fact in q.facts:
        if fact.kind != kind or kind.startswith("rel:"):
            continue  # relations may hold many values (cast, members)
        if value.lower() == fact.value.lower() or value in fact.alts:
            continue
        # a row or list item names no subject ("Length (min) | 95"): a reader takes it for the page's own
        own = name == fact.subject.name or piece.how in ("row", "item")
        if own and dated and value in older_values(fact):
            continue  # the subject's own history, with its date
        if own or indistinct(name, fact.subject.name):
            return f"{name!r} {kind} = {value!r}, but {fact.subject.name!r} has {fact.value!r}"
        if group is not None and name not in members:
            return f"{name!r} {kind} = {value!r} on the page of the set {group.name!r}, not a member"
    return ""


def check_claims(q: Question, pieces: Iterable[Piece]) -> None:
    """Fail when a statement on an answer page of `q` rivals an asked value (module docstring: Claims)."""
    for piece in pieces:
        why = rival_claim(q, piece)
        if why:
            raise ConsistencyError(f"{q.interaction_id}: an answer page states {why}")
