"""Filler prose for pages: on-topic sentences about a subject that state no question's answer."""

from __future__ import annotations

import random

_COMMON = [
    "{s} has been the subject of growing attention over the past few months.",
    "Readers have been asking about {s}, so we gathered what is known so far.",
    "Here is everything you need to know about {s}, updated regularly.",
    "Opinions on {s} remain divided, and the debate shows no sign of slowing down.",
    "We will keep this page updated as more information about {s} becomes available.",
    "Several sources have weighed in on {s}, with mixed conclusions.",
    "This overview of {s} covers the background, key details and what comes next.",
]
_DOMAIN = {
    "finance": [
        "Analysts at several brokerages revised their outlook on {s} this quarter.",
        "Shares of {s} have been volatile as investors digest the latest guidance.",
        "{s} is covered by {n} analysts, most of whom rate the stock a hold.",
        "Institutional ownership of {s} has shifted as funds rebalance their portfolios.",
        "The company behind {s} will report results again next quarter.",
    ],
    "sports": [
        "{s} have had an up-and-down stretch, with injuries forcing lineup changes.",
        "Fans of {s} packed the stands again, with attendance above {n} thousand.",
        "The coaching staff of {s} emphasized defense in practice this week.",
        "{s} face a demanding schedule over the coming weeks.",
        "Trade rumors involving {s} continue to circulate ahead of the deadline.",
    ],
    "music": [
        "{s} has been touring extensively, with {n} dates announced so far.",
        "Critics have praised the production on recent work by {s}.",
        "Streams of {s} picked up after a viral clip circulated online.",
        "{s} discussed songwriting and influences in a recent interview.",
        "Fans have speculated about new material from {s} for months.",
    ],
    "movie": [
        "{s} drew strong word of mouth after early screenings.",
        "The cast of {s} spoke about the production at a recent press event.",
        "Critics were divided on {s}, though audiences responded warmly.",
        "{s} is now available to stream on several platforms.",
        "Behind the scenes, {s} went through {n} script revisions.",
    ],
    "open": [
        "{s} attracts visitors from around the world throughout the year.",
        "The history of {s} stretches back several generations.",
        "Local guides recommend visiting {s} early in the morning.",
        "{s} has been featured in {n} documentaries and travel guides.",
        "Researchers continue to study {s} and its surroundings.",
    ],
}
_OFF = [
    "Here are the best budget travel tips we have collected from our readers.",
    "Our experts tested {n} products so you do not have to.",
    "The weather this weekend looks mild across most of the region.",
    "Sign up for our newsletter to get the latest stories delivered to your inbox.",
    "These simple recipes take less than {n} minutes to prepare.",
    "Experts share their advice on saving for retirement in a volatile market.",
    "The new smartphone lineup brings modest upgrades and a higher price tag.",
    "Gardening season is here, and these plants thrive with little care.",
]


def sentences(subject: str, domain: str, rng: random.Random, n: int) -> list[str]:
    """`n` on-topic filler sentences about `subject`."""
    pool = _COMMON + _DOMAIN.get(domain, [])
    return [rng.choice(pool).format(s=subject, n=rng.randint(3, 60)) for _ in range(n)]


def off_topic(rng: random.Random, n: int) -> list[str]:
    """`n` sentences about nothing any question asks."""
    return [rng.choice(_OFF).format(n=rng.randint(5, 40)) for _ in range(n)]


def paragraphs(lines: list[str], rng: random.Random) -> list[str]:
    """Group sentences into paragraphs of two to four."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        step = rng.randint(2, 4)
        out.append(" ".join(lines[i : i + step]))
        i += step
    return out
