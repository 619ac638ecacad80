"""No two modules inside `mockapi/world` share a name (issue 36): five `frames.py` across the tree made a
traceback or an import line ambiguous; each module is named by what it holds."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import mockapi.world


def test_no_two_world_modules_share_a_name() -> None:
    root = Path(mockapi.world.__file__).parent
    names = Counter(p.name for p in root.rglob("*.py") if p.name != "__init__.py")
    assert len(names) > 60
    assert [n for n, count in names.items() if count > 1] == []
