"""`report.sarif`: SARIF 2.1.0 for GitHub code scanning and other SARIF viewers.

- one result per unsuppressed finding (suppressed ones stay out, as in the gate);
- one rule per rule id of the findings (schema/rules.py: `dead/no-root`, `duplicate/block`...), its
  principle as description and its section of docs/rules.md named in the help;
- `partialFingerprints` carry the finding's content fingerprint (see
  reviewer/baseline.py), so an alert survives lines moving above it;
- level from severity: high -> error, medium -> warning, low -> note;
- locations are relative to the *repository* root under `uriBaseId` `%SRCROOT%`,
  which is what code scanning resolves against the checkout, also when the run
  reviews a sub-folder (`prefix`: the folder's path in the repository);
- a duplicate carries its partner as a `relatedLocation`, and each rule a
  `help.markdown` that says what the verdict means and what to do;
- `automationDetails.id` is `<category>/<run id>` (report.sarif_category): code
  scanning keys alerts by category, so two jobs with two categories never close
  each other's alerts (the upload action's `category:` input is ignored once the
  file sets it);
- with a baseline, `baselineState` says `new` or `unchanged`;
- the hygiene axes not selected by name (selection.unlisted_axes) are counted in the
  run's `properties.unlistedFindings` {axis: count}, not listed as results (code
  scanning would open one alert per missing docstring);
- at most `max_results` results (report.max_sarif_results, 5,000: what GitHub
  shows per run), the most important first (report/ranking.py). The run's
  `properties.resultsOmitted` says how many were left out (report.json keeps them
  all). Written compact: the upload limit is 10 MB gzipped.
"""

from __future__ import annotations

from urllib.parse import quote

from .. import __version__
from ..schema.axes import AXES
from ..schema.rules import BY_ID, RULES, anchor
from ..schema.review import Finding, ReviewFile, RunRecord, SymbolReview
from ..workspace import compact_json_text
from .baseline import Baseline, accepted_findings, ensure_fingerprints
from .ranking import confidence_of, confidences, rank_key

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "%SRCROOT%"
FINGERPRINT_KEY = "reviewerContentHash/v1"
LEVELS = {"high": "error", "medium": "warning", "low": "note"}
MAX_RESULTS = 5_000
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


# What to do about each axis, for the rules' help.markdown.
RULE_ADVICE = {
    "correction": "Fix the code; the message names the case that goes wrong.",
    "utility": "Remove the code, or suppress with `# reviewer: ignore[utility] <who uses it>` when a tool reaches "
               "it in a way the reviewer cannot see (a plugin loader, a string lookup).",
    "duplication": "Keep one copy and call it from the other place; the related location is the partner.",
    "overengineering": "Inline the indirection or drop the unused generality.",
    "tests": "Add a test that calls the code and asserts its result.",
    "documentation": "Document what the parameters and the return value mean.",
    "suppression": "Fix the axis name in the `reviewer: ignore[...]` comment, or remove the comment.",
}
RULE_TEXT["suppression"] = {
    "UNKNOWN_AXIS": "A `reviewer: ignore[...]` comment names an axis that does not exist; it suppresses nothing.",
    "UNUSED": "A `reviewer: ignore[...]` comment that no finding needs any more.",
}


def _rule(rule_id: str, axis: str, verdict: str) -> dict:
    rule = BY_ID.get(rule_id)
    description = rule.principle if rule else RULE_TEXT.get(axis, {}).get(verdict, f"{axis} verdict {verdict}.")
    advice = RULE_ADVICE.get(axis, "")
    markdown = (f"**{rule_id}** ({axis}: {verdict}). {description}\n\n{advice}\n\n"
                "Silence one finding with a comment on the line above the symbol: "
                f"`# reviewer: ignore[{rule_id}] why` (or the whole axis: `ignore[{axis}]`). "
                f"`reviewer rule {rule_id}` and docs/rules.md (#{anchor(rule_id)}) explain the rule; the "
                "`.reviewer/reviews/<file>.rev.md` page of the job's artifact holds the evidence.")
    return {
        "id": rule_id,
        "name": "".join(part.capitalize() for part in rule_id.replace("/", "-").split("-")),
        "shortDescription": {"text": f"{rule_id}: {axis} {verdict}"},
        "fullDescription": {"text": description},
        "help": {"text": f"{description} {advice}".strip(), "markdown": markdown},
        "properties": {"axis": axis, "verdict": verdict, "tags": ["maintainability", axis]},
    }


def _rule_ids(reviews: list[ReviewFile]) -> list[tuple[str, str, str]]:
    """(rule id, axis, verdict) of every rule the findings use, in the rule table's order."""
    used = {(f.rule, f.axis, f.verdict) for r in reviews for f in r.findings if not f.suppressed}
    order = {rule.id: i for i, rule in enumerate(RULES)}
    return sorted(used, key=lambda item: (order.get(item[0], len(order)), item))


