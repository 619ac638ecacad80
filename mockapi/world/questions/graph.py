"""The relation graph of a KG store, and the paths multi-hop questions walk.

`load_neighbourhood(con, seeds, rels, depth)` reads the part of `kg_edges` within `depth` steps of the seed
entities (the question targets) into a networkx MultiDiGraph; `chains(g, start, length, allowed)` lists the
walks of two or three steps that each name one entity ("the mayor of the birthplace of the founder of X"):
a step follows an allowed (node kind, relation, direction) that the node has exactly one edge of.

`load_graph(con)` reads `kg_edges` (and node attributes from `entities`) into a networkx MultiDiGraph.
`sample_two_hop(g, rng, n, ...)` returns `TwoHopPath`s: start -hop1- bridge -hop2- end, where each hop is a
stored edge that may be walked against its direction (so "person acted_in movie" + "person directed movie"
gives actor -> movie -> director). Sampling iterates sorted nodes and edges only, so a seeded rng gives the
same paths on every run.

    g = load_graph(duckdb.connect("kg.duckdb", read_only=True))
    for p in sample_two_hop(g, ctx.rng("questions", "multihop"), 20, rels=("acted_in", "directed")):
        print(p.start, p.first.rel, p.bridge, p.second.rel, p.end)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import duckdb
import networkx as nx

if TYPE_CHECKING:
    Graph = nx.MultiDiGraph[str]
    """The relation graph: entity names as nodes, one keyed edge per stored relation."""


@dataclass(frozen=True)
class Edge:
    """A stored edge (src, rel, dst), as written to kg_edges."""

    src: str
    rel: str
    dst: str

    def other(self, node: str) -> str:
        """The end of the edge that is not `node`."""
        return self.dst if node == self.src else self.src


@dataclass(frozen=True)
class TwoHopPath:
    """start -first- bridge -second- end; `first`/`second` keep the stored direction of each edge."""

    start: str
    first: Edge
    bridge: str
    second: Edge
    end: str

    @property
    def rels(self) -> tuple[str, str]:
        return (self.first.rel, self.second.rel)

    def forward(self) -> tuple[bool, bool]:
        """Whether each hop is walked along its stored direction."""
        return (self.first.src == self.start, self.second.src == self.bridge)


def load_graph(con: duckdb.DuckDBPyConnection) -> Graph:
    """All entities as nodes (attributes domain, kind, name, popularity, is_target) and kg_edges as edges."""
    g: Graph = nx.MultiDiGraph()
    for eid, domain, kind, name, pop, target in con.execute(
        "SELECT entity_id, domain, kind, name, popularity, is_target FROM entities ORDER BY entity_id"
    ).fetchall():
        g.add_node(eid, domain=domain, kind=kind, name=name, popularity=pop, is_target=bool(target))
    for src, rel, dst in con.execute("SELECT src, rel, dst FROM kg_edges ORDER BY src, rel, dst").fetchall():
        g.add_edge(src, dst, key=rel, rel=rel)
    return g


def incident(g: Graph, node: str) -> list[Edge]:
    """Edges touching `node` in either direction, sorted (stable order for seeded sampling)."""
    out = [Edge(node, k, v) for _, v, k in g.out_edges(node, keys=True)]
    out += [Edge(u, k, node) for u, _, k in g.in_edges(node, keys=True)]
    return sorted(set(out), key=lambda e: (e.rel, e.src, e.dst))


def two_hop_paths(g: Graph, start: str, rels: Sequence[str] | None = None) -> list[TwoHopPath]:
    """Every two-hop path from `start` (end != start), optionally with hop relations exactly `rels`."""
    paths = []
    for first in incident(g, start):
        if rels is not None and first.rel != rels[0]:
            continue
        bridge = first.other(start)
        for second in incident(g, bridge):
            end = second.other(bridge)
            if second == first or end == start or (rels is not None and second.rel != rels[1]):
                continue
            paths.append(TwoHopPath(start, first, bridge, second, end))
    return paths


def sample_two_hop(
    g: Graph,
    rng: random.Random,
    n: int,
    rels: Sequence[str] | None = None,
    start_kind: str | None = None,
    targets_only: bool = False,
) -> list[TwoHopPath]:
    """Up to `n` distinct two-hop paths with distinct start nodes, drawn with `rng`.

    `rels` fixes the relation of each hop (e.g. ("acted_in", "directed")); `start_kind` the start node's
    kind; `targets_only` keeps starts that questions may target.
    """
    starts = sorted(
        node
        for node, data in g.nodes(data=True)
        if (start_kind is None or data.get("kind") == start_kind)
        and (not targets_only or data.get("is_target"))
    )
    rng.shuffle(starts)
    found: list[TwoHopPath] = []
    for start in starts:
        if len(found) >= n:
            break
        options = two_hop_paths(g, start, rels)
        if options:
            found.append(rng.choice(options))
    return found


# (kind of the node walked from, stored relation, walked along the stored direction?)
HopKey = tuple[str, str, bool]
_NODE_SQL = "SELECT entity_id, domain, kind, name, popularity, is_target FROM entities"


def load_neighbourhood(
    con: duckdb.DuckDBPyConnection, seeds: Iterable[str], rels: Sequence[str], depth: int
) -> Graph:
    """The edges of `rels` within `depth` steps of `seeds`, with their nodes (attributes as in load_graph).

    Every node closer than `depth` keeps all its edges of `rels`, so whether a step from it is functional
    (one edge of that relation) is decided on complete data; reading a neighbourhood rather than the whole
    edge table keeps this cheap at CRAG's full scale.
    """
    g: Graph = nx.MultiDiGraph()
    frontier = sorted(set(seeds))
    seen: set[str] = set()
    con.execute("CREATE OR REPLACE TEMP TABLE hop_frontier (id VARCHAR)")
    for _ in range(depth):
        con.execute("DELETE FROM hop_frontier")
        con.executemany("INSERT INTO hop_frontier VALUES (?)", [[n] for n in frontier])
        seen.update(frontier)
        rows = con.execute(
            "SELECT DISTINCT src, rel, dst FROM kg_edges WHERE rel IN (SELECT unnest(?))"
            " AND (src IN (SELECT id FROM hop_frontier) OR dst IN (SELECT id FROM hop_frontier))"
            " ORDER BY src, rel, dst",
            [list(rels)],
        ).fetchall()
        for src, rel, dst in rows:
            g.add_edge(src, dst, key=rel, rel=rel)
        frontier = sorted({n for src, _, dst in rows for n in (src, dst)} - seen)
    con.execute("DELETE FROM hop_frontier")
    con.executemany("INSERT INTO hop_frontier VALUES (?)", [[n] for n in sorted(g.nodes)])
    for eid, domain, kind, name, pop, target in con.execute(
        f"{_NODE_SQL} WHERE entity_id IN (SELECT id FROM hop_frontier) ORDER BY entity_id"
    ).fetchall():
        g.add_node(eid, domain=domain, kind=kind, name=name, popularity=pop, is_target=bool(target))
    con.execute("DROP TABLE hop_frontier")
    return g


def steps(g: Graph, node: str, allowed: Mapping[HopKey, str]) -> list[Edge]:
    """The edges from `node` that name one entity: an allowed (kind, rel, direction) it has exactly one of."""
    kind = g.nodes[node].get("kind", "")
    by_key: dict[HopKey, list[Edge]] = {}
    for e in incident(g, node):
        by_key.setdefault((kind, e.rel, e.src == node), []).append(e)
    return [es[0] for key, es in sorted(by_key.items()) if key in allowed and len(es) == 1]


def chains(g: Graph, start: str, length: int, allowed: Mapping[HopKey, str]) -> list[tuple[Edge, ...]]:
    """Every walk of exactly `length` functional steps from `start` that visits no node twice."""
    out: list[tuple[Edge, ...]] = []

    def extend(node: str, path: tuple[Edge, ...], seen: frozenset[str]) -> None:
        if len(path) == length:
            out.append(path)
            return
        for edge in steps(g, node, allowed):
            nxt = edge.other(node)
            if nxt not in seen:
                extend(nxt, (*path, edge), seen | {nxt})

    if start in g:
        extend(start, (), frozenset({start}))
    return out


def hop_key(g: Graph, node: str, edge: Edge) -> HopKey:
    """The (kind, rel, direction) of walking `edge` from `node`."""
    return (g.nodes[node].get("kind", ""), edge.rel, edge.src == node)
