"""The phases of `reviewer run`, in order: scan, estimate, index, review, report.

Each phase hands the next one plain data; the CLI only parses options and prints.
Finished work is written as it completes (atomic files), so an error or an
interrupt in the middle loses nothing: the next run picks up from the cache.
"""

from __future__ import annotations

import shutil
import subprocess
import time
import uuid
from dataclasses import dataclass, field
from typing import Callable
from datetime import datetime, timezone
from pathlib import Path

from .schema.evidence import SymbolKey
from .config import Config, api_key
from .errors import UserError
from .schema.cards import FunctionCard, now_iso
from .review.context import ReviewContext
from .analysis.duplicates import in_shared_module, orient_duplicates
from .review.cache import EvidenceCache, ReviewCache, cache_key, evidence_digest
from .schema.review import FileError, ReviewFile, RunRecord
from .review.static import STATIC_REVIEWER_VERSION, FileEvidence, StaticReviewer, review_file
from .schema.facts import ScanResult
from .ui import UI
from .workspace import Workspace, atomic_write_json


@dataclass
class RunOptions:
    enable_rag: bool = False  # or rag.enabled in the configuration
    rebuild_rag: bool = False
    no_cache: bool = False
    changed_since: str | None = None
    max_cost: float | None = None
    plain: bool = True


@dataclass
class Prepared:
    """Everything computed before review: the facts and the deterministic evidence."""

    scan: ScanResult
    digests: dict[str, str]  # path -> digest of its static evidence (the review cache key's part)
    build: Callable[[], dict[str, ReviewContext]]  # the contexts (computed once, on first use)
    rag_enabled: bool
    index_size: int = 0
    phase_seconds: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    _contexts: dict[str, ReviewContext] | None = None

    @property
    def paths(self) -> list[str]:
        return sorted(self.digests)

    @property
    def contexts(self) -> dict[str, ReviewContext]:
        """path -> context (its .evidence is the static review). From the evidence cache, a
        run computes them only when some file must be reviewed again."""
        if self._contexts is None:
            self._contexts = self.build()
        return self._contexts


def rag_on(config: Config, options: RunOptions) -> bool:
    return options.enable_rag or config.rag.enabled


def choose_reviewer(config: Config) -> str:
    provider = config.llm.provider
    if provider == "static":
        return "static"
    if provider == "anthropic":
        if not api_key():
            raise UserError("llm.provider is 'anthropic' but ANTHROPIC_API_KEY is not set: export it, or set llm.provider: static")
        return "claude"
    return "claude" if api_key() else "static"


def _read_source(root: Path, path: str) -> str:
    """A file's text for the reviewer's prompt (the analysis reads only the scan's facts)."""
    try:
        return (root / path).read_bytes().decode("utf-8", errors="replace")
    except OSError:
        return ""


def structural_index(scan: ScanResult, cards: dict[str, list[FunctionCard]]):
    """A similarity index over code structure alone (no embeddings): the RAG-off fallback."""
    import numpy as np

    from .rag.indexer import structures_for
    from .rag.similarity import SimilarityIndex

    rows = []
    for facts in scan.files:
        structures = structures_for(facts)
        for card in cards[facts.path]:
            rows.append({**{name: getattr(card, name) for name in CARD_HEAD},
                         **structures[(card.line_start, card.line_end)].columns()})
    return SimilarityIndex(rows, np.zeros((0, 0), dtype=np.float32))


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
                           else structural_index(self.scan, self.cards))
        return self._index

    def find_similar(self, *args, **kwargs):
        return self.index().find_similar(*args, **kwargs)

    def all_pairs(self):
        from .rag.pair_cache import cached_all_pairs

        rag = self.config.rag
        salt = f"{rag.model if self.rag_enabled else 'structure'}:{_code_digest('scan')}"
        return cached_all_pairs(Workspace(self.root, self.config.output).cache / "pairs.json", self.rows, self.index,
                                min_score=rag.min_score, max_per_function=rag.max_results, salt=salt)


CARD_HEAD = {"id", "file_path", "name", "qualified_name", "line_start", "line_end", "signature", "summary", "body_hash"}


