"""Coverage data the repository already holds: which lines ran under its tests.

Read from the repository root, the first readable one of: coverage.xml (Cobertura),
coverage.json (coverage.py JSON), .coverage (coverage.py SQLite), lcov.info or
coverage/lcov.info (lcov), coverage/coverage-final.json (istanbul). Only data files are
read, never source code. The paths they name (absolute, relative, or from another
machine) are mapped to the scanned files' repo-relative POSIX paths. A damaged file is
skipped with a warning, never a traceback.
"""

from __future__ import annotations

import json
import re
import sqlite3
import xml.etree.ElementTree as ElementTree
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Callable, Iterable

CANDIDATES = ("coverage.xml", "coverage.json", ".coverage", "lcov.info", "coverage/lcov.info",
              "coverage/coverage-final.json")
_MAX_BYTES = 200_000_000


@dataclass
class CoverageData:
    source: str | None = None  # the file read ("coverage.xml"), None when there is none
    executed: dict[str, set[int]] = field(default_factory=dict)  # repo path -> lines that ran
    measured: dict[str, set[int]] = field(default_factory=dict)  # repo path -> lines it could run, when known
    warnings: list[str] = field(default_factory=list)


# Raw readers: (data file, root) -> [(path as written, executed lines, measured lines or None)]
Raw = list[tuple[str, set[int], "set[int] | None"]]


def _cobertura(file: Path, root: Path) -> Raw:
    tree = ElementTree.parse(file)
    sources = [s.text.strip() for s in tree.iter("source") if s.text and s.text.strip()]
    found: Raw = []
    for cls in tree.iter("class"):
        name = cls.get("filename")
        if not name:
            continue
        executed, measured = set(), set()
        for line in cls.iter("line"):
            number = int(line.get("number", "0"))
            measured.add(number)
            if int(line.get("hits", "0")) > 0:
                executed.add(number)
        # the name as written first, then under each <source>: "\0" separates the alternatives
        found.append(("\0".join([name] + [f"{s.rstrip('/')}/{name}" for s in sources]), executed, measured))
    return found


def _coverage_json(file: Path, root: Path) -> Raw:
    data = json.loads(file.read_text(encoding="utf-8"))
    found: Raw = []
    for name, facts in data["files"].items():
        executed = {int(n) for n in facts.get("executed_lines", ())}
        found.append((name, executed, executed | {int(n) for n in facts.get("missing_lines", ())}))
    return found


def _numbits(blob: bytes) -> set[int]:
    return {j * 8 + i for j, byte in enumerate(blob) for i in range(8) if byte & (1 << i)}


def _coverage_sqlite(file: Path, root: Path) -> Raw:
    with open(file, "rb") as handle:
        if not handle.read(16).startswith(b"SQLite format 3"):
            raise ValueError("not an SQLite database")
    connection = sqlite3.connect(f"file:{file}?mode=ro", uri=True)
    try:
        tables = {row[0] for row in connection.execute("select name from sqlite_master where type='table'")}
        paths = dict(connection.execute("select id, path from file"))
        lines: dict[int, set[int]] = {i: set() for i in paths}
        if "line_bits" in tables:
            for file_id, blob in connection.execute("select file_id, numbits from line_bits"):
                lines.setdefault(file_id, set()).update(_numbits(bytes(blob)))
        if "arc" in tables:
            for file_id, start, end in connection.execute("select file_id, fromno, tono from arc"):
                lines.setdefault(file_id, set()).update(n for n in (start, end) if n > 0)
    finally:
        connection.close()
    return [(paths[i], executed, None) for i, executed in lines.items() if i in paths]


def _lcov(file: Path, root: Path) -> Raw:
    found: Raw = []
    name, executed, measured = None, set(), set()
    for raw in file.read_text(encoding="utf-8", errors="replace").splitlines():
        line = raw.strip()
        if line.startswith("SF:"):
            name, executed, measured = line[3:], set(), set()
        elif line.startswith("DA:") and name is not None:
            number, hits = line[3:].split(",")[:2]
            measured.add(int(number))
            if int(float(hits)) > 0:
                executed.add(int(number))
        elif line == "end_of_record" and name is not None:
            found.append((name, executed, measured))
            name = None
    if not found and not file.read_bytes().strip() == b"":
        raise ValueError("no SF:/end_of_record entry")
    return found


def _istanbul(file: Path, root: Path) -> Raw:
    data = json.loads(file.read_text(encoding="utf-8"))
    found: Raw = []
    for name, facts in data.items():
        statements = facts["statementMap"]
        hits = facts["s"]
        executed, measured = set(), set()
        for sid, where in statements.items():
            number = int(where["start"]["line"])
            measured.add(number)
            if int(hits.get(sid, 0)) > 0:
                executed.add(number)
        found.append((facts.get("path", name), executed, measured))
    return found


READERS: dict[str, Callable[[Path, Path], Raw]] = {
    "coverage.xml": _cobertura,
    "coverage.json": _coverage_json,
    ".coverage": _coverage_sqlite,
    "lcov.info": _lcov,
    "coverage/lcov.info": _lcov,
    "coverage/coverage-final.json": _istanbul,
}


class _PathMapper:
    """Coverage paths -> scanned repo-relative POSIX paths."""

    def __init__(self, root: Path, scanned: Iterable[str]) -> None:
        self.scanned = set(scanned)
        self.roots = {str(root).replace("\\", "/").rstrip("/")}
        try:
            self.roots.add(str(root.resolve()).replace("\\", "/").rstrip("/"))
        except OSError:
            pass
        self.basenames = Counter(PurePosixPath(p).name for p in self.scanned)

    def __call__(self, written: str) -> str | None:
        path = re.sub(r"^[A-Za-z]:", "", written.replace("\\", "/"))
        for root in self.roots:
            root = re.sub(r"^[A-Za-z]:", "", root)
            if path.startswith(root + "/"):
                path = path[len(root) + 1:]
                break
        path = path.removeprefix("./")
        if path in self.scanned:
            return path
        parts = [p for p in path.split("/") if p and p != "."]
        for start in range(len(parts)):  # the longest suffix that is a scanned file
            suffix = "/".join(parts[start:])
            if suffix in self.scanned:
                if start == len(parts) - 1 and self.basenames[suffix] > 1:
                    return None  # only a file name, and several files bear it
                return suffix
        return None


def load_coverage(root: Path | None, scanned: Iterable[str]) -> CoverageData:
    """The first readable coverage file under root, mapped onto the scanned paths."""
    data = CoverageData()
    if root is None:
        return data
    mapper = _PathMapper(root, scanned)
    for name in CANDIDATES:
        file = root / name
        try:
            if not file.is_file():
                continue
            if file.stat().st_size > _MAX_BYTES:
                data.warnings.append(f"warning: {name} ignored (larger than {_MAX_BYTES // 1_000_000} MB)")
                continue
            raw = READERS[name](file, root)
        except Exception as error:  # noqa: BLE001 - any damage means: no evidence from this file
            reason = str(error).splitlines()[0][:120] if str(error) else type(error).__name__
            data.warnings.append(f"warning: {name} ignored (unreadable: {reason})")
            continue
        for written, executed, measured in raw:
            path = next(filter(None, map(mapper, written.split("\0"))), None)
            if path is None:
                continue
            data.executed.setdefault(path, set()).update(executed)
            if measured is not None:
                data.measured.setdefault(path, set()).update(measured)
        data.source = name
        return data
    return data
