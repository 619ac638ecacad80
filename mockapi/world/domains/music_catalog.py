"""The music catalogue in memory: artists, bands (with member artists), songs and works, before any rows.

Targets, their look-alikes and filler are made here; Grammy and Billboard stages add songs and works to it.
Artist and song names are exact keys in CRAG (case-sensitive dicts), so uniqueness is on the exact string.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field

from mockapi.world.context import WorldContext
from mockapi.world.names import NameRegistry, lookalikes, make_name, person_name, place_name
from mockapi.world.real import sequels

COUNTRIES = {
    "US": "United States", "GB": "United Kingdom", "CA": "Canada", "AU": "Australia", "SE": "Sweden",
    "DE": "Germany", "FR": "France", "NO": "Norway", "JP": "Japan", "KR": "South Korea", "BR": "Brazil",
    "IE": "Ireland", "NZ": "New Zealand", "NL": "Netherlands", "ES": "Spain", "IT": "Italy", "MX": "Mexico",
    "JM": "Jamaica", "IS": "Iceland", "FI": "Finland",
}  # fmt: skip
_COUNTRY_WEIGHTS = [40, 14, 6, 5, 4, 4, 3, 3, 3, 3, 2, 2, 1, 2, 2, 2, 2, 1, 1, 1]
TIERS = ("head", "torso", "tail")


@dataclass
class Artist:
    eid: str
    name: str
    kind: str  # 'artist' (solo) or 'band'
    country: str | None
    birth_date: str
    end_date: str | None
    start_year: int  # first year of the career: when songs and awards become plausible
    popularity: str = "noise"
    is_target: bool = False
    lookalike_of: str | None = None
    members: list[str] | None = None
    member_eids: list[str] = field(default_factory=list)
    works: list[str] = field(default_factory=list)

    @property
    def last_year(self) -> int:
        return int(self.end_date[:4]) if self.end_date else 2024


@dataclass
class Song:
    eid: str
    name: str
    performer: Artist
    author: str
    author_eid: str | None
    country: str
    date: str
    popularity: str = "noise"
    is_target: bool = False
    lookalike_of: str | None = None


@dataclass
class Catalog:
    artists: list[Artist] = field(default_factory=list)
    songs: list[Song] = field(default_factory=list)
    artist_names: NameRegistry = field(default_factory=NameRegistry)
    song_names: NameRegistry = field(default_factory=NameRegistry)

    def new_song(self, rng: random.Random, performer: Artist, date: str, name: str | None = None) -> Song:
        """A song by `performer` (claimed unique title), its author and a 'single' entry in the works."""
        title = name if name is not None else self.song_names.fresh("song", rng)
        author, author_eid = performer.name, performer.eid
        if performer.members and rng.random() < 0.4:
            i = rng.randrange(len(performer.members))
            member = self.artists[int(performer.member_eids[i].rsplit(":", 1)[1])]
            if _wrote(member, date):
                author, author_eid = performer.members[i], performer.member_eids[i]
        country = "XW" if rng.random() < 0.4 else (performer.country or "US")
        song = Song(f"music:song:{len(self.songs)}", title, performer, author, author_eid, country, date)
        self.songs.append(song)
        performer.works.append(title)
        return song


def tier(i: int, n: int) -> str:
    """Equal thirds by position: the first third head, then torso, then tail."""
    return TIERS[min(2, i * 3 // max(1, n))]


def date_in(rng: random.Random, y0: int, y1: int) -> str:
    day = dt.date(y0, 1, 1) + dt.timedelta(days=rng.randrange((dt.date(y1, 12, 31) - dt.date(y0, 1, 1)).days))
    return min(day, dt.date(2024, 3, 1)).isoformat()


def _new_artist(cat: Catalog, rng: random.Random, kind: str, name: str) -> Artist:
    country = rng.choices(list(COUNTRIES), _COUNTRY_WEIGHTS)[0] if rng.random() < 0.93 else None
    if kind == "band":
        start = rng.randint(1955, 2021)
        birth, end = (
            str(start),
            (str(rng.randint(start + 2, 2023)) if start < 2019 and rng.random() < 0.25 else None),
        )
    else:
        year = rng.randint(1932, 2003)
        start = year + rng.randint(16, 26)
        birth = str(year) if rng.random() < 0.3 else date_in(rng, year, year)
        end = date_in(rng, max(start + 3, year + 40), 2023) if year < 1975 and rng.random() < 0.2 else None
    eid = f"music:{kind}:{len(cat.artists)}"
    artist = Artist(eid, name, kind, country, birth, end, min(start, 2023))
    cat.artists.append(artist)
    if kind == "band":
        _add_members(cat, rng, artist)
    return artist


def _add_members(cat: Catalog, rng: random.Random, band: Artist) -> None:
    """Every band gets 3-6 member artists of its own (entities with artist rows, linked by member_of)."""
    band.members, band.member_eids = [], []
    for _ in range(rng.randint(3, 6)):
        name = person_name(rng)
        if not cat.artist_names.claim(name):
            continue
        member = _new_artist(cat, rng, "artist", name)
        member.country = band.country
        band.members.append(member.name)
        band.member_eids.append(member.eid)


def _add_works(rng: random.Random, artist: Artist, n: int) -> None:
    """Albums and live sessions ('2011-04-08: Paradiso FM, Amsterdam, Netherlands') in release order."""
    for _ in range(n):
        if rng.random() < 0.2:
            day = date_in(rng, artist.start_year, min(artist.last_year, 2023))
            country = COUNTRIES.get(artist.country or "US", "United States")
            venue = f"{place_name(rng)} {rng.choice(('FM', 'Live', 'Radio', 'Sessions', 'Hall'))}"
            artist.works.append(f"{day}: {venue}, {place_name(rng)}, {country}")
        else:
            artist.works.append(make_name("album", rng))


MIN_AUTHOR_AGE = 12  # nobody writes a released song younger (g24 draft: 129 of 5,516 by the audit's credits)


def _wrote(member: Artist, date: str) -> bool:
    """Whether a band member could have written a song of `date`: 12 or older and alive then (a member born
    1987 wrote a 1968 song, one dead in 1991 a 2023 one)."""
    year = int(date[:4])
    return int(member.birth_date[:4]) + MIN_AUTHOR_AGE < year <= member.last_year  # 12 by the day, too


def _song_date(rng: random.Random, artist: Artist, recent: bool) -> str:
    if recent and artist.last_year >= 2023:  # a current hit, not of an act that ended (a singer dead in 1991)
        return date_in(rng, 2023, 2024)
    return date_in(rng, artist.start_year, min(artist.last_year, 2024))


def _last_day(artist: Artist) -> dt.date:
    """The last day `artist` may release a song on."""
    end = dt.date(artist.last_year, 12, 31)
    return min(end, sequels.LAST_DAY)


def build_catalog(ctx: WorldContext) -> Catalog:
    """Targets (artists, bands, songs in turn), >= ctx.scale.lookalikes look-alikes each, then filler."""
    rng, cat = ctx.rng("music", "catalog"), Catalog()
    n_targets, n_like = ctx.scale.targets["music"], ctx.scale.lookalikes
    kinds = [rng.choice(("artist", "band")) for _ in range(max(8, n_targets))]
    performers = [_new_artist(cat, rng, k, cat.artist_names.fresh(k, rng)) for k in kinds]
    for i in range(n_targets):
        kind, pop = ("artist", "band", "song")[i % 3], tier(i, n_targets)
        if kind == "song":
            perf = performers[i]
            song = cat.new_song(rng, perf, _song_date(rng, perf, pop == "head"))
            song.popularity, song.is_target = pop, True
            for name in lookalikes(song.name, "song", rng, n_like, cat.song_names):
                other = rng.choice(performers)
                date = _song_date(rng, other, False)
                if sequels.is_sequel(song.name, name) and date <= song.date:
                    # a sequel by the original's act, after it (g23: 23 of 117 KG sequels came first)
                    other, date = perf, sequels.after(song.date, name, _last_day(perf))
                if (year := sequels.titled_year(name)) is not None:  # "X (1987 film)": a song of 1987
                    acts = [a for a in (other, perf, *performers) if a.start_year <= year <= a.last_year]
                    other, date = (acts[0], sequels.in_year(date, year)) if acts else (other, date)
                cat.new_song(rng, other, date, name).lookalike_of = song.eid
            continue
        art = _new_artist(cat, rng, kind, cat.artist_names.fresh("band" if kind == "band" else "artist", rng))
        art.popularity, art.is_target = pop, True
        _add_works(rng, art, {"head": 14, "torso": 8, "tail": 3}[pop] + rng.randint(0, 8))
        for j in range(rng.randint(3, 8)):
            cat.new_song(rng, art, _song_date(rng, art, pop == "head" and j == 0))
        for name in lookalikes(
            art.name, "band" if kind == "band" else "artist", rng, n_like, cat.artist_names
        ):
            like = _new_artist(cat, rng, kind, name)
            like.lookalike_of = art.eid
            _add_works(rng, like, rng.randint(0, 4))
            for _ in range(rng.randint(0, 2)):
                cat.new_song(rng, like, _song_date(rng, like, False))
    _add_filler(ctx, rng, cat)
    return cat


def _add_filler(ctx: WorldContext, rng: random.Random, cat: Catalog) -> None:
    """Half filler artists (with works and songs), half filler songs by existing artists."""
    n = ctx.scale.filler["music"]
    for _ in range(n // 2):
        kind = "band" if rng.random() < 0.25 else "artist"
        art = _new_artist(cat, rng, kind, cat.artist_names.fresh(kind, rng))
        _add_works(rng, art, rng.randint(1, 10))
    pool = [a for a in cat.artists if a.lookalike_of is None]
    for _ in range(n - n // 2):
        art = rng.choice(pool)
        cat.new_song(rng, art, _song_date(rng, art, False))
