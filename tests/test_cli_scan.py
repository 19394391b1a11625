"""`reviewer scan` and the scan orchestration on small repositories built in tmp_path."""

from __future__ import annotations

import hashlib
import json
import sys
from array import array
from pathlib import Path

import pytest
from click.testing import CliRunner

import reviewer.scan as scan_module
from reviewer.cli import cli, main
from reviewer.config import Config
from reviewer.scan import scan_file, scan_paths, scan_repository
from reviewer.scan.discovery import SourceFile
from reviewer.schema.facts import FileFacts, ScanResult, SkippedFile
from reviewer.scan.summary import render_scan_summary

APP_PY = '''"""The app."""

LIMIT = 10


class Store:
    def get(self, key):
        if key in self.items:
            return self.items[key]
        return None


def main():
    return Store().get("x")
'''
UTIL_TS = '''export interface Point { x: number; y: number }

export function add(a: Point, b: Point): Point {
  return { x: a.x + b.x, y: a.y + b.y };
}
'''


def make(root: Path, files: dict[str, str | bytes]) -> Path:
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
    return root


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make(tmp_path, {
        "src/app.py": APP_PY,
        "src/util.ts": UTIL_TS,
        "web/index.js": "export const go = () => 1;\n",
        "cmd/main.go": "package main\n",
        "vendor.min.js": "var a=1;\n",
        "node_modules/dep/index.js": "module.exports = 1;\n",
        "README.md": "# demo\n",
        ".gitignore": "build_out/\n",
        "build_out/x.py": "x = 1\n",
    })


def test_scan_collects_facts_in_path_order(repo):
    result = scan_repository(repo, Config())
    assert [f.path for f in result.files] == ["src/app.py", "src/util.ts", "web/index.js"]
    assert [f.language for f in result.files] == ["python", "typescript", "javascript"]
    app = result.by_path()["src/app.py"]
    assert app.sha256 == hashlib.sha256(APP_PY.encode()).hexdigest()
    assert app.size == len(APP_PY.encode()) and app.lines == APP_PY.count("\n")
    assert {s.qualified_name for s in app.symbols} >= {"LIMIT", "Store", "Store.get", "main"}
    assert {(s.path, s.reason) for s in result.skipped} == {
        ("cmd/main.go", "no grammar for .go"), ("vendor.min.js", "minified or bundled (file name)"),
    }
    assert result.root == str(repo.resolve()) and result.seconds > 0 and result.warnings == []


def test_non_utf8_bytes_are_replaced_and_reported(tmp_path):
    make(tmp_path, {
        "latin.py": b"# caf\xe9\ndef f():\n    return '\xe9'\n",
        "declared.py": b"# -*- coding: latin-1 -*-\ndef g():\n    return '\xe9'\n",
    })
    result = scan_repository(tmp_path, Config())
    facts = result.by_path()
    assert facts["latin.py"].decode_errors and [s.name for s in facts["latin.py"].symbols] == ["f"]
    assert not facts["declared.py"].decode_errors  # its coding cookie says how to read it
    assert result.warnings == ["latin.py: non-UTF-8 bytes replaced"]
    assert facts["latin.py"].sha256 == hashlib.sha256((tmp_path / "latin.py").read_bytes()).hexdigest()


def test_a_file_that_vanished_or_fails_to_parse_is_skipped_not_fatal(tmp_path, monkeypatch):
    make(tmp_path, {"ok.py": "def ok():\n    pass\n", "boom.py": "def boom():\n    pass\n"})
    vanished = SourceFile(path="gone.py", abs_path=tmp_path / "gone.py", language="python", size=10)
    outcome, warning = scan_file(vanished)
    assert outcome == SkippedFile(path="gone.py", reason="unreadable: No such file or directory")

    real_extract = scan_module.extract_file

    def extract_that_fails_on_boom(path: str, data: bytes, language: str) -> FileFacts:
        if path == "boom.py":
            raise RecursionError("maximum recursion depth exceeded\nmore detail")
        return real_extract(path, data, language)

    monkeypatch.setattr(scan_module, "extract_file", extract_that_fails_on_boom)
    result = scan_repository(tmp_path, Config(), workers=1)
    assert [f.path for f in result.files] == ["ok.py"]
    assert result.skipped == [
        SkippedFile(path="boom.py", reason="parse failed: RecursionError: maximum recursion depth exceeded")
    ]


