"""Text measures shared by the audit: masking, skeletons, conversational style, sentence answers, date styles.

Definitions (the same for synthetic and real text; nothing here knows how our generator writes):

- **Masking.** Lower-cased text; dates (month-name dates, numeric dates, ISO dates, month names) become `<d>`,
  years 1500-2099 `<y>`, other numbers (money, percentages, decimals, `1.2m`) `<n>`. A word token is kept
  when it is in the corpus vocabulary (below), else it becomes `<e>` (entity material); a possessive counts
  as its word. A kept word other than a function word next to an `<e>` is masked too (one step, no
  chaining: "secret echoes" where only "echoes" is rare), then runs of `<e>` collapse to one.
- **Vocabulary.** Function words (a closed list here), a core list of everyday English (`words.COMMON_WORDS`,
  which names no entity), plus every word that the corpus's own pages use in lower case in at least `k` of the
  sampled pages (`k = max(2, 1% of them)`). Entity names are capitalised in pages, so they fall out; the
  common words of the domain ("dividend", "album") stay. Computed per corpus, so a real CRAG sample gets the
  vocabulary of its own pages. A word of 5+ letters outside it that is a vocabulary word with two neighbouring
  letters swapped ("bduget", "lowset") is read as that word; any other misspelling counts as entity material.
  A contraction ("what're", "they'll") counts as its word, as a possessive does.
- **Skeleton** of a question: its masked token sequence joined by spaces (punctuation dropped).
- **Conversational** question: starts with an opener of spoken requests (`CONVERSATIONAL_OPENERS`: "can you
  tell me", "what's", "do you know", "i'm curious", "tell me", "hey", …) or contains a contraction ("n't",
  "'re", "'ve", "'ll", "i'm", "what's", "who's", "it's", …). Lower-case starts do not count: CRAG lower-cases
  every question, so case says nothing about register.
- **Sentence answer**: at least 5 words and a verb (a word from `VERBS`, or a word of 4+ letters ending in
  "ed").
- **Date styles** (`DATE_STYLES`): each regex is one way of writing a date; a style is "found" in a corpus
  when it matches in at least 1% of the sampled pages' content text (at least 1 page).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from mockapi.audit.words import COMMON_WORDS

MONTHS = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_DATE = re.compile(
    rf"\b(?:{MONTHS}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?"
    rf"{MONTHS}\.?(?:,?\s+\d{{4}})?|\d{{1,2}}[/.-]\d{{1,2}}[/.-]\d{{2,4}}|\d{{4}}-\d{{2}}-\d{{2}}|{MONTHS})\b"
)
_YEAR = re.compile(r"\b(?:1[5-9]|20)\d\d\b(?![.,]\d)")
_NUMBER = re.compile(r"[$€£]?\d[\d,]*(?:\.\d+)?(?:\s?(?:%|percent|million|billion|trillion|[mbk])\b)?")
_TOKEN = re.compile(r"<[dynev]>|[a-z0-9]+(?:['’][a-z]+)?(?:[&./-][a-z0-9]+)*")


def _words(text: str) -> frozenset[str]:
    """A word set written as one string (long closed lists read better so)."""
    return frozenset(text.split())


_LOWER_WORD = re.compile(r"(?<![\w'’])[a-z][a-z'’-]*[a-z](?![\w'’])")

FUNCTION_WORDS = _words(
    """a an the of in on at to for from by with about as into over under after before between during since
    until than then and or but nor so if whether not no yes is are was were be been being am do does did
    done has have had having will would shall should can could may might must what which who whom whose when
    where why how that this these those there here it its they them their he him his she her we us our you
    your i me my mine any all some each every both either neither many much more most less least few other
    another such own same only just also very too again ever never still yet s 's t"""
)
CONVERSATIONAL_OPENERS = re.compile(
    r"^(?:can you|could you|would you|will you|can u|do you know|do you happen|does anyone|anyone know|"
    r"tell me|please|pls|hey|hi|hello|so,? |ok|okay|i'm|im |i am|i'd|i was|i want|i need|i wonder|"
    r"i'm curious|curious|just wondering|wondering|any idea|quick question|help me|give me|show me|"
    r"let me know|remind me|what's|whats|who's|whos|where's|when's|how's|what're|who're)"
)
CONTRACTION = re.compile(
    r"\b(?:\w+n['’]t|i['’]m|\w+['’](?:re|ve|ll|d)|(?:what|who|where|when|how|it|that|there|here|he|she)['’]s)\b"
)
VERBS = _words(
    """is are was were be been being am has have had do does did will would can could should may might must
    won win wins lost lose loses made make makes became become becomes released release releases played
    plays play scored score scores directed directs wrote write writes sang sings founded founds owns own
    owned leads led lead includes include included holds hold held got gets get took takes take gave gives
    give came comes come went goes go reached reach reaches rose rise rises fell fall falls closed opened
    starred stars star features featured runs ran run paid pays pay topped tops born died"""
)

