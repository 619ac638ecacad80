"""`--prices`: US dollars per million input and output tokens, per model name, to turn tokens into cost.

Given inline, `gpt-4o-mini=0.15/0.60,gpt-4o=2.5/10`, or as a file: JSON `{"gpt-4o-mini": {"input": 0.15,
"output": 0.60}}` or CSV with the header `model,input,output`. A `*` entry prices every model not named.
No prices ship with crag-eval: they change, and a stale table would give wrong costs without a word.
"""

from __future__ import annotations

import csv
import json
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
    if rate < 0:
        raise UserError(f"--prices: {what} must not be negative, got {rate:g}")
    return rate


def parse_prices(spec: str) -> Prices:
    """The table from a file path or the inline form (see the module docstring); one-line errors."""
    path = Path(spec)
    if path.is_file():
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".csv":
            rows = list(csv.DictReader(text.splitlines()))
            if not rows or not {"model", "input", "output"} <= set(rows[0]):
                raise UserError(f"--prices {spec}: a CSV needs the header model,input,output")
            return Prices(
                {
                    r["model"].strip(): (_rate(r["input"], r["model"]), _rate(r["output"], r["model"]))
                    for r in rows
                }
            )
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise UserError(f"--prices {spec}: not JSON ({exc})") from None
        if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
            raise UserError(f'--prices {spec}: needs {{"model": {{"input": …, "output": …}}}}')
        return Prices(
            {str(m): (_rate(v.get("input"), m), _rate(v.get("output"), m)) for m, v in data.items()}
        )
    table: dict[str, tuple[float, float]] = {}
    for part in filter(str.strip, spec.split(",")):
        model, sep, rates = part.partition("=")
        low, slash, high = rates.partition("/")
        if not sep or not slash or not model.strip():
            raise UserError(
                f"--prices takes model=INPUT/OUTPUT dollars per million tokens or a file, got {part!r}"
            )
        table[model.strip()] = (_rate(low, model), _rate(high, model))
    if not table:
        raise UserError("--prices is empty; e.g. --prices 'gpt-4o-mini=0.15/0.60'")
    return Prices(table)
