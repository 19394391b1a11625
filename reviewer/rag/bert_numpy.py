"""A numpy forward pass for sentence-transformers BERT models with mean pooling.

Why: `import sentence_transformers` pulls in torch and costs 5-6 s before the first
vector; this module needs only numpy, `tokenizers` (the Rust tokenizer that
transformers itself uses) and `safetensors`, and is ready in well under a second.
It reproduces what sentence-transformers computes for a model made of
Transformer(BertModel) -> Pooling(mean) [-> Normalize]: tokenize with the model's
tokenizer.json, truncate to `max_seq_length` tokens (sentence_bert_config.json),
run the encoder, average the hidden states of the non-padding tokens, L2-normalize.
tests/test_rag_embedder_parity.py checks it against sentence-transformers on the
same model files.

Which models qualify is read from the model's own config files (`unsupported_reason`),
never from its name; anything else goes through sentence-transformers.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import numpy as np

TRANSFORMER_MODULE = "sentence_transformers.models.Transformer"
POOLING_MODULE = "sentence_transformers.models.Pooling"
NORMALIZE_MODULE = "sentence_transformers.models.Normalize"
# Elementwise work is done in blocks of about this many floats (256 KB), so that the
# several passes of softmax and GELU run in the CPU cache, not main memory (GELU 2.5x faster).
CACHE_FLOATS = 64 * 1024
# Pooling modes other than the mean; any of them switched on means another computation.
OTHER_POOLING_MODES = (
    "pooling_mode_cls_token",
    "pooling_mode_max_tokens",
    "pooling_mode_mean_sqrt_len_tokens",
    "pooling_mode_weightedmean_tokens",
    "pooling_mode_lasttoken",
)


@dataclass(frozen=True)
class BertShape:
    """What the forward pass needs from config.json and sentence_bert_config.json."""

    hidden_size: int
    layers: int
    heads: int
    layer_norm_eps: float
    max_seq_length: int  # tokens, [CLS] and [SEP] included


def read_json_file(path: Path) -> dict | list | None:
    """The parsed JSON file, or None when it is missing or not JSON."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _read_dict(path: Path) -> dict:
    data = read_json_file(path)
    return data if isinstance(data, dict) else {}


def _tokenizer_mismatch(model_dir: Path) -> str | None:
    """Why transformers would tokenize differently from tokenizer.json alone, if it would.

    transformers rebuilds a BERT normalizer when tokenizer_config.json disagrees with it,
    and truncates on the left when asked; we use tokenizer.json as it is, so we refuse both.
    """
    tokenizer_config = _read_dict(model_dir / "tokenizer_config.json")
    if tokenizer_config.get("truncation_side", "right") != "right":
        return "the tokenizer truncates on the left"
    normalizer = _read_dict(model_dir / "tokenizer.json").get("normalizer") or {}
    if normalizer.get("type") != "BertNormalizer":
        return None
    pairs = (("do_lower_case", "lowercase"), ("strip_accents", "strip_accents"),
             ("tokenize_chinese_chars", "handle_chinese_chars"))
    for config_key, normalizer_key in pairs:
        if config_key in tokenizer_config and tokenizer_config[config_key] != normalizer.get(normalizer_key):
            return f"tokenizer_config.json {config_key} disagrees with tokenizer.json"
    return None


def unsupported_reason(model_dir: Path) -> str | None:
    """None when this module computes what sentence-transformers would for `model_dir`; else why not."""
    modules = read_json_file(model_dir / "modules.json")
    if not isinstance(modules, list):
        return "no modules.json"
    types = [m.get("type", "") for m in modules if isinstance(m, dict)]
    if types not in ([TRANSFORMER_MODULE, POOLING_MODULE], [TRANSFORMER_MODULE, POOLING_MODULE, NORMALIZE_MODULE]):
        return f"modules {types} are not Transformer + Pooling [+ Normalize]"
    if modules[0].get("path", "") not in ("", "."):
        return "the transformer is not at the model root"
    config = _read_dict(model_dir / "config.json")
    if not config:
        return "no config.json"
    if config.get("model_type") != "bert" or "BertModel" not in (config.get("architectures") or ["BertModel"]):
        return f"architecture {config.get('architectures')} ({config.get('model_type')}) is not BertModel"
    if config.get("hidden_act", "gelu") != "gelu":
        return f"activation {config.get('hidden_act')} is not gelu"
    if config.get("position_embedding_type", "absolute") != "absolute":
        return f"position embeddings {config.get('position_embedding_type')} are not absolute"
    pooling = _read_dict(model_dir / modules[1].get("path", "1_Pooling") / "config.json")
    if not pooling.get("pooling_mode_mean_tokens"):
        return "pooling is not the mean of token embeddings"
    if any(pooling.get(mode) for mode in OTHER_POOLING_MODES):
        return "pooling combines several modes"
    if pooling.get("word_embedding_dimension", config.get("hidden_size")) != config.get("hidden_size"):
        return "pooling dimension differs from the hidden size"
    if _read_dict(model_dir / "sentence_bert_config.json").get("do_lower_case"):
        return "sentence_bert_config asks for extra lower-casing"
    if _read_dict(model_dir / "config_sentence_transformers.json").get("default_prompt_name"):
        return "the model prepends a default prompt"
    for name in ("tokenizer.json", "model.safetensors"):
        if not (model_dir / name).is_file():
            return f"no {name}"
    return _tokenizer_mismatch(model_dir)


