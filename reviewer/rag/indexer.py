"""Keep the card table in step with the repository, incrementally and crash-safely.

`.reviewer/rag/cache.json` maps each indexed file to {sha256, last_indexed, cards}.
A file whose sha256 matches costs nothing; a changed file's rows are replaced; a
deleted file's rows are removed. Order of writes: table first, cache entry after. So a
crash leaves either (a) rows the cache does not list, or (b) a cache entry listing
rows that are not there. At start, reconciliation compares the table with the cache
and treats every disagreeing file (and every duplicated id) as dirty: its rows are
deleted and the file is indexed again. Untouched files are never rewritten.

The shared index (rag.index_uri, every job of a CI matrix writing one table on object
storage) has no cache.json and no lock: another job may write it at any moment, so only
the table can say what is indexed. A file is current when its rows are exactly its
functions of today (same ids, same body hashes); the others are upserted by id (merge_insert,
made safe against a concurrent upsert of the same ids by the table's primary key: store.py),
then their rows of functions that are gone are deleted. Before each chunk the table is
asked again, so a file another job has just written is neither embedded nor written twice.
A crash leaves rows that the next run finds not current and writes again.
"""

from __future__ import annotations

import random
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Callable, Mapping, Sequence

import numpy as np
from pydantic import BaseModel

from ..config import Config
from ..errors import ModelMismatchError, UserError
from ..schema.facts import Behaviour, FileFacts, ScanResult, Structure
from ..workspace import INDEX_LOCK_TIMEOUT, Workspace, atomic_write_json, file_lock, read_json_object, warn_line
from ..schema.cards import CardFields, FunctionCard, enrich, is_enriched_with, now_iso
from .embedder import Embedder, VectorCache, embed_with_cache, load_embedder, text_hash
from .static_cards import Resolver, cards_for_file, function_symbols
from .store import (NOT_EMBEDDED, STRUCTURE_COLUMNS, CardStore, CardStructure, damaged, in_filter, is_remote,
                    structure_of_row)

CACHE_VERSION = 4  # 2: behaviour jobs ("BEHAV:") in each card's detail; 3: typed structural columns; 4: test cases not embedded
CHUNK_CARDS = 1024  # cards embedded and written per table write: bounds the work a crash loses (a few seconds);
# long enough that its texts, sorted by length, make many even batches for the cores (256 made 4, the last one long)
# Bodies shorter than this many normalized tokens (`pass`, `return self.x`, `raise NotImplementedError`)
# cannot be a duplicate worth sharing, so their card text is not embedded (about a tenth of a
# project's functions, and embedding is most of a first index). The card is still stored, with a
# zero vector: cosine 0 with every card, so never a meaning neighbour, while lookups by name and
# the structural candidates keep finding it. 0 tokens means "not counted" (embedded).
EMBED_MIN_TOKENS = 6
# Test cases are not embedded either (the pipeline hands their spans over, from
# analysis.testcode.test_case_spans), nor what is written inside them. A test states what
# other code must do; the analysis never offers a test as the code to share (its DUPLICATE
# evidence is structural, and meaning-only neighbours of test code are not listed), and two
# tests of one behaviour read alike on purpose. In a test-heavy project they are most of the
# cards (the standard library: 31k of its 56k; a first index there embeds 17.9k card texts,
# 0.90M tokens, instead of 50.2k and 3.06M). Their rows are stored and found by name and by
# structure, as trivial bodies are.
TRIVIAL, TEST_CASE = "trivial", "test case"
TestCases = Callable[[FileFacts], list[tuple[int, int]]]  # a file's test-case line spans

Progress = Callable[[int, int], None]  # (cards done, cards to embed)
# One file's cards, their structures and why each is not embedded (None: embedded): see _prepare.
Prepared = tuple[FileFacts, list[FunctionCard], list[CardStructure], list[str | None]]


