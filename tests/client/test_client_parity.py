"""`Client` and `AsyncClient` expose the same namespaces and methods with the same signatures."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest
from crag_client import CRAG, AsyncClient, Client
from crag_client._base import BaseClient

NAMESPACES = {"open": 2, "movie": 5, "finance": 9, "music": 19, "sports": 3, "web": 3}


def public_methods(obj: object) -> dict[str, Callable[..., Any]]:
    return {name: fn for name, fn in inspect.getmembers(obj, callable) if not name.startswith("_")}


@pytest.mark.parametrize(("namespace", "count"), sorted(NAMESPACES.items()))
def test_namespaces_match(namespace: str, count: int) -> None:
    sync_ns = public_methods(getattr(Client("http://h"), namespace))
    async_ns = public_methods(getattr(AsyncClient("http://h"), namespace))
    assert sorted(sync_ns) == sorted(async_ns)
    assert len(sync_ns) == count
    for name, fn in sync_ns.items():
        afn = async_ns[name]
        assert not inspect.iscoroutinefunction(fn), name
        assert inspect.iscoroutinefunction(afn), name
        assert inspect.signature(fn) == inspect.signature(afn), name
        assert (fn.__doc__ or "").strip(), f"{namespace}.{name} has no docstring"
        assert fn.__doc__ == afn.__doc__, name


def test_the_38_kg_methods_plus_web() -> None:
    assert sum(NAMESPACES.values()) == 38 + 3  # search, get_page, retrieve


def test_client_level_methods_match() -> None:
    sync_api = set(public_methods(Client("http://h"))) - {"gather"}
    async_api = set(public_methods(AsyncClient("http://h"))) - {"gather", "aclose"}
    assert sync_api == async_api
    assert {"map", "close", "interaction"} <= sync_api
    skip = {"interaction", "close"}  # async close takes no extra args; interaction is shared
    for name in sync_api - skip:
        sync_params = list(inspect.signature(getattr(Client, name)).parameters)
        async_params = list(inspect.signature(getattr(AsyncClient, name)).parameters)
        assert sync_params == async_params, name


def test_constructors_match_except_transport_types() -> None:
    sync_params = inspect.signature(Client.__init__).parameters
    async_params = inspect.signature(AsyncClient.__init__).parameters
    assert list(sync_params) == list(async_params)
    for name in sync_params:
        if name not in {"transport", "http_client", "sleep"}:
            assert sync_params[name] == async_params[name], name


def test_constructors_repeat_the_base_options_exactly() -> None:
    """The public constructors spell out `BaseClient`'s options (typed, for IDEs and mypy) instead of taking
    **kwargs; this keeps the three copies, and `CRAG`'s subset, from drifting apart."""
    base = list(inspect.signature(BaseClient.__init__).parameters.values())
    client_params = inspect.signature(Client.__init__).parameters
    for cls in (Client, AsyncClient):
        params = list(inspect.signature(cls.__init__).parameters.values())
        assert params[: len(base)] == base, cls.__name__
    crag_params = inspect.signature(CRAG.__init__).parameters
    assert crag_params["server"].replace(name="base_url") == client_params["base_url"]
    for name in list(crag_params)[2:]:
        assert crag_params[name] == client_params[name], name
