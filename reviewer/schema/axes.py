"""The six review axes, one row each: their verdicts, the verdict that needs no action,
the severity of every other verdict, the kind of action it calls for, and whether it
is judged on exported symbols only. Every module that needs axis knowledge reads it
here (config, both reviewers, findings, gate, reports)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["low", "medium", "high"]
ActionCategory = Literal["quick_win", "refactor", "hygiene"]


@dataclass(frozen=True)
class Axis:
    name: str
    verdicts: tuple[str, ...]  # the first one is the default: no action needed
    severity: dict[str, Severity]  # non-default verdict -> severity of its finding
    action: ActionCategory
    no_action: frozenset[str] = frozenset()  # verdicts that record a judgement but ask for no change
    exported_only: bool = False  # findings only on exported functions/classes (a private helper needs no docs)

    @property
    def default(self) -> str:
        return self.verdicts[0]


AXIS_ROWS = (
    Axis("correction", ("OK", "NEEDS_FIX", "ERROR"), {"NEEDS_FIX": "medium", "ERROR": "high"}, "quick_win"),
    Axis("utility", ("USED", "DEAD", "LOW_VALUE"), {"DEAD": "medium", "LOW_VALUE": "low"}, "quick_win"),
    Axis("duplication", ("UNIQUE", "DUPLICATE"), {"DUPLICATE": "medium"}, "refactor"),
    Axis("overengineering", ("LEAN", "OVER", "ACCEPTABLE"), {"OVER": "medium"}, "refactor",
         no_action=frozenset({"ACCEPTABLE"})),
    Axis("tests", ("GOOD", "WEAK", "NONE"), {"WEAK": "low", "NONE": "low"}, "hygiene", exported_only=True),
    Axis("documentation", ("DOCUMENTED", "PARTIAL", "UNDOCUMENTED"), {"PARTIAL": "low", "UNDOCUMENTED": "low"},
         "hygiene", exported_only=True),
)
AXIS = {row.name: row for row in AXIS_ROWS}
AXES = tuple(row.name for row in AXIS_ROWS)
DEFAULT_VERDICTS = {row.name: row.default for row in AXIS_ROWS}

# File verdicts, mildest first; the rank orders them (gate levels, worst-file lists).
FILE_VERDICTS = ("CLEAN", "NEEDS_REFACTOR", "CRITICAL")
FILE_VERDICT_RANK = {verdict: rank for rank, verdict in enumerate(FILE_VERDICTS)}
SEVERITIES = ("high", "medium", "low")  # most severe first


def needs_action(axis: str, verdict: str) -> bool:
    """A verdict that asks for a change (not the default, not a justified ACCEPTABLE)."""
    row = AXIS[axis]
    return verdict not in ("-", row.default) and verdict not in row.no_action


def severity_of(axis: str, verdict: str) -> Severity:
    return AXIS[axis].severity.get(verdict, "low")
