"""Named sets: the groups that questions naming no entity are about, named as people name them ("the films
christopher nolan directed", "which meridian composite company", "among the teams in the lakeshore
conference").

A set has fixed members for the whole world (two questions about "the meridian composite companies" ask about
the same companies), a title that pages print over its table ("Meridian Composite components"), and the
phrases a question uses: the definite plural ("the films x directed"), and a modifier that makes "which x
film" and "x films". Its members are stated on the pages that list it (pages.tables prints the title over the
rows).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from mockapi.world.questions import invent, set_names

_INDICES, _SECTORS, _GENRES = set_names.INDICES, set_names.SECTORS, set_names.GENRES
_MUSIC_GENRES, _CONFERENCES, _LEAGUES = set_names.MUSIC_GENRES, set_names.CONFERENCES, set_names.LEAGUES
_LABELS = ("Northlight Records", "Blue Harbor Music", "Silverline Records", "Red Canyon Recordings")
_STUDIOS = ("Northlight Pictures", "Blue Harbor Films", "Silverline Studios", "Red Canyon Pictures")
_SINGULAR = {"companies": "company", "stocks": "stock", "teams": "team", "clubs": "club", "films": "film",
             "movies": "movie", "songs": "song", "tracks": "track", "artists": "artist", "singers": "singer",
             "bands": "band", "landmarks": "landmark", "places": "place", "players": "player"}  # fmt: skip


@dataclass(frozen=True)
class NamedSet:
    """A set of subjects of one kind with a name people use."""

    title: str  # how pages head its table ("Films directed by Christopher Nolan")
    core: str  # the definite plural without its article ("films christopher nolan directed")
    mod: str  # the modifier of "which <mod> film" ("christopher nolan")
    noun: str  # plural noun ("films")
    kind: str  # subject kind of the members
    holder: str = ""  # the person who defines the set (a director, an actor), '' if none
    relation: str = ""  # the fact kind that holder is to each member ("mv.director"), '' if none
    proper: bool = True  # named by a proper name ("serie a", a director); False: common words and years
    # what follows the noun in "which <mod> <noun><post>" ("that went public after 1995": `set_years`)
    post: str = ""

    @property
    def proper_name(self) -> str:
        """The proper name the set is named by ('' for "semiconductor stocks", "films released in 2019"):
        a question about it names that entity."""
        return self.mod if self.proper else ""

    def np(self, count: str = "") -> str:
        """'the films christopher nolan directed', or with a count: 'the six films ...'."""
        return f"the {count} {self.core}" if count else f"the {self.core}"

    def one(self) -> str:
        """'christopher nolan film' (after 'which')."""
        return f"{self.mod} {_SINGULAR.get(self.noun, self.noun)}{self.post}".strip()

    def many(self) -> str:
        """'christopher nolan films'."""
        return f"{self.mod} {self.noun}{self.post}".strip()


def make_set(kind: str, rng: random.Random) -> NamedSet | None:
    """A new named set of subjects of `kind`, or None when the kind has no sets."""
    maker = _MAKERS.get(kind)
    return maker(rng) if maker else None


def _person(rng: random.Random) -> str:
    return invent.subject_name("person", rng)


def _movies(rng: random.Random) -> NamedSet:
    roll, noun = rng.random(), rng.choice(("films", "movies"))
    if roll < 0.55:
        return _genre_year(rng, noun)
    if roll < 0.65:
        p = _person(rng)
        # said both ways, so the title's "by" is a word questions use too (not a mark of the set's pages)
        core = f"{noun} directed by {p.lower()}" if rng.random() < 0.5 else f"{noun} {p.lower()} directed"
        return NamedSet(f"Films directed by {p}", core, p.lower(), noun, "movie", p, "mv.director")
    if roll < 0.75:
        p = _person(rng)
        return NamedSet(f"{p} filmography", f"{noun} {p.lower()} starred in", p.lower(), noun, "movie", p)
    if roll < 0.8:
        s = rng.choice(_STUDIOS)
        short = s.rsplit(" ", 1)[0].lower()  # "which blue harbor film", not "which blue harbor films film"
        return NamedSet(f"Films released by {s}", f"{noun} released by {s.lower()}", short, noun, "movie")
    y = str(rng.randint(1995, 2023))
    return NamedSet(f"Films of {y}", f"{noun} released in {y}", y, noun, "movie", proper=False)


def _genre_year(rng: random.Random, noun: str) -> NamedSet:
    """'the horror films released in 2012': a set people name without naming anyone."""
    g, y = rng.choice(_GENRES), str(rng.randint(1995, 2023))
    return NamedSet(f"{title_case(g)} films of {y}", f"{g} {noun} released in {y}", f"{y} {g}", noun, "movie",
                    proper=False)  # fmt: skip


def _companies(rng: random.Random) -> NamedSet:
    if rng.random() < 0.25:
        i = rng.choice(_INDICES)
        noun = rng.choice(("companies", "stocks"))
        return NamedSet(f"{title_case(i)} components", f"{noun} in the {i}", i, noun, "company")
    s = rng.choice(_SECTORS)
    noun = rng.choice(("stocks", "companies"))
    return NamedSet(f"{title_case(s)} stocks", f"{s} {noun}", s, noun, "company", proper=False)


def _teams(rng: random.Random) -> NamedSet:
    if rng.random() < 0.6:  # "which basketball team has the most wins?": the sport names the set
        sport, noun = rng.choice((("basketball", "teams"), ("soccer", "clubs"), ("football", "clubs")))
        return NamedSet(
            f"{title_case(sport)} standings", f"{sport} {noun}", sport, noun, "team", proper=False
        )
    c = rng.choice(_CONFERENCES)
    noun = "clubs" if c in _LEAGUES else "teams"
    said = f"the {c}"
    return NamedSet(f"{title_case(c)} standings", f"{noun} in {said}", c, noun, "team")


def _songs(rng: random.Random) -> NamedSet:
    noun = rng.choice(("songs", "tracks", "singles"))
    if rng.random() < 0.5:
        g, y = rng.choice(_MUSIC_GENRES), str(rng.randint(1995, 2023))
        core = f"{g} {noun} released in {y}"
        return NamedSet(f"{title_case(g)} singles of {y}", core, f"{y} {g}", noun, "song", proper=False)
    a = invent.subject_name("artist", rng)
    return NamedSet(f"{a} discography", f"{noun} by {a.lower()}", a.lower(), noun, "song", a, "rel:performer")


def _artists(rng: random.Random) -> NamedSet:
    noun = rng.choice(("artists", "singers"))
    if rng.random() < 0.6:
        g = rng.choice(_MUSIC_GENRES)
        return NamedSet(f"{title_case(g)} {noun}", f"{g} {noun}", g, noun, "artist", proper=False)
    label = rng.choice(_LABELS)
    return NamedSet(f"{label} artists", f"{noun} signed to {label.lower()}", label.lower(), noun, "artist")


def _bands(rng: random.Random) -> NamedSet:
    if rng.random() < 0.5:
        g = rng.choice(_MUSIC_GENRES)
        return NamedSet(f"{title_case(g)} bands", f"{g} bands", g, "bands", "band", proper=False)
    label = rng.choice(_LABELS)
    return NamedSet(f"{label} bands", f"bands signed to {label.lower()}", label.lower(), "bands", "band")


def _places(rng: random.Random) -> NamedSet:
    noun = rng.choice(("landmarks", "places"))
    if rng.random() < 0.7:  # "the landmarks built in the 1800s"
        c = f"{rng.randint(15, 19)}00s"
        # each member dated in the century (`topics._defining`): members took starts drawn from their names,
        # and their pages worked on them before the set's century (g25 reader)
        return NamedSet(f"Landmarks built in the {c}", f"landmarks built in the {c}", c, "landmarks", "topic",
                        c, "op.founded", proper=False)  # fmt: skip
    city = invent.fake(rng).city()
    # titled by the noun drawn: a county and its towns as "Landmarks of Kaylahaven" (g29 reader #40)
    title = f"Landmarks of {city}" if noun == "landmarks" else f"Places in {city}"
    return NamedSet(title, f"{noun} in {city.lower()}", city.lower(), noun, "topic")


def _players(rng: random.Random) -> NamedSet:
    if rng.random() < 0.4:
        role = rng.choice(("rookie", "veteran", "starting"))
        return NamedSet(
            f"{title_case(role)} players", f"{role} players", role, "players", "player", proper=False
        )
    team = invent.subject_name("team", rng)
    # the team holds its players (`topics._defining` states it; `group_shapes._top_hop` asks no hop to it):
    # "name the team of the south matthewmouth falcons player with the highest points per game" was answered
    # "new williamchester comets" (reader64, absurd)
    return NamedSet(f"{team} roster", f"players on the {team.lower()}", team.lower(), "players", "player",
                    team, "rel:team")  # fmt: skip


def title_case(text: str) -> str:
    """A title's capitals: "Oil and Gas Stocks", "R&B Artists"."""

    def word(w: str) -> str:
        if w in ("and", "of"):
            return w
        return w.upper() if w in ("r&b",) else w[:1].upper() + w[1:]

    return " ".join(word(w) for w in text.split())


_MAKERS = {"movie": _movies, "company": _companies, "team": _teams, "song": _songs, "artist": _artists,
           "band": _bands, "topic": _places, "player": _players}  # fmt: skip
