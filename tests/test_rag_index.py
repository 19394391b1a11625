"""The RAG index end to end: real scan, real MiniLM, real LanceDB in tmp dirs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from reviewer.cli import cli
from reviewer.analysis.resolve import ProjectIndex
from reviewer.config import Config
from reviewer.errors import ModelMismatchError
from reviewer.rag.embedder import NumpyBertEmbedder, VectorCache
from reviewer.rag.indexer import index_repository, upsert_cards
from reviewer.rag.similarity import SimilarityIndex, find_similar_functions
from reviewer.rag.store import CardStore
from reviewer.scan import scan_repository
from reviewer.workspace import Workspace, read_json

UTIL = '''\
"""Helpers."""


def normalize_name(raw_name):
    """Lower-case a name and squeeze its whitespace."""
    parts = raw_name.strip().lower().split()
    cleaned = []
    for part in parts:
        if part:
            cleaned.append(part)
    return " ".join(cleaned)


def mean(values):
    total = 0
    for value in values:
        total += value
    return total / len(values)
'''

APP = '''\
from pkg.util import normalize_name


class Registry:
    def __init__(self):
        self.names = []

    def register(self, raw):
        self.names.append(normalize_name(raw))
        return len(self.names)
'''

COPY = '''\
def tidy_label(label_text):
    pieces = label_text.strip().lower().split()
    kept = []
    for piece in pieces:
        if piece:
            kept.append(piece)
    return " ".join(kept)
'''

TS = '''\
export function sumAll(values: number[]): number {
  let total = 0;
  for (const v of values) {
    total += v;
  }
  return total;
}
'''


@pytest.fixture(scope="session")
def embedder() -> NumpyBertEmbedder:
    model = NumpyBertEmbedder()
    model.embed(["warm up"])
    return model


def write(root: Path, files: dict[str, str]) -> None:
    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    write(root, {"pkg/__init__.py": "", "pkg/util.py": UTIL, "pkg/app.py": APP, "pkg/copy.py": COPY, "web/it's.ts": TS})
    return root


def index(root: Path, embedder, **kw):
    config = Config()
    scan = scan_repository(root, config)
    return index_repository(root, config, scan, ProjectIndex.build(scan, root).resolve_callee, embedder=embedder, **kw)


def store_of(root: Path) -> CardStore:
    return CardStore(Workspace(root), "all-MiniLM-L6-v2", 384)


def assert_consistent(root: Path) -> dict[str, list[str]]:
    """No duplicate ids; the table holds exactly the cards cache.json vouches for, and those of the scan."""
    store = store_of(root)
    ids = store.read(["id"]).column("id").to_pylist()
    assert [i for i, n in Counter(ids).items() if n > 1] == []
    cache = read_json(Workspace(root).rag_cache)["files"]
    assert sorted(ids) == sorted(i for entry in cache.values() for i in entry["cards"])
    by_file = store.ids_by_file()
    from reviewer.rag.static_cards import cards_for_file

    scan = scan_repository(root, Config())
    expected = {f.path: sorted(c.id for c in cards_for_file(f, None)) for f in scan.files}
    assert {p: sorted(v) for p, v in by_file.items()} == {p: v for p, v in expected.items() if v}
    return by_file


def test_index_then_search_get_and_stats(repo, embedder):
    report = index(repo, embedder)
    assert report.files_indexed == 5 and report.cards_added == 6 and report.total_cards == 6
    store = store_of(repo)
    cards = {c.qualified_name: c for c in store.cards()}
    assert set(cards) == {"normalize_name", "mean", "Registry.__init__", "Registry.register", "tidy_label", "sumAll"}
    register = cards["Registry.register"]
    assert register.called_internals == ["pkg/util.py:normalize_name"]  # resolved through the import
    assert register.behavioral_profile == "stateful" and cards["mean"].behavioral_profile == "pure"
    assert cards["normalize_name"].summary == "Lower-case a name and squeeze its whitespace."

    query = embedder.embed([cards["mean"].embedding_text()])[0]
    hits = store.search(query, limit=3, min_score=0.0)
    assert hits[0][0].id == cards["mean"].id and hits[0][1] == pytest.approx(1.0, abs=1e-4)
    assert all(score >= 0.99 for _, score in store.search(query, limit=6, min_score=0.99))
    assert store.get(cards["sumAll"].id).file_path == "web/it's.ts"

    stats = store.stats()
    assert (stats.cards, stats.files, stats.model, stats.dimension) == (6, 5 - 1, "all-MiniLM-L6-v2", 384)
    assert stats.size_bytes > 0 and stats.last_update
    assert_consistent(repo)


def test_similar_finds_the_renamed_copy(repo, embedder):
    index(repo, embedder)
    store = store_of(repo)
    original = next(c for c in store.cards() if c.name == "normalize_name")
    hits = find_similar_functions(repo, Config(), original.id)
    assert hits and hits[0].name == "tidy_label" and hits[0].clone_kind in ("renamed", "identical")
    assert all(h.id != original.id for h in hits)
    pairs = SimilarityIndex.load(store).all_pairs()
    assert [h.name for h in pairs[original.id]][:1] == ["tidy_label"]


def test_incremental_edit_rename_and_delete(repo, embedder):
    index(repo, embedder)
    again = index(repo, embedder)
    assert (again.files_indexed, again.files_unchanged, again.texts_embedded, again.cards_added) == (0, 5, 0, 0)

    old_ids = set(store_of(repo).ids_by_file()["pkg/util.py"])
    (repo / "pkg/util.py").write_text(UTIL.replace('"""Helpers."""', '"""Helpers."""\nLIMIT = 3\n'), encoding="utf-8")
    edited = index(repo, embedder)
    assert edited.files_indexed == 1 and edited.cards_removed == 2 and edited.cards_added == 2
    assert edited.texts_embedded == 0  # same texts, new line numbers: vectors come from the cache
    assert not old_ids & set(store_of(repo).ids_by_file()["pkg/util.py"])

    (repo / "pkg/copy.py").rename(repo / "pkg/label.py")
    renamed = index(repo, embedder)
    assert (renamed.files_indexed, renamed.files_removed, renamed.cards_added, renamed.cards_removed) == (1, 1, 1, 1)
    (repo / "web/it's.ts").unlink()
    deleted = index(repo, embedder)
    assert deleted.files_removed == 1 and deleted.cards_removed == 1
    by_file = assert_consistent(repo)
    assert "pkg/copy.py" not in by_file and "web/it's.ts" not in by_file and "pkg/label.py" in by_file


def test_delete_by_file_is_safe_with_quotes(repo, embedder):
    index(repo, embedder)
    store = store_of(repo)
    store.delete_by_files(["web/it's.ts"])
    store.delete_by_files(["x' OR '1'='1"])  # must delete nothing
    assert set(store.ids_by_file()) == {"pkg/util.py", "pkg/app.py", "pkg/copy.py"}
    repaired = index(repo, embedder)  # the cache still lists the deleted rows: repaired
    assert repaired.files_repaired == 1 and repaired.files_indexed == 1
    assert_consistent(repo)


class FakeEmbedder:
    name = "fake-hash-embedder"
    dimension = 384

    def embed(self, texts):
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for i, text in enumerate(texts):
            out[i, hash(text) % self.dimension] = 1.0
        return out


def test_model_mismatch_is_refused_until_rebuild(repo, embedder):
    index(repo, FakeEmbedder())
    with pytest.raises(ModelMismatchError, match="--rebuild-rag"):
        index(repo, embedder)
    rebuilt = index(repo, embedder, rebuild=True)
    assert rebuilt.rebuilt and rebuilt.cards_added == 6
    assert_consistent(repo)


def test_upsert_llm_cards_keeps_structure(repo, embedder):
    index(repo, embedder)
    store = store_of(repo)
    card = next(c for c in store.cards() if c.name == "mean")
    enriched = card.model_copy(update={"summary": "Average of a non-empty list of numbers.", "source": "llm",
                                       "key_concepts": ["average", "mean", "numbers"]})
    assert upsert_cards(repo, Config(), [enriched], embedder=embedder) == 1
    assert upsert_cards(repo, Config(), [enriched.model_copy(update={"id": "0" * 64})], embedder=embedder) == 0
    stored = store.get(card.id)
    assert stored.source == "llm" and stored.summary.startswith("Average")
    row = store.read(["shingles", "token_count"], where=f"id = '{card.id}'").to_pylist()[0]
    assert row["shingles"] and row["token_count"] > 0
    assert store.count() == 6


RUNNER = textwrap.dedent('''
    import os, signal, sys
    from pathlib import Path
    from reviewer.config import Config
    from reviewer.rag import indexer
    from reviewer.rag.embedder import NumpyBertEmbedder
    from reviewer.scan import scan_repository

    root, kill_at = Path(sys.argv[1]), sys.argv[2]
    indexer.CHUNK_CARDS = 3  # many table writes, so a kill lands between them

    class Killing(NumpyBertEmbedder):
        calls = 0
        def embed(self, texts):
            Killing.calls += 1
            if kill_at == "embed" and Killing.calls == 3:
                os.kill(os.getpid(), signal.SIGKILL)
            return super().embed(texts)

    if kill_at == "cache":  # after the table write of the 2nd chunk, before its cache entry
        real_save, saves = indexer._save_cache, []
        def save(*args):
            saves.append(1)
            if len(saves) == 2:
                os.kill(os.getpid(), signal.SIGKILL)
            real_save(*args)
        indexer._save_cache = save
    config = Config()
    report = indexer.index_repository(root, config, scan_repository(root, config), None, embedder=Killing())
    print(report.model_dump_json())
''')


def run_indexer(root: Path, kill_at: str = "never") -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    return subprocess.Popen([sys.executable, "-c", RUNNER, str(root), kill_at], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def many_files(root: Path, count: int) -> None:
    write(root, {
        f"mod{i}.py": f"def task_{i}(items):\n    out = []\n    for item in items:\n        out.append(item * {i})\n    return out\n\n"
                      f"def check_{i}(value):\n    return value > {i}\n"
        for i in range(count)
    })


@pytest.mark.parametrize("kill_at", ["embed", "cache"])
def test_a_killed_indexer_is_repaired_by_the_next_run(tmp_path, embedder, kill_at):
    root = tmp_path / "repo"
    many_files(root, 8)
    proc = run_indexer(root, kill_at)
    proc.communicate(timeout=300)
    assert proc.returncode == -9
    assert (Workspace(root).rag_lock).exists()  # left behind by the dead process: stale
    partial = store_of(root).count()
    assert 0 < partial < 16
    report = index(root, embedder)
    assert report.files_unchanged >= 1  # finished work was kept
    assert report.texts_embedded < 16
    assert_consistent(root)
    assert store_of(root).count() == 16


def test_two_processes_indexing_at_once_leave_no_duplicates(tmp_path):
    root = tmp_path / "repo"
    many_files(root, 6)
    procs = [run_indexer(root), run_indexer(root)]
    outputs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [err[-2000:] for _, err in outputs]
    reports = [json.loads(out.strip().splitlines()[-1]) for out, _ in outputs]
    assert sorted(r["cards_added"] for r in reports) == [0, 12]  # the second waited for the lock
    assert_consistent(root)


def test_vector_cache_persists_and_never_embeds_twice(tmp_path):
    cache = VectorCache(tmp_path, "m", 4)
    cache.put("k", np.ones(4, dtype=np.float32))
    cache.save()
    for n in range(VectorCache.MAX_SHARDS + 2):
        cache.put(f"k{n}", np.full(4, n, dtype=np.float32))
        cache.save()
    reloaded = VectorCache(tmp_path, "m", 4)
    assert len(reloaded) == VectorCache.MAX_SHARDS + 3 and reloaded.get("k")[0] == 1.0
    assert len(list((tmp_path / "m").glob("shard-*.npz"))) <= VectorCache.MAX_SHARDS


def test_cli_index_and_similar(repo):
    runner = CliRunner()
    result = runner.invoke(cli, ["index", str(repo)], catch_exceptions=False)
    assert result.exit_code == 0 and "5 files indexed" in result.output
    result = runner.invoke(cli, ["similar", "pkg/util.py:normalize_name", str(repo), "--json"], catch_exceptions=False)
    data = json.loads(result.output)
    assert data["target"]["name"] == "normalize_name" and data["similar"][0]["name"] == "tidy_label"
    result = runner.invoke(cli, ["similar", "Registry.register", str(repo)], catch_exceptions=False)
    assert result.exit_code == 0 and result.output.startswith("pkg/app.py:")
    result = runner.invoke(cli, ["similar", "nope", str(repo)])
    assert result.exit_code == 2 and "no function matches 'nope'" in result.output
    write(repo, {"other.py": "def mean(xs):\n    return sum(xs) / len(xs)\n"})
    runner.invoke(cli, ["index", str(repo)], catch_exceptions=False)
    result = runner.invoke(cli, ["similar", "mean", str(repo)])
    assert result.exit_code == 2 and "ambiguous" in result.output and "pkg/util.py:mean" in result.output


TEST_MODULE = textwrap.dedent('''
    import unittest
    from pkg.util import normalize_name


    class NameTests(unittest.TestCase):
        def setUp(self):
            self.names = [normalize_name(n) for n in ("a", "b")]

        def test_spaces(self):
            self.assertEqual(normalize_name("  A b "), "a_b")

        def check_roundtrip(self, raw):
            def stub(value):
                return value.strip().lower()
            self.assertEqual(normalize_name(raw), stub(raw))

        def make_names(self, count):
            names = []
            for k in range(count):
                names.append(f"name {k}")
            return names
''')


def fake_store(root: Path) -> CardStore:
    return CardStore(Workspace(root), FakeEmbedder.name, FakeEmbedder.dimension)


def test_test_cases_are_stored_without_a_vector_and_said_so(repo):
    from reviewer.analysis.testcode import test_case_spans
    from reviewer.rag.indexer import NOT_EMBEDDED, TEST_CASE

    write(repo, {"tests/test_util.py": TEST_MODULE})
    report = index(repo, FakeEmbedder(), test_cases=test_case_spans)
    rows = {r["name"]: r for r in fake_store(repo).read(["name", "text_hash", "vector"]).to_pylist()}
    # test_*, a helper that asserts and the stub inside it are test cases; the factory is not
    cases = {"setUp", "test_spaces", "check_roundtrip", "stub"}
    for name in cases:
        assert rows[name]["text_hash"] == NOT_EMBEDDED and not any(rows[name]["vector"]), name
    assert rows["make_names"]["text_hash"] != NOT_EMBEDDED and any(rows["make_names"]["vector"])
    assert report.not_embedded[TEST_CASE] == len(cases)
    assert f"{len(cases)} test cases" in report.summary_line()
    trivial = report.not_embedded.get("trivial", 0)
    assert fake_store(repo).stats().not_embedded == len(cases) + trivial  # what `status --show-rag` shows
    index_ = SimilarityIndex.load(fake_store(repo))
    case = index_.position[next(c.id for c in fake_store(repo).cards() if c.name == "test_spaces")]
    assert not index_.has_vector[case] and index_._meaning_neighbours(case, 8) == []
    # a match that involves a card with no vector says nothing about meaning
    hit = index_._hit(case, index_.position[next(c.id for c in fake_store(repo).cards() if c.name == "mean")],
                      index_.score_pair(case, 0))
    assert hit.meaning is None
    # Claude's fields for a test case do not embed it either
    card = next(c for c in fake_store(repo).cards() if c.name == "test_spaces")
    upsert_cards(repo, Config(), [card.model_copy(update={"summary": "Spaces become one underscore."})],
                 embedder=FakeEmbedder())
    again = fake_store(repo).read(["text_hash", "vector"], where=f"id = '{card.id}'").to_pylist()[0]
    assert again["text_hash"] == NOT_EMBEDDED and not any(again["vector"])


def test_without_a_test_predicate_every_non_trivial_card_is_embedded(repo):
    write(repo, {"tests/test_util.py": TEST_MODULE})
    report = index(repo, FakeEmbedder())
    assert "test case" not in report.not_embedded


def test_the_progress_moves_per_embedding_batch(tmp_path):
    """The index phase's bar advances after each batch the model embeds, not once per chunk of
    1,024 cards (a first index of 2,000 functions sat at 0/2,373 for half a minute)."""
    from reviewer.rag.embedder import DEFAULT_MODEL, load_embedder

    functions = "".join(f"def compute_{i}(value, factor):\n    total = value * {i} + factor\n"
                        f"    return [total, value - factor, {i}]\n\n\n" for i in range(200))
    write(tmp_path, {"pkg/many.py": functions})
    calls: list[tuple[int, int]] = []
    index(tmp_path, load_embedder(DEFAULT_MODEL), progress=lambda done, total: calls.append((done, total)))
    total = calls[-1][1]
    assert calls[-1] == (total, total) and total >= 200
    inside = [done for done, _ in calls if 0 < done < total]
    assert len(inside) >= 2 and inside == sorted(inside)  # moved within the single chunk, forward only
