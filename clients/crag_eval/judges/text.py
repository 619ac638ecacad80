"""Text helpers of the rules judge: normalisation, numbers, dates, lists, the "I don't know" family."""

from __future__ import annotations

import datetime as dt
import re
import unicodedata

_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u02bc": "'", "\u201c": '"', "\u201d": '"', "`": "'"})
_ARTICLES = re.compile(r"\b(the|a|an)\b")
_PUNCT = re.compile(r"[^\w\s'%$.,-]")


def fold(text: str) -> str:
    """Lower-case, NFKC, straight quotes, single spaces."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES).lower()
    return " ".join(text.split())


def normalise(text: str) -> str:
    """The form compared for exact match: folded, punctuation and articles removed (numbers kept whole)."""
    text = fold(text)
    text = re.sub(r"(?<!\d)[.,](?!\d)", " ", text)  # sentence punctuation, not decimal points or 1,000
    text = _PUNCT.sub(" ", text).replace("'", "")
    text = _ARTICLES.sub(" ", text)
    return " ".join(text.replace(" - ", " ").split()).strip(" -")


# --- "I don't know" -----------------------------------------------------------------------------------------

_IDK_PHRASES = re.compile(
    r"\b(i\s*(do\s*n[o']?t|dont|don't|do not)\s+know|i'?m not sure|i am not sure|not sure|no idea"
    r"|(unable|not able) to (find|determine|answer|provide|locate|say|verify|confirm)"
    r"|(cannot|can't|can not|could not|couldn't) (answer|find|determine|provide|say|locate|verify|confirm)"
    r"|(no|not enough|insufficient) (information|data|relevant information|reliable information)"
    r"|i'm sorry|i am sorry|i apologi[sz]e|don't have (enough )?(information|data|access))\b"
)
_IDK_WHOLE = {"", "unknown", "n/a", "na", "idk", "unsure", "not available", "no answer", "?"}


def is_missing(prediction: str) -> bool:
    """CRAG's 'missing': an empty answer, an explicit admission of not knowing, or an apology/refusal."""
    text = fold(prediction)
    if text.strip(" .!?\"'") in _IDK_WHOLE:
        return True
    return _IDK_PHRASES.search(text) is not None


# --- "invalid question" -------------------------------------------------------------------------------------

_INVALID_CLAIM = re.compile(
    r"^invalid\.?$|\binvalid (question|premise|query)\b|\bfalse premise\b"
    r"|\b(question|premise) is (invalid|false)\b"
)


def claims_invalid(text: str) -> bool:
    """Word-level: 'invalid question', 'the premise is false'… never 'invalidated' or 'invalidity'."""
    return _INVALID_CLAIM.search(fold(text)) is not None


# --- numbers ------------------------------------------------------------------------------------------------

_SCALE = {
    "thousand": 1e3,
    "k": 1e3,
    "million": 1e6,
    "m": 1e6,
    "mn": 1e6,
    "billion": 1e9,
    "bn": 1e9,
    "b": 1e9,
    "trillion": 1e12,
    "t": 1e12,
}
_NUMBER = re.compile(
    r"(?<![\w.])[-+]?\$?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*(%|percent\b)?\s*"
    r"(thousand|million|billion|trillion|bn|mn|k|m|b|t)?(?![\w])"
)
_WORDS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "once": 1,
    "twice": 2,
    "none": 0,
    "no": 0,
}


def numbers(text: str) -> list[tuple[float, int]]:
    """Every number in the text as (value, decimals), with thousands separators and scale words applied."""
    out: list[tuple[float, int]] = []
    for m in _NUMBER.finditer(fold(text)):
        whole, frac, _pct, scale = m.group(1), m.group(2) or "", m.group(3), m.group(4)
        value = float(whole.replace(",", "") + frac)
        if m.group(0).lstrip().startswith("-"):
            value = -value
        decimals = len(frac) - 1 if frac else 0
        if scale:  # "1.2 billion" is precise to 0.1 billion: decimals 1 - 9 = -8
            value *= _SCALE[scale]
            decimals -= len(str(int(_SCALE[scale]))) - 1
        out.append((value, decimals))
    return out