class IndexReport(BaseModel):
    files_indexed: int = 0
    files_unchanged: int = 0
    files_removed: int = 0
    files_repaired: int = 0  # files whose rows disagreed with cache.json (an earlier crash)
    cards_added: int = 0
    cards_removed: int = 0
    texts_embedded: int = 0  # texts not found in the vector cache
    not_embedded: dict[str, int] = {}  # cards given a zero vector, by reason (TRIVIAL, TEST_CASE)
    cards_reapplied: int = 0  # rows given back the fields Claude wrote (after --rebuild-rag, a stopped run)
    total_cards: int = 0
    seconds: float = 0.0
    rebuilt: bool = False

    def count_written(self, files: int, cards: int, embedded: int, reasons: list[str | None]) -> None:
        """Count a chunk written to the table: its files, cards, texts embedded, and why the others were not."""
        for reason in filter(None, reasons):
            self.not_embedded[reason] = self.not_embedded.get(reason, 0) + 1
        self.files_indexed += files
        self.cards_added += cards
        self.texts_embedded += embedded

    def summary_line(self) -> str:
        parts = [
            f"{self.files_indexed} files indexed",
            f"{self.files_unchanged} unchanged",
            f"{self.files_removed} removed",
        ]
        if self.files_repaired:
            parts.append(f"{self.files_repaired} repaired")
        if self.cards_reapplied:
            parts.append(f"{self.cards_reapplied} Claude cards re-applied")
        skipped = "".join(f", {n} {reason}{'s' if n != 1 else ''}" for reason, n in sorted(self.not_embedded.items()))
        return (
            f"{', '.join(parts)}; cards +{self.cards_added} -{self.cards_removed} "
            f"({self.total_cards} in index, {self.texts_embedded} embedded{skipped and '; not embedded: ' + skipped[2:]})"
            f" in {self.seconds:.1f}s"
        )


def structures_for(facts: FileFacts) -> dict[tuple[int, int], CardStructure]:
    """The structural views of each card of a file, as the scan read them (no file is opened)."""
    return {
        (s.line_start, s.line_end): CardStructure(
            shingles=s.shingles, token_count=s.token_count,
            structure=s.structure or Structure(), behaviour=s.behaviour or Behaviour(),
        )
        for s in function_symbols(facts)
    }


def unembedded_reasons(facts: FileFacts, cases: list[tuple[int, int]]) -> list[str | None]:
    """Per card of `facts` (function_symbols order), why its text is not embedded, or None.
    `cases`: the file's test-case spans (TestCases)."""
    reasons: list[str | None] = []
    for s in function_symbols(facts):
        if 0 < s.token_count < EMBED_MIN_TOKENS:
            reasons.append(TRIVIAL)
        elif any(a <= s.line_start and s.line_end <= b for a, b in cases):
            reasons.append(TEST_CASE)
        else:
            reasons.append(None)
    return reasons


def _load_cache(workspace: Workspace, model: str) -> dict[str, dict]:
    """cache.json, validated: entries of the wrong shape are dropped (their files are
    indexed again), damage is reported in one line."""
    data = read_json_object(workspace.rag_cache, "the RAG file cache", warn_line)
    if data is None or data.get("version") != CACHE_VERSION or data.get("model") != model:
        return {}
    files = data.get("files")
    if not isinstance(files, dict):
        warn_line(f"{workspace.rag_cache} is damaged (no 'files' object); its files are indexed again")
        return {}
    valid = {path: entry for path, entry in files.items() if isinstance(path, str) and _valid_entry(entry)}
    if len(valid) != len(files):
        warn_line(f"{workspace.rag_cache}: {len(files) - len(valid)} damaged entries; those files are indexed again")
    return valid


def _valid_entry(entry: object) -> bool:
    return (isinstance(entry, dict) and isinstance(entry.get("sha256"), str)
            and isinstance(entry.get("cards"), list) and all(isinstance(c, str) for c in entry["cards"]))


def _save_cache(workspace: Workspace, model: str, files: dict[str, dict]) -> None:
    atomic_write_json(workspace.rag_cache, {"version": CACHE_VERSION, "model": model, "files": files})


def _reconcile(store: CardStore, cache: dict[str, dict]) -> tuple[set[str], dict[str, list[str]]]:
    """Files whose rows disagree with the cache (dirty), and the ids the table holds per file."""
    in_table = store.ids_by_file()
    dirty: set[str] = set()
    for path, ids in in_table.items():
        entry = cache.get(path)
        if entry is None or len(ids) != len(set(ids)) or sorted(ids) != sorted(entry.get("cards", [])):
            dirty.add(path)
    for path, entry in cache.items():
        if path not in in_table and entry.get("cards"):
            dirty.add(path)  # the cache lists rows the table lost
    return dirty, in_table


