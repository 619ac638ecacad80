"""The simulator's typed config, built from `Settings`, with optional per-route overrides from a JSON file."""

from __future__ import annotations

import fnmatch
import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from mockapi.config.settings import Settings
from mockapi.core.user_error import UserError
from mockapi.sim.spec import DEFAULT_FAULTS, Latency, check_rate, parse_faults, parse_latency


@dataclass(frozen=True)
class RoutePolicy:
    """What the simulator does to requests of one route."""

    latency: Latency = field(default_factory=Latency)
    fault_rate: float = 0.0
    faults: tuple[str, ...] = DEFAULT_FAULTS
    rate_limit: float = 0.0  # requests per second per client; 0 = unlimited


@dataclass(frozen=True)
class SimConfig:
    """Global policy, per-route overrides (glob patterns over paths, first match wins), seed."""

    default: RoutePolicy = field(default_factory=RoutePolicy)
    routes: tuple[tuple[str, RoutePolicy], ...] = ()
    seed: int = 0
    journal_size: int = 100_000
    trust_client_id: bool = False  # key clients by X-Client-Id (else the peer address); see middleware.py
    exempt: tuple[str, ...] = field(
        default=("/health", "/admin/*", "/docs*", "/openapi.json", "/redoc*", "/meta")
    )

    @property
    def active(self) -> bool:
        """Whether any request could be delayed, faulted or limited."""
        policies = [self.default, *(p for _, p in self.routes)]
        return any(p.latency.kind != "off" or p.fault_rate > 0 or p.rate_limit > 0 for p in policies)

    def policy(self, path: str) -> RoutePolicy | None:
        """The policy for a path, or None when the path is exempt from simulation."""
        if any(fnmatch.fnmatchcase(path, pattern) for pattern in self.exempt):
            return None
        for pattern, policy in self.routes:
            if fnmatch.fnmatchcase(path, pattern):
                return policy
        return self.default


def policy_from(raw: dict[str, Any], base: RoutePolicy) -> RoutePolicy:
    """Overlay the keys of one JSON object (latency, fault_rate, faults, rate_limit) on `base`."""
    unknown = set(raw) - {"latency", "fault_rate", "faults", "rate_limit"}
    if unknown:
        raise UserError(
            f"--sim-config: unknown keys {sorted(unknown)}; use latency, fault_rate, faults, rate_limit"
        )
    out = base
    if "latency" in raw:
        out = replace(out, latency=parse_latency(raw["latency"]))
    if "fault_rate" in raw:
        out = replace(out, fault_rate=check_rate("fault-rate", float(raw["fault_rate"]), 1.0))
    if "faults" in raw:
        faults = raw["faults"]
        out = replace(out, faults=parse_faults(",".join(faults) if isinstance(faults, list) else faults))
    if "rate_limit" in raw:
        out = replace(out, rate_limit=check_rate("rate-limit", float(raw["rate_limit"])))
    return out


def load_sim_config(settings: Settings) -> SimConfig:
    """The simulation the settings describe, with the per-route overrides of `--sim-config`, a JSON file
    `{"default": {...}, "routes": {"/finance/*": {...}}}` (raises UserError on a bad spec or file)."""
    default = RoutePolicy(  # the rates' bounds were checked by Settings; the specs are parsed here
        latency=parse_latency(settings.latency),
        fault_rate=settings.fault_rate,
        faults=parse_faults(settings.faults),
        rate_limit=settings.rate_limit,
    )
    config_file = settings.sim_config
    routes: list[tuple[str, RoutePolicy]] = []
    if config_file:
        try:
            data = json.loads(Path(config_file).read_text(encoding="utf-8"))
        except OSError as exc:
            raise UserError(f"--sim-config {config_file}: {exc.strerror}") from None
        except ValueError as exc:
            raise UserError(f"--sim-config {config_file}: not valid JSON ({exc})") from None
        if not isinstance(data, dict) or not isinstance(data.get("routes", {}), dict):
            raise UserError(f'--sim-config {config_file}: expected {{"routes": {{"/path/glob": {{...}}}}}}')
        if "default" in data:
            default = policy_from(data["default"], default)
        routes = [(pattern, policy_from(raw, default)) for pattern, raw in data.get("routes", {}).items()]
    seed, trust = settings.sim_seed, settings.trust_client_id
    return SimConfig(default=default, routes=tuple(routes), seed=seed, trust_client_id=trust)
