"""The `baseline` keeps the sentences of pages it has read (a page is served to many questions): the same
passages as a fresh read, and a page without text still gives each question its own snippet."""

from __future__ import annotations

from crag_eval.files.records import SearchPage
from crag_eval.models import baseline_pages
from crag_eval.models.baseline_pages import SentenceCache, passages

ARTICLE = (
    "<html><head><title>Golden Parade</title></head><body><nav>Home | Film</nav><main><p>Golden Parade is a "
    "1998 film directed by Maria Lopez. Its budget was $97.0 million. It premiered on May 8, 1998.</p>"
    "</main></body></html>"
)
SCRIPT_ONLY = "<html><body><script>var x = 1;</script></body></html>"


def _page(html: str, snippet: str, name: str = "Golden Parade") -> SearchPage:
    return {
        "page_name": name,
        "page_url": "https://example.com/a",
        "page_snippet": snippet,
        "page_result": html,
    }


def test_a_page_read_again_gives_the_passages_of_a_fresh_read() -> None:
    baseline_pages._SENTENCES = SentenceCache()
    first = passages([_page(ARTICLE, "one"), _page(SCRIPT_ONLY, "Silver Canyon opened in 2001.")])
    again = passages([_page(ARTICLE, "two"), _page(SCRIPT_ONLY, "Silver Canyon opened in 2001.")])
    assert again == first
    assert len(baseline_pages._SENTENCES.kept) == 2  # read once each
    assert any("Maria Lopez" in p.text for p in first)


def test_a_page_without_text_gives_each_question_its_own_snippet() -> None:
    baseline_pages._SENTENCES = SentenceCache()
    one = passages([_page(SCRIPT_ONLY, "Silver Canyon opened in 2001.")])
    two = passages([_page(SCRIPT_ONLY, "Velvet Anthem closed in 2010.")])
    assert [p.text for p in one] == ["Silver Canyon opened in 2001."]
    assert [p.text for p in two] == ["Velvet Anthem closed in 2010."]


def test_the_cache_keeps_no_more_than_its_budget() -> None:
    cache = SentenceCache(budget=100)
    for n in range(20):
        cache.of(f"<html><body><p>Page {n} says that the film earned {n} million dollars.</p></body></html>")
    assert cache.size <= 100
    assert 0 < len(cache.kept) < 20
