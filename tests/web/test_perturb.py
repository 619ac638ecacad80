"""Evidence perturbations of /web/search over the tiny world (real app, real uvicorn), checked against the
labels in questions.duckdb, which the test reads and the responses must not carry."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb
import httpx
import pytest
from crag_client.html import page_text
from selectolax.lexbor import LexborHTMLParser

from mockapi.web.perturb import mix

Serve = Callable[..., str]


def gold_questions(world: Path) -> list[tuple[str, str, set[str], str | None]]:
    """(interaction id, answer, gold page URLs, wrong value) of questions with two or more gold pages (a URL
    may be listed by more than one gold page, as the same page can sit at two ranks)."""
    with duckdb.connect(str(world / "questions.duckdb"), read_only=True) as q:
        rows = q.execute(
            "SELECT interaction_id, answer, gold_page_ids, wrong_value FROM questions ORDER BY ord"
        ).fetchall()
    with duckdb.connect(str(world / "pages.duckdb"), read_only=True) as p:
        url_of = dict(p.execute("SELECT DISTINCT page_id, page_url FROM results").fetchall())
    out = []
    for iid, answer, gold, wrong in rows:
        urls = {url_of[g] for g in json.loads(gold) if g in url_of}
        if len(urls) >= 2:
            out.append((iid, answer, urls, wrong))
    return out


def short_value(world: Path, interaction_id: str) -> str:
    """The gold answer as pages state it (lower case): the answer, or for a sentence its first alternative."""
    with duckdb.connect(str(world / "questions.duckdb"), read_only=True) as q:
        answer, alts = q.execute(
            "SELECT answer, alt_ans FROM questions WHERE interaction_id = ?", [interaction_id]
        ).fetchone() or ("", "[]")
    forms = json.loads(alts)
    return str(forms[0] if forms and len(answer.split()) > 5 else answer).lower()


def reader_text(html: str) -> str:
    """What a reader gets from a page: its visible text, and for an app shell the JSON its script carries
    (a shell may show a few words of chrome, "home", beside an otherwise empty body)."""
    data = LexborHTMLParser(html).css_first("script#__APP_DATA__")
    return page_text(html) + ("\n" + data.text() if data is not None else "")


TOKEN = "perturb-admin"
AUTH = {"authorization": f"Bearer {TOKEN}"}


def search(url: str, **body: Any) -> dict[str, Any]:
    r = httpx.post(url + "/web/search", json={"include_html": False, **body}, headers=AUTH, timeout=60)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def test_noise_ratio_serves_the_stated_mix_and_is_reproducible(tiny_world: Path, serve_world: Serve) -> None:
    url = serve_world(tiny_world, admin_token=TOKEN)
    questions = gold_questions(tiny_world)[:6]
    assert len(questions) >= 4
    for iid, _answer, gold_urls, _wrong in questions:
        for ratio in (0.0, 0.4, 0.8):
            body = search(url, interaction_id=iid, noise_ratio=ratio, perturb_seed=3)
            info, served = body["perturbation"], [e["page_url"] for e in body["result"]]
            answer_served = sum(u in gold_urls for u in served)
            assert info["pages"] == len(served) and info["noise_pages"] == len(served) - answer_served
            assert {u for u in served if u in gold_urls} == gold_urls  # all answer pages fit in k = 50
            # as asked, unless every answer-free page is already served (a question with many answer pages
            # and a subject named on most of its results has few pages that never mention the answer)
            free = search(url, interaction_id=iid, mode="negative_rejection")["perturbation"]["pages"]
            assert abs(info["effective_noise_ratio"] - ratio) <= 0.2 or info["noise_pages"] == free
            assert [e["rank"] for e in body["result"]] == list(range(1, len(served) + 1))
            again = search(url, interaction_id=iid, noise_ratio=ratio, perturb_seed=3)
            assert [e["page_url"] for e in again["result"]] == served
        five = search(url, interaction_id=iid, noise_ratio=0.4, k=5)["perturbation"]
        # answer pages counted as served (a URL can be listed twice), not as distinct URLs
        assert (five["pages"], five["noise_pages"]) == (5, 2) if answer_served >= 3 else five["pages"] < 5
    iid = questions[0][0]
    orders = {
        tuple(
            e["page_url"] for e in search(url, interaction_id=iid, noise_ratio=0.8, perturb_seed=s)["result"]
        )
        for s in range(5)
    }
    assert len(orders) > 1  # the seed matters


def test_negative_rejection_serves_no_answer_bearing_page(tiny_world: Path, serve_world: Serve) -> None:
    url = serve_world(tiny_world, admin_token=TOKEN)
    for iid, answer, gold_urls, _wrong in gold_questions(tiny_world)[:5]:
        body = httpx.post(
            url + "/web/search",
            json={"interaction_id": iid, "mode": "negative_rejection", "k": 10},
            headers=AUTH,
            timeout=60,
        ).json()
        assert body["perturbation"]["effective_noise_ratio"] == 1.0
        # up to k: a question has as many answer-free pages as its 50 results hold (fewer than 10 for some)
        assert 0 < len(body["result"]) <= 10
        assert not {e["page_url"] for e in body["result"]} & gold_urls
        texts = [reader_text(e["page_result"]).lower() for e in body["result"]]
        if len(answer) > 4:
            assert not any(answer.lower() in t for t in texts), answer


def stated_everywhere(world: Path) -> list[tuple[str, str, str]]:
    """(interaction id, short value, wrong value) of questions whose every gold page states the value as
    written (a share of answers is on no page verbatim: derived, reformatted or in a table cell)."""
    with duckdb.connect(str(world / "pages.duckdb"), read_only=True) as p:
        text_of = dict(p.execute("SELECT page_id, lower(text) FROM pages").fetchall())
    with duckdb.connect(str(world / "questions.duckdb"), read_only=True) as q:
        gold_ids = dict(q.execute("SELECT interaction_id, gold_page_ids FROM questions").fetchall())
    out = []
    for iid, answer, _urls, wrong in gold_questions(world):
        value = short_value(world, iid)
        pages = json.loads(gold_ids[iid])
        if wrong and len(answer) > 6 and value[:1].isalpha() and all(value in text_of[g] for g in pages):
            out.append((iid, value, wrong))
    return out


def test_counterfactual_plants_the_wrong_value(tiny_world: Path, serve_world: Serve) -> None:
    url = serve_world(tiny_world, admin_token=TOKEN)
    stated = stated_everywhere(tiny_world)
    assert len(stated) >= 3
    for iid, value, wrong in stated[:3]:
        body = httpx.post(
            url + "/web/search",
            json={"interaction_id": iid, "mode": "counterfactual"},
            headers=AUTH,
            timeout=60,
        ).json()
        info = body["perturbation"]
        assert info["pages"] >= 2 and info["rewritten_pages"] == info["pages"] and info["noise_pages"] == 0
        for entry in body["result"]:
            text = reader_text(entry["page_result"]).lower()
            assert value not in text and wrong.lower() in text, (value, wrong)
            assert value not in entry["page_snippet"].lower()


def test_counterfactual_of_a_sentence_answer_rewrites_its_short_value(
    tiny_world: Path, serve_world: Serve
) -> None:
    url = serve_world(tiny_world, admin_token=TOKEN)
    # gold answers that are sentences are on no page; what pages state is their short value
    sentences = [s for s in stated_everywhere(tiny_world) if len(gold_answer(tiny_world, s[0]).split()) > 5]
    assert sentences
    iid, value, wrong = sentences[0]
    body = httpx.post(
        url + "/web/search", json={"interaction_id": iid, "mode": "counterfactual"}, headers=AUTH, timeout=60
    ).json()
    assert body["perturbation"]["rewritten_pages"] == body["perturbation"]["pages"] >= 1
    texts = [reader_text(entry["page_result"]).lower() for entry in body["result"]]
    assert all(value not in t and wrong.lower() in t for t in texts), (value, wrong)


def gold_answer(world: Path, interaction_id: str) -> str:
    with duckdb.connect(str(world / "questions.duckdb"), read_only=True) as q:
        row = q.execute("SELECT answer FROM questions WHERE interaction_id = ?", [interaction_id]).fetchone()
    return str(row[0]) if row else ""


def test_plain_searches_are_unchanged_and_tasks_cap_k(tiny_world: Path, serve_world: Serve) -> None:
    url = serve_world(tiny_world, task=1, admin_token=TOKEN)
    iid = gold_questions(tiny_world)[0][0]
    plain = search(url, interaction_id=iid)
    assert set(plain) == {"result"}
    capped = search(url, interaction_id=iid, mode="negative_rejection", k=50)
    assert capped["perturbation"]["pages"] == 5  # the Task 1/2 view is 5 pages


def test_perturbations_need_questions(tiny_world: Path, serve_world: Serve, tmp_path: Path) -> None:
    bare = tmp_path / "no-questions"
    bare.mkdir()
    for item in tiny_world.iterdir():
        if item.name != "questions.duckdb":
            (bare / item.name).symlink_to(item)
    url = serve_world(bare, admin_token=TOKEN)
    iid = gold_questions(tiny_world)[0][0]
    r = httpx.post(url + "/web/search", json={"interaction_id": iid, "noise_ratio": 0.5}, headers=AUTH)
    assert r.status_code == 422
    assert r.json()["type"] == "invalid_value" and "questions" in r.json()["detail"]
    assert set(search(url, interaction_id=iid)) == {"result"}  # plain search still served


@pytest.mark.parametrize(
    ("answers", "ratio", "k", "expected"),
    [
        (3, 0.4, 5, (3, 2)),  # RGB's own case: 5 passages, ceil(5*0.4) = 2 noise
        (3, 0.8, 5, (1, 4)),
        (3, 0.4, 50, (3, 2)),  # answer pages run short: the noise side shrinks to keep the ratio
        (2, 0.8, 50, (2, 8)),
        (0, 0.4, 50, (0, 20)),  # nothing answer-bearing: just the noise share
        (3, 1.0, 5, (0, 5)),
    ],
)
def test_mix_counts(answers: int, ratio: float, k: int, expected: tuple[int, int]) -> None:
    answer = [f"a{i}" for i in range(answers)]
    noise = [f"n{i}" for i in range(40)]
    picked, n_noise = mix(answer, noise, k, ratio, random.Random(0))
    assert (len(picked) - n_noise, n_noise) == expected
    assert sum(p.startswith("n") for p in picked) == n_noise


@pytest.mark.parametrize(
    "headers", [{}, {"authorization": "Bearer wrong"}, {"authorization": f"Basic {TOKEN}"}]
)
def test_perturbations_need_the_admin_token(
    tiny_world: Path, serve_world: Serve, headers: dict[str, str]
) -> None:
    """A perturbed list diffed against the plain one reveals the gold pages: only the admin may ask."""
    url = serve_world(tiny_world, admin_token=TOKEN)
    iid = gold_questions(tiny_world)[0][0]
    r = httpx.post(
        url + "/web/search", json={"interaction_id": iid, "mode": "counterfactual"}, headers=headers
    )
    assert r.status_code == 401
    assert r.json()["type"] == "unauthorized" and "admin token" in r.json()["detail"]
    assert set(search(url, interaction_id=iid)) == {"result"}  # plain search needs no token


def test_perturbations_are_off_without_a_configured_token(tiny_world: Path, serve_world: Serve) -> None:
    url = serve_world(tiny_world)
    iid = gold_questions(tiny_world)[0][0]
    r = httpx.post(url + "/web/search", json={"interaction_id": iid, "noise_ratio": 0.4}, headers=AUTH)
    assert r.status_code == 401


def test_shutdown_closes_the_evidence_labels(tiny_world: Path) -> None:
    from fastapi.testclient import TestClient

    from mockapi.config.settings import Settings
    from mockapi.http.app import create_app
    from mockapi.http.server.state import state_of

    app = create_app(Settings(world=tiny_world, admin_token=TOKEN))
    iid = gold_questions(tiny_world)[0][0]
    for _ in range(2):  # a second lifespan opens the labels anew
        with TestClient(app) as client:
            state = state_of(app)
            assert state is not None and state.opened_evidence is None  # not before a perturbed search
            body = {"interaction_id": iid, "noise_ratio": 0.4, "include_html": False}
            assert client.post("/web/search", json=body, headers=AUTH).status_code == 200
            evidence = state.opened_evidence
            assert evidence is not None and evidence.labels(iid) is not None
        assert state_of(app) is None and state.opened_evidence is None
        with pytest.raises(duckdb.ConnectionException):
            evidence.labels(iid)
