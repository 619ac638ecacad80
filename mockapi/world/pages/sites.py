"""Which site publishes a page of a given kind, its URL and its page name (title) in search results."""

from __future__ import annotations

import hashlib
import random
import re

from mockapi.web.render import skins

_HANDLES = ("editors", "newsdesk", "jmarsh", "datadesk", "p.raman", "factfile", "lena.k", "insider", "okafor",
            "weekly", "ellis", "the.ledger")  # fmt: skip
_SECTIONS = {"finance": "Markets", "sports": "Sports", "music": "Music", "movie": "Movies", "open": "Travel"}


def slug(text: str) -> str:
    """URL path segment: lower-case words joined by hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "page"


# Sites that cover one domain only: a stock quote on SportsDesk, a singer's bio on MarketLedger read as
# machine-made (g26 reader, 7 of 40 lists); the other sites publish any domain's pages.
_DOMAIN_SITES = {"quotes": "finance", "stocknews": "finance", "sportsdesk": "sports", "scores": "sports",
                 "filmfacts": "movie", "tunebase": "music", "travel": "open"}  # fmt: skip


def skin_for(kind: str, rng: random.Random, domain: str = "") -> str:
    """A site that publishes pages of `kind` (of `domain`, when given: no site of another domain's)."""
    fits = sorted(k for k, s in skins().items() if kind in s["kinds"])
    own = [k for k in fits if _DOMAIN_SITES.get(k, domain) == domain]
    return rng.choice(own or fits)


def url_for(kind: str, skin: str, title: str, uid: str, domain: str) -> str:
    """A URL in the layout's style; `uid` keeps question-specific pages apart (shared pages have an empty uid
    and a title-only URL, so wiki pages keep the id in the query string: the path shape stays the same)."""
    host = skins()[skin]["host"]
    # four title words, no numbers: a slug's shape (word count, digits) would otherwise follow the subject's
    # name length and cluster one question's pages, which a path-shape rule could pick out
    s = "-".join([w for w in slug(title).split("-") if not w.isdigit()][:4]) or "page"
    # short URL ids stay unique however uids are built; decimal, so that ids do not make random path shapes
    h = str(int(hashlib.sha1((uid or title).encode()).hexdigest()[:15], 16))
    section = _SECTIONS[domain].lower()
    if kind == "wiki":  # the same four words: a whole title's word count and brackets would cluster too
        words = [w for w in re.split(r"[^A-Za-z0-9]+", title) if w and not w.isdigit()][:4]
        return f"https://{host}/wiki/{'_'.join(words) or 'Page'}" + (f"?curid={h[:8]}" if uid else "")
    if kind == "quote":
        return f"https://{host}/{section}/{h[:9]}" + (f"/{s}" if int(h[-1]) % 2 else "")
    if kind == "boxscore":
        return f"https://{host}/{section}/{h[:11]}" + (f"/{s}" if int(h[-1]) % 2 else "")
    if kind in ("forum", "qa"):
        return f"https://{host}/r/{domain}/comments/{h[:7]}/{s[:50]}/"
    if kind == "listing":
        return f"https://{host}/lists/{s}-{h[:5]}"
    if kind == "pdf":
        return f"https://{host}/files/{section}/{s[:40]}-{h[:6]}.pdf"
    if kind == "spa":
        return f"https://{host}/{section}/{s}/{h[:8]}"
    if kind == "blog":  # the author's handle, not a title word: a title's first word ("@overview") recurs
        return f"https://{host}/@{_HANDLES[int(h[-4:]) % len(_HANDLES)]}/{s[:60]}-{h[:10]}"
    if kind == "news":
        return f"https://{host}/{section}/story/{s[:60]}-{h[:7]}"
    return f"https://{host}/{section}/2024/{s}-{h[:8]}"


def page_name(title: str, skin: str) -> str:
    """The title as a search engine shows it: with the site name, cut to about 73 characters."""
    full = f"{title} | {skins()[skin]['name']}"
    return full if len(full) <= 73 else full[:66].rsplit(" ", 1)[0] + " ..."


def section(domain: str) -> str:
    """The site section a page of `domain` sits in."""
    return _SECTIONS[domain]
