"""Statements of facts on pages: the current value (gold), an older one (stale), a look-alike's (negative).

Each statement picks a frame (`fact_frames`), a shape (sentence, table row, list item, quote, caption) and a
style for the value and date (`styles`), so one fact is written in many ways across the pages that state it.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import random
import re
import zlib
from functools import partial

from mockapi.world.pages import consistency, fact_frames, grammar, lifespan, prose, styles, totals
from mockapi.world.pages.fact_frames import Piece
from mockapi.world.pages.figure_days import ORDERED, amount, in_year, sequel_year, start_of, year_in
from mockapi.world.pages.figure_days import fits_day as fits_day
from mockapi.world.pages.figure_days import session_figure as session_figure
from mockapi.world.pages.histories import stale_day
from mockapi.world.questions import invent, starts
from mockapi.world.questions.kinds import KINDS, fits_subject
from mockapi.world.questions.model import Fact, Subject
from mockapi.world.questions.source import ERA_AMOUNTS, era_cap
from mockapi.world.questions.values import date as date_value
from mockapi.world.real import market_days, sequels

# The attributes of each subject kind (company: stock price, market cap…), in registry order.
_KINDS_OF: dict[str, tuple[str, ...]] = {}
for _key, _kind in KINDS.items():
    _KINDS_OF[_kind.subject] = (*_KINDS_OF.get(_kind.subject, ()), _key)

# How a statement is shaped, with weights (sentences dominate, as in real prose pages).
_SHAPES = (("sentence", 0.7), ("row", 0.12), ("item", 0.06), ("quote", 0.05), ("caption", 0.07))
# A statement about another entity than the page's is a sentence that names it: a row or list item
# ("Length (min): 95"), some quotes ("the short version: length, 95") and captions' value lines do not, and on
# another entity's page they read as that entity's.


# A label as a page says it: a page has its own date, so no "right now" ("Greenview National Park's visitors
# right now stood at 6,241", reader63: the attribute's name leaking into prose)
_PAGE_NOUNS = {"visitors right now": "visitors"}


def label(fact: Fact) -> str:
    """The attribute's noun phrase ("stock price", "director") as a page says it."""
    said = fact.kind[4:] if fact.kind.startswith("rel:") else KINDS[fact.kind].label
    return _PAGE_NOUNS.get(said, said)


def dynamic(fact: Fact) -> bool:
    """Whether the value changes over time (pages then say when it held)."""
    return not fact.kind.startswith("rel:") and KINDS[fact.kind].dynamism != "static"


def _say(
    fact: Fact,
    name: str,
    shown: str,
    rng: random.Random,
    current: bool = True,
    today: bool = True,
    dated: bool = False,
) -> str:
    if fact.kind.startswith("rel:"):  # several frames: one sentence made "rel:director" facts' top frame
        # 0.571 of its facts (audit bar 0.40) once simple questions asked relations (generator 19)
        r = fact.kind[4:]
        # (eight: five held 0.571 of rel:director's facts again on the first g20 worlds)
        return rng.choice((f"the {r} of {name} is {shown}", f"{shown} is the {r} of {name}",
                           f"{name}'s {r} is {shown}", f"{name} lists {shown} as its {r}",
                           f"{shown} is named as the {r} of {name}", f"{name} has {shown} as its {r}",
                           f"records give {shown} as the {r} of {name}",
                           f"{shown} is listed as {name}'s {r}"))  # fmt: skip
    if fact.kind == "fin.price" and not (current and fact.minute):
        # a price that is a session's close is said as one: "Fenira plc shares are trading at $25.10" dated
        # last Monday read as a present price of a past day (g26 reader #1)
        return rng.choice(_CLOSED).format(s=name, v=shown)
    if fact.kind == "fin.close" and dated:
        # a close dated by its own session is that session's, not the one before: "Read off Pinecrest Ltd.'s
        # file for 03/08/2024: Pinecrest Ltd. closed at $18.80 in the previous session" stated 8 March's
        # close as 7 March's (the 20,000 train world's prices against the KG, 2)
        return rng.choice(_CLOSED).format(s=name, v=shown)
    if fact.kind == "fin.volume" and not (current and today):
        # a volume of a session before the page's day is that session's, not "today"'s (g27 reader #12)
        return rng.choice(_SESSION_VOLUME).format(s=name, v=shown)
    if fact.kind in _NONE and shown in ("0", "zero"):  # "the academy honoured X with 0 oscars" (g23 reader)
        return rng.choice(_NONE[fact.kind]).format(s=name)
    # a kind's own sentence may vary ("x is a native of y"): one frame per fact kind marked its statements
    return grammar.expand(KINDS[fact.kind].say, {"s": lambda _r: name, "v": lambda _r: shown}, rng)


