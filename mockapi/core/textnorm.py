"""Name normalisation shared by every search index and every query (contract §2.1)."""

from __future__ import annotations

import re
import string

_DELETE = str.maketrans("_", " ", string.punctuation.replace("_", ""))
_SPACES = re.compile(r"\s+")


def normalize(text: str) -> str:
    """Lower-case, '_' to space, delete ASCII punctuation, collapse whitespace, strip.

    Non-ASCII punctuation and accents are kept, as in the original.
    """
    return _SPACES.sub(" ", text.lower().translate(_DELETE)).strip()


def tokens(text: str) -> list[str]:
    """The whitespace tokens of the normalised text."""
    return normalize(text).split()
