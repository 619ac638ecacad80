"""Where the real CRAG fixture is: `$CRAG_FIXTURES`, else `shared/fixtures` by the repo, else /work/shared.

The fixture (10 real CRAG records, CC BY-NC 4.0) is test data kept outside the repository and the package.
"""

from __future__ import annotations

import os
from pathlib import Path

NAME = "crag_dev_10.jsonl.bz2"
_REPO = Path(__file__).resolve().parents[1]


def _candidates() -> list[Path]:
    env = os.environ.get("CRAG_FIXTURES")
    dirs = [Path(env)] if env else []
    dirs += [_REPO.parent / "shared" / "fixtures", Path("/work/shared/fixtures")]
    return [d / NAME for d in dirs]


CRAG_DEV_10: Path = next((p for p in _candidates() if p.is_file()), _candidates()[0])
"""The fixture file (it may not exist: tests that need it skip, saying where they looked)."""
