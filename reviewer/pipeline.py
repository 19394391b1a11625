"""The phases of `reviewer run`, in order: scan, estimate, index, review, report.

Each phase hands the next one plain data; the CLI only parses options and prints.
Finished work is written as it completes (atomic files), so an error or an
interrupt in the middle loses nothing: the next run picks up from the cache.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import uuid
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from collections.abc import Mapping
from typing import TYPE_CHECKING, Callable
from datetime import datetime, timezone
from pathlib import Path

from . import __version__
from .config import Config
from .errors import UserError
from .schema.cards import FunctionCard, now_iso
from .review.context import ReviewContext
from .analysis.duplicates import find_duplicates, keep_rank, standalone_modules
from .analysis.entrypoints import fixture_packages, listed_case_files
from .frameworks.alembic import revision_scripts
from .analysis.roots import type_checked_files
from .analysis.roles import is_scaffold_path, is_test_input_path, is_test_path, is_test_support_path
from .analysis.testcode import case_subjects, test_case_spans
from .review.claude.consent import choose_reviewer, confirm_cost, opt_in_note
from .review.cache import (EvidenceCache, JudgedCache, ReviewCache, RunsCache, StoredEvidence, cache_key,
                           evidence_input_digest, verdict_digest)
from .schema.fieldsets import share_fields_set
from .schema.review import FileError, ReviewFile, RunRecord, held_review, stored_review
from .schema.shard import SHARD_MANIFEST, Shard, ShardManifest, paths_digest
from .schema.evidence import MODULE_CODE
from .review.static import STATIC_REVIEWER_VERSION, FileEvidence, StaticReviewer, review_file
from .schema.facts import FileFacts, ScanResult, Symbol, hashes32
from .background import Background
from .gcpause import gc_paused, gc_thawed, keep_until_exit
from .ui import UI
from .workspace import Workspace, atomic_write_bytes, atomic_write_json, atomic_write_text, compact_json_text, file_lock

if TYPE_CHECKING:
    from .report.baseline import Baseline
    from .report.merge import MergedShards
    from .report.render import Pages, Rendered


@dataclass
class RunOptions:
    enable_rag: bool = False  # or rag.enabled in the configuration
    rebuild_rag: bool = False
    no_cache: bool = False
    changed_since: str | None = None
    # `reviewer run src tests` / `reviewer run pkg/mod.py`: repository-relative files or folders to
    # review; the rest of the repository is scanned and analysed as their context (None: everything)
    paths: list[str] | None = None
    max_cost: float | None = None
    force_cost: bool = False  # start even when the estimate exceeds max_cost (the run still stops at it)
    yes: bool = False  # start a Claude run over llm.confirm_over without asking
    plain: bool = True
    # False for `reviewer estimate`: the RAG index is read as it is, never built or updated
    build_index: bool = True
    # `--shard 2/4`: review, report and gate only this slice of the scope (schema/shard.py); the scan and
    # the analysis still read the whole repository, so a file's findings are those of a whole run
    shard: Shard | None = None


@dataclass
class Prepared:
    """Everything computed before review: the facts and the deterministic evidence."""

    # The facts; light ones (scan.snapshot.LIGHT_FIELDS) when nothing changed, replaced by the full
    # scan when the contexts are built
    scan: ScanResult
    digests: dict[str, str]  # path -> digest of its static evidence (the review cache key's part)
    build: Callable[[], "_Contexts"]  # the contexts (computed once, on first use)
    rag_enabled: bool
    index_size: int = 0
    phase_seconds: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    unreached_broken: set[str] = field(default_factory=set)  # do not parse, and nothing imports or runs them
    _contexts: "_Contexts | None" = None

    @property
    def paths(self) -> list[str]:
        return sorted(self.digests)

    def release(self) -> None:
        """Let go of the facts and the contexts (the run is done with them); what the run still
        reports of the scan (skipped files, warnings) stays."""
        self.scan = ScanResult(root=self.scan.root, skipped=self.scan.skipped, warnings=self.scan.warnings)
        self._contexts = None
        self.build = _released

    @property
    def contexts(self) -> "_Contexts":
        """path -> context (its .evidence is the static review). From the evidence cache, a
        run computes them only when some file must be reviewed again."""
        if self._contexts is None:
            self._contexts = self.build()
        return self._contexts



def _released() -> "_Contexts":
    raise RuntimeError("the contexts of this run were released (Prepared.release)")


@contextmanager
def deep_recursion(files: int):
    """Chains of imports (a 5,000-module star-import chain) are followed recursively: allow
    a depth that grows with the project. Pure-Python recursion (3.11+) uses no C stack."""
    import sys

    saved = sys.getrecursionlimit()
    sys.setrecursionlimit(max(saved, 10_000 + 8 * files))
    try:
        yield
    finally:
        sys.setrecursionlimit(saved)


def rag_on(config: Config, options: RunOptions) -> bool:
    """Whether this run uses RAG; stops with the install hint when RAG is asked for but not installed."""
    enabled = options.enable_rag or config.rag.enabled
    if enabled:
        from .rag.extra import require_rag

        require_rag("--enable-rag (rag.enabled: true)")
    return enabled


def _read_source(root: Path, path: str) -> str:
    """A file's text for the reviewer's prompt (the analysis reads only the scan's facts)."""
    try:
        return (root / path).read_bytes().decode("utf-8", errors="replace")
    except OSError:
        return ""


def structural_index(scan: ScanResult, cards: dict[str, list[FunctionCard]], heads: list[dict] | None = None):
    """A similarity index over code structure alone (no embeddings): the RAG-off fallback.
    `heads`: rows of the cards' CARD_HEAD fields (by id), completed here with their structure
    rather than copied (one row per function of a large project)."""
    import numpy as np

    from .rag.indexer import structures_for
    from .rag.similarity import SimilarityIndex

    by_id = {head["id"]: head for head in heads or ()}
    rows = []
    for facts in scan.files:
        structures = structures_for(facts)
        for card in cards[facts.path]:
            row = by_id.get(card.id)
            if row is None:
                row = {name: getattr(card, name) for name in CARD_HEAD}
            row.update(structures[(card.line_start, card.line_end)].columns())
            rows.append(row)
    return SimilarityIndex(rows, np.zeros((0, 0), dtype=np.float32))


def _drop_structural_views(scan: ScanResult) -> None:
    """Let go of each function's structural views (Symbol.structure and .shingles) once the similarity
    pairs and the duplicates are found: they are all that reads them (the index phase, with RAG, came
    before), and a large project holds them through the review and the report, at the run's peak
    (the 20,000-file scale tree: about a tenth of the run's memory)."""
    empty = hashes32()
    for facts in scan.files:
        for symbol in facts.symbols:
            values = symbol.__dict__  # no validation, no copy: the record keeps its field set
            values["structure"] = None
            values["shingles"] = empty


class _Similarity:
    """The similarity index of this run, loaded only when a pair must be scored or a
    reviewer asks for similar functions: an unchanged re-run reads its pairs from the cache."""

    def __init__(self, root: Path, config: Config, scan: ScanResult, cards: dict[str, list[FunctionCard]],
                 rag_enabled: bool) -> None:
        self.root, self.config, self.scan, self.cards, self.rag_enabled = root, config, scan, cards, rag_enabled
        self._index = None
        if rag_enabled:
            from .rag.pair_cache import DIGEST_FIELDS
            from .rag.similarity import open_store

            self._store = open_store(root, config)
            self.rows = self._store.read(list(DIGEST_FIELDS)).to_pylist()
        else:
            self.rows = [{**card.model_dump(include=CARD_HEAD), "text_hash": None}
                         for file_cards in cards.values() for card in file_cards]
        self.size = len(self.rows)

    def index(self):
        if self._index is None:
            from .rag.similarity import SimilarityIndex

            self._index = (SimilarityIndex.load(self._store) if self.rag_enabled
                           else structural_index(self.scan, self.cards, self.rows))
        return self._index

    def find_similar(self, *args, **kwargs):
        return self.index().find_similar(*args, **kwargs)

    def all_pairs(self):
        from .rag.pair_cache import cached_all_pairs

        rag = self.config.rag
        salt = f"{rag.model if self.rag_enabled else 'structure'}:{_code_digest('scan')}"
        # With RAG the pairs are scored in this process after the index, with the second core idle;
        # without, in a child beside the analysis (_evidence), which keeps both cores busy already.
        return cached_all_pairs(Workspace(self.root, self.config.output).cache / "pairs.json", self.rows, self.index,
                                min_score=rag.min_score, max_per_function=rag.max_results, salt=salt,
                                split=self.rag_enabled)


CARD_HEAD = {"id", "file_path", "name", "qualified_name", "line_start", "line_end", "signature", "summary", "body_hash"}


def prepare(root: Path, config: Config, options: RunOptions, ui: UI | None = None,
            changed: set[str] | None = None, idle: Callable[[], None] | None = None,
            reviewer: str | None = None) -> Prepared:
    """scan -> evidence -> (index) -> duplicates -> a static ReviewFile and a ReviewContext per file.

    `changed`: with --changed-since, the files changed since the ref. Their code is the
    new code, so in a similar pair the unchanged function is the one to keep. `idle`: work
    for this process while it waits for the child that finds the duplicates. `reviewer`: whose
    cache keys the digests are for (default: the reviewer this configuration runs).

    When nothing the evidence is computed from changed since the last run (every file's
    facts, the configuration, the code, the RAG table), the evidence digests come from
    the evidence cache and the rest is computed only if a file must be reviewed again."""
    from .scan import scan_repository

    ui = ui or UI()
    seconds: dict[str, float] = {}
    notes: list[str] = []
    reviewer = reviewer or choose_reviewer(config)

    rag_enabled = rag_on(config, options)  # before the scan: a missing RAG install fails at once
    if not (options.rebuild_rag or options.no_cache):
        unchanged = _unchanged(root, config, options, ui, changed, reviewer, rag_enabled)
        if unchanged is not None:
            return unchanged
    started = time.perf_counter()
    with ui.phase("scan") as bar:
        scan = scan_repository(root, config, progress=bar.advance, facts_cache=Workspace(root, config.output).facts_cache)
    seconds["scan"] = time.perf_counter() - started
    # Said here, before the phases that follow it print their own lines (index, similarity).
    ui.echo(f"scan: {len(scan.files)} files, {sum(len(f.symbols) for f in scan.files)} symbols")

    cache = EvidenceCache(Workspace(root, config.output))
    started = time.perf_counter()
    stored = None if options.rebuild_rag or options.no_cache else cache.lookup(
        evidence_key(root, config, scan, rag_enabled, changed, reviewer))
    if stored is not None and set(stored.digests) == {f.path for f in scan.files}:
        seconds["evidence cache"] = time.perf_counter() - started
        if not rag_enabled:
            notes.append(RAG_OFF_NOTE)
        return Prepared(scan=scan, digests=stored.digests, rag_enabled=rag_enabled, index_size=stored.index_size,
                        unreached_broken=stored.unreached_broken,
                        build=lambda: _evidence(root, config, options, UI(plain=True), scan, changed, {}, [])[0],
                        phase_seconds=seconds, notes=notes)
    contexts, index_size = _evidence(root, config, options, ui, scan, changed, seconds, notes, idle)
    with gc_paused():  # serializing every file's evidence: no cycles, and the collector tripled its cost
        if reviewer == "static":
            code = _code_digest()
            digests = {path: evidence_input_digest(*contexts.inputs[path], rag_enabled, code) for path in contexts}
        else:  # Claude's review: only the fields its verdicts depend on (not the scores its own cards move)
            digests = {path: verdict_digest(context.evidence) for path, context in contexts.items()}
    if options.build_index:  # evidence over an index left as it was is not the run's: never cached
        cache.save(evidence_key(root, config, scan, rag_enabled, changed, reviewer),
                   StoredEvidence(digests, index_size, contexts.unreached_broken))
    return Prepared(scan=scan, digests=digests, build=lambda: contexts, rag_enabled=rag_enabled,
                    index_size=index_size, phase_seconds=seconds, notes=notes,
                    unreached_broken=contexts.unreached_broken)


def _unchanged(root: Path, config: Config, options: RunOptions, ui: UI, changed: set[str] | None, reviewer: str,
               rag_enabled: bool) -> Prepared | None:
    """prepare() of a run where nothing the scan and the evidence are computed from changed: the last
    scan with light facts (scan_unchanged) and the stored evidence digests, without reading any file's
    facts. Only when a file must be reviewed again does it scan with its facts and analyse (the scan of
    the Prepared is then the full one). None: something changed."""
    from .scan import scan_repository, scan_unchanged

    workspace = Workspace(root, config.output)
    started = time.perf_counter()
    with ui.phase("scan"):
        light = scan_unchanged(root, config, workspace.facts_cache)
    if light is None:
        return None
    scan, symbols = light
    seconds = {"scan": time.perf_counter() - started}
    started = time.perf_counter()
    stored = EvidenceCache(workspace).lookup(evidence_key(root, config, scan, rag_enabled, changed, reviewer))
    if stored is None or set(stored.digests) != {f.path for f in scan.files}:
        return None
    seconds["evidence cache"] = time.perf_counter() - started
    ui.echo(f"scan: {len(scan.files)} files, {symbols} symbols")

    def build() -> _Contexts:
        prepared.scan = scan_repository(root, config, facts_cache=workspace.facts_cache)
        return _evidence(root, config, options, UI(plain=True), prepared.scan, changed, {}, [])[0]

    prepared = Prepared(scan=scan, digests=stored.digests, rag_enabled=rag_enabled, index_size=stored.index_size,
                        unreached_broken=stored.unreached_broken, build=build, phase_seconds=seconds,
                        notes=[] if rag_enabled else [RAG_OFF_NOTE])
    return prepared


def estimate_only(root: Path, config: Config, options: RunOptions, ui: UI | None = None):
    """`reviewer estimate`: what a Claude run of `root` would cost now. Files whose Claude review
    is still valid in the review cache cost nothing (the run reads them); the RAG index is read as
    it is, never built (the prompt is the one a run with the index would send)."""
    from dataclasses import replace

    from .review.claude.card_cache import CardCache
    from .review.claude.estimate import estimate_reviews

    workspace = Workspace(root, config.output)
    prepared = prepare(root, config, replace(options, build_index=False), ui, reviewer="claude")
    scope = [path for path in prepared.paths if in_paths(path, options.paths)]
    this = Run(root=root, config=config, options=options, ui=ui or UI(), workspace=workspace,
               record=new_run_record(root, config, options, "claude"), cache=ReviewCache(workspace))
    cached, pending, _ = _split_cached(this, prepared, scope)
    carded = CardCache(workspace).hashes() if prepared.rag_enabled else set()
    contexts = (prepared.contexts.once(path) for path in pending)  # one file's context at a time
    estimate = estimate_reviews(contexts, config, carded_hashes=carded)
    estimate.cached_files = len(cached)
    return estimate


def frameworks_of(root: Path, config: Config) -> dict[str, str]:
    """The frameworks a scan of `root` switches on (name -> why), as a run would find them."""
    from .scan import scan_repository

    return scan_repository(root, config, facts_cache=Workspace(root, config.output).facts_cache).frameworks


RAG_OFF_NOTE = "RAG off: duplication from code structure only (run with --enable-rag for semantic duplicates)"


def evidence_key(root: Path, config: Config, scan: ScanResult, rag_enabled: bool, changed: set[str] | None,
                 reviewer: str) -> str:
    """A digest of everything the evidence of a run is computed from."""
    import hashlib

    from .rag.store import table_state

    digest = hashlib.sha256(repr((config.model_dump_json(), rag_enabled, sorted(changed or []), changed is None,
                                  reviewer, _code_digest())).encode())
    for facts in sorted(scan.files, key=lambda f: f.path):
        digest.update(f"{facts.path}\0{facts.sha256}\n".encode())
    for skipped in scan.skipped:
        digest.update(f"{skipped.path}\0{skipped.reason}\n".encode())
    # Names read outside the scanned code: a template's expressions, the text of skipped files.
    digest.update(repr((sorted(scan.template_names.items()), sorted(scan.template_calls.items()),
                        sorted(scan.unscanned_names.items()))).encode())
    # Where the project's names are written outside its code (the word index: a doc page, a YAML file
    # naming `pkg.mod.Plugin`): the DEAD guard and roots read it, so an edit there changes verdicts.
    digest.update(repr(sorted(scan.mentions.items())).encode())
    # The files besides the code that the analysis reads, by content: every framework's configuration
    # files, the manifests, launch files and documentation pages (frameworks.config_globs), read by the
    # scan; and which frameworks they switched on.
    for path, text in sorted(scan.config_files.items()):
        digest.update(f"{path}\0{hashlib.sha256(text.encode()).hexdigest()}\n".encode())
    digest.update(repr(sorted(scan.frameworks.items())).encode())
    from .scan.coverage import CANDIDATES as COVERAGE_FILES

    for name in COVERAGE_FILES:  # coverage data: large and binary, watched by size and time
        try:
            stat = os.stat(os.path.join(str(root), name))
        except OSError:
            continue
        digest.update(f"{name}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    if rag_enabled:
        digest.update(table_state(Workspace(root, config.output), config.rag.index_uri).encode())
    return digest.hexdigest()


def _code_digest(folder: str = "") -> str:
    """Changes when the code under reviewer/`folder` changes (every rule the evidence follows)."""
    import hashlib

    digest = hashlib.sha256()
    for path in sorted((Path(__file__).parent / folder).rglob("*.py")):
        digest.update(path.read_bytes())
    if not folder:  # the fitted precisions a review's confidences and its finding floor come from
        digest.update((Path(__file__).parent / "review" / "calibration.json").read_bytes())
    return digest.hexdigest()[:16]


@gc_paused(keep=True)  # the analysis builds millions of objects with no cycles: the collector cost a third
def _evidence(root: Path, config: Config, options: RunOptions, ui: UI, scan: ScanResult,
              changed: set[str] | None, seconds: dict[str, float], notes: list[str],
              idle: Callable[[], None] | None = None) -> tuple["_Contexts", int]:
    """The analysis, the index, the duplicates and each file's static review: a context per file."""
    from .analysis.project import analyze_project, build_usage
    from .rag.card_cache import resolve_called_internals, static_cards

    started = time.perf_counter()
    rag_enabled = rag_on(config, options)
    # Pairs by meaning need the index: built by a run, read as it is by an estimate (none yet: by structure).
    from .rag.store import table_state

    semantic = rag_enabled and (options.build_index or table_state(Workspace(root, config.output), config.rag.index_uri) != "none")
    cache = None if options.no_cache else Workspace(root, config.output).cache
    cards = static_cards(scan, cache)
    symbols = {(f.path, s.qualified_name): s for f in scan.files for s in f.symbols}
    with ExitStack() as background:  # the children (below) live until the similarity phase takes their result
        with ui.phase("analysis"), deep_recursion(len(scan.files)):
            # Without RAG the duplicates need the scan, the cards and who uses what (which copy to keep),
            # and the rest of the analysis does not need them: forked children find them meanwhile
            # (with RAG they wait for the index). The similar pairs need only the scan and the cards: a
            # first child scores them from here, while this process builds the usage graph.
            similarity = None if semantic else _Similarity(root, config, scan, cards, semantic)
            paired = background.enter_context(Background(similarity.all_pairs if similarity else None))
            graph = build_usage(scan, root, cache, config)

            def rank(path: str, symbol: Symbol) -> tuple:
                return keep_rank(path, symbol, len(graph.usage.users_of((path, symbol.qualified_name))),
                                 changed is not None and path in changed)

            # A second child, with the graph, reads the first one's pairs and finds the duplicates.
            found = background.enter_context(Background(
                (lambda: _duplicates(root, config, scan, cards, similarity, rank, paired.result())) if similarity else None))
            if found.pid is not None:  # else this process reads the first child's pairs itself
                paired.hand_on()
            project = analyze_project(scan, root, config, cache, graph)
            resolve = project.index.resolve_callee
            resolve_called_internals(scan, cards, resolve)
        seconds["analysis"] = time.perf_counter() - started

        started = time.perf_counter()
        if rag_enabled and options.build_index:
            from .rag.indexer import index_repository

            with ui.phase("index") as bar:
                report = index_repository(root, config, scan, resolve, rebuild=options.rebuild_rag,
                                          progress=bar.progress, written=claude_cards(root, config),
                                          test_cases=test_case_spans)
            ui.echo(f"index: {report.summary_line()}")
        elif not rag_enabled:
            notes.append(RAG_OFF_NOTE)
        seconds["index"] = time.perf_counter() - started

        started = time.perf_counter()
        with ui.phase("similarity"):
            if similarity is None:
                similarity = _Similarity(root, config, scan, cards, semantic)
                duplicates, pairs, how = _duplicates(root, config, scan, cards, similarity, rank, similarity.all_pairs())
            else:
                if idle is not None and found.pid is not None:
                    idle()
                duplicates, pairs, how = found.result()
        seconds["similarity"] = time.perf_counter() - started
    _drop_structural_views(scan)
    index_size = similarity.size
    if rag_enabled and not options.build_index:  # the index a run would build holds every function's card
        index_size = max(index_size, sum(len(file_cards) for file_cards in cards.values()))
    find_similar = similarity.find_similar if rag_enabled else None
    ui.echo(f"similarity: {pairs} functions with similar ones ({how})")

    def rank_of(key: tuple[str, str]) -> tuple:
        """Claude's pairs are oriented by the same rank (a copy the scan does not know ranks last)."""
        symbol = symbols.get(key)
        return rank(key[0], symbol) if symbol is not None else (True, float("inf"))

    per_file_findings: dict[str, list] = {}
    for finding in project.findings:
        per_file_findings.setdefault(finding.path, []).append(finding)
    inputs: dict[str, tuple[FileFacts, FileEvidence, list[FunctionCard]]] = {}
    for facts in scan.files:
        names = dict.fromkeys(s.qualified_name for s in facts.symbols)  # in file order: the digest reads it
        evidence = FileEvidence(
            assessments={(facts.path, n): project.assessments[(facts.path, n)] for n in names if (facts.path, n) in project.assessments},
            duplicates={k: duplicates.copies[k] for s in facts.symbols
                        if (k := (facts.path, s.qualified_name, s.line_start)) in duplicates.copies},
            neighbours={k: duplicates.neighbours[k] for s in facts.symbols
                        if (k := (facts.path, s.qualified_name, s.line_start)) in duplicates.neighbours},
            findings=per_file_findings.get(facts.path, []),
            module_duplicates=duplicates.copies.get((facts.path, MODULE_CODE, 1), []),
            structural_only=not rag_enabled,
            test_file=facts.path in project.test_files,
        )
        inputs[facts.path] = (facts, evidence, cards[facts.path])

    # Claude's tools: they keep the whole analysis and index alive (_Contexts.without_tools).
    tools: dict[str, Callable] = {"find_similar": find_similar, "find_usages": project.find_usages,
                                  "keep_rank": rank_of}

    def context(path: str) -> ReviewContext:
        facts, evidence, file_cards = inputs[path]
        return ReviewContext(
            root=root,
            config=config,
            facts=facts,
            source=_read_source(root, facts.path),  # for the Claude prompt: the one read outside the scan
            evidence=review_file(facts, evidence, file_cards, rag_enabled, resolved_floor(config)),
            cards=file_cards,
            rag_enabled=rag_enabled,
            index_size=index_size,
            find_similar=tools.get("find_similar"),
            find_usages=tools.get("find_usages"),
            keep_rank=tools.get("keep_rank"),
        )

    return _Contexts(inputs, context, project.unreached_broken, tools), index_size


def _duplicates(root: Path, config: Config, scan: ScanResult, cards: dict[str, list[FunctionCard]],
                similarity: "_Similarity", rank: Callable[[str, Symbol], tuple], paired: tuple[dict, str]):
    """The duplicates (analysis/duplicates.py) from the similarity pairs (`paired`: similarity.all_pairs());
    with how many functions have similar ones and how the pairs were had (cache or computed), for the
    progress line."""
    pairs, how = paired
    by_lines = {(f.path, s.line_start, s.line_end): s for f in scan.files for s in f.symbols}
    runs_cache, runs_key = RunsCache(Workspace(root, config.output)), _code_digest("analysis")
    memo = runs_cache.load(runs_key)
    # A pair's judgement reads the facts of its two files: the scan's code counts as well as the analysis'.
    judged_cache, judged_key = JudgedCache(Workspace(root, config.output)), _code_digest()
    judged = judged_cache.load(judged_key, {f.path: f.sha256 for f in scan.files})
    duplicates = find_duplicates(
        pairs,
        functions={c.id: (c.file_path, by_lines[(c.file_path, c.line_start, c.line_end)])
                   for file_cards in cards.values() for c in file_cards
                   if (c.file_path, c.line_start, c.line_end) in by_lines},
        rank=rank,
        structural_only=not similarity.rag_enabled,
        min_confidence=config.analysis.min_confidence,
        modules={f.path: f.module_line_hashes for f in scan.files},
        test_cases={f.path for f in scan.files if f.assert_lines and is_test_path(f.path)},
        test_lines={f.path: (f.assert_lines, f.callback_spans) for f in scan.files if is_test_path(f.path)},
        memo=memo,
        subjects={f.path: case_subjects(f) for f in scan.files if is_test_path(f.path)},
        test_inputs=(fixture_packages(scan.config_files, [f.path for f in scan.files if f.language != "python"])
                     | type_checked_files(scan.config_files, [f.path for f in scan.files if f.language == "python"])
                     | listed_case_files(scan.files)
                     | revision_scripts(scan.files, scan.frameworks)),
        notes={f.path: f.copy_notes for f in scan.files if f.copy_notes},
        classes={f.path: [s for s in f.symbols if s.kind == "class"] for f in scan.files},
        standalone=standalone_modules(scan.files),
        callbacks={f.path: f.callback_spans for f in scan.files if f.callback_spans and not is_test_path(f.path)},
        judged=judged,
    )
    runs_cache.save(runs_key, memo)
    judged_cache.save(judged_key, judged)
    return duplicates, len(pairs), how


class _Contexts(Mapping):
    """path -> ReviewContext, each built on first use: a run after a small change reviews a few
    files, and the static review of the others is not needed to know they are unchanged
    (evidence_input_digest). `inputs` holds what each static review is computed from."""

    def __init__(self, inputs: dict[str, tuple[FileFacts, FileEvidence, list[FunctionCard]]],
                 build: Callable[[str], ReviewContext], unreached_broken: set[str],
                 tools: dict[str, Callable] | None = None) -> None:
        self.inputs = inputs
        self.unreached_broken = unreached_broken
        self._build = build
        self._built: dict[str, ReviewContext] = {}
        self._tools = tools if tools is not None else {}

    def without_tools(self) -> None:
        """Contexts from now on carry no tool (find_similar, find_usages, keep_rank): the static reviewer
        reads none, and they hold the analysis, a large project's largest part after its facts."""
        self._tools.clear()

    def take(self, path: str) -> ReviewContext:
        """The context of `path` for its one review; its inputs are let go (a file is reviewed once a run,
        and its cards and evidence would otherwise be held to the end)."""
        context = self.once(path)
        self.inputs.pop(path, None)
        return context

    def __getitem__(self, path: str) -> ReviewContext:
        if path not in self._built:
            self._built[path] = self.once(path)
        return self._built[path]

    def once(self, path: str) -> ReviewContext:
        """The context of `path`, built for one use and not kept (the static review of each file)."""
        if path in self._built:
            return self._built[path]
        if path not in self.inputs:
            raise KeyError(path)
        return self._build(path)

    def __iter__(self):
        return iter(self.inputs)

    def __len__(self) -> int:
        return len(self.inputs)


def index_only(root: Path, config: Config, rebuild: bool, ui: UI):
    """`reviewer index`: scan, resolve calls, bring the RAG index up to date (no review)."""
    from .analysis.resolve import ProjectIndex
    from .rag.extra import require_rag
    from .rag.indexer import index_repository
    from .scan import scan_repository

    require_rag("`reviewer index`")
    workspace = Workspace(root, config.output)
    workspace.confine()  # the scan writes and prunes its facts cache: never through a link
    scan = scan_repository(root, config, facts_cache=workspace.facts_cache)
    resolve = ProjectIndex.build(scan, root).resolve_callee
    with ui.phase("index") as bar:
        return index_repository(root, config, scan, resolve, rebuild=rebuild, progress=bar.progress,
                                written=claude_cards(root, config), test_cases=test_case_spans)


def claude_cards(root: Path, config: Config):
    """The card fields Claude wrote, by body hash: the index re-applies them whenever it writes."""
    from .review.claude.card_cache import CardCache

    return CardCache(Workspace(root, config.output)).fields()


def changed_files(root: Path, ref: str) -> set[str]:
    """Repo-relative paths changed since git `ref` (committed, staged, unstaged, untracked)."""
    def git(*args: str) -> str:
        try:
            done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise UserError(f"--changed-since needs git: {exc}") from None
        if done.returncode != 0:
            stderr = done.stderr.decode("utf-8", "replace")
            message = (stderr.strip().splitlines() or ["not a commit of this repository"])[-1]
            raise UserError(f"--changed-since {ref}: {message}")
        return os.fsdecode(done.stdout)  # the names as the file system spells them

    git("rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}")
    # Both listings are relative to `root` (git -C root ... --relative), like the scan's paths.
    # -z: names as they are, never quoted (non-ASCII, quotes, newlines in a name).
    names = git("diff", "--name-only", "-z", "--no-renames", "--relative", ref, "--").split("\0")
    names += git("ls-files", "-z", "--others", "--exclude-standard").split("\0")
    return {name for name in names if name}


FAILED_SKIPS = ("unreadable", "parse failed")  # skips that are failures, not policy (binary, generated...)


@dataclass
class RunOutcome:
    record: RunRecord
    reviews: dict[str, ReviewFile]  # the reviews in scope of this run (all files, or the changed ones)
    report_path: Path | None
    notes: list[str]
    rendered: "Rendered | None" = None  # the reports as written (report.json's model, the baseline used)


def _remove_stale_reviews(workspace: Workspace, live: set[str], cache: ReviewCache | None) -> int:
    """Delete the reviews of files that no longer exist (or left the scope), and their cache entries."""
    for file_path in [p for p in cache.entries if p not in live] if cache is not None else []:
        cache.forget(file_path)
    removed = 0
    if not workspace.reviews.is_dir():
        return 0
    expected = {workspace.review_json(p) for p in live}
    for path in workspace.reviews.rglob("*.rev.json"):
        if path in expected or not workspace.remove(path):
            continue  # a folder or a link named like a review is not ours to delete
        workspace.remove(path.with_name(path.name[: -len(".json")] + ".md"))
        removed += 1
    return removed


def _write_review(workspace: Workspace, review: ReviewFile) -> str:
    """Write the review; the sha256 of the bytes written (the report takes the review from memory
    while the file still holds them, instead of parsing it again)."""
    import hashlib

    review.reviewed_at = review.reviewed_at or now_iso()
    text = compact_json_text(stored_review(review))
    atomic_write_text(workspace.review_json(review.file), text)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def new_run_record(root: Path, config: Config, options: RunOptions, reviewer_name: str) -> RunRecord:
    return RunRecord(
        # Microseconds keep run ids in start order, even for runs within one second.
        run_id=datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S.%fZ") + "-" + uuid.uuid4().hex[:6],
        started_at=now_iso(),
        root=str(root),
        reviewer=reviewer_name,
        model=config.llm.model if reviewer_name == "claude" else None,
        changed_since=options.changed_since,
        finding_floor=resolved_floor(config),
        shard=str(options.shard) if options.shard else None,
    )


def resolved_floor(config: Config) -> int:
    """analysis.finding_floor, or the calibration's floor when it is unset."""
    from .review.calibration import finding_floor

    return finding_floor() if config.analysis.finding_floor is None else config.analysis.finding_floor


@dataclass
class Run:
    """One `reviewer run`: where, with what settings, and what it has done so far."""

    root: Path
    config: Config
    options: RunOptions
    ui: UI
    workspace: Workspace
    record: RunRecord
    cache: ReviewCache
    started: float = field(default_factory=time.perf_counter)


def run(root: Path, config: Config, options: RunOptions, ui: UI | None = None) -> RunOutcome:
    """The whole job. Raises UserError on what the user can fix; per-file failures are recorded.

    Whatever happens, run.json says how far the run got (`complete` is False when it
    stopped early), and every review finished before the stop is on disk."""
    workspace = Workspace(root, config.output)
    workspace.claim()  # refuses a folder reviewer does not own, before anything is written
    ui = ui or UI(plain=options.plain)
    # One run at a time per output folder; a second one says it waits, then gives up.
    with file_lock(workspace.run_lock, waiting=ui.echo):
        this = Run(root=root, config=config, options=options, ui=ui, workspace=workspace,
                   record=new_run_record(root, config, options, choose_reviewer(config)),
                   cache=ReviewCache(workspace, held=True))  # the report and the gate read held reviews
        if note := opt_in_note(config):
            ui.echo(f"note: {note}")
        try:
            with gc_thawed():
                return _run_phases(this)
        except BaseException:
            this.record.finished_at = now_iso()
            this.record.duration_seconds = round(time.perf_counter() - this.started, 3)
            this.record.complete = False
            try:
                _write_run(workspace, this.record)
            except OSError:
                pass  # a read-only folder: the error being raised says more
            raise


def _run_phases(run: Run) -> RunOutcome:
    options, record, ui = run.options, run.record, run.ui
    changed = changed_files(run.root, options.changed_since) if options.changed_since else None
    # While the duplicates are found in a child, the stored reviews are parsed (most are still valid).
    prepared = prepare(run.root, run.config, options, ui, changed, idle=None if options.no_cache else run.cache.preload)
    keep_until_exit(prepared)  # the facts and evidence: freed by the end of the process, if it ends now
    record.rag_enabled = prepared.rag_enabled
    record.phase_seconds.update(prepared.phase_seconds)
    record.files_total = len(prepared.digests)
    record.files_skipped = len(prepared.scan.skipped)
    manifest_path = run.workspace.base / SHARD_MANIFEST
    # Whatever this run is, the shard.json of an earlier one no longer describes the folder (written again below).
    run.workspace.remove(manifest_path)

    def in_scope(path: str) -> bool:
        return (changed is None or path in changed) and in_paths(path, options.paths)

    # A file we could not read or parse was not reviewed: an error, never a silent skip.
    failed = [skipped for skipped in prepared.scan.skipped if skipped.reason.startswith(FAILED_SKIPS)
              and in_scope(skipped.path)]
    scope = [p for p in prepared.paths if in_scope(p)]
    matrix_scope = scope + [skipped.path for skipped in failed]  # what all the shards together vouch for
    if options.shard is not None:
        failed = [skipped for skipped in failed if options.shard.holds(skipped.path)]
        scope = [p for p in scope if options.shard.holds(p)]
    for skipped in failed:
        record.errors.append(FileError(file=skipped.path, message=skipped.reason))
        record.files_error += 1
    record.files_in_scope = len(scope) + record.files_error  # the unreadable ones are in scope, as errors
    shard_slice = sorted([*scope, *(skipped.path for skipped in failed)])
    tree = _tree_digest(prepared.scan) if options.shard is not None else None  # before the facts are released
    if changed is not None or options.paths is not None or options.shard is not None:
        ui.echo(f"scope: {len(scope)}" + (f" changed since {options.changed_since}" if changed is not None else "")
                + (f" under {', '.join(options.paths)}" if options.paths is not None else "")
                + (f" in shard {options.shard} ({len(matrix_scope)} in all shards)" if options.shard else "")
                + " (files to review)")

    for warning in prepared.scan.warnings:
        if "matched no source file" in warning:
            ui.echo(f"warning: {warning}")
    if not prepared.digests and changed is None:
        # Nothing in scope: never a pass (and never a reason to delete the stored reviews).
        include = f"scan.include {run.config.scan.include} matched no source file" if run.config.scan.include else \
            "no source file in scope"
        raise UserError(f"nothing to review in {run.root}: {include}; check scan.include/scan.exclude and languages "
                        "in .reviewer.yml")
    if changed is not None and not scope:
        ui.echo(f"nothing to review: no source file in scope changed since {options.changed_since}")
    elif options.paths is not None and not scope:
        ui.echo(f"nothing to review: no source file in scope under {', '.join(options.paths)}")
    elif options.shard is not None and not scope:
        ui.echo(f"nothing to review: no source file in scope falls in shard {options.shard}")
    scope = _drop_unreviewable(run.root, prepared, scope, record, ui)

    removed = _remove_stale_reviews(run.workspace, set(prepared.digests), run.cache)
    if removed:
        ui.echo(f"removed the reviews of {removed} files that no longer exist")

    reviews, pending, keys = _split_cached(run, prepared, scope)
    from .report.render import Pages

    pages = Pages(run.workspace, run.config)  # each review's page is written with it (_page_and_hold)
    started_review = time.perf_counter()
    stopped: UserError | KeyboardInterrupt | None = None
    try:
        _review(run, prepared, pending, keys, reviews, pages)
    except UserError as exc:  # a 401, a provider that stays down: report what finished, then stop
        stopped = exc
        run.ui.echo(f"review stopped: {exc}")
    except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM: the reports say so and what finished
        stopped = exc
    finally:
        run.cache.save()
        record.phase_seconds["review"] = time.perf_counter() - started_review
    # Nothing past the review reads the facts or the analysis: let them go before the report is built
    # (on a large project they are most of the run's memory, and the report's own comes on top).
    prepared.release()
    if stopped is not None:
        record.stopped = stop_reason(stopped)
    if record.stopped is not None:
        errors = {error.file for error in record.errors}
        record.files_not_reviewed = [path for path in pending if path not in reviews and path not in errors]

    started_report = time.perf_counter()
    for review in reviews.values():
        record.verdicts[review.verdict] = record.verdicts.get(review.verdict, 0) + 1
    record.finished_at = now_iso()
    record.duration_seconds = round(time.perf_counter() - run.started, 3)
    _write_run(run.workspace, record)  # complete: false until the reports are written
    from .report import render

    with ui.phase("report"):
        # The reports describe the run as it will be recorded once they are on disk.
        rendered = render(run.root, run.config, run=record.model_copy(update={"complete": stopped is None}),
                          known=run.cache.read, pages=pages)
    paths = rendered.paths
    record.phase_seconds["report"] = time.perf_counter() - started_report
    record.finished_at = now_iso()
    record.duration_seconds = round(time.perf_counter() - run.started, 3)
    record.complete = stopped is None
    _write_run(run.workspace, record)
    if options.shard is not None:
        manifest = ShardManifest(
            shard=options.shard, tool_version=__version__, code=_code_digest(), commit=_git_head(run.root), tree=tree,
            config=run.config.model_dump(mode="json"), config_digest=shard_config_digest(run.config),
            baseline=rendered.baseline.digest() if rendered.baseline is not None else None,
            reviewer=record.reviewer, model=record.model, changed_since=options.changed_since, paths=options.paths,
            scope_files=len(matrix_scope), scope_digest=paths_digest(matrix_scope), files=shard_slice,
            gated=sorted(reviews), reviews=rendered.digests, renderer=pages.renderer, run=record)
        atomic_write_text(manifest_path, manifest.model_dump_json() + "\n")
    report_path = next((Path(p) for p in paths if Path(p).name == "report.md"), None)
    outcome = RunOutcome(record=record, reviews=reviews, report_path=report_path, notes=prepared.notes, rendered=rendered)
    if stopped is not None:
        stopped.outcome = outcome  # type: ignore[union-attr]  # what finished, for the caller's summary
        raise stopped
    return outcome


def merge(root: Path, merged: "MergedShards", baseline: "Baseline | None", output: str | None = None,
          ui: UI | None = None) -> RunOutcome:
    """`reviewer merge`: write the shards' reviews (report/merge.py read and checked them) into one
    output folder (`output`, else the shards' `output` setting, in `root`) with one report.md,
    report.json and report.sarif, as one unsharded run of the same tree writes them. The folder then
    holds exactly the merged reviews (any other review there is removed) and a run record of the
    whole matrix."""
    from .report import render
    from .report.merge import check_baseline, merged_record
    from .report.render import Pages

    check_baseline(merged, baseline)
    config = merged.config.model_copy(deep=True)
    if output is not None:
        config.output = output
    if baseline is None:
        config.ci.baseline = None  # else the reports would read one the merge was not given
    workspace = Workspace(root, config.output)
    workspace.claim()
    ui = ui or UI()
    started = time.perf_counter()
    with file_lock(workspace.run_lock, waiting=ui.echo):
        fresh = new_run_record(root, config, RunOptions(), merged.first.reviewer)
        record = merged_record(merged, fresh.run_id, root)
        pages = Pages(workspace, config)
        # A shard's page is the page this merge would render (same renderer, view and folder depth): copied.
        same_pages = {shard.folder: shard.manifest.renderer == pages.renderer
                      and shard.manifest.config.get("output") == config.output for shard in merged.shards}
        owner = {file: shard for shard in merged.shards for file in shard.manifest.reviews}
        for file, (digest, review, source) in merged.reviews.items():
            target = workspace.review_json(file)
            if not _same_file(source, target):
                atomic_write_bytes(target, source.read_bytes())
            page = owner[file].workspace.review_md(file)
            if same_pages[owner[file].folder] and page.is_file():
                if not _same_file(page, workspace.review_md(file)):
                    atomic_write_bytes(workspace.review_md(file), page.read_bytes())
                pages.fresh[file] = pages.key(review, digest)
        removed = _remove_stale_reviews(workspace, set(merged.reviews), None)
        if removed:
            ui.echo(f"removed {removed} reviews in {workspace.base} that no shard holds")
        workspace.remove(workspace.base / SHARD_MANIFEST)  # the merged folder is no shard's output
        with ui.phase("report"):
            rendered = render(root, config, run=record, baseline=baseline, pages=pages,
                              known={file: (digest, review) for file, (digest, review, _) in merged.reviews.items()})
        record.phase_seconds["merge"] = time.perf_counter() - started
        _write_run(workspace, record)
    reviews = {file: merged.reviews[file][1] for file in sorted(merged.gated) if file in merged.reviews}
    report_path = next((Path(p) for p in rendered.paths if Path(p).name == "report.md"), None)
    return RunOutcome(record=record, reviews=reviews, report_path=report_path, rendered=rendered,
                      notes=[] if record.rag_enabled else [RAG_OFF_NOTE])


def _same_file(one: Path, other: Path) -> bool:
    """Whether two paths are one file (a merge into one of the shards' own folders)."""
    try:
        return one.resolve() == other.resolve()
    except OSError:
        return False


def _tree_digest(scan: ScanResult) -> str:
    """The repository as this run scanned it (each file's path and content), for shards to agree on."""
    import hashlib

    digest = hashlib.sha256()
    for facts in sorted(scan.files, key=lambda f: f.path):
        digest.update(f"{facts.path}\0{facts.sha256}\n".encode())
    for skipped in sorted(scan.skipped, key=lambda s: s.path):
        digest.update(f"{skipped.path}\0{skipped.reason}\n".encode())
    return digest.hexdigest()


def _git_head(root: Path) -> str | None:
    """The commit checked out at `root` (None outside git)."""
    try:
        done = subprocess.run(["git", "-C", str(root), "rev-parse", "--verify", "--quiet", "HEAD"],
                              capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return (done.stdout.strip() or None) if done.returncode == 0 else None


# Settings each job of a matrix may set for itself: where it found the baseline (compared by content:
# ShardManifest.baseline) and its SARIF category (one per upload).
PER_JOB_SETTINGS = {"ci": {"baseline"}, "report": {"sarif_category"}}


def shard_config_digest(config: Config) -> str:
    """The configuration that decides a shard's reviews and view, which the shards of a matrix share."""
    import hashlib

    return hashlib.sha256(config.model_dump_json(exclude=PER_JOB_SETTINGS).encode()).hexdigest()[:16]


def stop_reason(exc: BaseException) -> str:
    """One line on why a review stopped early: the error's own line, or the signal."""
    if isinstance(exc, KeyboardInterrupt):
        return str(exc) or "interrupted"
    return str(exc)


def stopped_outcome(exc: BaseException) -> RunOutcome | None:
    """The outcome of a run that stopped with `exc` after writing its reports (None: it stopped before)."""
    return getattr(exc, "outcome", None)


def in_paths(path: str, paths: list[str] | None) -> bool:
    """`path` is one of `paths` or inside one of them (None: every path)."""
    return paths is None or any(path == p or path.startswith(p.rstrip("/") + "/") for p in paths)


def _drop_unreviewable(root: Path, prepared: Prepared, scope: list[str], record: RunRecord, ui: UI) -> list[str]:
    """Files that cannot be vouched for count as errors, never as a pass: a file deleted
    or replaced since the scan read it, and a file the parser could only partly read, unless it
    is a test suite's input (`test/fixtures/syntax-error.mjs`: broken on purpose, for a parser
    test to read; nothing runs it), a test file (valid code the grammar rejects, or broken: its runner
    is the judge of that), a template with a code extension (a project generator's hook whose
    `{% if %}` lines are rendered away), or a file nothing imports or runs, which a note names."""
    kept = []
    by_path = prepared.scan.by_path()
    for path in scope:
        facts = by_path[path]
        if not os.path.isfile(root / path):
            record.errors.append(FileError(file=path, message="deleted or unreadable since the scan; not reviewed"))
            record.files_error += 1
            ui.echo(f"error: {path}: deleted or unreadable since the scan; not reviewed")
            continue
        # A test suite's file that no runner collects and that does not parse cannot be imported either
        # (that would fail the tests): data the tests read (an expected-output file), not code that runs.
        test_data = is_test_input_path(path) or is_test_support_path(path)
        test_file = not test_data and is_test_path(path)
        # A project template's file (`template/pkg/{{ version }}/client.py`) is rendered into code first.
        scaffold = not facts.template_tags and is_scaffold_path(path)
        if facts.syntax_errors and (test_data or test_file or facts.template_tags or scaffold
                                    or path in prepared.unreached_broken):
            what = ("a test input (a fixture read as data)" if test_data else
                    "a test file (its runner reads it whole and says so if it does not parse)" if test_file else
                    "a template (lines of `{% ... %}` tags: rendered into code before it runs)" if facts.template_tags
                    else "a project template's file (a generator renders it into code before it runs)" if scaffold
                    else "a file nothing imports or runs (no importer, entry point, framework convention, "
                         "shebang or configuration names it)")
            note = (f"{path}: {facts.syntax_errors} syntax error(s) in {what}: "
                    "reviewed only what the parser recovered; not counted as an error")
            record.notes.append(note)
            prepared.notes.append(note)
        elif facts.syntax_errors:
            record.errors.append(FileError(
                file=path, message=f"{facts.syntax_errors} syntax error(s): reviewed only what the parser "
                                   "recovered; fix the syntax or exclude the file (scan.exclude)"))
            record.files_error += 1
        kept.append(path)
    return kept


def _split_cached(run: Run, prepared: Prepared, scope: list[str]
                  ) -> tuple[dict[str, ReviewFile], list[str], dict[str, str]]:
    """Reviews still valid in the cache, the files to review, and every file's cache key."""
    record = run.record
    reviews: dict[str, ReviewFile] = {}
    pending: list[str] = []
    keys: dict[str, str] = {}
    by_path = prepared.scan.by_path()
    fingerprint = run.config.fingerprint()
    with gc_paused(keep=True):  # thousands of stored reviews parsed, no cycles among them, kept to the report
        for path in scope:
            # prepared.digests leave out meaning scores for Claude: its own cards move them.
            keys[path] = review_key(by_path[path].sha256, record.reviewer, record.model, fingerprint,
                                    prepared.digests[path], prepared.rag_enabled)
            cached = None if run.options.no_cache else run.cache.lookup(path, keys[path])
            if cached is not None:
                reviews[path] = cached
                record.files_cached += 1
            else:
                pending.append(path)
    run.cache.release_preloaded()
    return reviews, pending, keys


def review_key(sha256: str, reviewer: str, model: str | None, fingerprint: str, digest: str, rag_enabled: bool) -> str:
    """The review cache key of one file: its bytes, the reviewer and its version, the settings, its evidence."""
    version = STATIC_REVIEWER_VERSION
    if reviewer == "claude":
        from .review.claude.prompt import PROMPT_VERSION

        version = PROMPT_VERSION
    return cache_key(sha256, reviewer, version, model or "", fingerprint, digest, str(rag_enabled))


def _review(run: Run, prepared: Prepared, pending: list[str], keys: dict[str, str],
            reviews: dict[str, ReviewFile], pages: Pages) -> None:
    """The one review loop: either reviewer yields (path, review or error) as files
    finish; each review is written and cached at once, so a stop loses no finished work.
    The static reviewer takes each file's context as it comes and lets it go after (a context holds
    the file's text and evidence: all of them at once were a large project's largest part)."""
    record, ui = run.record, run.ui
    if pending:
        prepared.contexts  # noqa: B018 - built first: a run that read light facts (_unchanged) scans them in full here
    facts = prepared.scan.by_path()
    if record.reviewer == "static":
        ui.echo(f"estimate: static reviewer, {len(pending)} files to review "
                f"({sum(len(facts[path].symbols) for path in pending)} symbols), {record.files_cached} from cache, $0.00")
        results = _static_results(run, prepared, pending, keys, pages)
        claude = None
    else:
        if not pending:
            return
        claude = results = _claude_stream(run, [prepared.contexts[path] for path in pending], prepared.paths)
    indexer = _CardIndexer(run) if claude is not None and record.rag_enabled else None
    try:
        with ui.phase("review", total=len(pending)) as bar:
            for path, result in results:
                bar.advance()
                if isinstance(result, OSError):
                    _write_failed(ui, record, path, result)
                    continue
                if isinstance(result, tuple):  # written by the child: recorded here (in the journal again: no harm)
                    written, page, held = result
                    if page is not None:
                        pages.fresh[path] = page
                        share_fields_set(held)  # as _page_and_hold does: the pickle gave each record its own set
                    reviews[path] = held
                    run.cache.record(path, keys[path], (written, held))
                    record.files_reviewed += 1
                    continue
                if isinstance(result, FileError):
                    record.errors.append(result)
                    record.files_error += 1
                    _forget_review(run, path)  # the old review would contradict the error
                    ui.echo(f"review failed: {result.file}: {result.message}")
                    continue
                try:
                    review, _, held = _store_review(run, pages, path, result, facts[path].suppressions, keys[path])
                except OSError as exc:  # e.g. a folder planted where the review goes
                    _write_failed(ui, record, path, exc)
                    continue
                reviews[path] = held
                if indexer is not None:
                    indexer.add(review)  # Claude's cards enter the index as each file finishes
                record.files_reviewed += 1
    finally:
        if claude is not None:
            _close_claude(run, claude, indexer)


# From this many files to review, a forked child reviews every other one (the second core's share).
SHARED_REVIEWS_FROM = 64


def _static_results(run: Run, prepared: Prepared, pending: list[str], keys: dict[str, str], pages: Pages):
    """(path, result) of each file of `pending`: this process's static reviews (to write), then what a
    forked child wrote of every other file: (sha256 of the .rev.json, key of the page or None, the held
    review), or the OSError that stopped its write. Without fork the child's share is reviewed here."""
    here, there = (pending[0::2], pending[1::2]) if len(pending) >= SHARED_REVIEWS_FROM else (pending, [])
    if there:
        prepared.contexts.without_tools()  # before the fork: both processes take contexts from them
    job = (lambda: _written_reviews(run, prepared, there, keys, pages)) if there else None
    with Background(job) as shared:
        yield from _static_reviews(prepared, here)
        if there:
            yield from shared.result()


def _written_reviews(run: Run, prepared: Prepared, paths: list[str], keys: dict[str, str], pages: Pages) -> list:
    """In the child: review, write and journal each file of `paths` (so that a kill loses none of them);
    what the run holds of each. The journal is opened again: the parent's handle is the parent's."""
    run.cache.reopen_journal()
    facts = prepared.scan.by_path()
    done: list = []
    for path, review in _static_reviews(prepared, paths):
        try:
            _, written, held = _store_review(run, pages, path, review, facts[path].suppressions, keys[path])
        except OSError as exc:
            done.append((path, exc))
            continue
        done.append((path, (written, pages.fresh.get(path), held)))
    return done


def _store_review(run: Run, pages: Pages, path: str, review: ReviewFile, suppressions, key: str
                  ) -> tuple[ReviewFile, str, ReviewFile]:
    """A finished review with the file's suppressions applied, its `.rev.json` and page written and its cache
    entry journalled at once (a kill loses no finished review): (the review, sha256 of the bytes written,
    what the run holds of it). OSError when the review cannot be written."""
    from .review.suppressions import apply_suppressions

    review = apply_suppressions(review, suppressions)
    written = _write_review(run.workspace, review)
    held = _page_and_hold(pages, review, written)
    run.cache.record(path, key, (written, held))
    return review, written, held


def _static_reviews(prepared: Prepared, pending: list[str]):
    """(path, static review) of each file of `pending`, its context built as it comes and let go after
    (the contexts are built only if some file is pending: from the evidence cache, that is the analysis)."""
    if not pending:
        return
    contexts = prepared.contexts
    contexts.without_tools()
    for path in pending:
        yield path, StaticReviewer().review(contexts.take(path))


def _page_and_hold(pages: Pages, review: ReviewFile, written: str) -> ReviewFile:
    """Write the page of a review just written; what the run holds of it for the report and the gate
    (held_review: without the prose the page now shows). A page that cannot be written is left to the
    report, which renders it from the whole review."""
    try:
        pages.write(review, written)
    except OSError:
        return review
    held = held_review(review)
    share_fields_set(held)  # one set of field names per model: thousands of reviews are held
    return held


def _forget_review(run: Run, path: str) -> None:
    """Remove a file's stored review (its re-review failed): reports list it under Errors only."""
    run.workspace.remove(run.workspace.review_json(path))
    run.workspace.remove(run.workspace.review_md(path))
    run.cache.forget(path)


class _CardIndexer:
    """Upserts Claude's cards of each finished file (one embedder for the whole run)."""

    def __init__(self, run: Run) -> None:
        from .rag.embedder import load_embedder

        self.run = run
        self.embedder = load_embedder(run.config.rag.model)  # lazy: loads on the first new text
        self.written = 0

    def add(self, review: ReviewFile) -> None:
        from .rag.indexer import upsert_cards

        cards = [card for card in review.function_cards if card.source == "llm"]
        if cards:
            self.written += upsert_cards(self.run.root, self.run.config, cards, embedder=self.embedder)


def _close_claude(run: Run, claude, indexer: _CardIndexer | None) -> None:
    """What the run records of Claude's work, also when it stopped: every call's usage."""
    record, ui = run.record, run.ui
    claude.close()  # an interrupt outside the stream: its files in flight end here, not at exit
    record.usage = claude.usage.model_copy()
    record.files_not_reviewed = list(claude.not_reviewed)
    if claude.not_reviewed and claude.max_cost is not None:
        # (a stop that raises, a 401 or an interrupt, puts its own reason in its place: _run_phases)
        record.stopped = f"llm.max_cost reached (${claude.max_cost:.2f})"
    record.secrets_masked = claude.secrets_masked
    record.notes.extend(claude.notes)
    for note in claude.notes:
        ui.echo(f"note: {note}")
    if claude.secrets_masked:
        ui.echo(f"secrets: {claude.secrets_masked} masked before sending")
    if summary := claude.kept_summary():
        ui.echo(summary)
    if indexer is not None and indexer.written:
        ui.echo(f"index: {indexer.written} cards enriched by Claude")


def _claude_stream(run: Run, pending: list[ReviewContext], all_files: list[str]):
    """Claude's reviews of `pending`, after printing what they are estimated to cost."""
    from .review.claude.card_cache import CardCache
    from .review.claude.estimate import estimate_reviews, render_estimate
    from .review.claude.runner import review_files

    # The estimate comes before any paid call, from the same prompt builder.
    estimate = estimate_reviews(pending, run.config, CardCache(run.workspace).hashes())
    estimate.cached_files = run.record.files_cached
    run.ui.echo(render_estimate(estimate))
    max_cost = run.options.max_cost if run.options.max_cost is not None else run.config.llm.max_cost
    if max_cost is not None and estimate.total.cost_usd > max_cost and not run.options.force_cost:
        raise UserError(f"the estimate (${estimate.total.cost_usd:.2f}) exceeds the cost cap (${max_cost:.2f}, "
                        "--max-cost or llm.max_cost): raise the cap, review fewer files (--changed-since), or pass "
                        "--force-cost to start anyway and stop at the cap")
    confirm_cost(estimate.total.cost_usd, run.config, run.options.yes)
    return review_files(pending, run.config, max_cost=max_cost, files=all_files, on_wait=lambda busy: run.ui.echo(
        f"stopping: waiting for the {busy} file review{'s' if busy != 1 else ''} in flight to finish the call under way; "
        "Ctrl-C again stops at once (finished reviews are saved)"))


def _write_failed(ui: UI, record: RunRecord, path: str, exc: OSError) -> None:
    """A review that could not be written is a file error (the gate cannot pass on it);
    a folder that refuses every write is a user error."""
    if exc.errno in (13, 30):  # EACCES, EROFS: the whole folder is unwritable, not this file
        raise UserError(f"cannot write to the output folder ({exc.filename}: {exc.strerror}): "
                        "fix its permissions or set output to another folder") from None
    message = f"review not written ({exc.strerror or exc}: {exc.filename})"
    record.errors.append(FileError(file=path, message=message))
    record.files_error += 1
    ui.echo(f"error: {path}: {message}")


KEEP_RUNS = 50  # run records kept in .reviewer/runs/ (oldest removed first)


def _write_run(workspace: Workspace, record: RunRecord) -> None:
    atomic_write_json(workspace.runs / record.run_id / "run.json", record.model_dump(mode="json"))
    _prune_runs(workspace)


def _prune_runs(workspace: Workspace) -> None:
    """Remove the oldest run folders beyond KEEP_RUNS. Only folders reviewer wrote (a real
    folder holding run.json and nothing else) are candidates: nothing else is ever deleted."""
    try:
        entries = sorted(os.scandir(workspace.runs), key=lambda e: e.name)
    except OSError:
        return
    runs = []
    for entry in entries:
        try:
            if not entry.is_dir(follow_symlinks=False):
                continue
            names = set(os.listdir(entry.path))
        except OSError:
            continue
        if "run.json" in names and names <= {"run.json"} | {n for n in names if n.startswith(".run.json.")}:
            runs.append(entry.path)
    for old in runs[:-KEEP_RUNS]:
        if workspace.inside(Path(old)):
            shutil.rmtree(old, ignore_errors=True)
