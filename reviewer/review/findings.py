"""Verdicts become findings and actions the same way for both reviewers (static and
Claude): which verdicts are reported, their severity, message, fingerprint and the
action each one calls for. The axis table (schema/axes.py) holds the per-axis facts."""

from __future__ import annotations

from ..schema.axes import AXIS, FILE_VERDICT_RANK, needs_action, severity_of
from ..schema.facts import FUNCTION_KINDS, FileFacts, Symbol
from ..schema.review import Action, DuplicateOf, Finding, SymbolReview, finding_fingerprint

LOW_CONFIDENCE = 60  # below it a verdict is a lead to check, not a reason to refactor
HIGH_CONFIDENCE = 90  # a DEAD verdict says "remove" only from here; under it, "check, then remove"


def symbol_fingerprint(path: str, symbol: Symbol | None, axis: str, verdict: str, extra: str = "") -> str:
    content = (symbol.body_hash if symbol is not None else "") + ("\x1f" + extra if extra else "")
    return finding_fingerprint(path, symbol.qualified_name if symbol else None, axis, verdict, content)


def action_text(axis: str, verdict: str, symbol: Symbol, dup: DuplicateOf | None, evidence: str = "",
                confidence: int = 100) -> str:
    where = f"`{symbol.qualified_name}` (lines {symbol.line_start}-{symbol.line_end})"
    if axis == "correction":
        return f"Fix {where}: {evidence}".rstrip(": ")
    if axis == "utility" and verdict == "DEAD":
        if symbol.kind in ("constant", "variable") and symbol.calls:
            # `const BUILD_ID = fs.readFileSync(...)`: nothing reads the name, but the call
            # runs at load on purpose (it fails the script when no build exists).
            return (f"Remove the name {where}: nothing reads it (confidence {confidence}); its value calls "
                    f"`{symbol.calls[0]}`, so keep that call as a statement if it must still run.")
        if confidence >= HIGH_CONFIDENCE:
            return f"Remove {where}: nothing reaches it (confidence {confidence})."
        return (f"Check whether anything outside the analysis uses {where} (confidence {confidence}); "
                "if nothing does, remove it.")
    if axis == "utility":
        return f"Inline or drop {where}: it adds little."
    if axis == "duplication" and dup is not None:
        return duplicate_action(symbol, dup)
    if axis == "overengineering":
        return f"Simplify {where}."
    if axis == "tests":
        return f"Add a test that asserts the behaviour of {where}." if verdict == "NONE" else f"Make the tests of {where} assert its results."
    if axis == "documentation":
        return f"Document {where}." if verdict == "UNDOCUMENTED" else f"Complete the docstring of {where} (parameters, return)."
    return f"Review {where}."


def _edits(dup: DuplicateOf) -> str:
    """Where an edited copy differs: "in lines 35-37 (lines 4-6 there)", or "in its names and values only"."""
    here, there = dup.edited_lines, dup.other_edited_lines
    if not here and not there:
        return "in its names and values only"
    if not here:
        return f"by leaving out {_line_spans(there)} of it"
    return f"in {_line_spans(here)}" + (f" ({_line_spans(there)} there)" if there else "")


def _places(dup: DuplicateOf) -> str:
    """The members of a clone class as "path:name", without their lines."""
    return ", ".join(member.rsplit(":", 1)[0] for member in dup.members)


def _line_spans(lines: list[int]) -> str:
    """[12, 13, 14, 20] -> "lines 12-14, 20"."""
    spans: list[list[int]] = []
    for line in sorted(lines):
        if spans and line == spans[-1][1] + 1:
            spans[-1][1] = line
        else:
            spans.append([line, line])
    text = ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in spans)
    return f"line{'s' if len(lines) > 1 else ''} {text}"


