"""Stock prose, redundancy, structure, contradiction and plausibility scans on handmade pages (and a copy of
the tiny world's KG with one impossible founder planted)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import duckdb

from mockapi.audit import consistency, plausible, sources, stock, structure
from mockapi.audit.anatomy import Anatomy, anatomy
from mockapi.audit.data import AuditQuestion, Corpus, Result
from mockapi.audit.rules import EXAMPLES
from mockapi.formats.manifest import Manifest

_WORD_TEXT = """amber basin cedar delta ember fjord grove harbor island jasper kettle lumen meadow nectar
orchard pebble quarry ridge summit thicket upland valley willow yonder zephyr copper marble"""
WORDS = _WORD_TEXT.split()


def _sentence(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(9)).capitalize() + "."


def _page(body: str) -> str:
    return (
        f"<html><body><nav>Home News Sports</nav><main>{body}</main><footer>About us</footer></body></html>"
    )


def _corpus(pages_per_question: list[list[str]], answer: str = "Zorblax Prime") -> Corpus:
    html: dict[str, str] = {}
    questions = []
    for i, bodies in enumerate(pages_per_question):
        results = []
        for j, body in enumerate(bodies):
            pid = f"q{i}p{j}"
            html[pid] = body
            results.append(Result(j + 1, pid, f"https://site{j}.example/{i}", f"page {j}", "", len(body)))
        q = AuditQuestion(f"q{i}", "who?", "open", "simple", "static", answer, [], [], results, {f"q{i}p0"})
        questions.append(q)
    return Corpus("real", questions, Manifest(), None, html)


def test_stock_share_counts_sentences_holding_a_phrase_shared_across_questions() -> None:
    rng = random.Random(0)
    stock_line = "According to people familiar with the matter the plan moved ahead."
    pages = []
    for i in range(20):
        bodies = []
        for j in range(5):
            sents = [_sentence(rng) for _ in range(3)] + ([stock_line] if i % 2 == 0 and j == 0 else [])
            bodies.append(_page("<p>" + " ".join(sents) + "</p>"))
        pages.append(bodies)
    corpus = _corpus(pages)
    figure = stock.stock_figures(corpus, corpus.questions, random.Random(0))
    assert figure["min_questions"] == 2 and figure["pages"] == 100
    # 10 stock sentences among 300 random ones + 10
    assert figure["stock_sentences"] == 10 and figure["stock_share"] == round(10 / 310, 3)
    assert "according to people familiar with" in figure["top"]
    # the same phrase in the navigation (chrome) is not prose
    chrome = [[b.replace("<nav>Home", "<nav>" + stock_line) for b in qs] for qs in pages]
    assert (
        stock.stock_figures(_corpus(chrome), _corpus(chrome).questions, random.Random(0))["stock_sentences"]
        == 10
    )


def test_redundancy_counts_task1_pages_stating_the_answer() -> None:
    says = _page("<p>The founder was Zorblax Prime, they said.</p>")
    other = _page("<p>The founder was Zorblaxian, they said.</p>")  # a longer word is not the answer
    corpus = _corpus([[says, says, other, other, other, says], [says] + [other] * 4])
    figure = sources.redundancy(corpus, corpus.questions)
    assert figure["served_pages"] == 10 and figure["stating_pages"] == 3
    assert figure["task1_count_histogram"] == {"0": 0, "1": 1, "2": 1, "3": 0, "4": 0, "5": 0}
    assert sources.short_answers(corpus.questions[0]) == ["zorblax prime"]
    yes = AuditQuestion("y", "is it?", "open", "comparison", "static", "yes", ["en"], [], [])
    assert sources.short_answers(yes) == []


def test_structure_counts_distinct_body_children_in_windows() -> None:
    tags = ["div", "section", "article", "header", "main", "aside", "table", "ul", "form", "p"]
    shapes = [[tags[(i * 5 + j) % 10] for j in range(5)] for i in range(10)]
    pages = [[f"<html><body><{t}>x</{t}></body></html>" for t in row] for row in shapes]
    corpus = _corpus(pages)
    figure = structure.structure_figures(corpus, corpus.questions, random.Random(0))
    assert figure["min_in_40"] == 10 and figure["max_share"] == 0.1
    assert structure.top_structure("<html><body><script></script><div></div><p></p></body></html>") == "div p"
    assert structure.top_structure("") == "(empty page)"


def _gold(*bodies: str, answer: str = "Courtney Williams") -> tuple[list[AuditQuestion], dict[str, Anatomy]]:
    corpus = _corpus([[_page(b) for b in bodies]], answer=answer)
    q = corpus.questions[0]
    q.gold = {r.page_id for r in q.results}
    html = corpus.html(sorted(q.gold))
    return [q], {pid: anatomy(h) for pid, h in html.items()}


def test_contradiction_scan_finds_an_undated_rival_value() -> None:
    states = "<p>The team's head coach is Courtney Williams, the club said.</p>"
    rival = "<p>The team's head coach is Donna Santos, the club said.</p>"
    dated = "<p>In 2019 the team's head coach is Donna Santos, the club said.</p>"
    listed = "<p>Coaches of the team include Donna Santos and Courtney Williams, the club said.</p>"
    assert consistency.contradiction_scan(*_gold(states, rival))["conflicting_pages"] == 1
    assert consistency.contradiction_scan(*_gold(states + rival))["conflicting_pages"] == 1
    assert consistency.contradiction_scan(*_gold(states, dated))["conflicting_pages"] == 0
    assert consistency.contradiction_scan(*_gold(states, listed, states))["conflicting_pages"] == 0


def test_one_number_written_two_ways_is_no_contradiction() -> None:
    # the default world's scan flagged "Burns Industries (BUR) 243.76 dollars" beside the needed "$243.76"
    states = "<p>The company's earnings per share stood at $243.76 last year, the filing said.</p>"
    same = "<p>The company's earnings per share stood at 243.76 last year, the filing said.</p>"
    rival = "<p>The company's earnings per share stood at $251.10 last year, the filing said.</p>"
    assert consistency.contradiction_scan(*_gold(states, same, answer="$243.76"))["conflicting_pages"] == 0
    assert consistency.contradiction_scan(*_gold(states, rival, answer="$243.76"))["conflicting_pages"] == 1


def test_a_dated_lookalike_after_an_abbreviation_is_no_contradiction() -> None:
    # the default world's scan split "First Hull Inc. Common Stock reported …" after "Inc.": the half left
    # lost both its date and whom it is about, and read as a rival of the answer page's "$1.84"
    states = "<p>Hull Inc. Common Shares reported earnings per share of $1.84.</p>"
    lookalike = (
        "<p>As of 2024-01-29, First Hull Inc. Common Stock reported earnings per share of 227.02 dollars.</p>"
    )
    undated = "<p>Hull Inc. Common Shares reported earnings per share of 227.02 dollars.</p>"
    assert consistency.contradiction_scan(*_gold(states, lookalike, answer="$1.84"))["conflicting_pages"] == 0
    assert consistency.contradiction_scan(*_gold(states, undated, answer="$1.84"))["conflicting_pages"] == 1


def test_monotone_totals_flag_a_shrinking_running_total() -> None:
    rise = "<p>As of 2020 she had won 5 Grammy awards.</p><p>As of 2023 she had won 8 Grammy awards.</p>"
    fall = "<p>As of 2020 she had won 20 Grammy awards.</p><p>As of 2023 she had won 5 Grammy awards.</p>"
    season = "<p>The club won 3 titles in 2020.</p><p>The club won 1 titles in 2023.</p>"  # not a total
    checked = plausible.monotone_totals({"a": anatomy(_page(rise)), "b": anatomy(_page(season))})
    assert checked["violations"] == 0 and checked["checked"] == 1
    assert plausible.monotone_totals({"c": anatomy(_page(fall))})["violations"] == 1
    two = (
        "<p>As of 2020 Ann Lee had won 20 Grammy awards.</p><p>As of 2023 Bo Kim had won 5 Grammy awards.</p>"
    )
    assert plausible.monotone_totals({"d": anatomy(_page(two))})["violations"] == 0  # two people's totals


def test_kg_rules_catch_a_planted_founder_born_after_the_founding(tiny_world: Path, tmp_path: Path) -> None:
    shutil.copy(tiny_world / "kg.duckdb", tmp_path / "kg.duckdb")
    before = plausible.kg_rules(tmp_path)
    assert before["born before founding"]["checked"] > 0 and before["alive when acting"]["checked"] > 0
    con = duckdb.connect(str(tmp_path / "kg.duckdb"))
    con.execute(
        "INSERT INTO entities VALUES ('open:organization:zz', 'open', 'organization', 'Zz College', "
        "'tail', false, NULL), ('open:person:zz', 'open', 'person', 'Zz Founder', 'tail', false, NULL)"
    )
    con.execute("INSERT INTO kg_edges VALUES ('open:organization:zz', 'founded_by', 'open:person:zz')")
    con.execute("""INSERT INTO open_entities VALUES (999999, 'Zz College', '', '{"founded": "1950"}', ''),
                   (1000000, 'Zz Founder', '', '{"birth_date": "{{birth date|2016|1|1}}"}', '')""")
    con.close()
    after = plausible.kg_rules(tmp_path)
    assert after["born before founding"]["violations"] == before["born before founding"]["violations"] + 1
    assert "Zz College founded 1950 by Zz Founder (2016-)" in after["born before founding"]["examples"] or (
        before["born before founding"]["violations"] >= EXAMPLES
    )


def test_the_tiny_worlds_kg_is_plausible(tiny_world: Path) -> None:
    # founders are adults and alive when they found, companies are listed after they are founded (the
    # generator drew each year on its own: 805 of 1,442 founder pairs and 554 of 3,365 listings failed)
    rules = plausible.kg_rules(tiny_world)
    for rule in ("born before founding", "alive when founding", "founded before listed", "alive when acting"):
        assert rules[rule]["checked"] > 0 and rules[rule]["violations"] == 0, (rule, rules[rule])
