"""`Settings` is the one table of server knobs: every field has help and a variable, the flags of
`crag-mock serve` and `crag-eval` and the workers' environment are generated from it, and a field added to
the class (here in a subclass, through the generator) gets all of them."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path
from types import NoneType, UnionType
from typing import Annotated, Any, Literal, Union, cast, get_args, get_origin

import pytest
from annotated_types import Ge
from pydantic import Field

from mockapi.config.flags import add_setting_flags, given, setting_flags, worker_env
from mockapi.config.settings import SIMULATION, Flag, Settings, env_name, load_settings
from mockapi.core.user_error import UserError

WIDE = {"COLUMNS": "1000"}  # argparse wraps help at the terminal width: one line per flag here


class WithKnob(Settings):
    jitter: Annotated[float, Flag("MS", SIMULATION, eval=True)] = Field(default=0.0, ge=0.0)
    """extra random delay of each response, in milliseconds"""


def sample(name: str) -> tuple[str, Any]:
    """A valid value of a field, taken from its type and bounds (so a new field needs no entry here): as the
    environment spells it, and as Settings holds it."""
    field = Settings.model_fields[name]
    base = field.annotation
    if get_origin(base) in (Union, UnionType):  # `X | None`: X (a bare Literal's args are its values)
        base = next(a for a in get_args(base) if a is not NoneType)
    low = cast(float, next((m.ge for m in field.metadata if isinstance(m, Ge)), 0))  # an int for an int
    if base is bool:
        return "1", True
    if base is int:
        return str(low + 1), low + 1
    if base is float:
        return str(low + 0.25), low + 0.25
    if base is Path:
        return "/srv/world", Path("/srv/world")
    if get_origin(base) is Literal:
        return str(get_args(base)[-1]), get_args(base)[-1]
    return f"text-{name}", f"text-{name}"


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for key in [k for k in os.environ if k.upper().startswith("CRAG_MOCK_") or k == "FORWARDED_ALLOW_IPS"]:
        monkeypatch.delenv(key)
    return monkeypatch


def run(*cmd: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, **WIDE, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", *cmd], capture_output=True, text=True, timeout=120, env=environ
    )


def one_line(text: str) -> str:
    return " ".join(text.split())


def test_every_field_has_help_and_every_field_but_world_a_flag() -> None:
    fields = Settings.model_fields
    assert all(len(field.description or "") > 10 for field in fields.values())
    assert {f.name for f in setting_flags()} == set(fields) - {"world"}  # world: serve's --data
    known = {"latency", "fault_rate", "faults", "rate_limit", "sim_seed", "sim_config", "trust_client_id"}
    assert known | {"forwarded_allow_ips", "admin_token", "search", "task"} <= set(fields)


def test_every_field_is_read_from_its_variable(clean_env: pytest.MonkeyPatch) -> None:
    for name, field in Settings.model_fields.items():
        text, _ = sample(name)
        clean_env.setenv(env_name(name, field), text)
    settings = Settings()
    for name in Settings.model_fields:
        assert getattr(settings, name) == sample(name)[1], name
    assert (
        env_name("forwarded_allow_ips", Settings.model_fields["forwarded_allow_ips"]) == "FORWARDED_ALLOW_IPS"
    )
    assert env_name("fault_rate", Settings.model_fields["fault_rate"]) == "CRAG_MOCK_FAULT_RATE"


def test_worker_env_rebuilds_the_same_settings(clean_env: pytest.MonkeyPatch) -> None:
    assert worker_env(Settings()) == {}  # nothing set, nothing handed over
    values = {name: sample(name)[1] for name in Settings.model_fields}
    settings = Settings(**values)
    env = worker_env(settings)
    # uvicorn's shutdown timeout, read by the serve process itself; the app applies the trusted proxies
    assert "CRAG_MOCK_DRAIN_TIMEOUT" not in env and "FORWARDED_ALLOW_IPS" in env
    for key, value in env.items():
        clean_env.setenv(key, value)
    rebuilt = Settings()
    assert rebuilt.model_dump(exclude={"drain_timeout"}) == settings.model_dump(exclude={"drain_timeout"})


def test_serve_help_lists_every_flag_with_its_help_and_metavar() -> None:
    done = run("mockapi.cli", "serve", "--help")
    assert done.returncode == 0
    text = one_line(done.stdout)
    for f in setting_flags():
        shown = f"{f.option} {f.flag.metavar}" if f.flag.metavar else f.option
        if f.choices:
            shown = f"{f.option} {{{','.join(map(str, f.choices))}}}"
        assert f"{shown} {one_line(f.help)}" in text, f.option
    assert one_line(SIMULATION) + ":" in text


def test_crag_eval_forwards_the_flagged_simulation_settings() -> None:
    done = run("crag_eval.cli", "--help")
    assert done.returncode == 0
    text = one_line(done.stdout)
    forwarded = [f for f in setting_flags() if f.flag.eval]
    assert [f.name for f in forwarded] == ["latency", "fault_rate", "faults", "rate_limit", "sim_seed"]
    for f in forwarded:
        assert f"{f.option} {f.flag.metavar} in-process server: {one_line(f.help)}" in text, f.option


@pytest.mark.parametrize(
    ("flags", "env", "message"),
    [
        (["--fault-rate", "2"], {}, "--fault-rate must be 0..1, got 2"),
        (["--rate-limit", "-1"], {}, "--rate-limit must be >= 0, got -1"),
        (["--latency", "gauss:5ms"], {}, "bad latency 'gauss:5ms'"),
        ([], {"CRAG_MOCK_FAULT_RATE": "5"}, "CRAG_MOCK_FAULT_RATE must be 0..1, got 5"),
        ([], {"CRAG_MOCK_TASK": "two"}, "CRAG_MOCK_TASK: input should be a valid integer"),
    ],
)
def test_bad_settings_stop_serve_with_one_line(
    tmp_path: Path, flags: list[str], env: dict[str, str], message: str
) -> None:
    missing = tmp_path / "not-built"
    done = run("mockapi.cli", "serve", "--data", str(missing), *flags, env=env)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [done.stderr.strip()] and message in done.stderr, done.stderr
    assert not missing.exists()  # checked before any build


def test_a_knob_added_to_the_class_gets_a_flag_a_variable_and_help(clean_env: pytest.MonkeyPatch) -> None:
    flags = setting_flags(WithKnob)
    [knob] = [f for f in flags if f.name == "jitter"]
    assert (knob.option, knob.flag.metavar, knob.help) == (
        "--jitter",
        "MS",
        "extra random delay of each response, in milliseconds",
    )
    assert knob in [f for f in flags if f.flag.eval]  # crag-eval would forward it
    parser = argparse.ArgumentParser()
    add_setting_flags(parser, flags)
    assert "--jitter MS extra random delay" in one_line(parser.format_help())
    args = parser.parse_args(["--jitter", "5", "--fault-rate", "0.5"])
    assert given(args, flags) == {"jitter": 5.0, "fault_rate": 0.5}
    env = worker_env(load_settings(given(args, flags), WithKnob))
    assert env == {"CRAG_MOCK_JITTER": "5.0", "CRAG_MOCK_FAULT_RATE": "0.5"}
    clean_env.setenv("CRAG_MOCK_JITTER", env["CRAG_MOCK_JITTER"])
    assert WithKnob().jitter == 5.0  # what a worker would read
    with pytest.raises(UserError, match=r"^--jitter must be >= 0, got -1$"):
        load_settings({"jitter": -1}, WithKnob)


def test_choices_come_from_the_field_types() -> None:
    by_name = {f.name: f for f in setting_flags()}
    assert by_name["task"].choices == (1, 2, 3)
    assert by_name["search"].choices == ("original", "improved")
    assert by_name["trust_client_id"].kind is None  # a switch
    assert by_name["sim_seed"].kind is int and by_name["fault_rate"].kind is float
