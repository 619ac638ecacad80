-- The knowledge-graph store (kg.duckdb): the one schema shared by the synthetic world builder
-- (mockapi.world), the real-KG importer (mockapi.importers) and the read-only server store (mockapi.store).
--
-- Design rules:
-- * One table per source the 38 endpoints read, filled identically by the builder and the importer, so the
--   server never knows whether a world is synthetic or real.
-- * Scalar facts are typed columns. Values whose exact shape the original returns verbatim and which vary
--   between entities (a movie dict's key order, a yfinance info dict, a pandas row of mixed types) are kept as
--   JSON text in a `doc` / `row` column: that is the only faithful way to serve real imported data unchanged.
-- * `ord` columns keep source order (KG file order, list order), which the original exposes in its results.
-- * JSON text is written with json.dumps(..., ensure_ascii=False, allow_nan=True); the server maps NaN/Inf
--   to null (the original answered a plain-text 500 there).

-- ───────────────────────── world catalogue (synthetic worlds; empty for imported KGs) ─────────────────────────
CREATE TABLE entities (
    entity_id    VARCHAR NOT NULL,   -- '<domain>:<kind>:<local id>', e.g. 'finance:company:AAPL'
    domain       VARCHAR NOT NULL,   -- open | movie | finance | music | sports
    kind         VARCHAR NOT NULL,   -- company, person, movie, artist, band, song, nba_team, soccer_team, encyclopedia…
    name         VARCHAR NOT NULL,   -- the original (display) name, as the endpoints return it
    popularity   VARCHAR NOT NULL,   -- head | torso | tail (targets) | noise (look-alikes and filler)
    is_target    BOOLEAN NOT NULL,   -- a question may be asked about this entity
    lookalike_of VARCHAR             -- entity_id of the target this hard negative imitates, else NULL
);

-- Relation graph (networkx at build time); question generation samples two-hop paths from it.
CREATE TABLE kg_edges (
    src VARCHAR NOT NULL,            -- entity_id
    rel VARCHAR NOT NULL,            -- parent_of, ceo_of, acted_in, directed, member_of, performed, wrote, home_team, away_team…
    dst VARCHAR NOT NULL             -- entity_id
);

-- ───────────────────────── open ─────────────────────────
CREATE TABLE open_entities (
    ord                BIGINT  NOT NULL,  -- KG file order
    name               VARCHAR NOT NULL,  -- exact, case-sensitive key of /open/get_entity
    summary_text       VARCHAR NOT NULL,
    summary_structured VARCHAR NOT NULL,  -- JSON object {str: str} (raw wikitext values, '' for empty fields)
    raw_mediawiki      VARCHAR NOT NULL
);

-- ───────────────────────── movie ─────────────────────────
CREATE TABLE movie_movies (
    key          VARCHAR NOT NULL,   -- normalized title: the movie_db.json key and the search document
    id           BIGINT,             -- by-id key (NULL when the entity has no id)
    title        VARCHAR NOT NULL,
    release_date VARCHAR,            -- 'YYYY-MM-DD'
    doc          VARCHAR NOT NULL    -- the movie dict exactly as the API returns it (JSON object)
);
CREATE TABLE movie_persons (
    key      VARCHAR NOT NULL,       -- normalized name: the person_db.json key and the search document
    id       BIGINT,
    name     VARCHAR NOT NULL,
    birthday VARCHAR,
    doc      VARCHAR NOT NULL        -- the person dict exactly as the API returns it (JSON object)
);
CREATE TABLE movie_years (
    year VARCHAR NOT NULL,           -- 'YYYY'
    doc  VARCHAR NOT NULL            -- {"movie_list": [int…], "oscar_awards": [oscar…]}
);

-- ───────────────────────── finance ─────────────────────────
CREATE TABLE fin_companies (         -- company_name.dict rows (Name, Symbol), file order; duplicates allowed
    ord    BIGINT  NOT NULL,
    name   VARCHAR NOT NULL,         -- e.g. 'Apple Inc. Common Stock'
    symbol VARCHAR NOT NULL
);
CREATE TABLE fin_prices (            -- daily bars; rows sorted by (ticker, ts)
    ticker VARCHAR NOT NULL,
    ts     VARCHAR NOT NULL,         -- 'YYYY-MM-DD HH:MM:SS EST' (literal EST, as the original)
    open   DOUBLE, high DOUBLE, low DOUBLE, close DOUBLE,
    volume BIGINT
);
CREATE TABLE fin_minute_prices (     -- minute bars 09:30–15:59 over 5 trading days; rows sorted by (ticker, ts)
    ticker VARCHAR NOT NULL,
    ts     VARCHAR NOT NULL,
    open   DOUBLE, high DOUBLE, low DOUBLE, close DOUBLE,
    volume BIGINT
);
CREATE TABLE fin_dividends (
    ticker VARCHAR NOT NULL,
    ts     VARCHAR NOT NULL,
    amount DOUBLE
);
CREATE TABLE fin_marketcap (
    ticker VARCHAR NOT NULL,
    value  DOUBLE
);
CREATE TABLE fin_info (
    ticker VARCHAR NOT NULL,
    doc    VARCHAR NOT NULL          -- yfinance-style info dict (JSON object); get_eps/get_pe_ratio read forwardEps/forwardPE
);

-- ───────────────────────── music ─────────────────────────
CREATE TABLE music_artists (
    ord        BIGINT  NOT NULL,
    name       VARCHAR NOT NULL,     -- exact key
    country    VARCHAR,              -- ISO-3166 alpha-2 or NULL/''
    birth_date VARCHAR,              -- 'YYYY' or 'YYYY-MM-DD'
    end_date   VARCHAR,
    members    VARCHAR               -- JSON list[str] for bands, NULL otherwise
);
CREATE TABLE music_songs (
    ord     BIGINT  NOT NULL,
    name    VARCHAR NOT NULL,        -- exact key
    author  VARCHAR,
    country VARCHAR,                 -- 2-letter code, 'XW' = worldwide
    date    VARCHAR                  -- release date 'YYYY-MM-DD'
);
CREATE TABLE music_works (
    artist VARCHAR NOT NULL,
    works  VARCHAR NOT NULL          -- JSON list[str], in source order
);
CREATE TABLE music_grammy (          -- every row is a win (as the original treats it)
    ord      BIGINT  NOT NULL,
    year     INTEGER,
    category VARCHAR,                -- 'Best New Artist' | 'Song Of The Year' | 'Album Of The Year'
    nominee  VARCHAR,
    artist   VARCHAR,
    workers  VARCHAR
);
CREATE TABLE music_billboard_ranks ( -- rank_dict_hot100: per rank, its weekly entries in list order
    rank   VARCHAR NOT NULL,         -- '1'..'100'
    ord    BIGINT  NOT NULL,
    date   VARCHAR NOT NULL,         -- 'YYYY-MM-DD' (chart week)
    song   VARCHAR NOT NULL,
    artist VARCHAR NOT NULL
);
CREATE TABLE music_billboard_songs ( -- song_dict_hot100: per song and chart date, the raw row
    song VARCHAR NOT NULL,
    date VARCHAR NOT NULL,
    row  VARCHAR NOT NULL            -- JSON list of >= 7 strings; positions 3..6 = rank, last week, peak, weeks
                                     -- (a new entry has row[6] == '-' and the shifted layout of the contract §2.7)
);

-- ───────────────────────── sports ─────────────────────────
CREATE TABLE soccer_matches (        -- one row per team per match (every match appears twice)
    ord    BIGINT  NOT NULL,
    league VARCHAR NOT NULL,         -- 'ENG-Premier League'
    season VARCHAR NOT NULL,         -- '2324'
    team   VARCHAR NOT NULL,         -- FBref short name, exact label
    game   VARCHAR NOT NULL,         -- 'YYYY-MM-DD Home-Away'
    date   VARCHAR NOT NULL,         -- 'YYYY-MM-DD' (for filtering)
    row    VARCHAR NOT NULL          -- JSON array of the column values in the file's order (sports_columns), as pandas emits them
);
CREATE TABLE nba_games (
    ord            BIGINT  NOT NULL,
    game_id        VARCHAR NOT NULL,
    game_date      VARCHAR NOT NULL, -- 'YYYY-MM-DD HH:MM:SS' (raw SQLite text)
    team_name_home VARCHAR NOT NULL,
    team_name_away VARCHAR NOT NULL,
    row            VARCHAR NOT NULL  -- JSON array of the column values (55 in the contract), file order
);
CREATE TABLE sports_columns (       -- an imported file's own column labels, in its order (import-kg only;
    frame VARCHAR NOT NULL,          -- soccer_matches | nba_games | nba_play_by_play); a frame without rows
    pos   INTEGER NOT NULL,          -- here is labelled with the contract's lists (mockapi/wire/frames.py)
    name  VARCHAR NOT NULL
);
CREATE TABLE nba_play_by_play (
    game_id VARCHAR NOT NULL,
    ord     BIGINT  NOT NULL,
    row     VARCHAR NOT NULL         -- JSON array of the column values (34 in the contract), file order
);