def read_shape(model_dir: Path) -> BertShape:
    config = _read_dict(model_dir / "config.json")
    tokenizer_config = _read_dict(model_dir / "tokenizer_config.json")
    # sentence-transformers caps max_seq_length by the position table and the tokenizer's limit.
    limits = [config.get("max_position_embeddings", 512), tokenizer_config.get("model_max_length", 10**9)]
    max_seq = _read_dict(model_dir / "sentence_bert_config.json").get("max_seq_length")
    return BertShape(
        hidden_size=int(config["hidden_size"]),
        layers=int(config["num_hidden_layers"]),
        heads=int(config["num_attention_heads"]),
        layer_norm_eps=float(config.get("layer_norm_eps", 1e-12)),
        max_seq_length=int(min([max_seq or min(limits)] + limits)),
    )


# -- math ---------------------------------------------------------------------------------

# erf as a rational function in float32 (Eigen's generic_fast_erf_float); max abs error
# about 4e-7 against math.erf, i.e. at float32 resolution. numpy has no erf of its own.
_ERF_ALPHA = (-2.72614225801306e-10, 2.77068142495902e-08, -2.10102402082508e-06, -5.69250639462346e-05,
              -7.34990630326855e-04, -2.95459980854025e-03, -1.60960333262415e-02)
_ERF_BETA = (-1.45660718464996e-05, -2.13374055278905e-04, -1.68282697438203e-03, -7.37332916720468e-03,
             -1.42647390514189e-02)


def erf_(t: np.ndarray) -> np.ndarray:
    """erf of a float32 array, computed in place (overwrites and returns `t`)."""
    np.clip(t, -4.0, 4.0, out=t)  # erf is +/-1 in float32 beyond
    t2 = t * t
    p = t2 * np.float32(_ERF_ALPHA[0])
    p += np.float32(_ERF_ALPHA[1])
    for a in _ERF_ALPHA[2:]:
        p *= t2
        p += np.float32(a)
    p *= t
    q = t2 * np.float32(_ERF_BETA[0])
    q += np.float32(_ERF_BETA[1])
    for b in _ERF_BETA[2:]:
        q *= t2
        q += np.float32(b)
    return np.divide(p, q, out=t)


def gelu_(x: np.ndarray) -> np.ndarray:
    """BERT's exact GELU, x * Phi(x) (the erf form, not the tanh approximation), in place.

    In place because this runs over the (tokens x intermediate) activations, the
    largest array of the pass: fresh temporaries there cost as much as the math.
    """
    phi = erf_(x * np.float32(0.7071067811865476))
    phi *= np.float32(0.5)
    phi += np.float32(0.5)
    x *= phi
    return x


def layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    centered = x - x.mean(axis=-1, keepdims=True)
    variance = np.mean(centered * centered, axis=-1, keepdims=True)
    return centered / np.sqrt(variance + np.float32(eps)) * weight + bias


# -- the model ----------------------------------------------------------------------------


@dataclass
class _Layer:
    qkv_w: np.ndarray  # (hidden, 3 * hidden): query, key and value in one product
    qkv_b: np.ndarray
    out_w: np.ndarray
    out_b: np.ndarray
    ln1_w: np.ndarray
    ln1_b: np.ndarray
    up_w: np.ndarray
    up_b: np.ndarray
    down_w: np.ndarray
    down_b: np.ndarray
    ln2_w: np.ndarray
    ln2_b: np.ndarray


