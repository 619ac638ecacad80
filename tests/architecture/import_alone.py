"""Import each module as if it were the first thing a program imports: one interpreter, and before each module
every module of the given packages is dropped from `sys.modules`. An import circle or a hidden dependency on
import order fails here, where a test session, which has already imported the other side, would never notice.

For speed, third-party libraries stay loaded, and so do the `keep` prefixes (the bottom layer, whose pydantic
models cost most to rebuild) while the modules above them are imported; the bottom layer's own modules are
imported with everything dropped. A circle through the bottom layer is left to the static check
(test_imports.py), as the bottom imports nothing above it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = """
import importlib, json, sys
packages, names, keep = (json.loads(arg) for arg in sys.argv[1:4])
failed = {}
for name in names:
    kept = () if name.startswith(tuple(keep)) else tuple(keep)
    for loaded in [m for m in sys.modules if m.split(".")[0] in packages]:
        if not (kept and loaded.startswith(kept)):
            del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except BaseException as exc:
        failed[name] = f"{type(exc).__name__}: {exc}"
print(json.dumps(failed))
"""


def import_each_alone(
    names: list[str], packages: list[str], path: Path | None = None, keep: tuple[str, ...] = ()
) -> dict[str, str]:
    """Module → the error importing it alone raised (empty when every module imports on its own)."""
    extra = [str(path)] if path is not None else []
    code = f"import sys; sys.path[:0] = {extra!r}\n{SCRIPT}"
    done = subprocess.run(
        [sys.executable, "-c", code, json.dumps(packages), json.dumps(names), json.dumps(keep)],
        check=True,
        capture_output=True,
        text=True,
        timeout=600,
    )
    failed: dict[str, str] = json.loads(done.stdout.splitlines()[-1])
    return failed
