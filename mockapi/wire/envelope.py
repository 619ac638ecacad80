"""The `{"result": …}` envelope every KG route answers with (HTTP 200, found or not)."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from pydantic import ConfigDict, Field, JsonValue

from mockapi.wire.base import WireModel

T = TypeVar("T")


class Envelope(WireModel, Generic[T]):
    """`{"result": T}`; "not found" is the route's not-found value (null, [], 0, [null, null], [[], []])."""

    # Each Envelope[X] is a new class; with attribute docstrings pydantic re-reads the source of every one
    # (inspect.getmodule over all modules: half of create_app's 0.7 s), so this one field says it directly.
    model_config = ConfigDict(use_attribute_docstrings=False)
    result: T = Field(description="The route's result; its not-found value when nothing matched.")


class RootMessage(WireModel):
    """`GET /`: not enveloped, as in the original."""

    message: str = "The CRAG API service is running"
    """Always "The CRAG API service is running"."""


class Health(WireModel):
    """`GET /health`."""

    status: str
    """"ok"."""
    kg: bool
    """Whether a kg.duckdb is open (a world without one still serves every KG route's not-found value)."""
    task: int | None
    """The served task (1, 2, 3) or null for everything."""


class Meta(WireModel):
    """`GET /meta`: what the server serves."""

    world: str
    """The world directory's name (never its path on the server)."""
    kind: str | None
    """synthetic | imported | null when the world has no manifest."""
    scale: str | None
    """tiny | default | full for synthetic worlds, null for imported ones."""
    seed: int | None
    """The build seed (synthetic worlds); null for a `build --secret` world."""
    split: str | None = None
    """dev | test for a synthetic world (which phrasing and page families it uses); null for imported ones."""
    clock: str | None
    """The world's clock (ISO date): dynamic facts hold as of this day."""
    content_hash: str | None
    """Hash of every store's content plus the code and renderer versions."""
    task: int | None
    """The served task (1, 2, 3) or null for everything."""
    search: str | None = None
    """Active name-search ranking: original | improved."""
    tie_order: str | None = None
    """With `--search original`, the numpy whose argsort orders equal scores (e.g. "numpy 1.26.4 argsort"):
    the original's tie order is reproduced when both servers run the same numpy; null otherwise."""
    counts: dict[str, int]
    """Row counts of the KG tables."""
    missing_domains: list[str]
    """KG domains with no data in this world (their routes answer their not-found values)."""
    examples: dict[str, dict[str, Any]]
    """Route path → a request body that returns a non-empty result on this world."""


def envelope(result: JsonValue) -> dict[str, JsonValue]:
    """The envelope as a plain dict (handy in tests and clients)."""
    return {"result": result}
