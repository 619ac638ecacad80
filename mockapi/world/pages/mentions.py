"""How prose names its subject again ("the in-form club", "the museum") and who else a clause names ({o})."""

from __future__ import annotations

import random
import re
import zlib

from mockapi.world.questions.kinds import lived_in

# How prose refers back to a subject: "the" + an epithet + a noun, so the reference itself varies.
_NOUNS = {
    "company": (
        "[mid-sized|listed|debt-laden|family-run|fast-growing|cash-rich|sprawling|lean|older|"
        "acquisitive|] [company|firm|group|business]"
    ),
    "team": "[young|injury-hit|in-form|struggling|rebuilding|veteran|streaky|depleted|] "
    "[team|club|side|squad]",
    "player": "[veteran|young|former|injured|in-form|] [player|starter]",
    "song": "[catchy|slow|upbeat|moody|breezy|brooding|brassy|] [song|single|track|tune]",
    "artist": "[singer|artist|musician|performer|songwriter|headliner]",
    "band": "[band|group|act|outfit]",
    # no genre, year or size: each mention drew its own, so one film was "the 1997 release" and "the 2023
    # comedy" on one page, and a four-piece "the trio" (issue 31's naturalness read)
    "movie": "[film|movie|picture|feature]",
    # a director or an actor alike: "the actor" of a director read wrong (g32 reader)
    "film_person": "[screen|film|] [veteran|figure|name]",
}
_PLACE_NOUNS = (
    ("University", "[university|campus|school]"), ("Park", "[park|reserve]"), ("Museum", "[museum|gallery]"),
    ("Lake", "[lake|shore|waterfront]"), ("Institute", "[institute|campus]"), ("Garden", "[garden|grounds]"),
)  # fmt: skip


# an epithet alternation, then the noun's: "[young|in-form|] [team|club]"
_EPITHET = re.compile(r"\[([^\[\]]*)\] (\[[^\[\]]*\])$")


def noun(name: str, kind: str, rng: random.Random) -> tuple[str, ...]:
    """How a page refers back to its subject: one epithet for the whole page (each mention drew its own, so
    one page called a club "in-form" and "struggling": the reader's g14 count, 10.4 % of pages), the noun
    still varies."""
    if kind == "concept":
        return ("the [idea|theory|concept]",)
    if kind == "topic":
        if lived_in(name):  # a settlement: "The site is fullest in December" of Thornview (g29)
            return ("the county",) if name.endswith("County") else ("the town",)
        return tuple(f"the {noun}" for word, noun in _PLACE_NOUNS if word in name) or ("the [site|place]",)
    if kind not in _NOUNS:
        return ()
    found = _EPITHET.match(_NOUNS[kind])
    if found is None:
        return (f"the {_NOUNS[kind]}",)
    epithet = rng.choice(found[1].split("|"))
    return (f"the {epithet} {found[2]}" if epithet else f"the {found[2]}",)


# Who {o} is when the page names no one but its subject: "festival organisers booked the singer with Eric
# Young" on Eric Young's page (self-pairing on 7.5 of 100 g21 rank-1 pages)
_PERFORMERS = ("a local band", "a tribute act", "a college choir", "a session singer", "a bar band")
_ACTS = ("another act", "a touring act", "a younger singer", "a veteran band", "a support act", "a local duo")
# several, picked by the name (no draw: the page's other sentences keep their draws): one phrase for every
# subject made "feature alongside an older film" a stock run on 0.3 of films' prose (bar 0.25)
_NO_OTHER = {
    "movie": ("an older film", "the studio's last western", "two silent classics", "a restored noir",
              "a cult thriller", "the festival's opener"),
    "song": _ACTS, "artist": _ACTS, "band": _ACTS,
}  # fmt: skip


# kinds whose prose may name its subject by the surname alone, as news copy does after the first mention: a
# person's page was ~40 sentences each opening with the full name, so one director's pages repeated its few
# clause frames (the audit's top frame share of rel:director 0.462, bar 0.40; reader: "Spencer Jones ...
# Spencer Jones ..." on every line)
_BY_SURNAME = frozenset({"film_person", "music_person", "person", "player"})
_PERSON_NAME = re.compile(r"[A-Z][a-z]+(?:[ -][A-Z][a-z]+)* (?P<last>[A-Z][a-z][A-Za-z'-]+)")


def surname(name: str, kind: str) -> str:
    """`name`'s surname when its kind's prose may call it so ("Jones" for Spencer Jones), else ''."""
    if kind not in _BY_SURNAME:
        return ""
    found = _PERSON_NAME.fullmatch(name)
    return found["last"] if found is not None else ""


def other(rng: random.Random, pool: tuple[str, ...], name: str, kind: str) -> str:
    """Another name than the sentence's subject."""
    # nor the name with or without its article: "A double bill with Burning River revived The Burning River"
    # paired a work with itself (g23 reader: self-pairing on 12.5 of 100 rank-1 pages)
    others = [o for o in pool if o.removeprefix("The ") != name.removeprefix("The ")]
    if kind == "song" or not others:  # a song's others are titles: "a cover of X by Hollow Lanterns" (g21)
        if kind == "song":
            return rng.choice(_PERFORMERS)
        choices = _NO_OTHER.get(kind, ("a rival",))
        return choices[zlib.crc32(name.encode()) % len(choices)]
    return rng.choice(others)
