"""The nouns of question generation: a fact about a subject, and a finished question."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Subject:
    """Something a question can be about: a KG target entity or an entity invented for web-only facts."""

    name: str
    domain: str
    kind: str  # company, movie, person, artist, song, team, topic…
    entity_id: str = ""  # '' for invented (web-only) subjects
    popularity: str = ""  # head | torso | tail for KG targets, '' for web subjects
    descriptor: str = ""  # a disambiguating phrase ("the 2004 film"), used by conditional questions
    lookalikes: tuple[str, ...] = ()  # similar names: hard-negative pages are about these
    ticker: str = ""  # companies: the exchange symbol (questions may name a company by it; pages show it)
    aliases: tuple[
        str, ...
    ] = ()  # other names questions use (short name, abbreviation); pages should show them


@dataclass(frozen=True)
class Fact:
    """One attribute value of a subject, as of the world's question period.

    `value` is the display form (pages show it; questions lower-case it); `number` is set for numbers, years
    (the year) and dates (the proleptic ordinal day) so comparisons and post-processing can compute answers.
    """

    subject: Subject
    kind: str  # key into kinds.KINDS
    value: str
    number: float | None = None
    items: tuple[str, ...] = ()  # list-valued facts (cast, albums…)
    alts: tuple[str, ...] = ()  # other formats of the same value
    stale: tuple[str, ...] = ()  # older values (dynamic facts) for stale pages
    as_of: str = ""  # 'YYYY-MM-DD' the value holds from (dynamic facts)
    condition: str = ""  # phrase that qualifies the value ("on 2024-02-20"), for conditional kinds
    source: str = "web"  # kg | web


@dataclass
class Question:
    """A generated question with its gold answer and retrieval labels (one row of questions.duckdb)."""

    interaction_id: str
    ord: int
    query_time: str
    domain: str
    question_type: str
    static_or_dynamic: str
    query: str
    answer: str
    alt_ans: list[str]
    popularity: str
    answer_source: str
    key_phrases: list[str]
    wrong_value: str | None
    facts: list[Fact] = field(default_factory=list)  # what gold pages must state
    subjects: list[Subject] = field(default_factory=list)  # what the question is about (topical pages)
    answer_in_pages: bool = False
    gold_page_ids: list[str] = field(default_factory=list)
    split: int = 0
    # Facts about the question's subjects that pages should discuss but that are not the answer: the true
    # facts behind a false premise (what the premise gets wrong), so topical pages talk about its subject.
    context: list[Fact] = field(default_factory=list)
