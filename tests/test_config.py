"""`.reviewer.yml` through the real CLI: every broken file ends in one line on stderr and exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest

from reviewer.cli import cli, main
from reviewer.config import CONFIG_FILENAME, Config, load_config

REPO_ROOT = Path(__file__).resolve().parents[1]


def run_main(args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run the console entry point in-process: (exit code, stdout, stderr)."""
    monkeypatch.setattr(sys, "argv", ["reviewer", *args])
    try:
        main()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def repo_with_config(tmp_path: Path, text: str) -> Path:
    (tmp_path / "app.py").write_text("def f():\n    return 1\n")
    (tmp_path / CONFIG_FILENAME).write_text(text)
    return tmp_path


def assert_one_line_error(code: int, err: str, *fragments: str) -> None:
    assert code == 2
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("reviewer: error: ")
    for fragment in fragments:
        assert fragment in lines[0]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("rag:\n  minscore: 0.5\n", "unknown key 'rag.minscore' in .reviewer.yml (did you mean 'min_score'?)"),
        ("scna:\n  include: []\n", "unknown key 'scna' in .reviewer.yml (did you mean 'scan'?)"),
        ("scan:\n  max_file_byte: 10\n", "unknown key 'scan.max_file_byte' in .reviewer.yml (did you mean 'max_file_bytes'?)"),
        ("llm:\n  api_key: sk-123\n", "unknown key 'llm.api_key' in .reviewer.yml"),
    ],
)
def test_unknown_key_names_it_and_suggests_the_closest(tmp_path, monkeypatch, capsys, text, expected):
    root = repo_with_config(tmp_path, text)
    code, out, err = run_main(["scan", str(root)], monkeypatch, capsys)
    assert_one_line_error(code, err, expected)
    assert out == ""


@pytest.mark.parametrize(
    ("text", "key", "expected"),
    [
        ("scan:\n  max_file_bytes: big\n", "'scan.max_file_bytes'", "integer"),
        ("scan:\n  max_file_bytes: -5\n", "'scan.max_file_bytes'", "greater than 0"),
        ("languages: [python, cobol]\n", "'languages.1'", "cobol"),
        ("rag:\n  min_score: 2\n", "'rag.min_score'", "less than or equal to 1"),
        ("scan: [a, b]\n", "'scan'", "list"),
        ("llm:\n  pricing:\n    m: {input: 1}\n", "'llm.pricing.m.output'", "required"),
    ],
)
def test_wrong_type_names_the_key_and_what_is_expected(tmp_path, monkeypatch, capsys, text, key, expected):
    root = repo_with_config(tmp_path, text)
    code, _, err = run_main(["scan", str(root)], monkeypatch, capsys)
    assert_one_line_error(code, err, f"invalid value for {key} in .reviewer.yml", expected)


def test_invalid_yaml_names_the_line(tmp_path, monkeypatch, capsys):
    root = repo_with_config(tmp_path, "scan:\n  include: [a\nrag:\n  enabled: true\n")
    code, _, err = run_main(["scan", str(root)], monkeypatch, capsys)
    assert_one_line_error(code, err, "invalid YAML in", CONFIG_FILENAME, "line 3")


def test_a_file_that_is_not_a_mapping_is_refused(tmp_path, monkeypatch, capsys):
    root = repo_with_config(tmp_path, "- scan\n- rag\n")
    code, _, err = run_main(["scan", str(root)], monkeypatch, capsys)
    assert_one_line_error(code, err, ".reviewer.yml must be a mapping", "list")


def test_config_option_points_elsewhere(tmp_path, monkeypatch, capsys):
    root = repo_with_config(tmp_path, "rag:\n  minscore: 1\n")  # broken, but not the one used
    (root / "util.ts").write_text("export function g(): number { return 2 }\n")
    elsewhere = tmp_path / "conf" / "only-python.yml"
    elsewhere.parent.mkdir()
    elsewhere.write_text("languages: [python]\n")
    code, out, err = run_main(["scan", str(root), "--config", str(elsewhere), "--json"], monkeypatch, capsys)
    assert code == 0, err
    result = json.loads(out)
    assert [f["path"] for f in result["files"]] == ["app.py"]
    assert any(s["path"] == "util.ts" and "not enabled" in s["reason"] for s in result["skipped"])


