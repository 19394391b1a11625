"""action.yml, .pre-commit-hooks.yaml and the workflows of docs/ci.md parse, and keep
the lessons of issue 14: current action majors, hidden files uploaded, pushes review
the whole repository, the SARIF category set by reviewer (not the ignored input)."""

from __future__ import annotations

import json
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
    assert len(workflows) == 3
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
        assert installs == ["pip install ./tools/reviewer"] * len(workflow["jobs"])
    hooks = [yaml.safe_load(block) for block in re.findall(r"```yaml\n(.*?)```", text, flags=re.S)
             if block.startswith("repos:")]
    local = hooks[0]["repos"][0]
    shipped = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())[0]
    assert local["repo"] == "local" and local["hooks"][0]["entry"] == shipped["entry"]
    assert local["hooks"][0]["types_or"] == shipped["types_or"]


def _pasted_repo(tmp_path: Path) -> Path:
    """A repository that keeps reviewer in tools/reviewer (the pinned copy: this project)."""
    import subprocess

    repo = tmp_path / "repo"
    (repo / "app").mkdir(parents=True)
    (repo / "app" / "main.py").write_text("from app.util import used\n\n\ndef _unused(x):\n    return x\n\n\n"
                                          "print(used())\n")
    (repo / "app" / "util.py").write_text("def used():\n    return 1\n\n\ndef unused_too():\n    return 2\n")
    (repo / "app" / "__init__.py").write_text("")
    (repo / "tools").mkdir()
    (repo / "tools" / "reviewer").symlink_to(ROOT)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    return repo


def _job_env(tmp_path: Path) -> dict[str, str]:
    """A job's environment: `reviewer` on PATH as `pip install ./tools/reviewer` puts it, no API key, a push."""
    import os
    import sys

    shim = tmp_path / "bin" / "reviewer"
    shim.parent.mkdir(exist_ok=True)
    shim.write_text(f"#!/bin/sh\nexec {sys.executable} -m reviewer \"$@\"\n")
    shim.chmod(0o755)
    return {**{k: v for k, v in os.environ.items() if k != "ANTHROPIC_API_KEY"}, "PYTHONPATH": str(ROOT),
            "PATH": f"{shim.parent}:{os.environ['PATH']}", "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md"),
            "BASE_REF": ""}


def _run_steps(steps: list[dict], cwd: Path, env: dict[str, str], only: str = "") -> list[int]:
    """Run the `run:` steps (not the install) whose script holds `only`; each exit code, 0 or 1."""
    import subprocess

    codes = []
    for step in steps:
        if "run" in step and "pip install" not in step["run"] and only in step["run"]:
            done = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=cwd, env=env, capture_output=True, text=True)
            assert done.returncode in (0, 1), done.stderr
            codes.append(done.returncode)
    return codes


def test_a_pasted_docs_job_runs(tmp_path: Path) -> None:
    """The annotations workflow's steps, pasted into a repository that keeps reviewer in
    tools/reviewer: its install path is this project, and its review and summary steps run
    (a push: no BASE_REF) and publish report.md."""
    import tomllib

    repo = _pasted_repo(tmp_path)
    steps = _steps(_workflows()[1])
    install = next(step["run"] for step in steps if "pip install" in step.get("run", ""))
    target = repo / install.split()[-1]
    assert tomllib.loads((target / "pyproject.toml").read_text())["project"]["name"] == "reviewer-agent"
    env = _job_env(tmp_path)
    assert _run_steps(steps, repo, env)
    assert "# Code review" in Path(env["GITHUB_STEP_SUMMARY"]).read_text()


def test_the_matrix_workflow_runs_its_shards_and_merges_them(tmp_path: Path) -> None:
    """docs/ci.md's matrix: each shard job's review step in its own checkout, its upload (the
    artifact's path lines) into shards/<artifact name>/ as download-artifact lays them out, then the
    merge job's steps: one report of every file, and the gate of the whole matrix."""
    import shutil
    import subprocess

    workflow = _workflows()[2]
    review, merge = workflow["jobs"]["review"], workflow["jobs"]["merge"]
    assert review["strategy"]["fail-fast"] is False and merge["needs"] == "review" and merge["if"] == "always()"
    shards = review["strategy"]["matrix"]["shard"]
    upload = next(step for step in review["steps"] if step.get("uses", "").startswith("actions/upload-artifact"))
    kept = upload["with"]["path"].split()
    assert upload["if"] == "always()" and kept[0] == ".reviewer/" and upload["with"]["include-hidden-files"] is True
    download = next(step for step in merge["steps"] if step.get("uses", "").startswith("actions/download-artifact"))
    assert download["with"]["pattern"] == upload["with"]["name"].replace("${{ matrix.shard }}", "*")
    assert any(step.get("uses", "").startswith("github/codeql-action/upload-sarif") for step in merge["steps"])

    repo = _pasted_repo(tmp_path)
    env = _job_env(tmp_path)
    for shard in shards:
        job = tmp_path / f"job-{shard}"
        shutil.copytree(repo, job, symlinks=True)
        job_env = {**env, "SHARD": next(step for step in review["steps"] if "SHARD" in step.get("env", {}))
                   ["env"]["SHARD"].replace("${{ matrix.shard }}", str(shard))}
        assert _run_steps(review["steps"], job, job_env, only="--shard")
        artifact = repo / download["with"]["path"] / upload["with"]["name"].replace("${{ matrix.shard }}", str(shard))
        shutil.copytree(job / ".reviewer", artifact,
                        ignore=lambda folder, names: [n for n in names if f"!.reviewer/{n}/" in kept])
        assert not (artifact / "cache").exists() and (artifact / "shard.json").exists()
    assert _run_steps(merge["steps"], repo, env) == [0, 0]  # merge and summary: nothing over the floor to gate
    merged = json.loads((repo / ".reviewer" / "report.json").read_text())
    assert sorted(entry["file"] for entry in merged["files"]) == ["app/__init__.py", "app/main.py", "app/util.py"]
    assert "# Code review" in Path(env["GITHUB_STEP_SUMMARY"]).read_text()
    whole = tmp_path / "whole"  # the same tree reviewed by one job
    shutil.copytree(repo, whole, symlinks=True, ignore=shutil.ignore_patterns(".reviewer", "shards"))
    subprocess.run(["reviewer", "run", ".", "--plain"], cwd=whole, env=env, capture_output=True, check=True)
    unsharded = json.loads((whole / ".reviewer" / "report.json").read_text())
    assert merged["candidates"] and all(merged[key] == unsharded[key] for key in ("summary", "findings", "candidates"))
