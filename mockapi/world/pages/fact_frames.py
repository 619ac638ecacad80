"""Sentence frames that state a fact on a page, in many shapes: sentences (active, inverted, relative clause,
two sentences joined by a pronoun, FAQ), table and infobox rows, list items, quotes and captions.

Frames belong to a family: `core` (dev and test), `dev`, `test` or `train` (one split only), so a test world
states facts in frames a dev-tuned reader never saw, and a train world (`allowed`) only in rows of its own,
written in its own words: dev and test keep every core row (taking half of them for train concentrated a
kind's facts on fewer frames: audit, top frame share 0.21 -> 0.46).
Slots: {s} subject, {v} value, {l} label, {say} the kind's own clause, {src} a source, {d} a date phrase,
{its} a possessive for the subject ("its", "the band's").
"""

from __future__ import annotations

import itertools
import random
import re
from dataclasses import dataclass
from typing import Any

from mockapi.world.pages import grammar
from mockapi.world.pages.synonyms import articles

# (family, frame): grammar templates (`grammar`: [a|b] alternatives, {slot}s). Sentences end with a period
# added by `_finish` unless they end in ? or ). {intro} is a clause of the subject's own prose (`prose`),
# {src} a source named in many ways, so no frame leaves a fixed run of five words.
PLAIN: tuple[tuple[str, str], ...] = (
    ("core", "{say}"),
    ("core", "The {l} of {s} [{is}|{is} listed as|{is} given as] {v}"),
    ("core", "{v} {is} the {l} of {s}[, according to {src}|, {src} says|]"),
    ("core", "{intro}[, and|. For the record,|. Separately,] {its} {l} {is} {v}"),
    ("core", "{intro}. {Its} {l} {is} {v}[, according to {src}|]"),
    ("core", "[According to|Going by|Per] {src}, {say}"),
    ("core", "[For|As for] {s}, the {l} {is} {v}"),
    ("dev", "[The listed|The recorded|The reported] {l} [of|for] {s} {is} {v}"),
    ("dev", "[The profile of|The official listing for|The entry for] {s} [lists|gives|shows] {v} as the {l}"),
    ("test", "[Records|Figures] [from|kept by] {src} show that {say}"),
    ("test", "{v}[ —|:] [that is|such is] the {l} {src} [gives|reports] for {s}"),
    ("train", "[On file|On record], the {l} [for|of] {s} [reads|stands as] {v}"),
    ("train", "Looking at {s}, [one finds|we find] {v} [for|as] the {l}"),
    ("train", "{intro}; {its} {l}[, for reference,|] {is} {v}"),
    # No colon nor question mark in a train sentence row (dev's have none): an answer page holds more
    # statements than the rest, and train's colons (1.46 a gold page against 1.01; dev 0.89 / 0.78) and
    # "What about its rating?" were form (a)'s leading features on the 5,000 train world (0.701).
    # Every run of five words a train row writes crosses a slot (names, values, labels, dates), as the core
    # rows: "and you will see that", "detail worth keeping in mind" and "written down in plain terms" were
    # fixed runs on the pages of 12+ of 120 questions (the audit's stock 5-grams, 0.064 on a train world)
    ("train", "[Check|Consult] the [listing|file|record] [for|on] {s} and [find|see] {v} as the {l}"),
    # train as many rows as dev (issue 34: a train world's top frame share 0.53-0.63 against the bar's 0.40)
    ("train", "[One|A] [detail|point] [on|about] {s} [worth keeping|to keep] in mind — {v} {is} the {l}"),
    ("train", "[Whoever|Anyone who] [asks|wonders] [about|after] {its} {l} [gets|will get|hears] {v}"),
    ("train", "[Ask|Look] [into|around] {s} and the {l} [turns out to be|comes back as] {v}"),
    ("train", "[In plain terms|Plainly put|Put plainly], the {l} [of|for] {s} {is} {v}"),
    ("train", "{intro}. [Then there is|There is also] {its} {l}, [namely|that is] {v}"),
)
DATED: tuple[tuple[str, str], ...] = (
    ("core", "[As of|On|By|Through|At the close on] {d}, {say}"),
    ("core", "{say} [({d})|, {src} said on {d}|, per a {d} update]"),
    ("core", "The {l} of {s} {was_at} {v} [as of|on|by] {d}"),
    ("core", "{intro}. [As of|On|By] {d}, {its} {l} {was_at} {v}"),
    ("core", "[Updated|Last checked|Refreshed] {d}: {say}"),
    ("dev", "{src} [reported|listed|gave] the {l} of {s} as {v} [on|as of|in a note dated] {d}"),
    ("test", "[In data published|In a release dated|In an update on] {d}, {say}"),
    ("test", "{intro}. The [latest|newest|most recent] [update|listing|entry] ({d}) gives {its} {l} as {v}"),
    ("train", "[A check on|A look on] {d} [found|showed] that {say}"),
    ("train", "{say}, [going by|based on|judging by] [figures|numbers|data] [from|of] {d}"),
    # a date ends in its year (2023 or 2024): "2024 one note gives the" was a stock 5-gram (2,000 train world)
    ("train", "Dated {d}, {its} [note|record|entry] [gives|lists] {v} as the {l}"),
    ("train", "[Come|When it came to] {d}, the {l} [tied to|linked to] {s} {was_at} {v}"),
    ("train", "{intro}. [Going into|Heading into] {d}, {its} {l} {was_at} {v}"),
    ("train", "[Taken|Read] [off|from] {its} [record|listing|file] [of|for] {d}: {say}"),
)
QUOTES: tuple[tuple[str, str], ...] = (
    ("core", "[For what it is worth|Worth noting], {say}."),
    ("core", "[People forget|Do not forget|Remember] that {say}."),
    ("dev", "If you want the short version: {l}, {v}."),
    ("test", "I [checked|looked] this [myself|up]: {say}."),
    ("train", "[Funny enough|Mind you], {say}."),
    ("train", "[Put simply|In short], {say}."),
    ("train", "[From memory|If memory serves], {say}."),
)
CAPTIONS: tuple[tuple[str, str], ...] = (
    ("core", "{s} ({l}: {v})"),
    ("core", "[Pictured|Above|Shown]: {s}. {L}: {v}."),
    ("dev", "[File photo|Archive photo] of {s}; {l} {v}."),
    ("test", "{s} — {l} {v} (photo: [archive|{person}])"),
    ("train", "[Seen here|In the frame] [is|stands] {s}, [with {l} {v}|whose {l} {is} {v}]."),
    ("train", "{s} in [an undated|a file] [image|picture] — {l} {v}"),
    ("train", "[A snapshot|A still] [featuring|showing] {s} [({l} {v})|— its {l} being {v}]"),
)
ITEMS = ("{L}: {v}", "{L} — {v}", "{v} ({l})")
# Who a statement cites: generic publications and named firms, places and people (choice points).
# Each fits any subject's fact: "the Zagreb registry" for an NBA score, "Quist Markets" for an actor's birth
# date read wrong (issue 31's naturalness read).
SOURCES = (
    "the official site", "public records", "[its|the] official [page|listing]", "its own [site|release]",
    "a [recent|published] [report|profile|summary]", "{person}, who [follows|tracks|covers] it",
    "[local|regional] [press|reporting|coverage]", "[a|one] [reference|fact] [guide|sheet]",
)  # fmt: skip
_POSSESSIVE = {
    "company": "the company's",
    "team": "the team's",
    "band": "the band's",
    "artist": "the artist's",
    "song": "the song's",
    "movie": "the film's",
    "person": "their",
    "player": "the player's",
    "topic": "its",
}


