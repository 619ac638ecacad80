"""Session figures before the session: a day's volume or close stated before that session opened or closed.

The g27 reader found "As of Mon, 4 Mar 2024, 19.77 million shares of Gonzales Systems have changed hands
today." as the gold of a volume question asked at 02:01 PT on 4 March (05:01 ET, before the session opened),
its answer page last modified 04:19 ET that morning, and a page last modified at 07:56 ET on 11 March
already stating "was USD 15.92 on March 11th, 2024. The stock closed out this session". The prices rule
(`quotes`) reads prices against the KG's closes; this one reads what a page says of a session against the
page's own moment, with no KG. All times in US/Eastern (the exchange's), sessions from `sessions`:

- a **session figure** is a statement of one company's trading day dated by its own full date (the sentence
  or the one before it in the same line): a **volume** ("changed hands", "shares traded", "trading volume")
  exists from the session's open at 09:30, a **close** ("closed at", "closed out this session", "closing
  price", "at the close") from 16:00; statements of a previous session, month or week are not read;
- **pages**: a session figure of a trading day on a top-10 page whose last-modified (GMT, read in US/Eastern)
  is before the figure existed;
- **golds**: a finance question whose gold figure (a number with a decimal point or thousands separators) is
  that of a session figure on its top-10 pages that did not exist yet at the question's query time.

Target 0. Real CRAG pages are read the same way (their last-modified is when they were fetched).
"""

from __future__ import annotations

import datetime as dt
import re
from email.utils import parsedate_to_datetime
from zoneinfo import ZoneInfo

from mockapi.audit.data import AuditQuestion
from mockapi.audit.quotes import query_moment
from mockapi.audit.results import Read
from mockapi.audit.rules import RuleGroup, empty_rule, note
from mockapi.audit.sessions import closed
from mockapi.audit.text import sentences
from mockapi.audit.windows import dates_in, day_date

RULES = ("session figures on a page before the session", "gold session figures before the session")
OPEN, CLOSE = dt.time(9, 30), dt.time(16, 0)
_EASTERN = ZoneInfo("America/New_York")
_VOLUME = re.compile(
    r"\b(?:changed hands|shares traded|trading volume|volume of|volume (?:was|stood|came))\b"
)
_CLOSE = re.compile(
    r"\b(?:closed (?:at|out (?:this|the|its) (?:session|trading day|day))|closing price|at the close)\b"
)
_FINANCE = re.compile(r"\b(?:shares?|stocks?|price|traded|trading)\b|[$€£]|\bUSD\b", re.I)
_OTHER_DAY = re.compile(r"\b(?:previous|prior|last|yesterday|month|week|year|quarter)\b", re.I)
_HINTS = ("changed hands", "traded", "volume", "closed", "closing", "close")
_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+")  # a figure, not a day or a year


def page_moment(last_modified: str) -> dt.datetime | None:
    """A page's last-modified ("Mon, 11 Mar 2024 11:56:59 GMT") in US/Eastern, naive; None when empty."""
    try:
        at = parsedate_to_datetime(last_modified)
    except (TypeError, ValueError, IndexError):
        return None
    if at.tzinfo is None:
        at = at.replace(tzinfo=dt.timezone.utc)
    return at.astimezone(_EASTERN).replace(tzinfo=None)


def session_figures(read: Read) -> list[tuple[str, dt.date, str]]:
    """(kind 'volume' or 'close', trading day, sentence) of every session figure on a page."""
    out: list[tuple[str, dt.date, str]] = []
    for line in read.lines:
        if not any(h in line for h in _HINTS):
            continue
        before = ""
        for s in sentences(line):
            kind = "volume" if _VOLUME.search(s) else "close" if _CLOSE.search(s) else ""
            if kind and _FINANCE.search(s) and not _OTHER_DAY.search(s):
                told = s if dates_in(s) else f"{before} {s}"  # "was $15.92 on 11 March. The stock closed ..."
                own = [d for d in (day_date(x) for x in dates_in(told)) if d is not None]
                if len(own) == 1 and not closed(own[0]):
                    out.append((kind, own[0], told.strip()))
            before = s
    return out


def _exists(kind: str, day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, OPEN if kind == "volume" else CLOSE)


def _numbers(text: str) -> set[float]:
    return {float(n.replace(",", "")) for n in _NUMBER.findall(text)}


class SessionScan:
    """Both rules over the pages `results.read_results` reads (fed one by one)."""

    def __init__(self, qs: list[AuditQuestion]) -> None:
        self.rules = {rule: empty_rule() for rule in RULES}
        self._golds: dict[str, bool] = {}
        self._why: dict[str, str] = {}

    def add(self, read: Read) -> None:
        found = session_figures(read)
        if not found:
            return
        q, moment = read.question, page_moment(read.result.last_modified)
        for kind, day, s in found:
            if moment is not None:
                late = moment < _exists(kind, day)
                note(self.rules[RULES[0]], late, f"{kind} of {day}, page of {moment:%Y-%m-%d %H:%M} ET: {s}")
        asked = query_moment(q.query_time)
        gold = _numbers(" ".join(q.answers()))
        if asked is None or not gold or q.domain != "finance":
            return
        for kind, day, s in found:
            if gold & _numbers(s):
                bad = asked < _exists(kind, day)
                self._golds[q.qid] = self._golds.get(q.qid, False) or bad
                if bad or q.qid not in self._why:
                    self._why[q.qid] = f"{kind} of {day}, asked {asked:%Y-%m-%d %H:%M} ET: {q.query} -> {s}"

    def result(self) -> RuleGroup:
        for qid, bad in self._golds.items():
            note(self.rules[RULES[1]], bad, self._why[qid])
        return {"violations": sum(r["violations"] for r in self.rules.values()), "rules": self.rules}
