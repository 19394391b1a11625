"""The LanceDB table `function_cards` under `.reviewer/rag/lancedb/`.

One row per FunctionCard, plus what search needs without re-parsing: the vector, the
hash of the embedded text, and the structural views (shingles, token_count, literals, alpha grams, calls,
vocabulary, behaviour jobs: see CardStructure).
The model name and dimension live in the table's schema metadata; a table built by
another model is refused. Writers of the local table must hold `.reviewer/rag/lock` (see
indexer.py): LanceDB lets two concurrent merge_inserts of the same ids produce duplicate rows.

With `rag.index_uri` (s3://bucket/prefix) the table lives on object storage, shared by every
job of a CI matrix, and no local lock can guard it. Its `id` column is then declared Lance's
unenforced primary key: a merge_insert records the ids it inserts in its transaction, and a
concurrent commit that inserted the same ids is a conflict Lance retries (the retry finds
them and updates instead), so concurrent writers leave no duplicate id. Commits on S3 are
conditional writes of the next manifest (If-None-Match), so none overwrites another.
Credentials and endpoint come from the standard AWS variables (remote_storage_options).
"""

from __future__ import annotations

import os
from array import array
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np
from pydantic import BaseModel

from ..errors import ModelMismatchError, UserError
from .extra import require_rag
from ..workspace import Workspace
from ..schema.cards import FunctionCard
from ..schema.facts import Behaviour, Structure

TABLE = "function_cards"
CARD_FIELDS = list(FunctionCard.model_fields)
OPTIMIZE_EVERY = 20  # table versions between optimize() calls


class IndexDamaged(UserError):
    """The LanceDB files are damaged (a deleted data file, a garbled manifest...)."""


class IndexUnreachable(UserError):
    """The shared index (rag.index_uri) cannot be read or written: bucket, credentials, endpoint."""


REMOTE_SCHEMES = ("s3://", "s3+ddb://")  # Lance's S3, and S3 with a DynamoDB commit store
# The standard AWS variables (boto3's names) -> LanceDB's S3 storage options (the Lance docs,
# "Object Store Configuration"). The first variable set wins.
AWS_OPTIONS = {
    "aws_access_key_id": ("AWS_ACCESS_KEY_ID",),
    "aws_secret_access_key": ("AWS_SECRET_ACCESS_KEY",),
    "aws_session_token": ("AWS_SESSION_TOKEN",),
    "aws_region": ("AWS_REGION", "AWS_DEFAULT_REGION"),
    "aws_endpoint": ("AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL"),
}
# Credentials the AWS chain finds without a key pair in the environment.
OTHER_CREDENTIALS = ("AWS_PROFILE", "AWS_WEB_IDENTITY_TOKEN_FILE", "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI",
                     "AWS_CONTAINER_CREDENTIALS_FULL_URI")


def is_remote(uri: str | None) -> bool:
    return bool(uri) and uri.startswith(REMOTE_SCHEMES)


def remote_storage_options(uri: str, environ=None) -> dict[str, str]:
    """LanceDB storage options for the shared index, from the environment only (never the config).
    No key pair and no other credential source is refused here, before any request: the chain's
    last resort is the EC2 metadata service, which a CI job off AWS would wait on."""
    environ = os.environ if environ is None else environ
    options = {}
    for option, names in AWS_OPTIONS.items():
        value = next((environ[n] for n in names if environ.get(n)), None)
        if value:
            options[option] = value
    if not ({"aws_access_key_id", "aws_secret_access_key"} <= options.keys()
            or any(environ.get(name) for name in OTHER_CREDENTIALS)):
        raise IndexUnreachable(f"rag.index_uri {uri}: no AWS credentials: set AWS_ACCESS_KEY_ID and "
                               "AWS_SECRET_ACCESS_KEY (or AWS_PROFILE) in the environment")
    if options.get("aws_endpoint", "").startswith("http://"):
        options["allow_http"] = "true"  # a local S3-compatible server (MinIO, moto) without TLS
    return options