def index_repository(
    root: Path,
    config: Config,
    scan: ScanResult,
    resolve: Resolver | None,
    *,
    rebuild: bool = False,
    embedder: Embedder | None = None,
    progress: Progress | None = None,
    written: Mapping[str, CardFields] | None = None,
    test_cases: TestCases | None = None,
) -> IndexReport:
    """Bring `.reviewer/rag/` up to date with `scan`. Holds the rag lock while writing.

    `written`: the fields Claude wrote, by body hash (review/claude/card_cache.py). A card
    whose body has them is indexed with them, and rows that lost them (a rebuild, a run
    stopped before its upsert) get them back: Claude's cards stay in the index.

    `resolve` maps a call to the project function it reaches (analysis.resolve, handed
    in by the pipeline); None leaves every card's called_internals empty. `test_cases` gives
    a file's test-case spans (analysis.testcode.test_case_spans, from the pipeline): those
    cards are not embedded (see TEST_CASE); None embeds them.

    The model is loaded on the first card text that misses the vector cache, never
    before: with nothing changed, or an edit that keeps every card text (a function
    body), no model is loaded. Only `embedder.name`/`.dimension` are read up front.
    """
    started = time.perf_counter()
    workspace = Workspace(root, config.output)
    embedder = embedder or load_embedder(config.rag.model)  # a LazyEmbedder: nothing loaded yet
    report = IndexReport(rebuilt=rebuild)
    if is_remote(config.rag.index_uri):
        return _index_shared(workspace, config.rag.index_uri, scan, resolve, rebuild, embedder, progress,
                             written or {}, test_cases or (lambda _facts: []), report, started)
    workspace.confine("rag")  # before the lock file is written: rag/ may be a link out of the folder
    with file_lock(workspace.rag_lock, default_timeout=INDEX_LOCK_TIMEOUT):
        store = CardStore(workspace, embedder.name, embedder.dimension)
        cache: dict[str, dict] = {}
        dirty, in_table = set(), {}
        try:
            if rebuild or store.outdated():  # asked for, or written with an older column layout
                store.drop()
            else:
                store.table(create=False)  # refuses an index built by another model, before any work
                cache = _load_cache(workspace, embedder.name)
                # Reading every row's id reads every data file: a damaged table shows here.
                dirty, in_table = _reconcile(store, cache) if store.exists() else (set(), {})
                if not in_table and any(entry["cards"] for entry in cache.values()):
                    # cache.json vouches for rows the table lost (its folder deleted, the table emptied):
                    # trusting it would leave every file out of the index, silently.
                    warn_line(f"the RAG index in {workspace.lancedb} {'holds no rows' if store.exists() else 'is missing'}"
                              f" while {workspace.rag_cache} lists {len(cache)} indexed files; rebuilding it")
                    cache, dirty = {}, set()
                    report.rebuilt = True
        except ModelMismatchError:
            raise
        except Exception as exc:  # lance: RuntimeError/OSError/ValueError on missing or garbled files
            warn_line(f"{damaged(workspace.lancedb, exc).args[0].split(': the next')[0]}; rebuilding it")
            store = _wipe(workspace, embedder)
            cache, dirty, in_table = {}, set(), {}
            report.rebuilt = True
        report.files_repaired = len(dirty)
        for path in dirty:
            cache.pop(path, None)

        current = scan.by_path()
        gone = (set(cache) | set(in_table)) - set(current)
        changed = [f for f in scan.files if cache.get(f.path, {}).get("sha256") != f.sha256]
        report.files_unchanged = len(current) - len(changed)

        # Rows to drop: deleted files, and changed or dirty files (their new rows follow).
        stale = sorted(p for p in gone | {f.path for f in changed} | dirty if p in in_table)
        report.cards_removed = sum(len(in_table[p]) for p in stale)
        store.delete_by_files(stale)
        for path in gone:
            cache.pop(path, None)
        report.files_removed = len(gone)
        if gone or dirty:
            _save_cache(workspace, embedder.name, cache)

        if changed:
            _index_files(workspace, store, embedder, cache, changed, resolve, progress, report, written or {},
                         test_cases or (lambda _facts: []))
        if written and store.exists():
            report.cards_reapplied = _reapply(workspace, store, embedder, written)
        store.optimize(force=rebuild)
        report.total_cards = store.count()
    report.seconds = time.perf_counter() - started
    return report


