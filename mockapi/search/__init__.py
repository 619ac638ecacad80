"""Entity-name search served from memory-mapped postings (contract §2.2, §2.3).

Built at `build` / `import-kg` time into `<world>/search/` (see `build.py`), opened read-only with
`numpy.load(mmap_mode="r")` by every server process (`index.py`), so `--workers` share one copy in the page
cache. Two rankings: `original` reproduces the original server's lists and order (`rank.py`); `improved` puts
the exact normalised match first.
"""
