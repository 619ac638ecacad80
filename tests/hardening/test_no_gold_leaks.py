"""No route exposes gold answers or question labels.

"Exposes" means: a response carries something that only questions.duckdb knows. Pages and KG rows state
answers on purpose (that is what retrieval is for), so the strongest test is structural: serve the world
with and without questions.duckdb and require every response to be byte-identical; then the server cannot
be reading it. Two scans back it up on the full world's responses: no label field or label value anywhere,
and none of the gold strings that appear nowhere in the served stores (answers the pages and the KG do not
state, false-premise answers, computed values) shows up.
"""

from __future__ import annotations

import json
import re
import shutil
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import duckdb
import httpx
import pytest

from mockapi.config.settings import Settings
from mockapi.core.paths import KG_DB, PAGES_DB, QUESTIONS_DB
from mockapi.http.app import create_app
from mockapi.serving.routes import ROUTES

LABEL_KEYS = {
    "question_type",
    "static_or_dynamic",
    "answer",
    "alt_ans",
    "alternative_answers",
    "answer_source",
    "gold_page_ids",
    "key_phrases",
    "answer_in_pages",
    "wrong_value",
    "record_layout",
    "fact_kinds",
}
LABEL_VALUES = {"simple_w_condition", "false_premise", "post-processing", "slow-changing", "fast-changing"}
HTML_PAGES = 6  # frozen lists fetched with full HTML (each is ~15 MB on the tiny world); the rest without


Request = tuple[str, str, Any]  # method, path, JSON body (None: no body)


def _requests(world: Path, examples: dict[str, Any]) -> list[Request]:
    """Every route: GETs, the 38 KG routes with /meta's bodies, /web/* for every known question and URL."""
    reqs: list[Request] = [
        ("GET", path, None) for path in ("/", "/health", "/meta", "/openapi.json", "/docs")
    ]
    reqs += [("POST", r.path, None if r.body is None else examples[r.path]) for r in ROUTES]
    with duckdb.connect(str(world / PAGES_DB), read_only=True) as con:
        queries = con.execute("SELECT interaction_id, query, query_time FROM queries ORDER BY all").fetchall()
        urls = [u for (u,) in con.execute("SELECT DISTINCT page_url FROM results ORDER BY 1").fetchall()]
    for i, (qid, text, qtime) in enumerate(queries):
        reqs.append(("POST", "/web/search", {"interaction_id": qid, "include_html": i < HTML_PAGES}))
        reqs.append(("POST", "/web/search", {"query": text, "include_html": False}))
        if i % 3 == 0:  # free text (not the exact question): BM25 over the corpus, with the cut-off
            words = " ".join(text.split()[1:])
            reqs.append(("POST", "/web/search", {"query": words, "query_time": qtime, "include_html": False}))
    reqs += [("POST", "/web/get_page", {"url": url}) for url in urls[::40]]
    return reqs


def _fetch(base: str, reqs: list[Request]) -> Iterator[tuple[Request, bytes]]:
    with httpx.Client(base_url=base, timeout=120) as http:
        for req in reqs:
            method, path, body = req
            response = (
                http.request(method, path, json=body) if body is not None else http.request(method, path)
            )
            assert response.status_code == 200, (req, response.text[:300])
            yield req, response.content


