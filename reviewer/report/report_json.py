"""`report.json` (contract, versioned): the whole review in one document, and
the data `report.md` is rendered from.

Schema, version 1 (`"version": 1`; a breaking change bumps it):

- `version` (int), `tool` {`name`, `version`}
- `summary`: `files`, `symbols`, `functions`, `verdicts` {CLEAN, NEEDS_REFACTOR,
  CRITICAL -> count}, `findings` (active: not suppressed), `findings_by_axis`
  {axis -> {high, medium, low -> count}}, `suppressed_findings`, `reviewers`,
  `models`, `rag_enabled`
- `run`: the last `runs/<id>/run.json` summarised (`run_id`, `started_at`,
  `finished_at`, `duration_seconds`, `reviewer`, `model`, `changed_since`,
  `files_total`, `files_reviewed`, `files_cached` (cache hits), `files_error`,
  `files_not_reviewed`, `complete`, `usage` {tokens, `cost_usd`, `calls`},
  `errors` [{file, message}]), or null when no run record exists; added in 0.4:
  `files_in_scope` (the files the run had to vouch for), `stopped` (why the review stopped
  before all of them: an interrupt, llm.max_cost, a provider that stayed down; null when it
  did not), `rag_enabled` (the run's, also when no file was reviewed)
- `semantic`: `semanticCoherenceScore` (0-100), `definition` (the formula in
  words), `functions`, `duplicated_functions` (in a cluster), `redundant_functions`
  (in a cluster and not the one to keep), `keep_rule`, `clusters`
  [{`size`, `mean_score`, `rank` (= mean_score x size), `keep` {file, name,
  line_start, exported, callers}, `members` [same shape, keep first]}], best first
- `files`: one entry per reviewed file, worst first: `file`, `language`,
  `verdict`, `reviewer`, `symbols`, `findings` (active), `high` (active and
  high severity), `suppressed`, `by_axis` {axis -> active count}, `rev_md`
  (path of its .rev.md relative to the output folder), `source` (path of the
  source file relative to the output folder; added in 0.2)
- `findings`: every active finding listed (see `summary.unlisted`): `file`, `symbol`, `axis`, `verdict`,
  `severity`, `line_start`, `line_end`, `message`, `fingerprint` (content hash,
  see reviewer/baseline.py); ordered by file, then line. Added in 0.2:
  `confidence` (the symbol's, 0-100), `new` (true when the baseline does not
  hold it, null without a baseline), `related` ({file, name, line_start}: a
  duplicate's partner, or null). Added in 0.3: `rule` (the rule id, docs/rules.md) and
  `raw_confidence` (the evidence's confidence; `confidence` is then the rule's measured precision)
- `suppressed`: the suppressed findings, same shape plus `suppression_reason`
- `warnings`: reviews that could not be read, and other notes
- added in 0.2: `summary.new_findings` (against the baseline, null without one),
  `changes` ({`previous_run_id`, `new`, `fixed`}: fingerprints that appeared or
  went away since the previous report.json, null on a first report)
- added in 0.3: `semantic.similarities` (pairs of functions found similar by meaning
  through the RAG index and listed in the files' reviews; 0 with RAG off),
  `summary.unlisted` {axis -> count}: the hygiene findings (tests,
  documentation) counted in `summary.findings` but not listed in `findings`, because
  they were not selected by name (`--select documentation`, `report.hygiene`)
- added in 0.5: `candidates` (same shape as `findings`): verdicts whose confidence (their rule's
  measured precision on projects nobody tuned on) is under the finding floor (`analysis.finding_floor`,
  by default where findings were 90% right): listed for a reader to judge, never gating, not counted
  in `summary.findings`; `summary.candidates` counts them, `summary.finding_floor` is the floor
- added in 0.6: `shard` ({`index`, `count`}): the report of `reviewer run --shard INDEX/COUNT`, which holds
  that slice of the files only (`reviewer merge` combines the shards into one report); null otherwise

The view is the configuration's: findings of axes not selected, or ignored for
their path (`per_file_ignores`), are not in it (the .rev.json keeps them).
"""

from __future__ import annotations

