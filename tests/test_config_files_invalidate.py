"""A change to any file a framework or the analysis reads changes the verdicts it affects on the
next run, without --no-cache: the scan reads those files (frameworks.config_globs) and the
evidence key hashes their content, so no hand-written watch list can miss one."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_run_e2e import load_review, run, symbol, write_repo

CASES = {
    "mkdocs.yml hooks": (
        {"mkdocs.yml": "site_name: x\n", "docs/hooks.py": "def on_page_markdown(markdown, **kwargs):\n    return markdown\n",
         "app/__main__.py": "print('run')\n"},
        "mkdocs.yml", "site_name: x\nhooks:\n  - docs/hooks.py\n", "docs/hooks.py", "on_page_markdown"),
    "Procfile": (
        {"app/__init__.py": "", "app/__main__.py": "from app import server\n\nprint(server.VERSION)\n",
         "app/server.py": "VERSION = 1\n\n\ndef make_app():\n    return object()\n"},
        "Procfile", "web: gunicorn 'app.server:make_app()'\n", "app/server.py", "make_app"),
    "package.json": (
        {"package.json": '{"name": "web", "private": true}\n', "src/index.js": "console.log('x')\n",
         "src/extra.js": "export function helper() {\n  return 1\n}\n"},
        "package.json", '{"name": "web", "private": true, "main": "src/extra.js"}\n', "src/extra.js", "helper"),
    "CI workflow": (
        {"app/__init__.py": "", "app/__main__.py": "print('run')\n",
         "tests/typing/api.py": "def typecheck_make() -> None:\n    x: int = 1\n    print(x)\n"},
        ".github/workflows/typing.yml", "jobs:\n  t:\n    steps:\n      - run: mypy tests/typing\n",
        "tests/typing/api.py", "typecheck_make"),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_a_changed_config_file_changes_the_verdict_it_affects(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              case: str) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    files, config, text, path, name = CASES[case]
    write_repo(tmp_path, files)
    assert run(tmp_path, "--exit-zero").exit_code == 0
    assert symbol(load_review(tmp_path, path), name)["utility"] == "DEAD"
    (tmp_path / config).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / config).write_text(text)
    assert run(tmp_path, "--exit-zero").exit_code == 0  # the caches of the first run are there
    assert symbol(load_review(tmp_path, path), name)["utility"] == "USED"
