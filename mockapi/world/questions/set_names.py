"""The common words sets are named by (indices, sectors, genres, conferences): sets.py names its sets with
them, and refer.question_words keeps invented names and tickers off them ("Banks Inc.", ticker "BANK", read
as a member named in "which bank stock ...")."""

from __future__ import annotations

# Market indices, conferences and leagues: named by the world itself, never a real collective name (a real set
# with invented members, "the clubs in serie a" holding clubs no one has heard of, reads as false; issue 31).
# No number in an index's name: "the meridian 100" with its eight members read absurd (reader63)
INDICES = ("meridian composite", "harbor composite", "northstar select", "crestline leaders",
           "summit industrials", "atlas growth index")  # fmt: skip
SECTORS = ("semiconductor", "bank", "airline", "utility", "biotech", "oil and gas", "retail", "software",
           "tech", "energy", "insurance", "pharmaceutical", "mining", "telecom")  # fmt: skip
# Genres: sets named with common words ("the horror films released in 2012", "rock bands").
GENRES = ("horror", "comedy", "action", "animated", "documentary", "drama", "thriller", "science fiction")
MUSIC_GENRES = ("pop", "rock", "country", "hip hop", "jazz", "indie", "r&b", "folk")
CONFERENCES = ("lakeshore conference", "frontier conference", "harbor division", "highland division",
               "coastal league", "river valley league", "northern counties league")  # fmt: skip
LEAGUES = ("coastal league", "river valley league", "northern counties league")
