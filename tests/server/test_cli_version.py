"""`crag-mock --version`, as `crag-eval --version`: the installed distribution's version, exit 0."""

from __future__ import annotations

from importlib import metadata

import pytest

from mockapi.cli import main


def test_version_prints_the_installed_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"crag-mock {metadata.version('crag-mockapi')}"
