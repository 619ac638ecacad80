"""Chunking of page text, by sentences or by characters with overlap; every chunk keeps its page and its
character offset, so `text[chunk.start:chunk.end] == chunk.text` always holds."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ._pagetext import page_text

__all__ = ["Chunk", "chunk_pages", "chunk_text", "split_sentences"]

# A sentence ends at a line break, or at . ! ? … (plus closing quotes/brackets) before whitespace.
_BOUNDARY = re.compile(r"\n+|[.!?…]+[\"'”’)\]]*(?=\s)")
_ABBREVIATIONS = frozenset(
    [
        "mr",
        "mrs",
        "ms",
        "dr",
        "prof",
        "sr",
        "jr",
        "st",
        "vs",
        "etc",
        "inc",
        "ltd",
        "co",
        "corp",
        "no",
        "fig",
        "e.g",
        "i.e",
        "u.s",
        "u.k",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
        "approx",
        "dept",
        "est",
    ]
)


@dataclass(frozen=True)
class Chunk:
    """A piece of one page's text."""

    text: str
    start: int
    """Offset of the first character in the page text."""
    end: int
    """Offset just past the last character (`page_text[start:end] == text`)."""
    page_index: int | None = None
    """Position of the page in the list it came from (e.g. its search rank - 1)."""
    page_url: str | None = None


def split_sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) spans of the sentences of `text`, surrounding whitespace excluded.

    Line breaks always end a sentence; a full stop after a known abbreviation or a single initial does not.
    """
    # the hot loop of the `baseline` (every sentence of 50 pages a question): a boundary's first character
    # read once, each span trimmed by str.strip (the same whitespace as str.isspace) instead of a loop
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _BOUNDARY.finditer(text):
        at = match.start()
        first = text[at]
        if first == "\n":
            end = at
        else:
            end = match.end()
            if first == "." and not _ends_sentence(text, at, end):
                continue
        _add_span(text, start, end, spans)
        start = match.end()
    _add_span(text, start, len(text), spans)
    return spans


def _ends_sentence(text: str, dot: int, after: int) -> bool:
    """Whether the full stop at `dot` ends a sentence: not after an abbreviation ("Dr.", "e.g.", "U.S.")
    or an initial, and followed by something that can start a sentence (not a lower-case word)."""
    words = text[max(0, dot - 20) : dot].rsplit(None, 1)
    token = (words[-1] if words else "").lower().lstrip("(\"'")
    if token in _ABBREVIATIONS or (len(token) == 1 and token.isalpha()) or ("." in token and len(token) <= 5):
        return False
    rest = text[after : after + 3].lstrip()
    return not rest or not rest[0].islower()


def _add_span(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> None:
    piece = text[start:end].lstrip()
    if piece:
        start = end - len(piece)
        spans.append((start, start + len(piece.rstrip())))


def chunk_text(
    text: str,
    *,
    by: Literal["sentence", "char"] = "sentence",
    size: int = 1000,
    overlap: int | None = None,
    page_index: int | None = None,
    page_url: str | None = None,
) -> list[Chunk]:
    """Cut `text` into chunks of at most `size` characters.

    `by="sentence"`: whole consecutive sentences per chunk (a sentence longer than `size` is cut by
    characters); `overlap` (default 0) repeats up to that many characters of whole trailing sentences at the
    start of the next chunk. `by="char"`: windows of `size` characters ending at whitespace where possible,
    each starting `overlap` (default size // 10) characters before the previous one ended.
    """
    if size < 1:
        raise ValueError("size must be at least 1")
    if by == "char":
        spans = _char_spans(text, 0, len(text), size, size // 10 if overlap is None else overlap)
    elif by == "sentence":
        spans = _sentence_spans(text, size, overlap or 0)
    else:
        raise ValueError(f"by must be 'sentence' or 'char', not {by!r}")
    return [Chunk(text[s:e], s, e, page_index, page_url) for s, e in spans]


def _char_spans(text: str, lo: int, hi: int, size: int, overlap: int) -> list[tuple[int, int]]:
    if not 0 <= overlap < size:
        raise ValueError("overlap must be at least 0 and smaller than size")
    spans: list[tuple[int, int]] = []
    start = lo
    while start < hi:
        end = min(start + size, hi)
        if end < hi:
            cut = text.rfind(" ", start + size // 2, end + 1)
            end = cut if cut > start else end
        _add_span(text, start, end, spans)
        if end >= hi:
            break
        next_start = max(end - overlap, start + 1)
        if overlap and next_start > start:
            space = text.find(" ", next_start, end)
            next_start = space + 1 if 0 <= space < end else next_start
        start = next_start
    return spans


def _sentence_spans(text: str, size: int, overlap: int) -> list[tuple[int, int]]:
    pieces: list[tuple[int, int]] = []
    for s, e in split_sentences(text):
        pieces.extend(_char_spans(text, s, e, size, 0) if e - s > size else [(s, e)])
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(pieces):
        j = i + 1
        while j < len(pieces) and pieces[j][1] - pieces[i][0] <= size:
            j += 1
        spans.append((pieces[i][0], pieces[j - 1][1]))
        if j >= len(pieces):
            break
        back = j
        while back - 1 > i and pieces[j - 1][1] - pieces[back - 1][0] <= overlap:
            back -= 1
        i = back
    return spans


def _field(page: Any, name: str) -> Any:
    return page.get(name) if isinstance(page, Mapping) else getattr(page, name, None)


def chunk_pages(
    pages: Iterable[Any],
    *,
    main_content: bool = False,
    by: Literal["sentence", "char"] = "sentence",
    size: int = 1000,
    overlap: int | None = None,
) -> list[Chunk]:
    """Chunks of every page of a search result list (dicts or models with `page_result` and `page_url`, or
    plain HTML strings), each tagged with its page's index and URL."""
    chunks: list[Chunk] = []
    for index, page in enumerate(pages):
        html = page if isinstance(page, str) else _field(page, "page_result")
        url = None if isinstance(page, str) else _field(page, "page_url")
        text = page_text(html, main_content=main_content)
        chunks.extend(chunk_text(text, by=by, size=size, overlap=overlap, page_index=index, page_url=url))
    return chunks
