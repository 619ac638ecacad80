"""Page layouts (template kinds and page shells), their split families, and page titles.

The layout of a page never depends on its role (answer page, stale, look-alike, topical, noise): every page of
a domain draws from the same weights, so a layout, host, URL shape or title says nothing about the answer.
A layout is a page kind in a shell (`pdf` and `spa` pages draw no shell). `blog` pages and shells 6-7 belong
to dev worlds only, `qa` pages and shells 8-9 to test worlds only, shells 10-11 and the shell-less `spa` pages
to train worlds only, so no train page has the layout of a dev or test page. Dev and test keep all core shells
(0-5): train took 1, 3 and 5 at first, which narrowed dev's page forms (audit, form (c)).
"""

from __future__ import annotations

import random

# kind -> family (core: both splits)
FAMILY = {
    "article": "core",
    "news": "core",
    "wiki": "core",
    "listing": "core",
    "forum": "core",
    "pdf": "core",
    "spa": "core",
    "quote": "core",
    "boxscore": "core",
    "blog": "dev",
    "qa": "test",
}
_DOMAIN_WEIGHTS = {
    "finance": {"quote": 4, "article": 3, "news": 3, "listing": 2, "forum": 2, "wiki": 1, "pdf": 2},
    "sports": {"boxscore": 4, "article": 3, "news": 3, "listing": 2, "forum": 2, "wiki": 2, "pdf": 1},
    "music": {"wiki": 4, "article": 3, "news": 2, "listing": 3, "forum": 2, "pdf": 1},
    "movie": {"wiki": 4, "article": 3, "news": 2, "listing": 3, "forum": 2, "pdf": 1},
    "open": {"wiki": 5, "article": 3, "news": 2, "listing": 2, "forum": 2, "pdf": 2},
}
_SHARED = {"blog": 3, "qa": 3, "spa": 1}
INFOBOX_KINDS = ("wiki", "quote", "boxscore", "spa")
SHELLS = {"core": range(0, 6), "dev": range(6, 8), "test": range(8, 10), "train": range(10, 12)}
SHELLESS = ("pdf", "spa")  # kinds whose template has its own outer frame (base.html.j2)
# train's own part: its own shells and every second shell-less core kind
TRAIN_SHELLS = tuple(SHELLS["train"])
TRAIN_KINDS = tuple(k for k in SHELLESS if FAMILY[k] == "core")[1::2]


def split_of(kind: str) -> tuple[str, ...]:
    """The splits that may draw pages of `kind`."""
    family = FAMILY[kind]
    if family != "core":
        return (family,)
    if kind in TRAIN_KINDS:
        return ("train",)
    return ("dev", "test", "train") if kind not in SHELLESS else ("dev", "test")


def kinds(domain: str, split: str) -> dict[str, int]:
    """Layout weights of a domain in one split."""
    weights = {**_DOMAIN_WEIGHTS.get(domain, _DOMAIN_WEIGHTS["open"]), **_SHARED}
    return {k: w for k, w in weights.items() if split in split_of(k)}


def pick(domain: str, split: str, rng: random.Random) -> str:
    """A layout for a page of `domain`."""
    table = kinds(domain, split)
    names = sorted(table)
    return rng.choices(names, weights=[table[n] for n in names])[0]


def shell(split: str, rng: random.Random) -> int:
    """The page's outer frame (header/nav/footer arrangement)."""
    if split == "train":
        return int(rng.choice(TRAIN_SHELLS))
    return int(rng.choice([*SHELLS["core"], *SHELLS["core"], *SHELLS.get(split, ())]))


_TAILS = (
    "what to know", "the complete guide", "everything explained", "live updates", "latest news",
    "a closer look", "facts and figures", "background and history", "discussion thread", "explained",
    "news, stats and analysis", "overview", "what fans are saying", "key facts", "FAQ",
)  # fmt: skip


def title(subject: str, domain: str, rng: random.Random) -> str:
    """A page title about `subject`, from the same distribution whatever the page's role. No attribute's
    label: a title drawn "Runtime | Orbit Rising" or "Grammy wins | Andrade Experience" over a page that
    states neither promised a section the page does not have (30 of 100 g19 rank-1 pages)."""
    tail = rng.choice(_TAILS)
    pattern = rng.randrange(5)
    if pattern == 0:
        return f"{subject}: {tail}"
    if pattern == 1:
        return f"{subject} - {tail.title()}"
    if pattern == 2:
        return f"{tail[:1].upper() + tail[1:]} | {subject}"
    if pattern == 3:
        return subject
    # no "(full list)": a set's page of some of its members so titled read as the whole set, its highest
    # value as the answer (reader62, 2 of 40 questions)
    return f"{subject} {tail} ({rng.choice(('2023', '2024', 'updated', 'latest'))})"
