"""Places read as places: a settlement is lived in, not visited; only a settlement has residents.

The g29 reader found towns and cities narrated as sights ("Thornview is emptiest on Saturdays" of a city of
114,759; "A heatwave closed part of Wintercrest for 3 days") and sights given populations ("Lake Rodneymouth
Zoo has a population of 145,173"). Two rules over the content sentences of every question's top-10 pages,
read as a participant reads them, from what the text and the KG say a name is:

- **settlements narrated as sights**: a sentence that tells a settlement by a visitor attraction's frames:
  its crowd hours ("X is busiest/fullest/quietest/emptiest/gets crowded ..."), a closure of part of it or of
  its galleries, trails or grounds ("a storm closed part of X"), its car park ("the car park at X", "parking
  at X"), its tours ("night tours at X", "X added guided walks"), admission to it ("a day ticket for X"), its
  volunteers, guides, rangers or curators ("a volunteer at X", "who guides tours at X"). The holder is the
  name in the frame's slot, or a back-reference ("the site", "the place", "the town") on a page whose
  title names a holder of the page's other frames. A sight named inside the settlement keeps its own name
  ("the car park at Thornview Museum" is the museum's) and is not counted.
- **populations of what is not a settlement**: a sentence giving a name a population, residents or
  inhabitants ("X has a population of N", "the population of X was N", "X's population was", "X is home to N
  residents", "N people live in X") where the name is not a settlement: the KG or a page's lead says it is
  something else, or its head noun is a sight's, a building's, a body of water's or an institution's (Zoo,
  Park, Cathedral, Lake, University, Observatory, ..., after a look-alike's " II" is dropped).

What a name is, strongest first: a lead saying so (the KG's open-domain summary "X is a town in ...", a
page sentence "X is a city in ..." or "the town of X"), then its head noun (" County", " City", " Township"
make a settlement; " Zoo", " Museum" a sight), then, for the first rule only, a population a page gives it
(a reader takes "X has a population of 3.2 million" to mean X is lived in). A name nothing tells is not
counted. A real city has busy seasons in real pages, but no car park, gallery or day ticket of its own, and
no zoo has inhabitants; the real fixture reads 0. Target 0 each.
"""

from __future__ import annotations

import re
from pathlib import Path

from mockapi.audit.data import kg_rows
from mockapi.audit.results import Read
from mockapi.audit.rules import EXAMPLES, RuleCheck, RuleGroup, empty_rule
from mockapi.audit.text import sentences

RULES = ("settlements narrated as sights", "populations of what is not a settlement")
SETTLEMENT = "settlement"
OTHER = "other"

# a name as pages write it: capitalised words, "of"/"the"/"de" between them, a look-alike's qualifier after
_NAME = r"[A-Z][\w'’.\-]*(?: (?:(?:of|the|de|upon)(?: the)? )?[A-Z][\w'’.\-]*)*(?: \([a-z ]+\))?"
_BACK = r"[Tt]he (?:site|place|town|city|village|county|area|venue)"  # "it" may be anything named before
_HOLDER = rf"(?P<h>{_BACK}|{_NAME})"  # "The site" before "The" as a name
_SETTLED = r"(?:town|city|village|borough|county|township|hamlet|municipality|census-designated place|suburb)"
_TAIL = re.compile(r"(?: (?:I{1,3}|IV|V|VI{1,3}|Jr\.?)| \([^)]*\))+$")
_SETTLEMENT_HEAD = re.compile(r"\b(?:County|City|Town|Township|Village|Borough|Parish|Municipality|Hamlet)$")
_SETTLEMENT_FIRST = re.compile(r"^(?:City|Town|Village|County|Borough) of [A-Z]")
_OTHER_HEAD = re.compile(
    r"\b(?:Zoo|Park|Gardens?|Cathedral|Museum|University|College|Lake|River|Observatory|Opera House|Library|"
    r"Foundation|Institute|Institute of Technology|Reserve|Stadium|Arena|Church|Chapel|Abbey|Castle|Palace|"
    r"Tower|Bridge|Aquarium|Theatre|Theater|Hospital|School|Academy|Gallery|Monument|Memorial|Centre|Center|"
    r"Hall|Society|Company|Corporation|Corp\.?|Inc\.?|Ltd\.?|LLC|Group|Holdings|Bank|Trust|Mountain|Falls|"
    r"Beach|Trail|Canal|Reservoir|Dam|Airport|Station|Market|Mall|Festival|Orchestra|Band|Club|Team|"
    r"Planetarium|Conservatory|Orchard|Farm|Vineyard|Technology|Technologies|Systems|Industries|Laboratories|"
    r"Labs|Studios|Records|Pictures|Anthem|Voyage|Letters|Mirrors|Engine|Signal)$",
    re.I,
)
_OTHER_FIRST = re.compile(r"^(?:University|Museum|Institute|Church|Cathedral|Abbey|Castle|Palace) of ")
_NUMBER = r"\d[\d,.]*(?:\s?(?:million|thousand|[MK]))?"
_PRICE = r"[$€£]\s?\d|\bfree\b|\d (?:dollars|euros|pounds)"
_WAS = r"was|is|stood|sat|came|reached|rose|fell|grew|totall?ed|hit"
_ABOUT = r"(?:about |some |around |over |nearly |roughly |almost )?"