def unreachable(uri: str, exc: BaseException, secrets: Iterable[str] = ()) -> IndexUnreachable:
    """One line naming the setting and what went wrong, from LanceDB's (long, nested) error."""
    import re

    text = str(exc)
    code = re.search(r"<Code>([A-Za-z]+)</Code>", text)
    status = re.search(r"status: (\d{3})", text)
    if code:
        reason = {"NoSuchBucket": "the bucket does not exist"}.get(code.group(1), code.group(1))
    elif "credentials" in text.lower():
        reason = "no usable AWS credentials"
    elif re.search(r"kind: Connect|Connection refused|dns error|timed out|Timeout", text):
        reason = "the endpoint does not answer"
    elif status:
        reason = f"HTTP {status.group(1)}"
    else:
        reason = (text.splitlines() or [type(exc).__name__])[0][:160]
    for secret in secrets:  # never print a key, whatever the store's message held
        if secret:
            reason = reason.replace(secret, "***")
    return IndexUnreachable(f"rag.index_uri {uri}: cannot use the shared RAG index ({reason}): check the bucket "
                            "and prefix, AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_REGION and AWS_ENDPOINT_URL")


def damaged(path: Path, exc: BaseException) -> IndexDamaged:
    detail = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    detail = detail.split(", /root/")[0].split(", /home/")[0][:200]
    return IndexDamaged(f"the RAG index in {path} is damaged ({detail}): the next `reviewer run --enable-rag` or "
                        "`reviewer index` rebuilds it (or `reviewer index --rebuild-rag` now)")


@dataclass
class CardStructure:
    """The structural views of one card's code, as the scan read them (schema.facts.Symbol)."""

    shingles: Sequence[int] = field(default_factory=list)  # the scan's (an unsigned 32-bit array), or a row's
    token_count: int = 0
    structure: Structure = field(default_factory=Structure)
    behaviour: Behaviour = field(default_factory=Behaviour)

    def columns(self) -> dict:
        """The table columns of these views (see _schema and structure_of_row); the line hashes
        are not stored: blocks are matched by analysis.duplicates from the scan."""
        shingles = self.shingles if isinstance(self.shingles, array) else [int(s) & 0xFFFFFFFF for s in self.shingles]
        return {"shingles": shingles, "token_count": self.token_count,
                # the line hashes serve duplicate blocks in the analysis, not the index; model_dump is 10x slower
                **{name: getattr(self.structure, name) for name in Structure.model_fields if name not in ANALYSIS_ONLY},
                "jobs": list(self.behaviour.jobs),
                "job_coverage": self.behaviour.coverage, "family": self.behaviour.family}


# Structure views that serve analysis.duplicates from the scan, not the index.
ANALYSIS_ONLY = ("line_hashes", "type_words")
STRUCTURE_COLUMNS = ["shingles", "token_count", "literals", "alpha_grams", "calls", "vocabulary", "jobs",
                     "job_coverage", "family"]
# 2: typed structural columns (literals, alpha_grams, calls, vocabulary, jobs) replace the prefixed `detail`.
LAYOUT = "2"


def structure_of_row(row: dict) -> CardStructure:
    """The views of one stored row (the inverse of CardStructure.columns)."""
    return CardStructure(
        list(row.get("shingles") or []), row.get("token_count") or 0,
        Structure(literals=row.get("literals") or [], alpha_grams=row.get("alpha_grams") or [],
                  calls=row.get("calls") or [], vocabulary=row.get("vocabulary") or []),
        Behaviour(jobs=row.get("jobs") or [], coverage=row.get("job_coverage") or 0.0, family=row.get("family") or ""),
    )


class IndexStats(BaseModel):
    cards: int = 0
    files: int = 0
    model: str | None = None
    dimension: int | None = None
    last_update: str | None = None  # ISO-8601, time of the latest table version
    size_bytes: int = 0
    version: int = 0
    not_embedded: int = 0  # cards stored with no vector (trivial bodies, test cases: rag/indexer.py)


NOT_EMBEDDED = ""  # the text_hash of a row whose text was not embedded (its vector is zero)


def sql_string(value: str) -> str:
    """A SQL string literal: quotes doubled, so a path with `'` is safe in a filter."""
    return "'" + value.replace("'", "''") + "'"


def in_filter(column: str, values: Iterable[str]) -> str:
    """`column IN ('a', 'b')`, each value a safe SQL string."""
    return f"{column} IN ({', '.join(sql_string(v) for v in values)})"


