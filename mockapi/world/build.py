"""`crag-mock build`: generate a world into a temporary directory, then rename it into place.

A world directory only ever appears under its final name complete (manifest written last, then one rename),
so an interrupted build can never be mistaken for a world by `info` or `serve`.
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from importlib import metadata
from pathlib import Path
from typing import Any

from mockapi.core import pipe_pool
from mockapi.core.paths import KG_DB, QUESTIONS_DB, is_complete, world_dir
from mockapi.core.staging import check_replaceable, disk_usage, stage_world
from mockapi.core.user_error import UserError
from mockapi.formats.manifest import (
    MANIFEST_FORMAT,
    KgSection,
    Manifest,
    WebStageSection,
    read_manifest,
    write_manifest,
)
from mockapi.serving.build import builders_version
from mockapi.world.context import SPLITS, WorldContext, add_split_argument
from mockapi.world.kg_stage import build_kg
from mockapi.world.manifest import DERIVED_FOLDERS, content_hash, table_digest
from mockapi.world.questions.model import Question
from mockapi.world.scales import Scale, get_scale
from mockapi.world.secret import choose_secret, world_secret, write_secret

Progress = Callable[[str], None]

# 8: sets named by common words, group verbs, inverted wh-questions, clean KG names (questions side)
# 9: no rival look-alike values on answer pages; topical pages state the asked attribute (pages side)
# 12: answer-form pages for questions no page answers, rival values as often as the answer (issue 31); each
#     page's random stream named by (seed, stage, id), so helpers make pages in any order (issue 34)
# 13: prose read as written (issue 31's naturalness read): synonym groups of one sense, articles by sound,
#     sizes a firm can hold, counts with commas, one sports vocabulary; pages titled for their own subject
# 14: a set question's topical pages titled for the set as its answer pages are; conditions said as any
#     question says a fact ("the wolves, founded in 1962"), shared across domains; follow-up lines name
#     their subject; swap groups that changed sense out (issue 31's read of generator 13)
# 16: the train split's own fact frames, shells 10-11 and one phrasing in eight, so dev and test keep
#     generator 15's families; look-alikes named "<X> City, <X>" are the subject to the consistency check;
#     older amounts drift from the current one; a set's answer pages state no older values (issue 31)
# 17: open-domain questions about other domains' subjects in their words (domain read from the text); plain
#     questions (rare tails and typos, no embedding opener before a statement, no initials or "the utd" as a
#     name, fewer lower-case tickers); films' amounts of their era; rival dates on topical pages (issue 31)
# 18: counts, totals, lists and comparisons asked in each other's and attributes' words (question type read
#     from the text); a true question's answer-form pages state no answer; type-tagged look-alikes are the
#     subject to the consistency check; "who" only for people; no two-letter tickers (issue 31, g17 reader)
# 19: no decoy cut from the subject's name (initials, short forms, hyphens), namesakes for people; lists in a
#     page's own order; lead-ins name a moment; timelines say what happened; no share class as a company;
#     simple questions in relations' words, comparisons of list sizes (issue 31, g18 reader and audit)
# 20: no "so"/"although" joiners, 2-5 hour warm-ups, no hometown filler, no particle blends, towns as
#     birthplaces, organisations' look-alikes named as organisations, sequels and second sides dated after
#     their subject, counts asked in users' words (issue 31, g19 reader)
# 21: every dated event inside its entity's life (films made before release and seen after, songs made on
#     nothing newer, nothing before a founding or a person's 18th year), one length/main location/run a page,
#     no look-alike holding a name the question uses, no older values on a comparison's pages, one clause a
#     question, no honorifics or middle initials (issue 31, g20 reader)
# 22: eras of media, formats and instruments (no podcast before 2005, synth on a 1944 song, digital stock in
#     1971), films made before their release year, first scenes once a page, a year's set dating its members,
#     no invented name a KG-dated entity has, amounts skewed and in their era (issue 31, g21 reader)
# 23: lives with start days and deaths (the open KG's people, places, organisations and concepts; nobody born
#     before 1926 alive), concepts keep concept pages, finance asked on trading days, a year's Oscars <= 24,
#     sequels after originals, weekend grosses weeks after release, decade records for KG film money, crowds,
#     profit below revenue, people named by surname in their prose (issue 31, g22 reader and audit)
# 24: songs' sequels after originals, "(1976 film)" in 1976, cast/lead/crew ages 8/16/20 to 85/67 at every
#     credit, reception and trailers on the right side of a release, no unanchored relative offsets, weekend
#     grosses only in a run, session-day dates and small daily moves, no pages about a no-answer question's
#     hidden answer (issue 31, g23 reader and audit)
# 25: no past event after its page's day at any precision, a recent work's yearless months inside its life,
#     companies' sums sized by their market cap, KG companies keep their KG figures (no look-alike prices),
#     entity pages read the KG's anchors in any process (issue 31, g24 reader and audit)
# 26: no age asked of the dead (a KG death or a birth before 1926), no act in a death's year, no fact asked
#     twice in a split (group questions redrawn as other groups), headcounts 0.2-4 % of the employees,
#     points a game 2.0-34.5 (issue 31, g25 reader); no mobile app before 2008, nothing done to a part before
#     the clause dates it, a century's landmarks built in it, sequels after originals on every page, no
#     tickets to a town, clocks in waking hours (issue 31, the independent reading of a g25 world)
# 27: prices as known at the query's hour in US/Eastern (the last close before 16:00 ET, a minute's price in
#     a session), pages dated by their Eastern day and published after the close they state; a club's titles
#     after its founding; a KG cast asked whole; no question names a KG entity with a case twin; another
#     entity's fact never an unlabelled row; lead-ins sized by their company, with no time told from the
#     page; no market figure on a holiday; rosters within a team's points (issue 31, the g26 reading)
# 28: false premises drawn on the frames and types true questions use; syndicated copies dated after their
#     source's figures; KG companies' prose after their founding; a set's answer-form pages tabulate the
#     whole set; no question states a set's size (issue 31, the g27 audit's regressed form/text lines)
# 29: a full date stated once on an answer page; living mayors; look-alike pages' figures in their KG era and
#     ages; a film's prose pairs it with films; a topic's facilities by what it is; five starters; no chain
#     walks a relation twice; no description ends in its verb (issue 31, the g28 audit and reading)
# 30: a town, city or county is lived in (its own clauses, lead-ins and back-references), populations only of
#     settlements, a closing price the latest close that had happened, false premises in what is asked, no
#     aside at a chain's start, no colon frames, no stated inputs, four prose slips (issue 31, g29's reading)
# 31: a "... County" is a settlement whatever starts it, a look-alike university sells no day tickets, a KG
#     price's older values differ from it, the KG's answer share centred (KG_LIFT 1.0) (issue 31, audit31 on
#     the g30 trial)
# 32: a false premise of a day before its subject existed states what is asked on its pages, not the start
#     (issue 31, the form adversary's (c) line on g30)
# 33: a song's take or video goes online (no release of its own), a club's shared page dated by its questions'
#     starts, no population of an "X of the Y" title (issue 31, audit32's three lines on g32)
# 34: a name's aside trails the question ("..., the one founded in 1937?"), a false premise redraws one it
#     would bend in an aside, stiff frames reader32 read reworded, tallies asked as "the number of"; pages32:
#     running totals never fall, award counts within records, animated films drawn, music persons' own
#     template (issue 31)
# 35: a name's aside in a list or at a chain's start said before the name ("the x founded in 1913"), a film's
#     bracketed year before it (audit32's mid-sentence aside line); pages32's later fixes (a music person's
#     lines, voices recorded, a dozen Grammys at most, "the number of points in the last game")
# 36: g35's audit, three single cases: a poster that surfaces or sells later is no promotion (dated after the
#     release), a stock "closed out last session", never "this session" (a 01:37 ET page), "season preview"
# 37: the train split at any N (issue 34, train35): set families that grow with N (set_years), invented names
#     holding no KG twin, questions whose fact another states answered first, train's bending qualifiers
# 38: the 20,000 train world's and the g37 default world's single cases (world36): a dated close is its
#     session's, works on a part before it stood refused on any page and in any word for "built", a weekend
#     gross follows a name's asked start, one currency per company; q36: no identifier in-line before the verb
#     (", i mean the one ..."), "who" for person-valued attributes; prose36: the lexicon's stock runs split
# 39: syndicated copies of any of a question's own pages, each with the same odds whatever its role, ranked
#     beside and never dated before their source (the agreement adversary, issue 31); prose36: the split's two
#     slips, a name's share price, institutions' own clauses (no trees, trails or wildfires at an opera
#     house), the lexicon's older runs split; q36: an identifier only for a look-alike holding the whole name,
#     no afterthought after a date, "now" or "in all"
# 40: what a page holds of a question's rivals and peers drawn the same whatever its role: topical, stale and
#     look-alike pages state the rivals' values as answer pages do, a question's own peers recur on its pages
#     with figures fixed by name (audit36's agreement adversary, issue 31), answer pages ranked from 0.65;
#     cases37: the g38 worlds' single cases (a company's bent day a session, an invented film's weekend gross
#     in its run, a false premise's totals asked, no two invented subjects of one name, long titles once the
#     short are taken, an invented look-alike's one start); q37: counts compared and asked in plain words,
#     past-tense values, set members over a threshold; CUT2: no colon frames, no off-season month beside games
# 41: world37-next: a look-alike's own page states no other entity's value (CUT2's sizes case); cases37: demos
#     and sketches no synonyms, no KG case twin in any split, no look-alike on another kind's KG name;
#     stand38: a recent dated line on every role's page of a question about now (`recent`), fresh topical
#     pages, stale pages dated between sessions and naming a peer (the standing adversary, issue 31)
# 42: w61: a topical page composed as an answer page is, with another value where it states the answer (the
#     standing and agreement adversaries, issue 31); hops stated on every such page; a look-alike's page names
#     what an answer page names beside its subject and a peer's figures; every split's KG answer share centred
#     at CRAG's 63 % (dev's drifted to 66.2); stale pages' helpers in their own module, no dead draw
GENERATOR_VERSION = "44"
MAX_QUESTIONS = 100_000  # `--questions`: a training set's size (an RL run draws 512 prompts a step)


def code_versions() -> dict[str, str]:
    """Versions that determine the bytes of a world: ours and the libraries whose output we store."""
    versions = {"crag-mockapi": _version("crag-mockapi"), "generator": GENERATOR_VERSION}
    versions["serving"] = builders_version()  # serving/ is rebuilt when its builders change
    for dist in ("duckdb", "Faker", "Jinja2"):
        versions[dist] = _version(dist)
    return versions


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "unknown"


def build_world(
    scale_name: str,
    seed: int,
    target: Path,
    progress: Progress = lambda _msg: None,
    split: str = "dev",
    secret: bytes | None = None,
    jobs: int | None = None,
    questions: int | None = None,
    passages: bool = False,
) -> Manifest:
    """Build (or reuse, when built with the same inputs) the world at `target`; returns its manifest.

    With a `secret` (`build --secret`) every random draw also depends on it (mockapi/world/secret.py).
    `jobs`: helper processes of the stages that use them (`--jobs`; None: every core); the bytes are the
    same for any number. `questions`: how many questions instead of the scale's (`--questions`; the KG
    and the pages per question are the scale's). `passages`: also the passages of POST /retrieve, which a
    build otherwise leaves to their first use (mockapi/retrieve/ensure.py; not in the content hash)."""
    if jobs is not None and jobs < 1:
        raise UserError(f"--jobs must be a positive number, got {jobs}")
    scale = get_scale(scale_name)
    if questions is not None:
        if not 1 <= questions <= MAX_QUESTIONS:
            raise UserError(f"--questions must be between 1 and {MAX_QUESTIONS:,}, got {questions}")
        scale = dataclasses.replace(scale, questions=questions)
    pipe_pool.JOBS.append(jobs or pipe_pool.cores())
    try:
        manifest = _build_world(scale, seed, target, progress, split, secret, passages)
        if passages:  # a world reused as it was built may lack them
            from mockapi.retrieve.ensure import ensure_passages

            ensure_passages(target)
        return manifest
    finally:
        pipe_pool.JOBS.pop()


def _build_world(
    scale: Scale,
    seed: int,
    target: Path,
    progress: Progress,
    split: str,
    secret: bytes | None,
    passages: bool,
) -> Manifest:
    scale_name = scale.name
    if seed < 0:
        raise UserError(f"--seed must be a non-negative integer, got {seed}")
    if split not in SPLITS:
        raise UserError(f"unknown split {split!r}: choose one of {', '.join(SPLITS)}")
    check_replaceable(target)
    # older worlds lack the derived serving/, search/ and web_serving/ folders: rebuild them
    derived = all((target / d / "meta.json").is_file() for d in DERIVED_FOLDERS)
    if is_complete(target) and derived:
        current = read_manifest(target)
        built = (current.scale, current.seed, current.effective_split, current.versions, _questions(current))
        same = (scale_name, seed, split, code_versions(), scale.questions)
        if built == same and world_secret(target) == secret:
            return current
    started = time.perf_counter()
    # one set of helpers for every stage (pipe_pool.pool): each imports the build's modules once
    with stage_world(target, "building") as tmp, pipe_pool.pool(pipe_pool.build_workers()):
        ctx = WorldContext(scale=scale, seed=seed, split=split, secret=secret or b"")
        manifest = Manifest(
            format=MANIFEST_FORMAT,
            kind="synthetic",
            scale=scale_name,
            seed=seed,
            split=split,
            clock=ctx.clock.isoformat(sep=" "),
            versions=code_versions(),
        )
        if secret:
            manifest.secret = True
            write_secret(tmp, secret)
        # imported here, not at the top: the importers load this module for code_versions() only, and the
        # questions and pages stage pulls in the generator (Faker, Jinja2)
        from mockapi.world import web_stage

        made: list[Question] = []  # with helpers, the questions are made beside the serving tables
        stores: dict[str, Any] = {}  # the stores' digests for the content hash, when taken beside a stage

        def beside_serving() -> None:
            # kg.duckdb is final once the serving stage reads it: its digest (DuckDB's threads, ~7 CPU-s and
            # ~0.8 GB on the default world) is taken here, where a core idles while the serving tables wait on
            # their slowest helper, not beside the web tables, where it raised the build's peak memory
            with ThreadPoolExecutor(1, thread_name_prefix="crag-mock-kg-digest") as thread:
                kg = thread.submit(table_digest, tmp / KG_DB)
                made.extend(web_stage.make_questions(ctx, tmp))
                stores[KG_DB] = kg.result()

        manifest.kg = KgSection.model_validate(build_kg(ctx, tmp, progress, beside_serving))
        ready = made if pipe_pool.build_workers() > 1 else None
        section = web_stage.run(ctx, tmp, progress, ready, passages, stores)
        manifest.web_stage = WebStageSection.model_validate(section)
        # a test world is never the dev world; pages are rendered on request, so the renderer is content
        hash_inputs = {**manifest.versions, "split": split, **web_stage.HASH_INPUTS}
        progress("hashing")
        manifest.content_hash = content_hash(tmp, hash_inputs, stores)
        manifest.build_seconds = round(time.perf_counter() - started, 2)
        manifest.disk_bytes = disk_usage(tmp)
        if secret:  # its gold cannot be rebuilt from public inputs: owner-only, as secret.key
            (tmp / QUESTIONS_DB).chmod(0o600)
        write_manifest(tmp, manifest)
    return manifest


def _questions(manifest: Manifest) -> int | None:
    return manifest.web_stage.summary.questions if manifest.web_stage else None


# ───────────────────────── CLI ─────────────────────────


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags of `crag-mock build`."""
    parser.add_argument("--scale", default="default", help="tiny | default | full (default: default)")
    parser.add_argument("--seed", type=int, default=0, help="world seed (default: 0)")
    add_split_argument(parser)
    parser.add_argument(
        "--data",
        help="world directory (default: <scale>[-test] under $CRAG_MOCK_HOME or ~/.cache/crag-mockapi)",
    )
    parser.add_argument(
        "--secret",
        action="store_true",
        help="a challenge world: all randomness also derives from a 256-bit OS secret (kept as secret.key, "
        "0600), so the public seed cannot rebuild it; /meta then hides the seed",
    )
    parser.add_argument(
        "--secret-file", type=Path, metavar="F", help="reuse the secret in F (a world's secret.key)"
    )
    parser.add_argument(
        "--jobs", type=int, metavar="N", help="helper processes (default: every core); same bytes for any N"
    )
    parser.add_argument(
        "--passages",
        action="store_true",
        help="also index the passages of POST /retrieve now (else `serve` or the first /retrieve does)",
    )
    parser.add_argument(
        "--questions",
        type=int,
        metavar="N",
        help=f"N questions (1-{MAX_QUESTIONS:,}) instead of the scale's, over the scale's KG; needs --data "
        "unless --split train",
    )


def run(args: argparse.Namespace) -> int:
    """Build the world and print its summary."""
    from mockapi.world.info import print_summary
    from mockapi.world.progress import status

    # the default folder of dev or test is the scale's own world; a train world has no size of its own
    if args.questions is not None and args.data is None and args.split != "train":
        raise UserError(
            "--questions needs --data DIR (or --split train): a world of another size than its scale's"
        )
    target = world_dir(args.data, args.scale, args.seed, args.split)
    check_replaceable(target)  # before the status line: a refusal is the one line printed
    secret = choose_secret(target, args.secret_file, args.secret)
    with status(f"building {args.scale} {args.split} world into {target}") as progress:
        manifest = build_world(
            args.scale,
            args.seed,
            target,
            progress,
            split=args.split,
            secret=secret,
            jobs=args.jobs,
            questions=args.questions,
            passages=args.passages,
        )
    print_summary(target, manifest)
    return 0