def test_errors_in_an_explicit_config_name_its_path(tmp_path, monkeypatch, capsys):
    root = repo_with_config(tmp_path, "")
    elsewhere = tmp_path / "conf" / "reviewer.yml"
    elsewhere.parent.mkdir()
    elsewhere.write_text("output: [1]\n")
    code, _, err = run_main(["scan", str(root), "--config", str(elsewhere)], monkeypatch, capsys)
    assert_one_line_error(code, err, "invalid value for 'output'", str(elsewhere))


def test_missing_explicit_config_file(tmp_path, monkeypatch, capsys):
    root = repo_with_config(tmp_path, "")
    missing = tmp_path / "nowhere.yml"
    code, _, err = run_main(["scan", str(root), "--config", str(missing)], monkeypatch, capsys)
    assert_one_line_error(code, err, "config file not found", str(missing))


def test_no_config_file_means_the_defaults(tmp_path):
    assert load_config(tmp_path) == Config()


def test_empty_config_file_means_the_defaults(tmp_path):
    (tmp_path / CONFIG_FILENAME).write_text("# nothing yet\n")
    assert load_config(tmp_path) == Config()


def test_projects_own_config_documents_every_default():
    """The repository's .reviewer.yml is the documented example: it must load, and say
    the defaults except where it deliberately differs."""
    text = (REPO_ROOT / CONFIG_FILENAME).read_text()
    loaded = load_config(REPO_ROOT).model_dump()
    defaults = Config().model_dump()
    # deliberate: fixture repositories and benchmark data hold bad or duplicated code on purpose
    assert loaded["scan"].pop("exclude") == ["tests/fixtures/", "tests/frameworks/", "benchmarks/"]
    defaults["scan"].pop("exclude")
    assert loaded == defaults

    def keys(model_dump: dict, prefix: str = "") -> set[str]:
        found = set()
        for key, value in model_dump.items():
            found.add(prefix + key)
            if isinstance(value, dict) and prefix + key != "llm.pricing":
                found |= keys(value, prefix + key + ".")
        return found

    for key in keys(defaults):  # every option is spelled out, not left to its default
        assert f"{key.rpartition('.')[2]}:" in text, f"{key} is not documented in {CONFIG_FILENAME}"


def test_unknown_option_is_a_usage_error_with_exit_code_2(monkeypatch, capsys):
    code, _, err = run_main(["scan", "--no-such-option"], monkeypatch, capsys)
    assert code == 2
    assert "Traceback" not in err
    assert "No such option" in err


def test_version_and_help_exit_zero(monkeypatch, capsys):
    code, out, _ = run_main(["--version"], monkeypatch, capsys)
    assert code == 0 and "reviewer" in out
    code, out, _ = run_main(["--help"], monkeypatch, capsys)
    assert code == 0 and "scan" in out


def test_exit_codes_chosen_by_a_command_reach_the_shell(monkeypatch, capsys):
    """A command that ends with ctx.exit(1) (the CI gate) must exit 1, not 0."""

    @cli.command("gate-probe")
    @click.pass_context
    def gate_probe(ctx: click.Context) -> None:
        ctx.exit(1)

    try:
        code, _, _ = run_main(["gate-probe"], monkeypatch, capsys)
    finally:
        cli.commands.pop("gate-probe")
    assert code == 1


def test_console_script_end_to_end(tmp_path):
    root = repo_with_config(tmp_path, "rag:\n  minscore: 0.5\n")
    reviewer = Path(sys.executable).parent / "reviewer"
    command = [str(reviewer)] if reviewer.exists() else [sys.executable, "-m", "reviewer.cli"]
    done = subprocess.run([*command, "scan", str(root)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip() == (
        "reviewer: error: unknown key 'rag.minscore' in .reviewer.yml (did you mean 'min_score'?)"
    )