_CLOSED = (
    "{s} shares closed at {v}",
    "{s} stock finished the session at {v}",
    "{s} shares ended the day at {v}",
    "{s} closed at {v} a share",
    "{s} stock settled at {v}",
)
_SESSION_VOLUME = (
    "{v} shares of {s} changed hands in the session",
    "{s} traded {v} shares in the session",
    "volume in {s} came to {v} shares for the session",
    "{v} shares of {s} traded over the session",
)
_NONE = {"mv.oscars": ("{s} won no academy awards", "{s} did not win an oscar", "{s} won 0 oscars in all")}


# A security's listing after a company's name ("Sterling Inc. Class A Common Stock"): sentences name the
# company as people do; tables and quote pages keep the listing (the g16 reader: a share class as the company
# on 7.2 % of pages, "… Class A Common Stock is the parent company of Beacon Inc.").
_LISTING = prose.LISTING
P_LISTED = 0.05  # a sentence that still says the listing (0.15: a share class as the company, g18 reader)


def _of_day(as_of: str, page_day: dt.date | None) -> bool:
    """Whether a dated statement is of the page's own day (its "today")."""
    return bool(as_of) and page_day is not None and as_of[:10] == page_day.isoformat()


def _spoken(name: str, rng: random.Random) -> str:
    if not _LISTING.search(name) or rng.random() < P_LISTED:
        return name
    return _LISTING.sub("", name)


def _shape(rng: random.Random) -> str:
    return rng.choices([s for s, _ in _SHAPES], weights=[w for _, w in _SHAPES])[0]


def state(
    fact: Fact,
    rng: random.Random,
    split: str,
    *,
    value: str | None = None,
    subject: str | None = None,
    as_of: str = "",
    page_day: dt.date | None = None,
    shape: str = "",
    avoid: frozenset[str] = frozenset(),
    named: bool = False,
) -> Piece:
    """One statement of `fact` (optionally another value, subject or date) in a random frame and shape; the
    piece records what it claims. `named`: the statement is about another entity than the page's, so its
    text must name it (a sentence or caption, no frame that leads in with a clause of the subject's prose,
    which may say "its" without the name)."""
    if named:
        # a sentence, never a caption: its value line ("Above: Bautista Industries II. Parent company: Goodwin
        # Therapeutics.") names no one, so it read as the page subject's (the audit's contradiction scan on
        # the first g20 worlds; "Shown: Matthew Williams. Date of birth: …" on 15 of 100 g19 rank-1 pages)
        shape = "sentence"
    piece = _state(fact, rng, split, value, subject, as_of, page_day, shape, avoid, named)
    claimed = (subject or fact.subject.name, fact.kind, fact.value if value is None else value, bool(as_of))
    return dataclasses.replace(piece, claim=claimed)


# A bare figure's unit, said wherever a frame gives the value ("The runtime of Midnight Circuit is 166." left
# readers guessing: 10 of 100 g19 rank-1 pages); the kinds' own sayings carry it already.
_UNITS = {"mv.runtime": "minutes", "op.area": "km²"}


