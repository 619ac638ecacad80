"""The g37 default world's audit (dev, land57): page cases the reshuffle of generator 37 exposed."""

from __future__ import annotations

from mockapi.world.pages import lifespan


def test_a_lead_in_without_a_year_never_reaches_before_a_recent_start() -> None:
    from mockapi.world.pages.prose import undated_fits

    # "Last winter, The Dark Tide screened at a showcase outside Reno." on a page of 15 March 2024, the film
    # released on 1 March 2024: last winter is before it
    assert not undated_fits(lifespan.Life("movie", 2024, 3, 1), [2024, 2024], 2024)
    assert not undated_fits(lifespan.Life("movie", 2023, 6, 1), [2023, 2024], 2024)
    # a life older than the lead-in's reach takes one, and a window ending before last year does not
    assert undated_fits(lifespan.Life("movie", 2015), [2015, 2024], 2024)
    assert not undated_fits(lifespan.Life("movie", 1948), [1948, 1950], 2024)
