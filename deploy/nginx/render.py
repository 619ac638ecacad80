"""Render the front door's templates into a directory: the `${CRAG_*}` placeholders (envsubst's syntax)
replaced, nginx's own `$variables` left alone.

    python3 deploy/nginx/render.py OUT_DIR [CRAG_NAME=value ...]

writes OUT_DIR/front-door.conf, OUT_DIR/locations.conf and OUT_DIR/tls-server.conf. OUT_DIR must also hold
teams.map and upstream.conf (see the .example files). Include front-door.conf (and tls-server.conf for
HTTPS) in nginx's http context. Standard library only; tests/deploy/test_front_door.py and
bench/bench_scaleout.py render through it too.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TEMPLATES = ("front-door.conf.template", "locations.conf.template", "tls-server.conf.template")
DEFAULTS = {
    "CRAG_LISTEN": "80",
    "CRAG_TLS_LISTEN": "443",
    "CRAG_SERVER_NAME": "_",
    "CRAG_TLS_CERT": "/etc/nginx/tls/crag.crt",
    "CRAG_TLS_KEY": "/etc/nginx/tls/crag.key",
    "CRAG_TEAM_RATE": "20r/s",
    "CRAG_TEAM_BURST": "40",
    "CRAG_TEAM_CONNECTIONS": "16",
    "CRAG_HEADER_TIMEOUT": "10s",
    "CRAG_BODY_TIMEOUT": "10s",
    "CRAG_IDLE_TIMEOUT": "60s",
    "CRAG_ACCESS_LOG": "/var/log/nginx/crag-access.log",
}
"""What the reference uses when a value is not given (CRAG_NGINX_DIR is always OUT_DIR)."""
PLACEHOLDER = re.compile(r"\$\{(CRAG_[A-Z_]+)\}")


def render_text(text: str, values: dict[str, str]) -> str:
    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values:
            raise KeyError(f"no value for ${{{name}}}")
        return values[name]

    return PLACEHOLDER.sub(value, text)


def render(out_dir: Path, **overrides: str) -> dict[str, str]:
    """Write the rendered templates into `out_dir`; returns the values used."""
    unknown = set(overrides) - set(DEFAULTS)
    if unknown:
        raise KeyError(f"unknown setting(s): {', '.join(sorted(unknown))}")
    out_dir.mkdir(parents=True, exist_ok=True)
    values = {**DEFAULTS, **overrides, "CRAG_NGINX_DIR": str(out_dir.resolve())}
    for name in TEMPLATES:
        text = render_text((HERE / name).read_text(), values)
        (out_dir / name.removesuffix(".template")).write_text(text)
    return values


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    pairs = dict(arg.split("=", 1) for arg in argv[1:])
    try:
        render(Path(argv[0]), **pairs)
    except KeyError as exc:
        print(f"render.py: {exc.args[0]}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
