"""What generator 24's reading found (seed 49, /work/scratch/reader/reading_g24.md), as checks on the world's
parts: a song's life around its release and the query day, finance sizes against the company, prices against
the KG, sequels among songs and albums, multi-hop hops and one-letter look-alikes."""

from __future__ import annotations

import datetime as dt
import json
import random
import re
import zlib
from pathlib import Path

from pages_db import query

from mockapi.audit import lifespans, prices
from mockapi.audit.data import load_world
from mockapi.formats.manifest import read_manifest
from mockapi.formats.pagespec import PageSpec
from mockapi.formats.timefmt import parse_query_time
from mockapi.world.pages import consistency, days, decoys, lifespan, prose, roles, shared, sizes, statements
from mockapi.world.pages.roles import Pools
from mockapi.world.questions.generate import generate
from mockapi.world.questions.kg_facts import open_kg_source
from mockapi.world.questions.model import Fact, Subject
from mockapi.world.real import market_days

_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")  # fmt: skip
# a month name with no year after it ("in August"), a season after "last"/"the" ("last autumn")
_BARE_MONTH = re.compile(rf"\b({'|'.join(_MONTHS)})\b(?!,? (?:\d{{1,2}}(?:st|nd|rd|th)?,? )?\d{{4}})")
_SEASON = re.compile(r"\b(?:last|the) (spring|summer|autumn|fall|winter)\b")
_SEASON_MONTH = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}
# what a song's making says: before its release is its time
_MAKING = re.compile(r"take|produc|engineer|mix|co-wrote|demo|session player|started on|worked out|came from|"
                     r"sample|synth|recorded|piano|four-track|guitar")  # fmt: skip


def _months_meant(clause: str, page: dt.date) -> list[tuple[int, int]]:
    """The (year, month) each yearless month or season of `clause` means on a page of `page`: the latest one
    before it."""
    out = []
    for m in _BARE_MONTH.finditer(clause):
        n = _MONTHS.index(m[1]) + 1
        out.append((page.year if n <= page.month else page.year - 1, n))
    for m in _SEASON.finditer(clause):
        n = _SEASON_MONTH[m[1]]
        out.append((page.year if n < page.month else page.year - 1, n))
    return out


def test_a_new_songs_prose_stays_between_its_release_and_the_page() -> None:
    # Q29: "Sweet Shadow" released 1 March 2024, asked 11 March: "In April 2024, Sweet Shadow was licensed
    # for a period drama"; before its release "Last autumn, a cover ... went viral", "Downloads ... doubled
    # in August". Generator 24: 60 of 2,400 such sentences after the page's day, 376 clauses before release.
    release, page = dt.date(2024, 3, 1), dt.date(2024, 3, 11)
    lives = {"Sweet Shadow": lifespan.Life("song", 2024, 3, 1), "Avenue": lifespan.Life("song", 2023, 11, 20)}
    after, before, told = [], [], 0
    for seed in range(40):
        rng = random.Random(seed)
        said = prose.sentences(
            "Sweet Shadow",
            "music",
            rng,
            40,
            kind="song",
            day=page,
            lives=lives.__getitem__,
            others=tuple(lives),
        )
        for s in said:
            told += 1
            # a month or a year counts from its start; "late in 2024" from its last quarter
            stated = [(d[0], d[1] or 1, d[2] or 1) for d in days.dates_in(s)]
            stated += [(int(y), 10, 1) for y in re.findall(r"\b[Ll]ater? in (\d{4})", s)]
            if any(d > (page.year, page.month, page.day) for d in stated):
                after.append(s)
            for clause in re.split(r";| — |, (?:and|while|meanwhile)\b", s):
                if _MAKING.search(clause) or "Avenue" in clause:
                    continue
                full = [(d[0], d[1]) for d in days.dates_in(clause) if d[1]]
                if any(m < (release.year, release.month) for m in _months_meant(clause, page) + full):
                    before.append(s)
    assert told == 1600
    assert not after, after[:5]
    assert not before, before[:5]


def _strings(blocks: object) -> list[str]:
    if isinstance(blocks, str):
        return [blocks]
    return [s for b in blocks for s in _strings(b)] if isinstance(blocks, list) else []


