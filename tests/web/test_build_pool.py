"""Issue 34: a build keeps one set of helper processes for all its stages (`pipe_pool.pool`), instead of
starting fresh ones for every map (each start re-imported the generator: ~1 CPU-s a helper, about 17 starts
on a 2-job build). Real helper processes here: each answers with its process id."""

from __future__ import annotations

import operator
import os
from types import GeneratorType

import pytest

from mockapi.core import pipe_pool
from mockapi.core.pipe_pool import in_each, ordered_map, pool, run_each


def pid(_n: int) -> int:
    """The helper's process id (module level: a helper imports it by name)."""
    return os.getpid()


def test_every_map_of_a_build_runs_on_the_same_helpers() -> None:
    with pool(2):
        helpers = {h.proc.pid for h in pipe_pool._POOLS[-1].helpers}
        first = set(ordered_map(pid, [(n,) for n in range(20)], 2, chunk=3))
        second = set(ordered_map(pid, [(n,) for n in range(20)], 2, chunk=3))
        each = set(run_each(pid, [(n,) for n in range(5)], 2))
    assert len(helpers) == 2 and os.getpid() not in helpers
    # every map ran on the pool's two helpers and started none of its own; which of the two took a map's
    # chunks is the scheduler's (under load one helper took all of a map's 7 chunks: CI at e76e8e8)
    assert first | second | each <= helpers and first
    assert pipe_pool._POOLS == []  # ended with the block


def test_outside_a_pool_each_map_starts_its_own_helpers() -> None:
    first = set(ordered_map(pid, [(n,) for n in range(8)], 2, chunk=2))
    second = set(ordered_map(pid, [(n,) for n in range(8)], 2, chunk=2))
    assert first and second and not first & second  # (how many of its two took chunks is the scheduler's)


def test_a_map_inside_a_map_gets_helpers_of_its_own_and_both_keep_their_order() -> None:
    with pool(2):
        outer = ordered_map(operator.mul, [(i, 2) for i in range(50)], 2, chunk=4)
        got = [next(outer) for _ in range(5)]  # the pool is lent to this map until it ends
        inner = list(ordered_map(operator.mul, [(i, 3) for i in range(50)], 2, chunk=4))
        got += list(outer)
    assert got == [i * 2 for i in range(50)]
    assert inner == [i * 3 for i in range(50)]


def test_a_failed_map_ends_the_pool_and_the_next_map_still_works() -> None:
    with pool(2):
        with pytest.raises(RuntimeError, match="ZeroDivisionError"):
            list(ordered_map(operator.truediv, [(1, 1), (1, 0), (2, 1), (3, 1)], 2, chunk=1))
        assert pipe_pool._POOLS == []  # its unread chunks would answer the next map
        assert list(ordered_map(operator.truediv, [(4, 2), (9, 3)], 2, chunk=1)) == [2.0, 3.0]


def test_in_each_reaches_every_helper_of_the_pool_once() -> None:
    with pool(3):
        reached = in_each(os.getpid, 3)
        assert len(set(reached)) == 3 and os.getpid() not in reached
        used = set(ordered_map(pid, [(n,) for n in range(30)], 3, chunk=1))
        assert used <= set(reached)  # the pool's own helpers, each reached once
    assert in_each(os.getpid, 3) == []  # no pool: nothing to let go of


def test_a_map_left_open_when_its_build_fails_closes_without_a_second_error() -> None:
    # the 20,000-question build's pages stage failed while its map of question pages was open: the pool
    # ended with the build's block, and closing the map afterwards raised "list.remove(x): x not in list"
    # on top of the real error
    with pytest.raises(LookupError), pool(2):
        pages = ordered_map(operator.mul, [(i, 2) for i in range(50)], 2, chunk=4)
        assert next(pages) == 0
        raise LookupError("the stage's own error")
    assert pipe_pool._POOLS == []
    assert isinstance(pages, GeneratorType)  # ordered_map is a generator: it has close()
    pages.close()  # as the garbage collector closes it
