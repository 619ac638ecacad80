"""On-topic prose about a subject: a small grammar (openers × clauses × closers, with names, numbers and dates
in several styles) so that pages carry realistic amounts of text without repeating one sentence.

Clauses talk around the subject (events, opinions, schedules, comparisons with related names) and never state
an attribute a question asks about: facts come only from `statements`. `{s}` is a reference to the subject,
`{o}` another name, `{n}`/`{m}` numbers, `{d}` a date, `{y}` a year.
"""

from __future__ import annotations

import datetime as dt
import random

from mockapi.world.pages import styles

_COMMON = (
    "{s} has drawn steady attention over the past {m} months",
    "readers have sent us {n} questions about {s} since {d}",
    "opinions on {s} remain divided, and the debate shows no sign of slowing down",
    "several sources have weighed in on {s} with mixed conclusions",
    "a comparison between {s} and {o} comes up in almost every discussion",
    "we first wrote about {s} on {d} and have updated this page since",
    "the story of {s} is more complicated than the headlines suggest",
    "supporters of {s} point to a strong track record going back to {y}",
    "critics argue that {s} has not yet lived up to expectations",
    "a spokesperson for {s} declined to comment on the latest reports",
    "our coverage of {s} draws on interviews, public records and reader tips",
    "anyone following {s} will have noticed a change in tone since {d}",
    "the connection between {s} and {o} goes back many years",
    "there is still a lot we do not know about {s}",
    "a reader from {place} wrote in to share a personal story about {s}",
)
_DOMAIN = {
    "finance": (
        "analysts at {n} brokerages revised their outlook on {s} this quarter",
        "shares of {s} swung sharply as investors digested the latest guidance",
        "institutional funds rebalanced their positions in {s} after the {d} report",
        "{s} will hold its next earnings call in about {m} weeks",
        "trading desks compared {s} with {o} ahead of the quarterly results",
        "the board of {s} met on {d} to discuss capital allocation",
        "options activity around {s} picked up, with roughly {n} contracts traded in one session",
        "management at {s} said supply costs should ease over the next {m} quarters",
        "bond investors have watched {s} closely since {y}",
        "retail investors on message boards debated whether {s} is undervalued",
    ),
    "sports": (
        "{s} had an up-and-down stretch, with injuries forcing lineup changes",
        "about {n} fans packed the stands when {s} hosted {o}",
        "the coaching staff of {s} emphasised defence in practice this week",
        "{s} face a demanding schedule over the next {m} weeks",
        "trade rumours involving {s} and {o} continue to circulate",
        "the locker room at {s} was upbeat after the session on {d}",
        "{s} have lost only {m} of their last dozen games at home",
        "scouts from {o} were spotted at the game {s} played on {d}",
        "the medical staff expects two key players for {s} back within {m} weeks",
        "ticket prices for {s} home games have climbed since {y}",
    ),
    "music": (
        "{s} has been touring extensively, with {m} more dates announced",
        "critics praised the production on recent work by {s}",
        "streams of {s} jumped by {n} after a clip circulated online",
        "{s} discussed songwriting and early influences in an interview on {d}",
        "fans have speculated for months about a collaboration between {s} and {o}",
        "a remastered edition of an early record by {s} is planned",
        "the live shows of {s} have changed a lot since {y}",
        "{s} opened for {o} on a short run of dates years ago",
        "a documentary crew followed {s} through {m} cities",
        "radio programmers added {s} to rotation in {m} markets",
    ),
    "movie": (
        "{s} drew strong word of mouth after early screenings",
        "the cast of {s} spoke about the production at a press event on {d}",
        "critics were divided on {s}, though audiences responded warmly",
        "{s} is now available to stream on several platforms",
        "behind the scenes, {s} went through {m} script revisions",
        "comparisons between {s} and {o} dominated the festival chatter",
        "a restored print of {s} screened for about {n} people",
        "the soundtrack of {s} has found a second life online",
        "fans still debate the ending of {s} years later",
        "the studio behind {s} announced a home release on {d}",
    ),
    "open": (
        "{s} attracts visitors from around the world throughout the year",
        "the history of {s} stretches back several generations",
        "local guides recommend visiting {s} early in the morning",
        "{s} has been featured in {m} documentaries and travel guides",
        "researchers continue to study {s} and its surroundings",
        "a new exhibition about {s} opened on {d}",
        "volunteers at {s} logged about {n} hours of work last year",
        "{s} and {o} are often visited on the same trip",
        "a renovation at {s} finished ahead of schedule in {y}",
        "school groups make up a large share of the visitors to {s}",
    ),
}
_OPENERS = (
    "",
    "",
    "",
    "Meanwhile, ",
    "Still, ",
    "By most accounts, ",
    "Notably, ",
    "For context, ",
    "In recent weeks, ",
    "As we reported earlier, ",
    "To be fair, ",
    "On the other hand, ",
)
_CLOSERS = (
    "",
    "",
    "",
    ", according to people familiar with the matter",
    ", one reader noted",
    ", observers say",
)
_PLACES = ("Ohio", "Lisbon", "Toronto", "Melbourne", "Austin", "Manchester", "Osaka", "Denver", "Lyon")
_NOUNS = {
    "company": "the company",
    "team": "the team",
    "band": "the band",
    "artist": "the artist",
    "song": "the song",
    "movie": "the film",
    "person": "the star",
    "player": "the player",
}


