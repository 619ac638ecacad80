"""What a run was made with, for run.json: the code (version, git commit), the libraries that shape worlds and
scores, and the LLM endpoints of the judge and the model (base URL and model name; never a key)."""

from __future__ import annotations

import platform
import subprocess
from importlib import metadata
from pathlib import Path
from typing import Any

from pydantic import JsonValue

SHAPING_LIBRARIES = (
    "crag-mockapi",
    "duckdb",  # the stores a world is read from
    "Faker",  # names and text of a synthetic world
    "Jinja2",  # pages, rendered on request
    "tantivy",  # full-text search of queries a world does not know
    "selectolax",  # page text (the baseline reads it)
    "numpy",  # bootstrap intervals and paired tests
    "pydantic",
    "httpx",
    "openai",
)
"""Distributions whose version can change a world's bytes, what the server answers or a score."""

LLM_ROLES = {"judge": ("CRAG_EVAL_JUDGE", "gpt-4o-mini"), "model": ("CRAG_EVAL_MODEL", "gpt-4o-mini")}
"""Environment prefix and default model of the `openai` judge and the `openai` / `openai-agent` models."""


def versions() -> dict[str, str]:
    """Python's version and each shaping library's ('unknown' when not installed)."""
    out = {"python": platform.python_version()}
    for dist in SHAPING_LIBRARIES:
        try:
            out[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            out[dist] = "unknown"
    return out


def code() -> dict[str, JsonValue]:
    """The package version and, when it runs from a git checkout of this project, the commit and whether the
    tree had changes (an installed copy has no commit: its version says what it is)."""
    out: dict[str, JsonValue] = {"version": versions()["crag-mockapi"]}
    here = Path(__file__).resolve().parent
    top = _git(here, "rev-parse", "--show-toplevel")
    if top is None or not (Path(top) / "clients" / "crag_eval").is_dir():  # a venv inside another repository
        return out
    out["commit"] = _git(here, "rev-parse", "HEAD")
    status = _git(here, "status", "--porcelain", "--untracked-files=no")
    out["dirty"] = bool(status)
    return out


def _git(where: Path, *args: str) -> str | None:
    try:
        done = subprocess.run(
            ["git", "-C", str(where), *args], capture_output=True, text=True, timeout=10, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def endpoints(judge: str, model: str) -> dict[str, dict[str, str]]:
    """Base URL and model name of each LLM the run calls (the `openai` judge, the `openai*` models)."""
    from crag_eval.llm.client import Endpoint

    used = {"judge": judge == "openai", "model": model in ("openai", "openai-agent")}
    out: dict[str, dict[str, str]] = {}
    for role, (prefix, default) in LLM_ROLES.items():
        if used[role]:
            endpoint = Endpoint.from_env(prefix, default)
            out[role] = {"base_url": endpoint.base_url, "model": endpoint.model}
    return out


def run_fields(judge: str, model: str) -> dict[str, Any]:
    """run.json's `versions`, `code` and `endpoints` for a new run."""
    return {"versions": versions(), "code": code(), "endpoints": endpoints(judge, model)}
