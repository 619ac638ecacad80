"""What the audit reads: questions with their ranked results, and page HTML on demand.

Two sources give the same shape:
- a world directory: questions.duckdb (labels, gold answers, gold page ids) and pages.duckdb (results, pages);
- real CRAG records (`.jsonl[.bz2]`, via the dataset importer's reader): there are no gold page labels, so a
  result is an **answer page** when its visible text contains the gold answer (or an alternative) verbatim,
  case-insensitive; a question is answerable when it is not a false premise and some page is an answer page.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import duckdb

from mockapi.audit import store
from mockapi.core.paths import PAGES_DB, QUESTIONS_DB
from mockapi.formats.manifest import Manifest
from mockapi.web.html_store import page_html

if TYPE_CHECKING:
    from mockapi.importers.dataset_read import Record

# pages whose served HTML one read holds at once (`Corpus.each_html`)
HTML_BATCH = 100
NO_ANSWERS = frozenset({"", "nan", "none", "invalid question", "i don't know"})


@dataclass(frozen=True)
class Result:
    """One ranked search result of a question."""

    rank: int
    page_id: str
    url: str
    name: str
    last_modified: str
    size: int
    snippet: str = ""


@dataclass
class AuditQuestion:
    """A question as the audit sees it."""

    qid: str
    query: str
    domain: str
    qtype: str
    dynamism: str
    answer: str
    alts: list[str]
    key_phrases: list[str]
    results: list[Result]
    gold: set[str] = field(default_factory=set)  # answer page ids
    query_time: str = ""
    source: str = ""  # 'kg' | 'web' | '' (unknown)
    popularity: str = ""

    @property
    def false_premise(self) -> bool:
        return self.qtype == "false_premise"

    @property
    def answerable(self) -> bool:
        return not self.false_premise and bool(self.gold)

    def answers(self) -> list[str]:
        """The gold answer and its alternatives, those that name a value."""
        return [a for a in [self.answer, *self.alts] if a.strip().lower() not in NO_ANSWERS]

    @property
    def ranked(self) -> bool:
        """Whether the question has any result (a stored question knows without reading them)."""
        return bool(self.results)

    @property
    def recalled(self) -> bool:
        """Whether an answer page is among its results (a stored question knows without reading them)."""
        return bool(self.gold & {r.page_id for r in self.results})


class StoredQuestion(AuditQuestion):
    """A world's question whose results are read from the pages store when first asked for (`Corpus.fill`
    reads many at once). Issue 34: holding every question's 50 results took the audit of a 20,000-question
    world to 6.2 GB (1.9 GB at 1,200); every figure reads a sample of questions, so only the sample's results
    are read, and what counts every question (recall, the pinned mixes) is counted in the store."""

    def __init__(
        self,
        *fields: Any,
        corpus: Corpus | None = None,
        ranked: bool = False,
        recalled: bool = False,
        **named: Any,
    ) -> None:
        self._results: list[Result] | None = None
        super().__init__(*fields, **named)  # sets the results given (a copy's) through the setter
        self._corpus = corpus
        self._ranked = ranked
        self._recalled = recalled
        if corpus is not None:  # read from the store: results when asked for
            self._results = None
        # else a copy (`dataclasses.replace`) with the results it was given

    @property
    def results(self) -> list[Result]:
        if self._results is None and self._corpus is not None:
            self._corpus.fill([self])
        assert self._results is not None
        return self._results

    @results.setter
    def results(self, value: list[Result]) -> None:
        self._results = value

    @property
    def loaded(self) -> bool:
        return self._results is not None

    def unload(self) -> None:
        """Forget the results read (a question of the store only: a copy has nowhere to read them again)."""
        if self._corpus is not None:
            self._results = None

    @property
    def ranked(self) -> bool:
        return self._ranked if self._results is None else super().ranked

    @property
    def recalled(self) -> bool:
        return self._recalled if self._results is None else super().recalled


@dataclass
class Corpus:
    """Questions plus a way to get page HTML and stored text; `kind` is 'world' or 'real'."""

    kind: str
    questions: list[AuditQuestion]
    manifest: Manifest
    world: Path | None = None
    _html: dict[str, str] = field(default_factory=dict)
    # the world's pages store, opened on the first read and kept: opening it cost 51 of the 88 ms CPU a
    # question's top-10 text read took on w_g27c, and the audit reads ~2,000 such lists (see `close`)
    _pages: duckdb.DuckDBPyConnection | None = field(default=None, repr=False, compare=False)

    def html(self, page_ids: list[str]) -> dict[str, str]:
        """Served HTML per page id (rendered for synthetic spec pages; not cached: pages are large)."""
        wanted = list(dict.fromkeys(page_ids))
        if self.world is None:
            return {p: self._html.get(p, "") for p in wanted}
        rows = self._query(
            "SELECT page_id, any_value(kind), any_value(body) FROM pages WHERE page_id IN ? GROUP BY page_id",
            wanted,
        )
        found = {pid: page_html(kind, body) for pid, kind, body in rows}
        return {p: found.get(p, "") for p in wanted}

    def each_html(self, page_ids: list[str], batch: int = HTML_BATCH) -> Iterator[tuple[str, str]]:
        """`html(page_ids).items()`, read `batch` pages at a time: a page is ~240 kB served, and the 2,000
        results the structure figures read at once took the audit of a 5,000-question world from 1.6 to 2.7
        GB (issue 34)."""
        wanted = list(dict.fromkeys(page_ids))
        for start in range(0, len(wanted), batch):
            yield from self.html(wanted[start : start + batch]).items()

    def text(self, page_ids: list[str], limit: int = 20_000) -> dict[str, str]:
        """Visible text per page id, the first `limit` characters (the stored text of a world)."""
        wanted = list(dict.fromkeys(page_ids))
        if self.world is None:
            from crag_client.html import page_text

            return {p: page_text(self._html.get(p, ""))[:limit] for p in wanted}
        rows = self._query(
            "SELECT page_id, min(substr(text, 1, ?)) FROM pages WHERE page_id IN ? GROUP BY page_id",
            wanted,
            limit,
        )
        # in the order asked for, not DuckDB's group order (which varies with its threads): voters join the
        # texts and break a tie by the first value met, so the order moved typed voting (0.061 or 0.066 on one
        # world, stop 45)
        found = dict(rows)
        return {p: found[p] for p in wanted if p in found}

    def _query(self, sql: str, ids: list[str], *first: Any) -> list[Any]:
        assert self.world is not None
        if not ids:
            return []
        return self._store().execute(sql, [*first, ids]).fetchall()

    def close(self) -> None:
        """Close the pages store if a read opened it (a later read opens it again). A corpus that is dropped
        closes it too; close it first where the same process then writes the world."""
        if self._pages is not None:
            self._pages.close()
            self._pages = None

    def fill(self, qs: list[AuditQuestion]) -> list[AuditQuestion]:
        """`qs` with the results of the stored ones that have not been read yet read, in one pass per 2,000
        (a question asked for its results alone reads them alone: right, but one query each)."""
        todo = list({q.qid: q for q in qs if isinstance(q, StoredQuestion) and not q.loaded}.values())
        for start in range(0, len(todo), 2000):
            chunk = todo[start : start + 2000]
            found: dict[str, list[Result]] = {q.qid: [] for q in chunk}
            for row in self._store().execute(RESULTS_SQL, [[q.qid for q in chunk]]).fetchall():
                found[row[0]].append(Result(*row[1:]))
            for q in chunk:
                q.results = found[q.qid]
        return qs

    def release(self, keep: Iterable[AuditQuestion] = ()) -> None:
        """Drop the results read for every stored question but `keep`'s (they are read again when next asked
        for): a stage that reads a sample of its own lets it go when it ends, so that what the audit holds is
        its samples' results, never the union of every stage's (issue 34)."""
        kept = {id(q) for q in keep}
        for q in self.questions:
            if isinstance(q, StoredQuestion) and q.loaded and id(q) not in kept:
                q.unload()

    def page_ids(self) -> list[str]:
        """Every distinct page id in result order."""
        if self.world is None:
            return list(dict.fromkeys(r.page_id for q in self.questions for r in q.results))
        return [pid for (pid,) in self._ordered_pages("SELECT page_id FROM firsts ORDER BY first")]

    def sample_page_ids(self, rng: random.Random, n: int) -> list[str]:
        """`rng.sample(self.page_ids(), n)`, the same draw, without holding every page id of a world."""
        if self.world is None:
            ids = self.page_ids()
            return rng.sample(ids, min(n, len(ids)))
        count = self._ordered_pages("SELECT count(*) FROM firsts")[0][0] if self.questions else 0
        # random.sample draws the same indices from any sequence of the same length
        at = rng.sample(range(count), min(n, count))
        rows = self._ordered_pages(
            "SELECT pos, page_id FROM (SELECT page_id, row_number() OVER (ORDER BY first) - 1 AS pos "
            "FROM firsts) WHERE pos IN ?",
            at,
        )
        where = dict(rows)
        return [where[i] for i in at]

    def _ordered_pages(self, sql: str, *params: Any) -> list[Any]:
        """`sql` over `firsts`: each distinct page id of the results (those the store holds, as `load_world`
        joined them) with its first place, by question order, then rank."""
        if not self.questions:
            return []
        order = [q.qid for q in self.questions]
        return self._store().execute(FIRSTS + sql, [order, len(order), *params]).fetchall()

    def sql(self, sql: str, params: list[Any] | None = None) -> list[Any]:
        """The rows of `sql` over a world's pages store (its results and pages)."""
        return self._store().execute(sql, params or []).fetchall()

    def _store(self) -> duckdb.DuckDBPyConnection:
        assert self.world is not None
        if self._pages is None:
            self._pages = store.connect(self.world / PAGES_DB)
        return self._pages