_ATTRACTION = tuple(
    re.compile(p)
    for p in (
        # crowd hours: the holder first ("Thornview is emptiest on Saturdays", "The site gets crowded in May")
        rf"{_HOLDER} (?:is|gets|was|remains|stays|feels)(?: \w+)? (?:busiest|fullest|quietest|calmest|"
        r"emptiest|most crowded|least crowded|crowded|packed|at its (?:busiest|quietest|fullest))\b",
        rf"\b(?i:crowds) (?:at|in) {_HOLDER} (?:peak|bunch up|gather|thin out)\b",
        # closures of part of it, of its galleries, trails, paths, grounds
        rf"\b(?:closed|shut|damaged|flooded|reopened|cordoned off) (?:part|parts|a section|sections) of "
        rf"{_HOLDER}",
        rf"\b(?:closed|shut|damaged|flooded|reopened) (?:a|the|two|several)(?: \w+)? (?:gallery|galleries|"
        rf"trails?|paths?|walkways|grounds) (?:at|around|of) {_HOLDER}",
        # its car park
        rf"\b(?i:car[- ]?park(?:ing)?(?: lot| area)?|parking(?: lot| area| garage)?) "
        rf"(?:at|of|beside|for|outside) {_HOLDER}",
        # tours, guided walks, free entry, admission
        rf"\b(?i:night tours|guided (?:\w+ )?(?:tours|walks|hikes)|tours) (?:at|of|around|through) {_HOLDER}",
        rf"{_HOLDER} (?:\w+ )?(?:added|started|launched|revived|dropped|began|offers|runs|restarted) "
        r"(?:its |the )?(?:night tours|guided (?:\w+ )?(?:tours|walks|hikes)|free entry|a membership scheme)",
        rf"\b(?i:admission|day tickets?|annual pass(?:es)?|season pass(?:es)?|entry fees?|entrance fees?) "
        rf"(?:to|at|for|into) {_HOLDER}",
        # "entry to X" is admission when it is priced or free ("the entry for X" of a reference work is not)
        rf"\b(?i:free entry|entry) (?:to|into) {_HOLDER}[^.;]*?(?:{_PRICE})",
        # its volunteers, guides, rangers, curators
        rf"\b(?i:volunteers?|guides?|docents?|rangers?|wardens?|curators?) (?:at|for) {_HOLDER}",
        rf"\bwho (?:guides|leads) (?:\w+ )?(?:tours|walks) (?:at|for|around) {_HOLDER}",
        # a sight's amenities and hours in other words ("Thornview's car park", "X reopened to visitors",
        # "opening hours at X", "visitor numbers at X peak", "crowds flock to X")
        rf"{_HOLDER}['’]s? (?:\w+ )?(?:car park|parking lot|parking area|galler(?:y|ies)|visitor "
        r"cent(?:re|er)|gift shop|opening hours|ticket office|ticket desk|admission fee|entrance fee|"
        r"turnstiles)\b",
        rf"{_HOLDER} (?:\w+ )?(?:reopened|closed|opened) (?:its doors )?to (?:visitors|the public)\b",
        rf"\b(?i:opening hours|visitor numbers|footfall|turnstiles) (?:at|of|for|to) {_HOLDER}",
        rf"\b(?i:crowds|visitors|tourists) (?:flock|flocked|pour|poured|queue|queued) (?:to|into|at) "
        rf"{_HOLDER}",
    )
)
# the frames' words: a line or sentence holding none of them is not read further (a set test of its words
# costs a third of 40 substring tests)
_ATTRACTION_HINTS = frozenset((
    "busiest", "fullest", "quietest", "calmest", "emptiest", "crowd", "crowds", "crowded", "packed",
    "part", "parts", "section", "sections", "gallery", "galleries", "trail", "trails", "path", "paths",
    "walkways", "grounds", "rooms", "hall", "halls", "wing", "park", "parking", "carpark", "car-park",
    "tours", "walks", "hikes", "entry", "membership", "admission", "ticket", "tickets", "pass", "passes",
    "volunteer", "volunteers", "guide", "guides", "docent", "docents", "ranger", "rangers", "warden",
    "wardens", "curator", "curators", "visitor", "visitors", "centre", "center", "shop", "hours", "office",
    "desk", "fee", "turnstiles", "public", "numbers", "footfall", "flock", "flocked", "pour", "poured",
    "queue", "queued",
))  # fmt: skip
_POPULATION = tuple(
    re.compile(p)
    for p in (
        rf"{_HOLDER} (?:has|had|have|reached|passed) a population of\b",
        rf"\b(?i:population) of {_HOLDER} (?:{_WAS}|as|at)\b",
        rf"{_HOLDER}['’]s? population (?:{_WAS})\b",
        rf"{_HOLDER} is home to {_ABOUT}{_NUMBER} (?:residents|inhabitants|people)\b",
        rf"{_HOLDER} has {_ABOUT}{_NUMBER} (?:residents|inhabitants)\b",
        rf"\b{_NUMBER} (?:residents|inhabitants|people) (?:live|lived|living) in {_HOLDER}",
        rf"{_HOLDER} \((?:pop\.|population) \d",
    )
)
_POPULATION_HINTS = frozenset(("population", "residents", "inhabitants", "people", "pop"))
_WORDS = re.compile(r"[a-z][a-z-]*")
# a lead: "X is a town in ...", "X was a small city", "X is a private company", "X is a zoo"
_IS_A = r",? (?:is|was) (?:a|an|the) (?P<what>[\w -]{1,60}?)(?= in | of |[,.;(]|$)"
_LEAD = re.compile(rf"^(?P<h>{_NAME}){_IS_A}")
_KG_LEAD = re.compile(_IS_A)  # after the KG's own name, which may hold commas ("Rowanham, Ashbury")
_COMMA = re.compile(rf", ({_NAME})")
_OF = re.compile(rf"\b[Tt]he {_SETTLED} of (?P<h>{_NAME})")
_CALENDAR = frozenset(("January", "February", "March", "April", "May", "June", "July", "August",
                       "September", "October", "November", "December", "Monday", "Tuesday", "Wednesday",
                       "Thursday", "Friday", "Saturday", "Sunday", "Spring", "Summer", "Autumn", "Fall",
                       "Winter"))  # fmt: skip
