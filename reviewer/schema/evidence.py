"""The deterministic evidence for one symbol on one axis, computed once and given
to both reviewers (static and Claude)."""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel, Field

from .fieldsets import all_fields
from .review import SimilarFunction

# (repo-relative path, qualified name): how symbols are keyed across analyses.
SymbolKey = tuple[str, str]
# (path, qualified name, first line): same-named symbols of one file (object-literal
# members, overloads) stay apart.
CloneKey = tuple[str, str, int]


# The name of a file's code outside functions (module statements, data, top-level callbacks)
# when it is one side of a repeated block.
MODULE_CODE = "<module>"


@dataclass
class Clone:
    """The evidence behind one DUPLICATE verdict: the copy to keep and what repeats where."""

    keep: SimilarFunction  # the other copy, the one to keep (scores as measured)
    kind: str  # schema.review.CloneKind
    lines: tuple[int, int]  # the repeating lines on this side
    other_lines: tuple[int, int]  # ... and on the side kept
    confidence: int
    report: bool = True  # False: under the confidence floor, or reported on another member of its class
    # A clone class of 3+: its size on every member, and "path:name:line" of every copy on the member
    # that reports it (the others point at it in `note`: listing the class on each of N members wrote
    # N x N names, 1.7 GB of reviews for a generated tree of 2,000 copies of each function).
    members: list[str] = field(default_factory=list)
    copies: int = 0
    keep_reason: str = ""
    test_code: bool = False
    note: str = ""  # why it is not reported, when it is not
    doubt: str = ""  # what lowered its confidence ("named as inverse operations: follow / unfollow")
    digest: str = ""  # the repeating code's line hashes, hashed: identifies it when lines move
    edited: list[int] = field(default_factory=list)  # near-miss: the lines of this copy the other does not hold
    other_edited: list[int] = field(default_factory=list)  # ... and the other copy's lines this one does not hold
    rule: str = ""  # the rule id that made it (analysis.duplicates RULE_*), or the one that left it out


class AxisAssessment(BaseModel):
    verdict: str  # one of the axis's verdicts (see review/schema.py)
    confidence: int = Field(default=80, ge=0, le=100)
    detail: str = ""  # the evidence as one sentence: "imported by 0 files; 0 references in its own file"
    # Findings narrower than the symbol (e.g. unreachable lines); empty means the whole symbol.
    line_start: int | None = None
    line_end: int | None = None
    # False: the verdict is informational (e.g. documentation of a private helper, tests of
    # test code) and the reviewer should not turn it into a finding; the detail says why.
    report: bool = True
    rule: str = ""  # schema.rules id of the rule that gave the verdict ("" for verdicts that ask nothing)


class FileFinding(BaseModel):
    """A finding that is not a symbol verdict, e.g. unreachable code inside a symbol."""

    path: str
    symbol: str | None
    axis: str
    verdict: str
    line_start: int
    line_end: int
    message: str
    severity: str = "medium"
    rule: str = ""  # schema.rules id
    confidence: int | None = None
    action: str = ""  # what to do, when not "remove it"


def assessment(verdict: str, confidence: int = 80, detail: str = "", report: bool = True,
               line_start: int | None = None, line_end: int | None = None, rule: str = "") -> AxisAssessment:
    """Shorthand for AxisAssessment(...) (validation is cheaper than model_construct in pydantic 2),
    every field given: the record shares its model's set of field names (schema.fieldsets; a
    project holds one per symbol and axis)."""
    record = AxisAssessment(verdict=verdict, confidence=confidence, detail=detail, report=report,
                            line_start=line_start, line_end=line_end, rule=rule)
    object.__setattr__(record, "__pydantic_fields_set__", all_fields(AxisAssessment))
    return record


def fold_equal(verdicts: dict[SymbolKey, AxisAssessment]) -> dict[SymbolKey, AxisAssessment]:
    """`verdicts` with equal records made one shared record (in place; returned for chaining).

    Most symbols of one axis have one of a few verdicts ("no over-engineering pattern found",
    a documentation verdict by kind): the standard library's 73,000 symbols have 622 distinct
    over-engineering verdicts and 57 documentation ones. One record each is 360 bytes, so a
    20,000-file project held over 200 MB of copies through the run. Fold an axis's verdicts once
    its analysis is done with them: nothing changes a verdict after that (the guards and cascades
    that amend one run inside the axis's own assess()), and a shared record must never be amended."""
    first: dict[tuple, AxisAssessment] = {}
    for key, record in verdicts.items():
        values = record.__dict__
        verdicts[key] = first.setdefault((values["verdict"], values["confidence"], values["detail"], values["report"],
                                          values["line_start"], values["line_end"], values["rule"]), record)
    return verdicts