def _schema(model: str, dimension: int, shared: bool = False):
    import pyarrow as pa

    text, int32 = pa.string(), pa.int32()
    # The shared table declares `id` its primary key: concurrent merge_inserts of one id conflict.
    key = {b"lance-schema:unenforced-primary-key": b"true"} if shared else None
    fields = [
        pa.field("id", text, nullable=False, metadata=key),
        pa.field("file_path", text),
        pa.field("name", text),
        pa.field("qualified_name", text),
        pa.field("kind", text),
        pa.field("language", text),
        pa.field("line_start", int32),
        pa.field("line_end", int32),
        pa.field("signature", text),
        pa.field("summary", text),
        pa.field("key_concepts", pa.list_(text)),
        pa.field("behavioral_profile", text),
        pa.field("complexity_score", int32),
        pa.field("called_internals", pa.list_(text)),
        pa.field("body_hash", text),
        pa.field("source", text),
        pa.field("last_indexed", text),
        pa.field("text_hash", text),
        pa.field("shingles", pa.list_(pa.uint32())),
        pa.field("token_count", int32),
        pa.field("literals", pa.list_(text)),
        pa.field("alpha_grams", pa.list_(pa.uint64())),
        pa.field("calls", pa.list_(text)),
        pa.field("vocabulary", pa.list_(text)),
        pa.field("jobs", pa.list_(text)),
        pa.field("job_coverage", pa.float64()),
        pa.field("family", text),
        pa.field("vector", pa.list_(pa.float32(), dimension)),
    ]
    return pa.schema(fields, metadata={b"model": model.encode(), b"dimension": str(dimension).encode(),
                                       b"layout": LAYOUT.encode()})


def _dir_size(path: Path) -> int:
    total = 0
    for base, _, files in os.walk(path):
        for name in files:
            try:
                total += os.path.getsize(os.path.join(base, name))
            except OSError:
                pass
    return total


