"""Question analysis for the `baseline` model: which attribute is asked, about whom, as of when.

CRAG questions are short and formulaic ("what is the p/e ratio of X?", "which has a higher budget, A or B?",
"what was the wins of X on march 3, 2024?"). A participant learns these shapes from the public dev set; here
they are a table of attributes (`ATTRS`) with the phrases that ask for them, and a handful of question forms
built around an attribute (comparison, sum, difference, count of a list, years since, two hops). A query that
fits no form gives `None`, and the model answers "i don't know" (or "invalid question" for a false
premise it is sure of).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from crag_eval.judges.text import dates


@dataclass(frozen=True)
class Attr:
    """An attribute questions ask about: its value type and whether it changes over time."""

    key: str
    vtype: str  # money bigmoney number decimal date year person place title team score list
    dynamic: bool
    asks: tuple[str, ...]  # regexes with (?P<s>…) for the subject, matched against the whole query
    labels: tuple[str, ...] = ()  # noun phrases ("stock price") for comparisons and "on <date>" questions
    event: str = ""  # verb phrase for "which … first" / "how many years ago" ("was released")
    item: str = ""  # plural noun for "how many <items> does X have"


def _a(key: str, vtype: str, dynamic: bool, *asks: str, labels: tuple[str, ...] = (), **kw: str) -> Attr:
    return Attr(key, vtype, dynamic, asks, labels, **kw)


S = r"(?P<s>.+?)"
ATTRS: tuple[Attr, ...] = (
    _a("fin.price", "money", True, rf"current (?:stock |share )?price of {S}", labels=("stock price",)),
    _a(
        "fin.volume",
        "number",
        True,
        rf"how many shares of {S} (?:have )?traded today",
        labels=("trading volume",),
    ),
    _a("fin.close", "money", True, rf"closing price of {S} yesterday", labels=("closing price",)),
    _a("fin.market_cap", "bigmoney", True, rf"market cap(?:itali[sz]ation)? of {S}", labels=("market cap",)),
    _a("fin.pe", "decimal", True, rf"p/e ratio of {S}", labels=("p/e ratio",)),
    _a("fin.eps", "money", True, rf"(?:earnings per share|eps) of {S}", labels=("eps",)),
    _a("fin.dividend", "money", True, rf"most recent dividend paid by {S}", labels=("dividend",)),
    _a("fin.ceo", "person", True, rf"who is the ceo of {S}", labels=("ceo",)),
    _a("fin.holders", "list", True, rf"largest institutional holders of {S}", item="institutional holders"),
    _a("fin.ipo_year", "year", False, rf"in what year did {S} go public", event="went public"),
    _a("fin.founded", "date", False, rf"when was {S} founded", event="was founded"),
    _a("fin.hq", "place", False, rf"where is {S} headquartered"),
    _a("fin.founders", "list", False, rf"who founded {S}", item="founders"),
    _a("sp.last_score", "score", True, rf"final score of {S}'s last game", labels=("last score",)),
    _a("sp.last_opponent", "team", True, rf"who did {S} play in their last game", labels=("last opponent",)),
    _a(
        "sp.last_points",
        "number",
        True,
        rf"how many points did {S} score in their last game",
        labels=("points in the last game",),
    ),
    _a("sp.lineup", "list", True, rf"who started for {S} in their last game", item="starters"),
    _a("sp.coach", "person", True, rf"who is the head coach of {S}", labels=("head coach",)),
    _a("sp.wins", "number", True, rf"how many wins do {S} have this season", labels=("wins",)),
    _a("sp.roster", "list", True, rf"who are the captains of {S} this season", item="captains"),
    _a("sp.founded", "year", False, rf"in what year were {S} founded", event="were founded"),
    _a("sp.arena", "place", False, rf"home venue of {S}", labels=("home venue",)),
    _a("sp.titles", "number", False, rf"how many championships have {S} won", labels=("championships",)),
    _a(
        "sp.title_years",
        "list",
        False,
        rf"in which seasons did {S} win the championship",
        item="championship seasons",
    ),
    _a("sp.ppg", "decimal", True, rf"how many points per game is {S} averaging", labels=("points per game",)),
    _a("mu.rank", "number", True, rf"current billboard hot 100 position of {S}", labels=("chart position",)),
    _a(
        "mu.rank_now",
        "number",
        True,
        rf"where is {S} on the live streaming chart",
        labels=("live chart position",),
    ),
    _a(
        "mu.weeks",
        "number",
        True,
        rf"how many weeks has {S} spent on the billboard",
        labels=("weeks on chart",),
    ),
    _a("mu.albums", "number", True, rf"how many studio albums has {S} released", labels=("studio albums",)),
    _a("mu.latest", "title", True, rf"latest album by {S}", labels=("latest album",)),
    _a("mu.grammys", "number", True, rf"how many grammy awards has {S} won", labels=("grammy wins",)),
    _a("mu.album_list", "list", True, rf"what albums has {S} released", item="albums"),
    _a("mu.birth", "date", False, rf"when was {S} born", event="was born"),
    _a("mu.country", "place", False, rf"what country is {S} from"),
    _a("mu.debut", "year", False, rf"in what year did {S} release their debut album", event="debuted"),
    _a("mu.members", "list", False, rf"who are the members of {S}", item="members"),
    _a("mu.song_date", "date", False, rf"when was {S} released", event="was released"),
    _a(
        "mv.weekend",
        "bigmoney",
        True,
        rf"how much did {S} gross at the box office last weekend",
        labels=("weekend gross",),
    ),
    _a("mv.rating", "decimal", True, rf"(?:audience )?rating of {S}", labels=("rating",)),
    _a("mv.gross", "bigmoney", True, rf"how much has {S} grossed worldwide", labels=("worldwide gross",)),
    _a("mv.latest", "title", True, rf"most recent movie of {S}", labels=("latest movie",)),
    _a("mv.director", "person", False, rf"who directed {S}"),
    _a("mv.budget", "bigmoney", False, rf"budget of {S}", labels=("budget",)),
    _a("mv.runtime", "number", False, rf"how long is {S} in minutes", labels=("runtime",)),
    _a("mv.cast", "list", False, rf"who starred in {S}", item="cast members"),
    _a("mv.oscars", "number", False, rf"how many oscars did {S} win", labels=("oscar wins",)),
    _a(
        "op.visitors",
        "number",
        True,
        rf"how many people are visiting {S} right now",
        labels=("visitors right now",),
    ),
    _a("op.version", "title", True, rf"latest update announced by {S}", labels=("latest update",)),
    _a("op.population", "number", True, rf"population of {S}", labels=("population",)),
    _a("op.leader", "person", True, rf"who is the current director of {S}", labels=("director",)),
    _a("op.alumni", "list", True, rf"who are notable people associated with {S}", item="notable people"),
    _a("op.founded", "year", False, rf"when was {S} established", event="was established"),
    _a("op.location", "place", False, rf"where is {S} located"),
    _a("op.area", "number", False, rf"area of {S} in square kilometres", labels=("area",)),
    _a("op.languages", "list", False, rf"what languages are spoken at {S}", item="languages"),
    _a("pe.birthplace", "place", False, rf"where was {S} born"),
)
BY_KEY = {a.key: a for a in ATTRS}
# Which first / years ago: the event phrase names several attributes; the subject's domain decides.
_EVENTS = {a.event: a for a in reversed(ATTRS) if a.event}
_LABELS = {label: a for a in reversed(ATTRS) for label in a.labels}
_ITEMS = {a.item: a for a in reversed(ATTRS) if a.item}
HOPS = (
    "parent company",
    "team",
    "performer",
    "director",
    "founder",
    "head coach",
    "lead singer",
    "manager",
    "best-known film",
    "mayor",
)
_HOP = re.compile(rf"^the ({'|'.join(HOPS)}) of (.+)$")
# ", the feature film," and similar describing phrases that only disambiguate the subject
_DESCRIBED = re.compile(r"^(.+?), (?:the|a|an) [a-z -]+,?$")


@dataclass
class Parsed:
    """What a query asks: a form, an attribute, one or two subjects, and the day the answer must hold on."""

    form: str  # simple | higher | yesno_higher | first | combined | difference | count | years_ago
    attr: Attr | None
    subjects: list[str]
    day: dt.date  # the query day, or the date the question names ("on march 3, 2024")
    dated: bool = False  # the question names its own date
    yesterday: bool = False
    hop: str = ""  # the relation of a two-hop question ("director"), subjects[0] then is its start
    items: list[str] = field(default_factory=list)


def query_day(query_time: str) -> dt.date:
    """The calendar day of CRAG's 'MM/DD/YYYY, HH:MM:SS PT' (or an ISO date); today when unparsable."""
    m = re.match(r"(\d{1,2})/(\d{1,2})/(\d{4})", query_time or "")
    if m:
        return dt.date(int(m[3]), int(m[1]), int(m[2]))
    try:
        return dt.date.fromisoformat((query_time or "")[:10])
    except ValueError:
        return dt.date.today()