import os
from collections import Counter

from pydantic import BaseModel, Field, PrivateAttr

from .. import __version__
from ..schema.axes import AXES, FILE_VERDICT_RANK, FILE_VERDICTS, SEVERITIES
from ..schema.review import FileError, ReviewFile, RunRecord, TokenUsage
from ..schema.shard import Shard
from ..workspace import Workspace
from .baseline import Baseline, accepted_findings, ensure_fingerprints
from .ranking import DEFAULT_CONFIDENCE, confidence_of, confidences, importance, rank_key
from .clusters import (
    FUNCTION_KINDS,
    KEEP_RULE,
    DuplicateCluster,
    duplicate_clusters,
    redundant_functions,
    semantic_coherence_score,
)

REPORT_SCHEMA_VERSION = 1
COHERENCE_DEFINITION = (
    "100 x (1 - redundant / functions), where functions counts the functions and methods reviewed "
    "and redundant counts the members of every duplication cluster except the one to keep "
    "(N copies of one function hold N - 1 redundant ones); 100 means no function duplicates another"
)


class ToolInfo(BaseModel):
    name: str = "reviewer"
    version: str = __version__


class Summary(BaseModel):
    files: int
    symbols: int
    functions: int
    verdicts: dict[str, int]
    findings: int
    findings_by_axis: dict[str, dict[str, int]]
    suppressed_findings: int
    reviewers: list[str]
    models: list[str]
    rag_enabled: bool
    new_findings: int | None = None
    unlisted: dict[str, int] = Field(default_factory=dict)  # axis -> findings counted, not listed
    candidates: int = 0  # verdicts under the finding floor, listed in `candidates`
    finding_floor: int | None = None  # the shown confidence from which a verdict is a finding


class RunSummary(BaseModel):
    run_id: str
    started_at: str
    finished_at: str
    duration_seconds: float
    reviewer: str
    model: str | None
    changed_since: str | None
    files_total: int
    files_reviewed: int
    files_cached: int
    files_error: int
    files_not_reviewed: list[str]
    complete: bool
    usage: TokenUsage
    errors: list[FileError]
    files_in_scope: int = 0
    stopped: str | None = None
    rag_enabled: bool = False


class Semantic(BaseModel):
    semanticCoherenceScore: float  # noqa: N815 - the metric's published name
    definition: str = COHERENCE_DEFINITION
    functions: int
    duplicated_functions: int  # in a cluster, the kept ones included
    redundant_functions: int  # in a cluster, the kept ones excluded
    keep_rule: str = KEEP_RULE
    clusters: list[DuplicateCluster]
    similarities: int = 0  # neighbours by meaning the RAG index found, listed in the .rev.md pages


class FileEntry(BaseModel):
    file: str
    language: str
    verdict: str
    reviewer: str
    symbols: int
    findings: int
    high: int
    suppressed: int
    by_axis: dict[str, int]
    rev_md: str
    source: str = ""


class Related(BaseModel):
    """Another place a finding points at (a duplicate's partner)."""

    file: str
    name: str
    line_start: int | None = None


class FindingEntry(BaseModel):
    file: str
    symbol: str | None
    axis: str
    verdict: str
    severity: str
    line_start: int
    line_end: int
    message: str
    fingerprint: str
    suppression_reason: str | None = None
    confidence: int = DEFAULT_CONFIDENCE
    new: bool | None = None
    related: Related | None = None
    rule: str = ""  # schema.rules id
    raw_confidence: int | None = None  # the evidence's confidence, when `confidence` is calibrated

    @property
    def importance(self) -> float:
        return importance(self.severity, self.confidence)

    def rank_key(self) -> tuple:
        return rank_key(self.file, self.axis, self.severity, self.confidence, self.line_start, self.line_end)


class Changes(BaseModel):
    """What moved since the previous report.json, by fingerprint."""

    previous_run_id: str | None
    new: int
    fixed: int


