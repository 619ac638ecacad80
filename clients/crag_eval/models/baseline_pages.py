"""Extractive answers from the served pages for the `baseline` model.

Pages name the subject with its capitalisation (queries are lower-case), state values in a handful of
shapes ("$12.30", "March 3, 2001", "Jane Doe"), date what changes ("As of March 4, 2024, …") and are full of
look-alike entities ("LADY GAGA", "Lady Gaga (singer)", "The Lady Gaga Club") with other values. So:
1. the subject's canonical surface form is the spelling most pages use (topical pages repeat it);
2. a sentence counts only if it names exactly that form, with no name-like word glued on either side;
3. the value is the span of the asked type, from sentences that share most relation words with the query;
4. changing attributes take the latest dated statement on or before the day asked; static ones a vote.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from dataclasses import dataclass

from crag_client.html import page_text, split_sentences

from crag_eval.judges.text import dates
from crag_eval.models.baseline_query import Attr

_WORD = re.compile(r"[a-z0-9]+")
_AS_OF = re.compile(r"^As of ([A-Z][a-z]+ \d{1,2}, \d{4}), ")
_MONEY = re.compile(r"\$\d[\d,]*(?:\.\d+)?(?: (?:thousand|million|billion|trillion))?")
_NUMBER = re.compile(r"(?<![\w.$])\d[\d,]*(?:\.\d+)?(?![\w])")
_SCORE = re.compile(r"\b(\d{1,3}) ?[-–] ?(\d{1,3})\b")
_YEAR = re.compile(r"\b(1[6-9]\d\d|20\d\d)\b")
_CAP = r"[A-Z0-9][\w'’.&-]*"
_PARTICLE = r"(?:of|de|da|del|der|van|von|la|le|the|and|y|di|du|on|in|at|for|a|to)"
_NAME_RUN = re.compile(rf"{_CAP}(?:\s+(?:{_PARTICLE}\s+)*{_CAP})*")
_PLACE_RUN = re.compile(rf"{_CAP}(?:(?:\s+|, )(?:{_PARTICLE}\s+)*{_CAP})*")
_MONTHS = "January February March April May June July August September October November December"
_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "by",
        "with",
        "from",
        "and",
        "or",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "what",
        "which",
        "who",
        "whom",
        "whose",
        "when",
        "where",
        "why",
        "how",
        "many",
        "much",
        "does",
        "do",
        "did",
        "has",
        "have",
        "had",
        "it",
        "its",
        "this",
        "that",
        "as",
        "than",
        "their",
        "his",
        "her",
        "they",
        "he",
        "she",
        "current",
        "currently",
        "latest",
        "most",
        "recent",
        "today",
        "yesterday",
        "now",
        "ever",
    ]
)
# relation words of the query that pages say differently ("price" is "trading at", "gross" is "took")
_SYNONYMS = {
    "price": ("trading",),
    "traded": ("changed", "hands"),
    "ceo": ("chief", "executive"),
    "founded": ("founded",),
    "audience": ("rating",),
    "starred": ("stars",),
    "play": ("faced",),
    "opponent": ("faced",),
    "visiting": ("visitors", "counter"),
    "position": ("no",),
    "spent": ("weeks",),
    "oscar": ("academy", "awards"),
    "win": ("won",),
    "movie": ("film",),
    "cast": ("stars",),
    "albums": ("discography",),
    "won": ("win",),
    "country": ("comes",),
    "located": ("located",),
}


@dataclass(frozen=True)
class Statement:
    """One sentence of one page, with the date it is stated as of (None when undated)."""

    page: int
    text: str
    as_of: dt.date | None


def page_sentences(pages: list[dict[str, object]]) -> list[list[str]]:
    """Per page, its visible text cut into sentences (the cost of a question is here: 50 HTML pages)."""
    out = []
    for page in pages:
        html = page.get("page_result")
        text = page_text(html) if isinstance(html, (str, bytes)) else ""
        out.append([text[a:b] for a, b in split_sentences(text) if b - a < 600])
    return out


def stems(text: str) -> set[str]:
    return {w[:5] for w in _WORD.findall(text.lower()) if w not in _STOP}


def canonical(name: str, pages: list[list[str]]) -> str | None:
    """The spelling of `name` most sentences use (case-sensitive), or None when no page names it."""
    pattern = re.compile(rf"(?<![\w]){re.escape(name)}(?![\w])", re.I)
    seen: Counter[str] = Counter()
    for sentences in pages:
        for s in sentences:
            seen.update(m.group(0) for m in pattern.finditer(s))
    if not seen:
        return None
    # an all-capitals spelling is a look-alike ("LADY GAGA") unless nothing else is seen
    ranked = sorted(seen.items(), key=lambda kv: (kv[0].isupper() and not kv[0].islower(), -kv[1]))
    return ranked[0][0]


def mentions(sentence: str, surface: str) -> list[tuple[int, int]]:
    """Spans where the sentence names exactly `surface`: no name-like word, qualifier or mark glued on."""
    out = []
    for m in re.finditer(rf"(?<![\w.]){re.escape(surface)}(?![\w])", sentence):
        before, after = sentence[: m.start()], sentence[m.end() :]
        if re.search(r"(?:[A-Z][\w'.-]*|[A-Z][\w'.-]* of|\b[Tt]he) $", before):
            continue  # "The X", "East X", "University of X" (but "The members of X" is fine)
        glued = r"(?: \(| [A-Z0-9]|, [A-Z][a-z]+(?: [A-Z][a-z]+)? (?:is|was|has|covers)|[!?'’]\w?)"
        if re.match(glued, after) and not re.match(r"['’]s\b", after):
            continue  # "X (band)", "X II", "X Holdings", "X, Ohio is …", "X!"
        out.append((m.start(), m.end()))
    return out


def statements(subject: str, pages: list[list[str]]) -> tuple[str | None, list[Statement]]:
    """The canonical form of `subject` and every sentence that names it exactly."""
    surface = canonical(subject, pages)
    if surface is None:
        return None, []
    out = []
    for i, sentences in enumerate(pages):
        for s in sentences:
            if not mentions(s, surface):
                continue
            as_of = None
            if m := _AS_OF.match(s):
                found = dates(m.group(1))
                as_of = dt.date(*found[0]) if found and found[0][2] else None
                s = s[m.end() :]
            out.append(Statement(i, s, as_of))
    return surface, out


def _strip(sentence: str, surface: str) -> str:
    return sentence.replace(surface, " \x00 ")


def typed_value(text: str, vtype: str, surface: str) -> str | None:
    """The span of `text` with the asked type, the subject's own words left out."""
    rest = _strip(text, surface)
    if vtype in ("money", "bigmoney"):
        m = _MONEY.search(rest)
        return m.group(0) if m else None
    if vtype == "date":
        found = dates(rest)
        if len(found) == 1 and found[0][2]:
            y, mo, d = found[0]
            return f"{_MONTHS.split()[mo - 1]} {d}, {y}"
        return None
    if vtype == "year":
        years = _YEAR.findall(rest)
        return years[0] if len(set(years)) == 1 else None
    if vtype == "score":
        m = _SCORE.search(rest)
        return f"{m.group(1)}-{m.group(2)}" if m else None
    if vtype in ("number", "decimal"):
        nums = [n for n in _NUMBER.findall(rest) if not _YEAR.fullmatch(n)]
        return nums[0] if len(nums) == 1 else None
    if vtype == "list":
        return _list(rest)
    runs = _runs(rest, _PLACE_RUN if vtype == "place" else _NAME_RUN)
    return runs[0] if len(runs) == 1 else None


