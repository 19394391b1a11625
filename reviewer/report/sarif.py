"""`report.sarif`: SARIF 2.1.0 for GitHub code scanning and other SARIF viewers.

- one result per unsuppressed finding (suppressed ones stay out, as in the gate);
- one rule per axis and verdict, id `axis/VERDICT` (e.g. `utility/DEAD`);
- `partialFingerprints` carry the finding's content fingerprint (see
  reviewer/baseline.py), so an alert survives lines moving above it;
- level from severity: high -> error, medium -> warning, low -> note;
- locations are relative to the repository root under `uriBaseId` `%SRCROOT%`,
  which is what code scanning resolves against the checkout;
- at most MAX_RESULTS results, the most severe first: GitHub rejects a run with
  more than 25,000. The run's `properties.resultsOmitted` says how many were left
  out (report.json keeps them all). Written compact: the upload limit is 10 MB gzipped.
"""

from __future__ import annotations

import json
from urllib.parse import quote

from .. import __version__
from ..schema.axes import AXES
from ..schema.review import Finding, ReviewFile, RunRecord
from .baseline import ensure_fingerprints

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "%SRCROOT%"
FINGERPRINT_KEY = "reviewerContentHash/v1"
LEVELS = {"high": "error", "medium": "warning", "low": "note"}
SEVERITY_ORDER = {"high": 0, "medium": 1, "low": 2}
MAX_RESULTS = 25_000
LOGICAL_KINDS = {"function": "function", "method": "member", "class": "type", "interface": "type", "type": "type",
                 "enum": "type", "constant": "variable", "variable": "variable"}

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


def _result(uri: str, finding: Finding, rule_index: int, symbol_kinds: dict[str, str]) -> dict:
    start = max(finding.line_start, 1)
    end = max(finding.line_end, start)
    text = " ".join(finding.message.split()) or f"{finding.axis}: {finding.verdict}"
    if finding.symbol:
        text = f"{finding.symbol}: {text}"
    location: dict = {
        "physicalLocation": {
            "artifactLocation": {"uri": uri, "uriBaseId": SRCROOT},
            "region": {"startLine": start, "endLine": end},
        }
    }
    if finding.symbol:
        kind = LOGICAL_KINDS.get(symbol_kinds.get(finding.symbol, ""), "function")
        location["logicalLocations"] = [{"fullyQualifiedName": finding.symbol, "kind": kind}]
    return {
        "ruleId": rule_id(finding.axis, finding.verdict),
        "ruleIndex": rule_index,
        "level": LEVELS.get(finding.severity, "warning"),
        "message": {"text": text},
        "locations": [location],
        "partialFingerprints": {FINGERPRINT_KEY: finding.fingerprint},
    }


def _utc(timestamp: str) -> str:
    """SARIF wants UTC times written with a Z."""
    return timestamp[: -len("+00:00")] + "Z" if timestamp.endswith("+00:00") else timestamp


def build_sarif(reviews: list[ReviewFile], run: RunRecord | None = None, max_results: int = MAX_RESULTS) -> dict:
    reviews = sorted((ensure_fingerprints(r) for r in reviews), key=lambda r: r.file)
    rules = _rule_ids(reviews)
    index = {rule_id(axis, verdict): i for i, (axis, verdict) in enumerate(rules)}
    active = [
        (review, finding)
        for review in reviews
        for finding in sorted(review.findings, key=lambda f: (f.line_start, f.axis, f.verdict))
        if not finding.suppressed
    ]
    omitted = 0
    if len(active) > max_results:
        # Keep the most severe; inside a severity, the path order stays.
        kept = sorted(range(len(active)), key=lambda i: (SEVERITY_ORDER.get(active[i][1].severity, 1), i))[:max_results]
        omitted = len(active) - max_results
        active = [active[i] for i in sorted(kept)]
    uris = {review.file: quote(review.file, safe="/-_.~") for review in reviews}
    kinds = {review.file: {s.name: s.kind for s in review.symbols} for review in reviews}
    results = [
        _result(uris[review.file], finding, index[rule_id(finding.axis, finding.verdict)], kinds[review.file])
        for review, finding in active
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
    if omitted:
        sarif_run["properties"] = {"resultsOmitted": omitted, "resultsLimit": max_results}
    return {"$schema": SARIF_SCHEMA_URI, "version": SARIF_VERSION, "runs": [sarif_run]}


def sarif_text(sarif: dict) -> str:
    """Compact JSON, one line: code scanning reads it, people read report.md."""
    return json.dumps(sarif, ensure_ascii=False, separators=(",", ":")) + "\n"
