"""Approximate nearest card vectors for findSimilarFunctions on large indexes (an IVF in numpy).

Below ANN_MIN_ROWS cards the exact `V @ q` is a few milliseconds and stays. Above it,
reading the whole matrix for every query (150 MB at 100k cards) costs more than the rest
of a lookup together, so the vectors are grouped once around sqrt(n) centroids (a few
rounds of k-means, seeded: the same index always gives the same groups) and a query
reads only the rows of its PROBE_SHARE nearest groups. all_pairs never uses this: it
compares every vector in blocks, exactly.
"""

from __future__ import annotations

import numpy as np

ANN_MIN_ROWS = 20_000
PROBE_SHARE = 0.08  # share of the rows a query reads (whole groups, nearest first)
ROUNDS = 4
BLOCK = 8192


class CoarseIndex:
    def __init__(self, vectors: np.ndarray) -> None:
        n = len(vectors)
        groups = max(1, int(np.sqrt(n)))
        rng = np.random.default_rng(0)
        centroids = vectors[np.sort(rng.choice(n, groups, replace=False))].copy()
        for _ in range(ROUNDS):
            assigned = self._assign(vectors, centroids)
            sums = np.zeros_like(centroids)
            np.add.at(sums, assigned, vectors)
            counts = np.bincount(assigned, minlength=groups)
            keep = counts > 0
            centroids[keep] = sums[keep] / counts[keep, None]
            norms = np.linalg.norm(centroids, axis=1, keepdims=True)
            centroids = np.where(norms > 0, centroids / np.maximum(norms, 1e-12), centroids)
        assigned = self._assign(vectors, centroids)
        self.centroids = centroids.astype(np.float32)
        self.order = np.argsort(assigned, kind="stable")  # rows grouped by centroid
        self.starts = np.searchsorted(assigned[self.order], np.arange(groups + 1))
        self.budget = max(1, int(PROBE_SHARE * n))

    @staticmethod
    def _assign(vectors: np.ndarray, centroids: np.ndarray) -> np.ndarray:
        out = np.empty(len(vectors), dtype=np.int64)
        for start in range(0, len(vectors), BLOCK):
            out[start : start + BLOCK] = np.argmax(vectors[start : start + BLOCK] @ centroids.T, axis=1)
        return out

    def rows_near(self, query: np.ndarray) -> np.ndarray:
        """Row numbers of the groups nearest `query`, about PROBE_SHARE of all rows."""
        nearest = np.argsort(-(self.centroids @ query), kind="stable")
        sizes = (self.starts[1:] - self.starts[:-1])[nearest]
        probe = nearest[: int(np.searchsorted(np.cumsum(sizes), self.budget)) + 1]
        return np.concatenate([self.order[self.starts[g] : self.starts[g + 1]] for g in probe])


def nearest_rows(vectors: np.ndarray, query: np.ndarray, limit: int, coarse: CoarseIndex | None) -> list[int]:
    """The `limit` rows of `vectors` with the highest dot product with `query` (approximate with `coarse`)."""
    rows = coarse.rows_near(query) if coarse is not None else None
    sims = vectors[rows] @ query if rows is not None else vectors @ query
    k = min(limit, len(sims))
    best = np.argpartition(-sims, k - 1)[:k]
    return (rows[best] if rows is not None else best).tolist()
