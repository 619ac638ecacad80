"""The generator's word lists: data only, no code (a test holds it to that).

What each kind of page talks about around its statements, as grammar templates (`pages.grammar`: `[a|b]`
alternatives, `{slot}`s): `business` (companies), `sports` (teams, players), `arts` (songs, artists, films,
film people), `places` (places, organisations, people). The code that reads them is `pages.prose`.
"""
