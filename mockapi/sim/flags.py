"""The simulation flags of `crag-mock serve` and their hand-over to uvicorn workers (`CRAG_MOCK_*` env)."""

from __future__ import annotations

import argparse

from mockapi.sim.config import load_sim_config


def add_sim_arguments(parser: argparse.ArgumentParser) -> None:
    """--latency, --fault-rate, --faults, --rate-limit, --sim-seed, --sim-config, --admin-token (all off)."""
    group = parser.add_argument_group("simulation (all off by default)")
    add = group.add_argument
    add("--latency", metavar="SPEC", help="fixed:50ms | uniform:10ms-200ms | lognormal:median=80ms,sigma=0.5")
    add("--fault-rate", metavar="R", type=float, default=0.0, help="share of responses turned into faults")
    add("--faults", metavar="KINDS", help="fault kinds from 429,500,503,drop,slow (default 429,500,503,drop)")
    add("--rate-limit", metavar="N", type=float, default=0.0, help="requests/s per client (429 beyond)")
    add("--sim-seed", metavar="N", type=int, default=0, help="seed of the simulated delays and faults")
    add("--sim-config", metavar="FILE", help='JSON per-route overrides {"routes": {"/finance/*": {...}}}')
    add("--admin-token", metavar="TOKEN", help="enable /admin/journal and /admin/reset (Bearer token)")


def sim_env(args: argparse.Namespace) -> dict[str, str]:
    """The `CRAG_MOCK_*` variables for the flags that were given; checks them first (one-line UserError)."""
    load_sim_config(
        latency=args.latency,
        fault_rate=args.fault_rate,
        faults=args.faults,
        rate_limit=args.rate_limit,
        seed=args.sim_seed,
        config_file=args.sim_config,
    )
    values = {
        "LATENCY": args.latency,
        "FAULT_RATE": args.fault_rate or None,
        "FAULTS": args.faults,
        "RATE_LIMIT": args.rate_limit or None,
        "SIM_SEED": args.sim_seed or None,
        "SIM_CONFIG": args.sim_config,
        "ADMIN_TOKEN": args.admin_token,
    }
    return {f"CRAG_MOCK_{key}": str(value) for key, value in values.items() if value is not None}
