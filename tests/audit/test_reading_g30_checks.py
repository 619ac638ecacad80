"""The audit's misreadings met on generator 30's trial world (`/work/scratch/world31/w_trial`, issue 31): each
line failed there on a sentence or a question that a reader reads otherwise. Real stores (a pages.duckdb read
through `Corpus`, a KG and a questions store where the rule reads them); each test fails on main `882e21c`.
"""

from __future__ import annotations

import json
from pathlib import Path

import duckdb

from mockapi.audit import asked, everyday, golds, results, tells
from mockapi.audit.data import AuditQuestion, Corpus, Result
from mockapi.formats.manifest import Manifest


def _q(qid: str, query: str, answer: str = "x", results_: list[Result] | None = None) -> AuditQuestion:
    return AuditQuestion(
        qid, query, "music", "simple", "static", answer, [], [], results_ or [], set(), "", "web"
    )


def test_an_everyday_price_is_the_things_own_amount(tmp_path: Path) -> None:
    texts = [
        "New Stephanie | Wander Guide\n"
        # the town's new prose: a grant after "; meanwhile," is no bus fare, "entryway" no museum ticket
        "Councillors in New Stephanie shelved lower bus fares; meanwhile, a trust in Leeds approved $455,000 "
        "towards repairs to the ring road in New Stephanie.\n"
        "Port Johnburgh Museum of Art closed its north entryway last fall; meanwhile, alumni approved "
        "$155,000 towards scholarships at Port Johnburgh.\n"
        "A bus ticket in New Stephanie costs €2.10. A bus fare in the town now runs about $45.\n"
        "Admission to the city museum is $250.",
    ]
    with duckdb.connect(str(tmp_path / "pages.duckdb")) as con:
        con.execute("CREATE TABLE pages (page_id VARCHAR, text VARCHAR)")
        con.executemany("INSERT INTO pages VALUES (?, ?)", [(f"p{i}", t) for i, t in enumerate(texts)])
    corpus = Corpus("world", [], Manifest(), tmp_path)
    q = _q("q0", "what is the population of new stephanie?", results_=[Result(1, "p0", "u", "n", "", 1)])
    scan = everyday.EverydayScan()
    for read in results.read_results(corpus, [q]):
        scan.add(read)
    prices = scan.result()["rules"][everyday.RULES[0]]
    assert (prices["checked"], prices["violations"]) == (3, 2), prices
    assert prices["examples"] == [
        "a bus ticket at 45: A bus fare in the town now runs about $45.",
        "a museum day ticket at 250: Admission to the city museum is $250.",
    ]


def test_a_top_k_with_an_ampersand_is_no_sets_size() -> None:
    qs = [
        _q("q0", "so what are the four r&b artists with the most studio albums?"),  # g30 trial's
        _q("q1", "which of the four r&b artists of the coastal league has the most albums?"),
        _q("q2", "what are the five basketball teams in the harbor division with the most wins?"),  # g44's
        _q("q3", "what are the two insurance companies with the largset market cap?"),  # g44h's typo
    ]
    sizes = tells.TellScan(qs, None).result()[tells.SIZES]
    assert (sizes["checked"], sizes["violations"]) == (4, 1), sizes
    assert sizes["examples"][0].startswith("'of the four r': which of the four r&b artists")


def test_web_subjects_holding_a_kg_name_are_their_own(tmp_path: Path) -> None:
    """Two web bands, "iron empire" and "the silent empire" (g30), and two web films, "secret kingdom" and
    "secret circuit" (g28), hold a KG name ("Empire", "Secret"): each is its own subject, not the KG's."""
    with duckdb.connect(str(tmp_path / "kg.duckdb")) as con:
        con.execute("CREATE TABLE entities (name VARCHAR, kind VARCHAR)")
        con.executemany(
            "INSERT INTO entities VALUES (?, ?)",
            [("Empire", "band"), ("Empire", "movie"), ("Secret", "movie"), ("Kingdom", "movie")],
        )
    rows = [
        ("q0", "how many members are there for iron empire?", "mu.members", "4"),  # the g30 pair
        ("q1", "would you know how many members did the silent empire have in the end?", "mu.members", "4"),
        ("q2", "how many members does empire have?", "mu.members", "4"),  # the KG band, asked twice
        ("q3", "so how many members does the band empire have?", "mu.members", "4"),
        (
            "q4",
            "how many oscar wins has secret kingdom by victor mccoy got?",
            "mv.oscars",
            "1",
        ),  # the g28 pair
        ("q5", "how many oscar wins does secret circuit with robert andrade have", "mv.oscars", "1"),
    ]
    with duckdb.connect(str(tmp_path / "questions.duckdb")) as con:
        con.execute("CREATE TABLE questions (interaction_id VARCHAR, fact_kinds VARCHAR)")
        con.executemany("INSERT INTO questions VALUES (?, ?)", [(r[0], json.dumps([r[2]])) for r in rows])
    rule = asked.repeat_scan([_q(qid, query, answer) for qid, query, _, answer in rows], tmp_path)
    assert (rule["checked"], rule["violations"]) == (6, 1), rule
    assert rule["examples"] == [
        "how many members does empire have? / so how many members does the band empire have? -> 4"
    ]


