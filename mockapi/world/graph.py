"""The relation graph of a KG store and two-hop paths sampled from it (for multi-hop questions).

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
from collections.abc import Sequence
from dataclasses import dataclass

import duckdb
import networkx as nx


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


def load_graph(con: duckdb.DuckDBPyConnection) -> nx.MultiDiGraph:
    """All entities as nodes (attributes domain, kind, name, popularity, is_target) and kg_edges as edges."""
    g: nx.MultiDiGraph = nx.MultiDiGraph()
    for eid, domain, kind, name, pop, target in con.execute(
        "SELECT entity_id, domain, kind, name, popularity, is_target FROM entities ORDER BY entity_id"
    ).fetchall():
        g.add_node(eid, domain=domain, kind=kind, name=name, popularity=pop, is_target=bool(target))
    for src, rel, dst in con.execute("SELECT src, rel, dst FROM kg_edges ORDER BY src, rel, dst").fetchall():
        g.add_edge(src, dst, key=rel, rel=rel)
    return g


def incident(g: nx.MultiDiGraph, node: str) -> list[Edge]:
    """Edges touching `node` in either direction, sorted (stable order for seeded sampling)."""
    out = [Edge(node, k, v) for _, v, k in g.out_edges(node, keys=True)]
    out += [Edge(u, k, node) for u, _, k in g.in_edges(node, keys=True)]
    return sorted(set(out), key=lambda e: (e.rel, e.src, e.dst))


def two_hop_paths(g: nx.MultiDiGraph, start: str, rels: Sequence[str] | None = None) -> list[TwoHopPath]:
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
    g: nx.MultiDiGraph,
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
