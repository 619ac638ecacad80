"""What a question asks for, read with general English only (no knowledge of any generator's templates).

`read(query)` strips a conversational wrapper ("can you tell me", "i'm curious", …), then decides the answer
type from the interrogative: yes/no (an auxiliary first), number ("how many", "how much", "what percentage"),
year ("what/which year"), date ("when", "what date"), a weekday or a count of years (computed from a date),
person ("who"), place ("where"), list (a plural after "which"/"what", "name", "list"), choice (two options
joined by "or"), a superlative over a group (not answered), else a phrase. It also keeps the content
terms for retrieval and the direction of a comparative ("higher" +1, "lower" −1).
"""

from __future__ import annotations

import re
from dataclasses import dataclass


def words(text: str) -> frozenset[str]:
    """A word set written as one string (long closed lists read better so)."""
    return frozenset(text.split())


WRAPPERS = re.compile(
    r"^(?:(?:hey|hi|hello|ok|okay|so|please|quick question)[,!:]?\s+)*"
    r"(?:(?:can|could|would|will) (?:you|u) (?:please )?(?:tell|show|give) me\s*(?:about\s*)?|"
    r"(?:can|could|would) (?:you|u) (?:please )?(?:find out|check|look up|let me know)\s*|"
    r"do you (?:happen to )?know\s*|does anyone know\s*|any idea\s*|"
    r"i(?:'m| am) (?:curious|wondering|trying to find out|trying to figure out)(?: about)?,?\s*|"
    r"i (?:want|need|would like|'d like) to know\s*|i wonder\s*|just wondering,?\s*|"
    r"tell me\s*|give me\s*|show me\s*|remind me\s*|let me know\s*|find\s+(?=the\b))"
)
STOPWORDS = words(
    "a an the of in on at to for from by with about as into over under after before between during since "
    "until than then and or but so if is are was were be been being am do does did has have had will "
    "would shall should can could may might must what which who whom whose when where why how that this "
    "these those there here it its they them their he him his she her we us our you your i me my any all "
    "some each every other such only just also very much many more most less least yes no not "
    "tell know please currently current now today ever s 's"
)
AUXILIARIES = words(
    "is are was were do does did has have had can could will would should shall may might must"
)
HIGHER = words(
    "higher more larger bigger greater older longer taller better richer heavier most highest largest "
    "biggest greatest oldest longest later latest last"
)
LOWER = words(
    "lower less fewer smaller younger shorter worse cheaper least lowest smallest youngest shortest "
    "earlier earliest first"
)
# What kind of value a noun names, for questions whose interrogative does not say ("what is the price of …").
# General English, the same for any question set.
NOUN_KINDS: dict[str, frozenset[str]] = {
    "date": words("date birthday birthdate anniversary deadline"),
    "person": words(
        "ceo founder president director producer author writer composer singer coach manager captain owner "
        "chairman chairwoman spouse wife husband father mother son daughter leader creator inventor "
        "architect actor actress player winner"
    ),
    "place": words("birthplace headquarters location address hometown capital venue stadium"),
    "number": words(
        "price cost value revenue revenues income gross budget salary population height weight length area "
        "size capacity volume score rate ratio percentage yield dividend dividends eps cap capitalization "
        "number total count average age margin debt profit earnings sales attendance points goals wins "
        "losses runtime duration distance elevation depth temperature shares volume"
    ),
}
SUPERLATIVE = re.compile(r"\b(?:most|highest|lowest|fewest|least|largest|biggest|smallest|top \d+)\b")
TEMPORAL = re.compile(
    r"\b(?:current|currently|today|now|latest|most recent|yesterday|this (?:week|month|year))\b"
)
_TOKEN = re.compile(r"[a-z0-9$%][a-z0-9.&'%-]*[a-z0-9%]|[a-z0-9]")
_NUMBER_ASK = re.compile(
    r"^(?:how (?:many|much|old|long|tall|far|big|high|often)|what (?:percentage|percent|proportion|fraction)|"
    r"(?:what|which) (?:is|was|are|were) the (?:number|total|sum|average|count|amount|price|value)\b)"
)
_PLURAL_ASK = re.compile(
    r"^(?:which|what) (?!(?:is|was|has|does|its|this|plus)\b)(?:[a-z]+ )?([a-z]{2,}(?:ies|es|[^su's]s))\b"
    r"(?! (?:is|was|has|does|did)\b)"
)


