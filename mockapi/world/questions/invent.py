"""Invented subjects and values for web-only facts: realistic, fictional, and written only into pages."""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Callable
from functools import lru_cache

from faker import Faker

from mockapi.world.questions import invent_words, values
from mockapi.world.questions.kinds import Kind
from mockapi.world.questions.model import Fact, Subject

# Plausible spans of invented counts, per kind (default 1..100).
# Per-share amounts other than a price: a dividend or EPS drawn from the price range ($4-420) read absurd
# ("which energy company has the lowest dividend?": $220.36 a share).
_MONEY = {"fin.dividend": (0.05, 6.0), "fin.eps": (0.1, 25.0)}
_RANGES = {
    "fin.volume": (150_000, 90_000_000),
    "sp.wins": (5, 60),
    "sp.titles": (1, 17),
    "mu.rank": (1, 100),
    "mu.rank_now": (1, 200),
    "mu.weeks": (1, 60),
    "mu.albums": (2, 16),
    "mu.grammys": (1, 12),
    "mv.runtime": (82, 189),
    "mv.oscars": (1, 11),
    "op.visitors": (40, 9_000),
    "op.population": (2_000, 4_000_000),
    "op.area": (3, 9_000),
    "sp.last_points": (78, 141),
    # years: an artist's debut falls in a born artist's twenties at the earliest (births run 1940-2004)
    "mu.debut": (1958, 2023),
    "fin.ipo_year": (1960, 2023),
    # bigmoney kinds, in millions of dollars
    "fin.market_cap": (60, 900_000),
    "mv.weekend": (1, 160),
    "mv.gross": (2, 2_400),
    "mv.budget": (3, 320),
}
# Awards most winners hold one or two of: drawn uniformly, eight singers of one label held 97 Grammys and
# 2016's films 42 Oscars (g18 reader: absurd). The value is low + span * u ** skew.
# Box office and market values too: uniform grosses put 7 of one director's 9 films above $1bn (g21 reader)
_SKEWED = {"mu.grammys": 4.0, "mv.oscars": 3.0, "sp.titles": 2.0, "mv.gross": 2.5, "mv.budget": 1.7,
           "mv.weekend": 2.0, "fin.market_cap": 2.5, "sp.ppg": 2.0}  # fmt: skip
# decimal kinds on a fixed scale: a film's rating is out of 10 (invented ratings of 15.7-51.3 stood beside
# the KG's 2.9-9.0)
# A player's scoring average: 2.0-34.5 points a game, most near 10 (skewed: median 2 + 32.5 / 2 ** 2 = 10.1);
# uniform 1-60 gave a 59.26 and a roster of nine summing to 261 (g25 reader: 55 a game)
_DECIMALS = {"mv.rating": (2.5, 9.2), "sp.ppg": (2.0, 34.5)}
_VENUES = ("Arena", "Center", "Stadium", "Fieldhouse", "Coliseum", "Park")
_SUFFIX = ("Inc.", "Corp.", "Holdings", "Technologies", "Group", "Industries", "Systems", "Therapeutics")


@lru_cache(maxsize=1)
def _faker() -> Faker:
    return Faker("en_US")


def fake(rng: random.Random) -> Faker:
    """The shared Faker, re-seeded from `rng` so each call sequence is reproducible."""
    f = _faker()
    f.seed_instance(rng.getrandbits(32))
    return f


def _plain_name(f: Faker) -> str:
    """A first and last name: a singer or a cast member is not "matthew russell phd" or "dr. amy neal"
    (a company officer's title stays: finance sites print "Mr. Timothy D. Cook")."""
    return _unknown(f, lambda: f"{f.first_name()} {f.last_name()}")


def _player_name(f: Faker) -> str:
    """A professional player of the world's leagues: its men's leagues, as the KG's NBA and soccer players
    are ("Joanna Taylor / Rodney Long / Jessica Obrien" as one pro starting five: g27 reader #29, #36)."""
    return _unknown(f, lambda: f"{f.first_name_male()} {f.last_name()}")


# Famous people Faker's first and last names can spell: an invented director named "Bruce Lee", born in
# "South Patrick, Maine", reads wrong to anyone who knows the real one (g16 reader).
FAMOUS = frozenset(
    n.strip()
    for n in """
    bruce lee|janet jackson|michael jackson|michael jordan|james brown|tom jones|will smith|john williams|
    paul simon|chris brown|kevin hart|steve martin|jennifer lopez|julia roberts|emma stone|sharon stone|
    oliver stone|harrison ford|tom ford|paul walker|ryan reynolds|adam scott|robert smith|george michael|
    michael johnson|john lewis|jerry lewis|carl lewis|john legend|taylor swift|jessica simpson|tom hanks|
    bill gates|steve jobs|elon musk|mark cuban|tiger woods|kevin james|david allen|billy joel|john wayne|
    james taylor|randy jackson|samuel jackson|peter jackson|jack white|barry white|diana ross|bob ross|
    kelly clarkson|brad pitt|jim carrey|tom cruise|chris evans|chris martin|michael moore|mary j. blige|
    david lee|sean paul|john stewart|martha stewart|rod stewart|kristen stewart|patrick stewart|amy adams|
    bryan adams|ryan adams|don johnson|dwayne johnson|magic johnson|lebron james|rick james|etta james|
    george washington|abraham lincoln|john adams|james madison|andrew jackson|george bush|bill clinton
    """.replace("\n", "|").split("|")
    if n.strip()
)


