"""Issue 35: `crag-eval --help` lists every built-in model (it left out openai-agent and oracle-retrieval)."""

from __future__ import annotations

import pytest
from crag_eval.cli import main
from crag_eval.models import BUILTIN


def test_help_lists_every_built_in_model(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    for model in BUILTIN:
        assert f"{model} |" in text, model
