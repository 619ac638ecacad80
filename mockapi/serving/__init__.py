"""Serving structures for the exact-key KG routes, built at build/import time and memory-mapped per worker.

`build.build_serving(con, world)` writes `<world>/serving/` from kg.duckdb (the store of record);
`service.Serving` opens it in the app's lifespan. See docs/scale.md for the layout and the figures.
"""
