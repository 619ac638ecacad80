"""Issue 31: what the reader of generator 29's default world found absurd or ambiguous, as checks the next
world owner makes pass (each fails on 999c56d by its assertion; marked xfail(strict=True), so the suite
fails once one passes: drop its mark with the fix). Diagnosis (session 54): a KG town is a "topic" whose
prose draws the sight's clauses (`lexicon/places.TOPIC`, `TOWN_SHORT` keeps the crowd-hours frame,
`prose.clause`'s lead-ins ignore `topic_class`); `decoys.peer_piece` invents a population's peer without
`fits_subject`, and `topic_class` misses " II", bare "Park"/"Garden"; fin.close takes the close before the
asker's day even when the question, with no "yesterday", is asked after that day's close."""

from __future__ import annotations

import datetime as dt
import random
import re

from mockapi.world.pages import decoys, prose
from mockapi.world.pages.roles import Pools
from mockapi.world.questions.kinds import KINDS, fits_subject, topic_class
from mockapi.world.questions.model import Fact, Subject

# what only a sight has: crowd hours, a closed car park/gallery/trail, tours, entry, a site's volunteers
_ATTRACTION = re.compile(
    r"busiest|fullest|quietest|calmest|emptiest|gets crowded|crowds (?:peak|bunch|gather|move|spread)|"
    r"bunch up|part of (?:the )?[A-Z]|car park|car-parking|parking (?:lot|area)|a gallery at|trails around|"
    r"night tours|free entry|guides tours|membership scheme|volunteer at|the site\b"
)


def test_a_town_is_lived_in_not_visited() -> None:
    """ "Thornview is emptiest on Saturdays", "A heatwave closed part of Wintercrest for 3 days" on the pages
    of towns of 114,759 and 182,653 (g29 reader #9, #32, #40): a settlement's prose, and a statement's lead-in
    about it, say nothing a sight's page says."""
    day = dt.date(2024, 3, 1)
    for name in ("Thornview", "Saraville County"):
        assert topic_class(name) == "place"
        for seed in range(30):
            rng = random.Random(seed)
            lines = prose.sentences(name, "open", rng, 40, kind="topic", day=day)
            lines += [prose.clause(name, "open", "topic", rng, day) for _ in range(20)]
            assert not [s for s in lines if _ATTRACTION.search(s)], name


def test_only_a_settlement_has_a_population() -> None:
    """ "Lake Rodneymouth Zoo has a population of 145,173" (a peer on Thornview's gold page), "Montesstad
    Cathedral II has a population of 394,713" (a look-alike's own page): a zoo, park, garden or cathedral,
    sequel tail or not, is no settlement."""
    pop = KINDS["op.population"]
    for name in ("Montesstad Cathedral II", "Reyesberg Lake II", "Lonely Park", "Hawkinsport Garden"):
        assert not fits_subject(pop, name, "topic"), name
    # nor a title's or a firm's name the default class took for a place (the audit's places line on g28:
    # "Elizabethfurt Voyage", "Paper Technology", "Leeland Anthem" had populations), nor a novel
    for name in ("Elizabethfurt Voyage", "Paper Technology", "Leeland Anthem", "Ashbury (novel)"):
        assert not fits_subject(pop, name, "topic"), name
    for name in ("Thornview", "Saraville County", "North Amandachester", "Thornview (city)"):
        assert fits_subject(pop, name, "topic"), name
    fact = Fact(Subject("Thornview", "open", "topic"), "op.population", "114,759")
    pools = Pools(entity={}, entity_facts={}, noise={})
    peers = []
    for seed in range(40):  # an invented peer's population (`decoys.peer_piece`): a town's or a county's
        piece = decoys.peer_piece(fact, pools, random.Random(seed), dt.date(2024, 3, 1))
        assert piece.claim is not None
        peers.append(piece.claim[0])
    assert [n for n in peers if not fits_subject(pop, n, "topic")] == [], peers


def test_a_closing_price_asked_after_the_close_is_that_days() -> None:
    """ "feno, whose ceo is terrence carey: what is the closing price?" asked 15:38 PT on 5 March 2024, gold
    the close of 4 March (g29 reader #3): with no day in the question, the latest close that had happened."""
    from mockapi.world.questions.source import WebSource

    web = WebSource()
    web.at = dt.datetime(2024, 3, 5, 18, 38)  # US/Eastern, after the 16:00 close
    assert web._session("fin.close", dt.date(2024, 3, 5)) == dt.date(2024, 3, 5)
    web.at = dt.datetime(2024, 3, 5, 10, 0)  # in the session: the previous close
    assert web._session("fin.close", dt.date(2024, 3, 5)) == dt.date(2024, 3, 4)


def test_prose_and_people_read_as_written() -> None:
    """g29 reader #1, #4, #22: "performed a little club in Nagoya", "re-signed a young youngster", coach "Mrs.
    Danielle Copeland MD": a club is played, a prospect is not a young youngster, a person has no title."""
    from mockapi.world.questions import invent

    team = Subject("Providence Pilots", "sports", "team")
    coaches = [
        invent.invent_fact(KINDS["sp.coach"], team, dt.date(2024, 3, 1), random.Random(i)).value
        for i in range(300)
    ]
    assert [
        c for c in coaches if re.search(r"^(?:Mrs?|Ms|Dr|Miss)\.? | (?:MD|DDS|DVM|PhD|Jr\.|II|III)$", c)
    ] == []
    slips = re.compile(r"(?:performed|opened) a (?:small|little|modest) club in|young youngster")
    lines = []
    for seed in range(40):
        lines += prose.sentences("The Midnight Lanterns", "music", random.Random(seed), 30, kind="band")
        lines += prose.sentences("Providence Pilots", "sports", random.Random(seed), 30, kind="team")
    assert [s for s in lines if slips.search(s)] == []


def test_a_name_ending_in_a_period_ends_its_sentence_once() -> None:
    """ "Do not forget that records give Mr. Jacob Dominguez as the ceo of Ardova Group Inc.." (g29 #30)."""
    from mockapi.world.pages.fact_frames import fill

    say = "records give Jacob Dominguez as the ceo of Ardova Group Inc."
    for seed in range(5):
        text = fill(
            "Do not forget that {say}.",
            {"say": say, "s": "Ardova Group Inc.", "l": "ceo"},
            random.Random(seed),
        )
        assert not text.endswith(".."), text


def test_no_frame_fronts_its_subject_with_a_colon() -> None:
    """ "feno, whose ceo is terrence carey: what is the closing price?", "just wondering, jose johnson ...
    debuted in what year?", "how many ... in the end", "back yesterday" (g29 reader: 10 of 40 unnatural)."""
    from mockapi.world.questions import phrasing, question_frames

    frames = [
        f for v in vars(question_frames).values() if isinstance(v, tuple) for f in v if isinstance(f, str)
    ]
    frames += list(phrasing.OPENERS)
    odd = re.compile(r"\}: (?:what|which|how|who|number)|just wondering|in the end\b|\bback \{d\}")
    assert len(frames) > 100
    assert [f for f in frames if odd.search(f)] == []
