"""Every install hint names a command that installs THIS project (distribution
`reviewer-agent`; PyPI's `reviewer` is another project) into the running environment:
from the folder or git commit it was installed from, editable when it was, with pipx's
own command in a pipx environment. With REVIEWER_CHECK_RESOLUTION=1 (it needs the
package registry for the build backend), pip's dry run of the hint resolves this project."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from reviewer import install
from reviewer.rag.extra import RAG_INSTALL_HINT

ROOT = Path(__file__).resolve().parent.parent


def test_the_distribution_name_is_ours_and_the_command_stays() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["name"] == install.DISTRIBUTION == "reviewer-agent"
    assert project["scripts"] == {"reviewer": "reviewer.cli:console"}
    assert all(not dep.startswith("reviewer[") for deps in project["optional-dependencies"].values() for dep in deps)


@pytest.mark.parametrize("direct, expected", [
    ({"url": "file:///src/reviewer", "dir_info": {"editable": True}}, ("/src/reviewer[rag]", True)),
    ({"url": "file:///src/my%20reviewer", "dir_info": {}}, ("/src/my reviewer[rag]", False)),
    ({"url": "https://github.com/o/reviewer.git", "vcs_info": {"vcs": "git", "commit_id": "abc123"}},
     ("reviewer-agent[rag] @ git+https://github.com/o/reviewer.git@abc123", False)),
    (None, ("reviewer-agent[rag]", False)),
])
def test_the_hint_installs_from_where_this_copy_came_from(monkeypatch, direct, expected) -> None:
    monkeypatch.setattr(install, "_direct_url", lambda: direct)
    assert install.requirement("rag") == expected
    hint = install.install_hint("rag")
    assert shlex.split(hint)[:4] == [sys.executable, "-m", "pip", "install"] and shlex.split(hint)[-1] == expected[0]


def test_a_pipx_environment_gets_pipx_inject(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(install, "_direct_url", lambda: {"url": "file:///src/reviewer"})
    monkeypatch.setattr(sys, "prefix", str(tmp_path / ".local" / "pipx" / "venvs" / "reviewer-agent"))
    assert install.install_hint("rag") == "pipx inject reviewer-agent '/src/reviewer[rag]'"


def test_a_checkout_on_pythonpath_names_its_folder() -> None:
    # the tests run from this checkout; whichever way it is installed, the hint names a source of it
    spec, _ = install.requirement("rag")
    assert spec.endswith("[rag]") and ("reviewer-agent" in spec or Path(spec[:-5]).joinpath("pyproject.toml").is_file())
    assert spec in RAG_INSTALL_HINT or shlex.quote(spec) in RAG_INSTALL_HINT


@pytest.mark.skipif(os.environ.get("REVIEWER_CHECK_RESOLUTION") != "1", reason="needs the package registry")
def test_pip_resolves_the_hinted_command_to_this_project(tmp_path) -> None:
    command = shlex.split(install.install_hint("rag"))
    assert command[1:4] == ["-m", "pip", "install"]
    report = tmp_path / "report.json"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    left = ROOT / "reviewer_agent.egg-info"  # setuptools builds the metadata in the source folder
    existed = left.exists()
    done = subprocess.run([*command[:4], "--dry-run", "--no-deps", "--ignore-installed", "--quiet", "--report",
                           str(report), *command[4:]], capture_output=True, text=True, timeout=600, env=env, cwd=tmp_path)
    if not existed:
        import shutil

        shutil.rmtree(left, ignore_errors=True)
    assert done.returncode == 0, done.stderr[-2000:]
    installs = json.loads(report.read_text())["install"]
    assert [(i["metadata"]["name"], i.get("requested_extras")) for i in installs] == [("reviewer-agent", ["rag"])]
