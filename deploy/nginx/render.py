"""Render the front door's templates into a directory: the `${CRAG_*}` placeholders (envsubst's syntax)
replaced, nginx's own `$variables` left alone.

    python3 deploy/nginx/render.py OUT_DIR [CRAG_NAME=value ...]

writes OUT_DIR/front-door.conf, OUT_DIR/locations.conf and OUT_DIR/tls-server.conf, and
OUT_DIR/teams.exact.map from OUT_DIR/teams.map (run it again after editing teams.map). OUT_DIR must also
hold upstream.conf (see the .example files). Include front-door.conf (and tls-server.conf for HTTPS) in
nginx's http context, and give nginx.conf the WORKER_CONNECTIONS and RLIMIT_NOFILE below. Standard library
only; tests/deploy/test_front_door.py and bench/bench_scaleout.py render through it too.
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
    "CRAG_KEYLESS_RATE": "5r/s",
    "CRAG_KEYLESS_BURST": "10",
    "CRAG_ADDRESS_CONNECTIONS": "64",
    "CRAG_HEADER_TIMEOUT": "5s",
    "CRAG_BODY_TIMEOUT": "10s",
    "CRAG_IDLE_TIMEOUT": "60s",
    "CRAG_ACCESS_LOG": "/var/log/nginx/crag-access.log",
}
"""What the reference uses when a value is not given (CRAG_NGINX_DIR is always OUT_DIR)."""
PLACEHOLDER = re.compile(r"\$\{(CRAG_[A-Z_]+)\}")
WORKER_CONNECTIONS = 8192
"""nginx.conf's `events { worker_connections 8192; }`: half-sent heads hold a connection each until
client_header_timeout, before any per-address limit can count them (1,100 from one address shut out every
team at nginx's default of 768 or 1024)."""
RLIMIT_NOFILE = 16384
"""nginx.conf's `worker_rlimit_nofile 16384;`: a proxied request holds two descriptors."""
TEAM_LINE = re.compile(r'^"([A-Za-z0-9._~+/=-]+)"\s+([A-Za-z0-9._-]+)\s*;$')


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
    teams = out_dir / "teams.map"
    exact = exact_map(teams.read_text()) if teams.exists() else "# no teams.map: no key is valid\n"
    (out_dir / "teams.exact.map").write_text(exact)
    return values


def exact_map(text: str) -> str:
    """teams.map's `"<key>" <team>;` lines as case-sensitive patterns matching the whole key only (each
    character other than a letter or digit in a class of its own, so no regex or nginx escape is needed)."""
    out = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = TEAM_LINE.match(line)
        if match is None:
            raise KeyError(f'teams.map line {number}: not `"<key>" <team>;` (key: A-Z a-z 0-9 . _ ~ + / = -)')
        key, team = match.groups()
        pattern = "".join(c if c.isalnum() else f"[{c}]" for c in key)
        out.append(f'"~^{pattern}$" {team};\n')
    return "".join(out)


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
