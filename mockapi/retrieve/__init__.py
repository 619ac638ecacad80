"""Passages of the world's pages and their full-text index: what `POST /retrieve` (Search-R1's protocol)
serves.

`passages.py` cuts a page's text into passages of about 100 words, `build.py` writes `<world>/passages/` (a
tantivy index) when the world is built, `index.py` searches it, a whole batch at once over a thread pool.
"""