def _index_shared(workspace: Workspace, uri: str, scan: ScanResult, resolve: Resolver | None, rebuild: bool,
                  embedder: Embedder, progress: Progress | None, written: Mapping[str, CardFields],
                  test_cases: TestCases, report: IndexReport, started: float) -> IndexReport:
    """index_repository for the shared table: the table's rows are the truth (module docstring).
    Any failure of the object store ends in one line naming rag.index_uri; chunks written
    before it stay (each is its own commit)."""
    store = CardStore(workspace, embedder.name, embedder.dimension, uri)
    try:
        if rebuild:
            store.drop()
        elif store.outdated():
            raise UserError(f"the shared RAG index {uri} was written by an older reviewer (another column layout): "
                            "rebuild it once with `reviewer index --rebuild-rag`, no other job writing it")
        store.table(create=False)  # refuses an index built by another model, before any work
        current = scan.by_path()
        stored = _stored_heads(store)
        gone = sorted(set(stored) - set(current))
        report.cards_removed = sum(len(stored[p]) for p in gone)
        store.delete_by_files(gone)
        report.files_removed = len(gone)
        pending = [item for item in _prepare(scan.files, resolve, written, test_cases)
                   if not _is_current(item, stored.get(item[0].path))]
        report.files_unchanged = len(current) - len(pending)
        report.files_repaired = sum(1 for item in pending if _duplicated(stored.get(item[0].path)))
        if pending:
            _write_shared(workspace, store, embedder, pending, progress, report)
        if written and store.exists():
            report.cards_reapplied = _reapply(workspace, store, embedder, written)
        store.optimize(force=rebuild)
        report.total_cards = store.count()
    except (UserError, KeyboardInterrupt):
        raise
    except Exception as exc:
        raise store.fail(exc) from None
    report.seconds = time.perf_counter() - started
    return report


Heads = list[tuple[str, str]]  # (id, body_hash) of a file's rows


def _stored_heads(store: CardStore, files: Sequence[str] | None = None) -> dict[str, Heads]:
    """The (id, body_hash) of the rows of `files` (all when None), by file."""
    where = None if files is None else in_filter("file_path", files)
    rows = store.read(["id", "file_path", "body_hash"], where=where).to_pydict()
    heads: dict[str, Heads] = {}
    for card_id, path, body in zip(rows["id"], rows["file_path"], rows["body_hash"]):
        heads.setdefault(path, []).append((card_id, body))
    return heads


def _is_current(item: Prepared, heads: Heads | None) -> bool:
    """The file's rows are its cards of today, once each: nothing to embed or write."""
    return sorted(heads or []) == sorted((c.id, c.body_hash) for c in item[1])


def _duplicated(heads: Heads | None) -> bool:
    return heads is not None and len({h[0] for h in heads}) != len(heads)


def _prepare(files: Sequence[FileFacts], resolve: Resolver | None, written: Mapping[str, CardFields],
             test_cases: TestCases) -> list[Prepared]:
    """Each file's cards (with the fields Claude wrote), structures and reasons not to embed (no model)."""
    prepared = []
    for facts in files:
        cards = [enrich(c, written[c.body_hash]) if c.body_hash in written else c
                 for c in cards_for_file(facts, resolve)]
        by_range = structures_for(facts)
        prepared.append((facts, cards, [by_range[(c.line_start, c.line_end)] for c in cards],
                         unembedded_reasons(facts, test_cases(facts))))
    return prepared


def _write_shared(workspace: Workspace, store: CardStore, embedder: Embedder, pending: list[Prepared],
                  progress: Progress | None, report: IndexReport) -> None:
    """Upsert the pending files chunk by chunk, asking the table first which of them another job wrote.
    A chunk whose commit still conflicts with other jobs' after Lance's own retries (a loaded runner,
    many jobs) is written again after a pause: what it asks of the table then is what the others left."""
    total = sum(len(item[1]) for item in pending)
    vector_cache = VectorCache(workspace.rag / "vectors", embedder.name, embedder.dimension)
    done = 0
    if progress:
        progress(0, total)
    for chunk in _chunks(pending):
        for attempt in range(COMMIT_ATTEMPTS):
            try:
                _write_chunk(store, embedder, vector_cache, chunk, report)
                break
            except Exception as exc:  # noqa: BLE001 - only a commit conflict is tried again
                if attempt == COMMIT_ATTEMPTS - 1 or not _commit_conflict(exc):
                    raise
                time.sleep(min(8.0, 0.25 * 2 ** attempt) * (1.0 + random.random()))  # jobs in step would meet again
        done += sum(len(item[1]) for item in chunk)
        if progress:
            progress(done, total)


COMMIT_ATTEMPTS = 6


