"""Reader36's stiff frames on generator 38's questions (issue 31), and the question type read from the text,
fixed in q37.

- A count compared as a noun of its own: "which one's title count is larger, west haileystad sentinels or
  bergport sentinels?", "stacey solis or eric stuart, whose studio album count is bigger", "does the 1967 film
  frozen atlas or silent engine have the higher oscar count?" (reader36: 3 of 8 stiff frames). A count is
  compared as people say it: "which has more championships, a or b?".
- "stoneville falcons has how many championship seasons?" (reader36's unnatural #32): no "x has how many y".
- "what was" belonged to questions with a condition alone (the question type from the text: 0.715 on
  g38's default world, issue 31's bar 0.70, real CRAG 0.61): a past moment's value (a close, a game's score, a
  film's budget) is asked in the past tense in simple questions too, with no "right now" after it; a threshold
  ("above", "more than") was aggregation's alone: a set question lists a named set's members over one.
"""

from __future__ import annotations

import re

from mockapi.world.questions.kinds import SAID_COUNTS
from mockapi.world.questions.model import Question

# a time qualifier of the present (question_frames.NOW) after a past tense reads broken
_NOW = re.compile(r"\b(right now|currently|as of today|at the moment|this year)\b")
_OVER = re.compile(r"\b(above|over|more than|higher than) [$0-9]")


def test_a_count_is_compared_in_plain_words(tiny_dev_questions: list[Question]) -> None:
    compared = [q.query for q in tiny_dev_questions if q.question_type == "comparison"]
    nouns = [t for t in compared if any(said in t for said in SAID_COUNTS.values())]
    assert nouns == [], nouns[:5]
    assert [t for t in compared if re.search(r"\b(more|fewer) [a-z]", t)]
    # nor, of a tally, asked of one subject ("what's gentle garden's oscar count?": my reading of q37's draw)
    from mockapi.world.questions.frame_use import NO_COUNT_NOUN  # imported here: the other tests run on q36

    stiff = [v for k, v in SAID_COUNTS.items() if k in NO_COUNT_NOUN]
    said = [q.query for q in tiny_dev_questions if any(noun in q.query for noun in stiff)]
    assert said == [], said[:5]


def test_no_name_then_has_how_many(tiny_dev_questions: list[Question]) -> None:
    """Nor "how many championship seasons does x list" (my reading of q37's first draw) nor "how many points
    in the last game do x and y have" (reader36 #14)."""
    stiff = re.compile(r"\bhas how many\b|\bdoes [a-z0-9 .'&-]+ list\b|points in the last game do\b")
    said = [q.query for q in tiny_dev_questions if stiff.search(q.query)]
    assert said == [], said[:5]


def test_a_past_moment_is_asked_in_the_past_tense(tiny_dev_questions: list[Question]) -> None:
    from mockapi.world.questions.frame_use import PAST_KINDS  # imported here: the other tests run on q36

    past = [q for q in tiny_dev_questions if q.question_type == "simple" and q.facts[0].kind in PAST_KINDS]
    asked = [q.query for q in past if re.search(r"\bwhat was\b|\bwas\?$", q.query)]
    # half of those not asked in a derived form (frame_use.P_PAST): 14 of 59 to 18 of 58 on tiny draws
    assert len(asked) >= len(past) / 8, (len(asked), len(past))
    assert [t for t in asked if _NOW.search(t)] == []


def test_a_set_question_lists_the_members_over_a_threshold(tiny_dev_questions: list[Question]) -> None:
    listed = [q for q in tiny_dev_questions if q.question_type == "set" and _OVER.search(q.query)]
    assert listed
    # the answer lists the members over the threshold said, and more than one of them
    assert all(" and " in q.answer for q in listed), [(q.query, q.answer) for q in listed][:3]


def test_who_is_asked_of_people_only(tiny_dev_questions: list[Question]) -> None:
    """ "who was released first, timothy johnson's song savage letters or midnight anthem?", "who is the
    parent company of the airline stock with the highest eps?" (my reading of q37's first draws)."""
    thing = re.compile(r"\bwho (?:was released|was founded|were founded|was established|went public)\b")
    company = re.compile(r"\bwho is (?:the )?(?:parent company|label|record label|team)\b")
    said = [q.query for q in tiny_dev_questions if thing.search(q.query) or company.search(q.query)]
    assert said == [], said[:5]
