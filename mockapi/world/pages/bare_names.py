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


# A security's class after its issuer's name: listings, and securities with no market value of their own
# ("Aurlith Acquisition Corp. II Warrant", "… 6.500% Senior Notes due 2031"), whose issuer's size is theirs
_CLASS = re.compile(
    r"\s+(?:Common|Class [A-Z]|Ordinary|American Depositary|Depositary|Units?|Rights?|Warrants?|Series|"
    r"\d[\d.]*%).*$"
)


def issuer(name: str) -> str:
    """The issuer of security `name`: its name up to the security's class ("Vale Corp." of "Vale Corp.
    Warrant"), as the audit reads a page's company."""
    return _CLASS.sub("", _QUALIFIER.sub("", name)).strip()
