"""The pages stage over the build's helper processes (`crag-mock build --jobs N`), the same bytes for any N.

Every page draws from a random stream of its own, named by the seed, the stage and a stable id (a noise
page's domain and number, a subject's key, a question's interaction id), never from one stream running
through the stage, so pages can be made in any process in any order. What the helpers make (the shared
pages, each question's own pages and their rows of the pages table, the costly part: a page's HTML size is
a rendering) comes back in input order (`pipe_pool.ordered_map`), and this process does the rest in
question order: the fill of each question's results from the pages of the questions before it, the
snippets, the rows.

Each page's stored record (mockapi/web/html_store.py) is made in the helper from the same rendering of
its skeleton as its HTML size, and kept in a `RecordSpill` for the web tables (which then render no page
again).

The helpers read the shared pools once each, from a pickle this process writes beside the world being
built (`pools_file`), not with every chunk of questions.

One URL always means one page: `Claims` gives each URL to the first page made for it, in this process's order.
"""

from __future__ import annotations

import datetime as dt
import itertools
import pickle
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson

from mockapi.core.pipe_pool import build_workers, in_each, ordered_map
from mockapi.formats.pagespec import PageSpec
from mockapi.web.html_store import json_record
from mockapi.web.record_spill import RecordSpill
from mockapi.web.render import size_and_json
from mockapi.world.context import WorldContext
from mockapi.world.pages import consistency, histories, lifespan, shared, sites, sizes, specs, totals
from mockapi.world.pages.page_writer import PageRow, page_row
from mockapi.world.pages.plan import Pages, Pools, Result, own_results
from mockapi.world.questions.model import Fact, Question

DOMAINS = ("finance", "sports", "music", "movie", "open")
Key = tuple[str, str, str]
Asked = dict[tuple[str, str], tuple[tuple[dt.date, str], ...]]
Made = tuple[Pages, list[Result], list[tuple[PageRow, bytes] | None]]
"""A question's own pages, its results before the fill, and for each of its pages the row and stored record
made for it (None: a shared page, made before)."""
_DOMAIN_OF = {sites.section(d): d for d in DOMAINS}


def made_page(spec: PageSpec) -> tuple[PageRow, bytes]:
    """A page's row and its stored record from one rendering of its skeleton. Both from the spec as stored
    (canonical JSON read back: lists, sorted keys), as the web tables would render it."""
    data = specs.spec_bytes(spec)  # serialised once: the row's body and id hash the same bytes
    size, pieces = size_and_json(orjson.loads(data))
    return page_row(spec, size, data), json_record(pieces)


def noise_page(
    ctx: WorldContext, domain: str, n: int, taken: frozenset[str], kg: str = "", asked: Asked | None = None
) -> tuple[PageSpec, PageRow, bytes]:
    """Roundup page `n` of `domain`, its row and record (in a helper); `kg`: the KG file whose anchors date
    the KG's names (a roundup's invented names may be the KG's); `asked`: the asked totals (`asked_of`)."""
    lifespan.use_kg_file(kg)
    totals.use_asked(asked or {})
    sizes.use_caps_file(kg)
    rng = ctx.rng("pages", "noise", domain, str(n))
    spec = shared.noise_pool(domain, 1, rng, ctx.split, taken)[0]
    return spec, *made_page(spec)


def entity_page(
    ctx: WorldContext, key: Key, facts: list[Fact], known: lifespan.Known = (), kg: str = ""
) -> tuple[PageSpec, PageRow, bytes]:
    """The shared page of one subject, at the URL it would have if no other took it, its row and record;
    `known`: the KG's anchor of its name, `kg`: the KG file whose anchors date every other name the page
    names (`lifespan`). Read here, not left to whatever the process read before: a helper of a map of its
    own (`run` outside a build's pool) never made a roundup, and made its pages without the KG's anchors
    (the small world's "Escape from East Springbury" page differed from the build's, stop 48)."""
    lifespan.use_kg_file(kg)
    sizes.use_caps_file(kg)
    spec = shared.entity_page(key, facts, ctx.rng("pages", "entity", *key), ctx.split, known=known)
    return spec, *made_page(spec)


