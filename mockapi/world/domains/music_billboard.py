"""A simulated weekly Billboard Hot 100 up to the world clock, giving both rank and per-song tables.

Songs enter with a score that decays week by week; the top 100 of a week are the chart, songs that fall off
never re-enter. A burn-in period before the first published week means the first published chart already has
songs with long runs, peaks and last-week ranks that agree with the published history.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass

from mockapi.world.domains.music_catalog import Artist, Catalog, Song

BURN_IN_WEEKS = 20


@dataclass
class _Run:
    song: Song
    score: float
    weeks: int = 0
    peak: int = 101
    last: int | None = None


@dataclass(frozen=True)
class ChartEntry:
    date: str
    rank: int
    song: str
    artist: str
    row: list[str]  # the song_dict_hot100 row: positions 3..6 as contract §2.7


def chart_dates(clock: dt.datetime, weeks: int) -> list[dt.date]:
    """`weeks` Saturdays ending with the last Saturday on or before the clock, oldest first."""
    last = clock.date() - dt.timedelta(days=(clock.date().weekday() - 5) % 7)
    return [last - dt.timedelta(weeks=k) for k in range(weeks - 1, -1, -1)]


def _row(run: _Run, rank: int, date: str) -> list[str]:
    """New entries use the shifted layout (row[6] == '-'); others rank, last week, peak, weeks at 3..6."""
    name, artist = run.song.name, run.song.performer.name
    if run.last is None:
        return [name, artist, "NEW", str(rank), str(run.peak), str(run.weeks), "-", date]
    move = run.last - rank
    return [
        name,
        artist,
        f"{move:+d}" if move else "=",
        str(rank),
        str(run.last),
        str(run.peak),
        str(run.weeks),
        date,
    ]


def _entrants(
    rng: random.Random, cat: Catalog, week: dt.date, prev: dt.date, dated: list[Song], active: list[Artist]
) -> list[Song]:
    """Catalogue songs released this week, topped up with new songs by active artists."""
    lo, hi = prev.isoformat(), week.isoformat()
    new = [s for s in dated if lo < s.date <= hi]
    for _ in range(max(0, rng.randint(6, 11) - len(new))):
        day = week - dt.timedelta(days=rng.randint(0, 6))
        new.append(cat.new_song(rng, rng.choice(active), day.isoformat()))
    return new


def build_chart(rng: random.Random, cat: Catalog, clock: dt.datetime, weeks: int) -> list[ChartEntry]:
    """Published entries for `weeks` weeks (oldest week first, rank 1..100 within a week)."""
    dates = chart_dates(clock, weeks + BURN_IN_WEEKS)
    first = dates[BURN_IN_WEEKS].isoformat()
    dated = sorted((s for s in cat.songs if dates[0].isoformat() < s.date <= dates[-1].isoformat()),
                   key=lambda s: (s.date, s.eid))  # fmt: skip
    # artists still active at the clock; computed once (the chart adds songs, never artists)
    active = [a for a in cat.artists if a.lookalike_of is None and a.end_date is None]
    runs: list[_Run] = []
    out: list[ChartEntry] = []
    prev = dates[0] - dt.timedelta(weeks=1)
    for week in dates:
        if runs:
            fresh = _entrants(rng, cat, week, prev, dated, active)
        else:
            fresh = _seed_songs(rng, cat, week, active)
        for run in runs:
            run.score *= rng.uniform(0.78, 1.03) * (0.9 if run.weeks > 20 else 1.0)
        runs += [_Run(s, rng.uniform(20.0, 100.0)) for s in fresh]
        runs.sort(key=lambda r: (-r.score, r.song.eid))
        runs = runs[:100]
        for rank, run in enumerate(runs, start=1):
            run.weeks += 1
            run.peak = min(run.peak, rank)
            if week.isoformat() >= first:
                day = week.isoformat()
                out.append(
                    ChartEntry(day, rank, run.song.name, run.song.performer.name, _row(run, rank, day))
                )
            run.last = rank
        prev = week
    return out


def _seed_songs(rng: random.Random, cat: Catalog, week: dt.date, active: list[Artist]) -> list[Song]:
    """The first simulated chart: 100 songs released in the months before it."""
    return [cat.new_song(rng, rng.choice(active), (week - dt.timedelta(days=rng.randint(7, 200))).isoformat())
            for _ in range(100)]  # fmt: skip
