"""Animated films narrated as live shoots.

The g30 and g32 readers found animated films told by a live-action production's frames ("part of Bright Summer
was shot on digital stock", a stunt double, a stand-in, "the key scenes were filmed in Salzburg": reader31
counted 773 of 984 pages about an animated film). Nobody films a drawn or computer-animated picture on
location or on stock, and it has no stunt doubles. Read as a participant reads the text, over the sentences of
every question's top-10 pages (the g26 pass): a film is animated when the KG lists it under the Animation
genre, when a page says so ("X is an animated film", "the animated feature X"), or when its name says so
("Animated films of 2007"); a sentence narrates a live shoot when it tells scenes shot, filmed or photographed
somewhere or on stock, a location shoot, sets, studio stages or a back lot, or a stunt double, body double,
stand-in, camera operator or grip of the film. The holder is the film the sentence names (the whole name:
"Bright Summer II" is not "Bright Summer"), or a back-reference ("the film", "the feature", "the picture",
"the movie") on a page whose title names it. A page that says stop-motion (filmed frame by frame on sets) is
not read. Checked: live-shoot sentences; violations: those whose holder is animated. The real fixture reads 0.
Target 0.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from mockapi.audit.data import kg_rows
from mockapi.audit.results import Read
from mockapi.audit.rules import RuleGroup, empty_rule, note
from mockapi.audit.text import sentences
from mockapi.audit.windows import CLAUSE

RULE = "animated films narrated as live shoots"
_SHOOT = re.compile(
    r"\b(?:(?:was|were|been|being|is|are|got) (?:\w+ )?(?:shot|filmed|photographed|lensed)\b(?! down| dead)"
    # a shot as a noun is no shoot: "commended the closing shot in Escape from Ashwick" (g44 draft's one case)
    r"|(?:(?<!\bthe )(?<!\ban )(?<!\ba )(?<!closing )(?<!opening )(?<!final )(?<!first )(?<!last )shot"
    r"|filmed|photographed) (?:on|in|at|near|around|across|outdoors|over|inside)\b"
    r"|\b(?:digital|film|Super 8|\d+ ?mm|celluloid|Kodak|reversal|negative) stock\b"
    r"|\bon location\b|\blocation (?:shoot|work)"
    r"|\bback ?lot\b|\bsound ?stages?\b|\bstudio stages\b|\bprincipal photography\b|\bthe shoot\b"
    r"|\b(?:stunt double|body double|stand-in|camera operator|focus puller|gaffer|grip|location scout)s?\b"
    r"|\bthe sets? (?:in|of|for|near|at)\b|\bsets (?:went up|were built)\b)",
    re.I,
)
_HINTS = ("shot", "film", "photograph", "lensed", "stock", "location", "lot", "stage", "shoot", "double",
          "stand-in", "operator", "puller", "gaffer", "grip", "scout", "set")  # fmt: skip
_BACK = re.compile(r"\b[Tt]he (?:film|feature|picture|movie)\b(?! (?:critic|writer|podcaster|festival|crew))")
_CALLED = re.compile(
    r"(?P<name>[A-Z][\w'’.:\-]*(?: [\w'’.:\-]+){0,7}?)(?:,| is| was) an? (?:\w+ )?animated "
    r"(?:film|feature|movie|picture)"
    r"|\b[Tt]he (?:\w+ )?animated (?:film|feature|movie|picture) "
    r"(?P<name2>[A-Z][\w'’.:\-]*(?: [\w'’.:\-]+){0,7}?)(?=[,.;]| (?:was|is|has|had|opened|premiered)\b)"
)
_NAMED_ANIMATED = re.compile(r"\bAnimated (?:films|features|movies)(?: of \d{4})?")
_SEP = re.compile(r" [-–—|] ")
_STOP_MOTION = re.compile(r"\bstop[- ]motion\b|\bclaymation\b", re.I)


def kg_animated(world: Path | None) -> set[str]:
    """The KG's films under the Animation genre, their titles as pages write them."""
    out = set()
    for title, doc in kg_rows(world, {"movie_movies"}, "SELECT title, doc FROM movie_movies"):
        genres = json.loads(doc).get("genres") or []
        if any(isinstance(g, dict) and g.get("name") == "Animation" for g in genres):
            out.add(title)
    return out


