"""How question frames are used: which frames ask one attribute of a subject, and the wh-question word order
a frame's filled-in query takes. The frames themselves are data in `question_frames` (whose tuples
`phrasing` and `refer` read by scanning the module, so only frame lists live there)."""

from __future__ import annotations

import re

from mockapi.world.questions import count_frames, refer
from mockapi.world.questions import question_frames as qf
from mockapi.world.questions.kinds import COUNTED_LABELS, Kind
from mockapi.world.questions.phrasing import telegraphic

# Kinds asked on a day in frames of their own: no label reads well in a generic one ("tell me the last-game
# point total of x last sunday": reader32)
OWN_WORDS_ONLY = frozenset({"sp.last_points"})
# Kinds whose value is a past moment's (a close, a game's score, a film's budget) and the share of their
# simple questions asked in the past tense (count_frames.PAST)
PAST_KINDS = frozenset(
    ("fin.close", "fin.dividend", "fin.eps", "sp.last_score", "mv.weekend", "mv.budget", "mv.gross")
)
P_PAST = 0.5


# A present qualifier after a question in the past tense reads broken ("what was the final score of x's last
# game currently?": the kind's own ask, q37's trial merge); a year ("in 2024") reads fine
_PRESENT = frozenset((" right now", " currently", " as of today", " at the moment", " this year"))


def tense_fit(text: str, qualifier: str) -> str:
    """`qualifier`, or nothing when it says the present after a question in the past tense."""
    return "" if qualifier in _PRESENT and re.match(r"(?:\w+ )*?what was\b", text) else qualifier


# Tallies whose noun read stiff in a generic frame ("what's gentle garden's oscar count?", "the title count
# of x": q37's reading of its draw): asked only in count frames ("how many oscars", "the number of oscar
# wins"). A "win total" reads as sports English: kept.
NO_COUNT_NOUN = frozenset(("oscar wins", "grammy wins", "championships", "studio albums"))


# Amounts a total does not fit: a price or a rate per share, a place in a chart, a film's length ("what's
# ande's total stock price?", reader64, unnatural)
NO_TOTAL = frozenset(
    ("fin.price", "fin.close", "fin.eps", "fin.dividend", "mu.rank", "mu.rank_now", "mv.runtime")
)


def attribute_frames(kind: Kind) -> tuple[str, ...]:
    """Frames that ask for one attribute value of `{s}`: the kind's own question plus shaped generic ones."""
    own = (kind.ask, *qf.COUNT_ASKS.get(kind.key, ()))
    if kind.vtype == "person":  # "who is the ceo of x?", never "what is the ceo of x?" (reader35)
        return own + qf.PERSON + tuple(f for f in qf.ATTRIBUTE[:8] if not f.startswith("what"))
    if kind.vtype == "date" and kind.event:
        return own + qf.WHEN + qf.ATTRIBUTE[:6]
    if kind.vtype == "year" and kind.event:
        return own + qf.YEAR + qf.ATTRIBUTE[:6]
    if kind.vtype == "place":
        return own + qf.WHERE + qf.ATTRIBUTE
    if kind.label in qf.TALLIED:
        counts = own + qf.HOW_MANY + qf.TALLY + count_frames.NUMBER_OF
        return counts if kind.label in NO_COUNT_NOUN else counts + qf.ATTRIBUTE[:8]
    if kind.vtype in ("money", "bigmoney", "number") and kind.label not in COUNTED_LABELS:
        return own + (() if kind.key in NO_TOTAL else qf.TOTAL_ONE) + qf.ATTRIBUTE
    return own + qf.ATTRIBUTE


def who_of_people(frames: tuple[str, ...], kind: Kind) -> tuple[str, ...]:
    """`frames` without those opening with "who" unless `kind`'s event is a person's: "who was released
    first, x's song y or z?" (my reading of q37's draw)."""
    if kind.event in ("was born", "debuted"):
        return frames
    return tuple(f for f in frames if not f.startswith("who "))


# A wh-question puts its auxiliary before the subject ("how long ago was x established?"). Frames write
# "{s} {e}" with the event's own verb ("was established"), which reads as a search fragment with a short
# name and as a misplaced clause with a long one ("how long ago loh, whose director is x, was established?").
_WH = (
    r"when exactly|when|on what date|what date|what year|which year|in what year|how many years ago|"
    r"how long ago|how many years back|what day of the week|which weekday"
)
# (a tail may follow the verb: "..., the one managed by x?", trailing.py)
_PASSIVE = re.compile(rf"^({_WH}) (?!was it |has it |is it |it's )(.+) (was|were) (\w+)(\?|,? .*)?$")
_DO = {"went public": "go public", "debuted": "debut"}
_ACTIVE = re.compile(rf"^({_WH}) (?!was it |has it |is it |it's )(.+) ({'|'.join(_DO)})(\?|,? .*)?$")


def inverted(query: str) -> str:
    """The question with subject and auxiliary in wh-question order (see above); others unchanged."""
    m = _PASSIVE.match(query)
    if m and m[4] in ("established", "founded", "born", "released"):
        return f"{m[1]} {m[3]} {m[2]} {m[4]}{m[5] or ''}"
    m = _ACTIVE.match(query)
    if m:
        return f"{m[1]} did {m[2]} {_DO[m[3]]}{m[4] or ''}"
    return query


def for_phrase(frames: tuple[str, ...], phrase: str, premised: bool) -> tuple[str, ...]:
    """The frames that read with `phrase` as their subject: no possessive after a description, a relation or
    a premise ("the artist born august 8, 1962's hometown", g17 draft; "what's the parent company of smith
    corp.'s ceo?" asked the ceo of the parent company), and no bare noun phrase after a name said with its
    premise (`premised`): it drops the premise (`premise.settle`), and a name a look-alike holds went bare
    ("director of iron shadows?": the confusable-name test, 61 of 232 bare on the g44 draft, bar 25 %)."""
    if refer.is_description(phrase) or re.search(r" of |'s? |,|\(", phrase):
        frames = tuple(f for f in frames if "{s}'s" not in f) or frames
    if premised:
        frames = tuple(f for f in frames if not telegraphic(f)) or frames
    return frames
