"""One rule of a scan: how many things it checked, how many broke it, and the first few that did."""

from __future__ import annotations

from typing import TypedDict

EXAMPLES = 3


class RuleCheck(TypedDict):
    checked: int
    violations: int
    examples: list[str]


class RuleGroup(TypedDict):
    """A line made of rules: their violations summed, and each rule."""

    violations: int
    rules: dict[str, RuleCheck]


def empty_rule() -> RuleCheck:
    return {"checked": 0, "violations": 0, "examples": []}


def note(rule: RuleCheck, bad: bool, example: str) -> None:
    """Count one check of `rule`, and keep `example` (cut) when it broke the rule and few are kept."""
    rule["checked"] += 1
    if bad:
        rule["violations"] += 1
        if len(rule["examples"]) < EXAMPLES:
            rule["examples"].append(example[:170])
