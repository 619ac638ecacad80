"""Parsing of the simulation flags: latency specs, fault kinds, per-route overrides."""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass

from mockapi.core.user_error import UserError

FAULT_KINDS = ("429", "500", "503", "drop", "slow")
DEFAULT_FAULTS = ("429", "500", "503", "drop")

_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(us|ms|s)?\s*$")
_UNITS = {"us": 1e-6, "ms": 1e-3, "s": 1.0, None: 1e-3}


def parse_duration(text: str) -> float:
    """'50ms' / '0.2s' / '80' (milliseconds) → seconds."""
    m = _DURATION.match(text)
    if not m:
        raise UserError(f"bad duration {text!r}: write e.g. 50ms, 0.2s or 80 (milliseconds)")
    return float(m.group(1)) * _UNITS[m.group(2)]


@dataclass(frozen=True)
class Latency:
    """A latency distribution: fixed, uniform between two bounds, or lognormal by median and sigma."""

    kind: str = "off"
    a: float = 0.0  # fixed value, uniform low, or lognormal median (seconds)
    b: float = 0.0  # uniform high, or lognormal sigma

    def sample(self, rng: random.Random) -> float:
        """One delay in seconds."""
        if self.kind == "fixed":
            return self.a
        if self.kind == "uniform":
            return rng.uniform(self.a, self.b)
        if self.kind == "lognormal":
            return rng.lognormvariate(math.log(self.a), self.b)
        return 0.0


def parse_latency(spec: str | None) -> Latency:
    """`fixed:50ms`, `uniform:10ms-200ms`, `lognormal:median=80ms,sigma=0.5`, or `off`/None."""
    if not spec or spec == "off":
        return Latency()
    kind, _, rest = spec.partition(":")
    try:
        if kind == "fixed":
            return Latency("fixed", parse_duration(rest))
        if kind == "uniform":
            low, _, high = rest.partition("-")
            lo, hi = parse_duration(low), parse_duration(high)
            if hi < lo:
                raise UserError(f"bad latency {spec!r}: the upper bound is below the lower bound")
            return Latency("uniform", lo, hi)
        if kind == "lognormal":
            params = dict(part.split("=", 1) for part in rest.split(",") if "=" in part)
            median, sigma = parse_duration(params["median"]), float(params["sigma"])
            if median <= 0 or sigma < 0:
                raise ValueError
            return Latency("lognormal", median, sigma)
    except (KeyError, ValueError):
        pass
    raise UserError(
        f"bad latency {spec!r}: use fixed:50ms, uniform:10ms-200ms or lognormal:median=80ms,sigma=0.5"
    )


def parse_faults(spec: str | None) -> tuple[str, ...]:
    """A comma list of fault kinds (default 429,500,503,drop)."""
    if not spec:
        return DEFAULT_FAULTS
    kinds = tuple(k.strip() for k in spec.split(",") if k.strip())
    unknown = [k for k in kinds if k not in FAULT_KINDS]
    if unknown or not kinds:
        raise UserError(f"bad --faults {spec!r}: choose from {','.join(FAULT_KINDS)}")
    return kinds


def check_rate(name: str, value: float, high: float | None = None) -> float:
    """A value that must lie in [0, high]."""
    if value < 0 or (high is not None and value > high):
        bound = f"0..{high:g}" if high is not None else ">= 0"
        raise UserError(f"--{name} must be {bound}, got {value:g}")
    return value
