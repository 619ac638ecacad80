"""What the look-alike APIs share: the world's search (`/web/search`'s own `find_pages`) behind a date
window and a host filter, rank-derived scores, plain-text snippets, page text and stable request ids."""

from __future__ import annotations

import hashlib
import html
import math
import re
import uuid
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from urllib.parse import urlsplit

from pydantic import BaseModel

from mockapi.formats.timefmt import parse_last_modified, parse_query_time
from mockapi.http.routers.web import find_pages, web_store
from mockapi.http.server.state import ServerState
from mockapi.web.html_store import Entry
from mockapi.web.text import visible_text

MAX_HITS = 50
"""The world's search answers at most 50 pages (as /web/search)."""
RANGE_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}
TAGS = re.compile(r"<[^>]+>")


@dataclass(frozen=True)
class Window:
    """Last-modified bounds: `until` is the query time of free-text search (as `/web/search`'s
    `query_time`), `since` drops older and undated pages from any list."""

    until: datetime | None = None
    since: datetime | None = None


@dataclass(frozen=True)
class Hit:
    entry: Entry
    page_id: str
    rank: int
    """1-based, after filtering."""

    @property
    def score(self) -> float:
        """Relevance in (0, 1] from the rank: the world's search gives ranks, these APIs want scores."""
        return round(1.0 / math.sqrt(self.rank), 4)


def world_clock(state: ServerState) -> datetime | None:
    """The world's 'now' (synthetic worlds), which relative ranges count back from."""
    clock = state.meta.clock
    return parse_query_time(clock) if clock else None


def recent(state: ServerState, days: int) -> Window:
    """The `days` before the world's clock (no bound for a world without a clock)."""
    clock = world_clock(state)
    return Window(until=clock, since=clock - timedelta(days=days)) if clock else Window()


def day_span(start: date | None, end: date | None) -> Window:
    """Whole days: from the start of `start` to the end of `end` (UTC)."""
    since = datetime.combine(start, time(), timezone.utc) if start else None
    until = datetime.combine(end, time.max, timezone.utc) if end else None
    return Window(until=until, since=since)


def search(
    state: ServerState, query: str, window: Window, limit: int, hosts: tuple[list[str], list[str]] = ([], [])
) -> list[Hit]:
    """The world's search for `query` (a known question's frozen list, else full text up to
    `window.until`), then `window.since` and the host filter (include, exclude), at most `limit` hits."""
    store = web_store(state)
    filtered = window.since is not None or any(hosts)
    k = MAX_HITS if filtered else max(1, min(limit, MAX_HITS))
    entries, page_ids = find_pages(store, state.settings.task, query, None, k, window.until)
    kept = [(e, p) for e, p in zip(entries, page_ids, strict=True) if _keep(e, window, hosts)]
    return [Hit(e, p, rank) for rank, (e, p) in enumerate(kept[:limit], start=1)]


def _keep(entry: Entry, window: Window, hosts: tuple[list[str], list[str]]) -> bool:
    if window.since is not None:
        modified = parse_last_modified(entry["page_last_modified"])
        if modified is None or modified < window.since:
            return False
    include, exclude = hosts
    host = (urlsplit(entry["page_url"]).hostname or "").lower()
    if include and not any(_on(host, d) for d in include):
        return False
    return not any(_on(host, d) for d in exclude)


def _on(host: str, domain: str) -> bool:
    """Whether `host` is `domain` or one of its subdomains ('https://', a path and 'www.' are ignored)."""
    try:
        name = urlsplit(domain if "//" in domain else f"//{domain}").hostname or ""
    except ValueError:  # not a host at all ('[' opens an IPv6 literal): matches nothing
        return False
    name = name.removeprefix("www.")
    return bool(name) and (host == name or host.endswith("." + name))


def plain(snippet: str) -> str:
    """A snippet without its <strong> marks and HTML escapes."""
    return html.unescape(TAGS.sub("", snippet))


def page_texts(state: ServerState, page_ids: list[str]) -> dict[str, str]:
    """Visible text per page id."""
    return {pid: visible_text(markup) for pid, markup in web_store(state).html_of(page_ids).items()}


def iso_modified(entry: Entry) -> str | None:
    """The page's last-modified time as ISO 8601, None when unknown."""
    modified = parse_last_modified(entry["page_last_modified"])
    return modified.isoformat() if modified else None


def request_id(body: BaseModel) -> str:
    """A UUID-shaped id that is the same for the same request."""
    digest = hashlib.sha256(body.model_dump_json().encode()).hexdigest()
    return str(uuid.UUID(hex=digest[:32]))
