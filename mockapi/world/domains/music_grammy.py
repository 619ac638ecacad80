"""Grammy winners 1958..2019 for the three categories the endpoints read, drawn from the music catalogue.

Every row is a win (as the original treats the table). Song and album winners are new works of an artist
active the year before the ceremony, so release dates and careers agree with the award year.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from mockapi.world.domains.music_catalog import Artist, Catalog, date_in
from mockapi.world.names import make_name, person_name

FIRST_YEAR, LAST_YEAR = 1958, 2019
CATEGORIES = ("Best New Artist", "Song Of The Year", "Album Of The Year")


@dataclass(frozen=True)
class GrammyRow:
    year: int
    category: str
    nominee: str
    artist: str | None
    workers: str | None


def _active(artists: list[Artist], year: int) -> list[Artist]:
    return [a for a in artists if a.start_year < year and a.last_year >= year - 1]


def _pick(rng: random.Random, targets: list[Artist], others: list[Artist], year: int) -> Artist | None:
    """A target artist a third of the time (so awards questions have answers), else any active artist."""
    pool = _active(targets, year) if rng.random() < 0.35 else []
    pool = pool or _active(others, year) or _active(targets, year)
    return rng.choice(pool) if pool else None


def _new_artist_winner(rng: random.Random, artists: list[Artist], year: int, used: set[str]) -> Artist | None:
    fresh = [a for a in artists if year - 3 <= a.start_year < year and a.eid not in used]
    return rng.choice(fresh) if fresh else None


def build_grammys(rng: random.Random, cat: Catalog) -> list[GrammyRow]:
    """Rows in year order, categories in a fixed order within a year."""
    real = [a for a in cat.artists if a.lookalike_of is None]
    targets = [a for a in real if a.is_target]
    others = [a for a in real if not a.is_target]
    rows: list[GrammyRow] = []
    used_new: set[str] = set()
    for year in range(FIRST_YEAR, LAST_YEAR + 1):
        newbie = _new_artist_winner(rng, targets if rng.random() < 0.5 else real, year, used_new)
        newbie = newbie or _new_artist_winner(rng, real, year, used_new)
        if newbie is not None:
            used_new.add(newbie.eid)
            rows.append(GrammyRow(year, CATEGORIES[0], newbie.name, None, None))
        singer = _pick(rng, targets, others, year)
        if singer is not None:
            song = cat.new_song(rng, singer, date_in(rng, year - 1, year - 1))
            writers = (
                f"{song.author}, songwriter" if rng.random() < 0.6 else f"{person_name(rng)} & {song.author}"
            )
            rows.append(GrammyRow(year, CATEGORIES[1], song.name, singer.name, writers))
        maker = _pick(rng, targets, others, year)
        if maker is not None:
            album = make_name("album", rng)
            maker.works.append(album)
            roles = ("producer", "engineer/mixer", "mastering engineer")
            crew = "; ".join(f"{person_name(rng)}, {role}" for role in roles)
            rows.append(GrammyRow(year, CATEGORIES[2], album, maker.name, crew))
    return rows
