"""The `submit_review` tool: the pydantic model of Claude's final answer, the JSON
schema sent as the tool's input_schema, and the checks that need the file's facts.

The model is built per set of axes (`submission_model(axes, with_cards)`), so the
schema asks for exactly the verdicts the run wants, and the naive per-axis
estimate renders a real one-axis variant.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any, Literal, Sequence

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from ...schema.cards import SUMMARY_MAX, BehavioralProfile
from ...schema.axes import DEFAULT_VERDICTS

# The verdicts Claude may give per axis ("-" is for reviewers that do not judge correctness).
AXIS_VERDICTS: dict[str, tuple[str, ...]] = {
    "correction": ("OK", "NEEDS_FIX", "ERROR"),
    "utility": ("USED", "DEAD", "LOW_VALUE"),
    "duplication": ("UNIQUE", "DUPLICATE"),
    "overengineering": ("LEAN", "OVER", "ACCEPTABLE"),
    "tests": ("GOOD", "WEAK", "NONE"),
    "documentation": ("DOCUMENTED", "PARTIAL", "UNDOCUMENTED"),
}


class _Closed(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DuplicateTarget(_Closed):
    file: str = Field(description="repo-relative path of the function this one duplicates")
    name: str = Field(description="its qualified name")


class SubmittedFinding(_Closed):
    """A problem narrower than a symbol verdict, e.g. a bug on specific lines."""

    axis: str = Field(description="one of the reviewed axes")
    verdict: str = Field(description="a non-default verdict of that axis, e.g. NEEDS_FIX")
    severity: Literal["low", "medium", "high"] = "medium"
    symbol: str | None = Field(default=None, description="qualified name, when the finding is inside a symbol")
    line_start: int = Field(ge=1)
    line_end: int = Field(ge=1)
    message: str = Field(min_length=1, description="what is wrong and why, citing the evidence")


class SubmittedAction(_Closed):
    category: Literal["quick_win", "refactor", "hygiene"]
    description: str = Field(min_length=1)
    symbol: str | None = None
    line_start: int | None = None


class SubmittedCard(_Closed):
    """The LLM-written fields of a FunctionCard; the rest comes from the code."""

    function: str = Field(description="qualified name of a function or method of this file")
    summary: str = Field(min_length=1, max_length=SUMMARY_MAX, description="what it does, at most 400 characters")
    key_concepts: list[str] = Field(min_length=3, max_length=6, description="3 to 6 domain words")
    behavioral_profile: BehavioralProfile


def _axis_model(axis: str) -> type[BaseModel]:
    verdict_type = Literal[AXIS_VERDICTS[axis]]  # type: ignore[valid-type]
    fields: dict[str, Any] = {
        "verdict": (verdict_type, ...),
        "evidence": (str, Field(default="", description=f"required unless the verdict is {DEFAULT_VERDICTS[axis]}")),
    }
    if axis == "duplication":
        fields["duplicate_of"] = (DuplicateTarget | None, Field(default=None, description="required when DUPLICATE"))
    return create_model(f"{axis.capitalize()}Verdict", __base__=_Closed, **fields)


@lru_cache(maxsize=None)
def submission_model(axes: tuple[str, ...], with_cards: bool) -> type[BaseModel]:
    """The model of `submit_review`'s input for these axes (and cards when RAG is on)."""
    symbol_fields: dict[str, Any] = {
        "name": (str, Field(description="qualified name, exactly as listed in the symbols table")),
        "confidence": (int, Field(ge=0, le=100, description="0-100")),
    }
    for axis in axes:
        symbol_fields[axis] = (_axis_model(axis), ...)
    symbol_model = create_model("SymbolVerdicts", __base__=_Closed, **symbol_fields)
    fields: dict[str, Any] = {
        "verdict": (Literal["CLEAN", "NEEDS_REFACTOR", "CRITICAL"], ...),
        "summary": (str, Field(min_length=1, description="two or three sentences on the file")),
        "symbols": (list[symbol_model], Field(description="one entry per symbol of the file")),  # type: ignore[valid-type]
        "findings": (list[SubmittedFinding], Field(default_factory=list)),
        "actions": (list[SubmittedAction], Field(default_factory=list)),
    }
    if with_cards:
        fields["cards"] = (
            list[SubmittedCard],
            Field(default_factory=list, description="one per function or method that has no card yet"),
        )
    return create_model("Submission", __base__=_Closed, **fields)