def _state(
    fact: Fact, rng: random.Random, split: str, value: str | None, subject: str | None, as_of: str,
    page_day: dt.date | None, shape: str, avoid: frozenset[str], named: bool = False,
) -> Piece:  # fmt: skip
    name = _spoken(subject or fact.subject.name, rng)
    shown = styles.restyle(fact.value if value is None else value, rng)
    if value is None and len(fact.items) > 1:
        shown = styles.page_order(fact.items, rng)
    if fact.kind.startswith("rel:"):  # a parent company is a company, not its share class
        shown = _LISTING.sub("", shown)
    for _ in range(8 if avoid else 0):  # another style of the value when its gold form must not appear
        # anywhere in it, as a reader finds it: "$234.4m" holds the alternative "234.4" (equality alone let
        # most restyled answers stand verbatim: the audit's answer-verbatim line 0.19 at 0.45 and 0.55)
        if not any(a in shown.lower() for a in avoid):
            break
        shown = styles.restyle(fact.value if value is None else value, rng)
    vtype = "" if fact.kind.startswith("rel:") else KINDS[fact.kind].vtype
    unit = _UNITS.get(fact.kind, "")
    slots = {
        "s": name,
        "v": f"{shown} {unit}" if unit else shown,
        **fact_frames.agreement(label(fact), vtype, rng),
        "say": _say(fact, name, shown, rng, value is None, _of_day(as_of, page_day), bool(as_of)),
        # by name, not "the company's": on a page naming several entities a follow-up line with a bare
        # possessive ("The company's closing price is $330.80") left readers guessing whose (issue 31's read)
        "its": f"{name}'" if name.endswith("s") else f"{name}'s",
        "intro": prose.clause(name, fact.subject.domain, fact.subject.kind, rng, page_day),
    }
    how = shape or _shape(rng)
    if how in ("row", "item", "caption"):
        slots["l"] = fact_frames.proper(fact_frames.synonym(label(fact), rng))
    day = _market_day(fact, dt.date.fromisoformat(as_of)) if as_of else None
    if day is not None:
        slots["d"] = styles.day_text(day, rng, page_day)
        if how in ("row", "item"):
            slots["l"] = f"{slots['l']} ({slots['d']})"
    if how == "row":
        return Piece("row", "", label=fact_frames._cap(slots["l"]), value=slots["v"])
    if how == "item":
        return Piece("item", fact_frames.fill(rng.choice(fact_frames.ITEMS), slots, rng))
    if how == "quote" and day is None:
        return Piece(
            "quote", fact_frames.fill(rng.choice(fact_frames.allowed(fact_frames.QUOTES, split)), slots, rng)
        )
    if how == "caption" and day is None:
        return Piece(
            "caption",
            fact_frames.fill(rng.choice(fact_frames.allowed(fact_frames.CAPTIONS, split)), slots, rng),
        )
    pool = fact_frames.allowed(fact_frames.DATED if day is not None else fact_frames.PLAIN, split)
    # a lead-in clause that does not name the subject ("Fans packed the arena. Separately, the player's
    # points per game is 9.34") leaves "its" to nobody: on a set's page, any member's (the contradiction scan)
    if named or name not in str(slots["intro"]):
        pool = [f for f in pool if "{intro}" not in f]
    text = fact_frames.sentence(rng.choice(pool), slots, rng)
    if text.startswith(_AT_CLOSE) and not _closed(fact, value):
        # a quote inside a session is no close: "At the close on March 13th, 2024, Barber Ltd. shares are
        # trading at 31.81 USD" on a page of 10:07 ET that day (the audit owner's read of w_g28)
        text = "On" + text[len(_AT_CLOSE) :]
    text = _REL_LEAD.sub(lambda m: m[1][0].upper() + m[1][1:], text)
    return Piece("sentence", _REL_UPDATE.sub(r"per an update \1", _REL_AFTER.sub("", text)))


_AT_CLOSE = "At the close on"


def _closed(fact: Fact, value: str | None) -> bool:
    """Whether a dated statement of `fact` states a session's close: a market figure, but not the minute's
    quote the current value of a price may be."""
    return fact.kind.startswith("fin.") and not (value is None and fact.minute)


# a day told relative to the page takes no preposition: "By 6 days ago, X closed at 17.10 dollars" (g24 draft)
_REL = r"(?:\d+ days ago|yesterday|last [A-Z][a-z]+day)\b"
_REL_LEAD = re.compile(rf"^(?:As of|On|By|Through|At the close on) ({_REL})")
_REL_AFTER = re.compile(rf"\b(?:as of|on|by|through|at the close on|in a note dated) (?={_REL})")
_REL_UPDATE = re.compile(rf"per a ({_REL}) update")


def _market_day(fact: Fact, day: dt.date) -> dt.date:
    """A market figure's date is a trading day: a Saturday, Sunday or exchange holiday reads as the session
    before (the naturalness read found volumes and prices dated on Saturdays)."""
    if not fact.kind.startswith("fin."):
        return day
    # nor a holiday: "At the close on 19 Feb 2024" (Presidents' Day) of a peer's price (the audit, g26b)
    return market_days.last_session(day)


