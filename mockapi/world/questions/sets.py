"""Named sets: the groups that questions naming no entity are about, named as people name them ("the films
christopher nolan directed", "which meridian 100 company", "among the teams in the lakeshore conference").

A set has fixed members for the whole world (two questions about "the meridian 100 companies" ask about the
same companies), a title that pages print over its table ("Meridian 100 components"), and the phrases a
question uses: the definite plural ("the films x directed"), and a modifier that makes "which x film" and
"x films". Its members are stated on the pages that list it (pages.tables prints the title over the rows).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from mockapi.world.questions import invent, set_names

_INDICES, _SECTORS, _GENRES = set_names.INDICES, set_names.SECTORS, set_names.GENRES
_MUSIC_GENRES, _CONFERENCES, _LEAGUES = set_names.MUSIC_GENRES, set_names.CONFERENCES, set_names.LEAGUES
_DIVISIONS = tuple(c for c in _CONFERENCES if c not in _LEAGUES)  # basketball's (players score points)
_LABELS = set_names.LABELS
_SINGULAR = {"companies": "company", "stocks": "stock", "teams": "team", "clubs": "club", "films": "film",
             "movies": "movie", "songs": "song", "tracks": "track", "singles": "single", "artists": "artist",
             "singers": "singer", "bands": "band", "landmarks": "landmark", "places": "place",
             "players": "player"}  # fmt: skip


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
        return _year_of(rng, noun, "movie", rng.choice(_GENRES))
    if roll < 0.65:
        p = _person(rng)
        # said both ways, so the title's "by" is a word questions use too (not a mark of the set's pages)
        core = f"{noun} directed by {p.lower()}" if rng.random() < 0.5 else f"{noun} {p.lower()} directed"
        return NamedSet(f"Films directed by {p}", core, p.lower(), noun, "movie", p, "mv.director")
    if roll < 0.75:
        p = _person(rng)
        return NamedSet(f"{p} filmography", f"{noun} {p.lower()} starred in", p.lower(), noun, "movie", p)
    return _year_of(rng, noun, "movie", "")


def _year_of(rng: random.Random, noun: str, kind: str, genre: str) -> NamedSet:
    """One year's works, with a genre or without ("the horror films released in 2012", "which 2012 horror
    film"): a set people name in common words, closed by its year (the world's other sets are named by its
    own names: `_teams`, `_companies`, `_roster`; with a studio's name here too, the questions naming no
    entity fell from 0.137 to 0.021 of the default world's, against the audit's bar of 0.10). A studio's own
    set of all years is gone with generator 44."""
    y = str(rng.randint(1995, 2023))
    works = "films" if kind == "movie" else "singles"
    head = f"{title_case(genre)} {works}" if genre else works.capitalize()
    core = f"{genre} {noun} released in {y}".strip()
    return NamedSet(f"{head} of {y}", core, f"{y} {genre}".strip(), noun, kind, proper=False)


def _companies(rng: random.Random) -> NamedSet:
    if rng.random() < 0.25:
        i = rng.choice(_INDICES)
        noun = rng.choice(("companies", "stocks"))
        return NamedSet(f"{title_case(i)} components", f"{noun} in the {i}", i, noun, "company")
    # a sector's index ("the stocks in the utility index", "Utility Index components"): "the utility company
    # with the highest eps" named an open real-world set its six invented members could not be (reader62, 4
    # of 40 questions over sets no page or question closed). In common words: with a brand ("the northstar
    # utility index") the questions naming no entity fell to 0.09 of the default world's (the audit's bar
    # 0.10; CRAG: 0.26 of its finance questions). Its members are named as the sector's (`topics._fits`).
    s = rng.choice(_SECTORS)
    noun = rng.choice(("stocks", "companies"))
    return NamedSet(f"{title_case(s)} Index components", f"{noun} in the {s} index", "", noun, "company",
                    proper=False, post=f" in the {s} index")  # fmt: skip


def _teams(rng: random.Random) -> NamedSet:
    """The teams of one of the world's conferences or leagues, said with their sport or without ("the
    basketball teams in the harbor division", "the clubs in the coastal league"): "of the basketball teams,
    which has the most wins?" named no set a reader could close (reader62). One title a conference, so the
    two sayings are one set."""
    c = rng.choice(_CONFERENCES)
    noun = "clubs" if c in _LEAGUES else "teams"
    if rng.random() < 0.6:  # "which basketball team in the harbor division has the most wins?"
        sport = rng.choice(("soccer", "football")) if noun == "clubs" else "basketball"
        return NamedSet(f"{title_case(c)} standings", f"{sport} {noun} in the {c}", sport, noun, "team",
                        proper=False, post=f" in the {c}")  # fmt: skip
    return NamedSet(f"{title_case(c)} standings", f"{noun} in the {c}", c, noun, "team")


def _songs(rng: random.Random) -> NamedSet:
    noun = rng.choice(("songs", "tracks", "singles"))
    if rng.random() < 0.5:
        return _year_of(rng, noun, "song", rng.choice(_MUSIC_GENRES))
    a = invent.subject_name("artist", rng)
    return NamedSet(f"{a} discography", f"{noun} by {a.lower()}", a.lower(), noun, "song", a, "rel:performer")


def _artists(rng: random.Random) -> NamedSet:
    noun = rng.choice(("artists", "singers"))
    return _roster(rng, noun, "artist", 0.6)


def _bands(rng: random.Random) -> NamedSet:
    return _roster(rng, "bands", "band", 0.5)


def _roster(rng: random.Random, noun: str, kind: str, p_genre: float) -> NamedSet:
    """A genre's acts ("the indie artists"), else the acts signed to one of the world's labels ("the artists
    signed to northlight records"). A genre's set stays in common words: with a label's name too ("the
    indie artists signed to northlight records") the questions naming no entity fell to 0.09 of the default
    world's (the audit's bar 0.10)."""
    if rng.random() < p_genre:
        g = rng.choice(_MUSIC_GENRES)
        return NamedSet(f"{title_case(g)} {noun}", f"{g} {noun}", g, noun, kind, proper=False)
    label = rng.choice(_LABELS)
    return NamedSet(
        f"{label} {_PLURAL[kind]}", f"{noun} signed to {label.lower()}", label.lower(), noun, kind
    )


_PLURAL = {"artist": "artists", "band": "bands"}


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
    if rng.random() < 0.4:  # "the rookie players in the harbor division" (an open set unqualified: reader62)
        role, c = rng.choice(("rookie", "veteran", "starting")), rng.choice(_DIVISIONS)
        return NamedSet(f"{title_case(role)} players in the {title_case(c)}", f"{role} players in the {c}",
                        role, "players", "player", proper=False, post=f" in the {c}")  # fmt: skip
    team = invent.subject_name("team", rng)
    return NamedSet(f"{team} roster", f"players on the {team.lower()}", team.lower(), "players", "player")


def title_case(text: str) -> str:
    """A title's capitals: "Oil and Gas Stocks", "R&B Artists"."""

    def word(w: str) -> str:
        if w in ("and", "of"):
            return w
        return w.upper() if w in ("r&b",) else w[:1].upper() + w[1:]

    return " ".join(word(w) for w in text.split())


_MAKERS = {"movie": _movies, "company": _companies, "team": _teams, "song": _songs, "artist": _artists,
           "band": _bands, "topic": _places, "player": _players}  # fmt: skip