def test_parallel_scan_gives_the_same_result_as_serial(tmp_path):
    files = {f"pkg{i % 7}/mod{i}.py": f"def f{i}(x):\n    return x + {i}\n" for i in range(230)}
    files["pkg0/blob.py"] = b"\0binary"
    files["pkg1/latin.py"] = b"s = '\xe9'\n"
    make(tmp_path, files)
    finished: list[int] = []
    parallel = scan_repository(tmp_path, Config(), workers=2, progress=finished.append)
    serial = scan_repository(tmp_path, Config(), workers=1)
    assert len(parallel.files) == 231 and sum(finished) == 232
    assert parallel.model_dump(exclude={"seconds"}) == serial.model_dump(exclude={"seconds"})
    # The workers' facts are rebuilt from their JSON: the packed hashes are arrays again, as parsed here.
    sent = next(f for f in parallel.files if f.path == "pkg0/mod0.py")
    assert type(sent.module_line_hashes) is array and type(sent.symbols[0].shingles) is array
    assert sent.symbols[0].structure.alpha_grams.typecode == "Q"


def test_scan_paths_scans_only_the_given_files(repo):
    result = scan_paths(repo, Config(), ["src/util.ts", "node_modules/dep/index.js", "deleted.py", "cmd/main.go"])
    assert [f.path for f in result.files] == ["src/util.ts"]
    assert [s.path for s in result.skipped] == ["cmd/main.go"]


def test_summary_counts_languages_kinds_and_groups_skips():
    facts = [
        FileFacts(path="a.py", language="python", sha256="", lines=10, size=1, symbols=[
            {"name": "f", "qualified_name": "f", "kind": "function", "line_start": 1, "line_end": 2},
            {"name": "C", "qualified_name": "C", "kind": "class", "line_start": 3, "line_end": 9},
        ]),
        FileFacts(path="b.ts", language="typescript", sha256="", lines=2_000, size=1, symbols=[
            {"name": "T", "qualified_name": "T", "kind": "type", "line_start": 1, "line_end": 1},
        ], syntax_errors=1),
    ]
    skipped = [SkippedFile(path=f"gen/{i:02}.go", reason="no grammar for .go") for i in range(25)]
    skipped.append(SkippedFile(path="big.py", reason="over size limit (2.0 MB > 1.0 MB)"))
    result = ScanResult(root="/r", files=facts, skipped=skipped, warnings=["a.py: non-UTF-8 bytes replaced"], seconds=0.5)
    text = render_scan_summary(result)
    lines = text.splitlines()
    assert lines[0].split() == ["language", "files", "lines", "symbols", "function", "class", "type"]
    assert lines[1].split() == ["python", "1", "10", "2", "1", "1", "0"]
    assert lines[2].split() == ["typescript", "1", "2,000", "1", "0", "0", "1"]
    assert lines[3].split() == ["total", "2", "2,010", "3", "1", "1", "1"]
    assert "scanned 2 files, 2,010 lines in 0.50 s (4,020 lines/s)" in text
    assert "1 files have syntax errors" in text
    assert "skipped 26 files:" in text
    assert "  no grammar for .go (25)" in text
    assert "    gen/19.go" in text and "gen/20.go" not in text  # capped at 20 listed
    assert "    ... and 5 more" in text
    assert "  over size limit (1)" in text and "    ... and 1 more" in text  # the budget is spent
    assert "warnings (1):\n  a.py: non-UTF-8 bytes replaced" in text


def test_cli_scan_prints_the_summary(repo):
    outcome = CliRunner().invoke(cli, ["scan", str(repo)])
    assert outcome.exit_code == 0, outcome.output
    rows = {line.split()[0]: line.split() for line in outcome.output.splitlines() if line.strip()}
    assert rows["python"][1:3] == ["1", str(APP_PY.count("\n"))]
    assert rows["typescript"][1] == "1" and rows["javascript"][1] == "1"
    assert "scanned 3 files" in outcome.output
    assert "no grammar for .go (1)" in outcome.output and "cmd/main.go" in outcome.output


def test_cli_scan_json_has_the_full_facts(repo):
    outcome = CliRunner().invoke(cli, ["scan", str(repo), "--json"])
    assert outcome.exit_code == 0, outcome.output
    data = json.loads(outcome.output)
    result = ScanResult.model_validate(data)
    assert [f.path for f in result.files] == ["src/app.py", "src/util.ts", "web/index.js"]
    util = result.by_path()["src/util.ts"]
    assert {(s.name, s.kind, s.exported) for s in util.symbols} >= {("Point", "interface", True), ("add", "function", True)}
    assert all("shingles" not in s for f in data["files"] for s in f["symbols"])


def test_cli_scan_of_a_missing_folder_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["reviewer", "scan", str(tmp_path / "nope")])
    with pytest.raises(SystemExit) as exited:
        main()
    assert exited.value.code == 2
    assert capsys.readouterr().err == f"reviewer: error: not a directory: {tmp_path / 'nope'}\n"