def _runs(rest: str, pattern: re.Pattern[str]) -> list[str]:
    """Capitalised runs, without a sentence-initial function word ('The members …') or number-only runs."""
    out = []
    for m in pattern.finditer(rest):
        run = m.group(0).rstrip(".,")
        if not rest[: m.start()].strip():
            first, _, tail = run.partition(" ")
            if first in ("The", "A", "An", "As", "This", "These", "Notable", "Here", "Readers", "It", "In"):
                run = tail if tail[:1].isupper() else ""
        if run and not run.replace(",", "").replace(".", "").isdigit():
            out.append(run)
    return out


def _list(rest: str) -> str | None:
    """'A, B and C' after the subject: the items as the answer lists them."""
    tail = rest.split("\x00", 1)[-1]
    item = rf"{_CAP}(?: (?:{_PARTICLE} )*{_CAP})*"
    # the list follows a verb or preposition ("… are A, B and C"), not a title's "Facts, Seasons & More"
    m = re.search(rf"\b[a-z]{{2,}} ({item}(?:(?:, | and |, and ){item})+)", tail)
    if not m:
        return None
    items = [i.strip() for i in re.split(r", and |, | and ", m.group(1).rstrip(".")) if i.strip()]
    if len(items) < 2:
        return None
    return f"{', '.join(items[:-1])} and {items[-1]}"