def _commit_conflict(exc: BaseException) -> bool:
    """Whether a failed write is Lance's commit conflict with another writer (worth trying again): its
    "commit conflict" / "preempted by concurrent transaction" errors, or the store's refusal of a
    manifest another job wrote first (a failed If-None-Match precondition)."""
    message = str(exc).lower()
    return any(word in message for word in ("conflict", "preempted", "precondition"))


def _write_chunk(store: CardStore, embedder: Embedder, vector_cache: VectorCache, chunk: list[Prepared],
                 report: IndexReport) -> None:
    """Write the files of `chunk` that the table does not hold as they are today; counted in `report`
    once written (a chunk tried again is counted once)."""
    heads = _stored_heads(store, [item[0].path for item in chunk])
    todo = [item for item in chunk if not _is_current(item, heads.get(item[0].path))]
    cards = [c for _, cs, _, _ in todo for c in cs]
    reasons = [r for _, _, _, rs in todo for r in rs]
    embedded = 0
    if todo:
        texts = [c.embedding_text() for c in cards]
        vectors, embedded = _embed_worthwhile(embedder, vector_cache, texts, reasons)
        # An id stored twice (a writer of an older version) is not mended by an upsert: those files start afresh.
        store.delete_by_files([facts.path for facts, *_ in todo if _duplicated(heads.get(facts.path))])
        store.upsert(cards, vectors, [s for _, _, ss, _ in todo for s in ss], _text_hashes(texts, reasons))
        vector_cache.save()
        for facts, cs, _, _ in todo:  # after the upsert: a crash between leaves extra rows, never lost ones
            stale = {card_id for card_id, _ in heads.get(facts.path, [])} - {c.id for c in cs}
            if stale:
                store.delete_stale(facts.path, [c.id for c in cs])
    report.files_unchanged += len(chunk) - len(todo)
    report.count_written(len(todo), len(cards), embedded, reasons)


def _chunks(items: list[Prepared]):
    """Runs of files of about CHUNK_CARDS cards."""
    chunk, size = [], 0
    for item in items:
        chunk.append(item)
        size += len(item[1])
        if size >= CHUNK_CARDS:
            yield chunk
            chunk, size = [], 0
    if chunk:
        yield chunk


def _wipe(workspace: Workspace, embedder: Embedder) -> CardStore:
    """Remove a damaged table (the folder is reviewer's) and open an empty store."""
    import shutil

    shutil.rmtree(workspace.lancedb, ignore_errors=True)
    workspace.rag_cache.unlink(missing_ok=True)
    return CardStore(workspace, embedder.name, embedder.dimension)