def _ref(name: str, kind: str, ticker: str, rng: random.Random) -> str:
    roll = rng.random()
    if ticker and roll < 0.2:
        return f"{name} ({ticker})" if rng.random() < 0.5 else ticker
    if roll < 0.72 or kind not in _NOUNS:
        return name
    return _NOUNS[kind]


def sentences(
    subject: str,
    domain: str,
    rng: random.Random,
    n: int,
    *,
    others: tuple[str, ...] = (),
    kind: str = "",
    ticker: str = "",
    day: dt.date = dt.date(2024, 3, 1),
) -> list[str]:
    """`n` on-topic sentences about `subject` (mentioning `others` now and then), dated around `day`."""
    pool = _COMMON + _DOMAIN.get(domain, _DOMAIN["open"])
    names = others or (subject,)
    out = []
    for _ in range(n):
        clause = rng.choice(pool)
        slots = {"s": _ref(subject, kind, ticker, rng)}
        # only the slots the clause uses are drawn (the build writes millions of these sentences)
        if "{o}" in clause:
            slots["o"] = rng.choice(names)
        if "{n}" in clause:
            slots["n"] = styles.number_text(
                rng.choice((rng.randint(12, 900), rng.randint(1000, 3_000_000))), rng
            )
        if "{m}" in clause:
            slots["m"] = str(rng.randint(2, 11))
        if "{d}" in clause:
            slots["d"] = styles.day_text(day - dt.timedelta(days=rng.randint(1, 400)), rng, day)
        if "{y}" in clause:
            slots["y"] = str(day.year - rng.randint(1, 15))
        if "{place}" in clause:
            slots["place"] = rng.choice(_PLACES)
        text = rng.choice(_OPENERS) + clause.format(**slots)
        out.append(text[:1].upper() + text[1:] + rng.choice(_CLOSERS) + ".")
    return out


_OFF = (
    "Here are the best budget travel tips we have collected from our readers",
    "our experts tested {m} products so you do not have to",
    "the weather this weekend looks mild across most of the region",
    "sign up for our newsletter to get the latest stories delivered to your inbox",
    "these simple recipes take less than {m}0 minutes to prepare",
    "experts share their advice on saving for retirement in a volatile market",
    "the new smartphone lineup brings modest upgrades and a higher price tag",
    "gardening season is here, and these plants thrive with little care",
    "a short walk after dinner can make a real difference, doctors say",
    "we compared {m} streaming plans to find the best value for families",
    "the city council approved a new bike lane plan on {d}",
    "home prices in {place} rose for the {m}th month in a row",
)


def off_topic(rng: random.Random, n: int, day: dt.date = dt.date(2024, 1, 15)) -> list[str]:
    """`n` sentences about nothing any question asks."""
    out = []
    for _ in range(n):
        clause = rng.choice(_OFF).format(
            m=rng.randint(3, 9),
            d=styles.day_text(day - dt.timedelta(days=rng.randint(1, 90)), rng, day),
            place=rng.choice(_PLACES),
        )
        text = rng.choice(_OPENERS) + clause
        out.append(text[:1].upper() + text[1:] + ".")
    return out
