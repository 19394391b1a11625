"""The coarse vector index of large indexes: same answers as the exact scan on clustered vectors."""

from __future__ import annotations

import numpy as np

from reviewer.rag.ann import CoarseIndex, nearest_rows


def clustered(n: int, topics: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    centres = rng.normal(size=(topics, 64)).astype(np.float32)
    vectors = centres[rng.integers(0, topics, n)] + 0.9 * rng.normal(size=(n, 64)).astype(np.float32)
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


def test_the_nearest_vectors_are_among_the_approximate_candidates():
    vectors = clustered(4000, 80)
    coarse = CoarseIndex(vectors)
    found = 0
    for k in range(40):
        exact = set(nearest_rows(vectors, vectors[k], 5, None))
        found += len(exact & set(nearest_rows(vectors, vectors[k], 64, coarse)))
    assert found >= 0.95 * 40 * 5


def test_groups_cover_every_row_once_and_are_reproducible():
    vectors = clustered(2500, 30, seed=1)
    a, b = CoarseIndex(vectors), CoarseIndex(vectors)
    assert sorted(a.order.tolist()) == list(range(len(vectors)))
    assert np.array_equal(a.order, b.order) and np.array_equal(a.centroids, b.centroids)


def test_probed_scores_read_from_the_grouped_copy_are_the_exact_products():
    vectors = clustered(3000, 40, seed=2)
    coarse = CoarseIndex(vectors)
    for k in (0, 17, 2999):
        rows, sims = coarse.scores_near(vectors[k])
        assert sorted(rows.tolist()) == sorted(coarse.rows_near(vectors[k]).tolist())
        assert np.allclose(sims, vectors[rows] @ vectors[k], atol=1e-5)
        assert k in rows.tolist()  # a vector's own group is always probed first
