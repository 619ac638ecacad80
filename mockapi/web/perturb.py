"""RGB-style evidence perturbations of a known question's results: noise ratio, negative rejection and
counterfactual pages (Chen et al., AAAI 2024; `../shared/reference/rag-eval-methods.md` §1).

- noise ratio r over k pages: ceil(k·r) answer-free pages, k − ceil(k·r) answer-bearing ones, shuffled.
  A synthetic question has 1–3 answer-bearing pages among its 50, so at Task 3's k = 50 the answer-bearing
  side runs short; rather than topping up with noise (RGB's rule, which would push every ratio towards 0.95),
  the noise side shrinks to keep the ratio: 3 answer pages at r = 0.4 give 2 noise pages, at r = 0.8 give
  12 (the nearest count). The response reports what was served, so the effective ratio is always known.
- negative rejection: answer-free pages only (up to k).
- counterfactual: as the noise ratio (default 0), with the answer text of the answer-bearing pages rewritten
  to the question's stored wrong value (title, snippet, HTML text and JSON data scripts, where app shells keep
  their text; never inside tags, other scripts or styles).
Seeded by (perturb_seed, interaction id, mode, ratio) through SHA-256, so lists are stable across processes.
"""

from __future__ import annotations

import hashlib
import html
import json
import math
import random
import re
import string
from collections.abc import Sequence
from typing import TypedDict, TypeVar

from mockapi.web.evidence import EvidenceLabels, Labels, phrase_pattern
from mockapi.web.html_store import Entry
from mockapi.web.page_store import Frozen, WebStore
from mockapi.web.taskview import VIEW_PAGES
from mockapi.wire.errors import ApiError
from mockapi.wire.perturb import PerturbMode
from mockapi.wire.web import SearchRequest

T = TypeVar("T")
_TAGS = re.compile(r"(<[^>]*>)")
_RAW_TEXT = re.compile(r"(<(script|style)\b.*?</\2\s*>)", re.IGNORECASE | re.DOTALL)
_STRONG = re.compile(r"</?strong>")
_JSON_SCRIPT = re.compile(
    r"(<script\b[^>]*\btype=[\"']?application/(?:ld\+)?json[\"']?[^>]*>)(.*)(</script\s*>)\Z",
    re.IGNORECASE | re.DOTALL,
)


def _ceil(x: float) -> int:
    return math.ceil(round(x, 9))  # 50 × 0.4 must be 20, not 21


def mix(
    answer: Sequence[T], noise: Sequence[T], k: int, ratio: float, rng: random.Random
) -> tuple[list[T], int]:
    """Answer-bearing and answer-free items for `ratio` over `k`, shuffled; returns (items, noise count)."""
    n_noise = _ceil(k * ratio)
    n_answer = min(len(answer), k - n_noise)
    if 0 < n_answer < k - n_noise and ratio < 1:
        # keep the ratio (nearest count), shorten the list
        n_noise = min(n_noise, math.floor(round(n_answer * ratio / (1 - ratio), 9) + 0.5))
    n_noise = min(n_noise, len(noise))
    picked = rng.sample(list(answer), n_answer) + rng.sample(list(noise), n_noise)
    rng.shuffle(picked)
    return picked, n_noise


def rng_for(seed: int, interaction_id: str, mode: str, ratio: float) -> random.Random:
    digest = hashlib.sha256(f"{seed}\x00{interaction_id}\x00{mode}\x00{ratio!r}".encode()).digest()
    return random.Random(digest)


