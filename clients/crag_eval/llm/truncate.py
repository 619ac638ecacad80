"""The 75-token answer limit, with an offline regex tokenizer (no vocabulary file, no download).

The original truncates with the Llama-2 SentencePiece tokenizer, whose vocabulary we cannot ship. This
tokenizer is built to count at least as many tokens as Llama-2 does on ordinary English answers, so an answer
that fits here also fits there: every digit is a token (Llama-2 splits numbers into digits), every punctuation
or symbol character is a token, and a run of letters is one token per started 6 letters (Llama-2 splits long
and rare words into pieces; common short words are one piece). The cut keeps the original characters up to the
end of the 75th token, so truncation never rewrites the text it keeps.
"""

from __future__ import annotations

import re

MAX_TOKENS = 75
TOKENIZER_NAME = "crag-eval regex v1 (digit / symbol / 6-letter pieces)"

_TOKEN = re.compile(r"\d|[^\W\d_]{1,6}|[^\w\s]|_")


def token_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) character offsets of each token."""
    return [m.span() for m in _TOKEN.finditer(text)]


def count_tokens(text: str) -> int:
    return len(token_spans(text))


def truncate(text: str, max_tokens: int = MAX_TOKENS) -> str:
    """The text cut after its `max_tokens`-th token, then stripped (as the original strips)."""
    spans = token_spans(text)
    if len(spans) <= max_tokens:
        return text.strip()
    return text[: spans[max_tokens - 1][1]].strip()
