"""Syndicated copies of a page: the same story on another site (wire copy, aggregator, scraper), with its
own URL, title wording, layout and a slightly edited body, as near-duplicates sit in real search results."""

from __future__ import annotations

import copy as _copy
import datetime as dt
import random
from typing import Any

from mockapi.formats.pagespec import PageSpec
from mockapi.world.pages import layouts, specs

_CREDIT = (
    "This story was first published by {site}.", "Originally published on {site}.", "Via {site}.",
    "Republished with permission from {site}.", "Source: {site}.",
)  # fmt: skip


def copy(
    spec: PageSpec,
    rng: random.Random,
    uid: str,
    domain: str,
    split: str,
    not_before: dt.datetime | None = None,
) -> PageSpec:
    """A near-duplicate of `spec` on another site: a paragraph or two moved, a credit line added. It states
    what its source states, so it is dated after the newest dated figure there (`not_before`, naive UTC)."""
    blocks: list[Any] = _copy.deepcopy(spec["blocks"])
    for _ in range(rng.randint(0, 2)):  # editors move a paragraph (never drop one: it may state the answer)
        paras = [i for i, b in enumerate(blocks) if b[0] in ("p", "post")]
        if len(paras) > 2:
            moved = blocks.pop(rng.choice(paras))
            blocks.insert(rng.randint(0, len(blocks)), moved)
    credit = rng.choice(_CREDIT).format(site=spec["name"].rsplit(" | ", 1)[-1])
    blocks.append(["p", credit])  # at the foot: an opening credit line would mark copies in snippets
    published = dt.datetime.fromisoformat(spec["published"]) if spec.get("published") else None
    # the copy and its source are hours apart; the copy here comes first, so neither post-dates the query
    later = published - dt.timedelta(minutes=rng.randint(20, 60 * 30)) if published else None
    # ... but never before the newest figure the source states: dated 20 min to 30 h before its source, a copy
    # of a page stating 13 March's volume "today" was dated 12 March (w_g27c: 17 session figures before
    # their session, all copies); it takes a moment between that figure and its source instead
    if later is not None and published is not None and not_before is not None and later < not_before:
        span = max(1, int((published - not_before).total_seconds()))
        later = min(published, not_before + dt.timedelta(seconds=rng.randrange(span)))
    title = spec["title"] if rng.random() < 0.5 else layouts.title(spec["subject"], domain, rng)
    kind = spec["kind"] if spec["kind"] in ("spa", "quote", "boxscore") else layouts.pick(domain, split, rng)
    out = specs.make(
        rng, kind=kind, domain=domain, title=title, uid=uid, subject=spec["subject"], blocks=blocks,
        infobox=spec.get("infobox", []), modified=later if spec.get("modified") else None, published=later,
        split=split,
    )  # fmt: skip
    return out
