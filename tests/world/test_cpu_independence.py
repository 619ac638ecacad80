"""A world is the same on every CPU: numpy's SIMD code paths must not reach a stored value.

numpy picks its exp and log by the CPU (AVX-512 or AVX2 here), and the two differ in the last bit. The price
series were stored unrounded, so the tiny world's content hash differed between a machine with AVX-512 and
one without (sha256:8603f5a3… against the pinned sha256:4f710355…). The series are drawn here twice, in two
processes, once with every SIMD target numpy can dispatch to and once with all of them switched off
(`NPY_DISABLE_CPU_FEATURES`), and must be byte-identical.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys

import numpy as np
import pytest

from mockapi.world.domains.finance_prices import on_ticks

SERIES = """
import hashlib, random
import numpy as np
from mockapi.world.domains.finance_prices import daily_bars, minute_bars
from mockapi.world.domains.finance_universe import universe

secs = universe(random.Random(7), 12, 30, 40)
gen = np.random.default_rng(11)
bars = daily_bars(secs, 252, gen)
minutes = minute_bars(bars, np.arange(0, len(secs), 3), gen, 5)
digest = hashlib.sha256()
for part in (bars.open, bars.high, bars.low, bars.close, bars.volume,
             minutes.open, minutes.high, minutes.low, minutes.close, minutes.volume):
    digest.update(np.ascontiguousarray(part).tobytes())
print(digest.hexdigest())
"""


def _dispatch_targets() -> list[str]:
    """The SIMD targets beyond numpy's baseline that this CPU runs."""
    umath = importlib.import_module("numpy._core._multiarray_umath")  # private, untyped: numpy's own report
    found = umath.__cpu_features__
    return [name for name in umath.__cpu_dispatch__ if found.get(name)]


def _series_digest(disabled: list[str]) -> str:
    env = {**os.environ, "NPY_DISABLE_CPU_FEATURES": " ".join(disabled)}
    done = subprocess.run(
        [sys.executable, "-c", SERIES], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


def test_price_series_are_the_same_with_and_without_simd() -> None:
    targets = _dispatch_targets()
    if not targets:
        pytest.skip("this CPU runs numpy's baseline code only: there is no second code path to compare")
    assert _series_digest([]) == _series_digest(targets)


def test_prices_sit_on_ticks_and_keep_their_order() -> None:
    raw = np.array([0.000012, 0.01234567, 0.99995, 1.0, 1.004999, 171.71780629294318, 2_000.125])
    ticks = on_ticks(raw)
    assert ticks.tolist() == [0.0001, 0.0123, 1.0, 1.0, 1.0, 171.72, 2000.12]
    assert np.all(np.diff(ticks) >= 0)  # monotone: a bar's high stays above its open and close