class ReportJson(BaseModel):
    version: int = REPORT_SCHEMA_VERSION
    tool: ToolInfo = Field(default_factory=ToolInfo)
    summary: Summary
    run: RunSummary | None
    semantic: Semantic
    files: list[FileEntry]
    findings: list[FindingEntry]
    suppressed: list[FindingEntry]
    candidates: list[FindingEntry] = Field(default_factory=list)  # under the finding floor, most important first
    warnings: list[str] = Field(default_factory=list)
    changes: Changes | None = None
    shard: Shard | None = None  # a shard's report: its slice of the files only
    # The active findings of the unlisted axes: report.md counts them per file; never serialised.
    _unlisted: list[FindingEntry] = PrivateAttr(default_factory=list)

    def ranked(self) -> list[FindingEntry]:
        """The listed active findings, most important first."""
        return sorted(self.findings, key=FindingEntry.rank_key)

    def counted(self) -> list[FindingEntry]:
        """Every active finding, listed or not, most important first."""
        return sorted([*self.findings, *self._unlisted], key=FindingEntry.rank_key)


def rev_md_link(workspace: Workspace, file: str) -> str:
    """Where a file's .rev.md is, relative to the output folder (report.md's folder)."""
    return os.path.relpath(workspace.review_md(file), workspace.base).replace(os.sep, "/")


def source_link(workspace: Workspace, file: str) -> str:
    """Where the source file is, relative to the output folder."""
    return os.path.relpath(workspace.root / file, workspace.base).replace(os.sep, "/")


def _related(review: ReviewFile, finding) -> Related | None:
    if finding.axis != "duplication" or not finding.symbol:
        return None
    for symbol in review.symbols:
        if symbol.name == finding.symbol and symbol.duplicate_of is not None:
            target = symbol.duplicate_of
            return Related(file=target.file, name=target.name, line_start=target.line_start)
    return None


def _worst_first(entry: FileEntry) -> tuple:
    return (-FILE_VERDICT_RANK.get(entry.verdict, 0), -entry.high, -entry.findings, entry.file)


def axis_order(axis: str) -> tuple[int, str]:
    return (AXES.index(axis) if axis in AXES else len(AXES), axis)


