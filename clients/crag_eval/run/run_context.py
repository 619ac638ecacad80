"""`RunContext`: one run from start to end, as the run's steps pass it along.

What the run was asked (its `RunConfig`, read back from run.json on `--resume`), where it writes (the run
directory and its log, run.json), how it talks (`say`, the progress bar) and what it learns on the way (the
admin token of its in-process server). `open_run` makes one, new or resumed; `close_run` writes the final
log, or removes a directory we created that never got an answer.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from crag_eval.files.rundir import ERRORS, PREDICTIONS, RUN_JSON, new_run_dir, now, read_run, write_run
from crag_eval.files.runfiles import RUN_FORMAT, RunLog, WorldInfo
from crag_eval.llm.client import take_sut_endpoints
from crag_eval.llm.truncate import TOKENIZER_NAME
from crag_eval.models import model_label
from crag_eval.run import identity
from crag_eval.run.config import RUN_ARGS, SAVED_CONFIG, RunConfig, check_config
from mockapi.core.user_error import UserError

Say = Callable[[str], None]


@dataclass
class RunContext:
    """What one run carries through its steps (crag_eval.run.evaluate)."""

    config: RunConfig
    run_dir: Path
    log: RunLog
    """run.json as it stands; `save()` writes it."""
    created: bool
    """We made `run_dir` (a new run): it is named once kept, and removed if it ends with nothing in it."""
    resumed: bool
    say: Say = print
    progress: bool = True
    """Show a progress bar."""
    retry_errors: bool = False
    """--retry-errors: ask again the questions whose answer was a model error."""
    admin_token: str | None = None
    """Reads the server's journal (--max-tool-calls, simulation usage); fresh per run, never written."""

    def save(self) -> None:
        write_run(self.run_dir, self.log)

    def set_status(self, status: str) -> None:
        self.log.status = status
        self.save()


def open_run(
    config: RunConfig, resume: Path | None, say: Say, progress: bool, retry_errors: bool
) -> RunContext:
    """A new run (its directory made, its log started) or a resumed one (its config from run.json; only
    the server, --max-concurrency and --workers may change on resume)."""
    if resume is not None:
        log = read_run(resume)
        saved = {k: v for k, v in log.args.items() if k in RunConfig.__dataclass_fields__}
        if config.server:
            saved["server"] = config.server
        if config.max_concurrency is not None:  # a resumed run may go faster or slower than it started
            saved["max_concurrency"] = log.args["max_concurrency"] = config.max_concurrency
        if config.workers is not None:  # and on more or fewer processes
            saved["workers"] = log.args["workers"] = config.workers
        log.resumed_at = [*(log.resumed_at or []), now()]
        config = SAVED_CONFIG.validate_python(saved)
        return RunContext(config, resume, log, False, True, say, progress, retry_errors)
    check_config(config)
    run_dir, created = _new_dir(config)
    log = RunLog(
        format=RUN_FORMAT,
        tool="crag-eval",
        args=RUN_ARGS.validate_python(asdict(config)),
        **identity.run_fields(config.judge, config.model),
        tokenizer=TOKENIZER_NAME,
        started_at=now(),
        errors=[],
    )
    return RunContext(config, run_dir, log, created, False, say, progress, retry_errors)


def _new_dir(config: RunConfig) -> tuple[Path, bool]:
    """The run directory (--output, else a new one under runs/) and whether we created it."""
    if not config.output:
        return new_run_dir(config.task, model_label(config.model)), True
    run_dir = Path(config.output)
    if (run_dir / RUN_JSON).exists():
        raise UserError(
            f"{run_dir} already holds a run; continue it with --resume {run_dir} or pick --output"
        )
    created = not run_dir.exists()
    try:
        run_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"cannot create the run directory {run_dir}: {exc.strerror}") from None
    return run_dir, created


def check_resumed_world(ctx: RunContext, world: WorldInfo) -> None:
    """A resumed run must see the world it started on (else its answers would mix two worlds)."""
    before = ctx.log.world or WorldInfo()
    for key, was, now_is in (
        ("content_hash", before.content_hash, world.content_hash),
        ("sha256", before.sha256, world.sha256),
    ):
        if was != now_is:
            raise UserError(
                f"{ctx.run_dir} was run on world {was} but the world now has {now_is} "
                f"({key}); resume with the same world, or start a new run"
            )


def close_run(ctx: RunContext) -> bool:
    """Write the final log, returning True; a run we created that never got an answer (nor an entry in its
    error log) is removed instead, returning False (so typos leave no directories behind)."""
    run_dir, log = ctx.run_dir, ctx.log
    log.finished_at = now()
    if endpoints := take_sut_endpoints(log.llm_endpoints):  # set only when the model called an LLM
        log.llm_endpoints = endpoints
    answered = (run_dir / PREDICTIONS).is_file() and (run_dir / PREDICTIONS).stat().st_size > 0
    if ctx.created and not answered and not (run_dir / ERRORS).is_file() and log.status != "complete":
        shutil.rmtree(run_dir, ignore_errors=True)
        return False
    ctx.save()
    return True
