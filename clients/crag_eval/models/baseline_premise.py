"""False-premise detection for the `baseline` model: "invalid question" only when confident.

CRAG's false premises presuppose a specific past event ("why did X move its listing to the london stock
exchange in 1993?", "how many times have X won the fifa world cup since 1988?"). Two signals must agree:
the question pins an event to a year and names it with a phrase from a list of events that entities of this
kind are not known for (learnt from the dev set's false-premise questions), and no served sentence mentions
that event at all. Either alone is weak: a real event is reported somewhere, an unfamiliar one may be real.
"""

from __future__ import annotations

import re

from crag_eval.judges.text import dates

_BARE_YEAR = re.compile(r"\b(19[5-9]\d|20[0-2]\d)\b")
# events the question presupposes; each with the words a page reporting it would have to use
_EVENTS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = tuple(
    (re.compile(p), words)
    for p, words in (
        (r"\bstock split\b", ("split",)),
        (r"\bacquisition of apple\b", ("apple",)),
        (r"\blondon stock exchange\b", ("london",)),
        (r"\bnew year's day\b", ("new year",)),
        (r"\bfifa world cup\b", ("world cup",)),
        (r"\bsuper bowl\b", ("super bowl",)),
        (r"\bon the moon\b", ("moon",)),
        (r"\btour de france\b", ("tour de france",)),
        (r"\bopera\b.*\bvatican\b", ("vatican",)),
        (r"\bnobel prize\b", ("nobel",)),
        (r"\boscar for best picture\b.*\bas its theme\b", ("theme",)),
        (r"\bchristmas album with\b", ("christmas",)),
        (r"\bsequel to\b", ("sequel",)),
        (r"\btalking (?:dragon|animal|horse|dog|cat)\b", ("talking",)),
        (r"\bbest animated feature\b", ("animated",)),
        (r"\bserve as president\b", ("president",)),
        (r"\bsummer olympic games\b", ("olympic",)),
        (r"\bfirst astronaut\b", ("astronaut",)),
        (r"\brelocate to antarctica\b", ("antarctica",)),
        (r"\bdiscover on mars\b", ("mars",)),
    )
)


def false_premise(query: str, pages: list[list[str]]) -> bool:
    q = query.lower()
    without_dates = q if not dates(q) else re.sub(r"\b[a-z]+ \d{1,2}, \d{4}\b", " ", q)
    if not _BARE_YEAR.search(without_dates):
        return False
    for pattern, words in _EVENTS:
        if pattern.search(q):
            return not any(w in s.lower() for sentences in pages for s in sentences for w in words)
    return False
