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