# Other names pages use for an attribute (a table row says "Share price", a sentence "stock price").
SYNONYMS = {
    "stock price": ("share price", "last price", "price per share"),
    "trading volume": ("volume", "shares traded"),
    "closing price": ("previous close", "last close"),
    "market cap": ("market capitalization", "market value"),
    "p/e ratio": ("price/earnings ratio", "P/E (TTM)"),
    "eps": ("earnings per share", "EPS (TTM)"),
    "dividend": ("dividend per share", "payout per share"),
    "ceo": ("chief executive", "chief executive officer"),
    "headquarters": ("head office", "HQ"),
    "head coach": ("coach", "manager"),
    "wins": ("win total", "victories"),
    "home venue": ("home ground", "arena", "stadium"),
    "championships": ("titles", "league titles"),
    "points per game": ("PPG", "scoring average"),
    "chart position": ("chart peak this week", "Hot 100 position"),
    "weeks on chart": ("chart run", "weeks charted"),
    "studio albums": ("albums released", "LPs"),
    "grammy wins": ("Grammy awards", "Grammys won"),
    "birth date": ("born", "date of birth"),
    "birthplace": ("place of birth", "born in", "hometown", "native of"),
    "hometown": ("home town", "origin"),
    "release date": ("released", "premiere date"),
    "worldwide gross": ("global box office", "box office (worldwide)"),
    "weekend gross": ("opening-weekend take", "weekend box office"),
    "budget": ("production budget", "estimated budget"),
    "runtime": ("running time", "length (min)"),
    "rating": ("audience score", "user rating"),
    "oscar wins": ("Academy Awards", "Oscars won"),
    "founding year": ("established", "founded"),
    # one row frame held 0.44 of a train world's rel:director facts (bar 0.40)
    "director": ("filmmaker", "film director"),  # nouns: a caption says "whose {l} is"
    "location": ("address", "located in"),
    "population": ("inhabitants", "population (est.)"),
    "area": ("area (km²)", "total area"),
}