_TEENS = ["thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_WORDS.update({w: 13 + i for i, w in enumerate(_TEENS)})
_WORDS.update({w: 20 + 10 * i for i, w in enumerate(_TENS)})


def number_words(text: str) -> float | None:
    """A lone number in words ('two', 'twice', 'none', 'twenty-one', 'forty five') as its value."""
    word = fold(text).strip(" .")
    if word in _WORDS:
        return float(_WORDS[word])
    tens, _, unit = word.replace("-", " ").partition(" ")
    if tens in _TENS and unit in _WORDS and 1 <= _WORDS[unit] <= 9 and unit not in ("once", "no"):
        return float(_WORDS[tens] + _WORDS[unit])
    return None


def numbers_equal(a: tuple[float, int], b: tuple[float, int]) -> bool:
    """Equal up to the coarser of the two precisions (rounding tolerance: half a unit of the last digit)."""
    decimals = min(a[1], b[1])
    return abs(a[0] - b[0]) <= 0.5 * 10.0 ** (-decimals) + 1e-9 * max(abs(a[0]), abs(b[0]), 1.0)


# --- dates --------------------------------------------------------------------------------------------------

_MONTHS = {
    m: i
    for i, m in enumerate(
        [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ],
        start=1,
    )
}
_MONTHS.update({name[:3]: num for name, num in list(_MONTHS.items())})
_MONTHS["sept"] = 9
_MON = (
    r"(january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?"
)
_DATE_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b"), "ymd"),
    (re.compile(r"\b(\d{1,2})/(\d{1,2})/(\d{4})\b"), "mdy"),
    (re.compile(r"\b(\d{1,2})-(\d{1,2})-(\d{4})\b"), "mdy"),  # US order, as CRAG's query times
    (re.compile(r"\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b"), "dmy"),  # dotted dates are day-first
    (re.compile(rf"\b{_MON}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b"), "Mdy"),
    (re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MON},?\s+(\d{{4}})\b"), "dMy"),
    (re.compile(rf"\b{_MON},?\s+(\d{{4}})\b"), "My"),
    (re.compile(r"\b(\d{4})-(\d{1,2})\b(?!-)"), "ym"),
]


def dates(text: str) -> list[tuple[int, int, int]]:
    """Every date in the text as (year, month, day); day 0 means a month-precision date."""
    text = fold(text)
    found: list[tuple[int, int, int]] = []
    taken: list[tuple[int, int]] = []
    for pattern, order in _DATE_PATTERNS:
        for m in pattern.finditer(text):
            if any(s < m.end() and m.start() < e for s, e in taken):
                continue
            g = m.groups()
            if order == "ymd":
                y, mo, d = int(g[0]), int(g[1]), int(g[2])
            elif order == "mdy":
                y, mo, d = int(g[2]), int(g[0]), int(g[1])
            elif order == "dmy":
                y, mo, d = int(g[2]), int(g[1]), int(g[0])
            elif order == "Mdy":
                y, mo, d = int(g[2]), _MONTHS[g[0]], int(g[1])
            elif order == "dMy":
                y, mo, d = int(g[2]), _MONTHS[g[1]], int(g[0])
            elif order == "My":
                y, mo, d = int(g[1]), _MONTHS[g[0]], 0
            else:
                y, mo, d = int(g[0]), int(g[1]), 0
            if _valid(y, mo, d):
                found.append((y, mo, d))
                taken.append(m.span())
    return found


def _valid(y: int, mo: int, d: int) -> bool:
    try:
        dt.date(y, mo, d or 1)
    except ValueError:
        return False
    return True


def strip_dates(text: str) -> str:
    """The folded text with its dates removed (so their digits are not read as numbers)."""
    text = fold(text)
    for pattern, _order in _DATE_PATTERNS:
        text = pattern.sub(" ", text)
    return text


# --- lists --------------------------------------------------------------------------------------------------

_LIST_SPLIT = re.compile(r"\s*(?:,|;|\band\b|&|\n|\|)\s*")


def list_items(text: str) -> list[str]:
    """The items of a list-like answer ('a, b and c', "['a', 'b']", 'a; b'), normalised, in order."""
    raw = fold(text).strip().rstrip(".!? ")  # a sentence's full stop is not part of its last item
    if raw.startswith("[") and raw.endswith("]"):
        raw = raw[1:-1].replace("'", " ").replace('"', " ")
    items = [normalise(part) for part in _LIST_SPLIT.split(raw)]
    return [item for item in items if item]
