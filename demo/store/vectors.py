"""Exact vector search for the SQLite backend: each collection's unit vectors in one matrix.

A snapshot holds the float32 rows of a collection's active versions (one identity), their
passage keys and each version's row range. It is immutable and keyed by the versions it
holds, so a search in a read transaction always scores exactly the versions that
transaction sees; when versions change, rows of versions that stayed are reused and only
new versions are read from the database. Scoring is one matrix-vector product.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import numpy as np
from attrs import frozen

from demo.store.db import Scope, Tx, placeholders

if TYPE_CHECKING:
    from demo.store.db import Backend

__all__ = ["VectorIndex"]


@frozen(slots=True)
class _Snapshot:
    key: tuple[str, ...]
    generation: int
    identity: str
    matrix: np.ndarray
    pks: np.ndarray
    #: version id -> (document id, first row, end row)
    ranges: dict[str, tuple[str, int, int]]


def _top(snap: _Snapshot, ok: np.ndarray | None, query: np.ndarray, *, n: int) -> list[tuple[int, float]]:
    q = query.astype(np.float32)
    pks = snap.pks
    if ok is not None and 2 * int(ok.sum()) < ok.shape[0]:
        # a narrow scope (a few documents: hybrid search's second pass within the keyword
        # lane's documents): score only its rows, not the whole collection
        rows = np.flatnonzero(ok)
        scores, pks, ok = snap.matrix[rows] @ q, pks[rows], None
    else:
        scores = snap.matrix @ q
    if ok is not None:
        scores = np.where(ok, scores, -np.inf)
        count = int(ok.sum())
    else:
        count = scores.shape[0]
    k = min(n, count)
    top = np.argpartition(-scores, k - 1)[:k] if k < scores.shape[0] else np.arange(scores.shape[0])
    order = sorted(top.tolist(), key=lambda i: (-float(scores[i]), int(pks[i])))
    return [(int(pks[i]), float(scores[i])) for i in order if np.isfinite(scores[i])][:k]


def _nothing(query: np.ndarray) -> list[tuple[int, float]]:
    return []


def _empty(dims: int) -> np.ndarray:
    return np.zeros((0, dims), dtype=np.float32)


class VectorIndex:
    """Per-collection snapshots of vectors (bounded by what the collections hold)."""

    #: Snapshots kept per collection: readers at slightly different commits share them.
    KEEP = 3

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._snaps: dict[str, list[_Snapshot]] = {}

    def forget(self, collection_id: str) -> None:
        """Drop a collection's snapshot (it was deleted)."""
        with self._lock:
            self._snaps.pop(collection_id, None)

    def search(self, tx: Tx, backend: Backend, scope: Scope, query: np.ndarray, identity: str, n: int) -> list[tuple[int, float]]:
        """Best ``n`` ``(pk, cosine)`` of the scope, ties broken by passage key."""
        return self.prepare(tx, backend, scope, identity, query.shape[0], n)(query)

    def prepare(
        self, tx: Tx, backend: Backend, scope: Scope, identity: str, dims: int, n: int
    ) -> Callable[[np.ndarray], list[tuple[int, float]]]:
        """Do the database part of a search now; the scoring of a query vector (NumPy only,
        no database, the GIL released) is the returned call, which another thread may run."""
        snap = self._snapshot(tx, backend, scope.collection_id, identity, dims)
        if snap.matrix.shape[0] == 0 or n <= 0:
            return _nothing
        ok = self._mask(tx, backend, scope, snap) if scope.narrowed else None
        if ok is not None and not ok.any():
            return _nothing
        return partial(_top, snap, ok, n=n)

    def _mask(self, tx: Tx, backend: Backend, scope: Scope, snap: _Snapshot) -> np.ndarray:
        ok = np.zeros(snap.matrix.shape[0], dtype=bool)
        include = None if scope.include is None else set(scope.include)
        exclude = set(scope.exclude)
        for version_id, (document_id, start, end) in snap.ranges.items():
            if scope.version_id is not None and version_id != scope.version_id:
                continue
            if include is not None and document_id not in include:
                continue
            if document_id in exclude:
                continue
            ok[start:end] = True
        if scope.filters and ok.any():
            where, params = backend.scope_sql(scope)
            allowed = np.fromiter((r[0] for r in tx.rows(f"SELECT p.pk FROM passages p WHERE {where}", params)), dtype=np.int64)
            ok &= np.isin(snap.pks, allowed)
        return ok

    def _snapshot(self, tx: Tx, backend: Backend, collection_id: str, identity: str, dims: int) -> _Snapshot:
        active = backend.active_set(tx, collection_id)
        with self._lock:
            kept = [s for s in self._snaps.get(collection_id, []) if s.identity == identity]
            for snap in kept:
                if snap.generation == active.generation:
                    return snap
            versions = sorted((v.id, v.document_id) for v in active.versions if v.embedding == identity)
            key = tuple(v for v, _ in versions)
            for snap in kept:
                if snap.key == key:
                    return snap
            snap = self._build(tx, identity, dims, versions, kept[0] if kept else None, active.generation)
            self._snaps[collection_id] = [snap, *kept][: self.KEEP]
            return snap

    @staticmethod
    def _build(
        tx: Tx, identity: str, dims: int, versions: Sequence[tuple[str, str]], old: _Snapshot | None, generation: int
    ) -> _Snapshot:
        parts: list[np.ndarray] = []
        pk_parts: list[np.ndarray] = []
        ranges: dict[str, tuple[str, int, int]] = {}
        row = 0
        missing = [v for v, _ in versions if old is None or v not in old.ranges]
        loaded: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        for start in range(0, len(missing), 500):
            batch = missing[start : start + 500]
            found: dict[str, list[tuple[int, bytes]]] = {v: [] for v in batch}
            for version_id, pk, blob in tx.rows(
                f"SELECT version_id, pk, embedding FROM passages WHERE version_id IN ({placeholders(len(batch))}) ORDER BY version_id, seq",
                batch,
            ):
                found[version_id].append((pk, blob))
            for version_id, items in found.items():
                pks = np.fromiter((pk for pk, _ in items), dtype=np.int64, count=len(items))
                if items and all(b is not None for _, b in items):
                    mat = np.frombuffer(b"".join(b for _, b in items), dtype="<f4").reshape(len(items), dims)
                else:
                    mat, pks = _empty(dims), np.zeros(0, dtype=np.int64)
                loaded[version_id] = (mat, pks)
        for version_id, document_id in versions:
            if old is not None and version_id in old.ranges:
                _, a, b = old.ranges[version_id]
                mat, pks = old.matrix[a:b], old.pks[a:b]
            else:
                mat, pks = loaded[version_id]
            parts.append(mat)
            pk_parts.append(pks)
            ranges[version_id] = (document_id, row, row + mat.shape[0])
            row += mat.shape[0]
        matrix = np.ascontiguousarray(np.concatenate(parts)) if parts else _empty(dims)
        all_pks = np.concatenate(pk_parts) if pk_parts else np.zeros(0, dtype=np.int64)
        return _Snapshot(tuple(v for v, _ in versions), generation, identity, matrix, all_pks, ranges)
