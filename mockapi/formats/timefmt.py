"""CRAG's two time formats: `query_time` ('MM/DD/YYYY, HH:MM:SS PT') and HTTP-date `page_last_modified`."""

from __future__ import annotations

from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from zoneinfo import ZoneInfo

# "PT" is US Pacific wall-clock time (PST or PDT by date), so the offset comes from the tz database.
PACIFIC = ZoneInfo("America/Los_Angeles")
QUERY_TIME_FORMAT = "%m/%d/%Y, %H:%M:%S PT"


def parse_query_time(value: str) -> datetime:
    """A query time as an aware UTC datetime; CRAG's format, or ISO 8601 (naive ISO means UTC).

    Raises ValueError with a message fit for a 422 body.
    """
    try:
        return _to_utc(value.strip())
    except OverflowError:  # a valid local time at the calendar's edge with no UTC equivalent
        raise ValueError(f"query_time {value!r} is outside the years 1..9999 in UTC") from None


def _to_utc(text: str) -> datetime:
    try:
        local = datetime.strptime(text, QUERY_TIME_FORMAT)
        return local.replace(tzinfo=PACIFIC).astimezone(timezone.utc)
    except ValueError:
        pass
    try:
        parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(f"query_time {text!r} is neither 'MM/DD/YYYY, HH:MM:SS PT' nor ISO 8601") from None
    return parsed.replace(tzinfo=timezone.utc) if parsed.tzinfo is None else parsed.astimezone(timezone.utc)


def parse_last_modified(value: str) -> datetime | None:
    """A page's last-modified time (' Tue, 27 Feb 2024 22:55:55 GMT', leading space as in CRAG) in UTC.

    None for the empty string (most real pages) or anything unparsable: such pages count as undated.
    """
    text = value.strip()
    if not text:
        return None
    try:
        parsed = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    return parsed.replace(tzinfo=timezone.utc) if parsed.tzinfo is None else parsed.astimezone(timezone.utc)


def naive_utc(moment: datetime | None) -> datetime | None:
    """DuckDB TIMESTAMP columns hold naive UTC."""
    return None if moment is None else moment.astimezone(timezone.utc).replace(tzinfo=None)
