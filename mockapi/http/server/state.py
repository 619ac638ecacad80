"""`ServerState`: everything a request may read, opened once per process by the app's lifespan.

The lifespan (mockapi/http/app.py) opens it, keeps it as the app's one state attribute for the duration, and
closes it in reverse order on shutdown. Routers reach it through `server_state(request)`, as a dependency
(`Server`) or called directly where a dependency step would cost more than the route (the exact-key routes).
"""

from __future__ import annotations

import threading
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Annotated

from fastapi import Depends, Request
from starlette.applications import Starlette

from mockapi.config.settings import Settings
from mockapi.core.paths import KG_DB, PAGES_DB
from mockapi.formats.manifest import read_manifest_or_empty
from mockapi.http.server.meta import build_meta
from mockapi.retrieve.ensure import ensure_passages
from mockapi.retrieve.index import PassageIndex
from mockapi.search.service import NameSearch, default_mode
from mockapi.serving.build import serving_snapshot
from mockapi.serving.kgstore import KGStore
from mockapi.serving.service import Serving
from mockapi.serving.stale import refuse_stale
from mockapi.sim.middleware import SimState
from mockapi.web.evidence import EvidenceLabels
from mockapi.web.page_store import WebStore
from mockapi.wire import Meta


@dataclass
class ServerState:
    """The settings, the open stores and the simulator's state of one server process."""

    settings: Settings
    kg: KGStore
    """kg.duckdb, the store of record: opened only if something needs it (not when serving/ carries the
    start-up snapshot)."""
    serving: Serving
    """The exact-key routes' pre-serialised bodies (mockapi/serving)."""
    search: NameSearch
    """Entity-name search over memory-mapped postings, in the ranking `--search` picked."""
    meta: Meta
    """`/meta`: the manifest summary, counts, missing domains and try-it bodies."""
    web: WebStore | None
    """pages.duckdb and the full-text index; None for a world without pages (KG only)."""
    sim: SimState | None
    """The simulator's journal, draws and buckets (None: simulation and admin off). It belongs to the app's
    middleware, built with the app, so it outlives a lifespan: nothing to open or close here."""
    _closing: ExitStack = field(default_factory=ExitStack, repr=False)
    _evidence: EvidenceLabels | None = field(default=None, repr=False)
    _evidence_opened: bool = field(default=False, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _passages: PassageIndex | None = field(default=None, repr=False)
    _passages_opened: bool = field(default=False, repr=False)
    _passages_lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @classmethod
    def open(cls, settings: Settings, sim: SimState | None) -> ServerState:
        """Open the stores of `settings.world` read-only (a failure closes what was already open)."""
        world = settings.world
        refuse_stale(world)  # a route would fail on every request (crag-mock serve says so before this)
        closing = ExitStack()
        try:
            kg = KGStore(world / KG_DB, snapshot=serving_snapshot(world))
            closing.callback(kg.close)
            serving = Serving(world, kg.lazy_con)
            closing.callback(serving.close)
            mode = settings.search or default_mode(read_manifest_or_empty(world).kind)
            search = NameSearch(world, kg.lazy_con, mode)
            closing.callback(search.close)
            meta = build_meta(world, kg, settings.task, mode)
            web = WebStore(world) if (world / PAGES_DB).is_file() else None
            if web is not None:
                closing.callback(web.close)
                meta.examples.update(web.examples())  # so /meta and /docs have working web bodies too
        except BaseException:
            closing.close()
            raise
        return cls(settings, kg, serving, search, meta, web, sim, closing)

    def passages(self) -> PassageIndex | None:
        """The passage index of `/retrieve` (mockapi/retrieve), opened on the first call and built first if
        the world has none yet (mockapi/retrieve/ensure.py: a world is built without them); None for a world
        without pages, or a read-only one built without them."""
        with self._passages_lock:  # the first /retrieve builds; those beside it wait, then read
            if not self._passages_opened:
                world = self.settings.world
                self._passages = PassageIndex(world) if ensure_passages(world) is not None else None
                if self._passages is not None:
                    self._closing.callback(self._passages.close)
                self._passages_opened = True
            return self._passages

    def evidence(self) -> EvidenceLabels | None:
        """The evidence labels of perturbed searches, opened on the first one (None: no questions.duckdb)."""
        with self._lock:
            if not self._evidence_opened:
                self._evidence = EvidenceLabels.open(self.settings.world)
                self._evidence_opened = True
            return self._evidence

    @property
    def opened_evidence(self) -> EvidenceLabels | None:
        """The labels if a perturbed search has opened them (without opening them)."""
        return self._evidence

    def close(self) -> None:
        """Close everything `open` and `evidence` opened, the last opened first."""
        with self._lock:
            evidence, self._evidence, self._evidence_opened = self._evidence, None, False
        try:
            if evidence is not None:
                evidence.close()
        finally:
            self._closing.close()


def server_state(request: Request) -> ServerState:
    """The state of the app serving `request` (set by the lifespan; as a route parameter: `Server`)."""
    state: ServerState = request.app.state.server
    return state


def state_of(app: Starlette) -> ServerState | None:
    """The app's open state, or None outside its lifespan."""
    state = getattr(app.state, "server", None)
    return state if isinstance(state, ServerState) else None


async def _server(request: Request) -> ServerState:
    return server_state(request)  # async: FastAPI would run a plain `def` dependency in the threadpool


Server = Annotated[ServerState, Depends(_server)]
"""The server's state as a route parameter."""
