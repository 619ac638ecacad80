"""docs/routes.md is generated from the route table and current (regenerate:
`python -m mockapi.serving.routes.reference > docs/routes.md`)."""

from __future__ import annotations

from pathlib import Path

from mockapi.serving.routes import ROUTES
from mockapi.serving.routes.reference import markdown, type_name
from mockapi.wire import results as r
from mockapi.wire.web import WEB_ROUTES

PAGE = Path(__file__).resolve().parents[2] / "docs" / "routes.md"


def test_the_route_page_is_current() -> None:
    assert PAGE.read_text(encoding="utf-8") == markdown()


def test_the_page_lists_every_route_once() -> None:
    page = markdown()
    for path in [route.path for route in ROUTES] + [route.path for route in WEB_ROUTES]:
        assert page.count(f"| `{path}` |") == 1, path


def test_types_are_written_as_in_the_table() -> None:
    assert type_name(list[r.Person]) == "list[Person]"
    assert type_name(r.Movie | None) == "Movie | None"
    assert type_name(int) == "int"


def test_field_limits_and_validators_do_not_leak_into_the_page() -> None:
    """A validator's repr carries its address, which changes per process: the page would never be current."""
    from mockapi.wire.fields import QueryTime, Text

    assert type_name(QueryTime | None) == "str | None"
    assert type_name(list[Text]) == "list[str]"
    page = markdown()
    assert "FieldInfo" not in page and " at 0x" not in page
