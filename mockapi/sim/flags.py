"""The simulation flags of `crag-mock serve` and their hand-over to uvicorn workers (`CRAG_MOCK_*` env)."""

from __future__ import annotations

import argparse
import os

from mockapi.sim.config import load_sim_config


def add_sim_arguments(parser: argparse.ArgumentParser) -> None:
    """--latency, --fault-rate, --faults, --rate-limit, --sim-seed, --sim-config, --trust-client-id,
    --forwarded-allow-ips, --admin-token (all off)."""
    group = parser.add_argument_group("simulation (all off by default)")
    add = group.add_argument
    add("--latency", metavar="SPEC", help="fixed:50ms | uniform:10ms-200ms | lognormal:median=80ms,sigma=0.5")
    add("--fault-rate", metavar="R", type=float, default=0.0, help="share of responses turned into faults")
    add("--faults", metavar="KINDS", help="fault kinds from 429,500,503,drop,slow (default 429,500,503,drop)")
    add("--rate-limit", metavar="N", type=float, default=0.0, help="requests/s per client (429 beyond)")
    add("--sim-seed", metavar="N", type=int, default=0, help="seed of the simulated delays and faults")
    add("--sim-config", metavar="FILE", help='JSON per-route overrides {"routes": {"/finance/*": {...}}}')
    add(
        "--trust-client-id",
        action="store_true",
        help="rate-limit per X-Client-Id header instead of per peer address (only behind trusted callers)",
    )
    add(
        "--forwarded-allow-ips",
        metavar="ADDRS",
        help="proxies whose X-Forwarded-For names the client (comma-separated; default: none, or "
        "$FORWARDED_ALLOW_IPS)",
    )
    add("--admin-token", metavar="TOKEN", help="enable /admin/journal and /admin/reset (Bearer token)")


def forwarded_allow_ips(args: argparse.Namespace) -> str | None:
    """The proxies uvicorn may believe about `X-Forwarded-For`; None: none (uvicorn would trust loopback,
    and inside a container or behind a port forwarder every client can arrive from loopback)."""
    return args.forwarded_allow_ips or os.environ.get("FORWARDED_ALLOW_IPS") or None


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
        "TRUST_CLIENT_ID": "1" if args.trust_client_id else None,
    }
    return {f"CRAG_MOCK_{key}": str(value) for key, value in values.items() if value is not None}
