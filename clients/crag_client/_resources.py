"""Per-domain namespaces of the typed clients, mirroring the server's routers."""

from ._finance import AsyncFinance, Finance
from ._movie import AsyncMovie, Movie
from ._music import AsyncMusic, Music
from ._open import AsyncOpen, Open
from ._sports import AsyncSports, Sports
from ._web import AsyncWeb, Web

__all__ = [
    "AsyncFinance",
    "AsyncMovie",
    "AsyncMusic",
    "AsyncOpen",
    "AsyncSports",
    "AsyncWeb",
    "Finance",
    "Movie",
    "Music",
    "Open",
    "Sports",
    "Web",
]
