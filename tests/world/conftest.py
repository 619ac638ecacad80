"""Fixtures of the world tests: the tiny world's KG, a tiny KG alone (for question tests), and one domain
generated alone into memory."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import duckdb
import pytest

from mockapi.core.paths import KG_DB
from mockapi.formats.schema import schema_sql
from mockapi.formats.writer import TableWriter
from mockapi.world.context import WorldContext
from mockapi.world.kg_stage import build_kg
from mockapi.world.questions.generate import generate
from mockapi.world.questions.kg_facts import open_kg_source
from mockapi.world.questions.model import Question
from mockapi.world.scales import get_scale

GenerateDomain = Callable[[str, int], duckdb.DuckDBPyConnection]


@pytest.fixture(scope="module")
def tiny_dev_questions(tiny_kg: Path) -> list[Question]:
    """The tiny KG's 1,200 dev questions of seed 0 (no KG names taken), as the reading tests draw them."""
    return generate(1200, random.Random("0:questions"), open_kg_source(tiny_kg), "dev")


@pytest.fixture(scope="module")
def kg(tiny_world: Path) -> Iterator[duckdb.DuckDBPyConnection]:
    """The session's tiny world KG, read-only."""
    con = duckdb.connect(str(tiny_world / KG_DB), read_only=True)
    yield con
    con.close()


@pytest.fixture(scope="module")
def tiny_kg(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A world directory holding only the tiny scale's kg.duckdb (the KG stage alone: seconds)."""
    world = tmp_path_factory.mktemp("kg")
    build_kg(WorldContext(scale=get_scale("tiny"), seed=0), world, lambda _msg: None)
    return world


@pytest.fixture
def generate_domain() -> GenerateDomain:
    """`generate_domain(domain, seed)`: that domain's tables alone (tiny scale), in an in-memory store."""

    def generate(domain: str, seed: int) -> duckdb.DuckDBPyConnection:
        con = duckdb.connect(":memory:")
        con.execute(schema_sql())
        out = TableWriter(con)
        module = importlib.import_module(f"mockapi.world.domains.{domain}")
        module.generate(WorldContext(get_scale("tiny"), seed), out)
        out.flush()
        return con

    return generate
