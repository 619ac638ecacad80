"""Which site publishes a page of a given kind, its URL and its page name (title) in search results."""

from __future__ import annotations

import hashlib
import random
import re

from mockapi.web.render import skins

# Page kinds a domain's pages use (gold and topical pages), most typical first.
DOMAIN_KINDS = {
    "finance": ("quote", "article", "listing", "forum"),
    "sports": ("boxscore", "article", "listing", "forum"),
    "music": ("wiki", "article", "listing", "forum"),
    "movie": ("wiki", "article", "listing", "forum"),
    "open": ("wiki", "article", "listing", "forum"),
}
_SECTIONS = {"finance": "Markets", "sports": "Sports", "music": "Music", "movie": "Movies", "open": "Travel"}


def slug(text: str) -> str:
    """URL path segment: lower-case words joined by hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "page"


def wiki_slug(text: str) -> str:
    """Wiki-style title segment."""
    return re.sub(r"[^A-Za-z0-9()]+", "_", text).strip("_") or "Page"


def skin_for(kind: str, rng: random.Random) -> str:
    """A site that publishes pages of `kind`."""
    return rng.choice(sorted(k for k, s in skins().items() if kind in s["kinds"]))


def url_for(kind: str, skin: str, title: str, uid: str, domain: str) -> str:
    """A URL in the site's style; `uid` keeps question-specific pages apart."""
    host = skins()[skin]["host"]
    s = slug(title)[:70]
    uid = hashlib.sha1(uid.encode()).hexdigest()  # short URL ids stay unique however uids are built
    if kind == "wiki":
        return f"https://{host}/wiki/{wiki_slug(title)}"
    if kind == "quote":
        return f"https://{host}/quote/{uid[:6].upper()}/{s}"
    if kind == "boxscore":
        return f"https://{host}/game/{int(uid[:8], 16)}/{s}"
    if kind == "forum":
        return f"https://{host}/r/{domain}/comments/{uid[:7]}/{s[:50]}/"
    if kind == "listing":
        return f"https://{host}/lists/{s}-{uid[:5]}"
    return f"https://{host}/{_SECTIONS[domain].lower()}/2024/{s}-{uid[:8]}"


def page_name(title: str, skin: str) -> str:
    """The title as a search engine shows it: with the site name, cut to about 73 characters."""
    full = f"{title} | {skins()[skin]['name']}"
    return full if len(full) <= 73 else full[:66].rsplit(" ", 1)[0] + " ..."


def section(domain: str) -> str:
    """The site section a page of `domain` sits in."""
    return _SECTIONS[domain]
