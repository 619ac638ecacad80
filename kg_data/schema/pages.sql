-- The page store (pages.duckdb): everything /web/* serves. It holds no gold answers or question labels, so a
-- challenge deployment can ship it without questions.duckdb.
--
-- HTML is stored either raw (imported real pages: zlib-compressed bytes, served byte-identical) or as a
-- compact spec (synthetic pages: JSON rendered deterministically to HTML on request by mockapi.web.render;
-- the renderer version is part of the world's content hash).

CREATE TABLE pages (
    page_id   VARCHAR NOT NULL,      -- 'raw:<sha256 of html>' or 'spec:<sha256 of spec>'; content-addressed
    url       VARCHAR NOT NULL,      -- canonical URL (the same URL may be shared by many questions' results)
    kind      VARCHAR NOT NULL,      -- 'raw' | 'spec'
    body      BLOB    NOT NULL,      -- raw: zlib(html utf-8 bytes); spec: zlib(spec JSON)
    html_size BIGINT  NOT NULL,      -- length in characters of the served page_result
    text      VARCHAR NOT NULL       -- visible text (what the full-text index holds)
);

-- Known queries and their frozen result lists, in rank order (what the search engine returned).
CREATE TABLE queries (
    interaction_id VARCHAR NOT NULL,
    query          VARCHAR NOT NULL, -- exact query text; a known query gets its frozen list
    query_time     VARCHAR NOT NULL  -- 'MM/DD/YYYY, HH:MM:SS PT'
);
CREATE TABLE results (
    interaction_id     VARCHAR NOT NULL,
    rank               INTEGER NOT NULL, -- 1-based, in the order served
    page_id            VARCHAR NOT NULL,
    page_name          VARCHAR NOT NULL, -- the five CRAG keys exactly as served (byte-identical for imports)
    page_url           VARCHAR NOT NULL,
    page_snippet       VARCHAR NOT NULL,
    page_last_modified VARCHAR NOT NULL, -- '' or ' Tue, 27 Feb 2024 22:55:55 GMT' (leading space, as CRAG)
    last_modified_ts   TIMESTAMP         -- parsed page_last_modified (UTC), NULL when empty
);