DATE_STYLES: dict[str, re.Pattern[str]] = {
    "iso (2024-03-15)": re.compile(r"\b\d{4}-\d{2}-\d{2}\b"),
    "numeric m/d/y (03/15/2024)": re.compile(r"\b\d{1,2}/\d{1,2}/\d{2,4}\b"),
    "dotted d.m.y (15.03.2024)": re.compile(r"\b\d{1,2}\.\d{1,2}\.\d{4}\b"),
    "month d, y (March 15, 2024)": re.compile(rf"\b{MONTHS}\.? \d{{1,2}}, \d{{4}}\b", re.I),
    "d month y (15 March 2024)": re.compile(rf"\b\d{{1,2}} {MONTHS}\.?,? \d{{4}}\b", re.I),
    "ordinal (March 15th)": re.compile(
        rf"\b{MONTHS}\.? \d{{1,2}}(?:st|nd|rd|th)\b|\b\d{{1,2}}(?:st|nd|rd|th) of {MONTHS}\b", re.I
    ),
    "month y (March 2024)": re.compile(rf"(?<!\d\s)\b{MONTHS} \d{{4}}\b", re.I),
    "weekday, d mon y (Fri, 15 Mar 2024)": re.compile(
        rf"\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,? \d{{1,2}} {MONTHS} \d{{4}}\b", re.I
    ),
    "relative (yesterday, last Friday, 3 days ago)": re.compile(
        r"\b(?:yesterday|last (?:mon|tues|wednes|thurs|fri|satur|sun)day|last (?:week|month|year)|"
        r"\d+ (?:days|weeks|months|years) ago|earlier this (?:week|month|year))\b",
        re.I,
    ),
}


def mask_numbers(text: str) -> str:
    """Dates, years and numbers replaced by `<d>`, `<y>`, `<n>` (lower-cased)."""
    text = _DATE.sub(" <d> ", text.lower())
    text = _YEAR.sub(" <y> ", text)
    return _NUMBER.sub(" <n> ", text)


def tokens(text: str) -> list[str]:
    """Masked tokens of `text`: words, and `<d>`/`<y>`/`<n>` placeholders."""
    return _TOKEN.findall(mask_numbers(text))


