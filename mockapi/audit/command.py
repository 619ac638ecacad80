"""`crag-mock audit`: a world's fidelity figures, next to a real CRAG sample's and CRAG's published ones."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from mockapi.audit.sizes import TEXT_QUESTIONS
from mockapi.core.paths import PAGES_DB, QUESTIONS_DB, is_complete, world_dir
from mockapi.core.user_error import UserError
from mockapi.formats.manifest import read_manifest
from mockapi.world.context import add_split_argument

if TYPE_CHECKING:
    from mockapi.audit.data import AuditQuestion


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags of `crag-mock audit`."""
    parser.add_argument("--data", help="world directory (default: the default world)")
    parser.add_argument("--scale", default="default", help="which named world when --data is not given")
    parser.add_argument("--seed", type=int, default=0)
    add_split_argument(parser)
    parser.add_argument(
        "--real",
        metavar="FILE",
        help="real CRAG records (.jsonl[.bz2]) to measure the same way, side by side",
    )
    parser.add_argument("--pages", type=int, default=400, help="pages sampled for page figures (default 400)")
    parser.add_argument(
        "--questions", type=int, default=300, help="answerable questions sampled for answer-page figures"
    )
    parser.add_argument(
        "--text-questions",
        type=int,
        default=TEXT_QUESTIONS,
        help="questions the question-text figures, the learned adversaries and the rules read question by "
        f"question read, a seeded sample (default {TEXT_QUESTIONS:,}, the default world's size, at which "
        "every bar was set; 0: all of them)",
    )
    parser.add_argument(
        "--test-data",
        metavar="DIR",
        help="another world (the test split) to score the adversaries trained on this one on (default: the "
        "test-split world of the same scale and seed, when built)",
    )
    parser.add_argument("--json", action="store_true", help="print every figure as JSON")


def run(args: argparse.Namespace) -> int:
    """Measure the world (and the real sample), print the table or JSON (exit 0: a report, not a gate)."""
    from mockapi.audit.data import load_real, load_world
    from mockapi.audit.figures import compute
    from mockapi.audit.report import details, lines
    from mockapi.audit.table import show

    if args.pages < 1 or args.questions < 1:
        raise UserError("--pages and --questions must be at least 1")
    if args.text_questions < 0:
        raise UserError("--text-questions must be 0 (every question) or more")
    world = world_dir(args.data, args.scale, args.seed, args.split)
    manifest = read_manifest(world)
    for name in (QUESTIONS_DB, PAGES_DB):
        if not (world / name).is_file():
            raise UserError(f"{world} has no {name}: the audit needs a world with questions and pages")
    _need_sklearn()
    real_corpus = None
    if args.real:
        path = Path(args.real)
        if not path.is_file():
            raise UserError(f"{path}: no such file")
        real_corpus = load_real(path)
    test = _test_questions(args, world)
    real_qs = real_corpus.questions if real_corpus else None
    n_text = args.text_questions
    figures = compute(load_world(world, manifest), args.pages, args.questions, 0, test, real_qs, n_text)
    real = compute(real_corpus, args.pages, args.questions, text_questions=n_text) if real_corpus else None
    rows = lines(figures, real)
    if args.json:
        print(json.dumps({"world": str(world), "lines": rows, "figures": figures, "real": real}, default=str))
    else:
        show(rows, details(figures), f"fidelity audit of {world}")
    return 0


def _need_sklearn() -> None:
    try:
        import sklearn  # noqa: F401
    except ImportError:
        raise UserError(
            "the learned adversaries need scikit-learn: pip install 'crag-mockapi[audit]'"
        ) from None


def _test_questions(args: argparse.Namespace, world: Path) -> list[AuditQuestion] | None:
    """Questions of the world the adversaries are scored on (dev→test): --test-data, else the test split."""
    from mockapi.audit.data import load_world

    if args.test_data:
        other = Path(args.test_data).expanduser().resolve()
        if not (other / QUESTIONS_DB).is_file() or not (other / PAGES_DB).is_file():
            raise UserError(f"--test-data {other}: not a world with questions and pages")
    elif args.data is None and args.split == "dev":
        other = world_dir(None, args.scale, args.seed, "test")
        if not is_complete(other):
            return None
    else:
        return None
    if other == world:
        return None
    return load_world(other, read_manifest(other)).questions
