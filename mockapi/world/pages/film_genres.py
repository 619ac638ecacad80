"""Which films are animated: an animated film is drawn, animated, voiced and rendered; it has no sets,
locations, stunt doubles or film stock ("part of Bright Summer was shot on digital stock" on 773 of 984
pages about an animated film: g30 reader, anim.py).

A film's genre travels with its start (`lifespan`): a KG film's from the KG (`kg_genres`, read beside its
release in `kg_lives.kg_starts`), a member of a set a genre names ("Animated films of 2012") from its
question (`set_genres`), as a known entry `(name, GENRE, genre)` beside the anchors, so every page that
dates a name by its life writes its prose by its genre too (`prose.sentences`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable

import duckdb

from mockapi.world.questions.model import Question, group_of

GENRE = "mv.genre"  # no question kind: a film's genre in a name's known entries
ANIMATED = "animation"
# a title two KG films share, one animated and one not: its prose fits both (no shoot, no voice cast)
MIXED = "mixed"
_ANIMATED_SET = re.compile(r"^animated (?:films|movies)\b", re.I)

Known = tuple[tuple[str, str, str], ...]


def kg_genres(con: duckdb.DuckDBPyConnection) -> dict[str, str]:
    """Each KG film title with an animated film among its films: ANIMATED when every film of the title is,
    else MIXED."""
    tables = {t for (t,) in con.execute("SELECT table_name FROM information_schema.tables").fetchall()}
    if "movie_movies" not in tables:
        return {}
    seen: dict[str, set[bool]] = {}
    for title, doc in con.execute("SELECT title, doc FROM movie_movies ORDER BY title, key").fetchall():
        genres = json.loads(doc or "{}").get("genres") or []
        animated = any(isinstance(g, dict) and g.get("name") == "Animation" for g in genres)
        seen.setdefault(title, set()).add(animated)
    return {t: ANIMATED if kinds == {True} else MIXED for t, kinds in seen.items() if True in kinds}


def set_genres(q: Question) -> Known:
    """The members of a set an animated genre names, as animated films."""
    group = group_of(q)
    if group is None or _ANIMATED_SET.search(group.name) is None:
        return ()
    return tuple((s.name, GENRE, ANIMATED) for s in q.subjects if s.kind == "movie")


def genre_in(values: Iterable[tuple[str, str]], name: str = "") -> str:
    """The genre among a name's known (fact kind, value) pairs, else the one `name` says (a page about the
    set "Animated films of 2012" itself: "a stunt double who was on Animated films of 2012"); '' for none,
    a live-action film."""
    found = next((v for k, v in values if k == GENRE), "")
    return found or (ANIMATED if _ANIMATED_SET.search(name) else "")
