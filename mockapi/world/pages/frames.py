"""Sentence frames that state a fact on a page, in many shapes: sentences (active, inverted, relative clause,
two sentences joined by a pronoun, FAQ), table and infobox rows, list items, quotes and captions.

Frames belong to a family: `core` (both splits), `dev` or `test` (one split only), so a test world states
facts in frames a dev-tuned reader never saw. Slots: {s} subject, {v} value, {l} label, {say} the kind's own
clause, {src} a source, {d} a date phrase, {its} a possessive for the subject ("its", "the band's").
"""

from __future__ import annotations

import random
from dataclasses import dataclass

# (family, frame). Sentences end with a period added by `_finish` unless they end in ? or ).
PLAIN: tuple[tuple[str, str], ...] = (
    ("core", "{say}"),
    ("core", "The {l} of {s} is {v}"),
    ("core", "{v} is the {l} of {s}, according to {src}"),
    ("core", "{s}, whose {l} is {v}, {tail}"),
    ("core", "With a {l} of {v}, {s} {tail}"),
    ("core", "{s} {intro}. Its {l}? {v}, according to {src}"),
    ("core", "{s} {intro}. {Its} {l} is {v}"),
    ("core", "According to {src}, {say}"),
    ("dev", "What is the {l} of {s}? It is {v}"),
    ("dev", "For the record, {say}"),
    ("dev", "{s} lists {v} as {its} {l}"),
    ("test", "Records show that {say}"),
    ("test", "The figure most people look for is the {l}: for {s}, that is {v}"),
    ("test", "{v} — that is the {l} {src} gives for {s}"),
)
DATED: tuple[tuple[str, str], ...] = (
    ("core", "As of {d}, {say}"),
    ("core", "On {d}, {say}"),
    ("core", "{say} ({d})"),
    ("core", "The {l} of {s} was {v} as of {d}"),
    ("core", "{s} {intro}. As of {d}, {its} {l} stood at {v}"),
    ("core", "Updated {d}: {say}"),
    ("dev", "{src} put the {l} of {s} at {v} on {d}"),
    ("dev", "By {d}, {say}"),
    ("test", "In data published {d}, {say}"),
    ("test", "{s} {intro}. The latest reading ({d}) gives {its} {l} as {v}"),
)
QUOTES: tuple[tuple[str, str], ...] = (
    ("core", "Everyone keeps asking me about {s}. The {l} is {v}, end of story."),
    ("core", "People forget that {say}."),
    ("dev", "If you want the short version: {l}, {v}."),
    ("test", "I checked this myself: {say}."),
)
CAPTIONS: tuple[tuple[str, str], ...] = (
    ("core", "{s} ({l}: {v})"),
    ("core", "Pictured: {s}. {L}: {v}."),
    ("dev", "File photo of {s}; {l} {v}."),
    ("test", "{s} — {l} {v} (photo: archive)"),
)
ITEMS = ("{L}: {v}", "{L} — {v}", "{v} ({l})")
SOURCES = (
    "company filings",
    "the official site",
    "league records",
    "our database",
    "public records",
    "the latest figures",
    "data compiled by our staff",
    "several reports",
    "an official statement",
)
INTROS = (
    "has been in the news lately",
    "keeps coming up in reader questions",
    "is worth a closer look",
    "drew fresh attention this month",
    "has a long and interesting history",
    "is often compared with its peers",
)
TAILS = (
    "remains a frequent topic of discussion",
    "stands out among its peers",
    "continues to draw attention",
    "is a name many readers will recognise",
    "has kept analysts and fans busy",
)
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
    "country": ("origin", "home country"),
    "release date": ("released", "premiere date"),
    "worldwide gross": ("global box office", "box office (worldwide)"),
    "weekend gross": ("opening-weekend take", "weekend box office"),
    "budget": ("production budget", "estimated budget"),
    "runtime": ("running time", "length (min)"),
    "rating": ("audience score", "user rating"),
    "oscar wins": ("Academy Awards", "Oscars won"),
    "founding year": ("established", "founded"),
    "location": ("address", "located in"),
    "population": ("inhabitants", "population (est.)"),
    "area": ("area (km²)", "total area"),
}


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


def allowed(frames: tuple[tuple[str, str], ...], split: str) -> list[str]:
    """Frames of the shared core and of `split`'s own family."""
    return [f for family, f in frames if family in ("core", split)]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _finish(text: str) -> str:
    text = _cap(text.strip())
    return text if text[-1:] in ".?!)" else text + "."


def fill(frame: str, slots: dict[str, str], rng: random.Random) -> str:
    """A frame with its slots filled (sentence starts capitalised)."""
    its = slots.get("its", "its")
    text = frame.format(
        **slots,
        src=rng.choice(SOURCES),
        intro=rng.choice(INTROS),
        tail=rng.choice(TAILS),
        Its=_cap(its),
        L=_cap(slots["l"]),
    )
    return ". ".join(_cap(part) for part in text.split(". "))


def possessive(subject_kind: str) -> str:
    """How a follow-up sentence refers back to the subject ("its", "the band's")."""
    return _POSSESSIVE.get(subject_kind, "its")


def sentence(frame: str, slots: dict[str, str], rng: random.Random) -> str:
    """A frame filled and punctuated."""
    return _finish(fill(frame, slots, rng))