def test_a_count_asked_with_a_typo_is_a_count(tiny_world: Path) -> None:
    """g30's "find the nubmer of cast members of the leon chinnici film hollow rocket" (gold 6, the KG's film
    6): the typo hid "number of", and the gold "6" was read as a list of one name."""
    with duckdb.connect(str(tiny_world / "kg.duckdb"), read_only=True) as con:
        rows = con.execute("SELECT title, doc FROM movie_movies ORDER BY key").fetchall()
    titles = [t.lower() for t, _ in rows]
    title, n = next(
        (t, len(json.loads(d)["cast"]))
        for t, d in rows
        if titles.count(t.lower()) == 1 and not {"the", "is", "are"} & set(t.lower().split())
    )
    low = title.lower()
    asks = f"find the nubmer of cast members of the film {low}"
    qs = [
        AuditQuestion("q0", asks, "movie", "simple", "static", str(n), [], [], [], set(), "", "kg"),
        AuditQuestion("q1", asks, "movie", "simple", "static", str(n + 1), [], [], [], set(), "", "kg"),
    ]  # fmt: skip
    rule = golds.list_scan(qs, tiny_world)["rules"][golds.LISTS]
    assert (rule["checked"], rule["violations"]) == (2, 1), rule
    assert rule["examples"][0].startswith(f"{n + 1} against the KG's {n}")


def test_a_shot_as_a_noun_is_no_live_shoot() -> None:
    """ "Film students in Montréal commended the closing shot in Escape from Ashwick." (an animated film, the
    g44 draft's one case) praises a shot; "Escape from Ashwick was shot in Montréal" narrates a shoot."""
    from mockapi.audit.animated import _SHOOT

    praise = "Film students in Montréal commended the closing shot in Escape from Ashwick."
    assert _SHOOT.search(praise) is None
    assert _SHOOT.search("Escape from Ashwick was shot in Montréal.") is not None
    assert _SHOOT.search("Key scenes were shot on a back lot in 1998.") is not None


def test_a_ticker_names_its_company_in_a_comparison(tmp_path: Path) -> None:
    """g44i's "which one's eps is higher, copperline corporation or simm?" and "out of copperline corporation
    and meri, wihch one has the larger eps?" (both "copperline corporation") compare two other pairs. And a
    film's question names no stock: g44k's "what's the pale wilderness' number of oscar wins?" and "... the
    kenneth morrison film the pale waves" (both 1) read as one fact of the ticker PALE's company."""
    companies = [
        ("COPL", "Copperline Corporation Common Stock"),
        ("SIMM", "Simmons Holdings Inc. Common Stock"),
        ("MERI", "Meridia Group Ltd. Ordinary Shares"),
        ("PALE", "Pale Energy Inc. Common Stock"),
    ]
    with duckdb.connect(str(tmp_path / "kg.duckdb")) as con:
        con.execute("CREATE TABLE entities (name VARCHAR, kind VARCHAR)")
        con.executemany("INSERT INTO entities VALUES (?, 'company')", [(n,) for _, n in companies])
        con.execute("CREATE TABLE fin_companies (ord INTEGER, symbol VARCHAR, name VARCHAR)")
        listed = [(i, *c) for i, c in enumerate(companies)]
        con.executemany("INSERT INTO fin_companies VALUES (?, ?, ?)", listed)
    rows = [
        ("q0", "which one's eps is higher, copperline corporation or simm?", "fin.eps"),
        ("q1", "out of copperline corporation and meri, wihch one has the larger eps?", "fin.eps"),
        ("q2", "which has the higher eps, simm or copperline corporation?", "fin.eps"),  # q0's pair again
        ("f0", "quick one, what's the pale wilderness' number of oscar wins?", "mv.oscars"),
        ("f1", "i need the number of oscar wins for the kenneth morrison film the pale waves", "mv.oscars"),
    ]
    with duckdb.connect(str(tmp_path / "questions.duckdb")) as con:
        con.execute("CREATE TABLE questions (interaction_id VARCHAR, fact_kinds VARCHAR)")
        con.executemany("INSERT INTO questions VALUES (?, ?)", [(qid, f'["{k}"]') for qid, _, k in rows])
    gold = {"fin.eps": "copperline corporation", "mv.oscars": "1"}
    rule = asked.repeat_scan([_q(qid, query, gold[k]) for qid, query, k in rows], tmp_path)
    assert (rule["checked"], rule["violations"]) == (5, 1), rule
    assert rule["examples"][0].startswith("which one's eps is higher, copperline corporation or simm? / wh")
