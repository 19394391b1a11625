"""action.yml, .pre-commit-hooks.yaml and the workflows of docs/ci.md parse, and keep
the lessons of issue 14: current action majors, hidden files uploaded, pushes review
the whole repository, the SARIF category set by reviewer (not the ignored input)."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def _workflows() -> list[dict]:
    text = (ROOT / "docs" / "ci.md").read_text()
    blocks = re.findall(r"```yaml\n(.*?)```", text, flags=re.S)
    return [yaml.safe_load(block) for block in blocks if block.startswith("name:")]


def _steps(workflow: dict) -> list[dict]:
    return [step for job in workflow["jobs"].values() for step in job["steps"]]


def test_docs_workflows_parse_and_use_current_actions() -> None:
    workflows = _workflows()
    assert len(workflows) == 2
    for workflow in workflows:
        uses = {step["uses"].split("@")[0]: step["uses"].split("@")[1] for step in _steps(workflow) if "uses" in step}
        assert uses["actions/checkout"] == "v6" and uses["actions/setup-python"] == "v6"
        run = next(step["run"] for step in _steps(workflow) if "reviewer run" in step.get("run", ""))
        # a push has no base ref: the whole repository is reviewed
        assert 'if [ -n "$BASE_REF" ]' in run and "--changed-since" in run.split("reviewer run")[0]
        assert any("GITHUB_STEP_SUMMARY" in step.get("run", "") for step in _steps(workflow))
        assert True in workflow and "pull_request" in workflow[True]  # YAML 1.1 reads `on` as True


def test_code_scanning_workflow_uploads_everything() -> None:
    workflow = _workflows()[0]
    assert workflow["permissions"] == {"contents": "read", "actions": "read", "security-events": "write"}
    steps = {step.get("uses", "").split("@")[0]: step for step in _steps(workflow)}
    upload = steps["github/codeql-action/upload-sarif"]
    assert upload["uses"].endswith("@v4") and "category" not in upload["with"]
    artifact = steps["actions/upload-artifact"]
    assert artifact["with"]["include-hidden-files"] is True and artifact["uses"].endswith("@v7")
    assert all(step.get("if") == "always()" for step in (upload, artifact))


def test_the_annotations_workflow_needs_no_code_scanning() -> None:
    workflow = _workflows()[1]
    assert "security-events" not in workflow["permissions"]
    assert "--output-format github" in " ".join(step.get("run", "") for step in _steps(workflow))


def test_action_yml_is_a_composite_action() -> None:
    action = yaml.safe_load((ROOT / "action.yml").read_text())
    assert action["runs"]["using"] == "composite"
    assert {"path", "fail-on", "baseline", "args", "sarif-category", "annotations"} <= set(action["inputs"])
    script = next(step["run"] for step in action["runs"]["steps"] if step.get("id") == "review")
    assert "python -m reviewer run" in script and "GITHUB_STEP_SUMMARY" in script and "--sarif-category" in script
    assert all(step.get("shell") == "bash" for step in action["runs"]["steps"] if "run" in step)


def test_pre_commit_hook() -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    hook = hooks[0]
    assert hook["id"] == "reviewer" and hook["language"] == "python" and hook["pass_filenames"] is True
    assert hook["entry"].startswith("reviewer run")


def test_one_exit_code_table_in_the_docs_the_readme_and_the_code() -> None:
    from reviewer.cli import EXIT_SIGNAL
    from reviewer.errors import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS

    codes = {EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR, *EXIT_SIGNAL.values()}
    assert codes == {0, 1, 2, 130, 143}
    ci = (ROOT / "docs" / "ci.md").read_text()
    table = ci.split("## Exit codes", 1)[1].split("\n## ", 1)[0]
    assert {int(m) for m in re.findall(r"^\| (\d+) \|", table, flags=re.M)} == codes
    readme = (ROOT / "README.md").read_text()
    rows = re.findall(r"^\| ([\d, ]+) \|", readme.split("Exit codes", 1)[1], flags=re.M)
    assert {int(c) for row in rows for c in row.split(",")} == codes
    assert "interrupt" not in table.split("| 2 |")[1].split("\n")[0]  # an interrupt is 130/143, not 2


def test_the_docs_install_this_project_from_a_pinned_or_local_source() -> None:
    text = (ROOT / "docs" / "ci.md").read_text()
    assert "<owner>/reviewer@v0.1.0" not in text and "pip install reviewer\n" not in text
    for workflow in _workflows():
        steps = _steps(workflow)
        assert steps[0]["with"]["submodules"] is True
        installs = [step["run"] for step in steps if "pip install" in step.get("run", "")]
        assert installs == ["pip install ./tools/reviewer"]
    hooks = [yaml.safe_load(block) for block in re.findall(r"```yaml\n(.*?)```", text, flags=re.S)
             if block.startswith("repos:")]
    local = hooks[0]["repos"][0]
    shipped = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())[0]
    assert local["repo"] == "local" and local["hooks"][0]["entry"] == shipped["entry"]
    assert local["hooks"][0]["types_or"] == shipped["types_or"]


def test_a_pasted_docs_job_runs(tmp_path: Path) -> None:
    """The annotations workflow's steps, pasted into a repository that keeps reviewer in
    tools/reviewer: its install path is this project, and its review and summary steps run
    (a push: no BASE_REF) and publish report.md."""
    import os
    import subprocess
    import sys
    import tomllib

    repo = tmp_path / "repo"
    (repo / "app").mkdir(parents=True)
    (repo / "app" / "main.py").write_text("def _unused(x):\n    return x\n\n\nprint('hi')\n")
    (repo / "tools").mkdir()
    (repo / "tools" / "reviewer").symlink_to(ROOT)  # the pinned copy
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    steps = _steps(_workflows()[1])
    install = next(step["run"] for step in steps if "pip install" in step.get("run", ""))
    target = repo / install.split()[-1]
    assert tomllib.loads((target / "pyproject.toml").read_text())["project"]["name"] == "reviewer-agent"
    shim = tmp_path / "bin" / "reviewer"  # what `pip install ./tools/reviewer` puts on PATH
    shim.parent.mkdir()
    shim.write_text(f"#!/bin/sh\nexec {sys.executable} -m reviewer \"$@\"\n")
    shim.chmod(0o755)
    summary = tmp_path / "summary.md"
    env = {**{k: v for k, v in os.environ.items() if k != "ANTHROPIC_API_KEY"}, "PYTHONPATH": str(ROOT),
           "PATH": f"{shim.parent}:{os.environ['PATH']}", "GITHUB_STEP_SUMMARY": str(summary), "BASE_REF": ""}
    codes = []
    for step in steps:
        if "run" in step and "pip install" not in step["run"]:
            done = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=repo, env=env, capture_output=True, text=True)
            codes.append(done.returncode)
            assert done.returncode in (0, 1), done.stderr
    assert codes and "# Code review" in summary.read_text()
