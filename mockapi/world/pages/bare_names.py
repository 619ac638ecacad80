"""A name as prose says it: without its title qualifier ("(singer)", "(disambiguation)") or its security's
listing ("Class A Common Stock"). A leaf: `prose` and `sizes` both read it (sizes must not import prose, which
imports sizes)."""

from __future__ import annotations

import re

_QUALIFIER = re.compile(r" \([^()]*\)$")
# A security's listing after a company's name ("Sterling Inc. Class A Common Stock"): people name the company
LISTING = re.compile(
    r"\s+(?:Class [A-C]\s+)?(?:Common Stock|Common Shares|Ordinary Shares|American Depositary Shares)$"
)


def bare(name: str) -> str:
    """A name without its title qualifier or listing: "Ann Lee (singer)", "Atlas (disambiguation)" are titles
    and URLs' forms; prose says "Ann Lee", and a company's page "Vale Corp." 40 times, not "Vale Corp. Class A
    Ordinary Shares" (g18 reader: a share class named as the company on 12.5 of 100 rank-1 pages)."""
    return LISTING.sub("", _QUALIFIER.sub("", name))