class Rewriter:
    """Replaces the answer text with the planted wrong value, matching the case style of each occurrence."""

    def __init__(self, labels: Labels) -> None:
        assert labels.wrong_value is not None
        self.wrong = labels.wrong_value
        phrases = set(labels.rewrite_phrases())
        escaped = {html.escape(p, quote=False) for p in phrases}
        self.patterns = [phrase_pattern(p) for p in sorted(phrases | escaped, key=len, reverse=True)]

    def _cased(self, match: re.Match[str]) -> str:
        found = match.group()
        if found.isupper() and len(found) > 1:
            return self.wrong.upper()
        if found[:1].isupper():
            return string.capwords(self.wrong) if self.wrong.islower() else self.wrong
        return self.wrong

    def text(self, text: str) -> tuple[str, int]:
        count = 0
        for pattern in self.patterns:
            text, n = pattern.subn(self._cased, text)
            count += n
        return text, count

    def json_text(self, text: str) -> tuple[str, int]:
        """Rewrite inside a JSON document (an app shell's data script): the value JSON-escaped."""
        count = 0
        for pattern in self.patterns:
            text, n = pattern.subn(lambda m: json.dumps(self._cased(m))[1:-1], text)
            count += n
        return text, count

    def markup(self, markup: str) -> tuple[str, int]:
        """Rewrite text between tags and inside JSON data scripts (an app shell's text); other script and
        style bodies are left alone."""
        out, count = [], 0
        pieces = _RAW_TEXT.split(markup)
        i = 0
        while i < len(pieces):
            piece = pieces[i]
            if i % 3 == 1:  # a whole <script>/<style> element (and its captured tag name next)
                data = _JSON_SCRIPT.match(piece)
                if data:
                    body, n = self.json_text(data.group(2))
                    piece, count = data.group(1) + body + data.group(3), count + n
                out.append(piece)
                i += 2
                continue
            for part in _TAGS.split(piece):
                if part.startswith("<"):
                    out.append(part)
                else:
                    new, n = self.text(part)
                    out.append(new)
                    count += n
            i += 1
        return "".join(out), count

    def entry(self, item: Entry) -> bool:
        """Rewrite one result entry in place; True when anything changed."""
        name, a = self.text(item["page_name"])
        snippet, b = self.text(_STRONG.sub("", item["page_snippet"]))
        html = item["page_result"]
        page, c = self.markup(html) if html else (html, 0)
        if b:
            item["page_snippet"] = snippet
        item["page_name"], item["page_result"] = name, page
        return a + b + c > 0


class PerturbationSummary(TypedDict):
    """`mockapi.wire.perturb.PerturbationInfo` as the dict the route encodes."""

    mode: PerturbMode
    noise_ratio: float
    effective_noise_ratio: float | None
    pages: int
    noise_pages: int
    rewritten_pages: int
    seed: int


class PerturbedSearch(TypedDict):
    result: list[Entry]
    perturbation: PerturbationSummary


def perturbed_search(
    evidence: EvidenceLabels | None, store: WebStore, body: SearchRequest, task: int | None
) -> PerturbedSearch:
    """The `{"result", "perturbation"}` body of a perturbed search (see the module docstring); `evidence`:
    the world's labels (None: a world without questions.duckdb)."""
    if evidence is None:
        raise ApiError(
            422,
            "invalid_value",
            "perturbations need a world with questions (questions.duckdb)",
            ["body", "mode"],
        )
    qid = body.interaction_id or (store.interaction_for_query(body.query) if body.query else None)
    if qid is None:
        raise ApiError(
            422,
            "invalid_value",
            "perturbations apply to known questions: give an interaction_id or the exact question text",
            ["body", "interaction_id"],
        )
    mode = body.mode
    ratio = 1.0 if mode == "negative_rejection" else (body.noise_ratio or 0.0)
    k = min(body.k, VIEW_PAGES) if task in (1, 2) else body.k
    split = evidence.split(qid, tuple(store.frozen(qid)))
    picked: list[Frozen] = []
    n_noise = 0
    if split is not None:
        answer = () if mode == "negative_rejection" else split.answer_pages
        picked, n_noise = mix(
            answer, split.noise_pages, k, ratio, rng_for(body.perturb_seed, qid, mode, ratio)
        )
    entries = store.entries(picked, body.include_html)
    rewritten = 0
    if mode == "counterfactual" and split is not None and split.labels.wrong_value:
        rewriter = Rewriter(split.labels)
        answer_ids = {f.page_id for f in split.answer_pages}
        for page, item in zip(picked, entries, strict=True):
            if page.page_id in answer_ids:
                rewriter.entry(item)
                # counted from the stored text, so the count does not depend on include_html
                rewritten += page.page_id in split.rewritable
    for rank, item in enumerate(entries, start=1):
        item["rank"] = rank  # the served order (the shuffle), not the frozen rank
    info: PerturbationSummary = {
        "mode": mode,
        "noise_ratio": ratio,
        "effective_noise_ratio": round(n_noise / len(picked), 4) if picked else None,
        "pages": len(picked),
        "noise_pages": n_noise,
        "rewritten_pages": rewritten,
        "seed": body.perturb_seed,
    }
    return {"result": entries, "perturbation": info}
