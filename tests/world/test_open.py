"""Open-domain entities of a real tiny world: the get_entity shape (contract §1.5, §2.4) and look-alikes."""

from __future__ import annotations

import json

import duckdb


def test_entities_have_text_infobox_and_wikitext(kg: duckdb.DuckDBPyConnection) -> None:
    rows = kg.execute(
        "SELECT ord, name, summary_text, summary_structured, raw_mediawiki FROM open_entities"
    ).fetchall()
    assert [r[0] for r in rows] == list(range(len(rows)))
    assert len({r[1] for r in rows}) == len(rows)
    empty_fields = 0
    for _, name, summary, structured, wikitext in rows:
        box = json.loads(structured)
        assert isinstance(box, dict) and all(
            isinstance(k, str) and isinstance(v, str) for k, v in box.items()
        )
        empty_fields += sum(v == "" for v in box.values())
        assert summary.count(". ") >= 2 and len(summary) >= 200 and "[[" not in summary
        if not name.endswith("(disambiguation)"):
            assert "{{Infobox" in wikitext and "\n== " in wikitext and "<ref>" in wikitext
            assert f"'''{name}'''" in wikitext
    assert empty_fields > 0
    assert any("[[" in v and "|" in v for r in rows for v in json.loads(r[3]).values())  # raw wikitext links


def test_case_variants_are_separate_exact_keys(kg: duckdb.DuckDBPyConnection) -> None:
    names = [r[0] for r in kg.execute("SELECT name FROM open_entities").fetchall()]
    lowered: dict[str, int] = {}
    for n in names:
        lowered[n.lower()] = lowered.get(n.lower(), 0) + 1
    assert max(lowered.values()) >= 2  # "Ashford" and "ashford" both exist, as "Florida" and "FLORIDA"


def test_targets_have_30_lookalikes_and_links_resolve(kg: duckdb.DuckDBPyConnection) -> None:
    counts = kg.execute(
        """SELECT t.kind, count(l.entity_id), count(o.name) FROM entities t
           JOIN entities l ON l.lookalike_of = t.entity_id LEFT JOIN open_entities o ON o.name = l.name
           WHERE t.domain = 'open' AND t.is_target GROUP BY t.entity_id, t.kind"""
    ).fetchall()
    assert {k for k, _, _ in counts} == {"place", "person", "organization", "concept"}
    assert all(n >= 30 and found == n for _, n, found in counts)
    dangling = kg.execute(
        """SELECT count(*) FROM kg_edges k JOIN entities s ON s.entity_id = k.src AND s.domain = 'open'
           LEFT JOIN entities d ON d.entity_id = k.dst WHERE d.entity_id IS NULL"""
    ).fetchone()
    assert dangling == (0,)


def test_article_facts_agree_with_edges(kg: duckdb.DuckDBPyConnection) -> None:
    rows = kg.execute(
        """SELECT s.name, k.rel, d.name, o.raw_mediawiki FROM kg_edges k
           JOIN entities s ON s.entity_id = k.src JOIN entities d ON d.entity_id = k.dst
           JOIN open_entities o ON o.name = s.name WHERE s.domain = 'open'"""
    ).fetchall()
    assert {r[1] for r in rows} == {"born_in", "founded_by", "headquartered_in", "mayor", "proposed_by"}
    assert all(
        f"[[{other}]]" in text for name, _, other, text in rows if not name.endswith("(disambiguation)")
    )
