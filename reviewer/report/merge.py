"""`reviewer merge`: the output folders of a CI matrix's shards (`reviewer run --shard I/N`), read
back as the one run they split.

Each folder holds `shard.json` (schema.shard.ShardManifest) and the `.rev.json` of its slice. The
folders must be the N shards of one matrix over one tree: the same N, each index once, the same
reviewer code, commit, scanned tree, configuration, baseline, reviewer and scope, slices that add up
to the scope with no file twice, and each listed review with the bytes the shard wrote. Anything
else is refused in one line naming the folder and the disagreement (exit 2): a merge that lost or
doubled a file would report a clean build it never saw.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from ..config import Config
from ..errors import UserError
from ..schema.fieldsets import share_fields_set
from ..schema.review import ReviewFile, RunRecord, StoredReview, TokenUsage
from ..schema.shard import SHARD_MANIFEST, SHARD_MANIFEST_VERSION, ShardManifest, paths_digest
from ..workspace import Workspace, read_json
from .baseline import Baseline
from .loading import safe_relative


@dataclass
class ShardOutput:
    """One shard's output folder and what its shard.json says."""

    folder: Path
    manifest: ShardManifest

    @property
    def workspace(self) -> Workspace:
        """The folder as an output folder: where its reviews are."""
        return Workspace(self.folder.parent, self.folder.name)

    @property
    def name(self) -> str:
        return f"{self.folder} (shard {self.manifest.shard})"


@dataclass
class MergedShards:
    """The shards of one matrix, checked, and their reviews."""

    shards: list[ShardOutput]  # by index
    config: Config  # the shards' configuration: the merged view is theirs
    reviews: dict[str, tuple[str, ReviewFile, Path]]  # file -> (sha256 of its .rev.json, review, that file)
    gated: set[str]  # the files the shards' gates judged: the merged gate judges them

    @property
    def first(self) -> ShardManifest:
        return self.shards[0].manifest


def read_shards(folders: list[Path]) -> MergedShards:
    """The shards in `folders`, checked to be one whole matrix; UserError naming the first problem."""
    shards = sorted((_read_manifest(folder) for folder in folders), key=lambda s: s.manifest.shard.index)
    _check_matrix(shards)
    first = shards[0].manifest
    try:
        config = Config.model_validate(first.config)
    except ValidationError as exc:
        raise UserError(f"{shards[0].folder / SHARD_MANIFEST}: its configuration does not load "
                        f"({exc.errors()[0]['msg']}); run the shards with this version of reviewer") from None
    # The baseline where the shard's runner found it, as a repository path (runners' checkouts may differ).
    found = Path(config.ci.baseline) if config.ci.baseline else None
    if found is not None and found.is_absolute() and first.run.root and found.is_relative_to(first.run.root):
        config.ci.baseline = found.relative_to(first.run.root).as_posix()
    reviews: dict[str, tuple[str, ReviewFile, Path]] = {}
    owner: dict[str, ShardOutput] = {}
    for shard in shards:
        for file, digest in sorted(shard.manifest.reviews.items()):
            if file in owner:
                raise UserError(f"{file} is reviewed by two shards, {owner[file].name} and {shard.name}: "
                                "merge the output of one matrix run")
            owner[file] = shard
            reviews[file] = _read_review(shard, file, digest)
    gated = {file for shard in shards for file in shard.manifest.gated}
    return MergedShards(shards, config, reviews, gated)


def _read_manifest(folder: Path) -> ShardOutput:
    path = folder / SHARD_MANIFEST
    if not folder.is_dir():
        raise UserError(f"not a directory: {folder}")
    if not path.is_file():
        raise UserError(f"{folder} holds no {SHARD_MANIFEST}: not the output folder of `reviewer run --shard I/N`")
    data = read_json(path)
    if not isinstance(data, dict):
        raise UserError(f"{path} is not valid JSON: download the shard's output again")
    if data.get("version") != SHARD_MANIFEST_VERSION:
        raise UserError(f"{path} has shard manifest version {data.get('version')!r}, this reviewer reads "
                        f"{SHARD_MANIFEST_VERSION}: run the shards and the merge with the same reviewer")
    try:
        manifest = ShardManifest.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "file"
        raise UserError(f"{path}: not a valid shard manifest ({where}: {first['msg']})") from None
    return ShardOutput(folder, manifest)


# What the shards of one matrix share, each with the words that name it in a refusal.
AGREED = (
    ("tool_version", "reviewer version"), ("code", "reviewer code"), ("commit", "commit"),
    ("tree", "scanned tree (files or their content differ)"), ("config_digest", "configuration"),
    ("baseline", "baseline"), ("reviewer", "reviewer"), ("model", "model"), ("changed_since", "--changed-since"),
    ("paths", "paths reviewed"), ("scope_digest", "files in scope"),
)


