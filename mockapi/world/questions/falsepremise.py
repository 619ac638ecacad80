"""False-premise questions presuppose something that never happened; the answer is 'invalid question'.

Every premise here is about an event our world never models (splits, relocations, sequels, Olympic Games…),
so it is false for KG and invented subjects alike, and no page can state it.
"""

from __future__ import annotations

import datetime as dt
import random

from mockapi.world.questions.mix import Cell
from mockapi.world.questions.model import Subject
from mockapi.world.questions.source import Source

# (subject kind, template with {s} and {y}) per domain; {y} is a plausible year, the wrong value.
TEMPLATES: dict[str, list[tuple[str, str]]] = {
    "finance": [
        ("company", "what was the ratio of the {y} stock split of {s}?"),
        ("company", "how much did {s} pay for its acquisition of apple in {y}?"),
        ("company", "why did {s} move its listing to the london stock exchange in {y}?"),
        ("company", "what was the price of {s} stock on new year's day {y} at noon?"),
    ],
    "sports": [
        ("team", "how many times have {s} won the fifa world cup since {y}?"),
        ("team", "who scored the winning touchdown for {s} in the {y} super bowl?"),
        ("team", "what was the score when {s} played on the moon in {y}?"),
        ("player", "which year did {s} win the tour de france after {y}?"),
    ],
    "music": [
        ("artist", "what was the name of the opera {s} composed for the vatican in {y}?"),
        ("artist", "when did {s} win the nobel prize in literature after {y}?"),
        ("song", "which film won the {y} oscar for best picture with {s} as its theme?"),
        ("artist", "how many copies did {s}'s {y} christmas album with the beatles sell?"),
    ],
    "movie": [
        ("movie", "when was the {y} sequel to {s} released in theaters?"),
        ("movie", "who played the talking dragon in {s} ({y})?"),
        ("movie", "how many oscars did {s} win at the {y} ceremony for best animated feature?"),
        ("person", "which country did {s} serve as president of after {y}?"),
    ],
    "open": [
        ("topic", "in which year after {y} did {s} host the summer olympic games?"),
        ("topic", "who was the first astronaut to be born in {s} in {y}?"),
        ("topic", "why did {s} relocate to antarctica in {y}?"),
        ("person", "what did {s} discover on mars in {y}?"),
    ],
}


def false_premise(
    cell: Cell, src: Source, day: dt.date, rng: random.Random
) -> tuple[str, Subject, str] | None:
    """(query, the subject it is about, a plausible wrong answer) or None if no subject fits."""
    choices = list(TEMPLATES[cell.domain])
    rng.shuffle(choices)
    for subject_kind, template in choices:
        subject = src.subject(cell.domain, subject_kind, rng)
        if subject is not None:
            year = str(rng.randint(1985, day.year - 1))
            return template.format(s=subject.name, y=year), subject, year
    return None
