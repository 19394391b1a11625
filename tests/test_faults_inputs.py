"""Issue 15: bad input and hostile trees. Each case: the exit code (0 clean, 1 gate,
2 error), one clear line naming the file/key/fix (never a traceback), nothing lost,
nothing deleted, no silent pass."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from faults_helpers import GOOD, env, invoke, last_run, make, one_clear_line, reviews, small_repo


def write_config(root: Path, text: str) -> None:
    (root / ".reviewer.yml").write_text(text)


# -- output: ------------------------------------------------------------------------------

@pytest.mark.parametrize("value", [".", "''", "..", "/tmp/elsewhere", "../sibling", "pkg/../..", ".git/x"])
def test_output_outside_or_at_the_root_is_refused(tmp_path, value):
    root = small_repo(tmp_path / "repo")
    (root / "runs").mkdir()
    for i in range(60):  # the user's own runs/ folder: must survive
        (root / "runs" / f"r{i:02d}").mkdir()
    write_config(root, f"output: {value}\n")
    result = invoke("run", root, "--plain")
    assert result.exit_code == 2
    one_clear_line(result.stderr, "invalid value for 'output'")
    assert len(list((root / "runs").iterdir())) == 60


def test_output_naming_a_source_folder_is_refused(tmp_path):
    root = small_repo(tmp_path / "repo")
    write_config(root, "output: pkg\n")
    result = invoke("run", root, "--plain")
    assert result.exit_code == 2
    one_clear_line(result.stderr, "output: 'pkg' already holds files reviewer did not write")
    assert sorted(p.name for p in (root / "pkg").iterdir()) == ["m0.py", "m1.py", "m2.py"]


def test_output_through_a_link_out_of_the_repository_is_refused(tmp_path):
    root = small_repo(tmp_path / "repo")
    (tmp_path / "elsewhere").mkdir()
    (root / ".reviewer").symlink_to(tmp_path / "elsewhere")
    result = invoke("run", root, "--plain")
    assert result.exit_code == 2
    one_clear_line(result.stderr, "not a folder inside the repository")
    assert not list((tmp_path / "elsewhere").iterdir())


def test_only_reviewer_run_folders_are_pruned(tmp_path):
    root = small_repo(tmp_path / "repo")
    assert invoke("run", root, "--plain").exit_code == 0
    runs = root / ".reviewer" / "runs"
    for i in range(55):  # old runs of reviewer: pruned down to 50
        make(runs, {f"20000101T0000{i:02d}.000000Z-aaaaaa/run.json": "{}"})
    for i in range(10):  # folders reviewer did not write: never deleted
        make(runs, {f"0000-user-{i}/notes.txt": "mine"})
    make(runs, {"0000-mixed/run.json": "{}", "0000-mixed/data.csv": "mine"})
    assert invoke("run", root, "--plain").exit_code == 0
    names = {p.name for p in runs.iterdir()}
    assert {f"0000-user-{i}" for i in range(10)} | {"0000-mixed"} <= names
    assert sum(1 for p in runs.iterdir() if (p / "run.json").exists() and p.name != "0000-mixed") == 50


def test_output_folder_is_marked_and_files_are_0644(tmp_path):
    root = small_repo(tmp_path / "repo")
    old = os.umask(0o022)
    try:
        assert invoke("run", root, "--plain").exit_code == 0
    finally:
        os.umask(old)
    assert (root / ".reviewer" / ".reviewer-output").is_file()
    for path in [root / ".reviewer" / "report.json", next((root / ".reviewer" / "reviews").rglob("*.rev.json"))]:
        assert path.stat().st_mode & 0o777 == 0o644


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes whatever the mode")
def test_read_only_output_folder(tmp_path):
    root = small_repo(tmp_path / "repo")
    assert invoke("run", root, "--plain").exit_code == 0
    before = reviews(root)
    os.chmod(root / ".reviewer", 0o555)
    try:
        result = invoke("run", root, "--plain", "--no-cache")
    finally:
        os.chmod(root / ".reviewer", 0o755)
    assert result.exit_code == 2
    one_clear_line(result.stderr, "not writable")
    assert reviews(root) == before


def test_read_only_output_folder_as_root_is_reported(tmp_path):
    """As root (CI containers) permissions do not stop writes: a read-only *file system* is
    what fails. Simulated by a file where the output folder should be."""
    root = small_repo(tmp_path / "repo")
    (root / ".reviewer").write_text("not a folder")
    result = invoke("run", root, "--plain")
    assert result.exit_code == 2
    one_clear_line(result.stderr, "is a file, not a folder")


# -- configuration ------------------------------------------------------------------------

@pytest.mark.parametrize(("config", "fragments"), [
    ("scan:\n  include: ['**/[z-a].py']\n", ("scan.include", "[z-a]")),
    ("scan:\n  exclude: ['a\\']\n", ("scan.exclude",)),
    ("scan:\n  max_file_bytes: -1\n", ("scan.max_file_bytes",)),
    ("llm:\n  concurency: 2\n", ("llm.concurency", "did you mean")),
    ("output: [1]\n", ("'output'",)),
    ("[" * 5000 + "]" * 5000 + "\n", (".reviewer.yml", "nested")),
    ("a: b: c\n", (".reviewer.yml", "invalid YAML")),
    (b"\xff\xfe\x00bad".decode("latin-1"), (".reviewer.yml",)),
], ids=["bad-include-glob", "bad-exclude-glob", "negative-size", "typo-key", "output-list", "deep-yaml",
        "broken-yaml", "binary-config"])
def test_bad_config_is_one_line(tmp_path, config, fragments):
    root = small_repo(tmp_path / "repo")
    (root / ".reviewer.yml").write_text(config, encoding="utf-8")
    result = invoke("run", root, "--plain")
    assert result.exit_code == 2
    line = one_clear_line(result.stderr, *fragments)
    assert line.startswith("reviewer: error: ")


def test_include_matching_nothing_never_passes_and_keeps_the_reviews(tmp_path):
    root = small_repo(tmp_path / "repo")
    assert invoke("run", root, "--plain").exit_code == 0
    before = reviews(root)
    write_config(root, "scan:\n  include: ['src/**']\n")
    result = invoke("run", root, "--plain", "--fail-on", "critical")
    assert result.exit_code == 2
    one_clear_line(result.stderr, "nothing to review", "scan.include")
    assert reviews(root) == before


def test_empty_repository_is_an_error_not_a_pass(tmp_path):
    root = make(tmp_path / "repo", {"README.md": "hi"})
    result = invoke("run", root, "--plain", "--fail-on", "needs-refactor")
    assert result.exit_code == 2
    one_clear_line(result.stderr, "nothing to review")


# -- hostile files ------------------------------------------------------------------------

def _fifo(root: Path) -> None:
    os.mkfifo(root / "pipe.fifo")
    (root / "pipe.py").symlink_to(root / "pipe.fifo")


def _loop(root: Path) -> None:
    (root / "loop").symlink_to(root / "loop")
    (root / "a").mkdir()
    (root / "a" / "up").symlink_to(root)


def _outside(root: Path) -> None:
    (root.parent / "secret.py").write_text("def secret():\n    return 1\n")
    (root / "out.py").symlink_to(root.parent / "secret.py")
    (root / "outdir").symlink_to(root.parent)


def _long_name(root: Path) -> None:
    (root / ("n" * 245 + ".py")).write_text(GOOD)


def _review_folder(root: Path) -> None:
    (root / ".reviewer" / "reviews" / "x.py.rev.json").mkdir(parents=True)
    (root / "x.py").write_text(GOOD)


DEEP = "x = " + "(" * 300 + "1" + ")" * 300 + "\n" + "".join(
    "    " * i + f"def f{i}():\n" for i in range(60)) + "    " * 60 + "return 1\n"

HOSTILE = {
    "binary": ({"blob.py": b"\x00\x01\x02def x(): pass\n"}, 0, "1 skipped"),
    "nul-late": ({"nul.py": b"def f():\n    return 1\n" + b"\x00" * 3}, 0, None),
    "latin1": ({"lat.py": "def cafe():\n    return '\u00e9'\n".encode("latin-1")}, 0, None),
    "latin1-cookie": ({"lat.py": "# -*- coding: latin-1 -*-\ns = '\u00e9'\n".encode("latin-1")}, 0, None),
    "bom": ({"bom.py": b"\xef\xbb\xbf" + GOOD.encode()}, 0, None),
    "crlf": ({"crlf.py": GOOD.replace("\n", "\r\n").encode()}, 0, None),
    "20MB": ({"big.py": b"x = 1\n" * (20 * 1024 * 1024 // 6)}, 0, "1 skipped"),
    "deep-nesting": ({"deep.py": DEEP}, 0, None),
    "syntax-error": ({"broken.py": "def broken(:\n    return\n", "main.py": "import broken\n"}, 2, "broken.py"),
    "fifo-link": (_fifo, 0, None),
    "symlink-loop": (_loop, 0, None),
    "links-out": (_outside, 0, None),
    "long-name": (_long_name, 0, None),
    "review-path-is-a-folder": (_review_folder, 2, "x.py"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_file(tmp_path, case):
    setup, code, named = HOSTILE[case]
    root = make(tmp_path / "repo", {"ok.py": GOOD})
    if callable(setup):
        setup(root)
    else:
        make(root, setup)
    result = invoke("run", root, "--plain")
    output = result.stdout + result.stderr
    assert result.exit_code == code, output
    assert "Traceback" not in output and "internal error" not in output
    assert "ok.py" in reviews(root)  # the good file is reviewed whatever its neighbours
    if named:
        one_clear_line(output, named)
    if case == "syntax-error":
        assert any(e["file"] == "broken.py" and "syntax error" in e["message"] for e in last_run(root)["errors"])
    if case == "links-out":
        assert "out.py" not in reviews(root)
    if case == "long-name":
        assert "n" * 245 + ".py" in reviews(root)
        assert invoke("report", root).exit_code == 0


def test_star_import_chain_is_not_a_crash(tmp_path):
    count = 2000
    files = {f"m{i}.py": (f"from m{i + 1} import *\n" if i + 1 < count else "") + f"def f{i}():\n    return {i}\n"
             for i in range(count)}
    files["main.py"] = f"from m0 import *\nprint(f{count - 1}())\n"
    root = make(tmp_path / "repo", files)
    result = invoke("run", root, "--plain")
    assert result.exit_code == 0, result.stderr


def test_planted_review_cannot_write_outside(tmp_path):
    root = small_repo(tmp_path / "repo")
    assert invoke("run", root, "--plain").exit_code == 0
    stored = next((root / ".reviewer" / "reviews").rglob("*.rev.json"))
    data = json.loads(stored.read_text())
    data["file"] = "../../../escaped"
    (root / ".reviewer" / "reviews" / "evil.py.rev.json").write_text(json.dumps(data))
    result = invoke("report", root)
    assert result.exit_code == 0
    one_clear_line(result.stderr + result.stdout, "evil.py.rev.json", "names another file")
    assert not list(tmp_path.rglob("escaped*"))


# -- git: names git would quote -------------------------------------------------------------

def git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True,
                   env=dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
                            GIT_COMMITTER_EMAIL="t@t"))


@pytest.mark.parametrize("name", ["caf\u00e9.py", "new\nline.py", "tab\there.py", "quote\"d.py"],
                         ids=["non-ascii", "newline", "tab", "quote"])
def test_changed_since_sees_names_git_quotes(tmp_path, name):
    root = make(tmp_path / "repo", {"base.py": GOOD})
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-qm", "base")
    (root / name).write_text("def fresh():\n    return 2\n")
    result = invoke("run", root, "--plain", "--changed-since", "HEAD")
    assert result.exit_code == 0, result.stderr
    assert "1 changed since HEAD" in result.stderr
    assert name in reviews(root)


def test_changed_since_with_nothing_changed_says_so(tmp_path):
    root = make(tmp_path / "repo", {"base.py": GOOD})
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-qm", "base")
    result = invoke("run", root, "--plain", "--changed-since", "HEAD", "--fail-on", "critical")
    assert result.exit_code == 0
    one_clear_line(result.stderr, "nothing to review", "changed since HEAD")


# -- the scan's workers never import the audited tree ---------------------------------------

def test_workers_do_not_import_the_repository(tmp_path):
    root = tmp_path / "repo"
    files = {f"app/m{i}.py": GOOD.replace("add", f"add{i}") for i in range(260)}  # over the pool threshold
    for shadow in ("yaml", "pydantic", "numpy", "click", "tree_sitter"):
        files[f"{shadow}/__init__.py"] = "raise SystemExit('imported the audited tree')\n"
    make(root, files)
    # The console script, as users run it (`python -m` would put the repository first on the
    # main process's own path: that is Python's rule, not ours).
    script = Path(sys.executable).parent / "reviewer"
    done = subprocess.run([str(script), "scan", "."], cwd=root, env=env(), capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "imported the audited tree" not in done.stdout + done.stderr
    assert "crashed" not in done.stdout + done.stderr



def run_noting(root, path: str, words: str):
    """Run reviewer on `root`: it passes (no error, exit 0 or 1) with a note naming `path` and `words`."""
    result = invoke("run", root, "--plain")
    assert result.exit_code in (0, 1), result.stdout + result.stderr
    run = last_run(root)
    assert not run["errors"]
    assert any(path in note and words in note for note in run["notes"]), run["notes"]
    return result

def test_a_syntax_error_in_a_test_fixture_is_a_note_not_an_error(tmp_path):
    # pino: test/fixtures/syntax-error-esm.mjs is broken on purpose, for a test of its loader.
    root = make(tmp_path / "repo", {"ok.py": GOOD, "test/fixtures/syntax-error-esm.mjs": "export default {\n",
                                    "test/loader.test.js": "test('x', () => { load('./fixtures/syntax-error-esm.mjs') })\n"})
    result = run_noting(root, "test/fixtures/syntax-error-esm.mjs", "test input")
    assert "note" in result.stdout and "syntax-error-esm.mjs" in result.stdout  # the user is told
    # vite-plugin-react: a fixtures folder beside the test that globs it, under src/ (no tests/ folder)
    make(root, {"src/transforms/fixtures/wrap/broken.js": "export default {\n",
                "src/transforms/fixtures/wrap/index.js": "import b from './broken.js'\nexport default b\n",
                "src/transforms/source-map.test.ts": "test('x', () => glob('./fixtures/wrap/**/*.js'))\n"})
    run_noting(root, "src/transforms/fixtures/wrap/broken.js", "test input")
    # outside the fixtures, a file that something imports stays an error
    make(root, {"lib/broken.mjs": "export default {\n", "lib/index.mjs": "import b from './broken.mjs'\nb()\n"})
    assert invoke("run", root, "--plain").exit_code == 2


def test_a_template_with_a_code_extension_is_a_note_not_an_error(tmp_path):
    # cookiecutter's tests/hooks-abort-render/hooks/post_gen_project.py: `{% if %}` lines, rendered
    # away before the hook runs; a Python file with a plain syntax error stays an error.
    hook = ('import sys\n\n{% if cookiecutter.abort == "yes" %}\nsys.exit(5)\n{% else %}\nsys.exit(0)\n'
            '{% endif %}\n')
    root = make(tmp_path / "repo", {"ok.py": GOOD, "template/hooks/post_gen_project.py": hook})
    run_noting(root, "post_gen_project.py", "a template")
    # an SDK generator's package template: a `{{ version }}` expression in a module path, no tag line;
    # its package's other module imports it (as its rendered copy will)
    make(root, {"sdk/template/pkg/version/__init__.py": "from pkg.{{ version }}.client import Client\n",
                "sdk/template/pkg/version/client.py": "from pkg.version import Client\n\n\nclass Other:\n    pass\n"})
    run_noting(root, "sdk/template/pkg/version/__init__.py", "project template")
    make(root, {"lib/broken.py": "def f(:\n    return {'a': 1 % 2}\n", "main.py": "from lib import broken\n"})
    assert invoke("run", root, "--plain").exit_code == 2


def test_a_broken_file_nothing_imports_or_runs_is_a_note_not_an_error(tmp_path):
    # An old copy kept aside (`old/app.ts`, its first line cut): no importer, no entry point, no
    # convention, no shebang and no configuration names it. The note says why; a re-run from the
    # caches says the same; once something imports it, it fails the run again.
    root = make(tmp_path / "repo", {"ok.py": GOOD, "old/app.ts": "tring';\nimport x from 'y';\nexport function f() {\n",
                                    "package.json": '{"name": "p", "private": true}\n'})
    for _ in range(2):
        assert run_noting(root, "old/app.ts", "nothing imports or runs").exit_code == 0
    make(root, {"src/main.ts": "import { f } from '../old/app'\nf()\n"})
    assert invoke("run", root, "--plain").exit_code == 2
    assert any(e["file"] == "old/app.ts" for e in last_run(root)["errors"])


def test_a_broken_sample_whose_methods_live_only_once_it_runs_is_a_note(tmp_path):
    # A linter rule's sample input, broken on purpose (`constructor()` with no body): its object
    # literals' members and its classes' methods are live only once the file runs, which is no
    # evidence that anything runs it.
    sample = ("makeObservable({\n  o: 5,\n  a() { },\n  get c() { },\n})\n\n"
              "class Missing {\n  constructor()\n}\n")
    root = make(tmp_path / "repo", {"ok.py": GOOD, "preview/make-observable.js": sample,
                                    "package.json": '{"name": "p", "private": true}\n'})
    run_noting(root, "preview/make-observable.js", "nothing imports or runs")


def test_a_broken_sample_of_a_linter_plugins_own_rules_is_a_note(tmp_path):
    # Its folder's ESLint configuration enables the plugin the package is: the samples are read as data by
    # the linter (their names live), yet nothing runs them.
    root = make(tmp_path / "repo", {
        "ok.py": GOOD,
        "packages/eslint-plugin-shop/package.json": '{"name": "eslint-plugin-shop", "main": "src/index.js"}\n',
        "packages/eslint-plugin-shop/src/index.js": "module.exports = { rules: {} }\n",
        "packages/eslint-plugin-shop/preview/.eslintrc.js": 'module.exports = { extends: ["plugin:shop/recommended"] }\n',
        "packages/eslint-plugin-shop/preview/sample.js": "class Sample {\n  constructor()\n}\nfunction other() {}\n"})
    run_noting(root, "packages/eslint-plugin-shop/preview/sample.js", "nothing imports or runs")


@pytest.mark.parametrize("how", ["shebang", "script", "main-guard"])
def test_a_broken_file_that_runs_stays_an_error(tmp_path, how):
    files = {"ok.py": GOOD}
    if how == "shebang":
        files["tools/fix.py"] = "#!/usr/bin/env python3\ndef f(:\n    pass\n"
    elif how == "script":
        files["tools/fix.py"] = "def f(:\n    pass\n"
        files["Makefile"] = "fix:\n\tpython tools/fix.py\n"
    else:
        files["tools/fix.py"] = "def f(:\n    pass\n\nif __name__ == '__main__':\n    f()\n"
    root = make(tmp_path / "repo", files)
    result = invoke("run", root, "--plain")
    assert result.exit_code == 2, result.stdout + result.stderr
    assert any(e["file"] == "tools/fix.py" for e in last_run(root)["errors"])


def test_a_test_file_the_parser_reads_only_in_part_is_a_note_naming_it_a_test_file(tmp_path):
    # `vi.fn<<T extends X>(x: T) => T>()`: valid TypeScript the grammar rejects; the test runner runs the
    # file and is the judge of its syntax. The same file in production code stays an error.
    broken = "import { vi } from 'vitest'\n\nexport const mock = vi.fn<<T extends number>(x: T) => T>()\n"
    root = make(tmp_path / "repo", {"ok.py": GOOD, "src/flat.test.ts": broken,
                                    "vitest.config.ts": "export default { test: { include: ['src/**/*.test.ts'] } }\n"})
    run_noting(root, "src/flat.test.ts", "a test file")
    make(root, {"src/flat.ts": broken, "src/main.ts": "import { mock } from './flat'\nmock(1)\n"})
    assert invoke("run", root, "--plain").exit_code == 2