# Value types read as amounts: a frame may say a figure "stood at" or "came to" one ("the head coach stood
# at Ann Lee" does not read).
AMOUNTS = frozenset({"money", "bigmoney", "number", "decimal"})
# Labels of a plural noun whose value is a count ("championships", "grammy wins"): a sentence says "the
# number of championships of X is 3", not "3 is the championships of X".
_NOT_PLURAL = frozenset(
    {"points per game", "eps", "headquarters", "gross", "weekend gross", "worldwide gross"}
)


# Words written lower-case in the registry (questions are lower-cased) that a page capitalises; and a count of
# one takes the singular ("1 titles", "1 grammy awards").
_PROPER = re.compile(r"\b(ceo|eps|ipo|p/e|grammys?|oscars?|academy awards?|the academy|hot 100)\b")
_PROPER_FORMS = {"ceo": "CEO", "eps": "EPS", "ipo": "IPO", "p/e": "P/E", "hot 100": "Hot 100"}
# a count noun after "1 " (at most one word between): only these lose their s ("lists 1 as the" stays)
_SINGULAR = {
    "championships": "championship", "titles": "title", "wins": "win", "awards": "award",
    "albums": "album", "victories": "victory", "grammys": "grammy", "oscars": "oscar", "lps": "lp",
    "members": "member", "weeks": "week", "games": "game", "points": "point", "goals": "goal",
}  # fmt: skip
_ONE = re.compile(r"(?<![\d.,$])\b1 ((?:[a-z]+ )?)(" + "|".join(_SINGULAR) + r")\b")


def proper(text: str) -> str:
    """`text` with registry words capitalised as pages write them, and counts of one in the singular."""
    text = _ONE.sub(lambda m: f"1 {m[1]}{_SINGULAR[m[2]]}", text) if "1 " in text else text
    return _PROPER.sub(lambda m: _PROPER_FORMS.get(m[1]) or m[1].title().replace("The ", "the "), text)


def agreement(label: str, vtype: str, rng: random.Random) -> dict[str, str]:
    """The label a sentence uses and the verbs that agree with it: `l`, `is`, `was`, `was_at`."""
    plural = label not in _NOT_PLURAL and (_head(label).endswith("s") or label == "notable people")
    if plural and vtype == "number":
        label, plural = f"number of {label}", False
    verbs = {"is": "are", "was": "were"} if plural else {"is": "is", "was": "was"}
    at = rng.choice(_AT) if vtype in AMOUNTS else verbs["was"]
    return {"l": label, **verbs, "was_at": at}


def _head(label: str) -> str:
    """A label's head noun: the word before "on", "per", "of" or "in", else the last ("oscar wins", "weeks on
    chart", "points in the last game": "129 is the points in the last game of X", g32 reader #8)."""
    words = label.split()
    cut = next((i for i, w in enumerate(words) if w in ("on", "per", "of", "in") and i), len(words))
    head = words[cut - 1]
    return "" if head.endswith("ss") else head