# words that open a span before its verb without being the name ("Yesterday Thornview is busiest")
_STOP = frozenset({"The", "A", "An", "In", "On", "At", "By", "As", "Since", "After", "Before", "Last", "This",
                   "Today", "Yesterday", "Meanwhile", "Early", "Late", "Later", "Back", "Through", "Until",
                   "Updated", "Refreshed", "For", "Of", "And", "But", "So", "Then", "Now"})  # fmt: skip


class Names:
    """What names are, as the KG's leads, the pages' leads and the names themselves tell."""

    def __init__(self, world: Path | None) -> None:
        self.lead: dict[str, str] = {}  # name -> SETTLEMENT | OTHER, from a lead sentence
        self.populated: set[str] = set()  # names a page gave a population
        sql = "SELECT name, summary_text FROM open_entities ORDER BY ord"
        for name, summary in kg_rows(world, {"open_entities"}, sql):
            # the KG's own lead: a settlement when it says so ("X is a town in Clear County"), else what it
            # says (a company, a person, "In physics, the X principle is ..."); a settlement wins a name
            text = str(summary or "")[:300]
            m = _KG_LEAD.match(text, len(name)) if text.startswith(name) else None
            found = SETTLEMENT if m and _settled(m["what"]) else OTHER
            if self.lead.get(str(name)) != SETTLEMENT:
                self.lead[str(name)] = found

    def read_leads(self, s: str) -> None:
        """A page sentence telling what a name is ("X is a town in ...", "the city of X", "X is a zoo")."""
        m = _LEAD.match(s)
        if m is not None:
            if _settled(m["what"]):
                self.lead[m["h"]] = SETTLEMENT
            elif _OTHER_HEAD.search(m["what"]) and m["h"] not in self.lead:
                self.lead[m["h"]] = OTHER
        for m in _OF.finditer(s):
            self.lead[m["h"]] = SETTLEMENT

    def what(self, name: str, populated: bool = True) -> str | None:
        """SETTLEMENT, OTHER or None (nothing tells) for `name`; `populated`: a population read of it makes
        an untold name a settlement."""
        bare = _TAIL.sub("", name)
        for told in (name, bare):
            if told in self.lead:
                return self.lead[told]
        if _SETTLEMENT_HEAD.search(bare) or _SETTLEMENT_FIRST.match(bare):
            return SETTLEMENT
        if _OTHER_HEAD.search(bare) or _OTHER_FIRST.match(bare):
            return OTHER
        if populated and (name in self.populated or bare in self.populated):
            return SETTLEMENT
        return None

    def resolve(self, holder: str, first: bool, populated: bool = True) -> str | None:
        """What a holder span names. A span before its verb may open with words that are not the name
        ("Yesterday Thornview is busiest"): its longest tail that something tells wins, so "Thornview
        Museum" stays the museum."""
        for span in _tails(holder) if first else [holder]:
            found = self.what(span, populated)
            if found is not None:
                return found
        return None


