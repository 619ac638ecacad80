"""Issue 31 (pages32): running totals never fall over time, and award counts stay within the real records.

g32 reader #13: a film's worldwide gross $21.0M (Nov 2022) -> $20.0M (Apr 2023) -> the answer's $18.0M (Nov
2023), 56 of 82 films with two dated figures (g30, reader31's gross.py); one film no question asked about
grossed $83m, $318m, $105m and $181m between September and February (each roundup drew its own). #15: one
director's films won 11, 10, 9, 7 and 6 Oscars."""

from __future__ import annotations

import datetime as dt
import itertools
import random
from collections import defaultdict

from mockapi.world.pages import consistency, decoys, histories, statements, totals
from mockapi.world.pages.figure_days import amount
from mockapi.world.questions.model import Fact, Subject
from mockapi.world.real import awards

_DAY = dt.date(2024, 2, 29)
_FILM = Subject("Lonely Circuit", "movie", "movie", lookalikes=("Lonely Circuit II", "The Lonely Circuitt"))


def _gross() -> Fact:
    return Fact(_FILM, "mv.gross", "$18.0 million", 18e6, stale=("$21.0 million", "$20.0 million"),
                as_of="2023-11-14")  # fmt: skip


def test_a_films_older_grosses_are_smaller_and_older() -> None:
    fact = _gross()
    older = consistency.older_values(fact)
    assert older and all(amount(v) < 18e6 for v in older)
    # each older value on one date, the smaller the earlier, all before the answer's
    dated: dict[str, set[dt.date]] = {}
    for seed in range(60):
        for piece in statements.stale_pieces(fact, random.Random(seed), "dev", _DAY):
            assert piece.claim is not None
            dated.setdefault(piece.claim[2], set()).add(_as_of(fact, piece.claim[2]))
    assert all(len(days) == 1 for days in dated.values())
    order = sorted((next(iter(days)), amount(v)) for v, days in dated.items())
    assert [x for _d, x in order] == sorted(x for _d, x in order)
    assert all(d < dt.date(2023, 11, 14) for d, _x in order)


def _as_of(fact: Fact, value: str) -> dt.date:
    return histories.stale_day(fact, value)  # the one day per older value (`totals.back_days` for a total)


def test_a_names_gross_never_falls_across_pages() -> None:
    """An unasked film's gross on roundups of many days, and a look-alike's on a question's pages of many
    days: one total per name, grown to each date, never smaller at a later date."""
    peer = Subject("Broken Letters", "movie", "movie")
    series: dict[str, list[tuple[dt.date, float]]] = defaultdict(list)
    for seed in range(300):
        day = _DAY - dt.timedelta(days=seed * 3)
        for piece in statements.figure_pieces(peer, random.Random(seed), "dev", day, 6):
            if piece.claim is not None and piece.claim[1] == "mv.gross":
                series["figure"].append((day, amount(piece.claim[2])))
        fact = _gross()
        value = decoys.wrong(fact, random.Random(seed), day, "Lonely Circuit II")
        when = statements.rival_day(fact, "Lonely Circuit II", day)
        series["rival"].append((dt.date.fromisoformat(when), amount(value)))
        # a peer of another question's pages that drew the same title: the same history as its roundups'
        value = decoys.wrong(fact, random.Random(seed), day, peer="Broken Letters")
        when = statements.rival_day(fact, "Broken Letters", day)
        series["figure"].append((dt.date.fromisoformat(when), amount(value)))
    assert len(series["figure"]) > 20
    for points in series.values():
        points.sort()
        falls = [(a, b) for a, b in itertools.pairwise(points) if b[1] < a[1]]
        assert falls == []


def test_totals_grow_with_the_date() -> None:
    for kind, whole in (("mv.gross", "$412.0 million"), ("mu.weeks", "31"), ("mu.albums", "9"),
                        ("sp.wins", "44"), ("mu.grammys", "6")):  # fmt: skip
        figures = [
            totals.figure(totals.at(kind, "Glass Signal", whole, _DAY - dt.timedelta(days=d)), kind)
            for d in range(900, -1, -5)
        ]
        season = kind == "sp.wins"  # wins count from each season's start
        runs = [figures] if not season else [figures[-30:]]
        for run in runs:
            assert run == sorted(run), kind
        assert max(figures) <= totals.figure(whole, kind)


def test_award_counts_follow_the_record_books() -> None:
    rng = random.Random(7)
    oscars = [awards.draw("mv.oscars", rng) for _ in range(20_000)]
    assert max(oscars) <= 11
    assert sum(n == 1 for n in oscars) / len(oscars) > 0.5  # most winners hold one
    assert sum(n >= 9 for n in oscars) / len(oscars) < 0.01  # nine or more: under one in a hundred
    # a dozen Grammys at most (the audit's magnitudes line reads more as absurd for a KG artist)
    assert max(awards.draw("mu.grammys", rng) for _ in range(20_000)) <= 12
    # a page's invented films: never above the record, mostly one or two
    counts = []
    for seed in range(400):
        film = Subject(f"Film {seed}", "movie", "movie")
        for piece in statements.figure_pieces(film, random.Random(seed), "dev", _DAY, 6):
            if piece.claim is not None and piece.claim[1] == "mv.oscars":
                counts.append(int(totals.figure(piece.claim[2], "mv.oscars")))
    assert counts and max(counts) <= 11 and sum(c <= 2 for c in counts) / len(counts) > 0.6
    # a rival beside an 11-Oscar film holds no more than the record
    fact = Fact(_FILM, "mv.oscars", "11", 11.0)
    rivals = [decoys.wrong(fact, random.Random(s), _DAY, "Lonely Circuit II") for s in range(200)]
    assert max(int(totals.figure(v, "mv.oscars")) for v in rivals) <= 11


def test_a_look_alike_clubs_wins_never_fall_across_questions() -> None:
    """Questions about two clubs of one city drew their shared look-alike's wins near their own answers:
    "Omaha Buccaneers have recorded 25 wins" on 22 Feb, "21" on 7 Mar (5d1bd34's world)."""
    points = []
    for name, value, as_of in (
        ("Omaha Dukes", "36", "2024-02-22"),
        ("Omaha Breakers", "19", "2024-03-07"),
        ("Omaha Tempest", "28", "2024-01-10"),
        ("Omaha Raiders", "11", "2024-02-02"),
    ):
        club = Subject(
            name, "sports", "team", entity_id=f"sports:nba_team:{name}", lookalikes=("Omaha Buccaneers",)
        )
        fact = Fact(club, "sp.wins", value, float(value), as_of=as_of)
        for seed in range(10):
            day = dt.date.fromisoformat(as_of) + dt.timedelta(days=seed)
            when = statements.rival_day(fact, "Omaha Buccaneers", day)
            wins = decoys.wrong(fact, random.Random(seed), day, "Omaha Buccaneers")
            points.append((dt.date.fromisoformat(when), int(totals.figure(wins, "sp.wins"))))
    points.sort()
    assert [(a, b) for a, b in itertools.pairwise(points) if b[1] < a[1]] == []
    assert max(n for _d, n in points) <= 62  # within a season's games