def _index_files(
    workspace: Workspace,
    store: CardStore,
    embedder: Embedder,
    cache: dict[str, dict],
    files: Sequence[FileFacts],
    resolve: Resolver | None,
    progress: Progress | None,
    report: IndexReport,
    written: Mapping[str, CardFields],
    test_cases: TestCases,
) -> None:
    # Cards are cheap (no model); build them all first so progress knows the total.
    prepared = _prepare(files, resolve, written, test_cases)
    total = sum(len(item[1]) for item in prepared)
    vector_cache = VectorCache(workspace.rag / "vectors", embedder.name, embedder.dimension)
    done = 0
    if progress:
        progress(0, total)

    for chunk in _chunks(prepared):
        cards = [c for _, cs, _, _ in chunk for c in cs]
        structs = [s for _, _, ss, _ in chunk for s in ss]
        reasons = [r for _, _, _, rs in chunk for r in rs]
        texts = [c.embedding_text() for c in cards]
        if progress and hasattr(embedder, "on_batch"):
            # The bar moves per embedding batch inside a chunk, not once per chunk of 1,024 cards.
            embedder.on_batch = lambda batch_done, batch_total, before=done, size=len(cards): progress(
                before + size * batch_done // max(batch_total, 1), total)
        vectors, embedded = _embed_worthwhile(embedder, vector_cache, texts, reasons)
        store.add(cards, vectors, structs, _text_hashes(texts, reasons))  # table first ...
        vector_cache.save()
        stamp = now_iso()
        for facts, cs, _, _ in chunk:  # ... then the cache entries that vouch for the rows
            cache[facts.path] = {"sha256": facts.sha256, "last_indexed": stamp, "cards": [c.id for c in cs]}
        _save_cache(workspace, store.model, cache)
        report.count_written(len(chunk), len(cards), embedded, reasons)
        done += len(cards)
        if progress:
            progress(done, total)


def _reapply(workspace: Workspace, store: CardStore, embedder: Embedder, written: Mapping[str, CardFields]) -> int:
    """Give rows whose body has written fields those fields back (caller holds the lock)."""
    columns = [*FunctionCard.model_fields, *STRUCTURE_COLUMNS, "text_hash"]
    rows = [r for r in store.read(columns).to_pylist() if r["body_hash"] in written]
    cards, structures, kept = [], [], []
    for row in rows:
        card = FunctionCard.model_validate({k: row[k] for k in FunctionCard.model_fields})
        fields = written[card.body_hash]
        if not is_enriched_with(card, fields):
            cards.append(enrich(card, fields))
            structures.append(structure_of_row(row))
            kept.append(row["text_hash"])
    if not cards:
        return 0
    _rewrite(workspace, store, embedder, cards, structures, kept)
    return len(cards)


def _rewrite(workspace: Workspace, store: CardStore, embedder: Embedder, cards: Sequence[FunctionCard],
             structures: Sequence[CardStructure], stored_hashes: Sequence[str | None]) -> None:
    """Upsert new fields of indexed cards; a row whose text was not embedded (NOT_EMBEDDED) stays so."""
    texts = [c.embedding_text() for c in cards]
    reasons = ["kept" if h == NOT_EMBEDDED else None for h in stored_hashes]
    vector_cache = VectorCache(workspace.rag / "vectors", embedder.name, embedder.dimension)
    vectors, _ = _embed_worthwhile(embedder, vector_cache, texts, reasons)
    store.upsert(cards, vectors, structures, _text_hashes(texts, reasons))
    vector_cache.save()


def _text_hashes(texts: Sequence[str], reasons: Sequence[str | None]) -> list[str]:
    return [text_hash(t) if r is None else NOT_EMBEDDED for t, r in zip(texts, reasons)]


def _embed_worthwhile(embedder: Embedder, vector_cache: VectorCache, texts: Sequence[str],
                      reasons: Sequence[str | None]) -> tuple[np.ndarray, int]:
    """Vectors of the texts with no reason not to embed them (unembedded_reasons); zero rows for the others."""
    vectors = np.zeros((len(texts), embedder.dimension), dtype=np.float32)
    worth = [k for k, r in enumerate(reasons) if r is None]
    if not worth:
        return vectors, 0
    found, embedded = embed_with_cache(embedder, vector_cache, [texts[k] for k in worth])
    vectors[worth] = found
    return vectors, embedded


def upsert_cards(
    root: Path,
    config: Config,
    cards: Sequence[FunctionCard],
    *,
    embedder: Embedder | None = None,
) -> int:
    """Replace cards by id (e.g. the LLM-enriched cards of a reviewed file). Returns rows written.

    Cards whose id is not in the index (the file changed since it was indexed) are
    skipped: the structural views come from the stored row, and cache.json must keep
    vouching for exactly the rows of each file. As in index_repository, the model is
    loaded only if some card text misses the vector cache.
    """
    if not cards:
        return 0
    workspace = Workspace(root, config.output)
    embedder = embedder or load_embedder(config.rag.model)  # lazy: loads on the first cache miss
    uri = config.rag.index_uri if is_remote(config.rag.index_uri) else None
    # The shared table takes no lock: an upsert by id is safe beside another job's (store.py).
    with nullcontext() if uri else file_lock(workspace.rag_lock, default_timeout=INDEX_LOCK_TIMEOUT):
        store = CardStore(workspace, embedder.name, embedder.dimension, uri)
        try:
            return _upsert_known(workspace, store, embedder, cards)
        except (UserError, KeyboardInterrupt):
            raise
        except Exception as exc:
            if store.shared:
                raise store.fail(exc) from None
            raise


def _upsert_known(workspace: Workspace, store: CardStore, embedder: Embedder, cards: Sequence[FunctionCard]) -> int:
    if not store.exists():
        raise UserError("no RAG index yet: run `reviewer index` first")
    ids = [c.id for c in cards]
    rows = store.read(["id", "text_hash", *STRUCTURE_COLUMNS], where=in_filter("id", ids))
    known = {r["id"]: (structure_of_row(r), r["text_hash"]) for r in rows.to_pylist()}
    keep = [c for c in cards if c.id in known]
    if not keep:
        return 0
    _rewrite(workspace, store, embedder, keep, [known[c.id][0] for c in keep], [known[c.id][1] for c in keep])
    store.optimize()
    return len(keep)