def _settled(what: str) -> bool:
    """Whether a lead's description ("small town", "census-designated place") is a settlement's."""
    return re.search(rf"\b{_SETTLED}$", what) is not None


def _tails(holder: str) -> list[str]:
    """A span, and the span without the words that open a sentence before a name ("Yesterday Thornview",
    "Thornview"); a name's own words are never dropped ("Shannontown Summer" is not "Summer")."""
    words = holder.split(" ")
    out = [holder]
    while len(words) > 1 and (words[0] in _STOP or words[0] in _CALENDAR):
        words = words[1:]
        out.append(" ".join(words))
    return out


class _Tally:
    """Per holder: sentences counted and the first few, resolved when every page has been read."""

    def __init__(self) -> None:
        self.count: dict[tuple[str, bool], int] = {}
        self.examples: dict[tuple[str, bool], list[str]] = {}

    def add(self, holder: str, first: bool, example: str) -> None:
        key = (holder, first)
        self.count[key] = self.count.get(key, 0) + 1
        kept = self.examples.setdefault(key, [])
        if len(kept) < EXAMPLES:
            kept.append(example)

    def rule(self, names: Names, bad: str, populated: bool) -> RuleCheck:
        rule = empty_rule()
        for (holder, first), n in sorted(self.count.items()):
            found = names.resolve(holder, first, populated)
            if found is None:
                continue
            rule["checked"] += n
            if found == bad:
                rule["violations"] += n
                room = EXAMPLES - len(rule["examples"])
                rule["examples"].extend(e[:170] for e in self.examples[(holder, first)][:room])
        return rule


