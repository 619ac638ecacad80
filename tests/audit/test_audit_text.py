"""The audit's text and page measures on handmade inputs: masking, style, sentence answers, dates, anatomy."""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser

from mockapi.audit.anatomy import anatomy, layout_signature
from mockapi.audit.data import AuditQuestion
from mockapi.audit.leaks import premise_rules, wilson_low
from mockapi.audit.text import (
    FUNCTION_WORDS,
    date_styles,
    is_conversational,
    is_sentence_answer,
    page_vocabulary,
    sentences,
    skeleton,
)

VOCAB = FUNCTION_WORDS | {"closing", "price", "shares", "yesterday", "chart", "position", "secret"}


def test_skeleton_masks_entities_numbers_and_dates() -> None:
    a = skeleton("what was the closing price of cochran plc shares yesterday?", VOCAB)
    b = skeleton("what was the closing price of atlas inc. shares yesterday?", VOCAB)
    assert a == b == "what was the closing price of <e> yesterday"  # "shares" sits next to the name
    # a common word glued to a rare one is part of the name ("secret echoes"), one step only
    assert skeleton("what was the chart position of secret echoes on march 12, 2024?", VOCAB) == (
        "what was the chart position of <e> on <d>"
    )
    assert skeleton("how many shares were sold in 2019 for $1.2 million?", VOCAB) == (
        "how many shares were <e> in <y> for <n>"
    )


def test_page_vocabulary_keeps_lowercase_words_of_several_pages() -> None:
    pages = ["The bourse of Acme Corp grew.", "A bourse was seen by Zorblax.", "Acme Corp is big, plinth."]
    vocab = page_vocabulary(pages)
    assert "bourse" in vocab and "acme" not in vocab and "zorblax" not in vocab
    assert "plinth" not in vocab  # one page only
    assert {"tell", "cost", "born"} <= vocab  # everyday English, whatever the pages say


def test_conversational_openers_and_contractions() -> None:
    for q in (
        "can you tell me when the lakers play next?",
        "what's the stock price of aapl?",
        "i'm curious, who directed inception?",
        "do you know who won the masters in 2019?",
        "why didn't the knicks make the playoffs?",
    ):
        assert is_conversational(q), q
    for q in (
        "what is the stock price of aapl?",
        "how many times has rory mcilroy won the masters tournament?",
    ):
        assert not is_conversational(q), q


def test_sentence_answers() -> None:
    assert is_sentence_answer("rory mcilroy has never won the masters tournament.")
    assert is_sentence_answer("carol forman was the first actor to play the role")
    assert not is_sentence_answer("universal pictures")
    assert not is_sentence_answer("the best performer today among dow jones")  # five words, no verb


def test_date_styles() -> None:
    text = "Updated 2024-03-15. On 03/15/2024 and March 15, 2024; also 15 March 2024 and last Friday."
    assert date_styles(text) == {
        "iso (2024-03-15)",
        "numeric m/d/y (03/15/2024)",
        "month d, y (March 15, 2024)",
        "d month y (15 March 2024)",
        "relative (yesterday, last Friday, 3 days ago)",
    }


PAGE = """<!DOCTYPE html><html><head><title>t</title><script>var x = 1;</script></head><body class="nav-open">
<header><nav><a href="/">Home</a><a href="/news">News</a></nav></header>
<div class="content-sidebar-wrap"><main><h1>Acme rises</h1>
<p>Acme Corp shares rose sharply on Friday after the company reported strong results. Analysts expect the
momentum to continue through the rest of the quarter. Short line.</p>
<table><tr><td>Price</td><td>$12.40</td></tr></table></main></div>
<div id="cookie-consent">We use cookies to improve your experience on this site.</div>
<footer><p>Copyright 2024 Acme News. All rights reserved. Terms. Privacy.</p></footer></body></html>"""


def test_anatomy_of_a_page() -> None:
    a = anatomy(PAGE)
    assert a.has_table and a.content_sentences == 2
    # header/nav, cookie banner and footer are chrome; the body and the main-content wrapper are not
    assert (
        "cookies" not in a.content_text and "Copyright" not in a.content_text and "Home" not in a.content_text
    )
    assert "Acme Corp shares rose" in a.content_text
    assert 0.2 < a.chrome_chars / a.visible_chars < 0.6
    assert a.layout == "header(nav)|div(main)|div|footer(p)"
    assert anatomy("").layout == "(empty page)"


def test_layout_signature_collapses_runs() -> None:
    tree = LexborHTMLParser("<body><div><p>a</p><p>b</p></div><div><p>c</p></div><script></script></body>")
    assert layout_signature(tree.body) == "div(p+)|div(p)"


def _q(query: str, qtype: str) -> AuditQuestion:
    return AuditQuestion("id", query, "sports", qtype, "static", "x", [], [], [])


def test_premise_rules_find_a_giveaway_word() -> None:
    qs = [_q(f"how many titles did team {i} win in 2019?", "false_premise") for i in range(10)]
    qs += [_q(f"how many titles did team {i} win?", "simple") for i in range(30)]
    qs += [_q(f"who coached team {i} in 2015?", "simple") for i in range(10)]
    rules = premise_rules(qs)
    assert (rules["bare_year_precision"], rules["bare_year_recall"]) == (0.5, 1.0)
    assert rules["best"] in {"pair:win in", "word:2019"} and rules["best_min_pr"] == 1.0


def test_wilson_lower_bound_discounts_small_support() -> None:
    assert wilson_low(3, 3) < 0.5 < wilson_low(300, 300)
    assert wilson_low(0, 0) == 0.0


def test_sentences_do_not_end_at_an_abbreviation() -> None:
    text = "As of 2024-01-29, First Hull Inc. Common Stock fell. It ran on Feb. 9, 2024.\n"
    text += "The U.S. Army came. Done."
    assert sentences(text) == [
        "As of 2024-01-29, First Hull Inc. Common Stock fell.",
        "It ran on Feb. 9, 2024.",
        "The U.S. Army came.",
        "Done.",
    ]