def duplicate_action(symbol: Symbol, dup: DuplicateOf) -> str:
    """What to do about a copy, naming the lines: call the helper, extract the block, or keep one copy."""
    other = f"`{dup.name}` ({dup.file}:{dup.line_start})"
    why = f": it stays because {dup.keep_reason}" if dup.keep_reason else ""
    test = " (test code: a shared fixture or helper)" if dup.test_code else ""
    start, end = dup.lines or [symbol.line_start, symbol.line_end]
    if dup.clone_kind in ("contained", "inline"):
        return f"Lines {start}-{end} of `{symbol.qualified_name}` repeat the body of {other}: call it instead{test}."
    if dup.clone_kind == "block" and len(dup.members) > 2:
        return (f"Lines {start}-{end} of `{symbol.qualified_name}` stand in {len(dup.members)} places "
                f"({', '.join(dup.members)}): extract them into one function they all call{test}.")
    if dup.clone_kind == "block":
        o_start, o_end = dup.other_lines or [dup.line_start, dup.line_end]
        if (dup.name, dup.line_start) == (symbol.qualified_name, symbol.line_start):
            return (f"Lines {start}-{end} of `{symbol.qualified_name}` repeat its lines {o_start}-{o_end}: "
                    f"write them once (a loop over the differences, or a helper){test}.")
        return (f"Lines {start}-{end} of `{symbol.qualified_name}` repeat lines {o_start}-{o_end} of {other}: "
                f"extract them into one function both call{test}.")
    where = f"`{symbol.qualified_name}` (lines {symbol.line_start}-{symbol.line_end})"
    if dup.clone_kind == "near-miss":
        # Edited copies: no call replaces one as it is; what differs becomes a parameter.
        edits = _edits(dup)
        copies = (f"{len(dup.members)} copies of one body, edited ({_places(dup)}; this one {edits})"
                  if len(dup.members) > 2 else f"{where} is {other} edited {edits}")
        one = "one parametrized test (or a helper both call)" if dup.test_code else "one function taking what differs as a parameter"
        return f"{copies}: make them {one}, starting from {other}{why}."
    if len(dup.members) > 2:
        return f"{len(dup.members)} copies of one body ({_places(dup)}): keep {other}{why}, and make the others call it{test}."
    return f"Replace {where} with a call to {other}{why}{test}."


def verdict_findings(
    facts: FileFacts,
    symbol: Symbol,
    review: SymbolReview,
    axes: tuple[str, ...],
    *,
    silent: frozenset[str] | set[str] = frozenset(),
    test_file: bool = False,
    confidence: dict[str, int] | None = None,
    lines: dict[str, tuple[int, int]] | None = None,
    rules: dict[str, str] | None = None,
) -> list[tuple[Finding, Action]]:
    """A finding and its action per verdict of `review` that asks for a change.

    `silent`: axes whose verdict is shown but not reported (the evidence said so);
    `test_file`: a test module, whose own tests and documentation are not judged;
    `confidence`: per axis, the evidence's confidence: a weak one lowers the severity and
    turns "remove" into "check, then remove"; without it, the symbol review's confidence;
    `lines`: per axis, the lines a finding points at when narrower than the symbol (a repeated block);
    `rules`: per axis, the schema.rules id of the rule that gave the verdict."""
    out = []
    for axis in axes:
        verdict = getattr(review, axis)
        if not needs_action(axis, verdict) or axis in silent:
            continue
        if AXIS[axis].exported_only and (
            test_file or not symbol.exported or symbol.kind not in (*FUNCTION_KINDS, "class")
        ):
            continue
        dup = review.duplicate_of if axis == "duplication" else None
        sure = review.confidence if confidence is None else confidence.get(axis, 100)
        # Test code repeating itself never outranks a finding in the code it tests.
        severity = "low" if sure < LOW_CONFIDENCE or (dup is not None and dup.test_code) else severity_of(axis, verdict)
        evidence = review.evidence.get(axis, "")
        start, end = (lines or {}).get(axis, (symbol.line_start, symbol.line_end))
        finding = Finding(
            axis=axis,
            verdict=verdict,
            severity=severity,
            symbol=symbol.qualified_name,
            line_start=start,
            line_end=end,
            message=f"{symbol.qualified_name} is {verdict}: {evidence}".rstrip(": "),
            confidence=sure,
            rule=(rules or {}).get(axis, ""),
            fingerprint=symbol_fingerprint(facts.path, symbol, axis, verdict, f"{dup.file}:{dup.name}" if dup else ""),
        )
        action = Action(category=AXIS[axis].action, description=action_text(axis, verdict, symbol, dup, evidence, sure),
                        symbol=symbol.qualified_name, line_start=symbol.line_start)
        out.append((finding, action))
    return out


def file_verdict(findings: list[Finding]) -> str:
    """CRITICAL on any high-severity finding; NEEDS_REFACTOR on any medium one."""
    live = [f for f in findings if not f.suppressed]
    if any(f.severity == "high" for f in live):
        return "CRITICAL"
    if any(f.severity == "medium" for f in live):
        return "NEEDS_REFACTOR"
    return "CLEAN"


def worst_verdict(*verdicts: str) -> str:
    return max(verdicts, key=FILE_VERDICT_RANK.__getitem__)
