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
    proper_name: str = ""  # a group: the proper name its set is named by ("serie a"), '' for common words


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
    # the day each stale value held ("YYYY-MM-DD", where the KG dates them: a close): a price stated
    # with a day drawn near the current one was "frozen" across sessions (g23 audit: 13 of 117)
    stale_days: tuple[str, ...] = ()
    # a birth's person's death ("YYYY-MM-DD" or "YYYY") where the KG states one: nobody asks a dead man's age
    died: str = ""
    # a price inside a session: the minute ("HH:MM", US/Eastern) it was quoted at; '' for a close
    minute: str = ""


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
    # The domain whose entities the question asks about and whose pages answer it: the label's, but for an
    # open-domain question about another domain's subject (generate.P_OPEN_BORROWS)
    content_domain: str = ""

    @property
    def pages_domain(self) -> str:
        """The domain of the question's pages (noise, roundups, recent pages of the same domain)."""
        return self.content_domain or self.domain


# ─────────── what pages need from questions (the page planner reads these; kept with the nouns) ───────────


def page_names(subject: Subject) -> list[str]:
    """How pages should name a subject somewhere, so every way a question refers to it can be matched by
    reading: the name, the ticker in capitals (tickers are written in capitals on real pages, e.g.
    "(NASDAQ: ARDL)"), and the aliases ("Aldica", "the Avalanche")."""
    names = [subject.name]
    if subject.ticker:
        names.append(subject.ticker.upper())
    names.extend(a for a in subject.aliases if a not in names)
    return names


def group_of(q: Question) -> Subject | None:
    """The group a question that names no entity is about ("companies by dividend"), else None.

    Such a question's `facts` are one fact of the same kind per member (the members follow the group in
    `subjects`): a listing or a table of all of them is what answers it.
    """
    return q.subjects[0] if q.subjects and q.subjects[0].kind == "group" else None


def premise_facts(q: Question) -> list[Fact]:
    """For a false premise, the true facts it bends (pages about its subject state them); else []."""
    return list(q.context)


def key_kinds(q: Question) -> list[str]:
    """The fact kind behind each key phrase ("fin.market_cap", "rel:ceo"; a list item's is its list's kind),
    '' when no fact states it: what the audit groups sentence frames by."""
    kinds: dict[str, str] = {}
    for fact in [*q.facts, *q.context]:
        for value in (fact.value, *fact.items):
            kinds.setdefault(value.lower(), fact.kind)
    return [kinds.get(p.lower(), "") for p in q.key_phrases]
