"""Issue 22: a Task 3 run fetches its pages in a helper process, ahead of the model. What the model receives
and what the diagnostics record must be exactly what the in-process fetch gives, and a helper that dies
must cost nothing but time (its fetches are made again in-process)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest
from crag_eval.files.questions import load_world_questions
from crag_eval.files.rundir import PredictionLog
from crag_eval.run.fetch_helper import Connections
from crag_eval.run.fetcher import MIN_QUESTIONS, Fetcher, fetch_processes
from crag_eval.run.runner import Loop, run_batches
from crag_eval.score.diagnostics import RunHooks, load_labels


def test_helper_pages_and_evidence_equal_the_in_process_fetch(tiny_server: str, tiny_world: Path) -> None:
    questions = load_world_questions(tiny_world)[:6]
    labels = load_labels(str(tiny_world), questions)
    assert any(labels[q.interaction_id].key_phrases for q in questions)  # the key-phrase scan runs
    here, there = RunHooks(labels=labels), RunHooks(labels=labels)
    fetcher = Fetcher(there, tiny_server, 50, processes=1)
    try:
        with httpx.Client(timeout=60) as http:
            tickets = [fetcher.submit(q) for q in questions]
            for question, ticket in zip(questions, tickets, strict=True):
                assert ticket.future is not None  # submitted to the helper, not made here
                assert ticket.pages(http) == here.fetch(http, tiny_server, question, 50)
    finally:
        fetcher.close()
    for q in questions:
        assert there.extras(q, "x", {}) == here.extras(q, "x", {})  # perturbation, key phrases, hits


def test_a_dead_helper_costs_only_time(tiny_server: str, tiny_world: Path) -> None:
    questions = load_world_questions(tiny_world)[:3]
    hooks = RunHooks()
    fetcher = Fetcher(hooks, tiny_server, 50, processes=1)
    try:
        fetcher.helpers[0].proc.kill()
        with httpx.Client(timeout=60) as http:
            pages = [fetcher.submit(q).pages(http) for q in questions]
            assert pages == [RunHooks().fetch(http, tiny_server, q, 50) for q in questions]
    finally:
        fetcher.close()


def test_only_task_3_runs_of_some_size_start_helpers() -> None:
    assert fetch_processes(MIN_QUESTIONS - 1, 50, 1) == 0
    assert fetch_processes(1200, 5, 8) == 0  # Tasks 1-2: five pages
    assert fetch_processes(1200, 50, 1) == 1
    assert 1 <= fetch_processes(1200, 50, 8) <= 2


class Records:
    """Answers with a digest of what it was given, so the predictions show what each batch received."""

    def get_batch_size(self) -> int:
        return 3

    def batch_generate_answer(self, batch: dict[str, list[Any]]) -> list[str]:
        pages = batch["search_results"]
        assert isinstance(pages, list)
        return [str(sum(len(p["page_result"] or "") for p in served)) for served in pages]


def test_a_run_with_helpers_records_what_an_in_process_run_records(
    tiny_server: str, tiny_world: Path, tmp_path: Path
) -> None:
    questions = load_world_questions(tiny_world)[:MIN_QUESTIONS]
    rows = {}
    for name, todo in (("helpers", questions), ("in-process", questions[:4])):
        out = tmp_path / name
        out.mkdir()
        log = PredictionLog(out)
        hooks = RunHooks(labels=load_labels(str(tiny_world), questions))
        try:
            run_batches(Records(), todo, Loop(tiny_server, 3, hooks=hooks), log)
        finally:
            log.close()
        lines = (out / "predictions.jsonl").read_text(encoding="utf-8").splitlines()
        rows[name] = [{k: v for k, v in json.loads(x).items() if k != "latency_s"} for x in lines]
    assert len(rows["helpers"]) == len(questions)
    assert rows["helpers"][:4] == rows["in-process"]


def test_the_helper_starts_without_httpx_pydantic_or_the_sdk() -> None:
    """Its start-up is a cost of every Task 3 run (and, with --max-concurrency, of every helper)."""
    code = "import sys, crag_eval.run.fetch_helper; print(' '.join(sorted(sys.modules)))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    heavy = {"httpx", "pydantic", "crag_client", "mockapi", "duckdb"}
    assert {m.split(".")[0] for m in loaded.split()} & heavy == set()


def test_the_helper_reconnects_when_its_connection_was_closed(tiny_server: str, tiny_world: Path) -> None:
    question = load_world_questions(tiny_world)[0]
    target, body, headers = RunHooks().search_request(tiny_server, question, 5)
    connections = Connections()
    first = connections.post(target, orjson.dumps(body), headers)
    for conn in connections.open.values():  # as a server's keep-alive timeout leaves it: closed under us
        assert conn.sock is not None
        conn.sock.shutdown(socket.SHUT_RDWR)
    assert connections.post(target, orjson.dumps(body), headers) == first
    with pytest.raises(RuntimeError, match="HTTP 422"):  # a failed attempt is the run process's to retry
        connections.post(target, b"{}", headers)


def test_the_lean_in_process_fetch_gives_the_pages_and_evidence_of_the_sdks(
    tiny_server: str, tiny_world: Path
) -> None:
    """No helper (few questions, or `--workers` filling the cores): a Task 3 fetch from a loopback server
    is made in the run's process the helper's way (http.client, gzip, orjson), with the same results."""
    questions = load_world_questions(tiny_world)[:4]
    labels = load_labels(str(tiny_world), questions)
    here, lean = RunHooks(labels=labels), RunHooks(labels=labels)
    fetcher = Fetcher(lean, tiny_server, 50, processes=0)
    assert fetcher.lean
    try:
        with httpx.Client(timeout=60) as http:
            for question in questions:
                ticket = fetcher.submit(question)
                assert ticket.future is None
                assert ticket.pages(http) == here.fetch(http, tiny_server, question, 50)
            assert len(fetcher._opened) == 1  # one kept-alive connection for the run loop's thread
    finally:
        fetcher.close()
    for q in questions:
        assert lean.extras(q, "x", {}) == here.extras(q, "x", {})
    assert not Fetcher(RunHooks(), "http://10.0.0.1:8000", 50, processes=0).lean  # a proxy may be needed


def test_workers_that_fill_the_cores_start_no_helpers() -> None:
    """Each `--workers` process would pickle every page across to its helper and back for nothing."""
    cores = os.cpu_count() or 1
    assert fetch_processes(1200, 50, 1, loops=max(2, cores)) == 0
    assert fetch_processes(1200, 50, 1, loops=1) == 1
