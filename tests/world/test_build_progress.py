"""Issue 35: the first build told a user 41 step names over 10 minutes and nothing else. Each line now has
the time so far and the last step's duration, and a counted step (the pages, 1,200 questions on the default
world) its rate and about how long it has left."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from mockapi.world.progress import StepClock, status

STEPS = [
    "kg: 5 domains over 2 helpers",
    "kg: search index",
    "pages: question 0/1,200",
    "pages: question 100/1,200",
    "pages: question 200/1,200",
    "hashing",
]


def ticking(times: list[float]) -> Iterator[float]:
    yield from times


def test_each_step_says_its_time_and_the_pages_step_what_is_left() -> None:
    at = ticking([0, 0, 31, 40, 70, 90, 500, 530])  # seconds on a fake clock, one per call
    steps = StepClock(now=lambda: next(at))
    lines = [steps.line(m) for m in STEPS] + [steps.finish("built")]
    assert lines == [
        "0:00 kg: 5 domains over 2 helpers",
        "0:31 kg: search index · kg: 5 domains over 2 helpers took 0:31",
        "0:40 pages: question 0/1,200 · kg: search index took 0:09",
        "1:10 pages: question 100/1,200 · 3.3/s, about 5:30 left in this step",
        "1:30 pages: question 200/1,200 · 4.0/s, about 4:10 left in this step",
        "8:20 hashing · pages: question took 7:40",
        "8:50 built · hashing took 0:30",
    ]


def test_a_build_whose_stderr_is_not_a_terminal_prints_every_step_with_its_time(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with status("building the tiny dev world into W") as progress:
        for message in STEPS:
            progress(message)
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "building the tiny dev world into W …"
    assert [re.sub(r"^  \d+:\d\d ", "", line).split(" · ")[0] for line in err[1:-1]] == STEPS
    assert re.fullmatch(r"  \d+:\d\d done · hashing took \d+:\d\d", err[-1])
    assert "left in this step" in err[4] and "took" in err[2]
