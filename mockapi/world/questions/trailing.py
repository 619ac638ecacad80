"""A name's aside said after the question, as people add it ("when was dustin murphy born, the one managed by
kathleen turner?"), not between the subject and its verb ("when was dustin murphy, managed by kathleen turner,
born?").

Reader32 (generator 32) read 15 of 40 questions with an aside a user would not type: set off by commas or
brackets in the middle of the question ("look up the headquarters for wolfe, public since 1992",
"jenniferberg royals (founded 1943)"). Real questions name the thing plainly, or with a year or a kind word
before it ("the 2002 film last horizon", premise.natural), or tell a namesake apart afterwards ("the one
founded in 1937"). The aside stays a premise (a false premise bends it as before); only where it is said
moves, so true and false questions carry it alike.
"""

from __future__ import annotations

import re
from dataclasses import replace

from mockapi.world.questions.model import Fact
from mockapi.world.questions.premise import Premise, settle, unsaid

# How an aside's words read after "the one" ("public since 1992" -> "the one that went public in 1992")
_REWORDS = (
    (re.compile(r"^(founded|born|established) (\d{4})$"), r"\1 in \2"),
    (re.compile(r"^(?:public since|which went public in) "), "that went public in "),
    (re.compile(r"^the band with "), "with "),
)


# A film's or a song's year in brackets mid-question ("the director of frozen mirrors (1963)") said before it
_YEARS = {"mv.release": "film", "mu.song_date": "song"}


def _bare(name: str) -> str:
    return name[4:] if name.lower().startswith("the ") else name


def words_of(said: str, premise: Premise) -> str:
    """The words of the aside a name premise says in `said` (its said or its bent phrase): "managed by x" of
    "y, managed by x,", "founded in 1943" of "y (founded 1943)"; '' for a premise of another form (a year or a
    kind word before the name, "x by y", a possessive, a frame's premise).

    A chief's possessive ("bryan galvan's aldica co.") stays: said as "the aldica co. run by bryan galvan" in
    place or trailing, its words marked false premises (text AUC mean 0.696 -> 0.735 and 0.734, seeds 0-6)."""
    plain = premise.plain
    if not plain:
        return ""
    if not said.startswith(plain) or re.fullmatch(r" \(\d{4}\)", said[len(plain) :]):
        return ""
    rest = said[len(plain) :]
    if not rest.startswith((", ", " (")):
        return ""
    words = rest.strip().strip(",").strip()
    if words.startswith("(") and words.endswith(")"):
        words = words[1:-1]
    for pattern, repl in _REWORDS:
        words = pattern.sub(repl, words)
    if premise.fact.kind == "rel:team":  # "lucas smith (austinmouth mariners)": "the one who plays for ..."
        words = f"who plays for the {words}"
    return words


def aside_of(premise: Premise) -> str:
    """The words of the premise's aside (`words_of`), '' when it has none."""
    return words_of(premise.said, premise)


def trails(premise: Premise) -> bool:
    """Whether `premise` is an aside moved to the question's end (`relocate`)."""
    return trails_said(premise.said)


def identifies(premise: Premise) -> bool:
    """Whether a name premise is said as an identifying aside: trailing (", the one founded in 1937") or
    before its name ("the x founded in 1937", `_said_anew`)."""
    before = f"the {_bare(premise.plain)} "
    return bool(premise.plain) and (
        trails(premise) or (premise.said.startswith(before) and premise.said != before)
    )


def _year(said: str, premise: Premise) -> str:
    """ "the 1963 film frozen mirrors" for "frozen mirrors (1963)", '' for any other phrase."""
    noun = _YEARS.get(premise.fact.kind)
    m = re.fullmatch(r" \((\d{4})\)", said[len(premise.plain) :]) if said.startswith(premise.plain) else None
    return f"the {m[1]} {noun} {premise.plain}" if noun and m and premise.plain else ""


# What may close a question after its last name, so that ", the one ..." still follows that name: the mark,
# a thanks, an afterthought ("what's the parent company of medina holdings, the one founded in 1965?")
_CLAUSE_END = re.compile(r"[\s?.!]*(?:(?:thanks|thank you|please|i forgot)[\s?.!]*)?")
# Words an aside may not run into when said before its name: a list's "and"/"or" ("which of the miller
# founded by linda bradford and stev ..."), or a verb, which reads as the aside's own ("the jennifer smith
# born in 1982 born")
_RUNS_ON = re.compile(r"\s*(?:and|or|vs|versus)\b")
# An aside said after a question whose name does not end it: "i mean" says it goes back to the name, not to
# the word before it ("how many founders does robinson holdings have in all, the one founded in 2017?")
AFTERTHOUGHT = ", i mean the one "


def _runs_on(rest: str, words: str) -> bool:
    """Whether an aside said before its name runs into what follows: a list's "and"/"or", or its own verb
    ("the jennifer smith born in 1982 born")."""
    verb = words.split()[0] if words else ""
    following = re.match(r"\s*([a-z]+)", rest)
    return bool(_RUNS_ON.match(rest)) or bool(following and following[1] in (verb, "born"))


# What an afterthought may follow: the question's verb alone ("on what date was x founded, i mean the one").
# After a date, "now", "in all" or a predicate said after a leading name ("stoneville falcons has how many
# championship seasons, i mean the one led by ...") it read as unnatural (reader36: 39 of g38's 101)
_SHORT_REST = re.compile(r"\s*(?:[a-z]+)(?: [a-z]+)?[\s?.!]*")
_TIME_WORDS = re.compile(r"\b(?:now|today|currently|yesterday|moment|year|all|total|so far)\b")


