"""The serving tables: their files (key tables, sports frames), what each exact-key table holds, reading
kg.duckdb for them, and the answers computed from more than one lookup. Below the route table (`routes/`),
which names them, and the build, which writes them."""
