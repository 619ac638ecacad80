"""Evidence perturbations of `/web/search` (RGB-style): the request fields and the response's summary.

The request fields are mixed into `SearchRequest`; a search that sets none of them is served exactly as
before. The summary says what was served (counts and the effective noise ratio), never which page is which.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from mockapi.wire.base import WireModel

PerturbMode = Literal["normal", "negative_rejection", "counterfactual"]


class PerturbFields(WireModel):
    """Optional perturbation of a known question's results (needs a world with questions.duckdb)."""

    noise_ratio: float | None = Field(None, ge=0.0, le=1.0)
    """RGB noise ratio r: ceil(k·r) answer-free pages, the rest answer-bearing, shuffled with a seed.
    When the question has fewer answer-bearing pages than that, the list gets shorter so r still holds."""
    mode: PerturbMode = "normal"
    """`negative_rejection`: answer-free pages only (the right answer is "i don't know");
    `counterfactual`: answer-bearing pages rewritten to a planted wrong value (noise_ratio defaults to 0)."""
    perturb_seed: int = Field(0, ge=0, le=2**63 - 1)
    """Seed of the page choice and order: the same seed and settings give the same list."""

    def perturbed(self) -> bool:
        """Did the request ask for a perturbation at all?"""
        return self.noise_ratio is not None or self.mode != "normal"


class PerturbationInfo(WireModel):
    """`"perturbation"` next to `"result"` in a perturbed search response."""

    mode: PerturbMode
    """The mode served."""
    noise_ratio: float
    """The ratio asked for (1.0 for negative rejection)."""
    effective_noise_ratio: float | None
    """Answer-free pages / pages served (null when no page was served)."""
    pages: int
    """Pages served."""
    noise_pages: int
    """Answer-free pages among them."""
    rewritten_pages: int
    """Pages whose answer text was rewritten to the planted value (counterfactual only)."""
    seed: int
    """The perturbation seed used."""