def _closes(moved: str, rest: str, premise: Premise) -> bool:
    """Whether an afterthought reads after `moved`: the name said after the question's opening words and
    followed by its verb alone (one or two words, no date, no "now" or "in all")."""
    if moved.startswith(premise.plain):
        return False
    return bool(_SHORT_REST.fullmatch(rest)) and not _TIME_WORDS.search(rest)


def _after(text: str, name: str) -> str | None:
    """What `text` says after its one `name`, None when it says the name other than once."""
    return text.split(name, 1)[1] if text.count(name) == 1 else None


def _said_anew(text: str, said: str, premise: Premise) -> tuple[str, str | None]:
    """`text` with the premise's phrase `said` in the words people write, and the phrase the premise now is:
    a film's bracketed year before its name; an aside after the question (", the one managed by x") when
    the name ends it, else after all of the question as an afterthought (", i mean the one managed by x":
    said in-line before a verb or a date it ran on, reader35); in a list or at a chain's start, where "the
    one" would not say whose, before the name ("the y managed by x") when the name ends the question.
    ('' for the phrase when nothing changes; None when the aside is dropped: in a list or a chain before
    more of the question, or running into "and"/"or" or its own verb (g35: 58 texts).)"""
    year = _year(said, premise)
    if year:
        return text.replace(said, year, 1), year
    words = words_of(said, premise)
    if not words:
        return text, ""
    moved = text.replace(said, premise.plain, 1)
    rest = _after(moved, premise.plain)
    if premise.trails and rest is not None and _CLAUSE_END.fullmatch(rest):
        tail = f", the one {words}"
        return (moved[:-1] + tail + "?" if moved.endswith("?") else moved + tail), tail
    if premise.trails and rest is not None and not _runs_on(rest, words) and _closes(moved, rest, premise):
        # the name is followed by more of the question: the aside comes after all of it, as an afterthought
        # ("which weekday was the head coach of north karenside badgers born, i mean the one founded in
        # 1941?"), never in-line before the verb or the date, where it ran on ("... founded by anthony baker
        # founded?", "the x founded in 1947 on february 6th": reader35, 3 of g37's 4 unnatural)
        after = f"{AFTERTHOUGHT}{words}"
        return (moved[:-1] + after + "?" if moved.endswith("?") else moved + after), after
    if premise.trails:  # after a date, "now", "in all" or a long predicate it names no one (reader36)
        return moved, None
    restricted = f"the {_bare(premise.plain)} {words}"
    # in a list or a chain ("the one" would not say whose) the aside stays beside its name only where the
    # name ends the question: before a verb it ran on ("does the x founded in 1990 have a higher ...")
    ends = rest is not None and bool(_CLAUSE_END.fullmatch(rest))
    if (
        not ends
        or _runs_on(rest or "", words)
        or moved[: moved.find(premise.plain)].endswith(("the ", "'s "))
    ):
        return moved, None
    return text.replace(said, restricted, 1), restricted


def _bent_as(said: str, premise: Premise) -> str:
    """The bent phrase in the form the query now says the premise (`said`): the year before the name, the
    trailing ", the one ..." or the "the y managed by x" before it."""
    year = _year(premise.bent, premise)
    if year:
        return year
    words = words_of(premise.bent, premise)
    if not words:
        return ""
    if said.startswith(AFTERTHOUGHT):
        return f"{AFTERTHOUGHT}{words}"
    return f", the one {words}" if trails_said(said) else f"the {_bare(premise.plain)} {words}"


def trails_said(said: str) -> bool:
    return said.startswith((", the one ", AFTERTHOUGHT))


def relocate(query: str, premises: list[Premise]) -> tuple[str, list[Premise]]:
    """The query with its name premise said as people write it (`_said_anew`; one name premise a question:
    `settle`), and the premises updated to the words the query now says: the new phrase for the name
    premise, the whole query anew for a frame's premise (a day, a margin), whose text holds the phrase; a
    dropped aside leaves the query with the plain name and the premise unsaid."""
    for p in premises:  # "x directed by y" in a list before "and": y reads as one of the list (reader34)
        rest = _after(query, p.said) if p.plain and not p.trails and " by " in p.said else None
        if rest is not None and _RUNS_ON.match(rest):
            return query.replace(p.said, p.plain, 1), [unsaid(k, p) for k in premises if k is not p]
    moving = next((p for p in premises if p.plain and (_year(p.said, p) or aside_of(p))), None)
    if moving is None or query.count(moving.said) != 1:
        return query, premises
    new_query, said = _said_anew(query, moving.said, moving)
    if said is None:  # dropped: the name said plainly, in the frame's premises too (premise.unsaid)
        return new_query, [unsaid(p, moving) for p in premises if p is not moving]
    bent = _bent_as(said, moving)
    if not said or not bent:
        return query, premises
    out: list[Premise] = []
    for p in premises:
        if p is moving:
            out.append(replace(p, said=said, bent=bent))
        else:  # a frame's premise says the whole query, the name's phrase included: said anew alike
            out.append(
                replace(
                    p,
                    said=_said_anew(p.said, moving.said, moving)[0],
                    bent=_said_anew(p.bent, moving.said, moving)[0],
                )
            )
    return new_query, out


def settled(query: str, asked: list[Fact], premises: list[Premise]) -> tuple[str, list[Premise]]:
    """`premise.settle`, then the kept aside moved to the question's end (`relocate`)."""
    return relocate(*settle(query, asked, premises))
