"""The real cragkg/ layout (contract §2.9): which files each domain reads, and which are missing."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from mockapi.importers.kg import finance, movie, music, open_kg, sports

# Import order: small, commonly present domains first, so a failure in a huge file comes last.
DOMAINS: dict[str, ModuleType] = {
    "finance": finance,
    "sports": sports,
    "music": music,
    "movie": movie,
    "open": open_kg,
}
OPEN_PATTERN = "open/kg.*.jsonl.bz2"


def expected_files(root: Path, domain: str) -> list[str]:
    """Relative paths the domain reads (the open parts as found, or their pattern when there are none)."""
    if domain == "open":
        found = [f"open/{p.name}" for p in open_kg.files(root)]
        return found or [OPEN_PATTERN]
    return list(DOMAINS[domain].FILES)


def missing_files(root: Path, domain: str) -> list[str]:
    """Expected files of `domain` that are not there."""
    if domain == "open":
        return [] if open_kg.files(root) else [OPEN_PATTERN]
    return [rel for rel in expected_files(root, domain) if not (root / rel).is_file()]


def is_present(root: Path, domain: str) -> bool:
    """A domain is imported when at least one of its files exists."""
    return len(missing_files(root, domain)) < len(expected_files(root, domain))
