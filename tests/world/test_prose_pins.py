"""The grammar, the synonym swaps and the sentence builder pinned to their exact output for fixed seeds.

The world's content hash depends on every rng call of the prose code, in order; a speed-up (or any
refactor) must leave the text byte for byte as it was. The templates, texts and clauses here are the
test's own (the lexicons are data that change), so only a change of the code moves these digests. The
values were produced by the prose code at 369c46a, before it was made faster.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
from collections.abc import Callable

from mockapi.world.pages import grammar, prose, prose_slots, synonyms

TEMPLATES = (
    "{s} [recorded|shelved|mixed] [new material|an EP|a batch of demos] [in {month}|over {m} weeks|]",
    "[{s}|the track] [was licensed for|turned up in] [a car commercial|a television drama]",
    "[a remix of {s}|{s}'s video] [was released|drew {n} views] [on {d}|within {m} days|last {season}|]",
    "[{o}, who [produced|mixed|co-wrote] {s},|the producer of {s}] said "
    "[the demo took {m} days|it came last]",
    "[|early] [in|by] {y}, the [ [big|small]|] crowd [was|were] [ , | ;|] quiet [.|]",
    "{pct} of [a|an] [apple|unit|orange|hour] [ |  ]sold[|,] [{o}|]",
    "a {{s}} [{|x]s} [a|b]",  # stray braces: the joined-text path
)
TEXTS = (
    "the singer recorded new material in a converted barn, and critics praised the chorus of the album",
    "a investor said the company was quiet; an band tour (a old show) drew crowds — fans, reporters",
    "An unit's staff-led plan: the team's season was busy, a rain-delayed game and a injury to a veteran",
)
CLAUSES = (
    "{s} [added|cancelled|postponed] [{m} shows|a residency in {month}] [after {m} weeks|]",
    "[critics|fans] [praised|picked apart] the [chorus|bridge] of {s}",
    "{s} was [recorded|mixed] in {y} and has [drawn|lost] [fans|listeners]",
    "the [band|group] had [a|an] [idea|plan] that would [work|fail]",
)
SHORTS = ("{s} [runs|lasts] {m} minutes", "[Streams|Plays] of {s} [rose|fell] in {month}")
LEADS = ("[after|before] the {ord} show", "as the [season|tour] [began|ended]")


def digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def slots() -> dict[str, Callable[[random.Random], str]]:
    table = prose_slots.slots(dt.date(2024, 3, 1), ("Ida Brand", "Oslo Bears"))
    table["s"] = lambda r: "The Vanes"
    return table


def test_grammar_expansions_are_pinned() -> None:
    table = slots()
    rng = random.Random(7)
    out = [grammar.expand(t, table, rng) for _ in range(300) for t in TEMPLATES]
    assert out[:2] == [
        "The Vanes shelved new material over 2 weeks",
        "The Vanes was licensed for a television drama",
    ]
    # generator 13 moved these (were 5ca931e7af9efcd2, 0.2909322437487786) by the slots' data only: {n} is
    # mostly hundreds and {money} a billion sum 15% of the time (issue 31: sizes a mid-sized firm can hold)
    assert digest(out) == "6ec8128c52e3e021"
    assert rng.random() == 0.28026774696926715  # the rng is left where the old code left it


def test_synonym_swaps_are_pinned() -> None:
    rng = random.Random(11)
    out = [synonyms.vary(t, rng) for _ in range(300) for t in TEXTS]
    # generator 12 moved these (were "...insisted the company...", bac21f84e30db0d3, 0.8857506409976075) by a
    # data change only: the synonym table lost its words of several senses ("drew", "group", "before")
    # generator 13 (was "...claimed the business was slow...", 3be9b812bb14f229, 0.38047629949907813) by the
    # table's data again: words whose sense changes with the phrase ("firm", "busy", "quiet") are in no group
    said = "an investor suggested the company was quiet; a band tour (an old show) drew visitors — "
    assert out[1] == said + "fans, journalists"
    assert digest(out) == "5c80092796d153a5"
    assert rng.random() == 0.061094128129883796


def test_sentences_are_pinned() -> None:
    table = slots()
    rng = random.Random(13)
    out = [prose._sentence(CLAUSES, SHORTS, LEADS, table, rng) for _ in range(1000)]
    assert out[:2] == [
        "Critics applauded the chorus of The Vanes.",
        "The Vanes axed 6 shows after 9 weeks, and the group had a scheme that would initially fail.",
    ]
    # generator 11 moved this digest (was 4c25aff88d430e4c) by a lexicon change only: the generic lead-in
    # "[as of|by|through] {month} {fy}" takes a past year, {y} (issue 31: no event after the query time);
    # generator 12 (was 2a0cc82caf5a87ac) by the synonym table's data ("before" is in no group); generator 13
    # (was 603006c667433d30, 0.20536947075818712) by the slots' and the synonym table's data (above);
    # generator 14 (was ba7f95062f350437, 0.1575768022549856) by the lead-ins' and the synonym table's data
    # ("for the {ord} time since", "mid-{month}", no "recent/newest" group); generator 15 (was
    # 098ebe1e667815fc, 0.2415035172792349) by the lead-ins' and the synonym table's data (no "for the {ord}
    # time since", "re-signed" and "re-release" keep their hyphen); generator 19 (was 879bab72aa72565c,
    # 0.34440315372793195) by the lead-ins' data only: each names a moment, no "since/until/as of/through/by";
    # generator 20 (was 2d334a1ee00a833c, 0.573288740359585) by the joiners' and the synonym table's data
    # only: no ", so" nor ", although" between two unrelated clauses, no "disclosed a new roof"; generator 23
    # (was 67cd0579b405c271) by the synonym table's data ("writing" in no group: "about script with X") and
    # no adverb between "had" and a noun phrase ("had suddenly a showing"); generator 24 (was
    # 5ecc488369689ea4, 0.7566978875873547) by the lead-ins' data only: no unanchored "{m} weeks later";
    # generator 25 (was b925dfc0b4f1581c, 0.7723046698611024) by the synonym table's data only: no
    # after/following, inside/within, fight/dispute swaps; generator 26 (was f7a96255d875c0b0,
    # 0.5764086806061686) by the {time} slot only: waking hours, 7 a.m. to 10 p.m., one draw fewer
    assert digest(out) == "1b6355b3afd34397"
    assert rng.random() == 0.5051352228644542
