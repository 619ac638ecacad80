"""`world/lexicon/` is data only (issue 36): no function or class in it, and every template of it expands with
the slots the prose code fills, leaving no `{slot}` or `[a|b]` behind."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import mockapi.world.lexicon as lexicon
from mockapi.world.pages import grammar, prose

FOLDER = Path(lexicon.__file__).parent


def _templates() -> list[str]:
    out: list[str] = []
    for path in sorted(FOLDER.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple):
                strings = [e for e in node.value.elts if isinstance(e, ast.Constant)]
                out.extend(e.value for e in strings if isinstance(e.value, str))
    return out


def test_the_lexicon_holds_no_code() -> None:
    code = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
    found = [
        f"{path.name}:{node.lineno}"
        for path in sorted(FOLDER.glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, code)
    ]
    assert found == []


def test_every_template_expands_with_the_prose_slots() -> None:
    table = prose.slot_table()
    table.update({name: (lambda _r: "Ida Brand") for name in ("s", "o")})
    templates = _templates()
    assert len(templates) > 50
    rng = random.Random(0)
    for template in templates:
        for _ in range(5):
            text = grammar.expand(template, table, rng)
            assert not any(mark in text for mark in "{}[]|"), (template, text)
