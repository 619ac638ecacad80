"""`crag-eval`: run a CRAG model on Task 1, 2 or 3 and score it; `score`, `report` and `compare` a run.

crag-eval --task 1|2|3 [--model NAME|module:Class] [--model-args JSON] [--data DIR|FILE] [--server URL]
          [--judge rules|openai] [--limit N [--seed S] | --first N] [--timeout S] [--batch-size N]
          [--max-concurrency N] [--workers N] [--max-error-rate R] [--output DIR]
          [--resume RUN_DIR [--retry-errors]] [--sweep SPEC] [--fail-under SCORE] [--log-to mlflow]
          [--version]
crag-eval score RUN [--judge rules|openai] [--labels HUMAN.csv] [--type-weights WEIGHTS.json]
          [--fail-under SCORE] [--log-to mlflow]
crag-eval report RUN
crag-eval compare RUN_A RUN_B
crag-eval leaderboard RUN… [--format md|json|html] [--output FILE] [--slice KEY]
crag-eval export RUN --format parquet --out DIR

Exit codes: 0 done; 1 too many model errors (--max-error-rate); 2 a usage error (one line); 3 Score_a below
--fail-under; 130 / 143 interrupted (Ctrl-C / SIGTERM), resumable.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from pydantic import JsonValue

from crag_eval.models import BUILTIN
from crag_eval.run.runner import SECONDS_PER_QUESTION
from crag_eval.run.signals import Terminated, catch_sigterm
from crag_eval.sweep.robustness import (
    add_robustness_arguments,
    is_sweep,
    run_sweep,
    settings_from,
    sim_from,
    wants_sim,
)
from mockapi.core.user_error import UserError

SUBCOMMANDS = ("score", "report", "compare", "leaderboard", "export")
BELOW_GATE = 3
"""Exit code when Score_a is below --fail-under."""


def _version() -> str:
    from importlib import metadata

    try:
        return metadata.version("crag-mockapi")
    except metadata.PackageNotFoundError:
        return "unknown"


def run_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="crag-eval",
        description="Evaluate a CRAG model against the mock API.",
        epilog="Also: crag-eval score RUN | report RUN | compare RUN_A RUN_B | leaderboard RUN… | export RUN",
    )
    p.add_argument("--version", action="version", version=f"crag-eval (crag-mockapi) {_version()}")
    p.add_argument(
        "--task", type=int, choices=(1, 2, 3), help="1: 5 pages; 2: 5 pages + KG; 3: 50 pages + KG"
    )
    p.add_argument("--model", default="baseline", help=" | ".join([*BUILTIN, "module:Class"]))
    p.add_argument("--model-args", metavar="JSON", help="keyword arguments of the model's constructor")
    p.add_argument("--data", help="a world directory or a CRAG dataset file (.jsonl / .jsonl.bz2)")
    p.add_argument(
        "--no-cache",
        action="store_true",
        help="--data FILE: convert into a temporary world removed at exit (default: cached under "
        "$CRAG_MOCK_HOME/datasets/, reused by later runs)",
    )
    p.add_argument("--server", help="use a running mock server at this URL instead of starting one")
    p.add_argument("--judge", default="rules", choices=("rules", "openai"), help="rules (offline) or openai")
    p.add_argument("--limit", type=int, metavar="N", help="a random sample of N questions (see --seed)")
    p.add_argument("--first", type=int, metavar="N", help="the first N questions in dataset order")
    p.add_argument("--seed", type=int, default=0, help="seed of the --limit sample (default 0)")
    p.add_argument(
        "--timeout", type=float, default=SECONDS_PER_QUESTION, metavar="S", help="seconds per question (30)"
    )
    p.add_argument("--batch-size", type=int, metavar="N", help="override the model's get_batch_size()")
    p.add_argument(
        "--max-concurrency",
        type=int,
        metavar="N",
        help="batches in flight at once (default: the model's get_max_concurrency(), else 1); answers are "
        "still written in dataset order",
    )
    p.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="processes the questions are sharded over, each with its own --max-concurrency (default: "
        "every core for a process-safe model such as the baseline, else 1)",
    )
    p.add_argument(
        "--max-error-rate",
        type=float,
        default=0.05,
        metavar="R",
        help="exit non-zero when more than this share of answers are model errors (default 0.05)",
    )
    p.add_argument("--output", help="run directory (default runs/<time>-task<N>-<model>)")
    _add_fail_under(p)
    p.add_argument("--resume", metavar="RUN_DIR", help="continue a killed or failed run (or sweep)")
    p.add_argument("--retry-errors", action="store_true", help="with --resume: ask errored questions again")
    g = p.add_argument_group("agents (a tool client per question, budgets, cost)")
    g.add_argument("--max-tool-calls", type=int, metavar="N", help="per question: tool-client requests")
    g.add_argument("--max-tokens", type=int, metavar="N", help="per question: LLM tokens in + out (reported)")
    g.add_argument("--prices", metavar="SPEC", help="'model=IN/OUT,…' $ per 1M tokens, or a JSON/CSV file")
    g.add_argument(
        "--llm-cache", action="store_true", help="cache the built-in models' LLM calls (re-runs free)"
    )
    p.add_argument(
        "--sweep",
        metavar="SPEC",
        help="CRUD-RAG knob sweep over --model-args, e.g. 'top_k=1,3,5;chunk_size=256,512' (a run per point)",
    )
    add_robustness_arguments(p)  # --noise-ratio, --negative-rejection, --counterfactual, --fault-rate, …
    return p


def sub_parser(command: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=f"crag-eval {command}")
    if command == "compare":
        p.add_argument("run_a")
        p.add_argument("run_b")
        return p
    if command == "leaderboard":
        p.add_argument("runs", nargs="+", metavar="RUN")
        p.add_argument("--format", default="md", choices=("md", "json", "html"))
        p.add_argument("--output", metavar="FILE", help="write the table here (default: print it)")
        p.add_argument("--slice", default="domain", help="the per-slice columns' key (default domain)")
        return p
    if command == "export":
        from crag_eval.report.export import add_export_arguments

        add_export_arguments(p)
        return p
    p.add_argument("run")
    if command == "score":
        p.add_argument("--judge", default="rules", choices=("rules", "openai"))
        p.add_argument("--labels", help="human four-way labels: CSV with interaction_id,label (for Score_h)")
        p.add_argument("--type-weights", help="JSON {question_type: weight} for the KDD Cup macro average")
        _add_fail_under(p)
    return p


def _add_fail_under(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--fail-under",
        type=float,
        metavar="SCORE",
        help=f"exit {BELOW_GATE} when Score_a %% (the primary judge's) is below SCORE, e.g. 10 (a CI gate)",
    )
    p.add_argument(
        "--log-to",
        choices=("mlflow",),
        help="also log the scored run to MLflow ($MLFLOW_TRACKING_URI, else the file store ./mlruns; "
        "pip install 'crag-mockapi[mlflow]')",
    )


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `crag-eval` console script."""
    argv = list(sys.argv[1:] if argv is None else argv)
    command = argv[0] if argv and argv[0] in SUBCOMMANDS else "run"
    restore = catch_sigterm()
    try:
        if command == "run":
            return _run(run_parser().parse_args(argv))
        args = sub_parser(command).parse_args(argv[1:])
        if command == "score":
            return _score(args)
        if command == "report":
            return _report(Path(args.run))
        if command == "leaderboard":
            return _leaderboard(args)
        if command == "export":
            from crag_eval.report.export import export_command

            return export_command(args)
        return _compare(Path(args.run_a), Path(args.run_b))
    except UserError as exc:
        print(f"crag-eval: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:
        where = getattr(exc, "run_dir", None)
        hint = f"continue with: crag-eval --resume {where}" if where else "nothing was written"
        terminated = getattr(exc, "terminated", False) or isinstance(exc, Terminated)
        print(f"crag-eval: {'terminated' if terminated else 'interrupted'}; {hint}", file=sys.stderr)
        return 143 if terminated else 130
    finally:
        restore()


def _model_args(text: str | None) -> dict[str, JsonValue] | None:
    if text is None:
        return None
    try:
        value: JsonValue = json.loads(text)
    except ValueError as exc:
        raise UserError(f"--model-args needs a JSON object, e.g. '{{\"top_k\": 5}}': {exc}") from None
    if not isinstance(value, dict):
        raise UserError(f"--model-args needs a JSON object (keyword arguments), got {text!r}")
    return value


def _run(args: argparse.Namespace) -> int:
    from crag_eval.files.rundir import read_run
    from crag_eval.llm.prices import parse_prices
    from crag_eval.report.render import print_summary
    from crag_eval.run.evaluate import RunConfig, check_config, error_rate_problem, evaluate
    from crag_eval.sweep.knobs import parse_sweep

    def say(msg: str) -> None:
        print(msg, file=sys.stderr)

    if args.retry_errors and not args.resume:
        raise UserError("--retry-errors goes with --resume RUN_DIR")
    resume = Path(args.resume) if args.resume else None
    for flag, value in (("--max-concurrency", args.max_concurrency), ("--workers", args.workers)):
        if resume is not None and value is not None and value < 1:
            raise UserError(f"{flag} must be a positive number, got {value}")
    if resume is not None and is_sweep(resume):
        _root, runs = run_sweep(RunConfig(task=0), [], say, resume, args.retry_errors)
        return _exit_code(runs, say, args.log_to)
    if resume is None and args.task is None:
        raise UserError("--task is required (1, 2 or 3), e.g. crag-eval --task 3 --model baseline")
    settings = settings_from(args)
    config = RunConfig(
        task=args.task or 0,
        model=args.model,
        data=args.data,
        no_cache=args.no_cache,
        server=args.server,
        judge=args.judge,
        limit=args.limit,
        first=args.first,
        seed=args.seed,
        output=args.output,
        seconds_per_question=args.timeout,
        model_args=_model_args(args.model_args),
        batch_size=args.batch_size,
        max_concurrency=args.max_concurrency,
        workers=args.workers,
        max_error_rate=args.max_error_rate,
        perturbation=settings[0][1],
        sim=sim_from(args) if wants_sim(args) or settings[0][1] or len(settings) > 1 else None,
        max_tool_calls=args.max_tool_calls,
        max_tokens=args.max_tokens,
        prices=parse_prices(args.prices).to_json() if args.prices else None,
        llm_cache=args.llm_cache,
    )
    if args.admin_token:
        os.environ["CRAG_EVAL_ADMIN_TOKEN"] = args.admin_token
    if resume is None and args.sweep is not None:  # one run per grid point, then the table and plot
        if len(settings) > 1:
            raise UserError("--sweep and several evidence settings (--noise-ratio …) exclude each other")
        check_config(config)
        _root, runs = run_sweep(config, parse_sweep(args.sweep), say, kind="knobs")
        return _exit_code(runs, say, args.log_to)
    if resume is None and len(settings) > 1:  # one run per evidence setting, then the robustness table
        _root, runs = run_sweep(config, settings, say)
        return _exit_code(runs, say, args.log_to)
    run_dir = evaluate(config, resume, say=say, retry_errors=args.retry_errors)
    print_summary(run_dir)
    max_rate = float(read_run(run_dir).args.get("max_error_rate", 0.05))
    _log_to(run_dir, args.log_to)
    problem = error_rate_problem(run_dir, max_rate)
    if problem:
        say(f"crag-eval: error: {problem}")
        return 1
    return _gate(run_dir, args.fail_under)


def _log_to(run_dir: Path, target: str | None) -> None:
    """--log-to: the finished run copied into an experiment tracker (`crag_eval.report.tracking`)."""
    if target is not None:
        from crag_eval.report.tracking import log_run

        print(f"{target} run: {log_run(run_dir, target)}", file=sys.stderr)


def _exit_code(runs: list[Path], say: Any, log_to: str | None = None) -> int:
    """1 when any run of a sweep has too many model errors (each said on one line), else 0; each run logged
    to --log-to first."""
    from crag_eval.files.rundir import read_run
    from crag_eval.run.evaluate import error_rate_problem

    for run in runs:
        _log_to(run, log_to)
    problems = [
        error_rate_problem(run, float(read_run(run).args.get("max_error_rate", 0.05))) for run in runs
    ]
    for problem in filter(None, problems):
        say(f"crag-eval: error: {problem}")
    return 1 if any(problems) else 0


def _score(args: argparse.Namespace) -> int:
    from crag_eval.files.rundir import read_run
    from crag_eval.report.render import print_summary, render_reports
    from crag_eval.score.scoring import score_run

    run_dir = Path(args.run)
    read_run(run_dir)
    weights = None
    if args.type_weights:
        try:
            weights = {str(k): float(v) for k, v in json.loads(Path(args.type_weights).read_text()).items()}
        except (OSError, ValueError, AttributeError) as exc:
            raise UserError(f"--type-weights needs a JSON object of numbers: {exc}") from None
    labels = Path(args.labels) if args.labels else None
    score_run(run_dir, args.judge, labels, weights)
    render_reports(run_dir)
    print_summary(run_dir)
    _log_to(run_dir, args.log_to)
    return _gate(run_dir, args.fail_under)


def _gate(run_dir: Path, fail_under: float | None) -> int:
    """BELOW_GATE (one line on stderr) when Score_a % is below `fail_under`, else 0."""
    from crag_eval.files.rundir import read_scores

    scores = read_scores(run_dir) if fail_under is not None else None
    primary = scores.primary_score if scores else None
    if fail_under is None or primary is None:
        return 0
    if 100 * primary.score_a < fail_under:
        print(
            f"crag-eval: Score_a {100 * primary.score_a:.1f} % is below --fail-under {fail_under:g}",
            file=sys.stderr,
        )
        return BELOW_GATE
    return 0


def _leaderboard(args: argparse.Namespace) -> int:
    from crag_eval.files.rundir import write_text
    from crag_eval.report.leaderboard import RENDER, leaderboard

    text = RENDER[args.format](leaderboard([Path(r) for r in args.runs], args.slice))
    if args.output:
        write_text(Path(args.output), text)
        print(args.output)
    else:
        sys.stdout.write(text)
    return 0


def _report(run_dir: Path) -> int:
    from crag_eval.files.rundir import read_run
    from crag_eval.report.render import render_reports

    read_run(run_dir)
    md, html = render_reports(run_dir)
    print(f"{md}\n{html}")
    return 0


def _compare(a: Path, b: Path) -> int:
    from crag_eval.report.compare import compare_runs, print_comparison

    print_comparison(compare_runs(a, b))
    return 0


if __name__ == "__main__":
    sys.exit(main())
