"""The project's import graph, read statically (ast): every `import` and `from … import`, at module level or
inside a function, between the project's own modules."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_DIRS = {
    "mockapi": ROOT / "mockapi",
    "crag_client": ROOT / "clients" / "crag_client",
    "crag_eval": ROOT / "clients" / "crag_eval",
}


def modules() -> dict[str, Path]:
    """Dotted module name → file, for every module of the three packages."""
    found: dict[str, Path] = {}
    for package, directory in PACKAGE_DIRS.items():
        for path in sorted(directory.rglob("*.py")):
            parts = [package, *path.relative_to(directory).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _targets(node: ast.AST, module: str, is_package: bool) -> Iterator[str]:
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        base = module if is_package else module.rpartition(".")[0]
        for _ in range(node.level - 1):
            base = base.rpartition(".")[0]
        stem = node.module or ""
        prefix = (f"{base}.{stem}" if stem else base) if node.level else stem
        yield prefix
        yield from (f"{prefix}.{alias.name}" for alias in node.names)


def graph() -> dict[str, set[str]]:
    """Module → the project modules it imports (a submodule import also imports its packages)."""
    known = modules()
    edges: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and _is_type_checking(node.test):
                node.body = []  # imports only for the type checker never run
        for node in ast.walk(tree):
            for target in _targets(node, name, path.name == "__init__.py"):
                while target and target not in known:
                    target = target.rpartition(".")[0]
                if target and target != name and not name.startswith(target + "."):
                    edges[name].add(target)
    return edges


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan), each sorted; sorted list."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def folders(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """Folder → the other folders its modules import: the graph whose circles a drawing by folder shows (a
    folder and its subfolder importing each other). A package's `__init__` belongs to its own folder."""
    known = modules()

    def folder(name: str) -> str:
        return name if known[name].name == "__init__.py" else name.rpartition(".")[0]

    out: dict[str, set[str]] = {}
    for name, targets in edges.items():
        out.setdefault(folder(name), set())
        for target in targets:
            out.setdefault(folder(target), set())
            if folder(target) != folder(name):
                out[folder(name)].add(folder(target))
    return out
