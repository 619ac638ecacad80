"""The checks of the g29 reading (issue 31): places read as places. The reader found towns narrated as sights
("Thornview is emptiest on Saturdays" of a city of 114,759; "A heatwave closed part of Wintercrest for 3
days") and sights given populations ("Lake Rodneymouth Zoo has a population of 145,173").

Real stores: page texts in a pages.duckdb read through `Corpus` as the audit reads a world, beside a KG whose
open-domain leads say what its names are. Each test fails on main `882e21c` (no `places` module, no line).
The real CRAG fixture reads 0 on both rules.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from fixture_paths import CRAG_DEV_10

from mockapi.audit import places, report, results
from mockapi.audit.data import AuditQuestion, Corpus, Result, load_real
from mockapi.formats.manifest import Manifest

KG_LEADS = (
    ("Thornview", "Thornview is a city in Wood County, Georgia, United States. The population was 114,759."),
    ("Wintercrest", "Wintercrest is a town in Clay County, Ohio, United States."),
    # a look-alike's name that reads as an institution, but the KG's lead says it is a city
    ("Ashbury College", "Ashbury College is a city in Marsh County, Iowa, United States."),
    ("Rowanham, Ashbury", "Rowanham, Ashbury is a borough in Wood County, Minnesota, United States."),
    ("Lynn Insurance Laboratories", "Lynn Insurance Laboratories is a private company in the United States."),
)


def _world(tmp_path: Path, texts: list[str]) -> Corpus:
    with duckdb.connect(str(tmp_path / "pages.duckdb")) as con:
        con.execute("CREATE TABLE pages (page_id VARCHAR, text VARCHAR)")
        con.executemany("INSERT INTO pages VALUES (?, ?)", [(f"p{i}", t) for i, t in enumerate(texts)])
    with duckdb.connect(str(tmp_path / "kg.duckdb")) as con:
        con.execute("CREATE TABLE open_entities (ord BIGINT, name VARCHAR, summary_text VARCHAR)")
        con.executemany(
            "INSERT INTO open_entities VALUES (?, ?, ?)", [(i, *r) for i, r in enumerate(KG_LEADS)]
        )
    return Corpus("world", [], Manifest(), tmp_path)


def _scan(tmp_path: Path, texts: list[str]) -> places.PlaceScan:
    corpus = _world(tmp_path, texts)
    ranked = [Result(i + 1, f"p{i}", f"https://s{i}.example/", t.split("\n", 1)[0], "", 100)
              for i, t in enumerate(texts)]  # fmt: skip
    q = AuditQuestion("q0", "what is the population of thornview?", "open", "simple", "static", "114,759",
                      [], [], ranked, {"p0"}, "", "web")  # fmt: skip
    scan = places.PlaceScan(corpus.world)
    for read in results.read_results(corpus, [q]):
        scan.add(read)
    return scan


def test_settlements_narrated_as_sights(tmp_path: Path) -> None:
    texts = [
        "Thornview - A Closer Look\n"
        "Thornview is emptiest on Saturdays. A travel writer visited Thornview in May.\n"  # the reader's
        "The site is fullest in December.\n"  # the page's subject by a back-reference
        "Parking at Thornview Museum costs $5, and the council met in Thornview on Monday.",  # the museum's
        "Wintercrest: key facts\n"
        "A heatwave closed part of Wintercrest for 3 days.\n"  # the reader's #32
        "Yesterday Wintercrest gets crowded after noon. Volunteers at Lonely Park planted 300 trees.\n"
        "Fischerport County added night tours last autumn.\n"  # a county by its name
        "A burst pipe damaged the car park of Rowanham, Ashbury. A new guide at Ashbury College said so.\n"
        "North Amandachester is busiest on Saturdays.",  # nothing tells what it is: not counted
        "Haasburgh overview\n"
        "Haasburgh has a population of 3.29M. Haasburgh gets crowded in May.",  # lived in, by its population
    ]
    rule = _scan(tmp_path, texts).result()["rules"][places.RULES[0]]
    # checked: 8 settlements and 2 sights (the museum's parking, the park's volunteers)
    assert (rule["checked"], rule["violations"]) == (10, 8), rule
    assert rule["examples"] == [
        "p1 Ashbury College: A new guide at Ashbury College said so.",  # the KG's city, whatever its name
        "p1 Fischerport County: Fischerport County added night tours last autumn.",
        "p2 Haasburgh: Haasburgh gets crowded in May.",
    ]


def test_a_sights_amenities_in_other_words(tmp_path: Path) -> None:
    """Frames an adversary may write that the generator never did: a possessive car park or gallery, opening
    to visitors, opening hours, crowds flocking; a town's own high street and council are no sight's."""
    texts = [
        "Thornview: key facts\n"
        "Heavy rain flooded Thornview's main car park. Wintercrest reopened to visitors in May.\n"
        "Crowds flock to Thornview in August. Opening hours at Wintercrest are 9 a.m. to 5 p.m.\n"
        "Thornview's high street was resurfaced, and the council of Wintercrest approved a new bus route.",
    ]
    rule = _scan(tmp_path, texts).result()["rules"][places.RULES[0]]
    assert (rule["checked"], rule["violations"]) == (4, 4), rule


def test_populations_of_what_is_not_a_settlement(tmp_path: Path) -> None:
    texts = [
        "Thornview - A Closer Look\n"
        "Updated June 25, 2023: Lake Rodneymouth Zoo has a population of 145,173.\n"  # the reader's
        "The population of Montesstad Cathedral II was 927,510 on 2024-02-18.\n"  # a look-alike's " II"
        "Thornview has a population of 114,759. About 12,000 people live in Wintercrest.\n"
        "Ashbury College has a population of 227,916 (the KG: a city).\n"
        "Lynn Insurance Laboratories is home to 4,000 residents.\n"  # the KG: a company
        "Haasburgh's population came to 3,290,474.",  # nothing tells what it is: not counted
    ]
    rule = _scan(tmp_path, texts).result()["rules"][places.RULES[1]]
    assert (rule["checked"], rule["violations"]) == (6, 3), rule
    assert [e.split(":")[0] for e in rule["examples"]] == [
        "p0 Lake Rodneymouth Zoo",
        "p0 Lynn Insurance Laboratories",
        "p0 Montesstad Cathedral II",
    ]


def test_the_places_rules_are_lines_of_the_report() -> None:
    names = [s.name for s in report.SPECS]
    for rule in places.RULES:
        spec = report.SPECS[names.index(f"places: {rule}")]
        found = {"consistency": {"places": {"rules": {rule: {"violations": 2}}}}}
        assert spec.get(found) == 2  # type: ignore[arg-type]
        assert spec.threshold == "0" and spec.ok is not None and not spec.ok(1) and spec.ok(0)


@pytest.mark.skipif(not CRAG_DEV_10.is_file(), reason=f"no CRAG fixture at {CRAG_DEV_10}")
def test_real_crag_reads_zero_on_the_places_lines() -> None:
    corpus = load_real(CRAG_DEV_10)
    scan = places.PlaceScan(None)
    for read in results.read_results(corpus, corpus.questions):
        scan.add(read)
    assert scan.result()["violations"] == 0, scan.result()
