"""Movie domain (contract §2.5): movie_db.json, person_db.json, year_db.json, each one JSON object.

Each entity dict is stored verbatim (its own key order) in `doc`; the typed columns serve lookups only.
The files are streamed item by item (jsonstream), so memory stays flat even for the 190 MB movie_db.json.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from mockapi.formats.writer import TableWriter
from mockapi.importers.kg.encode import dumps, opt_int, opt_str
from mockapi.importers.kg.jsonstream import iter_object_items
from mockapi.importers.kg.progress import ImportProgress

DOMAIN = "movie"
FILES = ("movie/movie_db.json", "movie/person_db.json", "movie/year_db.json")

Row = tuple[Any, ...]


def _field(entity: Any, name: str) -> Any:
    return entity.get(name) if isinstance(entity, dict) else None


def _movie(key: str, movie: Any) -> Row:
    title = opt_str(_field(movie, "title")) or ""
    return (key, opt_int(_field(movie, "id")), title, opt_str(_field(movie, "release_date")), dumps(movie))


def _person(key: str, person: Any) -> Row:
    name = opt_str(_field(person, "name")) or ""
    return (key, opt_int(_field(person, "id")), name, opt_str(_field(person, "birthday")), dumps(person))


def _year(key: str, year: Any) -> Row:
    return (key, dumps(year))


_TABLES: dict[str, tuple[str, str, Callable[[str, Any], Row]]] = {
    "movie/movie_db.json": ("movie_movies", "movies", _movie),
    "movie/person_db.json": ("movie_persons", "persons", _person),
    "movie/year_db.json": ("movie_years", "years", _year),
}


def run(root: Path, out: TableWriter, progress: ImportProgress) -> dict[str, int]:
    """Import whichever of the three files exist; returns rows per kind."""
    counts: dict[str, int] = {}
    for rel, (table, kind, to_row) in _TABLES.items():
        path = root / rel
        if not path.is_file():
            continue
        n = 0
        with progress.step(f"movie: {path.name}", path.stat().st_size) as advance:
            for key, value in iter_object_items(path, advance):
                out.add(table, to_row(key, value))
                n += 1
        counts[kind] = n
    out.flush()
    return counts