def _artifact(uri: str) -> dict:
    return {"uri": uri, "uriBaseId": SRCROOT}


def _uri(prefix: str, file: str) -> str:
    return quote(prefix + file, safe="/-_.~")


def _related(prefix: str, symbol: SymbolReview | None) -> list[dict]:
    if symbol is None or symbol.duplicate_of is None:
        return []
    partner = symbol.duplicate_of
    location: dict = {"id": 1, "physicalLocation": {"artifactLocation": _artifact(_uri(prefix, partner.file))},
                      "message": {"text": f"the other copy: {partner.name}"}}
    if partner.line_start:
        location["physicalLocation"]["region"] = {"startLine": partner.line_start}
    return [location]


def _result(prefix: str, review: ReviewFile, finding: Finding, rule_index: int,
            symbols: dict[str, SymbolReview], state: str | None) -> dict:
    start = max(finding.line_start, 1)
    end = max(finding.line_end, start)
    text = " ".join(finding.message.split()) or f"{finding.axis}: {finding.verdict}"
    if finding.symbol:
        text = f"{finding.symbol}: {text}"
    symbol = symbols.get(finding.symbol or "")
    related = _related(prefix, symbol) if finding.axis == "duplication" else []
    if related:
        text += " ([the other copy](1))"  # SARIF's embedded link to relatedLocations[id=1]
    location: dict = {
        "physicalLocation": {"artifactLocation": _artifact(_uri(prefix, review.file)),
                             "region": {"startLine": start, "endLine": end}}
    }
    if finding.symbol:
        kind = LOGICAL_KINDS.get(symbol.kind if symbol else "", "function")
        location["logicalLocations"] = [{"fullyQualifiedName": finding.symbol, "kind": kind}]
    result = {
        "ruleId": finding.rule,
        "ruleIndex": rule_index,
        "level": LEVELS.get(finding.severity, "warning"),
        "message": {"text": text},
        "locations": [location],
        "partialFingerprints": {FINGERPRINT_KEY: finding.fingerprint},
    }
    if related:
        result["relatedLocations"] = related
    if state:
        result["baselineState"] = state
    return result


def _utc(timestamp: str) -> str:
    """SARIF wants UTC times written with a Z."""
    return timestamp[: -len("+00:00")] + "Z" if timestamp.endswith("+00:00") else timestamp


def build_sarif(reviews: list[ReviewFile], run: RunRecord | None = None, max_results: int = MAX_RESULTS,
                category: str = "reviewer", prefix: str = "", baseline: Baseline | None = None,
                unlisted: frozenset[str] = frozenset()) -> dict:
    """`reviews`: the configuration's view; `prefix`: where the reviewed folder sits in
    the repository ("" at its root, "pkg/" for a sub-folder); `unlisted`: axes counted, not listed."""
    reviews = sorted((ensure_fingerprints(r) for r in reviews), key=lambda r: r.file)
    rules = _rule_ids(reviews)
    index = {rule_id: i for i, (rule_id, _, _) in enumerate(rules)}
    accepted = accepted_findings(reviews, baseline)
    active = []
    counted: dict[str, int] = {}
    for review in reviews:
        by_symbol = confidences(review)
        for position, finding in enumerate(review.findings):
            if finding.suppressed:
                continue
            if finding.axis in unlisted:
                counted[finding.axis] = counted.get(finding.axis, 0) + 1
                continue
            state = None if baseline is None else ("unchanged" if position in accepted.get(review.file, ()) else "new")
            key = rank_key(review.file, finding.axis, finding.severity, confidence_of(finding, by_symbol),
                           finding.line_start, finding.line_end)
            active.append((key, review, finding, state))
    active.sort(key=lambda item: item[0])
    omitted = max(len(active) - max_results, 0)
    symbols = {review.file: {s.name: s for s in review.symbols} for review in reviews}
    results = [
        _result(prefix, review, finding, index[finding.rule], symbols[review.file], state)
        for _key, review, finding, state in active[:max_results]
    ]
    sarif_run: dict = {
        "tool": {
            "driver": {
                "name": "reviewer",
                "version": __version__,
                "semanticVersion": __version__,
                "rules": [_rule(*rule) for rule in rules],
            }
        },
        "columnKind": "unicodeCodePoints",
        "originalUriBaseIds": {SRCROOT: {"description": {"text": "The repository root."}}},
        "results": results,
    }
    run_id = run.run_id if run is not None else "report"
    sarif_run["automationDetails"] = {"id": f"{category.strip('/')}/{run_id}"}
    if run is not None:
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
    if counted:
        sarif_run.setdefault("properties", {})["unlistedFindings"] = {
            axis: counted[axis] for axis in AXES if axis in counted}
    return {"$schema": SARIF_SCHEMA_URI, "version": SARIF_VERSION, "runs": [sarif_run]}


def sarif_text(sarif: dict) -> str:
    """Compact JSON, one line: code scanning reads it, people read report.md."""
    return compact_json_text(sarif)
