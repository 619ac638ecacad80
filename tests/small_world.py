"""The session's small world: `crag-mock build --scale tiny --questions 8` (tests/conftest.py, `small_world`).

Every domain is asked and every stage runs (the KG, the shared pages, each question's own pages, the serving
and web tables, the passages), for half the CPU of the tiny world's 80 questions (34 s against 71 s, one
core). The tests of build MECHANICS (another seed, another split, a secret, --jobs, a killed build, exports)
build their own worlds like it and compare them with it: what they check does not need 80 questions."""

from __future__ import annotations

SMALL_QUESTIONS = 8
SMALL_BUILD = ["--scale", "tiny", "--questions", str(SMALL_QUESTIONS)]
"""`crag-mock build` flags of a small world (add --data DIR: --questions needs it)."""
