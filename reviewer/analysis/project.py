"""The deterministic evidence of a whole project, computed once per run and given to both
reviewers: per symbol a verdict with confidence and detail on the axes utility,
overengineering, tests and documentation; unreachable-code findings; and the usage
graph and project index behind them (for find_usages and called_internals).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from ..background import Background
from ..config import Config
from ..frameworks import declared
from ..schema.facts import ScanResult
from .docs import DocsAnalysis
from .entrypoints import find_entry_points
from .incremental import FILE_NAME, AnalysisCache
from .overengineering import OverengineeringAnalysis
from .resolve import ProjectIndex
from .roles import is_test_path
from .testmap import TestMap
from .usage import UsageGraph
from .utility import DEFAULT_MIN_CONFIDENCE, UtilityAnalysis
from ..schema.evidence import AxisAssessment, FileFinding, SymbolKey, fold_equal

EVIDENCE_AXES = ("utility", "overengineering", "tests", "documentation")


@dataclass
class ProjectEvidence:
    assessments: dict[SymbolKey, dict[str, AxisAssessment]]  # (path, qualified name) -> axis -> verdict
    findings: list[FileFinding]  # unreachable code, one per range
    usage: UsageGraph
    index: ProjectIndex
    test_files: set[str] = field(default_factory=set)
    seconds: dict[str, float] = field(default_factory=dict)  # phase -> wall time
    reuse: dict[str, int] = field(default_factory=dict)  # analysis cache: files' parts "reused" / "computed"
    # files that do not parse and that nothing imports or runs (UtilityAnalysis.unreached_files)
    unreached_broken: set[str] = field(default_factory=set)

    def for_symbol(self, path: str, qualified_name: str) -> dict[str, AxisAssessment]:
        return self.assessments.get((path, qualified_name), {})

    def findings_for(self, path: str) -> list[FileFinding]:
        return [f for f in self.findings if f.path == path]

    def find_usages(self, name: str) -> list[str]:
        """For the Claude reviewer's find_usages tool: "src/a.py:12 (module level) imports x (src/x.py)"."""
        return self.usage.usages(name)

    def called_internals(self, path: str, qualified_name: str) -> list[str]:
        """Project functions/classes a symbol calls, as "path:qualified_name"."""
        sym = self.index.symbol(path, qualified_name)
        if sym is None:
            return []
        found: list[str] = []
        for callee in sym.calls:
            target = self.index.resolve_callee(path, callee, qualified_name)
            if target is not None and target != (path, qualified_name):
                label = f"{target[0]}:{target[1]}"
                if label not in found:
                    found.append(label)
        return found


@dataclass
class ProjectUsage:
    """The first step of the analysis: who uses what (the keep rank of duplicates needs it too)."""

    index: ProjectIndex
    usage: UsageGraph
    stored: AnalysisCache | None  # what the next steps reuse, saved at the end of analyze_project
    seconds: float


def build_usage(scan: ScanResult, root: Path, cache: Path | None = None, config: Config | None = None) -> ProjectUsage:
    """The project index and the usage graph. `cache`: the cache folder (Workspace.cache), where the
    analysis keeps what a run after a small change reuses (incremental.py); None computes everything.
    `config`: its `frameworks:` (the project's declared roots) join the frameworks the scan found on."""
    started = time.perf_counter()
    own = [declared(**framework.model_dump()) for framework in config.frameworks] if config is not None else []
    index = ProjectIndex.build(scan, root, own)
    stored = AnalysisCache(cache / FILE_NAME, index, scan) if cache is not None else None
    usage = UsageGraph.build(scan, index, stored.contribution if stored is not None else None)
    if stored is not None:
        stored.seal()
    return ProjectUsage(index, usage, stored, time.perf_counter() - started)


def analyze_project(scan: ScanResult, root: Path, config: Config | None = None,
                    cache: Path | None = None, graph: ProjectUsage | None = None) -> ProjectEvidence:
    """Run every deterministic analysis over a scanned project (axes not in config.axes are skipped).

    `cache`: see build_usage; `graph`: its result, when the caller built it already."""
    axes = [a for a in EVIDENCE_AXES if config is None or a in config.axes]
    graph = graph or build_usage(scan, root, cache, config)
    started = time.perf_counter()
    index, usage, stored = graph.index, graph.usage, graph.stored
    seconds: dict[str, float] = {"usage graph": graph.seconds}
    floor = config.analysis.min_confidence if config is not None else DEFAULT_MIN_CONFIDENCE
    per_file = stored.per_file if stored is not None else None
    utility = UtilityAnalysis(index, usage, find_entry_points(index), floor, per_file)
    per_axis: dict[str, dict[SymbolKey, AxisAssessment]] = {}
    findings: list[FileFinding] = []
    # The tests' map reads the index and the usage graph only (neither changes from here on): a
    # forked child builds it while this process judges utility and over-engineering.
    with Background((lambda: fold_equal(TestMap(index, usage).assess())) if "tests" in axes else None) as tests:
        mark = time.perf_counter()
        utility_verdicts, unreachable = utility.assess()  # overengineering needs the roots either way
        per_axis["utility"] = fold_equal(utility_verdicts)
        if "utility" in axes:
            findings.extend(unreachable)
        unreached_broken = utility.unreached_files(path for path, facts in index.files.items() if facts.syntax_errors)
        seconds["utility"] = time.perf_counter() - mark
        if "overengineering" in axes:
            mark = time.perf_counter()
            per_axis["overengineering"] = fold_equal(OverengineeringAnalysis(index, usage, utility).assess())
            seconds["overengineering"] = time.perf_counter() - mark
        if "tests" in axes:
            mark = time.perf_counter()
            per_axis["tests"] = tests.result()
            seconds["tests"] = time.perf_counter() - mark  # what was left to wait for
    if "documentation" in axes:
        mark = time.perf_counter()
        per_axis["documentation"] = fold_equal(DocsAnalysis(index).assess(per_file))
        seconds["documentation"] = time.perf_counter() - mark
    if stored is not None:
        stored.save()
    if "utility" not in axes:
        del per_axis["utility"]
    assessments: dict[SymbolKey, dict[str, AxisAssessment]] = {}
    for axis, verdicts in per_axis.items():
        for key, assessment in verdicts.items():
            assessments.setdefault(key, {})[axis] = assessment
    seconds["total"] = graph.seconds + time.perf_counter() - started
    return ProjectEvidence(assessments=assessments, findings=findings, usage=usage, index=index,
                           test_files={p for p in index.files if is_test_path(p)}, seconds=seconds,
                           unreached_broken=unreached_broken,
                           reuse={"reused": stored.reused, "computed": stored.computed} if stored is not None else {})