def test_no_page_of_the_tiny_world_narrates_a_month_after_its_day(tiny_world: Path) -> None:
    # "Late in June 2024, a choir arrangement of Sweet Shadow went viral" on pages of March 2024 (13 of Q29's
    # 50 pages): the world's checks read years against the page's year, and the audit's future line reads
    # years against the query's. Generator 24's tiny world: 17 month dates after their page's day.
    plan = re.compile(
        r"\b(?:will|would|set to|plans?|planned|scheduled|expected|due|upcoming|aims?|targets?)\b"
    )
    late, read = [], 0
    for (body,) in query(tiny_world, "pages.duckdb", "SELECT body FROM pages"):
        spec = json.loads(zlib.decompress(body))
        day = max(spec["published"], spec["modified"] or "")[:10]
        for sentence in (s for text in _strings(spec["blocks"]) for s in re.split(r"(?<=[.!?])\s+", text)):
            if day[:4] not in sentence:
                continue
            read += 1
            months = [d for d in days.dates_in(sentence) if d[1] and not d[2]]
            if any(f"{d[0]}-{d[1]:02d}" > day[:7] for d in months) and not plan.search(sentence):
                late.append((day, sentence[:160]))
    assert read > 1000
    assert not late, late[:5]


_SUM = re.compile(r"(?:US)?[$€£]\s?(\d[\d,]*(?:\.\d+)?)\s?(bn|billion|m|mn|million)?\b")
_SCALE = {"bn": 1e9, "billion": 1e9, "m": 1e6, "mn": 1e6, "million": 1e6}
_DEALS = re.compile(
    r"buyback|acquisition|loan|revenue|sales|profit|income|notes|bonds?|charge|convertible|paper"
)


def _sums(sentence: str) -> list[float]:
    return [float(m[1].replace(",", "")) * _SCALE.get(m[2] or "", 1.0) for m in _SUM.finditer(sentence)]


def test_a_companys_sums_follow_its_market_cap() -> None:
    # Q34: "Fenova Holdings Inc. confirmed a $4 billion share buyback", KG market cap $0.33 bn; a EUR 6bn term
    # loan and $6bn quarterly revenue at companies worth $0.33-1.7 bn. No deal, charge, revenue or profit on
    # the company's own prose above an eighth of what it is worth.
    cap = 3.3e8
    sizes.use_caps({"Fenova Holdings Inc.": cap})
    try:
        said = [
            s
            for seed in range(30)
            for s in prose.sentences(
                "Fenova Holdings Inc.", "finance", random.Random(seed), 40, kind="company"
            )
        ]
    finally:
        sizes.use_caps({})
    dealt = [s for s in said if _DEALS.search(s) and _sums(s)]
    assert len(dealt) > 100
    too_big = [s for s in dealt if max(_sums(s)) > cap / 8]
    assert not too_big, too_big[:5]


def test_the_tiny_worlds_prices_of_kg_companies_are_the_kgs(tiny_world: Path) -> None:
    # The audit's prices line on g24c: 14 of 40 prices off the KG's session ("Callwave Inc. shares are
    # trading at $18.73 (March 7, 2024)", KG 29.17-29.48). On g24's tiny world 27 of 48: KG companies drawn
    # as look-alikes ("Ardlyne Inc. shares are trading at 4.01 dollars", KG close 19.03) invented figures.
    corpus = load_world(tiny_world, read_manifest(tiny_world))
    pages, _ = lifespans.read_pages(corpus, corpus.questions)
    found = prices.price_scan(pages, tiny_world)["prices against the KG"]
    # a floor so the check reads prices at all: generator 37's tiny world states 8 KG prices (fewer asides
    # on KG companies, so fewer look-alike pages), 48 at g24
    assert found["checked"] > 5
    assert found["violations"] == 0, found["examples"]


def _page_text(spec: PageSpec) -> str:
    return " ".join([*_strings(spec["blocks"]), *_strings(spec["infobox"])]).lower()


def test_a_multi_hop_answer_page_states_every_hop(tiny_kg: Path) -> None:
    # Q8: "name the ceo of the parent company of bryan brown's cyrella corp.": no page of its 50 said
    # Cyrella Corp.'s parent (Ardova Group Inc.); the answer pages stated Ardova's CEO only. On g24c, 15 of
    # 15 answer pages of two-step questions ending in an entity named the first hop's pair on none.
    questions = generate(1200, random.Random("0:questions"), open_kg_source(tiny_kg), "dev")
    chains = [q for q in questions if len([f for f in q.facts if f.kind.startswith("rel:")]) >= 2]
    # (each chain once: generator 26 asks no fact twice in a split, and the tiny KG walks few chains)
    assert len(chains) >= 8
    rng = random.Random(7)
    noise = {d: shared.noise_pool(d, 3, rng) for d in ("finance", "sports", "music", "movie", "open")}
    pools = Pools({}, {}, noise)
    missing = []
    for q in chains[:40]:
        qtime = parse_query_time(q.query_time).replace(tzinfo=None)
        text = _page_text(roles.answer_page(q, pools, qtime, random.Random(q.interaction_id), 0, frozenset()))
        for hop in (f for f in q.facts if f.kind.startswith("rel:")):
            names = (
                prose.bare(hop.subject.name).lower(),
                prose.bare(hop.value).lower(),
            )  # as pages name them
            if any(name not in text for name in names):
                missing.append((q.query, hop.subject.name, hop.kind, hop.value))
    assert not missing, missing[:5]


