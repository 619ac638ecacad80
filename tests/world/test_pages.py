"""Synthetic pages and results of a real tiny world: shape, formats, gold content, rendering, determinism."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import random
import re
from html import escape
from pathlib import Path

from pages_db import query
from pages_db import specs as specs_of
from small_world import SMALL_QUESTIONS

from mockapi.core import pipe_pool
from mockapi.core.textnorm import normalize
from mockapi.web.record_spill import RecordSpill
from mockapi.web.render import html_size, render_page
from mockapi.world import page_jobs
from mockapi.world.context import WorldContext
from mockapi.world.pages import fact_frames, layouts, styles
from mockapi.world.scales import get_scale
from mockapi.world.web_stage import make_questions, run

LAST_MODIFIED = re.compile(r"^ (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT$")


def test_fifty_ranked_results_per_question(tiny_world: Path) -> None:
    per_q = query(
        tiny_world, "pages.duckdb", "SELECT interaction_id, list(rank ORDER BY rank) FROM results GROUP BY 1"
    )
    assert len(per_q) == 80
    assert all(ranks == list(range(1, 51)) for _, ranks in per_q)
    known = {r[0] for r in query(tiny_world, "questions.duckdb", "SELECT interaction_id FROM questions")}
    assert {r[0] for r in per_q} == known


def test_result_fields_are_crag_like(tiny_world: Path) -> None:
    rows = query(
        tiny_world,
        "pages.duckdb",
        "SELECT page_name, page_url, page_snippet, page_last_modified FROM results",
    )
    assert all(name and len(name) <= 75 for name, *_ in rows)
    assert all(url.startswith("https://") for _, url, *_ in rows)
    dated = [lm for *_, lm in rows if lm]
    assert all(LAST_MODIFIED.match(lm) for lm in dated)
    assert 0.45 < 1 - len(dated) / len(rows) < 0.85  # CRAG: about two thirds empty
    snippets = [s for _, _, s, _ in rows]
    assert any("<strong>" in s for s in snippets) and any(s == "" for s in snippets)


def test_one_url_one_page_and_shared_urls(tiny_world: Path) -> None:
    pages = query(
        tiny_world, "pages.duckdb", "SELECT url, count(*) FROM pages GROUP BY 1 HAVING count(*) > 1"
    )
    assert pages == []
    shared = query(
        tiny_world,
        "pages.duckdb",
        "SELECT count(*) FROM (SELECT page_id FROM results "
        "GROUP BY 1 HAVING count(DISTINCT interaction_id) > 1)",
    )[0][0]
    assert shared > 0


def _states(text: str, value: str) -> bool:
    """`value` is on the page in one of the styles pages write it in (03/15/2024, 15 Mar 2024, $1.2B…)."""
    return any(normalize(form) in text for form in styles.forms(value))


def test_gold_pages_state_the_answer(tiny_world: Path) -> None:
    qs = query(
        tiny_world,
        "questions.duckdb",
        "SELECT question_type, answer, alt_ans, key_phrases, gold_page_ids FROM questions",
    )
    checked = restyled = 0
    for qtype, answer, alts, phrases, gold in qs:
        for pid in json.loads(gold):
            text = normalize(
                query(tiny_world, "pages.duckdb", f"SELECT text FROM pages WHERE page_id = '{pid}'")[0][0]
            )
            assert all(_states(text, p) for p in json.loads(phrases)), (pid, phrases)
            restyled += not all(normalize(p) in text for p in json.loads(phrases))
            if qtype in ("simple", "simple_w_condition", "set", "multi-hop"):
                # a sentence answer keeps its short value among the alternatives; some form is on the page
                # (a list computed from a table, e.g. "the top three", holds every item, in its own order)
                forms = [answer, *json.loads(alts)]
                items = [normalize(i) for i in re.split(r",\s*|\s+and\s+", forms[-1])]
                stated = any(normalize(f) in text for f in forms) or all(i in text for i in items)
                stated = stated or all(_states(text, p) for p in json.loads(phrases)[-1:])
                assert stated, (forms, pid)
                checked += 1
    assert checked > 10
    assert restyled > 0  # some answer pages write the value in another style than the gold answer


def test_pages_vary_layout_and_frames(tiny_world: Path) -> None:
    rows = query(tiny_world, "pages.duckdb", "SELECT page_id FROM pages ORDER BY page_id LIMIT 300")
    by_id = specs_of(tiny_world, [pid for (pid,) in rows])
    specs = [by_id[pid] for (pid,) in rows]
    assert len({(s["kind"], s["shell"]) for s in specs}) >= 30
    assert sum(any(b[0] == "table" for b in s["blocks"]) or bool(s["infobox"]) for s in specs) > 0.25 * len(
        specs
    )
    prose = [b for s in specs for b in s["blocks"] if b[0] in ("p", "post")]
    sentences = [x for b in prose for x in re.split(r"(?<=[.!?])\s+", b[-1])]
    assert len(set(sentences)) > 0.8 * len(sentences)  # filler is composed, not one template repeated


def test_gold_pages_are_served_before_query_time(tiny_world: Path) -> None:
    rows = query(
        tiny_world,
        "pages.duckdb",
        "SELECT r.last_modified_ts, q.query_time FROM results r "
        "JOIN queries q USING (interaction_id) WHERE r.last_modified_ts IS NOT NULL",
    )
    from mockapi.formats.timefmt import parse_query_time

    assert rows
    assert all(ts < parse_query_time(qt).replace(tzinfo=None) for ts, qt in rows)


def test_rendering_is_deterministic_and_sized(tiny_world: Path) -> None:
    rows = query(tiny_world, "pages.duckdb", "SELECT page_id, html_size FROM pages ORDER BY page_id LIMIT 40")
    by_id = specs_of(tiny_world, [pid for pid, _ in rows])
    for pid, size in rows:
        spec = by_id[pid]
        html = render_page(spec)
        assert html == render_page(json.loads(json.dumps(spec)))
        assert len(html) == size == html_size(spec)
        if html:
            assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
            # Jinja writes an apostrophe as &#39; (html.escape: &#x27;): "The Echo's Valley" (generator 21)
            assert f"<title>{escape(spec['title']).replace('&#x27;', '&#39;')}</title>" in html


def test_page_sizes_spread_like_real_pages(tiny_world: Path) -> None:
    sizes = sorted(s for (s,) in query(tiny_world, "pages.duckdb", "SELECT html_size FROM pages"))
    non_empty = [s for s in sizes if s]
    median = non_empty[len(non_empty) // 2]
    assert 150_000 < median < 350_000
    assert non_empty[0] < 60_000 and sizes[-1] > 1_000_000
    assert 0 < sizes.count(0) < 0.12 * len(sizes)


def test_stage_is_deterministic(small_world: Path, tmp_path: Path) -> None:
    """The questions-and-pages stage run again over the small world's KG (tests/small_world.py: the tiny KG,
    8 questions) writes the rows the build wrote."""
    (tmp_path / "kg.duckdb").write_bytes((small_world / "kg.duckdb").read_bytes())
    scale = dataclasses.replace(get_scale("tiny"), questions=SMALL_QUESTIONS)  # as `build --questions 8`
    run(WorldContext(scale, 0), tmp_path, lambda _m: None)
    for db, sql in (
        ("pages.duckdb", "SELECT * FROM results ORDER BY interaction_id, rank"),
        ("pages.duckdb", "SELECT page_id, url, html_size, text FROM pages ORDER BY page_id"),
        ("questions.duckdb", "SELECT * FROM questions ORDER BY ord"),
    ):
        assert query(tmp_path, db, sql) == query(small_world, db, sql)


def test_shared_pages_are_the_same_made_here_or_in_fresh_helpers(small_world: Path, tmp_path: Path) -> None:
    """A shared page is a function of its inputs, not of what its process made before: made in this process
    (one job) or in helpers of the map's own, started for the subjects' pages after the roundups' helpers
    ended (two jobs outside a build's pool, as `run` is called above), the pools are the same. Stop 48: the
    helpers then made the subjects' pages without the KG's anchors (only a roundup read them), and the small
    world's "Escape from East Springbury" page differed from the build's."""
    ctx = WorldContext(dataclasses.replace(get_scale("tiny"), questions=SMALL_QUESTIONS), 0)
    questions = make_questions(ctx, small_world)
    made = []
    for jobs in (1, 2):
        records = RecordSpill(tmp_path / f"records-{jobs}")
        pipe_pool.JOBS.append(jobs)
        try:
            pools = page_jobs.shared_pools(
                ctx, questions, {}, records, page_jobs.Claims(), small_world / "kg.duckdb"
            )
        finally:
            pipe_pool.JOBS.pop()
            records.close()
            page_jobs.forget()
        made.append((sorted(pools.entity.items()), pools.noise))
    assert made[0] == made[1]


def test_value_styles_are_checkable() -> None:
    rng = random.Random(5)
    for value in ("March 9, 2023", "$12.18", "$1.2 billion", "1,234,567", "139", "Port Kimberlybury"):
        written = {styles.restyle(value, rng) for _ in range(60)}
        assert written <= set(styles.forms(value))
        assert len(written) == len(styles.forms(value))  # every style is used
    day = dt.date(2024, 3, 15)  # a Friday
    assert styles.relative_day(dt.date(2024, 3, 14), day) == "yesterday"
    assert styles.relative_day(dt.date(2024, 3, 12), day) == "last Tuesday"
    assert styles.relative_day(dt.date(2024, 3, 1), day) == ""


def test_dev_and_test_share_a_core_and_keep_their_own_forms() -> None:
    dev, test = layouts.kinds("finance", "dev"), layouts.kinds("finance", "test")
    assert "blog" in dev and "blog" not in test and "qa" in test and "qa" not in dev
    assert len(set(dev) & set(test)) >= 7  # spa pages went to the train split (layouts.TRAIN_KINDS)
    for pool in (fact_frames.PLAIN, fact_frames.DATED, fact_frames.QUOTES, fact_frames.CAPTIONS):
        d, t = set(fact_frames.allowed(pool, "dev")), set(fact_frames.allowed(pool, "test"))
        assert d & t and d - t and t - d
    rng = random.Random(1)
    assert {layouts.shell("test", rng) for _ in range(400)}.isdisjoint(layouts.SHELLS["dev"])