def build_report(
    reviews: list[ReviewFile], run: RunRecord | None, workspace: Workspace, warnings: list[str] | None = None,
    baseline: Baseline | None = None, previous: "ReportJson | None" = None, unlisted: frozenset[str] = frozenset(),
) -> ReportJson:
    """`reviews`: the configuration's view (report/selection.py); `baseline` marks what is
    new; `previous`: the report.json this one replaces (what changed since); `unlisted`:
    the axes counted but not listed (selection.unlisted_axes)."""
    reviews = sorted((ensure_fingerprints(r) for r in reviews), key=lambda r: r.file)
    accepted = accepted_findings(reviews, baseline)
    verdicts = Counter({verdict: 0 for verdict in FILE_VERDICTS})
    by_axis: dict[str, Counter[str]] = {}
    files: list[FileEntry] = []
    active: list[FindingEntry] = []
    suppressed: list[FindingEntry] = []
    candidates: list[FindingEntry] = []

    for review in reviews:
        verdicts[review.verdict] += 1
        axis_counts: Counter[str] = Counter()
        high = 0
        by_symbol = confidences(review)
        in_baseline = accepted.get(review.file, set())
        ordered = sorted(enumerate(review.findings), key=lambda item: (item[1].line_start, item[1].axis, item[1].verdict))
        for index, finding in ordered:
            entry = _entry(review, finding, by_symbol, None if baseline is None or finding.suppressed else index not in in_baseline)
            if finding.suppressed:
                suppressed.append(entry)
                continue
            active.append(entry)
            axis_counts[finding.axis] += 1
            by_axis.setdefault(finding.axis, Counter({s: 0 for s in SEVERITIES}))[finding.severity] += 1
            high += finding.severity == "high"
        files.append(
            FileEntry.model_construct(
                file=review.file, language=review.language, verdict=review.verdict, reviewer=review.reviewer,
                symbols=len(review.symbols), findings=sum(axis_counts.values()), high=high,
                suppressed=sum(1 for f in review.findings if f.suppressed),
                by_axis=dict(sorted(axis_counts.items(), key=lambda item: axis_order(item[0]))),
                rev_md=rev_md_link(workspace, review.file), source=source_link(workspace, review.file),
            )
        )
        candidates.extend(_entry(review, candidate, by_symbol, None) for candidate in review.candidates
                          if not candidate.suppressed and candidate.axis not in unlisted)
    files.sort(key=_worst_first)

    clusters = duplicate_clusters(reviews)
    functions = {(r.file, s.name) for r in reviews for s in r.symbols if s.kind in FUNCTION_KINDS}
    in_clusters = {(m.file, m.name) for c in clusters for m in c.members} & functions

    summary = Summary(
        files=len(reviews),
        symbols=sum(len(r.symbols) for r in reviews),
        functions=len(functions),
        verdicts=dict(verdicts),
        findings=len(active),
        findings_by_axis={axis: dict(by_axis[axis]) for axis in sorted(by_axis, key=axis_order)},
        suppressed_findings=len(suppressed),
        reviewers=sorted({r.reviewer for r in reviews}),
        models=sorted({r.model for r in reviews if r.model}),
        rag_enabled=any(r.rag_enabled for r in reviews),
        new_findings=None if baseline is None else sum(1 for f in active if f.new),
        unlisted=dict(sorted(Counter(f.axis for f in active if f.axis in unlisted).items(),
                             key=lambda item: axis_order(item[0]))),
        candidates=len(candidates),
        finding_floor=run.finding_floor if run is not None else None,  # the run's split of its static reviews
    )
    listed = [f for f in active if f.axis not in unlisted]
    report = ReportJson(
        summary=summary,
        run=run_summary(run),
        semantic=Semantic(
            semanticCoherenceScore=semantic_coherence_score(reviews, clusters),
            functions=len(functions),
            duplicated_functions=len(in_clusters),
            redundant_functions=len(redundant_functions(reviews, clusters)),
            clusters=clusters,
            similarities=sum(len(r.similarities) for r in reviews if r.rag_enabled),
        ),
        files=files,
        findings=listed,
        suppressed=suppressed,
        candidates=sorted(candidates, key=FindingEntry.rank_key),
        warnings=list(warnings or []),
        changes=_changes(listed, previous),
        shard=Shard.parse(run.shard) if run is not None and run.shard else None,
    )
    report._unlisted = [f for f in active if f.axis in unlisted]
    return report


def _entry(review: ReviewFile, finding, by_symbol: dict, new: bool | None) -> FindingEntry:
    # model_construct: the review was validated when loaded; 100k findings add up.
    return FindingEntry.model_construct(
        file=review.file, symbol=finding.symbol, axis=finding.axis, verdict=finding.verdict,
        severity=finding.severity, line_start=finding.line_start, line_end=finding.line_end,
        message=finding.message, fingerprint=finding.fingerprint,
        suppression_reason=finding.suppression_reason if finding.suppressed else None,
        confidence=confidence_of(finding, by_symbol), new=new, related=_related(review, finding),
        rule=finding.rule, raw_confidence=finding.raw_confidence,
    )


def _changes(active: list[FindingEntry], previous: ReportJson | None) -> Changes | None:
    if previous is None:
        return None
    now = Counter(f.fingerprint for f in active)
    before = Counter(f.fingerprint for f in previous.findings)
    return Changes(previous_run_id=previous.run.run_id if previous.run else None,
                   new=sum((now - before).values()), fixed=sum((before - now).values()))


def run_summary(run: RunRecord | None) -> RunSummary | None:
    if run is None:
        return None
    return RunSummary(
        run_id=run.run_id, started_at=run.started_at, finished_at=run.finished_at,
        duration_seconds=run.duration_seconds, reviewer=run.reviewer, model=run.model,
        changed_since=run.changed_since, files_total=run.files_total, files_reviewed=run.files_reviewed,
        files_cached=run.files_cached, files_error=run.files_error, files_not_reviewed=run.files_not_reviewed,
        complete=run.complete, usage=run.usage, errors=run.errors, files_in_scope=run.files_in_scope,
        stopped=run.stopped, rag_enabled=run.rag_enabled,
    )