def _subject(text: str) -> str:
    text = text.strip(" ?").removesuffix("'s")
    described = _DESCRIBED.match(text)
    return (described.group(1) if described else text).strip()


def _with_hop(p: Parsed) -> Parsed:
    hop = _HOP.match(p.subjects[0]) if p.subjects else None
    if hop:
        p.hop, p.subjects = hop.group(1), [_subject(hop.group(2))]
    return p


def parse(query: str, query_time: str) -> Parsed | None:
    q = " ".join(query.lower().strip().split()).rstrip("?").strip()
    day = query_day(query_time)
    if m := re.match(r"^(?:what|who) was the (.+?) of (.+) on (.+)$", q):
        attr = _LABELS.get(m.group(1))
        found = dates(m.group(3))
        if attr and found and found[0][2]:
            y, mo, d = found[0]
            return _with_hop(Parsed("simple", attr, [_subject(m.group(2))], dt.date(y, mo, d), dated=True))
    if m := re.match(r"^which has a higher (.+?), (.+) or (.+)$", q):
        return _pair("higher", _LABELS.get(m.group(1)), m.group(2), m.group(3), day)
    if m := re.match(r"^is the (.+?) of (.+) higher than that of (.+)$", q):
        return _pair("yesno_higher", _LABELS.get(m.group(1)), m.group(2), m.group(3), day)
    if m := re.match(r"^which (.+?) first, (.+) or (.+)$", q):
        return _pair("first", _EVENTS.get(m.group(1)), m.group(2), m.group(3), day)
    if m := re.match(r"^what is the combined (.+?) of (.+) and (.+)$", q):
        return _pair("combined", _LABELS.get(m.group(1)), m.group(2), m.group(3), day)
    if m := re.match(r"^what is the difference in (.+?) between (.+) and (.+)$", q):
        return _pair("difference", _LABELS.get(m.group(1)), m.group(2), m.group(3), day)
    if m := re.match(r"^how many years ago (.+) ((?:was|were|went|debuted)\b.*)$", q):
        attr = _EVENTS.get(m.group(2))
        return Parsed("years_ago", attr, [_subject(m.group(1))], day) if attr else None
    if m := re.match(r"^how many (.+?) (?:does|do) (.+) have$", q):
        attr = _ITEMS.get(m.group(1))
        if attr:
            return _with_hop(Parsed("count", attr, [_subject(m.group(2))], day))
    for attr in ATTRS:
        for ask in attr.asks:
            if m := re.search(ask + "$", q):
                p = Parsed("simple", attr, [_subject(m.group("s"))], day, yesterday="yesterday" in q)
                return _with_hop(p)
    return None


def _pair(form: str, attr: Attr | None, a: str, b: str, day: dt.date) -> Parsed | None:
    return Parsed(form, attr, [_subject(a), _subject(b)], day) if attr else None