# the results of some questions ($1) with their pages' sizes, of the results whose page the store holds
RESULTS_SQL = (
    "WITH r AS (SELECT * FROM results WHERE interaction_id IN $1) "
    "SELECT r.interaction_id, r.rank, r.page_id, r.page_url, r.page_name, r.page_last_modified, p.html_size, "
    "r.page_snippet FROM r JOIN (SELECT page_id, any_value(html_size) AS html_size FROM pages "
    "WHERE page_id IN (SELECT page_id FROM r) GROUP BY page_id) p USING (page_id) "
    "ORDER BY r.interaction_id, r.rank"
)
# every result whose page the store holds (as `RESULTS_SQL` reads them)
HELD = "SELECT * FROM results WHERE page_id IN (SELECT page_id FROM pages)"
FIRSTS = (
    "WITH asked AS (SELECT unnest(?) AS interaction_id, unnest(range(?)) AS at), "
    f"firsts AS (SELECT r.page_id, min(a.at * 100000 + r.rank) AS first FROM ({HELD}) r "
    "JOIN asked a USING (interaction_id) GROUP BY r.page_id) "
)


def load_world(world: Path, manifest: Manifest) -> Corpus:
    """The questions of a built world, their results read when first asked for (`StoredQuestion`)."""
    qcon = store.connect(world / QUESTIONS_DB)
    try:
        rows = qcon.execute(
            "SELECT interaction_id, query, domain, question_type, static_or_dynamic, answer, alt_ans, "
            "key_phrases, gold_page_ids, query_time, answer_source, popularity FROM questions ORDER BY ord"
        ).fetchall()
    finally:
        qcon.close()
    corpus = Corpus("world", [], manifest, world)
    golds = {qid: set(json.loads(gold)) for qid, *_, gold, _t, _s, _p in rows}
    pairs = [(qid, pid) for qid, ids in golds.items() for pid in sorted(ids)]
    con = corpus._store()
    # which questions have results, and which an answer page among them (recall), counted in the store
    ranked = {qid for (qid,) in con.execute(f"SELECT DISTINCT interaction_id FROM ({HELD})").fetchall()}
    recalled = {
        qid
        for (qid,) in con.execute(
            f"SELECT DISTINCT interaction_id FROM ({HELD}) JOIN (SELECT unnest($1) AS interaction_id, "
            "unnest($2) AS page_id) USING (interaction_id, page_id)",
            [[q for q, _ in pairs], [p for _, p in pairs]],
        ).fetchall()
    } if pairs else set()  # fmt: skip
    corpus.questions = [
        StoredQuestion(
            qid, query, domain, qtype, dyn, answer, json.loads(alts), json.loads(keys),
            [], golds[qid], qtime, source, pop, corpus=corpus, ranked=qid in ranked, recalled=qid in recalled,
        )
        for qid, query, domain, qtype, dyn, answer, alts, keys, _gold, qtime, source, pop in rows
    ]  # fmt: skip
    return corpus