@dataclass(frozen=True)
class Ask:
    """One question, read: its core text, answer type, retrieval terms, options and comparative direction."""

    text: str
    kind: str  # yesno | number | year | date | weekday | years_since | person | place | list | choice |
    # superlative | phrase
    terms: tuple[str, ...]
    options: tuple[str, ...] = ()
    direction: int = 0

    @property
    def temporal(self) -> bool:
        """Asks for the value as of now (so the latest dated statement wins)."""
        return bool(TEMPORAL.search(self.text))

    @property
    def chained(self) -> bool:
        """Asks about something reached through another entity ("the coach of the team of X", "where was
        the director of X born"): one retrieval step cannot answer it."""
        relations = re.findall(r"\bthe (?:[a-z]+ ){0,2}([a-z]+) of\b", self.text)
        possessives = re.findall(r"[a-z](?:'s|s') ([a-z]+)\b", self.text)
        if len(relations) + len(possessives) >= 2:
            return True
        return bool(relations) and relations[0] in NOUN_KINDS["person"] and self.kind != "person"


def core(query: str) -> str:
    """The question lower-cased, without its conversational wrapper and final punctuation."""
    text = " ".join(query.lower().replace("’", "'").split())
    previous = None
    while previous != text:
        previous = text
        text = WRAPPERS.sub("", text).strip(" ,:;")
    return text.rstrip(" ?.!")


def terms_of(text: str) -> tuple[str, ...]:
    """Content terms: tokens that are not stop words (order kept, repeats dropped)."""
    seen: dict[str, None] = {}
    for tok in _TOKEN.findall(text.lower()):
        tok = tok.strip(".'")
        if tok and tok not in STOPWORDS:
            seen.setdefault(tok, None)
    return tuple(seen)


def options_of(text: str) -> tuple[str, ...]:
    """The two options of "…, A or B" / "… A or B" (the span after the last comma or preposition)."""
    if " or " not in text:
        return ()
    lead = re.match(r"^([^,:?]+?) or ([^,:?]+?)[:,] ", text)  # "a or b: which has …"
    if lead:
        return (lead.group(1).strip(), lead.group(2).strip())
    left, _, right = text.rpartition(" or ")
    right = re.split(r"[,:?]| in \d{4}", right)[0].strip()
    head = re.split(r",|:|\b(?:between|by|from|than|of|is|was|are|were|has|have|did|does)\b", left)[
        -1
    ].strip()
    if not head or not right or len(head.split()) > 8 or len(right.split()) > 8:
        return ()
    return (head, right)


def direction_of(text: str) -> int:
    said = set(re.findall(r"[a-z]+", text))
    if said & HIGHER:
        return 1
    if said & LOWER:
        return -1
    return 0


def read(query: str) -> Ask:
    """The answer type and retrieval terms of a question (module docstring)."""
    text = core(query)
    # a leading qualifier ("as of 11/22/2023, what was …", "in 2019, who …") moves to the end
    lead = re.match(r"^(?:as of|in|on|during|since|after|before) [^,]{1,40}, (?=\w)", text)
    if lead:
        text = text[lead.end() :] + " " + text[: lead.end()].rstrip(", ")
    first = text.split(" ", 1)[0] if text else ""
    # the interrogative's own noun ("what year", "how many times") is not something pages say
    asked = re.match(r"^(?:(?:in|on) )?(?:what|which) (?:year|date|day)|^how many times", text)
    terms = terms_of(text[asked.end() :] if asked else text)
    options = options_of(text)
    direction = direction_of(text)
    if options and (first in {"which", "who", "what"} or first in AUXILIARIES or text.find(":") > 0):
        return Ask(text, "choice", terms, options, direction)
    if re.search(r"\bday of the week\b|\bweekday\b", text):
        return Ask(text, "weekday", terms)
    if re.search(r"\bhow many years\b.*\b(?:ago|since)\b|\bhow long ago\b|\bhow old\b", text):
        return Ask(text, "years_since", terms)
    if SUPERLATIVE.search(text) and not text.startswith("how many"):
        return Ask(text, "superlative", terms)  # names one of a group: no span type says which
    if first in AUXILIARIES:
        return Ask(text, "yesno", terms, (), direction)
    if _NUMBER_ASK.match(text):
        return Ask(text, "number", terms)
    if re.match(r"^(?:in )?(?:what|which) year\b", text):
        return Ask(text, "year", terms)
    if first == "when" or re.match(r"^(?:on )?(?:what|which) (?:date|day)\b", text):
        return Ask(text, "date", terms)
    if re.match(r"^who (?:are|were)\b", text):
        return Ask(text, "list", terms)
    if first in {"who", "whom", "whose"}:
        return Ask(text, "person", terms)
    if first == "where":
        return Ask(text, "place", terms)
    if first in {"name", "list"} or _PLURAL_ASK.match(text) or re.match(r"^what (?:are|were)\b", text):
        return Ask(text, "list", terms)
    return Ask(text, noun_kind(text), terms)


def noun_kind(text: str) -> str:
    """The kind of the first noun in `text` that names a kind of value, else 'phrase'."""
    for word in re.findall(r"[a-z]+", text):
        for kind, nouns in NOUN_KINDS.items():
            if word in nouns:
                return kind
    return "phrase"
