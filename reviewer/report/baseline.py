"""Finding fingerprints and the baseline file.

A fingerprint names a finding by what the code *is*, not where it sits: the
file, the symbol's qualified name, the axis, the verdict and the symbol's body
hash. Moving a function (new lines above it) keeps its fingerprint; editing
its body gives a new one, so touched code is judged again. SARIF's
`partialFingerprints` and the baseline both use it.

`reviewer baseline` writes `.reviewer/baseline.json`: commit it, then
`reviewer run --baseline .reviewer/baseline.json` gates only on findings whose
fingerprint the baseline does not hold. Matching counts occurrences, so a
second identical finding where the baseline had one is new.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from ..errors import UserError
from ..schema.cards import now_iso
from ..schema.review import Finding, ReviewFile, finding_fingerprint
from ..workspace import atomic_write_text, read_json

BASELINE_VERSION = 1
BASELINE_FILENAME = "baseline.json"
_DIGITS = re.compile(r"\d+")


def _fallback_content(review: ReviewFile, finding: Finding) -> str:
    """When a reviewer left the fingerprint empty: the body hash from the file's
    function cards, else the message with its numbers removed (they are often
    line numbers)."""
    if finding.symbol:
        for card in review.function_cards:
            if card.qualified_name == finding.symbol:
                return card.body_hash
    return _DIGITS.sub("#", " ".join(finding.message.split()))


def ensure_fingerprints(review: ReviewFile) -> ReviewFile:
    """A copy of `review` where every finding has a fingerprint."""
    if all(finding.fingerprint for finding in review.findings):
        return review
    findings = [
        finding
        if finding.fingerprint
        else finding.model_copy(
            update={
                "fingerprint": finding_fingerprint(
                    review.file, finding.symbol, finding.axis, finding.verdict, _fallback_content(review, finding)
                )
            }
        )
        for finding in review.findings
    ]
    return review.model_copy(update={"findings": findings})


class BaselineEntry(BaseModel):
    fingerprint: str
    file: str
    axis: str
    verdict: str
    symbol: str | None = None
    severity: str = "medium"


class Baseline(BaseModel):
    """`.reviewer/baseline.json` (versioned): the findings accepted as they are."""

    version: int = BASELINE_VERSION
    created_at: str = Field(default_factory=now_iso)
    findings: list[BaselineEntry] = Field(default_factory=list)
    # Files judged NEEDS_REFACTOR or CRITICAL at baseline time (gates a verdict that has no finding).
    files: dict[str, str] = Field(default_factory=dict)

    def counts(self) -> Counter[str]:
        return Counter(entry.fingerprint for entry in self.findings)

    def digest(self) -> str:
        """What the baseline accepts (its findings and file verdicts), not when it was written: the
        shards of a matrix and their merge must gate against the same one."""
        import hashlib

        accepted = (sorted(self.counts().items()), sorted(self.files.items()))
        return hashlib.sha256(repr(accepted).encode()).hexdigest()[:16]


def build_baseline(reviews: list[ReviewFile]) -> Baseline:
    """Every unsuppressed finding of `reviews` (suppressed ones never gate anyway)."""
    entries: list[BaselineEntry] = []
    files: dict[str, str] = {}
    for review in sorted(reviews, key=lambda r: r.file):
        review = ensure_fingerprints(review)
        if review.verdict != "CLEAN":
            files[review.file] = review.verdict
        for finding in review.findings:
            if finding.suppressed:
                continue
            entries.append(
                BaselineEntry(
                    fingerprint=finding.fingerprint,
                    file=review.file,
                    axis=finding.axis,
                    verdict=finding.verdict,
                    symbol=finding.symbol,
                    severity=finding.severity,
                )
            )
    entries.sort(key=lambda e: (e.file, e.axis, e.verdict, e.symbol or "", e.fingerprint))
    return Baseline(findings=entries, files=files)


def accepted_findings(reviews: list[ReviewFile], baseline: Baseline | None) -> dict[str, set[int]]:
    """Per file, the indexes (in `review.findings`) of the active findings the baseline
    accepts; every other active finding is new. One entry accepts one occurrence,
    consumed in file order, so the gate and the reports agree on which copy is new."""
    if baseline is None:
        return {}
    remaining = baseline.counts()
    accepted: dict[str, set[int]] = {}
    for review in sorted(reviews, key=lambda r: r.file):
        review = ensure_fingerprints(review)
        for index, finding in enumerate(review.findings):
            if not finding.suppressed and remaining[finding.fingerprint] > 0:
                remaining[finding.fingerprint] -= 1
                accepted.setdefault(review.file, set()).add(index)
    return accepted


def write_baseline(baseline: Baseline, path: Path) -> Path:
    atomic_write_text(path, baseline.model_dump_json(indent=2) + "\n")
    return path


def load_baseline(path: Path) -> Baseline:
    """Read a baseline; a missing or malformed file is a user error naming it."""
    if not path.is_file():
        raise UserError(f"baseline file not found: {path} (create it with `reviewer baseline`)")
    data = read_json(path)
    if not isinstance(data, dict):
        raise UserError(f"{path} is not a reviewer baseline (expected a JSON object); recreate it with `reviewer baseline`")
    if data.get("version") != BASELINE_VERSION:
        raise UserError(
            f"{path} has baseline version {data.get('version')!r}, expected {BASELINE_VERSION}; "
            "recreate it with `reviewer baseline`"
        )
    try:
        return Baseline.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise UserError(f"{path}: invalid baseline at '{where}': {first['msg']}; recreate it with `reviewer baseline`") from None
