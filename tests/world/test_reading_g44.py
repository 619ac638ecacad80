"""Reader63's read of generator 44's draft (40 questions of the default world, seed 0, dev): a set's own
shared page wrote of the set as of one singer, and a genre's films ran as no film of it runs."""

from __future__ import annotations

from mockapi.world.pages import shared
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Fact, Question, Subject
from mockapi.world.questions.sets import NamedSet
from mockapi.world.questions.topics import _as_its_genre


def test_a_set_gets_no_shared_page_of_its_own() -> None:
    """ "A handwritten setlist belonging to Red Canyon Recordings artists fetched $440": the set's title
    drafted as an entity's page, with an artist's prose. Its members keep theirs."""
    group = Subject("Red Canyon Recordings artists", "music", "group")
    member = Subject("Ida Brand", "music", "artist")
    q = Question(
        "q1", 0, "03/10/2024, 10:00:00 PT", "music", "comparison", "static", "which red canyon recordings "
        "artist has the most grammy wins?", "ida brand", [], "head", "web", ["ida brand"], None,
        facts=[Fact(member, "mu.grammys", "4", number=4.0)], subjects=[group, member],
    )  # fmt: skip
    keys = shared.entity_facts([q])
    assert shared.subject_key(member) in keys
    assert shared.subject_key(group) not in keys


def test_an_animated_or_documentary_set_is_asked_no_feature_length_of_another_genre() -> None:
    animated = NamedSet("Animated films of 2014", "animated films released in 2014", "2014 animated", "films",
                        "movie", proper=False)  # fmt: skip
    drama = NamedSet("Drama films of 2014", "drama films released in 2014", "2014 drama", "films", "movie",
                     proper=False)  # fmt: skip
    film = Subject("Dark Shadows", "movie", "movie")
    long = [Fact(film, "mv.runtime", "136", number=136.0)]
    short = [Fact(film, "mv.runtime", "94", number=94.0)]
    runtime = KINDS["mv.runtime"]
    assert not _as_its_genre(animated, runtime, long) and _as_its_genre(animated, runtime, short)
    assert _as_its_genre(drama, runtime, long)
    assert _as_its_genre(animated, KINDS["mv.budget"], [Fact(film, "mv.budget", "$9 million", number=9e6)])
