"""The audit's table as a terminal shows it (rich); `report` makes the rows."""

from __future__ import annotations

from typing import Any

from mockapi.audit.report import Line


def show(rows: list[Line], notes: list[str], title: str) -> None:
    """Print the table with rich."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title)
    for col in ("figure", "world", "real", "crag", "acceptance", "verdict"):
        table.add_column(col, overflow="fold")
    for row in rows:
        verdict = row["verdict"]
        style = {"PASS": "green", "FAIL": "red"}.get(verdict, "yellow")
        table.add_row(
            row["figure"], _fmt(row["world"]), _fmt(row["real"]), row["crag"], row["acceptance"],
            f"[{style}]{verdict}[/{style}]",
        )  # fmt: skip
    console = Console(width=max(Console().width, 140))
    console.print(table)
    for note in notes:
        console.print(f"  {note}", highlight=False)


def _fmt(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:,.3f}".rstrip("0").rstrip(".") if abs(value) < 1000 else f"{value:,.0f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)
