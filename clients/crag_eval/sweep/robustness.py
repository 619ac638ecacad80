"""`crag-eval --noise-ratio 0,0.4,0.8 [--negative-rejection] [--counterfactual] [--fault-rate R …]`: with two
or more evidence settings, a run per setting (each an ordinary run directory under one sweep directory),
then a table of accuracy per noise ratio, the rejection, error-detection and misled rates, retrieval
diagnostics and API usage (with retries). One setting (or simulation flags alone) is an ordinary run: same
layout, its figures in its report. `--resume SWEEP_DIR` continues the settings not yet complete;
robustness.md is written after every setting, so an interrupted or failed sweep still has the summary of
what finished.

The in-process server gets the simulation flags and a fresh admin token, so the harness can read its journal;
with `--server URL` the journal is read when `CRAG_EVAL_ADMIN_TOKEN` (or `--admin-token`) is set.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from pydantic import JsonValue, TypeAdapter

from crag_eval.files.records import PerturbationSetting, RunDiagnostics, SimSettings
from crag_eval.files.rundir import RUN_JSON, new_run_dir, read_run, write_json
from crag_eval.run.evaluate import RunConfig, RunInterrupted, evaluate
from mockapi.config.flags import add_setting_flags, given, setting_flags
from mockapi.config.settings import load_settings
from mockapi.core.user_error import UserError

SIM_FLAGS = [f for f in setting_flags() if f.flag.eval]  # --latency, --fault-rate, … (config/settings.py)
SWEEP_JSON = "robustness.json"
SWEEP_MD = "robustness.md"
SWEEP_PLAN = "sweep.json"
# a sweep point's setting, read back from sweep.json: an evidence perturbation or (--sweep) model knobs
PERTURBATION = TypeAdapter(PerturbationSetting)
KNOBS = TypeAdapter(dict[str, JsonValue])
SIM_SETTINGS = TypeAdapter(SimSettings)


def add_robustness_arguments(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("robustness (evidence perturbations and a simulated server)")
    g.add_argument("--noise-ratio", metavar="R[,R…]", help="RGB noise ratios to sweep, e.g. 0,0.4,0.8")
    g.add_argument("--negative-rejection", action="store_true", help="also run with answer-free pages only")
    g.add_argument(
        "--counterfactual", action="store_true", help="also run with pages rewritten to wrong values"
    )
    g.add_argument("--perturb-seed", type=int, default=0, help="seed of the perturbed page lists (default 0)")
    add_setting_flags(g, SIM_FLAGS, help_prefix="in-process server: ", grouped=False)
    g.add_argument("--admin-token", help="with --server: the server's admin token, to read its journal")


def wants_sim(args: argparse.Namespace) -> bool:
    """Did the command line ask for a simulated server or its journal (then API usage is recorded)?"""
    return bool(args.admin_token) or bool(given(args, SIM_FLAGS))


def settings_from(args: argparse.Namespace) -> list[tuple[str, PerturbationSetting | None]]:
    """(name, perturbation) per run: each noise ratio, then negative rejection, then counterfactual."""
    out: list[tuple[str, PerturbationSetting | None]] = []
    seed = int(args.perturb_seed)
    for text in (args.noise_ratio or "").split(","):
        if not text.strip():
            continue
        try:
            ratio = float(text)
        except ValueError:
            raise UserError(
                f"--noise-ratio takes numbers in 0..1 separated by commas, got {text!r}"
            ) from None
        if not 0 <= ratio <= 1:
            raise UserError(f"--noise-ratio values must be in 0..1, got {ratio:g}")
        out.append((f"noise-{ratio:g}", {"noise_ratio": ratio, "perturb_seed": seed}))
    if args.negative_rejection:
        out.append(("negative-rejection", {"mode": "negative_rejection", "perturb_seed": seed}))
    if args.counterfactual:
        out.append(("counterfactual", {"mode": "counterfactual", "perturb_seed": seed}))
    return out or [("unperturbed", None)]


def sim_from(args: argparse.Namespace) -> SimSettings:
    """In-process server simulation settings by field name (only the flags given; checked as `crag-mock
    serve` checks them)."""
    from mockapi.sim.config import load_sim_config

    sim = given(args, SIM_FLAGS)
    load_sim_config(load_settings(sim))
    return SIM_SETTINGS.validate_python(sim)


def is_sweep(path: Path) -> bool:
    return (path / SWEEP_PLAN).is_file()


def run_sweep(
    base: RunConfig,
    settings: Sequence[tuple[str, Mapping[str, object] | None]],
    say: Any,
    resume: Path | None = None,
    retry_errors: bool = False,
    kind: str = "robustness",
) -> tuple[Path, list[Path]]:
    """One evaluation per setting under one directory (resuming what a previous attempt left unfinished);
    returns the sweep directory and the run directories. The table is rewritten after every setting.

    `kind` robustness: a setting is an evidence perturbation; knobs (`--sweep`): keyword arguments laid over
    --model-args (crag_eval.sweep.knobs)."""
    if resume is not None:
        plan = json.loads((resume / SWEEP_PLAN).read_text(encoding="utf-8"))
        root, base = resume, RunConfig(**plan["config"])
        settings = [(name, setting) for name, setting in plan["settings"]]
        kind = plan.get("kind", "robustness")
    else:
        root = Path(base.output) if base.output else new_run_dir(base.task, f"{base.model}", f"-{kind}")
        if is_sweep(root):
            raise UserError(f"{root} already holds a sweep; continue it with --resume {root}")
        root.mkdir(parents=True, exist_ok=True)
        plan = {"format": 1, "kind": kind, "config": asdict(base), "settings": settings}
        write_json(root / SWEEP_PLAN, plan)
    say(f"sweep directory: {root}")
    runs: list[Path] = []
    try:
        for name, setting in settings:
            run_dir = root / name
            say(f"— {name} —")
            if (run_dir / RUN_JSON).is_file():
                if retry_errors or read_run(run_dir).status != "complete":
                    evaluate(base, run_dir, say=say, retry_errors=retry_errors)
            elif kind == "knobs":
                knobs = {**(base.model_args or {}), **KNOBS.validate_python(setting or {})}
                evaluate(replace(base, output=str(run_dir), model_args=knobs), None, say=say)
            else:
                perturbation = PERTURBATION.validate_python(setting) if setting is not None else None
                evaluate(replace(base, output=str(run_dir), perturbation=perturbation), None, say=say)
            runs.append(run_dir)
    except KeyboardInterrupt:
        raise RunInterrupted(root) from None  # resume the sweep, not the setting that was running
    finally:
        if kind == "knobs":
            from crag_eval.sweep.knobs import write_knob_summary

            write_knob_summary(root, runs)
        else:
            write_summary(root, runs)
    return root, runs


def write_summary(root: Path, runs: list[Path]) -> None:
    """robustness.json / robustness.md over the settings that finished (printed as well)."""
    from crag_eval.score.robust_metrics import run_metrics

    results = {run.name: run_metrics(run) for run in runs}
    (root / SWEEP_JSON).write_text(json.dumps(results, indent=2), encoding="utf-8")
    text = render(results) if results else "no setting finished yet\n"
    (root / SWEEP_MD).write_text(text, encoding="utf-8")
    print(text)
    print(f"runs and {SWEEP_MD} in {root}", file=sys.stderr)


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def render(results: dict[str, RunDiagnostics]) -> str:
    """The sweep as Markdown tables (also what the terminal shows)."""
    lines = [
        "| setting | eff. noise | n | accuracy | halluc. | missing | Score_a | rejection | misled "
        "| err. detect |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, m in results.items():
        o, cf = m["overall"], m["counterfactual"]
        eff = "—" if m["effective_noise_ratio"] is None else f"{m['effective_noise_ratio']:.2f}"
        lines.append(
            f"| {name} | {eff} | {o['n']} | {_pct(o['accuracy'])} | {_pct(o['hallucination'])} | "
            f"{_pct(o['missing'])} | {100 * o['score_a']:+.1f}% | {_pct(m['rejection_rate'])} | "
            f"{_pct(cf['misled_rate'])} | {_pct(cf['error_detection_rate'])} |"
        )
    lines += [
        "",
        "Retrieval (key phrases; contexts only from models that return them):",
        "",
        "| setting | served recall | served acc. | contexts (n) | ctx recall | ctx acc. | "
        "acc. answerable (n) | acc. not answerable (n) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name, m in results.items():
        r = m["retrieval"]
        a, na = r["answerable"], r["not_answerable"]
        lines.append(
            f"| {name} | {_pct(r['served_recall'])} | {_pct(r['served_accuracy'])} | "
            f"{r['context_questions']} | {_pct(r['context_recall'])} | {_pct(r['context_accuracy'])} | "
            f"{_pct(a['accuracy'])} ({a['n']}) | "
            f"{_pct(na['accuracy'])} ({na['n']}) |"
        )
    if any(m["api"] for m in results.values()):
        lines += [
            "",
            "API usage (server journal):",
            "",
            "| setting | lost | model calls/q | API ms/q | unattributed | failed model calls "
            "| failed fetches | q. with retries | statuses |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for name, m in results.items():
            api = m["api"] or {}
            statuses = ", ".join(f"{k}: {v}" for k, v in sorted(api.get("statuses", {}).items()))
            lines.append(
                f"| {name} | {m['lost_questions']} | {api.get('model_calls_per_question', '—')} | "
                f"{api.get('model_api_ms_per_question', '—')} | {api.get('unattributed_calls', '—')} | "
                f"{api.get('model_failed_calls', '—')} | "
                f"{api.get('harness_failed_fetches', '—')} | {api.get('questions_with_retries', '—')} | "
                f"{statuses} |"
            )
    return "\n".join(lines) + "\n"
