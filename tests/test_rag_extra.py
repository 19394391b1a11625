"""Without the optional `rag` extra: a RAG-off run works and imports none of it; every
command that needs RAG ends in one line naming `pip install 'reviewer[rag]'`, exit 2;
`status --show-rag` says it is not installed.

The extra's packages are made missing the way Python sees a missing package: a None
entry in sys.modules makes `import lancedb` raise ImportError and find_spec say None."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from reviewer.cli import cli
from reviewer.rag.extra import RAG_INSTALL_HINT, RAG_MODULES


@pytest.fixture()
def without_rag(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in RAG_MODULES:
        monkeypatch.setitem(sys.modules, name, None)


@pytest.fixture()
def repo(tmp_path: Path) -> Path:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "mod.py").write_text("def add(a, b):\n    return a + b\n\n\ndef twice(x):\n    return add(x, x)\n")
    return tmp_path


def test_a_rag_off_run_needs_none_of_the_extra(without_rag, repo: Path) -> None:
    result = CliRunner().invoke(cli, ["run", str(repo), "-q", "--exit-zero"])
    assert result.exit_code == 0, result.output
    assert (repo / ".reviewer" / "report.json").is_file()


@pytest.mark.parametrize("args", [
    ["run", "{repo}", "--enable-rag"],
    ["estimate", "{repo}", "--enable-rag"],
    ["index", "{repo}"],
    ["similar", "pkg/mod.py:add", "{repo}"],
])
def test_commands_that_need_rag_name_the_fix(without_rag, repo: Path, args: list[str]) -> None:
    result = CliRunner().invoke(cli, [a.format(repo=repo) for a in args])
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0 and RAG_INSTALL_HINT in result.output
    assert not (repo / ".reviewer" / "reviews").exists()  # it stopped before any work


def test_rag_enabled_in_the_configuration_names_the_fix(without_rag, repo: Path) -> None:
    (repo / ".reviewer.yml").write_text("rag:\n  enabled: true\n")
    result = CliRunner().invoke(cli, ["run", str(repo)])
    assert result.exit_code == 2 and RAG_INSTALL_HINT in result.output


def test_status_show_rag_says_it_is_not_installed(without_rag, repo: Path) -> None:
    assert CliRunner().invoke(cli, ["run", str(repo), "-q", "--exit-zero"]).exit_code == 0
    result = CliRunner().invoke(cli, ["status", str(repo), "--show-rag"])
    assert result.exit_code == 0, result.output
    line = next(line for line in result.output.splitlines() if line.strip().startswith("rag"))
    assert "not installed" in line and RAG_INSTALL_HINT in line and "lancedb" in line
