"""The KG routes' answers as SQL over kg.duckdb: a test reference, not server code.

The server answers from the serving tables (mockapi/serving) built out of kg.duckdb; these functions give
each exact-key route's answer straight from the store of record, the way the original reads its files, and
tests/serving/test_served_equals_store.py holds the two byte-identical over every key of a world.
"""
