"""/docs and /redoc work offline: every asset they load is served by us, and Chromium renders the routes."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import httpx
import pytest

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
TYPES = {".js": "text/javascript", ".css": "text/css", ".png": "image/png"}


def referenced_urls(html: str) -> list[str]:
    """Every URL the page loads: src/href attributes and the quoted url/path strings of its inline script."""
    attrs = re.findall(r'(?:src|href)="([^"]+)"', html)
    script = re.findall(r"""(?:url|spec-url)\s*[:=]\s*['"]([^'"]+)['"]""", html)
    return attrs + script


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_docs_pages_load_only_local_assets(tiny_server: str, page: str) -> None:
    html = httpx.get(tiny_server + page).text
    urls = referenced_urls(html)
    assert len(urls) >= 2, html  # the UI script and /openapi.json at least
    remote = [u for u in urls if re.match(r"(https?:)?//", u)]
    assert remote == [], f"{page} loads from the network: {remote}"
    for url in urls:
        response = httpx.get(tiny_server + url)
        assert response.status_code == 200, url
        suffix = Path(url).suffix
        expected = TYPES.get(suffix, "application/json")
        assert response.headers["content-type"].startswith(expected), (url, response.headers["content-type"])
        assert len(response.content) > 1000, url


def test_swagger_ui_bundle_is_the_real_script(tiny_server: str) -> None:
    body = httpx.get(tiny_server + "/docs/assets/swagger-ui-bundle.js").text
    assert "SwaggerUIBundle" in body


def dump_dom(url: str, profile: Path) -> str:
    """The DOM after the page's scripts ran, in a Chromium that can reach nothing but 127.0.0.1."""
    assert CHROMIUM is not None
    result = subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            f"--user-data-dir={profile}",
            "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",  # offline, except our server
            "--virtual-time-budget=20000",  # let the UI fetch /openapi.json and render before the dump
            "--dump-dom",
            url,
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium (install Debian's `chromium` package)")
def test_docs_render_the_route_list_in_an_offline_chromium(tiny_server: str, tmp_path: Path) -> None:
    dom = dump_dom(tiny_server + "/docs", tmp_path / "profile")
    paths = set(re.findall(r'class="opblock-summary-path" data-path="([^"]+)"', dom))
    assert {"/finance/get_company_name", "/web/search", "/music/grammy_get_all_awarded_artists"} <= paths
    assert len(paths) >= 40  # the 38 KG routes, /web/*, /health, /meta, …


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium (install Debian's `chromium` package)")
def test_redoc_renders_in_an_offline_chromium(tiny_server: str, tmp_path: Path) -> None:
    dom = dump_dom(tiny_server + "/redoc", tmp_path / "profile")
    assert "CRAG API" in dom
    assert dom.count("/finance/get_company_name") >= 1