class PlaceScan:
    """Both rules over the pages `results.read_results` reads (fed one by one; each page read once)."""

    def __init__(self, world: Path | None) -> None:
        self.names = Names(world)
        self.sights = _Tally()
        self.populations = _Tally()
        self._seen: set[str] = set()

    def add(self, read: Read) -> None:
        pid = read.result.page_id
        if pid in self._seen:
            return
        self._seen.add(pid)
        title = read.lines[0] if read.lines else ""
        named: list[str] = []  # holders named by a frame on this page
        back: list[tuple[str, str]] = []  # (rule, sentence) whose frame's holder is a back-reference
        for line in read.lines[1:]:
            low = line.lower()
            words = set(_WORDS.findall(low))
            sights = not _ATTRACTION_HINTS.isdisjoint(words)
            people = not _POPULATION_HINTS.isdisjoint(words)
            leads = " is a" in line or " was a" in line or "town of" in low or "city of" in low
            if not (sights or people or leads):
                continue
            for s in sentences(line):
                words = set(_WORDS.findall(s.lower())) if sights or people else words
                if leads:
                    self.names.read_leads(s)
                if people and not _POPULATION_HINTS.isdisjoint(words):
                    self._population(s, pid, back)
                if sights and not _ATTRACTION_HINTS.isdisjoint(words):
                    self._sights(s, pid, named, back)
        # a back-reference means the page's subject: a holder of this page's frames its title names
        subjects = [h for h in dict.fromkeys(named) if h in title]
        if subjects:
            subject = max(subjects, key=len)
            for kind, s in back:
                tally = self.sights if kind == "sight" else self.populations
                tally.add(subject, False, f"{_short(pid)} {subject}: {s}")

    def _holder(self, m: re.Match[str], s: str) -> str:
        """The name in a frame's slot ("Rowanham" before ", Ashbury" is the KG's "Rowanham, Ashbury")."""
        holder = m["h"].rstrip(".")
        more = _COMMA.match(s, m.end("h"))
        if more is not None and f"{holder}, {more[1].rstrip('.')}" in self.names.lead:
            return f"{holder}, {more[1].rstrip('.')}"
        return holder

    def _named(
        self, patterns: tuple[re.Pattern[str], ...], s: str, kind: str, back: list[tuple[str, str]]
    ) -> tuple[str, bool] | None:
        """The name in the first frame of `patterns` in `s` whose slot holds one, and whether it opens the
        frame; None when there is none, or when it is a back-reference ("the town": kept in `back` as `kind`,
        for the page's subject once the page is read)."""
        for pattern in patterns:
            m = pattern.search(s)
            if m is None:
                continue
            holder = self._holder(m, s)
            if holder in _STOP:  # "In March the site ...": no name
                continue
            if re.fullmatch(_BACK, holder):
                back.append((kind, s))
                return None
            return holder, m.start("h") == m.start()
        return None

    def _sights(self, s: str, pid: str, named: list[str], back: list[tuple[str, str]]) -> None:
        found = self._named(_ATTRACTION, s, "sight", back)
        if found is not None:
            holder, first = found
            named.append(holder)
            self.sights.add(holder, first, f"{_short(pid)} {holder}: {s}")

    def _population(self, s: str, pid: str, back: list[tuple[str, str]]) -> None:
        found = self._named(_POPULATION, s, "population", back)
        if found is None:
            return
        holder, first = found
        # a reader takes a name given residents to be lived in (the first rule's last resort)
        self.names.populated.update(_tails(holder) if first else [holder])
        self.populations.add(holder, first, f"{_short(pid)} {holder}: {s}")

    def result(self) -> RuleGroup:
        rules = {
            RULES[0]: self.sights.rule(self.names, SETTLEMENT, populated=True),
            RULES[1]: self.populations.rule(self.names, OTHER, populated=False),
        }
        return {"violations": sum(r["violations"] for r in rules.values()), "rules": rules}


def _short(page_id: str) -> str:
    """A page id short enough for an example ("spec:aaa5a5d1c89d")."""
    head, _, tail = page_id.partition(":")
    return f"{head}:{tail[:12]}" if tail else page_id[:17]
