"""Command-line flags and the worker environment, generated from `Settings` (mockapi/config/settings.py).

`crag-mock serve` has a flag for every field with a `Flag`, `crag-eval` the ones marked `eval=True` (which it
forwards to its in-process server), and uvicorn workers get every setting of the serve process as a
`CRAG_MOCK_*` variable. Flags default to None, so "not given" is told apart from a given default and the
environment keeps its say for what the command line leaves out.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from types import NoneType, UnionType
from typing import Any, Literal, Union, cast, get_args, get_origin

from annotated_types import Ge, Le
from pydantic.fields import FieldInfo

from mockapi.config.settings import Flag, Settings, env_name

Container = argparse._ActionsContainer  # a parser or one of its argument groups


@dataclass(frozen=True)
class SettingFlag:
    """One generated flag: a field of a Settings class and how argparse reads it."""

    name: str
    """The field (and argparse's `dest`)."""
    option: str
    help: str
    flag: Flag
    kind: Callable[[str], Any] | None
    """What parses the argument; None: a switch without one (a bool field)."""
    choices: tuple[Any, ...] | None


def setting_flags(model: type[Settings] = Settings) -> list[SettingFlag]:
    """A flag per field that has a `Flag` annotation, in field order."""
    out = []
    for name, field in model.model_fields.items():
        flag = flag_of(field)
        if flag is not None:
            kind, choices = _parsing(field)
            out.append(
                SettingFlag(name, "--" + name.replace("_", "-"), field.description or "", flag, kind, choices)
            )
    return out


def flag_of(field: FieldInfo) -> Flag | None:
    return next((m for m in field.metadata if isinstance(m, Flag)), None)


def _parsing(field: FieldInfo) -> tuple[Callable[[str], Any] | None, tuple[Any, ...] | None]:
    """argparse's `type` and `choices` for a field: a Literal lists its values, and so does a small int range
    (`task`: 1..3); pydantic checks everything else when the settings are built."""
    base = field.annotation
    if get_origin(base) in (Union, UnionType):  # `X | None`: X (a bare Literal's args are its values)
        base = next(a for a in get_args(base) if a is not NoneType)
    if base is bool:
        return None, None
    if get_origin(base) is Literal:
        values = get_args(base)
        return type(values[0]), values
    low = next((m.ge for m in field.metadata if isinstance(m, Ge)), None)
    high = next((m.le for m in field.metadata if isinstance(m, Le)), None)
    if base is int and isinstance(low, int) and isinstance(high, int) and high - low < 10:
        return int, tuple(range(low, high + 1))
    return cast(Callable[[str], Any], base), None


def add_setting_flags(
    parser: Container, flags: Iterable[SettingFlag], help_prefix: str = "", grouped: bool = True
) -> None:
    """Add the flags to `parser`; with `grouped`, each into its `Flag.group` section (made on first use)."""
    groups: dict[str, Container] = {}
    for f in flags:
        target = parser
        if grouped and f.flag.group is not None:
            if f.flag.group not in groups:
                groups[f.flag.group] = parser.add_argument_group(f.flag.group)
            target = groups[f.flag.group]
        text = (help_prefix + f.help).replace("%", "%%")
        if f.kind is None:
            target.add_argument(f.option, action="store_true", default=None, help=text)
        else:
            target.add_argument(
                f.option, metavar=f.flag.metavar, type=f.kind, choices=f.choices, default=None, help=text
            )


def given(args: argparse.Namespace, flags: Iterable[SettingFlag]) -> dict[str, Any]:
    """The settings given on the command line, by field name."""
    return {f.name: getattr(args, f.name) for f in flags if getattr(args, f.name, None) is not None}


def worker_env(settings: Settings) -> dict[str, str]:
    """The variables that make a worker's `Settings()` equal `settings`: every field set explicitly (by a
    flag, an argument or the environment), except those the serve process alone reads."""
    out: dict[str, str] = {}
    for name, field in type(settings).model_fields.items():
        flag = flag_of(field)
        value = getattr(settings, name)
        if name in settings.model_fields_set and value is not None and (flag is None or flag.workers):
            out[env_name(name, field)] = ("1" if value else "0") if isinstance(value, bool) else str(value)
    return out
