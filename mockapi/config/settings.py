"""Server settings (pydantic-settings): the one table of every server knob.

Each field is declared once here: its type, default and bounds, its help (the attribute docstring), and, in a
`Flag` annotation, how command lines show it. `mockapi/config/flags.py` generates from this class the flags of
`crag-mock serve`, the `CRAG_MOCK_*` variables handed to uvicorn workers and the simulation flags `crag-eval`
forwards to its in-process server; the simulator builds its typed config from it (`mockapi/sim/config.py`).
Adding a knob means adding a field here (see docs/architecture.md, "Adding a simulation knob").

`crag-mock serve` passes its settings through the environment, so every uvicorn worker process builds the
same `Settings()` and opens the same world read-only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from annotated_types import Ge, Le
from pydantic import Field, ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails
from pydantic_settings import BaseSettings, SettingsConfigDict

from mockapi.core.user_error import UserError

ENV_PREFIX = "CRAG_MOCK_"
SIMULATION = "simulation (all off by default)"
"""The argument group of the simulation flags in `crag-mock serve --help`."""
OPERATIONS = "operations (metrics, access log, probes, shutdown; docs/operations.md)"


@dataclass(frozen=True)
class Flag:
    """How a setting appears on command lines: `--` + the field name with dashes (`sim_seed`: `--sim-seed`).

    A field without a `Flag` has no flag of its own (`world`: `crag-mock serve` sets it from `--data`)."""

    metavar: str | None = None
    group: str | None = None
    """The `--help` section (None: the command's own options)."""
    eval: bool = False
    """`crag-eval` has the flag too and forwards it to its in-process server."""
    workers: bool = True
    """Handed to uvicorn workers as a variable; False: read by the `crag-mock serve` process only."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, extra="ignore", use_attribute_docstrings=True)

    world: Path = Path(".")
    """The world directory (kg.duckdb, pages.duckdb, manifest.json); missing stores serve not-found values."""
    # an int range, not Literal[1, 2, 3]: the environment carries the task as the string "1"
    task: Annotated[int | None, Flag()] = Field(default=None, ge=1, le=3)
    """serve as CRAG task 1, 2 or 3 (default: all): task 1 refuses KG routes (403); tasks 1 and 2 get the
    5-page web search view"""
    search: Annotated[Literal["original", "improved"] | None, Flag()] = None
    """name-search ranking: original (the original server's results and order) or improved (exact match
    first); default: original for imported KGs, improved for synthetic worlds"""
    latency: Annotated[str | None, Flag("SPEC", SIMULATION, eval=True)] = None
    """latency of each response: fixed:50ms | uniform:10ms-200ms | lognormal:median=80ms,sigma=0.5"""
    fault_rate: Annotated[float, Flag("R", SIMULATION, eval=True)] = Field(default=0.0, ge=0.0, le=1.0)
    """share of responses turned into faults"""
    faults: Annotated[str | None, Flag("KINDS", SIMULATION, eval=True)] = None
    """fault kinds from 429,500,503,drop,slow (default 429,500,503,drop)"""
    rate_limit: Annotated[float, Flag("N", SIMULATION, eval=True)] = Field(default=0.0, ge=0.0)
    """requests/s per client (429 beyond; 0: unlimited)"""
    sim_seed: Annotated[int, Flag("N", SIMULATION, eval=True)] = 0
    """seed of the simulated delays and faults"""
    sim_config: Annotated[str | None, Flag("FILE", SIMULATION)] = None
    """JSON per-route overrides {"routes": {"/finance/*": {...}}}"""
    trust_client_id: Annotated[bool, Flag(group=SIMULATION)] = False
    """rate-limit and journal per X-Client-Id header instead of per peer address (only behind trusted
    callers, such as crag-eval's in-process server: others could send a fresh id per request)"""
    # uvicorn's own variable, without our prefix; the app applies it (mockapi/observe), so workers read it too
    forwarded_allow_ips: Annotated[str | None, Flag("ADDRS", SIMULATION)] = Field(
        default=None, validation_alias="forwarded_allow_ips"
    )
    """proxies whose X-Forwarded-For names the client and whose X-Team header names the team in metrics and
    the access log (comma-separated; default: none, or $FORWARDED_ALLOW_IPS)"""
    admin_token: Annotated[str | None, Flag("TOKEN", SIMULATION)] = None
    """enable /admin/journal and /admin/reset (Bearer token); unset: they answer 404"""
    metrics: Annotated[Literal["on", "off"], Flag(group=OPERATIONS)] = "on"
    """Prometheus metrics at /metrics (requests by route and status, latency, bytes, in flight, simulated
    faults; shared across --workers)"""
    access_log: Annotated[Literal["off", "json"], Flag(group=OPERATIONS)] = "off"
    """json: one JSON line per request on stdout (time, route, status, latency, bytes, peer or team,
    interaction id)"""
    drain_delay: Annotated[float, Flag("S", OPERATIONS)] = Field(default=0.0, ge=0.0, le=300.0)
    """seconds after SIGTERM during which /readyz answers 503 while requests are still served (so a load
    balancer stops sending), before the server stops accepting"""
    drain_timeout: Annotated[int, Flag("S", OPERATIONS, workers=False)] = Field(default=20, ge=1, le=600)
    """then at most this many seconds for in-flight requests to finish; the rest are cancelled"""


def load_settings(values: Mapping[str, Any], model: type[Settings] = Settings) -> Settings:
    """`model(**values)` over the `CRAG_MOCK_*` environment; a bad value is a one-line UserError naming its
    flag (or its variable, when it came from the environment)."""
    try:
        return model(**values)
    except ValidationError as exc:
        error = exc.errors()[0]
        name = str(error["loc"][0]) if error["loc"] else ""
        field = model.model_fields.get(name)
        if field is None:
            raise UserError(f"{name}: {error['msg']}") from None
        what = "--" + name.replace("_", "-") if name in values else env_name(name, field)
        raise UserError(what + _complaint(field, error)) from None


def env_name(name: str, field: FieldInfo) -> str:
    """The variable a field is read from (`CRAG_MOCK_<NAME>`, unless it has its own alias)."""
    alias = field.validation_alias
    return alias.upper() if isinstance(alias, str) else ENV_PREFIX + name.upper()


def _complaint(field: FieldInfo, error: ErrorDetails) -> str:
    """What is wrong with the value; an out-of-bounds number in the words of `sim.spec.check_rate`."""
    value = error.get("input")
    low = next((m.ge for m in field.metadata if isinstance(m, Ge)), None)
    high = next((m.le for m in field.metadata if isinstance(m, Le)), None)
    if error["type"] in ("greater_than_equal", "less_than_equal"):
        got = f"got {float(value):g}"
        if low is not None and high is not None:
            return f" must be {low:g}..{high:g}, {got}"
        return f" must be >= {low:g}, {got}" if low is not None else f" must be <= {high:g}, {got}"
    return f": {error['msg'][0].lower()}{error['msg'][1:]}, got {value!r}"