def gold_pieces(
    fact: Fact,
    rng: random.Random,
    split: str,
    page_day: dt.date,
    avoid: frozenset[str] = frozenset(),
    shape: str = "",
) -> list[Piece]:
    """What an answer page says about `fact`: the value (dated when it changes), once or twice, and the
    items of a list one by one in some pages. `avoid`: lower-cased forms the page must not write the value
    in (a question whose answer no page states as written)."""
    as_of = fact.as_of if dynamic(fact) and fact.as_of else ""
    out = [state(fact, rng, split, as_of=as_of, page_day=page_day, avoid=avoid, shape=shape)]
    again = rng.random() < 0.15
    if again and not _full_date(fact):  # said twice in different words, as real pages repeat key facts (not
        # often: the value repeated on every answer page was the commonest of its type in the top 10); a full
        # date once, as the pages beside it state their dates (a rival's, a look-alike's): 0.15 more of it a
        # page made a birth date the top 10's commonest date on 17 of 32 date answers (g28, typed voting)
        out.append(state(fact, rng, split, as_of=as_of, page_day=page_day, avoid=avoid, shape=shape))
    if fact.items and rng.random() < 0.6 and not avoid:
        out.append(
            Piece("list", "\n".join(styles.shuffled(fact.items, rng)), label=fact_frames._cap(label(fact)))
        )
    return out


def _full_date(fact: Fact) -> bool:
    return not fact.kind.startswith("rel:") and KINDS[fact.kind].vtype == "date"


def stale_pieces(fact: Fact, rng: random.Random, split: str, page_day: dt.date) -> list[Piece]:
    """An older value of a dynamic fact, dated well before the current one."""
    older = consistency.older_values(fact)
    if not older or not fact.as_of:
        return []
    # as far back as the value changes: a stock price a few days, a coach months or years (a fixed 20-400
    # days dated every stale value of a fast fact in the year before the answer's, which marked the answer)
    value = rng.choice(older)
    then = stale_day(fact, value)
    # a page published before that date cannot know the value and states none
    if then >= page_day or then < start_of(fact.subject.name):
        return []  # nor before the subject's start: a song released in 2023 "at no. 40" in 2021 (g22c)
    return [state(fact, rng, split, value=value, as_of=then.isoformat(), page_day=page_day, shape="sentence")]


def figure_pieces(subject: Subject, rng: random.Random, split: str, day: dt.date, n: int,
                  skip: set[str] | None = None, fixed: dt.date | None = None) -> list[Piece]:  # fmt: skip
    """`n` statements of invented values of `subject`'s attributes, each naming it, dated in the days before
    `day` when the attribute changes: what a roundup says of the entities it covers ("X closed at $41.20 on
    March 3"), so that attribute labels, amounts and dates are on pages that answer no question too. Only for
    entities no question asks about (their values contradict nothing). `fixed`: each value is the name's own
    as of that day, before any page's (a changing one its own on each day), the same on every page."""
    given = set(skip or ())
    skip = given | {b for a, b, _ in ORDERED if a in given} | {a for a, b, _ in ORDERED if b in given}
    kinds = [
        k for k in _KINDS_OF.get(subject.kind, ())
        if KINDS[k].vtype != "list" and k not in skip and fits_subject(KINDS[k], subject.name, subject.kind)
    ]  # fmt: skip
    out = []
    chosen = rng.sample(kinds, min(n, len(kinds)))
    draw = partial(_figure_rng, subject.name, None if fixed is not None else rng)
    on = {k: fixed if fixed and not totals.cumulative(k) else day for k in chosen}  # (a total: the name's)
    values = {key: totals.drawn(key, subject.name, draw(key), on[key]) for key in chosen}
    for key in [k for k in chosen if k in lifespan.ANCHORS]:  # a start is one day on every page of a name
        if any(subject.name.endswith(t) and start_of(subject.name.removesuffix(t)) == dt.date.min
               for t in sequels.SEQUEL_TAILS):  # fmt: skip
            chosen.remove(key)  # "Distant Lanterns II" in 2000, its question's original in 2008 (g24 reader)
        else:  # not a draw of the page: "Distant Lanterns II" came out on 4 March and 4 May 2000
            values[key] = invent.other_value(KINDS[key], random.Random(f"start|{subject.name}|{key}"), day)
    for first, then, gap in ORDERED:  # "1968 is the IPO year of Hunter Industries" beside "founded in 1977"
        if first in values and then in values and year_in(values[first]) + gap > year_in(values[then]):
            chosen.remove(then)
    if subject.kind == "movie":  # a peer film's money in the era of the release it states, or its pages date
        # (the KG's release for a KG film: "$253.0 million is the budget of The Current Protocol" [KG: 1978]
        # on its look-alike page, the audit's numbers out of their era at g28)
        kg = start_of(subject.name)
        drawn = kg.year if kg != dt.date.min else starts.drawn_start(subject.name, "movie")
        year = sequel_year(subject.name, drawn, day)
        if "mv.release" in values and kg != dt.date.min and year == kg.year:
            # a KG film's own day, not a drawn day of its year: "released on August 8, 2024" of a KG film
            # of 1 March 2024 on a page of 11 March (g44i, the audit's dates past the query day)
            values["mv.release"] = date_value(kg)[0]
        elif "mv.release" in values:  # the year its rival values are capped by too (`decoys._era_cap`)
            values["mv.release"] = in_year(values["mv.release"], year)
        for key in [k for k in chosen if k in ERA_AMOUNTS and amount(values[k]) > era_cap(k, year)]:
            chosen.remove(key)  # a 1971 peer "grossed $1.7 billion" (the audit's numbers, g23's reader world)
    if "mu.debut" in values:  # nobody debuts before 18: "Baby Curtis released a debut album in 1967", the KG
        # giving his birth as 1960 (the audit's ages line, g28)
        values["mu.debut"] = lifespan.adult(values["mu.debut"], subject.name, day)
    if "mv.weekend" in chosen and ("mv.release" in chosen or not fits_day(subject.name, day, "mv.weekend")):
        chosen.remove("mv.weekend")  # no weekend gross of a film released years ago
    for key in chosen:
        fact = Fact(subject, key, values[key])
        back = rng.randint(0, 30) or session_figure(key)  # no session figure of the page's own day
        when = day - dt.timedelta(days=back)
        as_of = when.isoformat() if dynamic(fact) else ""
        if fixed and as_of and not totals.cumulative(key):  # a price of its own day, not one for every day
            fact = Fact(subject, key, totals.drawn(key, subject.name, draw(key, as_of), day))
        if totals.cumulative(key):  # its total grown to the date
            fact = Fact(subject, key, totals.at(key, subject.name, values[key], when if as_of else None))
        out.append(state(fact, rng, split, as_of=as_of, page_day=day, named=True))
    return out


