"""Issue 31 (pages32): an animated film is drawn, animated, voiced and rendered, never shot on location or on
film stock ("part of Bright Summer was shot on digital stock" on 773 of 984 pages about an animated film:
g30 reader, anim.py); and a live-action film is never "animated"."""

from __future__ import annotations

import datetime as dt
import json
import random
import re
from pathlib import Path

import duckdb

from mockapi.core.paths import KG_DB
from mockapi.world.lexicon import arts
from mockapi.world.pages import grammar, lifespan, shared, specs
from mockapi.world.pages.prose_slots import slots
from mockapi.world.questions.model import Fact, Question, Subject

# the reader's live-action production words (anim.py), and stock, sets and doubles
LIVE = re.compile(
    r"filmed (?:in|on|near|across|around)|staged (?:near|in|on|over)|shot on|on location|"
    r"(?:stunt|body|fight|riding) double|stand-in|camera operator|focus puller|soundstage|sound stage|"
    r"\bstock\b|back lot|\bsets?\b (?:in|near|went up|was built|were built)|\bwere shot\b|\bwas shot\b|"
    r"\bprops\b|\bcostumes\b|\bgrip\b",
    re.I,
)
ANIMATION = re.compile(r"\banimat|\bvoice[sd]?\b|\bdrawn\b|storyboard", re.I)


def test_an_animated_films_lines_are_drawn_not_shot() -> None:
    table = slots(dt.date(2024, 3, 1), ("Other Film",))
    table["s"] = lambda _r: "Bright Summer"
    table["o"] = lambda _r: "Other Film"
    live = []
    for frame in (*arts.ANIMATED, *arts.MOVIE_ANY):
        for seed in range(150):
            text = grammar.expand(frame, table, random.Random(seed))
            live += [text] if LIVE.search(text) else []
    assert live == []
    # the animated lines' making words are making (dated before the release, `lifespan.MAKING`)
    making = [grammar.expand(f, table, random.Random(3)) for f in arts.ANIMATED[:3]]
    assert all(lifespan.MAKING["movie"].search(t) for t in making)


def _film_page(known: tuple[tuple[str, str, str], ...], seed: int) -> str:
    film = Subject("Bright Summer", "movie", "movie")
    facts = [Fact(film, "mv.runtime", "97", 97.0)]
    spec = shared.entity_page(("movie", "movie", "Bright Summer"), facts, random.Random(seed), known=known)
    return specs.text_of(spec, even_empty=True)


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+|\n", text) if "Bright Summer" in s or "Summer" in s]


def test_an_animated_films_page_tells_no_shoot() -> None:
    """Its own page, its genre known as a KG film's or an animated set member's is (`film_genres`)."""
    known = (("Bright Summer", "mv.release", "2015-06-12"), ("Bright Summer", "mv.genre", "animation"))
    live, drawn = [], []
    for seed in range(30):
        text = _film_page(known, seed)
        live += [s for s in _sentences(text) if LIVE.search(s)]
        drawn += [s for s in _sentences(text) if ANIMATION.search(s)]
    assert live == []
    assert drawn  # and its making is told, as a live film's shoot is
    # a live-action film of the same name keeps its shoot, and is never animated
    live_film = (("Bright Summer", "mv.release", "2015-06-12"),)
    texts = [_film_page(live_film, seed) for seed in range(30)]
    assert any(LIVE.search(s) for t in texts for s in _sentences(t))
    assert not any(re.search(r"\banimat", t, re.I) for t in texts)


def test_an_animated_sets_members_are_animated_on_their_own_pages() -> None:
    group = Subject("Animated films of 2012", "movie", "group")
    members = [Subject(n, "movie", "movie") for n in ("Paper Lantern", "Glass Orchard")]
    q = Question("q-a", 1, "03/01/2024, 10:00:00 PT", "movie", "set", "static",
                 "which animated films came out in 2012?", "paper lantern, glass orchard", [], "torso", "web",
                 [], "", subjects=[group, *members])  # fmt: skip
    anchors = shared.entity_anchors([q])
    for member in members:
        assert (member.name, "mv.genre", "animation") in anchors[shared.subject_key(member)]
    # and a page about the set itself (a wiki-like page titled by it)
    live = []
    for seed in range(30):
        spec = shared.entity_page(("movie", "movie", group.name), [], random.Random(seed))
        text = specs.text_of(spec, even_empty=True)
        live += [s for s in re.split(r"(?<=[.!?])\s+", text) if LIVE.search(s)]
    assert live == []


def test_the_kgs_animated_films_carry_their_genre(tiny_kg: Path) -> None:
    with duckdb.connect(str(tiny_kg / KG_DB), read_only=True) as con:
        rows = con.execute("SELECT title, doc FROM movie_movies").fetchall()
    animated = {t for t, d in rows if any(g["name"] == "Animation" for g in json.loads(d).get("genres", []))}
    live = {t for t, d in rows} - animated
    assert animated
    starts = lifespan.kg_starts(tiny_kg / KG_DB)
    genres = {n: v for n, known in starts.items() for _n, k, v in known if k == "mv.genre"}
    assert {t for t in animated if t not in live} <= {n for n, g in genres.items() if g == "animation"}
    assert not {n for n, g in genres.items() if g == "animation"} & live


def test_the_sets_were_built() -> None:
    """ "the sets near Adelaide was built in about 2 weeks" (g32 reader #1)."""
    table = slots(dt.date(2024, 3, 1), ("Other Film",))
    table["s"] = lambda _r: "Bright Summer"
    texts = [grammar.expand(f, table, random.Random(seed)) for f in arts.MOVIE for seed in range(300)]
    assert [t for t in texts if re.search(r"\bsets (?:in|near) [\w ]+? was built\b", t)] == []