def page_vocabulary(texts: Iterable[str]) -> frozenset[str]:
    """Words the pages use in lower case in at least max(2, 1%) of them, plus the function words."""
    df: Counter[str] = Counter()
    n = 0
    for text in texts:
        n += 1
        df.update(set(_LOWER_WORD.findall(text)))
    k = max(2, n // 100)
    return FUNCTION_WORDS | COMMON_WORDS | {w.replace("’", "'") for w, c in df.items() if c >= k}


def masked(text: str, vocab: frozenset[str]) -> list[str]:
    # a possessive is its word ("garden's" is "garden")
    """Masked tokens: words outside `vocab` become `<e>` (plus one neighbour step), runs collapsed."""
    toks = [
        _spelt(re.sub(r"(?<=[a-z])'(?:s|re|ve|ll|d)?$", "", t.replace("’", "'")), vocab) for t in tokens(text)
    ]
    rare = [not t.startswith("<") and t not in vocab for t in toks]
    out: list[str] = []
    for i, tok in enumerate(toks):
        near = (i > 0 and rare[i - 1]) or (i + 1 < len(toks) and rare[i + 1])
        if rare[i] or (near and not tok.startswith("<") and tok not in FUNCTION_WORDS):
            tok = "<e>"
        if not (tok == "<e>" and out and out[-1] == "<e>"):
            out.append(tok)
    return out


def _spelt(token: str, vocab: frozenset[str]) -> str:
    """A word outside `vocab` of 5+ letters that is a vocabulary word with two neighbouring letters swapped
    ("bduget", "lowset", "sniger") is that word misspelt, not entity material; other tokens as they are."""
    if len(token) < 5 or token in vocab or not token.isalpha():
        return token
    for i in range(len(token) - 1):
        swapped = f"{token[:i]}{token[i + 1]}{token[i]}{token[i + 2 :]}"
        if swapped != token and swapped in vocab:
            return swapped
    return token


def skeleton(text: str, vocab: frozenset[str]) -> str:
    """The question (or sentence) with entities, numbers and dates masked; see the module docstring."""
    return " ".join(masked(text, vocab))


def is_conversational(query: str) -> bool:
    """Opens like a spoken request or uses a contraction (module docstring)."""
    q = query.strip().lower().replace("’", "'")
    return bool(CONVERSATIONAL_OPENERS.match(q) or CONTRACTION.search(q))


def is_sentence_answer(answer: str) -> bool:
    """At least five words and a verb (module docstring)."""
    words = re.findall(r"[a-z']+", answer.lower())
    if len(words) < 5:
        return False
    return any(w in VERBS or (len(w) >= 4 and w.endswith("ed")) for w in words)


# a sentence starts with a capital of any Latin letter, not only A-Z: "..., Hawaii. Édouard Tyler visited ..."
# ran on into the sentence before (g37's default world: Édouard's pledge was read as Fredo Tyler's, born 1989)
_CAPITALS = "A-Z0-9À-ÖØ-Þ" + "".join(chr(c) for c in range(0x100, 0x180) if chr(c).isupper())
# or a currency sign: "... auctioned in October. $205.0 million is the budget of Midnight Mirrors" ran on, and
# the invented film's budget was read with the KG film the first half names (1981: past its era's record)
_SENTENCE_END = re.compile(rf"(?<=[.!?])\s+(?=[\"'“(]?[{_CAPITALS}$€£])|\n+")
# Abbreviations a name or date runs on after ("Hull Inc. Common Stock reported …", "on Feb. 9"): a split
# there cuts the subject off its statement, and the half left reads as a claim about nobody.
_NAME_WORDS = "Inc|Co|Corp|Ltd|Bros|Jr|Sr"  # a name's own last word (`_NAME_END`)
_ABBREVIATION = re.compile(
    rf"(?:\b(?:{_NAME_WORDS}|Dr|Mr|Mrs|Ms|Prof|St|Mt|Ft|No|vs|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept"
    r"|Oct|Nov|Dec|p|pp)|\b[A-Z](?:\.[A-Z])*)\.$"
)


# A name's own last word ("Ardline Group Inc.", "Lee Jr."): what follows it is not the name's date or number
# as it is after "Feb." or "No.", so a sentence of its own that opens with a figure starts there (`_OPENS`)
_NAME_END = re.compile(rf"\b(?:{_NAME_WORDS})\.$")
# A part that opens with a figure and reads as a sentence of its own: 4+ words and ends like a sentence. The
# world's "... ruled against Ardline Group Inc. 4 days ago, Ardline Group Inc. closed at 5.39 dollars a
# share." ran on, and the close of 4 days before the page was read as of the filing's date; a table row
# ("Smith Inc. $1.96", "Feature story on Orchard Inc. 15") keeps its figure
_OPENS = re.compile(r"[\"'“(]?[0-9$€£]\S*(?:\s+\S+){3,}[.!?][\"”')]?$")


def sentences(text: str) -> list[str]:
    """Sentences of visible text: split at . ! ? before a capital, a digit or a currency sign (not after an
    abbreviation such as "Inc." or "Feb.", unless a name's "Inc." is followed by a sentence of its own that
    opens with a figure), and at line breaks."""
    out: list[str] = []
    for line in text.split("\n"):
        glued = False
        for part in _SENTENCE_END.split(line):
            part = part.strip()
            if not part:
                continue
            if glued and out and _NAME_END.search(out[-1], max(0, len(out[-1]) - 6)) and _OPENS.match(part):
                glued = False
            if glued and out:
                out[-1] = f"{out[-1]} {part}"
            else:
                out.append(part)
            # only a part ending in "." can end in an abbreviation, and a match ends at the part's end:
            # searched from its last 8 characters ("Sept." and a word boundary; a longer initialism "U.S.A."
            # has a shorter match inside them, and a search from `pos` still sees the character before it
            # for \b). The whole part's search was 18 % of `sentences`, which reads every page of the audit.
            glued = part[-1] == "." and _ABBREVIATION.search(part, max(0, len(part) - 8)) is not None
    return out


def is_content_sentence(sentence: str) -> bool:
    """A sentence of prose: 6+ words, most of them alphabetic, ending like a sentence."""
    words = sentence.split()
    if len(words) < 6 or sentence[-1:] not in ".!?\"”')":
        return False
    alpha = sum(1 for w in words if any(map(str.isalpha, w)))  # (a generator per word: twice the time)
    return alpha >= 0.6 * len(words)


def date_styles(text: str) -> set[str]:
    """Names of the date styles that occur in `text`."""
    return {name for name, pattern in DATE_STYLES.items() if pattern.search(text)}
