"""`NameSearch`: the search index of the world being served plus the active ranking (`--search`)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from mockapi.search.build import SEARCH_DIR, build_search_index
from mockapi.search.corpus import BY_NAME
from mockapi.search.index import SearchIndex
from mockapi.search.rank import Mode, search

if TYPE_CHECKING:
    import duckdb

# kinds whose manifests come from `crag-mock import-kg` / `import-dataset`: real CRAG data, original ranking
IMPORTED_KINDS = ("imported-kg", "imported")


def default_mode(kind: str | None) -> Mode:
    """`original` for an imported KG (reproduce what participants saw), `improved` for synthetic worlds."""
    return "original" if kind in IMPORTED_KINDS else "improved"


class NameSearch:
    def __init__(self, world: Path, con: duckdb.DuckDBPyConnection, mode: Mode) -> None:
        """Opens `world/search/`; a world without one (older, or hand-made) gets it built in a temp dir."""
        self.mode: Mode = mode
        self._tmp: str | None = None
        folder = world
        if not SearchIndex.present(world):
            self._tmp = tempfile.mkdtemp(prefix="crag-search-")
            folder = Path(self._tmp)
            build_search_index(con, folder)
        self.index = SearchIndex(folder / SEARCH_DIR)

    def names(self, corpus: str, query: str) -> list[str]:
        """Up to 10 original names (movie: keys) matching `query` in `corpus`."""
        found = self.index.corpora.get(corpus)
        if found is None:
            return []
        return search(found, query, self.mode, cutoff=BY_NAME[corpus].scoring == "cutoff")

    def close(self) -> None:
        self.index = None  # type: ignore[assignment]  # drop the mmaps before removing their files
        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
