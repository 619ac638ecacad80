"""crag-eval's agents reach the passages: `openai-agent` is offered the `retrieve` tool in every task, and a
call made as its tool loop makes it (`client.call(path, arguments)`) answers Search-R1's shape."""

from __future__ import annotations

import pytest
from crag_client import Client
from crag_eval.models.openai_agent import openai_tools


@pytest.mark.parametrize("task", [1, 2, 3, None])
def test_every_task_offers_retrieve(task: int | None) -> None:
    tools = {t["function"]["name"]: t["function"] for t in openai_tools(task)}
    schema = tools["retrieve"]["parameters"]
    properties = schema["properties"]
    assert isinstance(properties, dict)
    assert {"queries", "query", "topk", "return_scores"} <= set(properties)


def test_the_tool_call_answers_passages(tiny_server: str) -> None:
    with Client(tiny_server) as client:
        envelope = client.call("/retrieve", {"queries": ["who directed the last tide"], "topk": 2})
    [hits] = envelope["result"]
    assert len(hits) == 2 and all(set(hit) == {"id", "contents"} for hit in hits)
