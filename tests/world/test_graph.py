"""The relation graph of a real tiny world and the two-hop paths sampled from it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import duckdb
import networkx as nx
import pytest

from mockapi.world.questions.graph import incident, load_graph, sample_two_hop, two_hop_paths


@pytest.fixture(scope="module")
def graph(tiny_world: Path) -> Iterator[nx.MultiDiGraph[str]]:
    con = duckdb.connect(str(tiny_world / "kg.duckdb"), read_only=True)
    try:
        yield load_graph(con)
    finally:
        con.close()


def test_graph_holds_every_entity_and_edge(tiny_world: Path, graph: nx.MultiDiGraph[str]) -> None:
    con = duckdb.connect(str(tiny_world / "kg.duckdb"), read_only=True)
    try:
        entities = con.execute("SELECT count(*) FROM entities").fetchone()[0]  # type: ignore[index]
        edges = con.execute("SELECT count(*) FROM (SELECT DISTINCT src, rel, dst FROM kg_edges)").fetchone()[
            0
        ]  # type: ignore[index]
    finally:
        con.close()
    assert graph.number_of_nodes() >= entities > 0
    assert graph.number_of_edges() == edges > 0
    assert all("kind" in graph.nodes[n] for n in list(graph.nodes)[:50] if n.startswith(("music:", "movie:")))


@pytest.mark.parametrize(
    ("rels", "kinds"),
    [
        (("acted_in", "directed"), ("person", "movie", "person")),
        (("member_of", "performed"), ("artist", "band", "song")),
        (("performed", "wrote"), ("band", "song", "artist")),
    ],
)
def test_sampled_paths_follow_stored_edges(
    graph: nx.MultiDiGraph[str], rels: tuple[str, str], kinds: tuple[str | None, str, str]
) -> None:
    paths = sample_two_hop(graph, random.Random(4), 5, rels=rels, start_kind=kinds[0])
    assert len(paths) == 5 and len({p.start for p in paths}) == 5
    for p in paths:
        assert p.rels == rels and p.end != p.start
        for edge in (p.first, p.second):
            assert graph.has_edge(edge.src, edge.dst, key=edge.rel)
        assert {p.first.src, p.first.dst} == {p.start, p.bridge}
        assert {p.second.src, p.second.dst} == {p.bridge, p.end}
        assert (graph.nodes[p.bridge]["kind"], graph.nodes[p.end]["kind"]) == kinds[1:]
    assert paths[0].forward()[0] == (paths[0].first.src == paths[0].start)


def test_sampling_is_deterministic_and_can_keep_to_targets(graph: nx.MultiDiGraph[str]) -> None:
    first = sample_two_hop(graph, random.Random(9), 8, targets_only=True)
    again = sample_two_hop(graph, random.Random(9), 8, targets_only=True)
    other = sample_two_hop(graph, random.Random(10), 8, targets_only=True)
    assert first == again and first != other
    assert all(graph.nodes[p.start]["is_target"] for p in first)


def test_two_hop_paths_from_a_target_actor(graph: nx.MultiDiGraph[str]) -> None:
    actor = next(
        n for n, d in sorted(graph.nodes.items()) if d.get("kind") == "person" and d.get("is_target")
        and n.startswith("movie:")
    )  # fmt: skip
    paths = two_hop_paths(graph, actor, ("acted_in", "acted_in"))
    assert paths and all(p.forward() == (True, False) for p in paths)  # actor -> movie <- co-star


def test_chains_walk_functional_steps_of_the_target_neighbourhood(tiny_world: Path) -> None:
    from mockapi.world.questions.graph import chains, hop_key, load_neighbourhood
    from mockapi.world.questions.kg_facts import PATH_HOPS

    con = duckdb.connect(str(tiny_world / "kg.duckdb"), read_only=True)
    try:
        targets = [
            r[0] for r in con.execute("SELECT entity_id FROM entities WHERE is_target ORDER BY 1").fetchall()
        ]
        rels = sorted({rel for _, rel, _ in PATH_HOPS})
        g = load_neighbourhood(con, targets, rels, 3)
        again = load_neighbourhood(con, targets, rels, 3)
        stored = set(con.execute("SELECT src, rel, dst FROM kg_edges").fetchall())
    finally:
        con.close()
    assert sorted(g.edges(keys=True)) == sorted(again.edges(keys=True))
    walks = {(t, n): chains(g, t, n, PATH_HOPS) for t in targets for n in (2, 3)}
    assert sum(len(w) for (_, n), w in walks.items() if n == 2) > 0
    assert sum(len(w) for (_, n), w in walks.items() if n == 3) > 0
    for (start, n), found in walks.items():
        for path in found:
            node, seen = start, [start]
            assert len(path) == n
            for edge in path:
                assert (edge.src, edge.rel, edge.dst) in stored and node in (edge.src, edge.dst)
                key = hop_key(g, node, edge)
                assert key in PATH_HOPS
                # functional: the node has no other edge of that relation and direction
                same = [e for e in incident(g, node) if hop_key(g, node, e) == key]
                assert same == [edge]
                node = edge.other(node)
                seen.append(node)
            assert len(set(seen)) == len(seen)  # no node twice