def _unknown(f: Faker, draw: Callable[[], str]) -> str:
    """A drawn name that is not a famous person's (a few redraws)."""
    name = draw()
    for _ in range(8):
        bare = " ".join(w for w in name.lower().split() if not w.endswith(".") or len(w) <= 2)
        if bare not in FAMOUS and name.lower() not in FAMOUS:
            break
        name = draw()
    return name


# the long titles' words: a long word with any other (never two short ones: no long title holds a short one);
# 3,520 titles, as the short ones run out in a default world (its drafts' discarded subjects keep theirs)
_LONG = (invent_words.LONG_ADJ + invent_words.ADJ, invent_words.LONG_NOUN + invent_words.NOUN)


def title(rng: random.Random, long: bool = False) -> str:
    """A song, album or movie title; `long`, of a further 1,600 (`invent_words.LONG_*`), for a world whose
    576 short titles are taken (a 20,000-question world kept them taken: three films "The Silent Meridian"
    with three directors, a 2000 film under the KG's 1993 "Frozen Summer")."""
    words = _words(rng, long)
    return " ".join(["The", *words] if rng.random() < 0.3 else words)


def _words(rng: random.Random, long: bool) -> list[str]:
    """A title's adjective and noun: short ones, else a pair holding a long word (`_LONG`)."""
    adjectives, nouns = _LONG if long else (invent_words.ADJ, invent_words.NOUN)
    words = [rng.choice(adjectives), rng.choice(nouns)]
    while long and words[0] in invent_words.ADJ and words[1] in invent_words.NOUN:  # a short one: drawn again
        words = [rng.choice(adjectives), rng.choice(nouns)]
    return words


def subject_name(subject_kind: str, rng: random.Random, long: bool = False) -> str:
    """A fictional name for a subject kind (a song's, film's or band's of the `long` titles when asked)."""
    f = fake(rng)
    if subject_kind == "company":
        return f"{_brand(f)} {rng.choice(_SUFFIX)}"
    if subject_kind == "team":
        return f"{f.city()} {rng.choice(invent_words.MASCOTS)}"
    if subject_kind == "player":
        return _player_name(f)
    if subject_kind == "person":
        return _plain_name(f)
    if (
        subject_kind == "band"
    ):  # a title's words: its long ones too ("The Burning Harbor" is "Burning Harbor")
        return "The " + " ".join(_words(rng, long))
    if subject_kind == "artist":  # a solo artist, born (a group is a band, formed: never asked "born")
        return _plain_name(f)
    if subject_kind in ("song", "movie"):
        return title(rng, long)
    roll = rng.random()
    if roll < 0.3:  # a town or county: what has a population (kinds.fits_subject)
        return str(f.city()) if roll < 0.2 else f"{f.city()} County"
    return f"{f.city()} {rng.choice(invent_words.TOPICS)}"


def _brand(f: Faker) -> str:
    """A surname for a company, never a word the questions' frames or kind labels use: "Price Corp." (alias
    "price") made "what bank stock has the highest stock price" name a member of the set it asked about (the
    set names no entity; 4 of Faker's 1,000 surnames: Gross, Long, Price, Weeks). Redrawn from the same
    Faker, so `rng` draws no more than before."""
    from mockapi.world.questions.refer import question_words

    name = str(f.last_name())
    while name.lower() in question_words():
        name = str(f.last_name())
    return name


_PEOPLE = ("person", "player", "artist", "film_person")