class CardStore:
    """Open (or create) the card table of one workspace for one embedding model."""

    def __init__(self, workspace: Workspace, model: str, dimension: int, uri: str | None = None) -> None:
        """`uri`: rag.index_uri, the shared table on object storage; None: the workspace's own."""
        require_rag("the RAG index")
        import lancedb

        self.workspace = workspace
        self.model = model
        self.dimension = dimension
        self.uri = uri if is_remote(uri) else None
        self.path = workspace.lancedb
        self._table = None
        if self.uri is not None:
            options = remote_storage_options(self.uri)
            self._secrets = [options.get("aws_secret_access_key", ""), options.get("aws_session_token", "")]
            try:
                self._db = lancedb.connect(self.uri, read_consistency_interval=timedelta(0), storage_options=options)
            except Exception as exc:  # lance: ValueError/OSError/RuntimeError from the object store
                raise unreachable(self.uri, exc, self._secrets) from None
            return
        if not workspace.inside(self.path):
            workspace.confine("rag")  # a link on the way: refused in one line naming it
        self.path.mkdir(parents=True, exist_ok=True)
        # interval 0: every read checks for newer versions written by other processes.
        self._db = lancedb.connect(str(self.path), read_consistency_interval=timedelta(0))

    @property
    def shared(self) -> bool:
        return self.uri is not None

    @property
    def location(self) -> str:
        """Where the table lives, as said to the user."""
        return self.uri or str(self.path)

    def fail(self, exc: BaseException) -> UserError:
        """The one-line error of a failed read or write: unreachable (shared) or damaged (local)."""
        if isinstance(exc, UserError):
            return exc
        return unreachable(self.uri, exc, self._secrets) if self.shared else damaged(self.path, exc)

    # -- table lifecycle -------------------------------------------------------------

    def exists(self) -> bool:
        try:
            return TABLE in self._db.list_tables().tables
        except Exception as exc:
            if self.shared:
                raise self.fail(exc) from None
            raise

    def table(self, create: bool = True):
        """The table, checked against the configured model; created when missing."""
        if self._table is None:
            if self.exists():
                table = self._db.open_table(TABLE)
                self._check_model(table)
                self._table = table
            elif create:
                self._table = self._create()
            else:
                return None
        return self._table

    def _create(self):
        schema = _schema(self.model, self.dimension, shared=self.shared)
        if not self.shared:
            return self._db.create_table(TABLE, schema=schema)
        try:
            return self._db.create_table(TABLE, schema=schema)
        except Exception:
            if not self.exists():  # not another job creating it at the same moment
                raise
            table = self._db.open_table(TABLE)
            self._check_model(table)
            return table

    def _check_model(self, table) -> None:
        meta = table.schema.metadata or {}
        built_model = meta.get(b"model", b"?").decode()
        built_dim = int(meta.get(b"dimension", b"0") or 0)
        if built_model != self.model or built_dim != self.dimension:
            raise ModelMismatchError(
                f"the RAG index in {self.location} was built with model '{built_model}' ({built_dim}-d) but rag.model is "
                f"'{self.model}' ({self.dimension}-d): rebuild it with `reviewer index --rebuild-rag`"
            )

    def outdated(self) -> bool:
        """A table written with another column layout (an older version): to be rebuilt."""
        if not self.exists():
            return False
        meta = self._db.open_table(TABLE).schema.metadata or {}
        return meta.get(b"layout", b"1").decode() != LAYOUT

    def drop(self) -> None:
        if self.exists():
            self._db.drop_table(TABLE)
        self._table = None

    def optimize(self, force: bool = False) -> None:
        """Compact files and prune old versions; every write makes a new version."""
        table = self.table(create=False)
        if table is not None and (force or table.version % OPTIMIZE_EVERY == 0):
            # Versions younger than this stay readable for a concurrent reader (a review in progress).
            table.optimize(cleanup_older_than=timedelta(minutes=10))

    # -- writes (callers hold the rag lock) -------------------------------------------

    def _rows(self, cards: Sequence[FunctionCard], vectors: np.ndarray, structures: Sequence[CardStructure], text_hashes: Sequence[str]):
        import pyarrow as pa

        schema = _schema(self.model, self.dimension, shared=self.shared)
        columns: dict[str, list] = {name: [] for name in schema.names if name != "vector"}
        for card, struct, th in zip(cards, structures, text_hashes):
            data = card.model_dump()
            for name in CARD_FIELDS:
                columns[name].append(data[name])
            columns["text_hash"].append(th)
            for name, value in struct.columns().items():
                columns[name].append(value)
        arrays = [pa.array(columns[name], type=schema.field(name).type) for name in schema.names if name != "vector"]
        flat = pa.array(np.ascontiguousarray(vectors, dtype=np.float32).reshape(-1), type=pa.float32())
        arrays.append(pa.FixedSizeListArray.from_arrays(flat, self.dimension))
        return pa.Table.from_arrays(arrays, schema=schema)

    def add(self, cards, vectors, structures, text_hashes) -> None:
        """Append rows (ids must not be present: the indexer deletes a file's rows first)."""
        if cards:
            self.table().add(self._rows(cards, vectors, structures, text_hashes))

    def upsert(self, cards, vectors, structures, text_hashes) -> None:
        """Insert or replace rows by id."""
        if cards:
            rows = self._rows(cards, vectors, structures, text_hashes)
            self.table().merge_insert("id").when_matched_update_all().when_not_matched_insert_all().execute(rows)

    def delete_stale(self, file_path: str, keep: Iterable[str]) -> None:
        """Delete the rows of `file_path` whose id is not in `keep` (its functions of today)."""
        table = self.table(create=False)
        if table is not None:
            ids = list(keep)
            where = f"file_path = {sql_string(file_path)}"
            table.delete(f"{where} AND NOT ({in_filter('id', ids)})" if ids else where)

    def delete_by_files(self, file_paths: Iterable[str]) -> None:
        paths = list(dict.fromkeys(file_paths))
        table = self.table(create=False)
        for start in range(0, len(paths), 500):  # keep filter strings bounded
            if table is not None:
                table.delete(in_filter("file_path", paths[start : start + 500]))

    # -- reads -----------------------------------------------------------------------

    def count(self) -> int:
        table = self.table(create=False)
        return table.count_rows() if table is not None else 0

    def read(self, columns: list[str] | None = None, where: str | None = None):
        """The rows (all, or those matching `where`) as a pyarrow Table with `columns`."""
        import pyarrow as pa

        table = self.table(create=False)
        if table is None:
            schema = _schema(self.model, self.dimension)
            return schema.empty_table() if columns is None else pa.schema([schema.field(c) for c in columns]).empty_table()
        query = table.search().limit(None)
        if where:
            query = query.where(where)
        if columns is not None:
            query = query.select(columns)
        return query.to_arrow()

    def ids_by_file(self) -> dict[str, list[str]]:
        rows = self.read(["id", "file_path"]).to_pydict()
        out: dict[str, list[str]] = {}
        for card_id, path in zip(rows["id"], rows["file_path"]):
            out.setdefault(path, []).append(card_id)
        return out

    def get(self, card_id: str) -> FunctionCard | None:
        rows = self.read(CARD_FIELDS, where=f"id = {sql_string(card_id)}").to_pylist()
        return FunctionCard.model_validate(rows[0]) if rows else None

    def cards(self, where: str | None = None) -> list[FunctionCard]:
        return [FunctionCard.model_validate(r) for r in self.read(CARD_FIELDS, where=where).to_pylist()]

    def search(self, vector: np.ndarray, limit: int = 10, min_score: float = 0.0) -> list[tuple[FunctionCard, float]]:
        """Nearest cards by cosine similarity (score = 1 - cosine distance), best first."""
        table = self.table(create=False)
        if table is None:
            return []
        rows = (
            table.search(np.asarray(vector, dtype=np.float32), vector_column_name="vector")
            .distance_type("cosine")
            .limit(limit)
            .select(CARD_FIELDS + ["_distance"])
            .to_arrow()
            .to_pylist()
        )
        hits = []
        for row in rows:
            score = 1.0 - float(row.pop("_distance"))
            if score >= min_score:
                hits.append((FunctionCard.model_validate(row), score))
        return hits

    def stats(self) -> IndexStats:
        try:
            return self._stats()
        except (ModelMismatchError, IndexDamaged):
            raise
        except Exception as exc:  # lance raises RuntimeError/OSError/ValueError on damaged files
            raise self.fail(exc) from None

    def _stats(self) -> IndexStats:
        table = self.table(create=False)
        if table is None:
            return IndexStats(model=self.model, dimension=self.dimension)
        read = self.read(["file_path", "text_hash"])
        paths = read.column("file_path").to_pylist()
        versions = table.list_versions()
        last = versions[-1]["timestamp"].isoformat(timespec="seconds") if versions else None
        return IndexStats(
            cards=len(paths),
            files=len(set(paths)),
            model=self.model,
            dimension=self.dimension,
            last_update=last,
            size_bytes=0 if self.shared else _dir_size(self.path),  # object storage: not listed
            version=table.version,
            not_embedded=read.column("text_hash").to_pylist().count(NOT_EMBEDDED),
        )


