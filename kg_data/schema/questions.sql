-- The question set (questions.duckdb): gold answers and labels. Never read by the server.

CREATE TABLE questions (
    interaction_id    VARCHAR NOT NULL,
    ord               BIGINT  NOT NULL, -- dataset order
    query_time        VARCHAR NOT NULL, -- 'MM/DD/YYYY, HH:MM:SS PT'
    domain            VARCHAR NOT NULL, -- finance | music | movie | sports | open
    question_type     VARCHAR NOT NULL, -- simple | simple_w_condition | comparison | aggregation | set |
                                        -- false_premise | post-processing | multi-hop
    static_or_dynamic VARCHAR NOT NULL, -- static | slow-changing | fast-changing | real-time
    query             VARCHAR NOT NULL,
    answer            VARCHAR NOT NULL,
    alt_ans           VARCHAR NOT NULL, -- JSON list[str] of alternative answers
    split             INTEGER NOT NULL, -- 0 validation, 1 public test
    popularity        VARCHAR NOT NULL, -- head | torso | tail for KG questions, '' for web questions
    answer_source     VARCHAR NOT NULL, -- 'kg' | 'web' | '' (unknown, imported)
    gold_page_ids     VARCHAR NOT NULL, -- JSON list of page_id that state the answer (synthetic); [] if unknown
    key_phrases       VARCHAR NOT NULL, -- JSON list of answer-bearing phrases (retrieval metrics)
    answer_in_pages   BOOLEAN,          -- is the answer among the 50 pages (NULL: unknown, imported)
    wrong_value       VARCHAR,          -- a plausible wrong answer (counterfactual evidence), NULL if none
    record_layout     VARCHAR NOT NULL, -- JSON: how the source record was laid out (key order, alt-answer field
                                        -- name and type), so export reproduces imported records exactly; '{}'
    fact_kinds        VARCHAR           -- JSON list: the fact kind of each key phrase ('fin.market_cap',
                                        -- 'rel:ceo'; '' when none) for the audit's frames; NULL if unknown
);
