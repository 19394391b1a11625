"""Approximate nearest card vectors for findSimilarFunctions on large indexes (an IVF in numpy).

Below ANN_MIN_ROWS cards the exact scan of every vector is a few milliseconds and stays.
Above it, reading the whole matrix for every query (150 MB at 100k cards) costs more than
the rest of a lookup together, so the vectors are grouped once around sqrt(n) centroids
(a few rounds of k-means, seeded: the same index always gives the same groups) and a
query reads only the rows of its PROBE_SHARE nearest groups. The index keeps its own copy
of the vectors in group order, so a probed group is one contiguous slice: no gather of
scattered rows per query. all_pairs never uses this: it compares every vector in blocks,
exactly.

A query's products are `einsum`, not `@`: a matrix-vector product is memory-bound, and
BLAS spreads it over every core's threads, which on a busy machine waits for the slowest
of them (a 3,000-row product took 19 ms with threads against 1 ms on one core).
"""

from __future__ import annotations

import numpy as np

ANN_MIN_ROWS = 20_000
PROBE_SHARE = 0.08  # share of the rows a query reads (whole groups, nearest first)
ROUNDS = 4
BLOCK = 8192


def dot_rows(vectors: np.ndarray, query: np.ndarray) -> np.ndarray:
    """`vectors @ query` on the calling thread (see the module docstring)."""
    return np.einsum("ij,j->i", vectors, query)


class CoarseIndex:
    def __init__(self, vectors: np.ndarray) -> None:
        n = len(vectors)
        groups = max(1, int(np.sqrt(n)))
        rng = np.random.default_rng(0)
        centroids = vectors[np.sort(rng.choice(n, groups, replace=False))].copy()
        for _ in range(ROUNDS):
            assigned = self._assign(vectors, centroids)
            order = np.argsort(assigned, kind="stable")
            starts = np.searchsorted(assigned[order], np.arange(groups + 1))
            # Means per group over the rows in group order, a slice each (np.add.at and
            # np.add.reduceat along rows are many times slower).
            grouped = vectors[order]
            for g in np.flatnonzero(starts[1:] > starts[:-1]).tolist():
                centroids[g] = grouped[starts[g] : starts[g + 1]].mean(axis=0)
            norms = np.linalg.norm(centroids, axis=1, keepdims=True)
            centroids = np.where(norms > 0, centroids / np.maximum(norms, 1e-12), centroids)
        assigned = self._assign(vectors, centroids)
        self.centroids = centroids.astype(np.float32)
        self.order = np.argsort(assigned, kind="stable")  # rows grouped by centroid
        self.starts = np.searchsorted(assigned[self.order], np.arange(groups + 1))
        self.grouped = np.ascontiguousarray(vectors[self.order], dtype=np.float32)
        self.budget = max(1, int(PROBE_SHARE * n))

    @staticmethod
    def _assign(vectors: np.ndarray, centroids: np.ndarray) -> np.ndarray:
        out = np.empty(len(vectors), dtype=np.int64)
        for start in range(0, len(vectors), BLOCK):
            out[start : start + BLOCK] = np.argmax(vectors[start : start + BLOCK] @ centroids.T, axis=1)
        return out

    def probe(self, query: np.ndarray) -> list[int]:
        """The groups nearest `query`, nearest first, holding about PROBE_SHARE of all rows."""
        nearest = np.argsort(-dot_rows(self.centroids, query), kind="stable")
        sizes = (self.starts[1:] - self.starts[:-1])[nearest]
        return nearest[: int(np.searchsorted(np.cumsum(sizes), self.budget)) + 1].tolist()

    def rows_near(self, query: np.ndarray) -> np.ndarray:
        """Row numbers of the groups nearest `query`, about PROBE_SHARE of all rows."""
        return np.concatenate([self.order[self.starts[g] : self.starts[g + 1]] for g in self.probe(query)])

    def scores_near(self, query: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(row numbers, dot products with `query`) of the probed groups, each read as one slice."""
        spans = [(self.starts[g], self.starts[g + 1]) for g in self.probe(query)]
        rows = np.concatenate([self.order[a:b] for a, b in spans])
        sims = np.concatenate([dot_rows(self.grouped[a:b], query) for a, b in spans])
        return rows, sims


def nearest_rows(vectors: np.ndarray, query: np.ndarray, limit: int, coarse: CoarseIndex | None) -> list[int]:
    """The `limit` rows of `vectors` with the highest dot product with `query` (approximate with `coarse`)."""
    rows, sims = coarse.scores_near(query) if coarse is not None else (None, dot_rows(vectors, query))
    k = min(limit, len(sims))
    best = np.argpartition(-sims, k - 1)[:k]
    return (rows[best] if rows is not None else best).tolist()