def question_pages(ctx: WorldContext, state: str, q: Question) -> Made:
    """One question's own pages and ranked results, checked, with the rows of the pages it made."""
    pools, values, shared_ids = _state(state)
    pages, results = own_results(q, pools, ctx.rng("pages", q.interaction_id))
    consistency.check_gold(q, [r.spec for r in results if r.role == "gold"], values)
    made = [None if _is_shared(s, shared_ids) else made_page(s) for _, s in pages]
    return pages, results, made


def _is_shared(spec: PageSpec, shared_ids: dict[str, str]) -> bool:
    """The shared page at its URL (not a page of the question's own that drew the same URL)."""
    shared_id = shared_ids.get(spec["url"])
    return shared_id is not None and shared_id == specs.page_id(spec)


class Claims:
    """Which page took each URL, in the build's order: the shared pages, then each question's own pages in
    question order. A URL holds a short decimal id hashed from the page's uid (mockapi/world/pages/sites.py),
    so at a train world's size two pages of one site and slug can draw the same one (20,000 questions,
    ~720,000 pages: "two different pages share the URL …/lists/box-office-weekend-results-39763"). The later
    page then moves to another id of the same shape, drawn from the URL it lost, and is made again here. A
    world where no two pages draw one URL (the tiny and default worlds) is the same bytes as before."""

    def __init__(self) -> None:
        self.at: dict[str, str] = {}
        """URL → the page id that took it."""

    def place(self, spec: PageSpec, row: PageRow, record: bytes) -> tuple[PageRow, bytes]:
        """The row and record of `spec` at a URL no other page took: as made, or moved and made again (the
        spec is changed in place, so every result that lists it follows)."""
        taken = self.at.get(spec["url"])
        if taken is not None and taken != row[0]:
            self._move(spec)
            row, record = made_page(spec)
        self.at[spec["url"]] = row[0]
        return row, record

    def _move(self, spec: PageSpec) -> None:
        lost, domain = spec["url"], _DOMAIN_OF[spec["section"]]
        for n in itertools.count(1):
            url = sites.url_for(spec["kind"], spec["skin"], spec["title"], f"{lost}#{n}", domain)
            if url not in self.at:
                spec["url"] = url
                return


_STATE: dict[str, tuple[Pools, Any, dict[str, str]]] = {}


def _state(path: str) -> tuple[Pools, Any, dict[str, str]]:
    """The pools of `pools_file`, read once per process."""
    if path not in _STATE:
        _STATE.clear()
        with open(path, "rb") as f:
            _STATE[path] = pickle.load(f)  # our own file, written a moment ago by this build
        lifespan.use_kg(_STATE[path][0].starts)
        totals.use_asked(_STATE[path][0].asked)
        sizes.use_caps(_STATE[path][0].caps)
    return _STATE[path]


