"""Count frames added at generator 34 (question_frames.py is at the house's module size): a team's last game
asked on a day in its own words, and a tally asked in the words an aggregation counts a list's items. A
canonical phrasing module (phrasing._CANONICAL): each list split between the splits by position."""

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