@pytest.fixture(scope="module")
def world_without_questions(tiny_world: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    copy = tmp_path_factory.mktemp("noq") / "tiny"
    shutil.copytree(tiny_world, copy)
    (copy / QUESTIONS_DB).unlink()
    return copy


@pytest.fixture(scope="module")
def served(tiny_world: Path, tiny_server: str) -> list[tuple[Request, bytes]]:
    examples = httpx.get(f"{tiny_server}/meta", timeout=30).json()["examples"]
    return list(_fetch(tiny_server, _requests(tiny_world, examples)))


def test_responses_do_not_depend_on_questions_duckdb(
    tiny_world: Path,
    world_without_questions: Path,
    served: list[tuple[Request, bytes]],
    serve_world: Callable[..., str],
) -> None:
    assert (tiny_world / QUESTIONS_DB).is_file()
    base = serve_world(world_without_questions)
    reqs = [req for req, _ in served]
    without = dict(zip(map(repr, reqs), (body for _, body in _fetch(base, reqs)), strict=True))
    different = []
    for req, body in served:
        # /meta names the world directory it serves; everything else must match byte for byte
        mine = body.replace(str(tiny_world).encode(), b"<world>")
        theirs = without[repr(req)].replace(str(world_without_questions).encode(), b"<world>")
        if mine != theirs:
            different.append(req[:2])
    assert not different, different
    megabytes = sum(len(b) for _, b in served) / 1e6
    print(f"\n{len(served)} responses ({megabytes:.0f} MB) identical without questions.duckdb")


def _walk(value: Any) -> Iterator[tuple[str | None, Any]]:
    """(key, value) of every node of a JSON document; key None for list items and the root."""
    stack: list[tuple[str | None, Any]] = [(None, value)]
    while stack:
        key, node = stack.pop()
        yield key, node
        if isinstance(node, dict):
            stack.extend(node.items())
        elif isinstance(node, list):
            stack.extend((None, item) for item in node)


def test_no_label_fields_or_values(served: list[tuple[Request, bytes]]) -> None:
    for req, body in served:
        if req[1] == "/docs":
            continue  # HTML shell of Swagger UI; its content is /openapi.json
        doc = json.loads(body)
        if req[1] == "/openapi.json":
            # Tavily's look-alike answers Tavily's own `answer` key, always null (the mock writes no answers)
            doc["components"]["schemas"]["TavilySearchResponse"]["properties"].pop("answer")
        for key, value in _walk(doc):
            assert key not in LABEL_KEYS, (req[:2], key)
            assert not (isinstance(value, str) and value in LABEL_VALUES), (req[:2], key, value)


def _served_stores_text(world: Path) -> str:
    """What the world and the code state, lowercased: every KG column, pages, results, the code's schema."""
    parts: list[str] = [json.dumps(create_app(Settings(world=world / "no-such-dir")).openapi())]
    with duckdb.connect(str(world / KG_DB), read_only=True) as kg:
        columns = kg.execute("SELECT table_name, column_name FROM information_schema.columns").fetchall()
        for table, column in columns:
            sql = f'SELECT CAST("{column}" AS VARCHAR) FROM "{table}" WHERE "{column}" IS NOT NULL'
            parts += [v for (v,) in kg.execute(sql).fetchall()]
    with duckdb.connect(str(world / PAGES_DB), read_only=True) as pages:
        # visible text (extracted from the rendered HTML at build time) and the raw bodies or specs
        for body, text in pages.execute("SELECT body, text FROM pages").fetchall():
            parts += [text, zlib.decompress(body).decode("utf-8")]
        for row in pages.execute("SELECT page_name, page_url, page_snippet FROM results").fetchall():
            parts += row
        parts += [q for (q,) in pages.execute("SELECT query FROM queries").fetchall()]
    return "\n".join(parts).lower()


def _gold_strings(world: Path) -> list[str]:
    """Answers, alternatives, key phrases and wrong values, lowercased, long enough to be distinctive."""
    with duckdb.connect(str(world / QUESTIONS_DB), read_only=True) as con:
        rows = con.execute("SELECT answer, alt_ans, key_phrases, wrong_value FROM questions").fetchall()
    out = set()
    for answer, alt, phrases, wrong in rows:
        for value in [answer, *json.loads(alt), *json.loads(phrases), wrong or ""]:
            value = value.strip().lower()
            if len(value) >= 5:
                out.add(value)
    return sorted(out)


@pytest.fixture(scope="module")
def private(tiny_world: Path) -> list[str]:
    """The gold strings no served store states (computed once a module: ~10 CPU-s over the tiny world's
    ~60 MB of stores)."""
    stores = _served_stores_text(tiny_world)
    return [g for g in _gold_strings(tiny_world) if g not in stores]


def test_gold_strings_absent_from_the_stores_are_absent_from_responses(
    served: list[tuple[Request, bytes]], private: list[str]
) -> None:
    assert "invalid question" in private  # false-premise answers: stated by no page and no KG row
    leaks = []
    for req, body in served:
        if req[1] == "/docs":
            continue
        # the decoded strings, so quotes and escapes inside HTML compare as the stores hold them
        text = "\n".join(v for _, v in _walk(json.loads(body)) if isinstance(v, str)).lower()
        # a substring search per string, not one regex of them all: 3x faster on the ~100 MB served (re
        # tries each alternative at every position), and it finds every string, overlapping ones too
        leaks += [(req[:2], gold) for gold in private if gold in text]
    assert not leaks, leaks[:20]
    print(f"\n{len(private)} gold strings found in no store; none in {len(served)} responses")


@pytest.mark.parametrize(
    "perturbation",
    [{"mode": "negative_rejection"}, {"mode": "counterfactual"}, {"noise_ratio": 0.5}],
)
def test_perturbations_are_refused_without_questions_duckdb(
    world_without_questions: Path, serve_world: Callable[..., str], perturbation: dict[str, Any]
) -> None:
    """Perturbed searches pick pages by gold labels, so diffing them against the plain list would reveal
    which pages hold the answer (and, for counterfactual, the answer text itself). A deployment without
    questions.duckdb (the Docker image's default) must refuse them."""
    base = serve_world(world_without_questions, admin_token="t")
    with duckdb.connect(str(world_without_questions / PAGES_DB), read_only=True) as con:
        (qid,) = con.execute("SELECT min(interaction_id) FROM queries").fetchone() or ("",)
    body = {"interaction_id": qid, "include_html": False, **perturbation}
    anonymous = httpx.post(f"{base}/web/search", json=body, timeout=60)
    assert anonymous.status_code == 401, anonymous.text[:300]  # never without the admin token
    admin = httpx.post(f"{base}/web/search", json=body, headers={"authorization": "Bearer t"}, timeout=60)
    assert admin.status_code == 422, admin.text[:300]  # and never without questions.duckdb
    assert "result" not in admin.json()


# ─────────── error paths: what an anonymous caller can provoke, with questions.duckdb on disk ───────────

HEX_RUN = re.compile(rb"[0-9a-f]{16,}")  # page ids are content hashes ("spec:<sha256>" on synthetic pages)


def _error_requests(examples: dict[str, Any], qid: str, url: str) -> list[tuple[str, str, dict[str, Any]]]:
    """Requests a probing caller sends: unknown routes, wrong methods, bad bodies on every route, the
    admin routes and evidence perturbations without a token, the documents that describe the API."""
    known = {"interaction_id": qid, "include_html": False}
    reqs: list[tuple[str, str, dict[str, Any]]] = [
        ("GET", path, {}) for path in ("/", "/health", "/meta", "/openapi.json", "/docs", "/redoc", "/nope")
    ]
    reqs += [
        ("POST", "/nope", {"json": {}}),
        ("GET", "/web/search", {}),
        ("GET", "/admin/journal", {}),
        ("POST", "/admin/reset", {}),
        ("GET", "/admin/journal", {"headers": {"authorization": "Bearer guess"}}),
        ("POST", "/web/search", {"content": b"{not json", "headers": {"content-type": "application/json"}}),
        ("POST", "/web/search", {"content": b"x" * 70_000, "headers": {"content-type": "application/json"}}),
        ("POST", "/web/search", {"json": {**known, "k": 0}}),
        ("POST", "/web/search", {"json": {**known, "query_time": "not a time"}}),
        ("POST", "/web/search", {"json": {**known, "unknown_field": 1}}),
        ("POST", "/web/search", {"json": {"interaction_id": "no-such-question"}}),
        ("POST", "/web/get_page", {"json": {"url": 5}}),
        ("POST", "/web/get_page", {"json": {"url": url + "#x"}}),
    ]
    for perturbation in ({"mode": "negative_rejection"}, {"mode": "counterfactual"}, {"noise_ratio": 0.5}):
        reqs.append(("POST", "/web/search", {"json": {**known, **perturbation}}))
        reqs.append(("POST", "/web/search", {"json": {**known, **perturbation, "mode": "bogus"}}))
    for route in ROUTES:
        reqs += [("GET", route.path, {}), ("POST", route.path, {"json": {}})]
        if route.body is not None:
            wrong = {key: [value] for key, value in examples[route.path].items()}
            reqs.append(("POST", route.path, {"json": wrong}))
    return reqs


def _answers(base: str, world: Path, reqs: list[tuple[str, str, dict[str, Any]]]) -> list[tuple[int, bytes]]:
    with httpx.Client(base_url=base, timeout=120) as http:
        out = []
        for method, path, kwargs in reqs:
            response = http.request(method, path, **kwargs)
            out.append((response.status_code, response.content.replace(str(world).encode(), b"<world>")))
        return out


@pytest.fixture(scope="module")
def probes(tiny_world: Path, tiny_server: str) -> list[tuple[str, str, dict[str, Any]]]:
    examples = httpx.get(f"{tiny_server}/meta", timeout=30).json()["examples"]
    with duckdb.connect(str(tiny_world / QUESTIONS_DB), read_only=True) as con:
        sql = "SELECT interaction_id, gold_page_ids FROM questions WHERE gold_page_ids <> '[]' ORDER BY 1"
        row = con.execute(sql).fetchone()
        assert row is not None
        qid, pages = row
    with duckdb.connect(str(tiny_world / PAGES_DB), read_only=True) as con:
        page = con.execute("SELECT url FROM pages WHERE page_id = ?", [json.loads(pages)[0]]).fetchone()
        assert page is not None
        (url,) = page
    return _error_requests(examples, qid, url)


def test_error_answers_do_not_depend_on_questions_duckdb(
    tiny_world: Path,
    tiny_server: str,
    world_without_questions: Path,
    serve_world: Callable[..., str],
    probes: list[tuple[str, str, dict[str, Any]]],
) -> None:
    """No admin token configured (the challenge default), gold labels on disk: every error, every
    document and every refusal reads the same as on a world without them."""
    mine = _answers(tiny_server, tiny_world, probes)
    theirs = _answers(serve_world(world_without_questions), world_without_questions, probes)
    different = [(m, p) for (m, p, _), a, b in zip(probes, mine, theirs, strict=True) if a != b]
    assert not different, different
    statuses = sorted({status for status, _ in mine})
    assert {401, 404, 405, 413, 422} <= set(statuses), statuses  # the probes did reach the error paths
    print(f"\n{len(probes)} probes (statuses {statuses}) identical without questions.duckdb")


def test_no_answer_page_ids_or_private_gold_in_any_answer(
    tiny_world: Path,
    tiny_server: str,
    served: list[tuple[Request, bytes]],
    probes: list[tuple[str, str, dict[str, Any]]],
    private: list[str],
) -> None:
    """Page ids (gold or not) are internal: no response names one; nor does any error or document carry a
    gold string that no served store states."""
    errors = [body for _, body in _answers(tiny_server, tiny_world, probes)]
    with duckdb.connect(str(tiny_world / PAGES_DB), read_only=True) as con:
        ids = {i for (pid,) in con.execute("SELECT page_id FROM pages").fetchall() for i in (pid, pid[-64:])}
    for body in [*errors, *(body for _, body in served)]:
        named = ids & {body[m.start() : m.end()].decode() for m in HEX_RUN.finditer(body)} if ids else set()
        assert not named, sorted(named)[:5]
    for body in errors:
        text = body.decode("utf-8", "replace").lower()
        found = [gold for gold in private if gold in text]
        assert not found, found