# Attributes that change daily or weekly: a statement more than this many days old is a stale copy.
_FRESH = {"fin.price", "fin.close", "fin.volume", "sp.last_score", "sp.last_opponent", "sp.last_points"}
_FRESH |= {"sp.lineup", "mu.rank", "mu.rank_now", "mv.weekend", "op.visitors"}
FRESH_DAYS = 10


def find_value(
    attr: Attr, query: str, subject: str, pages: list[list[str]], day: dt.date, exact_day: bool = False
) -> str | None:
    """The value of `attr` for `subject` the pages agree on, or None. With `exact_day` (the question
    names its date) a changing value must be stated as of that very day."""
    surface, found = statements(subject, pages)
    if surface is None:
        return None
    wanted = stems(query) - stems(subject)
    for word, extra in _SYNONYMS.items():
        if word[:5] in wanted:
            wanted |= {e[:5] for e in extra}
    scored: list[tuple[int, Statement, str]] = []
    for st in found:
        if attr.dynamic and (st.as_of is None or st.as_of > day):
            continue  # a changing value needs a date; look-alike pages state theirs undated
        if attr.dynamic and st.as_of and (exact_day and st.as_of != day):
            continue
        if attr.key in _FRESH and st.as_of and (day - st.as_of).days > FRESH_DAYS:
            continue
        value = typed_value(st.text, attr.vtype, surface)
        if value is None:
            continue
        overlap = len(wanted & (stems(st.text) - stems(surface)))
        if overlap:
            scored.append((overlap, st, value))
    if not scored:
        return None
    best = max(o for o, _, _ in scored)
    top = [(st, v) for o, st, v in scored if o == best]
    if attr.dynamic:
        latest = max(st.as_of for st, _ in top if st.as_of)
        top = [(st, v) for st, v in top if st.as_of == latest]
    votes = Counter(v.lower() for _, v in top)
    ranked = votes.most_common(2)
    if len(ranked) > 1 and ranked[1][1] * 2 > ranked[0][1]:
        return None  # the pages disagree and no clear majority: a wrong answer costs more than none
    return ranked[0][0]


def find_bridge(hop: str, subject: str, pages: list[list[str]]) -> str | None:
    """The entity a two-hop question passes through: 'The director of X is Y' gives Y (canonical case)."""
    surface, found = statements(subject, pages)
    if surface is None:
        return None
    votes: Counter[str] = Counter()
    for st in found:
        rest = _strip(st.text, surface)
        m = re.search(rf"\b{re.escape(hop)} of\s+\x00\s+(?:is|was|are) ({_PLACE_RUN.pattern})", rest, re.I)
        if m:
            votes[m.group(1).rstrip(".")] += 1
    ranked = votes.most_common(2)
    if not ranked or (len(ranked) > 1 and ranked[1][1] == ranked[0][1]):
        return None
    return ranked[0][0]
