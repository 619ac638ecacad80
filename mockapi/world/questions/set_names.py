"""The common words sets are named by (indices, sectors, genres, conferences): sets.py names its sets with
them, and refer.question_words keeps invented names and tickers off them ("Banks Inc.", ticker "BANK", read
as a member named in "which bank stock ...")."""

from __future__ import annotations

# Market indices, conferences and leagues: named by the world itself, never a real collective name (a real set
# with invented members, "the clubs in serie a" holding clubs no one has heard of, reads as false; issue 31).
INDICES = ("meridian 100", "harbor composite", "northstar 50", "crestline 500", "summit industrials",
           "atlas growth index")  # fmt: skip
SECTORS = ("semiconductor", "bank", "airline", "utility", "biotech", "oil and gas", "retail", "software",
           "tech", "energy", "insurance", "pharmaceutical", "mining", "telecom")  # fmt: skip
# Genres: sets named with common words ("the horror films released in 2012", "rock bands").
GENRES = ("horror", "comedy", "action", "animated", "documentary", "drama", "thriller", "science fiction")
MUSIC_GENRES = ("pop", "rock", "country", "hip hop", "jazz", "indie", "r&b", "folk")
# Every team set is one of them since generator 44 ("the basketball teams in the harbor division"), so there
# are as many as the sports sets and conferences they replaced, and more (a set is asked once per measure).
CONFERENCES = ("lakeshore conference", "frontier conference", "harbor division", "highland division",
               "prairie conference", "pinecrest conference", "bayside division", "granite division",
               "coastal league", "river valley league", "northern counties league", "western shires league",
               "south coast league", "midland counties league")  # fmt: skip
LEAGUES = ("coastal league", "river valley league", "northern counties league", "western shires league",
           "south coast league", "midland counties league")  # fmt: skip
# Record labels of the world: every act set is one label's since generator 44 ("the indie artists signed to
# northlight records")
LABELS = ("Northlight Records", "Blue Harbor Music", "Silverline Records", "Red Canyon Recordings",
          "Stonegate Records", "Westwind Music", "Lanternhouse Records", "Copperline Recordings",
          "Greyfield Music", "Ravenport Records")  # fmt: skip
