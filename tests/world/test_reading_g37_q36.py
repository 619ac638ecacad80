"""Reader35's classes on generator 37's questions (issue 31: 19 natural / 17 borderline / 4 unnatural of 40),
fixed in q36.

- An identifier said in-line before the verb or the question's date ran on: "the andrea wilson managed
  by billy smith was born in which decade?", "the dixonhaven wolves founded in 1947 on february 6th", "...
  founded by anthony baker founded?" (3 of the 4 unnatural; 112 texts in-line, 69 running on). It is said
  after the whole question as an afterthought (", i mean the one managed by billy smith"), or, in a list or
  a chain, beside its name only where the name ends the question.
- "tell me who the 1942 film distant voyage's director is" (12 texts): no year and kind word before a
  possessive; "what is the ceo of epii?": a person is asked with "who".
"""

from __future__ import annotations

import re

from mockapi.world.questions import frame_use, phrasing
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Fact, Question, Subject
from mockapi.world.questions.premise import Premise, fits
from mockapi.world.questions.trailing import relocate

# an identifier said in-line before more of the question (reader35's inline.py, in short)
_IN_LINE = re.compile(
    r"\bthe (?!one )([a-z0-9 .&'-]+?) (?:(?:(?:run|led|managed|coached|founded) by|"
    r"whose ceo is) [a-z]+ [a-z]+|(?:founded|born|established|released) in \d{4}) [a-z0-9]"
)
# a frame's cast or a named set ("the comedy films released in 1995"), not an aside
_FRAME = re.compile(
    r"\bthe (?:film|movie)s? (?:starring|directed by)|\b(?:films|movies|songs|tracks) released in"
)
# a description in place of a name ("the company run by x": refer.py), maybe with a typo ("cmopany")
_DESCRIBED = {"".join(sorted(w)) for w in ("company", "team", "place", "club")}


# a tail the voice adds ("... the x founded in 1916 thanks") is no more of the question (q37)
_TAILS = tuple(sorted({t.split("{q}", 1)[1] for t in phrasing.TAILS}, key=len, reverse=True))


def _in_line(text: str) -> bool:
    text = next((text[: -len(t)] for t in _TAILS if t and text.endswith(t)), text)
    m = _IN_LINE.search(text)
    if m is None:
        return False
    return "".join(sorted(m[1].split()[-1])) not in _DESCRIBED and not _FRAME.search(text)


def _premise(said: str, plain: str, trails: bool = True) -> Premise:
    fact = Fact(Subject(plain, "music", "artist"), "rel:manager", "billy smith")
    return Premise(said, said.replace("billy smith", "ann lee"), fact, "ann lee", plain, trails)


def test_an_aside_before_the_verb_is_said_after_the_question() -> None:
    said = "calderon group, managed by billy smith,"
    query, kept = relocate(f"on what date was {said} founded?", [_premise(said, "calderon group")])
    assert query == "on what date was calderon group founded, i mean the one managed by billy smith?"
    assert [p.bent for p in kept] == [", i mean the one managed by ann lee"]


def test_no_afterthought_after_a_date_now_in_all_or_a_leading_name() -> None:
    """Reader36 (g38): 30 of 101 afterthoughts sat after a date, "now" or "in all", 9 after "has how many"
    said after a leading name ("stoneville falcons has how many championship seasons, i mean the one led
    by antonio morgan?"): dropped, the name said plainly."""
    for frame, name in (
        ("what was the score of {} on february 6th?", "dixonhaven wolves"),
        ("what do 50 shares of {} cost right now?", "perez"),
        ("how many founders does {} have in all?", "levy"),
        ("{} has how many championship seasons?", "stoneville falcons"),
        ("{} was born in which decade?", "andrea wilson"),
    ):
        said = f"{name}, managed by billy smith,"
        query, kept = relocate(frame.format(said), [_premise(said, name)])
        assert query == frame.format(name) and kept == [], query


def test_a_players_team_reads_as_who_he_plays_for() -> None:
    """ "what was the points per game of lucas smith on 09/09/2023, i mean the one austinmouth mariners?"
    (reader36: broken)."""
    fact = Fact(Subject("lucas smith", "sports", "player"), "rel:team", "austinmouth mariners")
    said = "lucas smith (austinmouth mariners)"
    premise = Premise(said, "lucas smith (lake rovers)", fact, "lake rovers", "lucas smith")
    query, _ = relocate(f"when did {said} retire?", [premise])
    assert query == "when did lucas smith retire, i mean the one who plays for the austinmouth mariners?"
    query, _ = relocate(f"what's the hometown of {said}?", [premise])
    assert query == "what's the hometown of lucas smith, the one who plays for the austinmouth mariners?"


def test_only_a_same_name_look_alike_calls_for_an_identifier() -> None:
    # imported here: the other tests run (and fail) on the tree before it
    from mockapi.world.questions.premise import namesake

    def subject(name: str, other: str) -> Subject:
        return Subject(name, "finance", "company", lookalikes=(other,))

    assert namesake(subject("Ramos Therapeutics", "Ramos Therapeutics II"))
    assert namesake(subject("Nanvallon", "FC Nanvallon"))
    assert not namesake(subject("Stina Hierro", "S. Hierro"))  # pages never state a cut or respelt form
    assert not namesake(subject("Last Atlas II", "Last Atlas"))


def test_in_a_list_an_aside_stays_only_where_its_name_ends_the_question() -> None:
    said = "miller, managed by billy smith,"
    query, kept = relocate(f"does {said} have more albums than stev?", [_premise(said, "miller", False)])
    assert query == "does miller have more albums than stev?" and kept == []
    query, kept = relocate(f"who has more albums, stev or {said}?", [_premise(said, "miller", False)])
    assert query == "who has more albums, stev or the miller managed by billy smith?"


def test_the_dev_questions_say_no_identifier_in_line(tiny_dev_questions: list[Question]) -> None:
    texts = [q.query for q in tiny_dev_questions]
    assert not [t for t in texts if _in_line(t)], [t for t in texts if _in_line(t)][:5]
    assert sum(", i mean the one " in t for t in texts) > 0


def test_no_year_and_kind_word_before_a_possessive() -> None:
    fact = Fact(Subject("distant voyage", "movie", "movie"), "mv.release", "1942")
    said = "the 1942 film distant voyage"
    premise = Premise(said, "the 1945 film distant voyage", fact, "1945", "distant voyage")
    assert not fits(f"tell me who {said}'s director is", premise)
    assert fits(f"who directed {said}?", premise)
    said = "the amanda garcia movie distant voyage"
    premise = Premise(said, "the ann lee movie distant voyage", fact, "ann lee", "distant voyage")
    assert not fits(f"do you know who {said}'s director is?", premise)


def test_a_person_is_asked_with_who() -> None:
    ceo = KINDS["fin.ceo"]
    assert not [f for f in frame_use.attribute_frames(ceo) if f.startswith("what")]


def test_a_makers_possessive_says_the_kind() -> None:
    """ "christopher nolan's film inception", never "christopher nolan's inception": a person's name owning
    a name reads as an identifier (the audit's possessive asides)."""
    from mockapi.world.questions.premise import FORMS

    for key in (("movie", "mv.director"), ("song", "rel:performer")):
        assert "{v}'s {n}" not in FORMS[key]
