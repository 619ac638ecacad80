"""`crag-eval` (placeholder until the harness issue)."""

from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `crag-eval` console script."""
    print("crag-eval: not implemented yet")
    return 2
