"""The `/meta` summary and the world-picked OpenAPI examples, computed once when the app starts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mockapi.formats.manifest import read_manifest_or_empty
from mockapi.serving.kgstore import KGStore
from mockapi.serving.routes import original_examples
from mockapi.wire import Meta

# A domain is missing when every table that feeds its routes is empty.
DOMAIN_TABLES: dict[str, tuple[str, ...]] = {
    "open": ("open_entities",),
    "movie": ("movie_movies", "movie_persons", "movie_years"),
    "finance": (
        "fin_companies",
        "fin_prices",
        "fin_minute_prices",
        "fin_dividends",
        "fin_marketcap",
        "fin_info",
    ),
    "music": ("music_artists", "music_songs", "music_works", "music_grammy", "music_billboard_ranks"),
    "sports": ("soccer_matches", "nba_games", "nba_play_by_play"),
}


def build_meta(world: Path, kg: KGStore, task: int | None, search: str | None = None) -> Meta:
    manifest = read_manifest_or_empty(world)
    counts = kg.counts()
    missing = [d for d, tables in DOMAIN_TABLES.items() if not any(counts.get(t, 0) for t in tables)]
    examples = {**original_examples(), **kg.world_examples()}
    return Meta(
        world=world.name,  # never the server's path (it names users, mounts, layouts)
        kind=manifest.kind,
        scale=manifest.scale,
        seed=None if manifest.secret else manifest.seed,  # a secret world's seed only invites guessing
        split=manifest.split,
        clock=manifest.clock,
        content_hash=manifest.content_hash,
        task=task,
        search=search,
        tie_order=tie_order(search),
        counts=counts,
        missing_domains=missing,
        examples=examples,
    )


def tie_order(search: str | None) -> str | None:
    """`/meta`'s `tie_order` for the active ranking (see mockapi/search/rank.py)."""
    if search == "original":
        import numpy  # already loaded by the search index; the version is what matters

        return f"numpy {numpy.__version__} argsort"
    return None  # improved: exact match first, then score, then the corpus's own document order


def add_examples(schema: dict[str, Any], examples: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Set each route's request-body example in an OpenAPI document (in place; returned for chaining)."""
    for path, body in examples.items():
        operation = schema.get("paths", {}).get(path, {}).get("post", {})
        content = operation.get("requestBody", {}).get("content", {}).get("application/json")
        if content is not None:
            content["example"] = body
    return schema
