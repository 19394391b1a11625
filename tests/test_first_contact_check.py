"""scripts/first_contact.py check: a repository is fresh only if no round, no corpus project and no
held-out yardstick is it (corpus projects fetched from PyPI are known by name, not by address)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from first_contact import used_by  # noqa: E402


def test_rounds_corpus_names_and_held_out_yardsticks_are_used(tmp_path: Path) -> None:
    rounds = tmp_path / "first-contact"
    (rounds / "round9" / "corpus").mkdir(parents=True)
    (rounds / "round9" / "toolz.labels.json").write_text(json.dumps({"repo": "https://github.com/pytoolz/toolz"}))
    (rounds / "round9" / "corpus" / "typer.labels.json").write_text(json.dumps({"repo": "https://github.com/tiangolo/typer.git"}))
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"projects": [
        {"name": "click", "source": {"kind": "pypi", "package": "click", "version": "8.1.7"}},
        {"name": "black", "source": {"kind": "git", "repo": "psf/black", "commit": "8947c48"}},
    ]}))
    found = used_by(["PyToolz/Toolz", "tiangolo/typer", "pallets/click", "psf/black", "Delgan/loguru", "acme/fresh"],
                    rounds, manifest)
    assert found["PyToolz/Toolz"] == "round9/toolz.labels.json"
    assert found["tiangolo/typer"] == "round9/corpus/typer.labels.json"
    assert found["pallets/click"] == "corpus project click (by name)"
    assert found["psf/black"] == "corpus project black"
    assert found["Delgan/loguru"].startswith("a held-out yardstick")
    assert found["acme/fresh"] == ""
