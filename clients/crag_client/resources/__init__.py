"""Per-domain namespaces of the typed clients, mirroring the server's routers."""

from .finance import AsyncFinance, Finance
from .movie import AsyncMovie, Movie
from .music import AsyncMusic, Music
from .open import AsyncOpen, Open
from .sports import AsyncSports, Sports
from .web import AsyncWeb, Web

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