def _check_matrix(shards: list[ShardOutput]) -> None:
    first = shards[0]
    for shard in shards[1:]:
        if shard.manifest.shard.count != first.manifest.shard.count:
            raise UserError(f"the shards are of different matrices: {first.name} and {shard.name}")
    by_index: dict[int, ShardOutput] = {}
    for shard in shards:
        index = shard.manifest.shard.index
        if index in by_index:
            raise UserError(f"shard {shard.manifest.shard} is given twice: {by_index[index].folder} and {shard.folder}")
        by_index[index] = shard
    count = first.manifest.shard.count
    missing = [index for index in range(1, count + 1) if index not in by_index]
    if missing:
        raise UserError(f"shard{'s' if len(missing) > 1 else ''} {', '.join(f'{i}/{count}' for i in missing)} "
                        f"missing (given: {', '.join(str(s.manifest.shard) for s in shards)}): pass every shard's folder")
    for field, words in AGREED:
        for shard in shards[1:]:
            mine, theirs = getattr(first.manifest, field), getattr(shard.manifest, field)
            if mine != theirs:
                shown = f" ({_short(mine)} and {_short(theirs)})" if field in ("tool_version", "commit", "reviewer",
                                                                              "model", "changed_since", "paths") else ""
                raise UserError(f"the shards disagree on the {words}{shown}: {first.name} and {shard.name}")
    owner: dict[str, ShardOutput] = {}
    for shard in shards:
        for file in shard.manifest.files:
            if file in owner:
                raise UserError(f"{file} is in the slices of {owner[file].name} and {shard.name}")
            owner[file] = shard
    if len(owner) != first.manifest.scope_files or paths_digest(list(owner)) != first.manifest.scope_digest:
        raise UserError(f"the shards' slices hold {len(owner)} files, not the {first.manifest.scope_files} in scope: "
                        "a shard's shard.json was edited or comes from another run")


def _short(value) -> str:
    return "none" if value is None else str(value)[:12] if isinstance(value, str) and len(value) == 40 else repr(value)


def _read_review(shard: ShardOutput, file: str, digest: str) -> tuple[str, ReviewFile, Path]:
    if not safe_relative(file):
        raise UserError(f"{shard.folder / SHARD_MANIFEST} names a review outside its folder ({file!r})")
    path = shard.workspace.review_json(file)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UserError(f"{path}: cannot read the review of {file} ({exc.strerror or exc}): "
                        f"download {shard.folder} again, with its reviews/ folder") from None
    if hashlib.sha256(data).hexdigest() != digest:
        raise UserError(f"{path} is not the review {shard.name} wrote (its bytes changed since): "
                        "merge the folders as the shards left them")
    try:
        review = StoredReview.model_validate_json(data)
    except (ValidationError, ValueError, RecursionError):
        raise UserError(f"{path}: not a valid review") from None
    if review.file != file:
        raise UserError(f"{path} holds the review of another file ({review.file!r})")
    share_fields_set(review)
    return digest, review, path


def check_baseline(merged: MergedShards, baseline: Baseline | None) -> None:
    """The merge gates against the baseline the shards gated against, or it would not be their gate."""
    theirs = merged.first.baseline
    mine = baseline.digest() if baseline is not None else None
    if mine != theirs:
        if theirs is None:
            raise UserError("the shards ran without a baseline and this merge found one: pass --no-baseline")
        if mine is None:
            raise UserError("the shards gated against a baseline this merge did not find: pass it with --baseline FILE")
        raise UserError("the baseline given differs from the one the shards gated against: pass the same --baseline")


def merged_record(merged: MergedShards, run_id: str, root: Path) -> RunRecord:
    """The run record of the whole matrix, from its first start to its last finish: counts added up,
    every shard's errors and notes, complete only when every shard was."""
    records = [shard.manifest.run for shard in merged.shards]
    first = records[0]
    verdicts: Counter[str] = Counter()
    phases: dict[str, float] = {}
    for record in records:
        verdicts.update(record.verdicts)
        for phase, seconds in record.phase_seconds.items():  # the matrix waits for its slowest shard
            phases[phase] = max(phases.get(phase, 0.0), seconds)
    usage = TokenUsage(**{name: sum(getattr(record.usage, name) for record in records)
                          for name in TokenUsage.model_fields})
    stopped = [f"shard {record.shard}: {record.stopped}" for record in records if record.stopped]
    return RunRecord(
        run_id=run_id, started_at=min(record.started_at for record in records), finished_at=max(record.finished_at for record in records),
        duration_seconds=max(record.duration_seconds for record in records), root=str(root),
        reviewer=first.reviewer, model=first.model, rag_enabled=first.rag_enabled, changed_since=first.changed_since,
        files_total=first.files_total, files_skipped=first.files_skipped,
        files_in_scope=sum(record.files_in_scope for record in records),
        files_reviewed=sum(record.files_reviewed for record in records),
        files_cached=sum(record.files_cached for record in records),
        files_error=sum(record.files_error for record in records),
        files_not_reviewed=sorted(file for record in records for file in record.files_not_reviewed),
        errors=sorted((error for record in records for error in record.errors), key=lambda error: error.file),
        verdicts=dict(sorted(verdicts.items())), usage=usage, phase_seconds=phases,
        complete=all(record.complete for record in records), stopped="; ".join(stopped) or None,
        finding_floor=first.finding_floor, secrets_masked=sum(record.secrets_masked for record in records),
        notes=list(dict.fromkeys(note for record in records for note in record.notes)),
        merged_from=[record.run_id for record in records],
    )