def _figure_rng(name: str, page: random.Random | None, key: str, on: str = "") -> random.Random:
    """The page's draws, or (`page` None) the name's own for `key` (on the day `on`)."""
    return page or random.Random(f"figure|{name}|{key}|{on}")


_YEAR = re.compile(r"\b(?:1[6-9]|20)\d\d\b")


def rival_day(fact: Fact, lookalike: str, page_day: dt.date) -> str:
    """The day a look-alike's value of a changing `fact` is stated of ('' for a static one): near the
    answer's own (its figure from the same days), picked by the name and that day, so one value keeps one
    session on every page (a page's own draw gave one price four sessions: the audit's frozen prices, 7 of
    114 at g24's first build); never after the page nor before the look-alike's start ("at no. 10 as of Feb.
    4" of a song released on 1 Mar)."""
    if not (dynamic(fact) and fact.as_of):
        return ""
    near = dt.date.fromisoformat(fact.as_of) + dt.timedelta(
        days=zlib.crc32(f"{lookalike}|{fact.kind}|{fact.as_of}".encode()) % 14 - 10
    )
    when = min(max(near, start_of(lookalike)), page_day - dt.timedelta(days=session_figure(fact.kind)))
    while fact.kind.startswith("fin.") and not market_days.is_trading_day(when):  # a close on Presidents' Day
        when -= dt.timedelta(days=1)  # (the audit's closed days, g25's reader world): the session before
    return when.isoformat()


def negative_piece(
    fact: Fact,
    lookalike: str,
    wrong: str,
    rng: random.Random,
    split: str,
    page_day: dt.date | None = None,
    *,
    own_page: bool = False,
) -> Piece:
    """The same attribute of a look-alike entity, with a different value (a hard negative), dated like the
    answer's own statements when the attribute changes over time (so a date does not mark the answer).
    Unless the page is the look-alike's own (`own_page`), the statement names it: an unnamed infobox row on
    the subject's page stated the look-alike's runtime as the subject's."""
    as_of = rival_day(fact, lookalike, page_day) if page_day is not None else ""
    return state(
        fact, rng, split, value=wrong, subject=lookalike, as_of=as_of, page_day=page_day, named=not own_page
    )
