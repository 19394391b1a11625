"""The last whole-repository scan without its facts: `<output>/cache/scan.json`.

A run where nothing changed needs of the scan only what the evidence cache's key and the review
cache's keys are computed from (each file's path and sha256, the skipped files, the frameworks, the
names read outside the code, the word index) and what the run reports per file (syntax errors, template tags,
suppressions): reading every file's facts back from the facts cache was most of such a run. The
snapshot keeps that part of the last scan, under a key of everything the scan is a function of:
the scanner's code, each discovered file's path, language and bytes (hashed), what discovery
listed, and the text of the configuration files. When the key holds, the scan's result is the
stored one (`light_scan`), its facts reduced to LIGHT_FIELDS; a caller that needs the analysis
scans again with the facts cache.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from pydantic import ValidationError

from ..schema.facts import FileFacts, ScanResult, SkippedFile
from ..workspace import atomic_write_text, read_json
from .discovery import Discovery

VERSION = 2  # 2: the word index (mentions) kept, text files in the key
# What a light FileFacts holds: what a run reads of a file whose review it takes from the cache.
LIGHT_FIELDS = ("path", "language", "sha256", "lines", "size", "syntax_errors", "template_tags", "decode_errors",
                "suppressions")
_CODE_FOLDERS = ("scan", "frameworks", "schema")  # the code a scan's result comes from


def _code_digest() -> str:
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent.parent
    for folder in _CODE_FOLDERS:
        for path in sorted((package / folder).rglob("*.py")):
            digest.update(path.read_bytes())
    return digest.hexdigest()


def snapshot_key(found: Discovery, hashes: dict[str, str], config_files: dict[str, str],
                 text_hashes: dict[str, str]) -> str:
    """A digest of what a scan's result is computed from: the scanner's code, every discovered source
    file by path, language and sha256 of its bytes (`hashes`), what discovery listed besides, the text
    of the configuration files, and the sha256 of each text file the word index reads (`text_hashes`)."""
    digest = hashlib.sha256(f"{VERSION}\0{_code_digest()}\n".encode())
    for source in found.files:
        digest.update(f"{source.path}\0{source.language}\0{hashes[source.path]}\n".encode())
    digest.update(json.dumps([[(s.path, s.reason) for s in found.skipped], found.warnings, found.templates,
                              sorted(config_files.items()), sorted(text_hashes.items())]).encode())
    return digest.hexdigest()


def save_snapshot(path: Path, key: str, result: ScanResult) -> None:
    """Store `result` (a whole-repository scan) without its facts' analysis fields."""
    data = {
        "version": VERSION, "key": key,
        "symbols": sum(len(facts.symbols) for facts in result.files),
        "files": [facts.model_dump(mode="json", include=set(LIGHT_FIELDS)) for facts in result.files],
        "skipped": [skipped.model_dump(mode="json") for skipped in result.skipped],
        "warnings": result.warnings,
        "frameworks": result.frameworks,
        "mentions": result.mentions,
        "text_files_indexed": result.text_files_indexed,
    }
    try:
        atomic_write_text(path, json.dumps(data, separators=(",", ":")))
    except OSError:
        pass  # a cache that cannot be written costs speed, not the scan


def light_scan(path: Path, key: str, root: Path) -> tuple[ScanResult, int] | None:
    """The stored scan for `key` with light facts, and its number of symbols; None when absent,
    damaged or made from other inputs."""
    data = read_json(path, default=None)
    if not isinstance(data, dict) or data.get("version") != VERSION or data.get("key") != key:
        return None
    try:
        result = ScanResult(root=str(root.resolve()),
                            files=[FileFacts.model_validate(facts) for facts in data["files"]],
                            skipped=[SkippedFile.model_validate(skipped) for skipped in data["skipped"]],
                            warnings=data["warnings"], frameworks=data["frameworks"],
                            mentions={name: [tuple(place) for place in places] for name, places in data["mentions"].items()},
                            text_files_indexed=data["text_files_indexed"])
        symbols = data["symbols"]
    except (KeyError, TypeError, AttributeError, ValidationError):
        return None
    return (result, symbols) if type(symbols) is int else None