def lookalikes(name: str, rng: random.Random, n: int = 6, kind: str = "") -> tuple[str, ...]:
    """Names that look like `name`: 'The X', 'X (disambiguation)', shared tokens, a near spelling. A person's
    are namesakes (another first name, another surname): a first name with a noun ("Cynthia Lanterns") or
    an article ("The Cynthia Hale") read as garbled names (g18 reader: 32.5 of 100 rank-1 pages)."""
    tokens = name.split()
    if kind in _PEOPLE and len(tokens) > 1:
        f = fake(rng)
        people = [
            f"{f.first_name()} {tokens[-1]}",
            f"{tokens[0]} {f.last_name()}",
            f"{name} (disambiguation)",
        ]
        people.append(f"{f.first_name()} {tokens[-1]}")
        return tuple(dict.fromkeys(x for x in people if x != name))[:n]
    out = [name[4:] if name.startswith("The ") else f"The {name}", f"{name} (disambiguation)"]
    out.append(
        f"{tokens[0]} {rng.choice(invent_words.NOUN)}"
        if len(tokens) > 1
        else f"{name} {rng.choice(invent_words.NOUN)}"
    )
    out.append(f"{rng.choice(invent_words.ADJ)} {tokens[-1]}")
    swappable = [i for i in range(1, len(name) - 1) if name[i : i + 2].isalpha()]
    if swappable:
        i = rng.choice(swappable)
        out.append(name[:i] + name[i + 1] + name[i] + name[i + 2 :])
    if kind == "movie":  # a sequel: a band, a town or a company numbered "II" read as machine-made (reader62)
        out.append(f"{name} II")
    return tuple(dict.fromkeys(x for x in out if x != name))[:n]


def invent_subject(domain: str, subject_kind: str, rng: random.Random, long: bool = False) -> Subject:
    """A web-only subject (no entity id, no popularity bucket); `long`: `title`'s."""
    from mockapi.world.questions.refer import with_refs

    name = subject_name(subject_kind, rng, long)
    return with_refs(
        Subject(
            name=name, domain=domain, kind=subject_kind, lookalikes=lookalikes(name, rng, kind=subject_kind)
        ),
        rng,
    )


def pool_item(pool: str, rng: random.Random) -> str:
    """One list item from a named pool."""
    if pool == "fund":
        return f"{fake(rng).last_name()} Capital Management"
    if pool == "year":
        return str(rng.randint(1950, 2023))
    if pool == "language":
        return rng.choice(invent_words.LANGS)
    if pool == "title":
        return title(rng)
    if pool == "player":
        return _player_name(fake(rng))
    return _plain_name(fake(rng))


def invent_fact(kind: Kind, subject: Subject, query_day: dt.date, rng: random.Random) -> Fact:
    """A made-up value of `kind` for `subject` as of `query_day`, with older values if dynamic."""
    value, number, items, alts = _value(kind, rng, query_day)
    stale = (
        tuple(_older(kind, value, number, rng, query_day) for _ in range(2))
        if kind.dynamism != "static"
        else ()
    )
    stale = tuple(dict.fromkeys(v for v in stale if v != value))
    as_of = _as_of(kind.dynamism, query_day, rng)
    return Fact(subject, kind.key, value, number, items, tuple(alts), stale, as_of.isoformat(), "", "web")


def _older(kind: Kind, value: str, number: float | None, rng: random.Random, day: dt.date) -> str:
    """An earlier value of `kind`: an amount drifts from the current one (a film's rating 8.6 a year before
    its 8.9, not 3.3: independent draws read as two films' values swapped, and set questions' answers changed
    with the line a reader trusted); a name or a date is another draw."""
    if number is None or kind.vtype not in ("money", "bigmoney", "decimal", "number"):
        return _value(kind, rng, day)[0]
    sign = rng.choice((-1, 1))
    share = rng.uniform(0.04, 0.2)  # of the current amount; a rating by 0.1-0.7 of its 2.5-9.2 scale
    if kind.vtype == "money":
        return values.money(max(0.01, round(number * (1 + sign * share), 2)))[0]
    if kind.vtype == "bigmoney":
        return values.bigmoney(max(1e6, round(number * (1 + sign * share) / 1e6) * 1e6))[0]
    if kind.vtype == "decimal":
        lo, hi = _DECIMALS.get(kind.key, (1.0, 60.0))
        x = min(hi, max(lo, number + sign * share * 3.5 * (hi - lo) / 6.7))
        return values.decimal(round(x, 1 if kind.key in _DECIMALS else 2))[0]
    low, high = _RANGES.get(kind.key, (1, 100))
    n = int(number) + sign * max(1, round(share * number))
    return values.number(min(high, max(low, n)))[0]


def _as_of(dynamism: str, query_day: dt.date, rng: random.Random) -> dt.date:
    back = {"real-time": 0, "fast-changing": rng.randint(1, 3), "slow-changing": rng.randint(20, 200)}
    return query_day - dt.timedelta(days=back.get(dynamism, rng.randint(400, 4000)))


