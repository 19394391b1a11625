"""`report.sarif`: SARIF 2.1.0 for GitHub code scanning and other SARIF viewers.

- one result per unsuppressed finding (suppressed ones stay out, as in the gate);
- one rule per axis and verdict, id `axis/VERDICT` (e.g. `utility/DEAD`);
- `partialFingerprints` carry the finding's content fingerprint (see
  reviewer/baseline.py), so an alert survives lines moving above it;
- level from severity: high -> error, medium -> warning, low -> note;
- locations are relative to the repository root under `uriBaseId` `%SRCROOT%`,
  which is what code scanning resolves against the checkout.
"""

from __future__ import annotations

from urllib.parse import quote

from .. import __version__
from ..baseline import ensure_fingerprints
from ..config import AXES
from ..review.schema import Finding, ReviewFile, RunRecord

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "%SRCROOT%"
FINGERPRINT_KEY = "reviewerContentHash/v1"
LEVELS = {"high": "error", "medium": "warning", "low": "note"}

# What each verdict that needs action means, for the rule descriptions.
RULE_TEXT: dict[str, dict[str, str]] = {
    "correction": {
        "NEEDS_FIX": "Code that works in the common case but is wrong at an edge (off-by-one, unhandled input).",
        "ERROR": "Code that is wrong: it raises, returns a wrong result or corrupts state.",
    },
    "utility": {
        "DEAD": "Code that nothing uses: no import, call or reference reaches it.",
        "LOW_VALUE": "Code that is used but adds little (a trivial wrapper, a pass-through).",
    },
    "duplication": {
        "DUPLICATE": "A function that duplicates another one in the project (a clone or the same behaviour).",
    },
    "overengineering": {
        "OVER": "More machinery than the job needs (abstraction with one implementation, needless indirection).",
        "ACCEPTABLE": "Some extra machinery, defensible but worth a look.",
    },
    "tests": {
        "WEAK": "Tested, but the tests miss important cases.",
        "NONE": "No test exercises this code.",
    },
    "documentation": {
        "PARTIAL": "Documented, but the documentation misses parameters, return value or behaviour.",
        "UNDOCUMENTED": "Public code with no documentation.",
    },
}


def rule_id(axis: str, verdict: str) -> str:
    return f"{axis}/{verdict}"


def _rule(axis: str, verdict: str) -> dict:
    description = RULE_TEXT.get(axis, {}).get(verdict, f"{axis} verdict {verdict}.")
    return {
        "id": rule_id(axis, verdict),
        "name": "".join(part.capitalize() for part in f"{axis}_{verdict}".replace("-", "_").split("_")),
        "shortDescription": {"text": f"{axis}: {verdict}"},
        "fullDescription": {"text": description},
        "help": {"text": f"{description} See the file's .rev.md for the evidence and the suggested action."},
        "properties": {"axis": axis, "verdict": verdict, "tags": ["maintainability", axis]},
    }


def _rule_ids(reviews: list[ReviewFile]) -> list[tuple[str, str]]:
    """Every known rule, then any other axis/verdict the findings use, in a stable order."""
    known = [(axis, verdict) for axis in AXES for verdict in RULE_TEXT.get(axis, {})]
    extra = sorted(
        {(f.axis, f.verdict) for r in reviews for f in r.findings if not f.suppressed} - set(known)
    )
    return known + extra


def _result(review: ReviewFile, finding: Finding, rule_index: int) -> dict:
    start = max(finding.line_start, 1)
    end = max(finding.line_end, start)
    text = " ".join(finding.message.split()) or f"{finding.axis}: {finding.verdict}"
    if finding.symbol:
        text = f"{finding.symbol}: {text}"
    location: dict = {
        "physicalLocation": {
            "artifactLocation": {"uri": quote(review.file, safe="/-_.~"), "uriBaseId": SRCROOT},
            "region": {"startLine": start, "endLine": end},
        }
    }
    if finding.symbol:
        location["logicalLocations"] = [{"fullyQualifiedName": finding.symbol, "kind": "function"}]
    return {
        "ruleId": rule_id(finding.axis, finding.verdict),
        "ruleIndex": rule_index,
        "level": LEVELS.get(finding.severity, "warning"),
        "message": {"text": text},
        "locations": [location],
        "partialFingerprints": {FINGERPRINT_KEY: finding.fingerprint},
        "properties": {"severity": finding.severity, "axis": finding.axis, "verdict": finding.verdict},
    }


def _utc(timestamp: str) -> str:
    """SARIF wants UTC times written with a Z."""
    return timestamp[: -len("+00:00")] + "Z" if timestamp.endswith("+00:00") else timestamp


def build_sarif(reviews: list[ReviewFile], run: RunRecord | None = None) -> dict:
    reviews = sorted((ensure_fingerprints(r) for r in reviews), key=lambda r: r.file)
    rules = _rule_ids(reviews)
    index = {rule_id(axis, verdict): i for i, (axis, verdict) in enumerate(rules)}
    results = [
        _result(review, finding, index[rule_id(finding.axis, finding.verdict)])
        for review in reviews
        for finding in sorted(review.findings, key=lambda f: (f.line_start, f.axis, f.verdict))
        if not finding.suppressed
    ]
    sarif_run: dict = {
        "tool": {
            "driver": {
                "name": "reviewer",
                "version": __version__,
                "semanticVersion": __version__,
                "rules": [_rule(axis, verdict) for axis, verdict in rules],
            }
        },
        "columnKind": "unicodeCodePoints",
        "results": results,
    }
    if run is not None:
        sarif_run["automationDetails"] = {"id": f"reviewer/{run.run_id}"}
        sarif_run["invocations"] = [
            {
                "executionSuccessful": run.complete and not run.files_error,
                **({"startTimeUtc": _utc(run.started_at)} if run.started_at else {}),
                **({"endTimeUtc": _utc(run.finished_at)} if run.finished_at else {}),
                "properties": {"reviewer": run.reviewer, "model": run.model or "", "filesReviewed": run.files_reviewed},
            }
        ]
    return {"$schema": SARIF_SCHEMA_URI, "version": SARIF_VERSION, "runs": [sarif_run]}
