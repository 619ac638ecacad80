"""`crag-eval`: run a CRAG model on Task 1, 2 or 3 and score it; `score`, `report` and `compare` a run.

crag-eval --task 1|2|3 [--model NAME|module:Class] [--data DIR|FILE] [--server URL] [--judge rules|openai]
          [--limit N] [--output DIR] [--resume RUN_DIR]
crag-eval score RUN [--judge rules|openai] [--labels HUMAN.csv] [--type-weights WEIGHTS.json]
crag-eval report RUN
crag-eval compare RUN_A RUN_B
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from crag_eval.robustness import add_robustness_arguments, run_sweep, wanted
from mockapi.errors import UserError

SUBCOMMANDS = ("score", "report", "compare")


def run_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="crag-eval",
        description="Evaluate a CRAG model against the mock API.",
        epilog="Also: crag-eval score RUN | report RUN | compare RUN_A RUN_B",
    )
    p.add_argument(
        "--task", type=int, choices=(1, 2, 3), help="1: 5 pages; 2: 5 pages + KG; 3: 50 pages + KG"
    )
    p.add_argument("--model", default="baseline", help="dummy | oracle | baseline | openai | module:Class")
    p.add_argument("--data", help="a world directory or a CRAG dataset file (.jsonl / .jsonl.bz2)")
    p.add_argument("--server", help="use a running mock server at this URL instead of starting one")
    p.add_argument("--judge", default="rules", choices=("rules", "openai"), help="rules (offline) or openai")
    p.add_argument("--limit", type=int, help="only the first N questions")
    p.add_argument("--output", help="run directory (default runs/<time>-task<N>-<model>)")
    p.add_argument("--resume", help="continue a killed or failed run from its directory")
    add_robustness_arguments(p)  # --noise-ratio, --negative-rejection, --counterfactual, --fault-rate, …
    return p


def sub_parser(command: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=f"crag-eval {command}")
    if command == "compare":
        p.add_argument("run_a")
        p.add_argument("run_b")
        return p
    p.add_argument("run")
    if command == "score":
        p.add_argument("--judge", default="rules", choices=("rules", "openai"))
        p.add_argument("--labels", help="human four-way labels: CSV with interaction_id,label (for Score_h)")
        p.add_argument("--type-weights", help="JSON {question_type: weight} for the KDD Cup macro average")
    return p


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `crag-eval` console script."""
    argv = list(sys.argv[1:] if argv is None else argv)
    command = argv[0] if argv and argv[0] in SUBCOMMANDS else "run"
    try:
        if command == "run":
            return _run(run_parser().parse_args(argv))
        args = sub_parser(command).parse_args(argv[1:])
        if command == "score":
            return _score(args)
        if command == "report":
            return _report(Path(args.run))
        return _compare(Path(args.run_a), Path(args.run_b))
    except UserError as exc:
        print(f"crag-eval: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("crag-eval: interrupted; continue with --resume RUN_DIR", file=sys.stderr)
        return 130


def _run(args: argparse.Namespace) -> int:
    from crag_eval.evaluate import RunConfig, evaluate
    from crag_eval.report import print_summary

    if args.resume is None and args.task is None:
        raise UserError("--task is required (1, 2 or 3), e.g. crag-eval --task 3 --model baseline")
    resume = Path(args.resume) if args.resume else None
    config = RunConfig(
        task=args.task or 0,
        model=args.model,
        data=args.data,
        server=args.server,
        judge=args.judge,
        limit=args.limit,
        output=args.output,
    )
    say = lambda msg: print(msg, file=sys.stderr)  # noqa: E731
    if resume is None and wanted(args):  # one run per evidence setting, then the robustness table
        run_sweep(config, args, say)
        return 0
    run_dir = evaluate(config, resume, say=say)
    print_summary(run_dir)
    return 0


def _score(args: argparse.Namespace) -> int:
    from crag_eval.report import print_summary, render_reports
    from crag_eval.rundir import read_run
    from crag_eval.scoring import score_run

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
    return 0


def _report(run_dir: Path) -> int:
    from crag_eval.report import render_reports
    from crag_eval.rundir import read_run

    read_run(run_dir)
    md, html = render_reports(run_dir)
    print(f"{md}\n{html}")
    return 0


def _compare(a: Path, b: Path) -> int:
    from crag_eval.compare import compare_runs, print_comparison

    print_comparison(compare_runs(a, b))
    return 0


if __name__ == "__main__":
    sys.exit(main())