def prepare(root: Path, config: Config, options: RunOptions, ui: UI | None = None,
            changed: set[str] | None = None) -> Prepared:
    """scan -> evidence -> (index) -> duplicates -> a static ReviewFile and a ReviewContext per file.

    `changed`: with --changed-since, the files changed since the ref. Their code is the
    new code, so in a similar pair the unchanged function is the one to keep.

    When nothing the evidence is computed from changed since the last run (every file's
    facts, the configuration, the code, the RAG table), the evidence digests come from
    the evidence cache and the rest is computed only if a file must be reviewed again."""
    from .scan import scan_repository

    ui = ui or UI()
    seconds: dict[str, float] = {}
    notes: list[str] = []

    started = time.perf_counter()
    scan = scan_repository(root, config)
    seconds["scan"] = time.perf_counter() - started

    rag_enabled = rag_on(config, options)
    cache = EvidenceCache(Workspace(root, config.output))
    started = time.perf_counter()
    stored = None if options.rebuild_rag or options.no_cache else cache.lookup(
        evidence_key(root, config, scan, rag_enabled, changed))
    if stored is not None and set(stored[0]) == {f.path for f in scan.files}:
        seconds["evidence cache"] = time.perf_counter() - started
        if not rag_enabled:
            notes.append(RAG_OFF_NOTE)
        return Prepared(scan=scan, digests=stored[0], rag_enabled=rag_enabled, index_size=stored[1],
                        build=lambda: _evidence(root, config, options, UI(plain=True), scan, changed, {}, [])[0],
                        phase_seconds=seconds, notes=notes)
    contexts, index_size = _evidence(root, config, options, ui, scan, changed, seconds, notes)
    digests = {path: evidence_digest(context.evidence) for path, context in contexts.items()}
    cache.save(evidence_key(root, config, scan, rag_enabled, changed), digests, index_size)
    return Prepared(scan=scan, digests=digests, build=lambda: contexts, rag_enabled=rag_enabled,
                    index_size=index_size, phase_seconds=seconds, notes=notes)


RAG_OFF_NOTE = "RAG off: duplication from code structure only (run with --enable-rag for semantic duplicates)"
# Files outside the scan that the analysis reads (entry points, JS module aliases).
MANIFESTS_AT_ROOT = ("pyproject.toml", "setup.cfg", "setup.py")
MANIFESTS_PER_DIRECTORY = ("package.json", "tsconfig.json", "jsconfig.json", "tsconfig.app.json")


def evidence_key(root: Path, config: Config, scan: ScanResult, rag_enabled: bool, changed: set[str] | None) -> str:
    """A digest of everything the evidence of a run is computed from."""
    import hashlib

    from .rag.store import table_state

    digest = hashlib.sha256(repr((config.model_dump_json(), rag_enabled, sorted(changed or []), changed is None,
                                  _code_digest())).encode())
    for facts in sorted(scan.files, key=lambda f: f.path):
        digest.update(f"{facts.path}\0{facts.sha256}\n".encode())
    for skipped in scan.skipped:
        digest.update(f"{skipped.path}\0{skipped.reason}\n".encode())
    directories = {""}
    for facts in scan.files:
        directory = facts.path
        while directory:
            directory = directory.rpartition("/")[0]
            directories.add(directory)
    candidates = [root / name for name in MANIFESTS_AT_ROOT]
    candidates += [root / d / name for d in sorted(directories) for name in MANIFESTS_PER_DIRECTORY]
    for path in candidates:
        try:
            stat = path.stat()
        except OSError:
            continue
        digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    if rag_enabled:
        digest.update(table_state(Workspace(root, config.output)).encode())
    return digest.hexdigest()