def load_real(path: Path) -> Corpus:
    """CRAG dataset records (the first 2,000 at most) with their pages held in memory."""
    from mockapi.importers.dataset_read import iter_records, plan_sources

    corpus = Corpus("real", [], Manifest())
    for source in plan_sources([path]):
        for _where, record in iter_records(source, lambda _n: None):
            corpus.questions.append(_real_question(record, corpus._html))
            if len(corpus.questions) >= 2000:
                break
    for q in corpus.questions:
        q.gold = _verbatim_pages(q, corpus._html) if not q.false_premise else set()
    return corpus


def _real_question(record: Record, html: dict[str, str]) -> AuditQuestion:
    results = []
    found = record.get("search_results")
    for rank, entry in enumerate(found if isinstance(found, list) else [], start=1):
        if not isinstance(entry, dict):
            continue  # not a page: a real record never has one
        page = str(entry.get("page_result") or "")
        pid = "raw:" + hashlib.sha256(page.encode("utf-8", "surrogatepass")).hexdigest()
        html[pid] = page
        results.append(
            Result(
                rank, pid, str(entry.get("page_url", "")), str(entry.get("page_name", "")),
                str(entry.get("page_last_modified") or ""), len(page), str(entry.get("page_snippet") or ""),
            )
        )  # fmt: skip
    given = record.get("alt_ans", record.get("alternative_answers")) or []
    alts = [given] if isinstance(given, str) else [str(a) for a in given] if isinstance(given, list) else []
    return AuditQuestion(
        str(record.get("interaction_id", "")), str(record.get("query", "")), str(record.get("domain", "")),
        str(record.get("question_type", "")), str(record.get("static_or_dynamic", "")),
        str(record.get("answer", "")), alts, [], results, set(), str(record.get("query_time", "")),
        "", str(record.get("popularity") or ""),
    )  # fmt: skip


def _verbatim_pages(q: AuditQuestion, html: dict[str, str]) -> set[str]:
    from mockapi.audit.anatomy import strip_tags

    wanted = [a.lower() for a in q.answers()]
    if not wanted:
        return set()
    out = set()
    for r in q.results:
        text = strip_tags(html.get(r.page_id, "")).lower()
        if any(a in text for a in wanted):
            out.add(r.page_id)
    return out


def table_names(con: duckdb.DuckDBPyConnection) -> set[str]:
    """The tables of an open store (a KG of another scale or an older build may lack some)."""
    return {t for (t,) in con.execute("SELECT table_name FROM information_schema.tables").fetchall()}


def kg_rows(world: Path | None, tables: set[str], sql: str) -> list[Any]:
    """The rows `sql` reads from the KG of `world`; none when there is no KG or it lacks one of `tables` (a
    real corpus, a KG of another scale or an older build)."""
    if world is None or not (world / "kg.duckdb").is_file():
        return []
    with store.connect(world / "kg.duckdb") as con:
        return con.execute(sql).fetchall() if tables <= table_names(con) else []