def test_one_letter_lookalikes_stay_off_the_subjects_answer_pages() -> None:
    # Q8: "Fox Industries is the parent company of Cyella Inc." and "Randall Group is the parent company of
    # Cryella Inc." on Cyrella Corp.'s rank-1 answer page; also Asex/Astex and Lett/Letter beside the subject.
    for typo, subject in (
        ("Cyella Inc.", "Cyrella Corp."),
        ("Cryella Inc.", "Cyrella Corp."),
        ("Asex Corp.", "Astex Ltd."),
        ("Lett", "Letter"),
        ("East East Thornbrook", "East Thornbrook"),  # g25's reader world: the contradiction scan's one case
    ):
        assert consistency.indistinct(typo, subject), (typo, subject)
    # a namesake with its own words, a listing's other class and a sequel stay look-alikes with values
    for other, subject in (
        ("Cyrella Group Inc.", "Cyrella Corp."),
        ("First Cyrella Corporation", "Cyrella Corp."),
        ("Distant Lanterns II", "Distant Lanterns"),
        ("Savage Mirrors", "Velvet Mirrors"),
    ):
        assert not consistency.indistinct(other, subject), (other, subject)
    lookalikes = ("Cyella Inc.", "Cryella Inc.", "Cyrela Corp.", "Northwind Corp.", "Cyrella Group Inc.")
    cyrella = Subject("Cyrella Corp.", "finance", "company", lookalikes=lookalikes)
    for seed in range(20):
        fact = Fact(cyrella, "rel:parent company", f"Ardova Group {seed} Inc.")
        assert set(decoys.rivals(None, fact)) <= {"Northwind Corp.", "Cyrella Group Inc."}


def test_a_peer_films_release_is_one_day_and_an_undated_sequel_states_none() -> None:
    # Q24 (a set of 2008 animated films): r19 "The release date of Distant Lanterns II is March 4th, 2000",
    # r39 "Distant Lanterns II was released on May 4, 2000": a sequel of the question's 2008 film, eight
    # years before it, on two days. A look-alike's figures (`figure_pieces`) drew the date on each page.
    day = dt.date(2024, 3, 1)
    releases: dict[str, set[str]] = {"Distant Lanterns II": set(), "Quiet Harbour Nights": set()}
    for name, told in releases.items():
        film = Subject(name, "movie", "movie")
        for seed in range(60):
            for piece in statements.figure_pieces(film, random.Random(seed), "dev", day, 4):
                if piece.claim is not None and piece.claim[1] == "mv.release":
                    told.add(piece.claim[2])
    assert not releases["Distant Lanterns II"]
    assert len(releases["Quiet Harbour Nights"]) == 1, releases


def test_the_readers_templates_read_right() -> None:
    # Q5/Q13/Q15/Q21/Q40: "one of the best releases of the last 8 years" of a 1970 film (12.5 of 100 rank-1
    # pages); "Ana Quist, a dispute double" (a swap of "fight double"); "The morning session went within.",
    # "Heavy rain damaged on 2022-12-24.", "Caleb Andersen, who looks following the records".
    day = dt.date(2024, 3, 1)
    old = lifespan.Life("movie", 1970, 1, 31)
    said = []
    for seed in range(40):
        rng = random.Random(seed)
        said += prose.sentences(
            "Fire of the Riot", "movie", rng, 40, kind="movie", day=day, lives=lambda _n: old
        )
        said += prose.sentences("Harriston Raptors", "sports", rng, 20, kind="team", day=day)
        said += prose.sentences("North Phyllistown", "open", rng, 20, kind="topic", day=day)
    spans = [s for s in said if re.search(r"of (?:the last \d+ years|recent years|the decade)|in years\b", s)]
    assert not spans, spans[:3]
    garbled = re.compile(r"dispute double|went within|moved within|\bdamaged (?:on|in|for)\b|looks following")
    assert not [s for s in said if garbled.search(s)]
    assert len(said) == 3200


def test_a_lookalikes_close_is_dated_on_a_trading_day() -> None:
    # g25's reader world: "The official listing reported the closing price of Silent Inc. as USD 89.56 on
    # February 19th, 2024" (Presidents' Day; the audit's closed days).
    subject = Subject("Marova Corporation", "finance", "company")
    fact = Fact(subject, "fin.price", "$3.84", as_of="2024-02-26")
    days_told = {statements.rival_day(fact, f"Lookalike {n} Inc.", dt.date(2024, 3, 1)) for n in range(300)}
    assert len(days_told) >= 8
    assert all(market_days.is_trading_day(dt.date.fromisoformat(d)) for d in days_told), sorted(days_told)