def _code_digest(folder: str = "") -> str:
    """Changes when the code under reviewer/`folder` changes (every rule the evidence follows)."""
    import hashlib

    digest = hashlib.sha256()
    for path in sorted((Path(__file__).parent / folder).rglob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _evidence(root: Path, config: Config, options: RunOptions, ui: UI, scan: ScanResult,
              changed: set[str] | None, seconds: dict[str, float], notes: list[str]
              ) -> tuple[dict[str, ReviewContext], int]:
    """The analysis, the index, the duplicates and each file's static review: a context per file."""
    from .analysis.project import analyze_project
    from .rag.static_cards import cards_for_file

    started = time.perf_counter()
    project = analyze_project(scan, root, config)
    resolve = project.index.resolve_callee
    cards = {f.path: cards_for_file(f, resolve) for f in scan.files}
    seconds["analysis"] = time.perf_counter() - started

    rag_enabled = rag_on(config, options)
    started = time.perf_counter()
    if rag_enabled:
        from .rag.indexer import index_repository

        with ui.phase("index") as bar:
            report = index_repository(root, config, scan, resolve, rebuild=options.rebuild_rag,
                                      progress=bar.progress)
        ui.echo(f"index: {report.summary_line()}")
    else:
        notes.append(RAG_OFF_NOTE)
    seconds["index"] = time.perf_counter() - started

    started = time.perf_counter()
    similarity = _Similarity(root, config, scan, cards, rag_enabled)
    pairs, how = similarity.all_pairs()
    index_size = similarity.size
    find_similar = similarity.find_similar if rag_enabled else None
    ui.echo(f"similarity: {len(pairs)} functions with similar ones ({how})")
    all_cards = [c for file_cards in cards.values() for c in file_cards]
    symbols = {(f.path, s.qualified_name): s for f in scan.files for s in f.symbols}

    def keep_rank(key: SymbolKey) -> tuple:
        symbol = symbols.get(key)
        return (changed is not None and key[0] in changed, -len(project.usage.users_of(key)),
                not (symbol and symbol.exported),
                not in_shared_module(key[0]), key[0], symbol.line_start if symbol else 0)

    duplicates = orient_duplicates(
        pairs,
        keys={c.id: (c.file_path, c.qualified_name) for c in all_cards},
        sizes={c.id: symbols[(c.file_path, c.qualified_name)].token_count for c in all_cards},
        rank=keep_rank,
        structural_only=not rag_enabled,
    )
    seconds["similarity"] = time.perf_counter() - started

    contexts: dict[str, ReviewContext] = {}
    per_file_findings: dict[str, list] = {}
    for finding in project.findings:
        per_file_findings.setdefault(finding.path, []).append(finding)
    for facts in scan.files:
        names = {s.qualified_name for s in facts.symbols}
        evidence = FileEvidence(
            assessments={(facts.path, n): project.assessments[(facts.path, n)] for n in names if (facts.path, n) in project.assessments},
            duplicates={(facts.path, n): duplicates[(facts.path, n)] for n in names if (facts.path, n) in duplicates},
            findings=per_file_findings.get(facts.path, []),
            structural_only=not rag_enabled,
            test_file=facts.path in project.test_files,
        )
        static = review_file(facts, evidence, cards[facts.path], rag_enabled)
        contexts[facts.path] = ReviewContext(
            root=root,
            config=config,
            facts=facts,
            source=_read_source(root, facts.path),  # for the Claude prompt: the one read outside the scan
            evidence=static,
            cards=cards[facts.path],
            rag_enabled=rag_enabled,
            index_size=index_size,
            find_similar=find_similar,
            find_usages=project.find_usages,
        )
    return contexts, index_size


def index_only(root: Path, config: Config, rebuild: bool, ui: UI):
    """`reviewer index`: scan, resolve calls, bring the RAG index up to date (no review)."""
    from .analysis.resolve import ProjectIndex
    from .rag.indexer import index_repository
    from .scan import scan_repository

    scan = scan_repository(root, config)
    resolve = ProjectIndex.build(scan, root).resolve_callee
    with ui.phase("index") as bar:
        return index_repository(root, config, scan, resolve, rebuild=rebuild, progress=bar.progress)


def changed_files(root: Path, ref: str) -> set[str]:
    """Repo-relative paths changed since git `ref` (committed, staged, unstaged, untracked)."""
    def git(*args: str) -> str:
        try:
            done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise UserError(f"--changed-since needs git: {exc}") from None
        if done.returncode != 0:
            message = (done.stderr.strip().splitlines() or ["not a commit of this repository"])[-1]
            raise UserError(f"--changed-since {ref}: {message}")
        return done.stdout

    git("rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}")
    # Both listings are relative to `root` (git -C root ... --relative), like the scan's paths.
    names = git("diff", "--name-only", "--no-renames", "--relative", ref, "--").splitlines()
    names += git("ls-files", "--others", "--exclude-standard").splitlines()
    return {name for name in names if name}


FAILED_SKIPS = ("unreadable", "parse failed")  # skips that are failures, not policy (binary, generated...)


@dataclass
class RunOutcome:
    record: RunRecord
    reviews: dict[str, ReviewFile]  # the reviews in scope of this run (all files, or the changed ones)
    report_path: Path | None
    notes: list[str]


def _remove_stale_reviews(workspace: Workspace, live: set[str], cache: ReviewCache) -> int:
    """Delete the reviews of files that no longer exist (or left the scope)."""
    removed = 0
    if not workspace.reviews.exists():
        return 0
    for path in workspace.reviews.rglob("*.rev.json"):
        file_path = path.relative_to(workspace.reviews).as_posix()[: -len(".rev.json")]
        if file_path not in live:
            path.unlink(missing_ok=True)
            path.with_name(path.name[: -len(".json")] + ".md").unlink(missing_ok=True)
            cache.forget(file_path)
            removed += 1
    return removed


def _write_review(workspace: Workspace, review: ReviewFile) -> None:
    review.reviewed_at = review.reviewed_at or now_iso()
    atomic_write_json(workspace.review_json(review.file), review.model_dump(mode="json"))


def new_run_record(root: Path, config: Config, options: RunOptions, reviewer_name: str) -> RunRecord:
    return RunRecord(
        # Microseconds keep run ids in start order, even for runs within one second.
        run_id=datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S.%fZ") + "-" + uuid.uuid4().hex[:6],
        started_at=now_iso(),
        root=str(root),
        reviewer=reviewer_name,
        model=config.llm.model if reviewer_name == "claude" else None,
        changed_since=options.changed_since,
    )


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
    this = Run(root=root, config=config, options=options, ui=ui or UI(plain=options.plain), workspace=workspace,
               record=new_run_record(root, config, options, choose_reviewer(config)), cache=ReviewCache(workspace))
    try:
        return _run_phases(this)
    except BaseException:
        this.record.finished_at = now_iso()
        this.record.duration_seconds = round(time.perf_counter() - this.started, 3)
        this.record.complete = False
        _write_run(workspace, this.record)
        raise


def _run_phases(run: Run) -> RunOutcome:
    options, record, ui = run.options, run.record, run.ui
    changed = changed_files(run.root, options.changed_since) if options.changed_since else None
    prepared = prepare(run.root, run.config, options, ui, changed)
    record.rag_enabled = prepared.rag_enabled
    record.phase_seconds.update(prepared.phase_seconds)
    record.files_total = len(prepared.digests)
    record.files_skipped = len(prepared.scan.skipped)
    # A file we could not read or parse was not reviewed: an error, never a silent skip.
    for skipped in prepared.scan.skipped:
        if skipped.reason.startswith(FAILED_SKIPS) and (changed is None or skipped.path in changed):
            record.errors.append(FileError(file=skipped.path, message=skipped.reason))
            record.files_error += 1
    scope = [p for p in prepared.paths if changed is None or p in changed]
    ui.echo(f"scan: {len(prepared.scan.files)} files, {sum(len(f.symbols) for f in prepared.scan.files)} symbols"
            + (f"; {len(scope)} changed since {options.changed_since}" if changed is not None else ""))

    removed = _remove_stale_reviews(run.workspace, set(prepared.digests), run.cache)
    if removed:
        ui.echo(f"removed the reviews of {removed} files that no longer exist")

    reviews, pending, keys = _split_cached(run, prepared, scope)
    started_review = time.perf_counter()
    try:
        _review(run, pending, keys, reviews, prepared.paths)
    finally:
        run.cache.save()
        record.phase_seconds["review"] = time.perf_counter() - started_review

    started_report = time.perf_counter()
    for review in reviews.values():
        record.verdicts[review.verdict] = record.verdicts.get(review.verdict, 0) + 1
    record.finished_at = now_iso()
    record.duration_seconds = round(time.perf_counter() - run.started, 3)
    record.complete = True
    _write_run(run.workspace, record)  # the report reads the run record
    from .report import render_all

    paths = render_all(run.root, run.config)
    record.phase_seconds["report"] = time.perf_counter() - started_report
    _write_run(run.workspace, record)
    report_path = next((Path(p) for p in paths if Path(p).name == "report.md"), None)
    return RunOutcome(record=record, reviews=reviews, report_path=report_path, notes=prepared.notes)


def _split_cached(run: Run, prepared: Prepared, scope: list[str]
                  ) -> tuple[dict[str, ReviewFile], list[ReviewContext], dict[str, str]]:
    """Reviews still valid in the cache, the contexts to review, and every file's cache key."""
    record = run.record
    version = STATIC_REVIEWER_VERSION
    if record.reviewer == "claude":
        from .review.claude.prompt import PROMPT_VERSION

        version = PROMPT_VERSION
    reviews: dict[str, ReviewFile] = {}
    pending: list[str] = []
    keys: dict[str, str] = {}
    by_path = prepared.scan.by_path()
    for path in scope:
        facts = by_path[path]
        keys[path] = cache_key(facts.sha256, record.reviewer, version, record.model or "",
                               run.config.fingerprint(), prepared.digests[path], str(prepared.rag_enabled))
        cached = None if run.options.no_cache else run.cache.lookup(path, keys[path])
        if cached is not None:
            reviews[path] = cached
            record.files_cached += 1
        else:
            pending.append(path)
    return reviews, [prepared.contexts[path] for path in pending], keys


def _review(run: Run, pending: list[ReviewContext], keys: dict[str, str], reviews: dict[str, ReviewFile],
            all_files: list[str]) -> None:
    """The one review loop: either reviewer yields (path, review or error) as files
    finish; each review is written and cached at once, so a stop loses no finished work."""
    from .review.suppressions import apply_suppressions

    record, ui = run.record, run.ui
    if record.reviewer == "static":
        ui.echo(f"estimate: static reviewer, {len(pending)} files to review "
                f"({sum(len(c.facts.symbols) for c in pending)} symbols), {record.files_cached} from cache, $0.00")
        results = ((context.facts.path, StaticReviewer().review(context)) for context in pending)
        claude = None
    else:
        if not pending:
            return
        claude = results = _claude_stream(run, pending, all_files)
    facts = {context.facts.path: context.facts for context in pending}
    enriched = []
    with ui.phase("review", total=len(pending)) as bar:
        for path, result in results:
            bar.advance()
            if isinstance(result, FileError):
                record.errors.append(result)
                record.files_error += 1
                ui.echo(f"review failed: {result.file}: {result.message}")
                continue
            review = apply_suppressions(result, facts[path].suppressions)
            _write_review(run.workspace, review)
            reviews[path] = review
            run.cache.record(path, keys[path])
            if claude is not None:
                run.cache.save()  # a paid review is never paid twice
            record.files_reviewed += 1
            enriched.extend(card for card in review.function_cards if card.source == "llm")
    if claude is None:
        return
    # Usage counts every call, including those of files that ended in error.
    record.usage = claude.usage.model_copy()
    record.files_not_reviewed = list(claude.not_reviewed)
    if record.files_not_reviewed:
        ui.echo(f"max cost reached: {len(record.files_not_reviewed)} files not reviewed")
    if enriched and record.rag_enabled:
        from .rag.indexer import upsert_cards

        written = upsert_cards(run.root, run.config, enriched)
        ui.echo(f"index: {written} cards enriched by Claude")


def _claude_stream(run: Run, pending: list[ReviewContext], all_files: list[str]):
    """Claude's reviews of `pending`, after printing what they are estimated to cost."""
    from .review.claude.card_cache import CardCache
    from .review.claude.estimate import estimate_reviews, render_estimate
    from .review.claude.runner import review_files

    # The estimate comes before any paid call, from the same prompt builder.
    run.ui.echo(render_estimate(estimate_reviews(pending, run.config, CardCache(run.workspace).hashes())))
    max_cost = run.options.max_cost if run.options.max_cost is not None else run.config.llm.max_cost
    return review_files(pending, run.config, max_cost=max_cost, files=all_files)


KEEP_RUNS = 50  # run records kept in .reviewer/runs/ (oldest removed first)


def _write_run(workspace: Workspace, record: RunRecord) -> None:
    atomic_write_json(workspace.runs / record.run_id / "run.json", record.model_dump(mode="json"))
    runs = sorted(p for p in workspace.runs.iterdir() if p.is_dir())
    for old in runs[:-KEEP_RUNS]:
        shutil.rmtree(old, ignore_errors=True)