class NumpyBert:
    """A BERT encoder with mean pooling and L2 normalization, weights from model.safetensors."""

    def __init__(self, model_dir: Path) -> None:
        # Rust-side threads would make a later fork (the scan's process pool) warn; batches are small anyway.
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        self.shape = read_shape(model_dir)
        self.tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        # tokenizer.json of MiniLM pads and truncates to 128; sentence-transformers overrides both.
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(max_length=self.shape.max_seq_length, strategy="longest_first")
        weights = load_file(str(model_dir / "model.safetensors"))
        prefix = "bert." if "bert.embeddings.word_embeddings.weight" in weights else ""

        def w(name: str) -> np.ndarray:
            return np.asarray(weights[prefix + name], dtype=np.float32)

        def linear(name: str) -> np.ndarray:  # torch stores (out, in); x @ W wants (in, out)
            return np.ascontiguousarray(w(name + ".weight").T)

        self.word = w("embeddings.word_embeddings.weight")
        self.position = w("embeddings.position_embeddings.weight")
        self.token_type0 = w("embeddings.token_type_embeddings.weight")[0]  # single sentences: type 0
        self.emb_ln = (w("embeddings.LayerNorm.weight"), w("embeddings.LayerNorm.bias"))
        self.layers = []
        for i in range(self.shape.layers):
            p = f"encoder.layer.{i}."
            qkv = [p + f"attention.self.{n}" for n in ("query", "key", "value")]
            self.layers.append(_Layer(
                qkv_w=np.ascontiguousarray(np.concatenate([linear(n) for n in qkv], axis=1)),
                qkv_b=np.concatenate([w(n + ".bias") for n in qkv]),
                out_w=linear(p + "attention.output.dense"), out_b=w(p + "attention.output.dense.bias"),
                ln1_w=w(p + "attention.output.LayerNorm.weight"), ln1_b=w(p + "attention.output.LayerNorm.bias"),
                up_w=linear(p + "intermediate.dense"), up_b=w(p + "intermediate.dense.bias"),
                down_w=linear(p + "output.dense"), down_b=w(p + "output.dense.bias"),
                ln2_w=w(p + "output.LayerNorm.weight"), ln2_b=w(p + "output.LayerNorm.bias"),
            ))

    def token_ids(self, texts: Sequence[str]) -> list[list[int]]:
        return [enc.ids for enc in self.tokenizer.encode_batch(list(texts))]

    def encode_ids(self, batch: Sequence[Sequence[int]]) -> np.ndarray:
        """Normalized sentence vectors (len(batch), hidden) for token id lists of one batch."""
        count, length = len(batch), max(len(ids) for ids in batch)
        ids = np.zeros((count, length), dtype=np.int64)  # 0 = [PAD]; masked out below
        mask = np.zeros((count, length), dtype=np.float32)
        for row, seq in enumerate(batch):
            ids[row, : len(seq)] = seq
            mask[row, : len(seq)] = 1.0
        hidden = self.word[ids] + self.position[:length] + self.token_type0
        hidden = layer_norm(hidden, *self.emb_ln, self.shape.layer_norm_eps).reshape(count * length, -1)
        # Padding keys get the most negative float, as transformers does: exp() makes them 0.
        key_bias = ((1.0 - mask) * np.finfo(np.float32).min)[:, None, None, :]
        for layer in self.layers:
            hidden = self._layer(layer, hidden, key_bias, count, length)
        hidden = hidden.reshape(count, length, -1)
        summed = np.einsum("bl,blh->bh", mask, hidden)
        pooled = summed / np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.maximum(norms, 1e-12)).astype(np.float32)

    def _layer(self, layer: _Layer, x: np.ndarray, key_bias: np.ndarray, count: int, length: int) -> np.ndarray:
        hidden, heads = self.shape.hidden_size, self.shape.heads
        head_dim = hidden // heads
        qkv = x @ layer.qkv_w  # (count * length, 3 * hidden)
        qkv += layer.qkv_b
        qkv = qkv.reshape(count, length, 3, heads, head_dim).transpose(2, 0, 3, 1, 4)  # (3, b, h, l, d)
        context = np.empty((count, length, heads, head_dim), dtype=np.float32)
        # Softmax is a handful of passes over the scores: a few sequences at a time they stay in cache.
        step = max(1, CACHE_FLOATS // (heads * length * length))
        for a in range(0, count, step):
            b = min(a + step, count)
            scores = qkv[0, a:b] @ qkv[1, a:b].transpose(0, 1, 3, 2)
            scores *= np.float32(1.0 / np.sqrt(head_dim))
            scores += key_bias[a:b]
            scores -= scores.max(axis=-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(axis=-1, keepdims=True)
            context[a:b] = (scores @ qkv[2, a:b]).transpose(0, 2, 1, 3)
        attended = context.reshape(count * length, hidden) @ layer.out_w
        attended += layer.out_b
        attended += x
        x = layer_norm(attended, layer.ln1_w, layer.ln1_b, self.shape.layer_norm_eps)
        up = x @ layer.up_w
        # GELU is ~25 passes over the largest activation: block by rows so each block stays in cache.
        rows = max(1, CACHE_FLOATS // up.shape[1])
        for a in range(0, len(up), rows):
            block = up[a : a + rows]
            block += layer.up_b
            gelu_(block)
        down = up @ layer.down_w
        down += layer.down_b
        down += x
        return layer_norm(down, layer.ln2_w, layer.ln2_b, self.shape.layer_norm_eps)
