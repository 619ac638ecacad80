"""Grammy winners 1958..2019 for the three categories the endpoints read, drawn from the music catalogue.

Every row is a win (as the original treats the table). Song and album winners are new works of an artist
active the year before the ceremony, so release dates and careers agree with the award year.
"""

from __future__ import annotations

import random
from bisect import bisect_left
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


class _ByStart:
    """Artists sorted by career start, so picking an active one is a bisect, not a scan (full scale)."""

    def __init__(self, artists: list[Artist]) -> None:
        self.items = sorted(artists, key=lambda a: (a.start_year, a.eid))
        self.starts = [a.start_year for a in self.items]

    def active(self, rng: random.Random, year: int) -> Artist | None:
        """A random artist whose career began before `year` and lasted into the year before."""
        hi = bisect_left(self.starts, year)
        for _ in range(40 if hi else 0):
            artist = self.items[rng.randrange(hi)]
            if artist.last_year >= year - 1:
                return artist
        return None

    def debut(self, rng: random.Random, year: int, used: set[str]) -> Artist | None:
        """A random artist whose career began in the three years before `year`, not yet in `used`."""
        lo, hi = bisect_left(self.starts, year - 3), bisect_left(self.starts, year)
        fresh = [a for a in self.items[lo:hi] if a.eid not in used]
        return rng.choice(fresh) if fresh else None


def _pick(rng: random.Random, targets: _ByStart, others: _ByStart, year: int) -> Artist | None:
    """A target artist a third of the time (so awards questions have answers), else any active artist."""
    pick = targets.active(rng, year) if rng.random() < 0.35 else None
    return pick or others.active(rng, year) or targets.active(rng, year)


def build_grammys(rng: random.Random, cat: Catalog) -> list[GrammyRow]:
    """Rows in year order, categories in a fixed order within a year."""
    real = [a for a in cat.artists if a.lookalike_of is None]
    targets = _ByStart([a for a in real if a.is_target])
    others, everyone = _ByStart([a for a in real if not a.is_target]), _ByStart(real)
    rows: list[GrammyRow] = []
    used_new: set[str] = set()
    for year in range(FIRST_YEAR, LAST_YEAR + 1):
        newbie = (targets if rng.random() < 0.5 else everyone).debut(rng, year, used_new)
        newbie = newbie or everyone.debut(rng, year, used_new)
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