def _named(name: str) -> re.Pattern[str]:
    """`name` as a whole name, not the head of a longer one ("Bright Summer II", "Bright Summer: Part 2")."""
    return re.compile(rf"(?<![\w'’]){re.escape(name)}(?![\w'’]| (?:[A-Z0-9]|of |in |the |and )|: [A-Z])")


# what before a name makes it the tail of a longer one ("Rocket of the Frontier" holds the KG's look-alike
# "Frontier"): a capitalised word, then connectors; a sentence's common first word ("Part of Frontier was
# shot") is no name
_LONGER = re.compile(r"(?:^|(?<= ))(?P<word>[A-Z0-9][\w'’.\-]*):?(?: (?:of|the|from|in|and|on|to|an?|at))* $")
_OPENERS = frozenset((
    "Much", "Most", "Part", "Some", "Many", "All", "Several", "Parts", "Scenes", "Shots", "A", "An", "Two",
    "Three", "Four", "Later", "Earlier", "Early", "In", "On", "By",
))  # fmt: skip


def _subject(title: str) -> set[str]:
    """The names a page's title may be about: its parts between " | " or " - ", each also before a colon
    that opens a descriptor in lower case ("Bright Summer: key facts"), never before a name's own colon
    ("West Greenburg: Part Two" is not "West Greenburg")."""
    out = set(_NAMED_ANIMATED.findall(title))
    for part in _SEP.split(title):
        out.add(part.strip())
        head, colon, tail = part.partition(": ")
        if colon and tail[:1].islower():
            out.add(head.strip())
    return out


def _whole(sentence: str, m: re.Match[str]) -> bool:
    """The match is a whole name, not the tail of a longer one."""
    before = _LONGER.search(sentence[: m.start()])
    if before is None:
        return True
    return before.start() == 0 and before.group("word") in _OPENERS


class AnimatedScan:
    """Live-shoot sentences over the reads, against what the KG and the pages say is animated."""

    def __init__(self, world: Path | None) -> None:
        self.animated = kg_animated(world)
        names = sorted(self.animated, key=len, reverse=True)
        self._any = re.compile("|".join(re.escape(n) for n in names)) if names else None
        self.rule = empty_rule()

    def add(self, read: Read) -> None:
        lines = [line for line in read.lines if any(h in line.lower() for h in _HINTS)]
        if not lines or _STOP_MOTION.search(read.text):
            return
        called = {m.group("name") or m.group("name2") for m in _CALLED.finditer(read.text)}
        subject = _subject(read.text.split("\n", 1)[0]) & (self.animated | called)
        for line in lines:
            for sentence in sentences(line):
                if _SHOOT.search(sentence) is None:
                    continue
                # the shoot's own clause says whose it is ("A twin bill with X celebrated Y, while the key
                # shots from Y were done on a back lot": Y's)
                holders: set[str] = set()
                for clause in CLAUSE.split(sentence):
                    if _SHOOT.search(clause) is not None:
                        holders |= self._holders(clause, called)
                        holders |= subject if _BACK.search(clause) else set()
                note(self.rule, bool(holders), sentence)

    def _holders(self, sentence: str, called: set[str]) -> set[str]:
        """The animated films `sentence` names (whole names), and any "Animated films of ..." it names; an
        empty set also when it names only films not known to be animated."""
        found = set(_NAMED_ANIMATED.findall(sentence))
        candidates = set(self._any.findall(sentence)) if self._any is not None else set()
        candidates |= {n for n in called if n in sentence}
        found |= {n for n in candidates if any(_whole(sentence, m) for m in _named(n).finditer(sentence))}
        return found

    def result(self) -> RuleGroup:
        return {"violations": self.rule["violations"], "rules": {RULE: self.rule}}
