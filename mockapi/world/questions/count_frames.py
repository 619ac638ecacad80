"""Count frames added at generator 34 (question_frames.py is at the house's module size): a team's last game
asked on a day in its own words, and a tally asked in the words an aggregation counts a list's items. A
canonical phrasing module (phrasing._CANONICAL): each list split between the splits by position. Generator 39
(q37) adds counts compared in plain words, past-tense values and set members over a threshold."""

from __future__ import annotations

# The points of a team's last game as of a day (frame_use.OWN_WORDS_ONLY)
LAST_POINTS_ON = (
    "how many points did {s} score in their last game as of {db}?",
    "as of {db}, how many points had {s} scored in their last game?",
    "{d}, how many points had {s} put up in their last game?",
    "how many points had {s} scored in their most recent game {d}?",
)

# A tally asked in the words an aggregation counts a list's items ("the number of championship seasons of x"):
# "number of" read as aggregation's (question type from the text: its strongest words at generator 33)
NUMBER_OF = (
    "what is the number of {c} for {s}?",
    "tell me the number of {c} of {s}",
    "number of {c} for {s}?",
    "look up the number of {c} for {s}",
    "what's {s}'s number of {c}?",
    "find the number of {c} of {s}",
    "i need the number of {c} for {s}",
    "give me the number of {c} for {s}",
)

# Two subjects' counts compared in the words people use ("which has more championships, a or b?"): the
# counted label said as a noun of its own ("title count", "studio album count", "last-game point total") read
# stiff to reader36 (g38). {adj} "more" or "fewer", {c} the bare label.
COMPARE_COUNT = (
    "which has {adj} {c}, {a} or {b}?",
    "does {a} or {b} have {adj} {c}?",
    "who has {adj} {c}, {a} or {b}?",
    "of {a} and {b}, which has {adj} {c}?",
    "which of {a} and {b} has {adj} {c}?",
    "{a} or {b}, which one has {adj} {c}?",
    "between {a} and {b}, which has {adj} {c}?",
    "out of {a} and {b}, which one has {adj} {c}?",
)
COMPARE_COUNT_YES_NO = (
    "does {a} have {adj} {c} than {b}?",
    "{a} has {adj} {c} than {b}, right?",
    "has {a} got {adj} {c} than {b}?",
    "is it true that {a} has {adj} {c} than {b}?",
)

# A value that belongs to a past moment (a close, a game's score, a film's budget) asked in the past tense, as
# people ask it: "what was" had been the words of questions with a condition alone (its strongest words for
# the question type from the text, issue 31: 0.72 against real CRAG's 0.61). Kinds: composers.PAST_KINDS.
PAST = (
    "what was the {l} of {s}?",
    "what was {s}'s {l}?",
    "what was {s}'s {l} again?",
    "what was the {l} for {s}?",
    "do you know what {s}'s {l} was?",
    "and what was the {l} of {s}?",
    "tell me what the {l} of {s} was",
    "any idea what {s}'s {l} was?",
)

# A set's members over a threshold, listed ("which 2020 thriller movies have a runtime above 171?"): the
# threshold's words had been aggregation's alone ("how many ... above"), and number words ("which three")
# the set type's (issue 31: question type from the text). {l} label, {c} a count's bare label, {x} threshold.
SET_ABOVE = (
    "which {many} have a {l} above {x}?",
    "which of {np} have a {l} over {x}?",
    "list {np} with a {l} higher than {x}",
    "of {np}, which have a {l} of more than {x}?",
    "what {many} have a {l} above {x}?",
    "name {np} with a {l} over {x}",
    "which {many} are above {x} in {l}?",
    "tell me which of {np} have a {l} higher than {x}",
)
SET_ABOVE_COUNT = (
    "which {many} have more than {x} {c}?",
    "which of {np} have more than {x} {c}?",
    "list {np} with more than {x} {c}",
    "of {np}, which have more than {x} {c}?",
    "what {many} have over {x} {c}?",
    "name {np} with more than {x} {c}",
    "which {many} have over {x} {c} to their name?",
    "tell me which of {np} have more than {x} {c}",
)

# Two teams' last games added up in their own words: "how many points in the last game do x and y have?"
# read stiff to reader36 (g38 #14), as one team's last game did to reader32 (LAST_POINTS_ON)
LAST_POINTS_BOTH = (
    "how many points did {a} and {b} score in their last games?",
    "how many points did {a} and {b} put up between them in their last games?",
    "in their last games, how many points did {a} and {b} score in all?",
    "what did {a} and {b} score in their last games, added up?",
)

# A set's last games added up in their own words: "how many points in the last game do the basketball teams
# in the highland division have?" (the g44 draft's tiny world, as reader36's two teams)
GROUP_LAST_POINTS = (
    "how many points did {np} score in their last games?",
    "how many points did all {many} put up in their last games?",
    "in their last games, how many points did {np} score in all?",
    "what did {np} score in their last games, added up?",
)

# The difference of two tallies whose noun reads stiff (frame_use.NO_COUNT_NOUN): "how much higher is x's
# oscar count than y's?" -> the bare label. No frame says which is higher (that order would be a premise,
# as question_frames.ORDERED's is).
DIFFERENCE_COUNT = (
    "what's the difference in {c} between {a} and {b}?",
    "how far apart are {a} and {b} in {c}?",
    "{a} vs {b}: difference in {c}?",
    "what is the gap in {c} between {a} and {b}?",
)