def stored_model(workspace: Workspace, uri: str | None = None) -> tuple[str, int] | None:
    """(model, dimension) recorded with an existing table, or None when there is none."""
    if is_remote(uri):
        store = CardStore(workspace, "", 0, uri)
        try:
            if not store.exists():
                return None
            meta = store._db.open_table(TABLE).schema.metadata or {}
        except Exception as exc:
            raise store.fail(exc) from None
        return meta.get(b"model", b"?").decode(), int(meta.get(b"dimension", b"0") or 0)
    if not (workspace.lancedb / f"{TABLE}.lance").exists():
        return None
    import lancedb

    try:
        db = lancedb.connect(str(workspace.lancedb))
        meta = db.open_table(TABLE).schema.metadata or {}
    except FileNotFoundError:
        return None
    except Exception as exc:  # a garbled manifest
        raise damaged(workspace.lancedb, exc) from None
    return meta.get(b"model", b"?").decode(), int(meta.get(b"dimension", b"0") or 0)


def table_state(workspace: Workspace, uri: str | None = None) -> str:
    """A token that changes on every write to the table, and on damage to its files, read
    without opening it (no lancedb import): the listing of its version manifests and data
    files. "none" when there is no table. The shared table (rag.index_uri) is asked for its
    latest version instead (one listing of its manifests)."""
    if is_remote(uri):
        store = CardStore(workspace, "", 0, uri)
        try:
            return f"{uri}@{store._db.open_table(TABLE).version}" if store.exists() else "none"
        except Exception as exc:
            raise store.fail(exc) from None
    table = workspace.lancedb / f"{TABLE}.lance"
    entries = []
    for folder in ("_versions", "data"):
        try:
            entries += sorted((folder, e.name, e.stat().st_size, e.stat().st_mtime_ns) for e in os.scandir(table / folder))
        except OSError:
            if folder == "_versions":
                return "none"
    return repr(entries)
