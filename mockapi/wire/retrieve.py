"""Request and response bodies of `POST /retrieve`: Search-R1's retrieval-server protocol.

Search-R1, verl's search tool, SkyRL's search environment and their kin send `{"queries": [...], "topk": 3,
"return_scores": true}` and read `{"result": [[{"document": {"id", "contents"}, "score"}, ...] per query]}`
(without scores, each query's list holds the documents themselves). `contents` is `"Title"` on the first
line and the passage after it, which those clients split back apart.
"""

from __future__ import annotations

from datetime import datetime

from crag_client.results import RetrievedDocument, ScoredDocument
from pydantic import AliasChoices, ConfigDict, Field, model_validator

from mockapi.formats.timefmt import parse_query_time
from mockapi.wire.base import WireModel
from mockapi.wire.fields import QueryTime, Text

DEFAULT_TOPK = 3
"""Search-R1's retrieval server's default (`--topk 3`)."""
MAX_TOPK = 50
"""Most passages per query."""
MAX_QUERIES = 4_096
"""Most queries in one request: a Search-R1 training turn sends 2,560 (512 prompts x 5 samples)."""
MAX_PASSAGES = 40_960
"""Most passages in one answer (queries x top-k), which bounds the answer's size (~30 MB)."""
MAX_RETRIEVE_BODY_BYTES = 5 * 1024 * 1024
"""Request body cap of /retrieve (every other route: 64 KiB): 4,096 queries of up to 1,000 characters."""


class RetrieveRequest(WireModel):
    """`POST /retrieve`: a batch of `queries` (or one `query`), the top-k under any of its three names."""

    model_config = ConfigDict(
        extra="ignore",
        json_schema_extra={
            "examples": [{"queries": ["who directed the last tide?"], "topk": 3, "return_scores": True}]
        },
    )

    queries: list[Text] | None = Field(None, max_length=MAX_QUERIES)
    """The queries of the batch (at most 4,096), answered in this order."""
    query: Text | None = None
    """One query (answered as a batch of one)."""
    topk: int | None = Field(None, ge=0, le=MAX_TOPK, validation_alias=AliasChoices("topk", "top_k", "k"))
    """Passages per query (also accepted as `top_k` or `k`); null or 0: 3, as Search-R1's server."""
    return_scores: bool = False
    """True: each hit is `{"document": {...}, "score": bm25}`; false: the document alone."""
    query_time: QueryTime | None = None
    """'MM/DD/YYYY, HH:MM:SS PT' (CRAG's format) or ISO 8601: passages of pages modified later are skipped."""

    @model_validator(mode="after")
    def _one_batch(self) -> RetrieveRequest:
        if (self.queries is None) == (self.query is None):
            raise ValueError("give `queries` (a list) or `query` (one string), not both")
        if len(self.batch()) * self.k() > MAX_PASSAGES:
            raise ValueError(f"queries x topk is over {MAX_PASSAGES:,}: send fewer queries or a smaller topk")
        return self

    def batch(self) -> list[str]:
        """The queries to answer, in order."""
        return self.queries if self.queries is not None else [self.query or ""]

    def k(self) -> int:
        """The top-k asked for (Search-R1's default when none or 0)."""
        return self.topk or DEFAULT_TOPK

    def cutoff(self) -> datetime | None:
        """The query time in UTC, if any."""
        return None if self.query_time is None else parse_query_time(self.query_time)


class RetrieveResponse(WireModel):
    """`{"result": [hits of query 1, hits of query 2, ...]}`, best first."""

    result: list[list[ScoredDocument]] | list[list[RetrievedDocument]]
    """One list per query, in the request's order: scored hits, or bare documents without `return_scores`."""