SCHEMA_LEFT_OUT = ("title", "default")  # a default is for our validation, not an instruction to the model


def input_schema(model: type[BaseModel]) -> dict[str, Any]:
    """A self-contained JSON schema (no $ref, no titles, no defaults; an optional field is its
    type, not "that or null"): it is sent with every request, so fewer tokens, no surprises."""
    schema = model.model_json_schema()
    defs = schema.pop("$defs", {})

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                target = copy.deepcopy(defs[node["$ref"].split("/")[-1]])
                extra = {k: v for k, v in node.items() if k != "$ref"}
                return inline({**target, **extra})
            options = node.get("anyOf")
            if isinstance(options, list) and len(options) == 2 and {"type": "null"} in options:
                kept = next(option for option in options if option != {"type": "null"})
                rest = {k: v for k, v in node.items() if k != "anyOf"}
                return inline({**kept, **rest})
            return {k: inline(v) for k, v in node.items() if k not in SCHEMA_LEFT_OUT}
        if isinstance(node, list):
            return [inline(item) for item in node]
        return node

    return inline(schema)


def format_validation_error(exc: ValidationError) -> list[str]:
    """One line per problem, with the location the model has to fix."""
    lines = []
    for error in exc.errors():
        where = ".".join(str(part) for part in error["loc"]) or "(input)"
        lines.append(f"{where}: {error['msg']}")
    return lines


def check_against_facts(submission: BaseModel, expected: Sequence[str], lines: int, axes: tuple[str, ...]) -> list[str]:
    """What pydantic cannot know: every expected symbol (unique names, of this batch) covered
    once, names real, evidence given, finding lines inside the file (of `lines` lines). Missing
    cards are not a problem here: the verdicts are kept and the cards asked for alone (reviewer.py)."""
    problems: list[str] = []
    given = [entry.name for entry in submission.symbols]  # type: ignore[attr-defined]
    unknown = [name for name in given if name not in expected]
    missing = [name for name in expected if name not in given]
    repeated = sorted({name for name in given if given.count(name) > 1})
    if unknown:
        problems.append(f"symbols: {unknown} are not among the names this call must hold; use exactly {list(expected)}")
    if missing:
        problems.append(f"symbols: missing verdicts for {missing}")
    if repeated:
        problems.append(f"symbols: more than one entry for {repeated}; give one entry per name")
    for index, entry in enumerate(submission.symbols):  # type: ignore[attr-defined]
        for axis in axes:
            verdict = getattr(entry, axis)
            if verdict.verdict != DEFAULT_VERDICTS[axis] and not verdict.evidence.strip():
                problems.append(f"symbols.{index}.{axis}.evidence: required for verdict {verdict.verdict} ({entry.name})")
            if axis == "duplication" and verdict.verdict == "DUPLICATE" and verdict.duplicate_of is None:
                problems.append(f"symbols.{index}.duplication.duplicate_of: required for DUPLICATE ({entry.name})")
    for index, finding in enumerate(submission.findings):  # type: ignore[attr-defined]
        if finding.axis not in axes:
            problems.append(f"findings.{index}.axis: {finding.axis!r} is not one of {list(axes)}")
        elif finding.verdict not in AXIS_VERDICTS[finding.axis]:
            problems.append(f"findings.{index}.verdict: {finding.verdict!r} is not a verdict of {finding.axis}")
        if finding.line_end < finding.line_start or finding.line_start > max(lines, 1):
            problems.append(f"findings.{index}: lines {finding.line_start}-{finding.line_end} are not in the file (1-{lines})")
    return problems
