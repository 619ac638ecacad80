"""--prices: NaN and infinity are refused with one line (a NaN rate made every cost, and scores.json, NaN);
a model named twice is an error, not a silent last-one-wins, in the inline, JSON and CSV forms alike."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from crag_eval.cli import main
from crag_eval.llm.prices import parse_prices

from mockapi.core.user_error import UserError

NOT_FINITE = ["m=nan/1", "m=1/inf", "m=-inf/1", "m=NaN/NaN", "m=1/1e999"]


@pytest.mark.parametrize("spec", NOT_FINITE)
def test_inline_nan_and_infinity_are_refused(spec: str) -> None:
    with pytest.raises(UserError, match="finite number"):
        parse_prices(spec)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("p.json", '{"m": {"input": NaN, "output": 1}}'),
        ("p.json", '{"m": {"input": 1, "output": Infinity}}'),
        ("p.json", '{"m": {"input": "nan", "output": 1}}'),
        ("p.csv", "model,input,output\nm,1,inf\n"),
    ],
)
def test_file_nan_and_infinity_are_refused(name: str, text: str, tmp_path: Path) -> None:
    (tmp_path / name).write_text(text)
    with pytest.raises(UserError, match="finite number"):
        parse_prices(str(tmp_path / name))


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("", "m=1/2,n=3/4,m=5/6"),
        ("", "m=1/2, m =5/6"),
        ("p.json", '{"m": {"input": 1, "output": 2}, "m": {"input": 5, "output": 6}}'),
        ("p.csv", "model,input,output\nm,1,2\nm,5,6\n"),
    ],
)
def test_a_model_named_twice_is_an_error(name: str, text: str, tmp_path: Path) -> None:
    spec = text
    if name:
        (tmp_path / name).write_text(text)
        spec = str(tmp_path / name)
    with pytest.raises(UserError, match="names 'm' twice"):
        parse_prices(spec)


def test_good_tables_still_parse(tmp_path: Path) -> None:
    (tmp_path / "p.json").write_text('{"a": {"input": 0.15, "output": 0.6}, "*": {"input": 1, "output": 2}}')
    (tmp_path / "p.csv").write_text("model,input,output\na,0.15,0.6\n*,1,2\n")
    for spec in ("a=0.15/0.6,*=1/2", str(tmp_path / "p.json"), str(tmp_path / "p.csv")):
        prices = parse_prices(spec)
        assert prices.per_million == {"a": (0.15, 0.6), "*": (1.0, 2.0)}
        cost = prices.cost("other", 1_000_000, 0)
        assert cost == 1.0 and math.isfinite(cost)


def test_the_cli_says_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for spec in ("m=nan/1", "m=1/2,m=3/4"):
        assert (
            main(["--task", "1", "--model", "dummy", "--prices", spec, "--output", str(tmp_path / "r")]) == 2
        )
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("crag-eval: error: --prices"), err
    assert not (tmp_path / "r").exists()
