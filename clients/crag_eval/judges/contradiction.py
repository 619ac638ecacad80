"""Plain contradictions: a short answer whose figure (number, year, date) or name disagrees with the gold
answer and with every alternative is incorrect, even when the gold is phrased as a sentence the other rules
cannot read ("1892" against "the company was founded on march 5, 1911"; "Shannon Hernandez" against
"dr. crystal ho").

Checked only after no rule accepted the answer, and only for short answers (a longer one may say the gold in
other words, so it stays undecided). It never calls an answer wrong on a reading it is unsure of:
- a figure contradicts only when no figure of the gold matches it (dates by their year when the answer is a
  bare year; "the 1960s" covers 1960–1969), and the answer names no unit the gold lacks ("164 minutes" may be
  "2 hours 44 minutes");
- a name contradicts only when it is written as one (capitalised words: "the french capital" is a
  description, which may name the gold in other words), shares no word with the gold, counting an
  abbreviation as shared ("uk" for "united kingdom", "utd" for "united", "ho" for "hollis"), and the gold is
  not yes/no (a list gold is read as its words: a name sharing none of them is none of its items).
"""

from __future__ import annotations

import re

from crag_eval.judges import text as tx

MAX_ANSWER_WORDS = 6
"""Longer answers may state the gold in other words: the rules leave them undecided."""

_STOP = {
    "of", "in", "on", "at", "to", "for", "by", "and", "or", "is", "was", "are", "were", "be", "has", "have",
    "had", "it", "its", "with", "from", "as", "s", "dr", "mr", "mrs", "ms", "jr", "sr", "st", "inc", "co",
}  # fmt: skip
_UNITS = {
    "second", "seconds", "minute", "minutes", "min", "mins", "hour", "hours", "hr", "hrs", "day", "days",
    "week", "weeks", "month", "months", "year", "years", "km", "kilometers", "kilometres", "miles", "mi",
    "meters", "metres", "m", "feet", "ft", "kg", "pounds", "lbs", "percent", "%", "cents", "euros", "usd",
}  # fmt: skip
_SMALL = {"the", "a", "an", "de", "la", "le", "van", "von", "der", "da", "del", "di", "du", "y"}
_DECADE = re.compile(r"\b(\d{3})0'?s\b")
_HEDGE_OR_LIST = {"not", "no", "never", "or", "either", "maybe", "perhaps", "possibly", "probably", "and"}

Figure = tuple[str, float, tuple[int, int, int] | None]
"""('date', year, (y, m, d)) or ('number', value, None)."""


def contradicts_all(golds: tuple[str, ...] | list[str], prediction: str) -> str | None:
    """The rule name ('contradiction-figure' / 'contradiction-name') when the short prediction contradicts
    every gold answer, else None (undecided stays undecided)."""
    p = tx.normalise(prediction)
    words = p.split()
    if not words or len(words) > MAX_ANSWER_WORDS or _HEDGE_OR_LIST & set(words):
        return None
    if tx.claims_invalid(prediction):
        return None
    rules = {_contradicts(gold, prediction, p) for gold in golds}
    if None in rules or not rules:
        return None
    return sorted(r for r in rules if r is not None)[0]


def _contradicts(gold: str, prediction: str, p: str) -> str | None:
    figure = _one_figure(prediction)
    if figure is not None:
        return "contradiction-figure" if _figure_contradicts(gold, figure, p) else None
    if re.search(r"\d", p) or tx.number_words(prediction) is not None:
        return None  # several figures, or a figure in words beside other words: not read here
    if not _reads_as_a_name(prediction):
        return None  # a description ("the french capital") may name the gold in other words
    return "contradiction-name" if _name_contradicts(gold, p) else None


def _reads_as_a_name(prediction: str) -> bool:
    """Every word but the small ones capitalised, as names are written ("Shannon Hernandez", "Man Utd")."""
    words = [w for w in re.findall(r"[^\W\d_][\w'.-]*", prediction) if w.lower() not in _STOP | _SMALL]
    return bool(words) and all(w[0].isupper() for w in words)


def _one_figure(prediction: str) -> Figure | None:
    """The prediction's only figure: one date, or one number (digits or words) and no date; else None."""
    found = tx.dates(prediction)
    numbers = tx.numbers(tx.strip_dates(prediction))
    if len(found) == 1 and not numbers:
        y, m, d = found[0]
        return "date", float(y), (y, m, d)
    if not found and len(numbers) == 1:
        return "number", numbers[0][0], None
    if not found and not numbers and (word := tx.number_words(prediction)) is not None:
        return "number", word, None
    return None


def _figure_contradicts(gold: str, figure: Figure, p: str) -> bool:
    g = tx.normalise(gold)
    if g in ("yes", "no"):
        return False
    if (set(p.split()) & _UNITS) - set(g.split()):
        return False  # another unit: maybe the same quantity converted
    gold_dates = tx.dates(gold)
    gold_numbers = [v for v, _ in tx.numbers(tx.strip_dates(gold))]
    if (word := tx.number_words(gold)) is not None:
        gold_numbers.append(word)
    decades = [int(m.group(1)) * 10 for m in _DECADE.finditer(tx.fold(gold))]
    kind, value, date = figure
    if kind == "date":
        assert date is not None
        return not any(_dates_agree(date, d) for d in gold_dates) and not any(
            d <= value < d + 10 for d in decades
        )
    if any(_number_agrees(value, v) for v in gold_numbers):
        return False
    # a bare year of the gold's date (or decade) is less precise, not wrong
    year_of_gold = value.is_integer() and (
        any(int(value) == y for y, _m, _d in gold_dates) or any(d <= value < d + 10 for d in decades)
    )
    return not year_of_gold


def _dates_agree(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    """Same year, and the same month and day where both give them."""
    return a[0] == b[0] and (not a[1] or not b[1] or a[1] == b[1]) and (not a[2] or not b[2] or a[2] == b[2])


def _number_agrees(a: float, b: float) -> bool:
    """Equal, or equal at the coarser precision ("$214.6 million" and "$214,570,000")."""
    if a == b:
        return True
    big = max(abs(a), abs(b))
    return big > 0 and abs(a - b) / big < 0.005


def _name_contradicts(gold: str, p: str) -> bool:
    g = tx.normalise(gold)
    if g in ("yes", "no"):
        return False
    gold_words = [w for w in g.split() if w not in _STOP]
    answer_words = [w for w in p.split() if w not in _STOP and len(w) > 1]
    if not gold_words or not answer_words:
        return False
    initials = "".join(w[0] for w in gold_words)
    return not any(_same_word(a, w) for a in answer_words for w in gold_words) and not any(
        a in initials for a in answer_words
    )


def _same_word(a: str, b: str) -> bool:
    """The same word, or one an abbreviation of the other (same first letter, letters in order)."""
    if a == b:
        return True
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    if short[0] != long[0] or len(short) < 2:
        return False
    letters = iter(long)
    return all(c in letters for c in short)