_AT = ("was", "came to", "was reported at", "sat at", "stood at")


def synonym(label: str, rng: random.Random, keep: float = 0.4) -> str:
    """The label itself, or another name pages use for it."""
    others = SYNONYMS.get(label)
    return label if not others or rng.random() < keep else rng.choice(others)


@dataclass(frozen=True)
class Piece:
    """One statement placed on a page: `how` is sentence | row | item | list | quote | caption | table."""

    how: str
    text: str
    label: str = ""
    value: str = ""
    rows: tuple[tuple[str, ...], ...] = ()  # a table piece: header first
    # what a statement claims: (whose, fact kind, value, dated), for the build-time consistency check
    claim: tuple[str, str, str, bool] | None = None


def allowed(frames: tuple[tuple[str, str], ...], split: str) -> list[str]:
    """Frames `split` may use, in list order: train only its own rows; dev and test the core and their own.
    A list with no train row gives train its core (none does today)."""
    if split == "train":
        own = [f for family, f in frames if family == "train"]
        return own or [f for family, f in frames if family == "core"]
    return [f for family, f in frames if family in ("core", split)]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# a name's own period and the frame's are one ("records give Mr. Jacob Dominguez as the ceo of Ardova Group
# Inc..": g29 reader #30)
_DOUBLE_STOP = re.compile(r"\b(Inc|Ltd|Co|Corp|Jr|Sr)\.\.")


def _finish(text: str) -> str:
    text = _cap(proper(text.strip()))
    return text if text[-1:] in ".?!)" else text + "."


def fill(frame: str, slots: dict[str, str], rng: random.Random) -> str:
    """A frame with its slots filled (each sentence of it starts capitalised)."""
    its = slots.get("its", "its")
    fixed = {**slots, "Its": _cap(its), "L": _cap(slots["l"])}
    table = {**_extra(), **{k: (lambda r, v=v: v) for k, v in fixed.items()}}
    table["src"] = lambda r: grammar.expand(r.choice(SOURCES), table, r)
    table.setdefault("intro", lambda r: fixed["s"])
    parts = grammar.expand(frame, table, rng).split(". ")
    # a new sentence starts after a period, not after an abbreviation ("Weber & Co. said", not "Co. Said")
    out = [_cap(parts[0])]
    out += [p if _ABBREVIATION.search(prev) else _cap(p) for prev, p in itertools.pairwise(parts)]
    return _DOUBLE_STOP.sub(r"\1.", _RELATIVE.sub(_relative, articles(". ".join(out))))


# A relative day after a word that wants a date: "per a 5 days ago update", "On yesterday", "said on last
# Friday" (g20 reader) read as "per an update 5 days ago", "Yesterday", "said last Friday"
_RELATIVE = re.compile(
    r"\b(On|on|per a|in a note dated|At the close on) (yesterday|last [A-Z]\w+|\d+ days ago)(?: update)?"
)


def _relative(m: re.Match[str]) -> str:
    if m[1] == "per a":
        return f"per an update {m[2]}"
    if m[1] == "At the close on":
        return f"At the close {m[2]}"
    if m[1] == "in a note dated":
        return f"in a note {m[2]}"
    return _cap(m[2]) if m[1] == "On" else m[2]


_ABBREVIATION = re.compile(r"\b(?:Co|Inc|Corp|Ltd|Jr|Sr|St|Mr|Mrs|Ms|Dr|No|vs|[A-Z])$")


def _extra() -> dict[str, Any]:
    from mockapi.world.pages import prose  # prose imports frames' neighbours; late import avoids a cycle

    return prose.slot_table()


def possessive(subject_kind: str) -> str:
    """How a follow-up sentence refers back to the subject ("its", "the band's")."""
    return _POSSESSIVE.get(subject_kind, "its")


def sentence(frame: str, slots: dict[str, str], rng: random.Random) -> str:
    """A frame filled and punctuated."""
    return _finish(fill(frame, slots, rng))