def _value(
    kind: Kind, rng: random.Random, day: dt.date
) -> tuple[str, float | None, tuple[str, ...], list[str]]:
    vt = kind.vtype
    if vt == "money":
        x = round(rng.uniform(*_MONEY.get(kind.key, (4, 420))), 2)
        return (*_pair(values.money(x), x),)
    if vt == "bigmoney":
        low, high = _RANGES.get(kind.key, (20, 90_000))
        x = float((low + int((high - low + 1) * rng.random() ** _SKEWED.get(kind.key, 1.0))) * 1_000_000)
        return (*_pair(values.bigmoney(x), x),)
    if vt == "decimal":
        lo, hi = _DECIMALS.get(kind.key, (1.0, 60.0))
        x = lo + (hi - lo) * rng.random() ** _SKEWED.get(kind.key, 1.0)  # rng.uniform(lo, hi) when not skewed
        x = round(x, 1 if kind.key in _DECIMALS else 2)
        return (*_pair(values.decimal(x), x),)
    if vt == "number":
        low, high = _RANGES.get(kind.key, (1, 100))
        skew = _SKEWED.get(kind.key)
        n = low + int((high - low + 1) * rng.random() ** skew) if skew else rng.randint(low, high)
        return (*_pair(values.number(n), float(n)),)
    if vt == "year":
        low, high = _RANGES.get(kind.key, (1890, 2015))
        y = rng.randint(low, min(high, day.year))
        return str(y), float(y), (), []
    if vt == "date":
        # people asked about are grown up (born by 2004); other dates run to 2022
        d = dt.date(1940, 1, 1) + dt.timedelta(days=rng.randint(0, 23_700 if "birth" in kind.key else 30_000))
        return (*_pair(values.date(d), float(d.toordinal())),)
    if vt == "score":
        a, b = rng.randint(85, 130), rng.randint(85, 130)
        return (*_pair(values.score(a, b + (a == b)), None),)
    if vt == "list":
        pool = "player" if kind.domain == "sports" and kind.pool == "person" else kind.pool  # a team's men
        items = tuple(dict.fromkeys(pool_item(pool, rng) for _ in range(rng.randint(3, 5))))
        items = _sized(kind.key, items, pool)
        if pool == "language":  # a town of English names speaks English and one or two of its residents'
            # other tongues ("Polish, Hindi and Italian" spoken at Juliashire read absurd, reader63)
            items = ("English", *[i for i in items if i != "English"][: 1 + len(items) % 2])
        shown, alts = values.listing(list(items))
        return shown, float(len(items)), items, alts
    if vt == "person":
        f = fake(rng)
        return (*_pair(values.person(_unknown(f, lambda: _plain(str(f.name())))), None),)
    if vt == "place" and kind.key == "sp.arena":  # a venue, not a town: "the home venue of kleinberg comets"
        # answered "lauraview, tennessee" (reader64, absurd)
        return (*_pair(values.name(f"{fake(rng).city()} {rng.choice(_VENUES)}"), None),)
    if vt == "place":
        f = fake(rng)
        return (*_pair(values.name(f"{f.city()}, {f.state()}"), None),)
    if vt == "team":
        return (*_pair(values.name(subject_name("team", rng)), None),)
    return (*_pair(values.name(title(rng)), None),)


def _pair(
    shown: tuple[str, list[str]], number: float | None
) -> tuple[str, float | None, tuple[str, ...], list[str]]:
    return shown[0], number, (), shown[1]


def scale(key: str) -> tuple[float, float] | None:
    """The range a decimal kind's values keep (a rating out of 10, points a game), None when unbounded."""
    return _DECIMALS.get(key)


# lists whose size is the thing's own, not a draw
LIST_SIZES = {"sp.lineup": 5}


def _sized(key: str, items: tuple[str, ...], pool: str) -> tuple[str, ...]:
    """`items` at the size its kind has (`LIST_SIZES`): a starting five is five on every page that lists one,
    the older ones too (g28 reader: 4, 3 and 5 on one question's pages). Drawn apart from the world's
    stream (from the items themselves), so every other value keeps its draw."""
    size = LIST_SIZES.get(key)
    if size is None:
        return items
    more = random.Random("|".join(items))
    while len(items) < size:
        items = tuple(dict.fromkeys((*items, pool_item(pool, more))))
    return items[:size]


def other_value(kind: Kind, rng: random.Random, day: dt.date) -> str:
    """Another plausible value of `kind` (what a look-alike entity's page states)."""
    return _value(kind, rng, day)[0]


def drawn(
    kind: Kind, rng: random.Random, day: dt.date
) -> tuple[str, float | None, tuple[str, ...], list[str]]:
    """`other_value` with its number, items and other forms (the same draws)."""
    return _value(kind, rng, day)


# a name as a page or a user says it, without Faker's titles and degrees: "coach Mrs. Danielle Copeland MD"
# (g29 reader #22); stripped after the draw, so every other name keeps its draw
_TITLES = re.compile(r"^(?:Mr|Mrs|Ms|Miss|Dr|Prof)\.? | (?:MD|DDS|DVM|PhD|Jr\.|Sr\.|II|III|IV|V)$")


def _plain(name: str) -> str:
    """`name` without a leading title or a trailing degree or generation."""
    return _TITLES.sub("", _TITLES.sub("", name))
