#!/usr/bin/env python
"""Would int8 kernels pay for the embedder? Speed of an int8 matmul against today's float32 one,
and what quantizing the activations does to the vectors, recorded in docs/benchmarks.md
(section `int8`).

The shipped weights are int8 already; an int8 kernel (u8 x s8 products summed in int32, as
onnxruntime's MatMulInteger computes on VNNI) also needs the activations, the left operand
of every linear layer, quantized to 8 bits on the fly. How much that moves the vectors does
not depend on the kernel, so it is measured here in numpy: each linear layer's input is
quantized and dequantized (per tensor, as onnxruntime's dynamic quantization does it, or per
token row) before today's product, and the vectors are compared with the committed fp32
reference vectors (tests/data/minilm_reference.npz: the contract the README states) and with
today's vectors of real card texts.

The speed part times one core on the up projection's shape: numpy's float32 matmul against
onnxruntime's MatMulInteger, when onnxruntime and onnx are importable (they are not
dependencies of reviewer; install them beside it to measure: pip install onnxruntime onnx).

    python scripts/bench_int8.py --texts FILE    # card texts from bench_embed.py --save-texts
    python scripts/bench_int8.py --record
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import machine_line, markdown_table, record_section  # noqa: E402

FIXTURE = REPO / "tests" / "data" / "minilm_reference.npz"
CARDS = 40  # the fixture's first texts are code cards; the rest are edge cases
LINEAR = ("qkv_w", "out_w", "up_w", "down_w")
ROWS = 4096  # tokens in one timed product


# scheme -> (per row?, levels): 8 bits per tensor or per token row; 16 bits per row, which an int8
# kernel computes as two u8 products (the high and the low byte of each value), twice the work.
SCHEMES = {"tensor": (False, 255), "row": (True, 255), "row16": (True, 65535)}


def fake_quantize(x: np.ndarray, scheme: str) -> np.ndarray:
    """x after a round trip through unsigned integers with a zero point, per tensor or per row."""
    per_row, levels = SCHEMES[scheme]
    axis = 1 if per_row else None
    low = np.minimum(x.min(axis=axis, keepdims=True), 0)
    high = np.maximum(x.max(axis=axis, keepdims=True), 0)
    scale = np.where(high > low, (high - low) / levels, 1).astype(np.float32)
    zero = np.rint(-low / scale)
    return ((np.clip(np.rint(x / scale) + zero, 0, levels) - zero) * scale).astype(np.float32)


class QuantizedInput:
    """A weight matrix whose left operand is quantized first: `x @ QuantizedInput(w)`."""

    __array_ufunc__ = None  # numpy hands `x @ self` to __rmatmul__

    def __init__(self, weight: np.ndarray, scheme: str) -> None:
        self.weight, self.scheme = weight, scheme

    def __rmatmul__(self, x: np.ndarray) -> np.ndarray:
        return fake_quantize(x, self.scheme) @ self.weight


def neighbour_agreement(a: np.ndarray, b: np.ndarray, k: int = 5) -> float:
    def top(v):
        sims = v @ v.T
        np.fill_diagonal(sims, -2)
        return np.argsort(-sims, axis=1, kind="stable")[:, :k]
    return float(np.mean([len(set(x) & set(y)) / k for x, y in zip(top(a), top(b))]))


def agreement_rows(texts: list[str]) -> list[list[str]]:
    from reviewer.rag.embedder import DEFAULT_MODEL, load_embedder

    with np.load(FIXTURE) as data:
        fixture_texts, reference = [str(t) for t in data["texts"]], data["reference"]
    embedder = load_embedder(DEFAULT_MODEL, backend="numpy")
    bert = embedder.model._bert
    weights = [{name: getattr(layer, name) for name in LINEAR} for layer in bert.layers]
    today = embedder.embed(texts)
    rows = []
    for scheme, label in ((None, "today: float32 activations"),
                          ("tensor", "u8 per tensor (onnxruntime's dynamic quantization)"),
                          ("row", "u8 per token row"),
                          ("row16", "16 bits per token row (two u8 passes)")):
        for layer, saved in zip(bert.layers, weights):
            for name, weight in saved.items():
                setattr(layer, name, weight if scheme is None else QuantizedInput(weight, scheme))
        ours = embedder.embed(fixture_texts)
        cards = np.sum(ours[:CARDS] * reference[:CARDS], axis=1)
        vectors = embedder.embed(texts)
        drift = np.sum(vectors * today, axis=1)
        rows.append([label, f"{cards.mean():.5f} / {cards.min():.5f}", f"{neighbour_agreement(ours, reference):.3f}",
                     f"{drift.mean():.5f} / {drift.min():.5f}", f"{neighbour_agreement(vectors, today):.3f}"])
    for layer, saved in zip(bert.layers, weights):
        for name, weight in saved.items():
            setattr(layer, name, weight)
    return rows


def best_seconds(*runs, repeats: int = 10) -> list[float]:
    """The best CPU seconds of each run, the runs taken in turn (the machine drifts for all alike)."""
    for run in runs:
        run()  # warm-up
    best = [float("inf")] * len(runs)
    for _ in range(repeats):
        for k, run in enumerate(runs):
            start = time.thread_time()
            run()
            best[k] = min(best[k], time.thread_time() - start)
    return best


def speed_rows(hidden: int = 384, intermediate: int = 1536) -> list[list[str]]:
    from threadpoolctl import threadpool_limits

    rng = np.random.default_rng(0)
    flops = 2 * ROWS * hidden * intermediate
    a, b = rng.standard_normal((ROWS, hidden), dtype=np.float32), rng.standard_normal((hidden, intermediate), dtype=np.float32)
    try:
        import onnxruntime
        from onnx import TensorProto, helper, numpy_helper
    except ImportError:
        with threadpool_limits(1, "blas"):
            (seconds,) = best_seconds(lambda: a @ b)
        return [["numpy float32 matmul (today)", f"{flops / seconds / 1e9:.0f} GFLOP/s"],
                ["onnxruntime MatMulInteger, u8 x s8", "not measured: onnxruntime and onnx not installed"]]
    weight = rng.integers(-127, 128, (hidden, intermediate), dtype=np.int8)
    graph = helper.make_graph([helper.make_node("MatMulInteger", ["a", "w"], ["y"])], "matmul",
                              [helper.make_tensor_value_info("a", TensorProto.UINT8, ["rows", hidden])],
                              [helper.make_tensor_value_info("y", TensorProto.INT32, ["rows", intermediate])],
                              [numpy_helper.from_array(weight, "w")])
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    session = onnxruntime.InferenceSession(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
                                           .SerializeToString(), options, providers=["CPUExecutionProvider"])
    quantized = rng.integers(0, 256, (ROWS, hidden), dtype=np.uint8)
    with threadpool_limits(1, "blas"):
        fp32, int8 = best_seconds(lambda: a @ b, lambda: session.run(None, {"a": quantized}))
    return [["numpy float32 matmul (today)", f"{flops / fp32 / 1e9:.0f} GFLOP/s"],
            [f"onnxruntime {onnxruntime.__version__} MatMulInteger, u8 x s8",
             f"{flops / int8 / 1e9:.0f} GOP/s ({fp32 / int8:.1f}x)"]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--texts", type=Path, required=True, help="card texts, a JSON list (bench_embed.py --save-texts)")
    parser.add_argument("--sample", type=int, default=400, help="card texts compared with today's vectors")
    parser.add_argument("--record", action="store_true")
    args = parser.parse_args()
    texts = json.loads(args.texts.read_text())
    texts = texts[:: max(1, len(texts) // args.sample)][: args.sample]
    agreement = markdown_table(
        ["activations", f"fixture code cards: cosine to fp32, mean / min", "fixture: top-5 neighbours as fp32",
         f"{len(texts)} card texts: cosine to today, mean / min", "top-5 neighbours as today"],
        agreement_rows(texts))
    speed = markdown_table(["one core, up projection (4096 x 384 @ 384 x 1536)", "best of 10, in turn"], speed_rows())
    print(agreement, speed, sep="\n\n")
    if args.record:
        record_section("int8", f"{machine_line()}; `python scripts/bench_int8.py --texts FILE` "
                               f"(FILE: `scripts/bench_embed.py --save-texts`).\n\n{agreement}\n\n{speed}\n")


if __name__ == "__main__":
    main()