def shared_pools(
    ctx: WorldContext,
    questions: list[Question],
    ready: dict[str, PageRow],
    records: RecordSpill,
    claims: Claims,
    kg: Path | None = None,
) -> Pools:
    """The roundup pools and one page per subject, made over the helpers; their rows go into `ready`, their
    records into `records`, their URLs into `claims`."""
    workers = build_workers()
    # every page dates the KG's names by the KG (`lifespan`), roundups too: their invented names may be the
    # KG's; each helper reads the KG's anchors itself (`noise_page`), the question pages get them in the pools
    starts = lifespan.kg_starts(kg) if kg is not None and kg.is_file() else {}
    lifespan.use_kg(starts)
    caps = sizes.kg_caps(kg) if kg is not None and kg.is_file() else {}
    sizes.use_caps(caps)
    facts = shared.entity_facts(questions)
    taken = shared.taken_names(facts)
    per_domain = max(40, ctx.scale.questions // 8)  # no off-topic pool: a domain's own roundups fill in
    kg_file = str(kg) if starts and kg is not None else ""
    asked = asked_of(ctx.split, questions)
    items = [(ctx, d, n, taken, kg_file, asked) for d in DOMAINS for n in range(per_domain)]
    noise: dict[str, list[PageSpec]] = {d: [] for d in DOMAINS}
    for (_, domain, _, _, _, _), (spec, row, record) in zip(
        items, ordered_map(noise_page, items, workers, 16), strict=True
    ):
        row, record = claims.place(spec, row, record)
        noise[domain].append(spec)
        ready[spec["url"]] = row
        records.add(row[0], record)
    keys = sorted(facts)
    entity: dict[Key, PageSpec] = {}
    used = set(claims.at)  # an entity page never takes a roundup's URL either
    # the KG's anchors of a name first, then what the questions give the subject (`shared.entity_anchors`)
    anchors = shared.entity_anchors(questions)
    known = {k: starts.get(k[2], ()) + anchors.get(k, ()) for k in keys}
    subjects = ((ctx, k, facts[k], known[k], kg_file) for k in keys)
    made = ordered_map(entity_page, subjects, workers, 16)
    for key, (spec, row, record) in zip(keys, made, strict=True):
        if spec["url"] in used:  # rare: remade here, past the URLs taken before it in key order
            rng = ctx.rng("pages", "entity", *key)
            spec = shared.entity_page(key, facts[key], rng, ctx.split, used, known[key])
            row, record = made_page(spec)
        used.add(spec["url"])
        claims.place(spec, row, record)  # not taken: `used` holds every URL claimed before it
        entity[key] = spec
        ready[spec["url"]] = row
        records.add(row[0], record)
    return Pools(entity, facts, noise, ctx.split, taken=taken, starts=starts, caps=caps, asked=asked)


def asked_of(split: str, questions: list[Question]) -> Asked:
    """The asked running totals every page follows (`totals.use_asked`), in every split: a dev world's
    namesakes fell too ("By 2024-02-07, Bright Garden has grossed $120.0M worldwide" beside its question's
    $360.7M of 2023-02-27: the g37 default world's cumulative line, 2). `split` is kept for the callers."""
    del split
    # and a false premise's true facts (`context`), which its pages state as its subject's: "what is the
    # worldwide gross of joshua scott's endless shadows ... on 27 september 1985" stated $271.0M (Jan 2023)
    # and $318.0M (Sep 2023), and a namesake drew its own "$17.0 million by 6 Mar 2024" (the g38 default
    # world's cumulative line)
    return histories.asked_totals(f for q in questions for f in (*q.facts, *q.context))


def pools_file(world: Path, pools: Pools, questions: list[Question]) -> Path:
    """The shared pools, the values the answer pages are checked against and the shared pages' ids by URL,
    as the helpers read them; deleted by the caller when the stage ends."""
    shared = [*pools.entity.values(), *(s for pool in pools.noise.values() for s in pool)]
    state = (pools, consistency.conflicting_values(questions), {s["url"]: specs.page_id(s) for s in shared})
    path = world / ".pages-pools.pickle"
    with open(path, "wb") as f:
        pickle.dump(state, f, protocol=pickle.HIGHEST_PROTOCOL)
    return path


def own_pages(ctx: WorldContext, state: Path, questions: list[Question]) -> Iterator[Made]:
    """Each question's own pages, in question order, made over the helpers (a few questions a chunk: one
    question's pages take tens of milliseconds, and turns of equal chunks keep every helper busy)."""
    items = ((ctx, str(state), q) for q in questions)
    try:
        yield from ordered_map(question_pages, items, build_workers(), 4)
    finally:
        forget()
    in_each(forget, build_workers())  # the build's helpers go on to the next stages: not with the pools


def forget() -> None:
    """Let go of the pools read by `_state` (here and in each helper of the build)."""
    _STATE.clear()
    lifespan.use_kg({})
    sizes.use_caps({})
