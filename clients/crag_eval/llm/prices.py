"""`--prices`: US dollars per million input and output tokens, per model name, to turn tokens into cost.

Given inline, `gpt-4o-mini=0.15/0.60,gpt-4o=2.5/10`, or as a file: JSON `{"gpt-4o-mini": {"input": 0.15,
"output": 0.60}}` or CSV with the header `model,input,output`. A `*` entry prices every model not named.
Rates are finite and not negative (a NaN would turn every cost and scores.json into NaN); a model named twice
is an error, not a silent last-one-wins.
No prices ship with crag-eval: they change, and a stale table would give wrong costs without a word.
"""

from __future__ import annotations

import csv
import json
import math
from dataclasses import dataclass
from pathlib import Path

from mockapi.core.user_error import UserError


@dataclass(frozen=True)
class Prices:
    per_million: dict[str, tuple[float, float]]
    """model → (input, output) dollars per million tokens."""

    def cost(self, model: str, input_tokens: int, output_tokens: int) -> float | None:
        rates = self.per_million.get(model) or self.per_million.get("*")
        if rates is None:
            return None
        return round((input_tokens * rates[0] + output_tokens * rates[1]) / 1_000_000, 8)

    def to_json(self) -> dict[str, list[float]]:
        return {model: list(rates) for model, rates in self.per_million.items()}


def _rate(value: object, what: str) -> float:
    try:
        rate = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise UserError(
            f"--prices: {what} must be a number of dollars per million tokens, got {value!r}"
        ) from None
    if not math.isfinite(rate):
        raise UserError(f"--prices: {what} must be a finite number of dollars per million tokens, got {rate}")
    if rate < 0:
        raise UserError(f"--prices: {what} must not be negative, got {rate:g}")
    return rate


def _table(entries: list[tuple[str, object, object]]) -> Prices:
    """(model, input, output) entries as a table; a model named twice is a one-line error."""
    table: dict[str, tuple[float, float]] = {}
    for model, low, high in entries:
        name = model.strip()
        if not name:
            raise UserError("--prices: an entry has no model name")
        if name in table:
            raise UserError(f"--prices names {name!r} twice; give each model one input/output pair")
        table[name] = (_rate(low, name), _rate(high, name))
    if not table:
        raise UserError("--prices is empty; e.g. --prices 'gpt-4o-mini=0.15/0.60'")
    return Prices(table)


class _Pairs(list[tuple[str, object]]):
    """A JSON object's (key, value) pairs as written: json's dict would keep only the last repeated key."""


def _json_entries(pairs: _Pairs) -> list[tuple[str, object, object]]:
    entries: list[tuple[str, object, object]] = []
    for model, value in pairs:
        rates = dict(value) if isinstance(value, _Pairs) else {}
        entries.append((model, rates.get("input"), rates.get("output")))
    return entries


def parse_prices(spec: str) -> Prices:
    """The table from a file path or the inline form (see the module docstring); one-line errors."""
    path = Path(spec)
    if path.is_file():
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".csv":
            rows = list(csv.DictReader(text.splitlines()))
            if not rows or not {"model", "input", "output"} <= set(rows[0]):
                raise UserError(f"--prices {spec}: a CSV needs the header model,input,output")
            return _table([(r["model"] or "", r["input"], r["output"]) for r in rows])
        try:
            pairs = json.loads(text, object_pairs_hook=_Pairs)
        except ValueError as exc:
            raise UserError(f"--prices {spec}: not JSON ({exc})") from None
        if not isinstance(pairs, _Pairs) or not all(isinstance(v, _Pairs) for _, v in pairs):
            raise UserError(f'--prices {spec}: needs {{"model": {{"input": …, "output": …}}}}')
        return _table(_json_entries(pairs))
    entries: list[tuple[str, object, object]] = []
    for part in filter(str.strip, spec.split(",")):
        model, sep, rates = part.partition("=")
        low, slash, high = rates.partition("/")
        if not sep or not slash or not model.strip():
            raise UserError(
                f"--prices takes model=INPUT/OUTPUT dollars per million tokens or a file, got {part!r}"
            )
        entries.append((model, low, high))
    return _table(entries)
