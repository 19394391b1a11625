"""Tests axis (GOOD / WEAK / NONE) and documentation axis (DOCUMENTED / PARTIAL / UNDOCUMENTED)."""

from __future__ import annotations

from pathlib import Path

from analysis_helpers import analyze, detail, verdict

FILES = {
    "calc/__init__.py": "",
    "calc/ops.py": '''
        def add(a, b):
            """Add two numbers.

            Args:
                a: the first number.
                b: the second number.

            Returns:
                The sum.
            """
            return a + b


        def scale(values, factor):
            """Multiply every number."""
            return [v * factor for v in values]


        def ratio(numerator, denominator):
            """Divide.

            :param numerator: top.
            :param denominator: bottom.
            """
            return numerator / denominator


        def reset():
            """Forget every cached value."""
            CACHE.clear()


        def shout(text):
            """Upper-case text and return it."""
            return text.upper()


        def untested(x):
            return x + 1


        def _private_helper(x):
            return x


        CACHE = {}


        class Meter:
            """A running total."""

            def __init__(self):
                self.total = 0

            def feed(self, amount):
                self.total += amount
    ''',
    "tests/test_ops.py": """
        from calc.ops import Meter, add, ratio, scale


        def test_add():
            assert add(1, 2) == 3


        def test_scale_smoke():
            scale([1], 2)


        def test_ratio_raises():
            import pytest
            with pytest.raises(ZeroDivisionError):
                ratio(1, 0)


        def test_meter():
            meter = Meter()
            meter.feed(2)
            assert meter.total == 2
    """,
    "tests/conftest.py": """
        import pytest
        from calc.ops import reset


        @pytest.fixture(autouse=True)
        def clean():
            reset()
            yield
    """,
}


def test_tests_axis(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, FILES)
    ops = "calc/ops.py"
    assert verdict(evidence, ops, "add", "tests") == "GOOD"
    assert detail(evidence, ops, "add", "tests") == "referenced by 1 test in tests/test_ops.py (asserting)"
    assert verdict(evidence, ops, "ratio", "tests") == "GOOD"  # pytest.raises
    assert verdict(evidence, ops, "scale", "tests") == "WEAK"
    assert verdict(evidence, ops, "reset", "tests") == "WEAK"  # only a fixture calls it
    assert verdict(evidence, ops, "untested", "tests") == "NONE"
    assert verdict(evidence, ops, "Meter.feed", "tests") == "GOOD"  # class named in the test, .feed called
    assert evidence.for_symbol(ops, "_private_helper")["tests"].report is False
    assert evidence.for_symbol("tests/test_ops.py", "test_add")["tests"].report is False


def test_documentation_axis(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, FILES)
    ops = "calc/ops.py"
    assert verdict(evidence, ops, "add", "documentation") == "DOCUMENTED"
    # Like pydoclint: a prose docstring is not checked word by word (no demand for "return")
    assert verdict(evidence, ops, "scale", "documentation") == "DOCUMENTED"
    assert verdict(evidence, ops, "ratio", "documentation") == "PARTIAL"  # Sphinx params, no :returns:
    assert detail(evidence, ops, "ratio", "documentation") == \
        "docstring sections do not describe the return value (no returns section)"
    assert verdict(evidence, ops, "reset", "documentation") == "DOCUMENTED"  # no params, no value
    assert verdict(evidence, ops, "shout", "documentation") == "DOCUMENTED"  # names its parameter and return
    assert verdict(evidence, ops, "untested", "documentation") == "UNDOCUMENTED"
    assert verdict(evidence, ops, "Meter", "documentation") == "DOCUMENTED"
    private = evidence.for_symbol(ops, "_private_helper")["documentation"]
    assert private.verdict == "UNDOCUMENTED" and private.report is False
    assert "not exported: no finding" in private.detail


def test_jsdoc(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "src/math.ts": """
            /**
             * Clamp a value.
             * @param value the input
             * @param max the upper bound
             * @returns the clamped value
             */
            export function clamp(value: number, max: number): number {
              return Math.min(value, max);
            }

            /** Log a message. */
            export function log(message: string, level: string): void {
              console.log(level, message);
            }

            /**
             * Half of a range.
             * @param min the lower bound
             */
            export function half(min: number, max: number): void {
              console.log((max - min) / 2);
            }

            /** Print the message. */
            export function print(message: string): void {
              console.log(message);
            }

            export function bare(x: number): number {
              return x;
            }
        """,
    })
    m = "src/math.ts"
    assert verdict(evidence, m, "clamp", "documentation") == "DOCUMENTED"
    assert verdict(evidence, m, "log", "documentation") == "DOCUMENTED"  # prose only: nothing claimed
    assert verdict(evidence, m, "half", "documentation") == "PARTIAL"
    assert detail(evidence, m, "half", "documentation") == "doc comment sections do not describe max"
    assert verdict(evidence, m, "print", "documentation") == "DOCUMENTED"  # void: names its one parameter
    assert verdict(evidence, m, "bare", "documentation") == "UNDOCUMENTED"


def test_documentation_checks_what_the_sections_claim(tmp_path: Path) -> None:
    """Google and NumPy sections: every parameter named, a returns section when a value comes back."""
    evidence = analyze(tmp_path, {"lib.py": '''
        def google(a, b):
            """Combine.

            Args:
                a: the first.
            """
            return a


        def numpy_style(a):
            """Combine.

            Parameters
            ----------
            a : int
                The input.

            Returns
            -------
            int
            """
            return a


        def prose(a, b):
            """Give back the larger of the two inputs, a or b."""
            return max(a, b)
    '''})
    assert verdict(evidence, "lib.py", "google", "documentation") == "PARTIAL"
    assert detail(evidence, "lib.py", "google", "documentation") == \
        "docstring sections do not describe b, the return value (no returns section)"
    assert verdict(evidence, "lib.py", "numpy_style", "documentation") == "DOCUMENTED"
    assert verdict(evidence, "lib.py", "prose", "documentation") == "DOCUMENTED"


def test_documentation_never_asks_for_injected_parameters(tmp_path: Path) -> None:
    """FastAPI dependencies and request objects, and click command options, are filled in by
    the framework: a docstring naming only the real inputs is complete."""
    evidence = analyze(tmp_path, {"api.py": (
        "from fastapi import Depends, Query, Request\nimport click\n\n\n"
        "def read(item_id: int, request: Request, db=Depends(get_db), q: str = Query(None)) -> None:\n"
        "    \"\"\"Read the item.\n\n    Args:\n        item_id: which one.\n    \"\"\"\n\n\n"
        "def plain(item_id: int, limit: int = 3) -> None:\n"
        "    \"\"\"Read the item.\n\n    Args:\n        item_id: which one.\n    \"\"\"\n\n\n"
        "@click.command()\n@click.option('--name')\ndef hello(name) -> None:\n"
        "    \"\"\"Greet.\"\"\"\n")})
    assert verdict(evidence, "api.py", "read", "documentation") == "DOCUMENTED"
    assert verdict(evidence, "api.py", "hello", "documentation") == "DOCUMENTED"
    assert "limit" in detail(evidence, "api.py", "plain", "documentation")  # a real input is still asked for


# Coverage data as evidence for the tests axis: one test per format the repository may hold.

def _line_of(root: Path, path: str, text: str) -> int:
    """The line number of the first line of a written file containing text."""
    lines = (root / path).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if text in line)


def _ops_lines(root: Path) -> tuple[set[int], set[int]]:
    """(executed, measured) lines of calc/ops.py: add, scale and shout ran, untested did not."""
    from analysis_helpers import write_repo
    write_repo(root, FILES)
    ops = "calc/ops.py"
    ran = {_line_of(root, ops, t) for t in ("return a + b", "return [v * factor", "return text.upper()")}
    return ran, ran | {_line_of(root, ops, "return x + 1")}


def _assert_ops_coverage(evidence, source: str, measured: bool = True) -> None:
    ops = "calc/ops.py"
    assert verdict(evidence, ops, "add", "tests") == "GOOD"  # the graph's GOOD stays
    assert verdict(evidence, ops, "shout", "tests") == "WEAK"  # no test names it, but it ran
    total = 1 if measured else 2  # the measured statements, else every body line (docstring included)
    assert detail(evidence, ops, "shout", "tests") == (
        f"covered by the test run (1 of {total} lines, from {source}) but no test references it directly")
    untested = evidence.for_symbol(ops, "untested")["tests"]
    assert (untested.verdict, untested.confidence, untested.report) == ("NONE", 90, True)
    assert untested.detail == f"no line runs under the tests ({source})"
    assert verdict(evidence, ops, "scale", "tests") == "WEAK"


def test_coverage_xml_cobertura(tmp_path: Path) -> None:
    ran, measured = _ops_lines(tmp_path)
    lines = "".join(f'<line number="{n}" hits="{1 if n in ran else 0}"/>' for n in sorted(measured))
    (tmp_path / "coverage.xml").write_text(  # paths from another machine: matched by suffix
        f'<?xml version="1.0"?><coverage><sources><source>/home/ci/build</source></sources><packages>'
        f'<package name="calc"><classes><class name="ops.py" filename="calc/ops.py"><lines>{lines}</lines>'
        f'</class></classes></package></packages></coverage>')
    evidence = analyze(tmp_path)
    _assert_ops_coverage(evidence, "coverage.xml")
    assert verdict(evidence, "calc/ops.py", "Meter.feed", "tests") == "GOOD"  # no statement known: graph


def test_coverage_json(tmp_path: Path) -> None:
    import json
    ran, measured = _ops_lines(tmp_path)
    (tmp_path / "coverage.json").write_text(json.dumps({"files": {"calc/ops.py": {
        "executed_lines": sorted(ran), "missing_lines": sorted(measured - ran)}}}))
    _assert_ops_coverage(analyze(tmp_path), "coverage.json")


def test_coverage_sqlite(tmp_path: Path) -> None:
    import sqlite3
    ran, _ = _ops_lines(tmp_path)
    bits = bytearray(max(ran) // 8 + 1)
    for n in ran:
        bits[n // 8] |= 1 << (n % 8)
    db = sqlite3.connect(tmp_path / ".coverage")
    db.executescript("create table file (id integer primary key, path text);"
                     "create table line_bits (file_id integer, context_id integer, numbits blob);")
    db.execute("insert into file values (1, ?)", (str(tmp_path / "calc" / "ops.py"),))  # absolute, this machine
    db.execute("insert into line_bits values (1, 1, ?)", (bytes(bits),))
    db.commit()
    db.close()
    _assert_ops_coverage(analyze(tmp_path), ".coverage", measured=False)


def test_coverage_sqlite_arcs(tmp_path: Path) -> None:
    import sqlite3
    ran, _ = _ops_lines(tmp_path)
    db = sqlite3.connect(tmp_path / ".coverage")
    db.executescript("create table file (id integer primary key, path text);"
                     "create table arc (file_id integer, context_id integer, fromno integer, tono integer);")
    db.execute("insert into file values (1, 'calc/ops.py')")
    db.executemany("insert into arc values (1, 1, ?, ?)", [(-1, n) for n in ran] + [(n, -1) for n in ran])
    db.commit()
    db.close()
    _assert_ops_coverage(analyze(tmp_path), ".coverage", measured=False)


def test_coverage_lcov(tmp_path: Path) -> None:
    ran, measured = _ops_lines(tmp_path)
    records = "".join(f"DA:{n},{3 if n in ran else 0}\n" for n in sorted(measured))
    (tmp_path / "coverage").mkdir()
    (tmp_path / "coverage" / "lcov.info").write_text(
        f"TN:\nSF:{tmp_path / 'calc' / 'ops.py'}\n{records}end_of_record\n")
    _assert_ops_coverage(analyze(tmp_path), "coverage/lcov.info")


def test_coverage_istanbul(tmp_path: Path) -> None:
    import json
    files = {
        "src/math.js": """
            export function double(x) {
              return x * 2;
            }

            export function half(x) {
              return x / 2;
            }

            export function triple(x) {
              return x * 3;
            }
        """,
        "src/math.test.js": """
            import { double } from "./math";

            test("double", () => {
              expect(double(2)).toBe(4);
            });
        """,
    }
    from analysis_helpers import write_repo
    write_repo(tmp_path, files)
    js = "src/math.js"
    statements = {str(i): {"start": {"line": _line_of(tmp_path, js, text), "column": 2}}
                  for i, text in enumerate(("return x * 2", "return x / 2", "return x * 3"))}
    (tmp_path / "coverage").mkdir()
    (tmp_path / "coverage" / "coverage-final.json").write_text(json.dumps({
        "/builds/other/machine/src/math.js": {"path": "/builds/other/machine/src/math.js",
                                              "statementMap": statements, "s": {"0": 2, "1": 1, "2": 0}}}))
    evidence = analyze(tmp_path)
    assert verdict(evidence, js, "double", "tests") == "GOOD"
    assert verdict(evidence, js, "half", "tests") == "WEAK"
    assert detail(evidence, js, "half", "tests") == (
        "covered by the test run (1 of 1 lines, from coverage/coverage-final.json) but no test references it directly")
    triple = evidence.for_symbol(js, "triple")["tests"]
    assert (triple.verdict, triple.confidence) == ("NONE", 90)
    assert triple.detail == "no line runs under the tests (coverage/coverage-final.json)"


def test_coverage_damaged_file_is_ignored_with_a_warning(tmp_path: Path) -> None:
    import json
    ran, measured = _ops_lines(tmp_path)
    (tmp_path / "coverage.xml").write_text("<coverage><packages><package")  # truncated
    evidence = analyze(tmp_path)
    untested = evidence.for_symbol("calc/ops.py", "untested")["tests"]
    assert (untested.verdict, untested.confidence) == ("NONE", 80)  # the graph's verdict
    assert untested.detail.splitlines()[0] == "no test references or reaches it"
    assert untested.detail.splitlines()[1].startswith("warning: coverage.xml ignored (unreadable: ")
    # the next file found is read instead
    (tmp_path / "coverage.json").write_text(json.dumps({"files": {"calc/ops.py": {
        "executed_lines": sorted(ran), "missing_lines": sorted(measured - ran)}}}))
    evidence = analyze(tmp_path)
    assert verdict(evidence, "calc/ops.py", "shout", "tests") == "WEAK"
    assert "from coverage.json" in detail(evidence, "calc/ops.py", "shout", "tests")
    (tmp_path / "coverage.xml").unlink()
    (tmp_path / "coverage.json").write_text("{not json")
    (tmp_path / ".coverage").write_bytes(b"SQLite format 3\x00garbage")
    evidence = analyze(tmp_path)
    assert verdict(evidence, "calc/ops.py", "untested", "tests") == "NONE"
    assert "warning: .coverage ignored" in detail(evidence, "calc/ops.py", "untested", "tests")


def test_code_run_by_a_tested_module_on_import_is_not_untested(tmp_path: Path) -> None:
    """A hook registered by module-level code (an argparse `type=`, a plugin list) runs when
    the tests use that module: not "no test exercises it" (httpie: 24 -> 7 NONE findings)."""
    evidence = analyze(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/cli.py": ("HOOKS = []\n\n\ndef register(hook):\n    HOOKS.append(hook)\n\n\n"
                       "def readable(value):\n    return value\n\n\nregister(readable)\n\n\n"
                       "def main(args):\n    return [hook(args) for hook in HOOKS]\n"),
        "pkg/lonely.py": "def untouched(value):\n    return value\n",
        "tests/test_cli.py": "from pkg.cli import main\n\n\ndef test_main():\n    assert main('x') == 'x'\n",
    })
    assert "reaches it through" in detail(evidence, "pkg/cli.py", "readable", "tests")
    assert verdict(evidence, "pkg/lonely.py", "untouched", "tests") == "NONE"


def test_the_settings_module_the_test_runner_loads_runs_under_the_tests(tmp_path: Path) -> None:
    """pytest-django loads DJANGO_SETTINGS_MODULE before any test: what its top-level code
    calls, and what it names by dotted path, runs under the tests."""
    evidence = analyze(tmp_path, {
        "pytest.ini": "[pytest]\nDJANGO_SETTINGS_MODULE = config.test\n",
        "config/__init__.py": "",
        "config/test.py": "from app.setup import configure_logging\n\nconfigure_logging()\n"
                          "HANDLER = 'app.auth.payload_handler'\n",
        "app/__init__.py": "",
        "app/setup.py": "def configure_logging():\n    return 1\n",
        "app/auth.py": "def payload_handler(user):\n    return user\n\n\ndef untouched():\n    return 2\n",
        "tests/test_app.py": "from app.auth import untouched\n\n\ndef test_nothing():\n    assert True\n",
    })
    assert "reaches it through" in detail(evidence, "app/setup.py", "configure_logging", "tests")
    assert "reaches it through" in detail(evidence, "app/auth.py", "payload_handler", "tests")


def test_a_module_the_tests_load_runs_what_its_top_level_imports_load(tmp_path: Path) -> None:
    """`from .base import *` in the test settings runs base.py, and base.py's module-level calls,
    even though no name of base.py is used; an import inside a function loads nothing until called."""
    evidence = analyze(tmp_path, {
        "pytest.ini": "[pytest]\nDJANGO_SETTINGS_MODULE = config.test\n",
        "config/__init__.py": "",
        "config/test.py": "from .base import *  # noqa\n\nDEBUG = False\n",
        "config/base.py": "from app.setup import Setup\n\nLOGGING = Setup.logging()\n",
        "app/__init__.py": "",
        "app/setup.py": "class Setup:\n    @staticmethod\n    def logging():\n        return {}\n",
        "app/lazy.py": "def later():\n    from app import heavy\n    return heavy\n",
        "app/heavy.py": "def compute():\n    return 1\n\n\nVALUE = compute()\n",
        "tests/test_app.py": "import app.lazy\n\n\ndef test_nothing():\n    assert app.lazy\n",
    })
    assert "reaches it through" in detail(evidence, "app/setup.py", "Setup.logging", "tests")
    assert verdict(evidence, "app/heavy.py", "compute", "tests") == "NONE"
    assert "no test references or reaches it" in detail(evidence, "app/heavy.py", "compute", "tests")


def test_docstring_examples_pytest_collects_are_tests(tmp_path: Path) -> None:
    """`--doctest-modules` in pytest's options runs the `>>>` examples of the modules under its
    testpaths (httpie: humanize_bytes); a module outside them (requests: src/ with testpaths =
    tests) has its examples never run."""
    example = 'def size(n):\n    """\n    >>> size(1)\n    \'1 B\'\n    """\n    return f"{n} B"\n'
    files = {
        "setup.cfg": "[tool:pytest]\ntestpaths = pkg\n    tests\naddopts = --tb=native --doctest-modules\n",
        "pkg/__init__.py": "", "pkg/units.py": example, "other/units.py": example,
        "tests/test_pkg.py": "import pkg\n\n\ndef test_pkg():\n    assert pkg\n",
    }
    evidence = analyze(tmp_path, files)
    assert verdict(evidence, "pkg/units.py", "size", "tests") == "GOOD"
    assert "doctests (pytest --doctest-modules over pkg/)" in detail(evidence, "pkg/units.py", "size", "tests")
    assert verdict(evidence, "other/units.py", "size", "tests") == "NONE"
    (tmp_path / "setup.cfg").write_text("[tool:pytest]\ntestpaths = pkg\n")
    assert verdict(analyze(tmp_path), "pkg/units.py", "size", "tests") == "NONE"


def test_modules_a_computed_require_may_load_are_not_said_untested(tmp_path: Path) -> None:
    """express's mvc example requires each controllers/*/index.js by a computed path and its
    tests call the routes: the controllers' exports may run under them (unknown, not NONE).
    A module outside the loader's module folder keeps its NONE."""
    evidence = analyze(tmp_path, {
        "examples/mvc/index.js": "var boot = require('./lib/boot');\nboot();\n",
        "examples/mvc/lib/boot.js": ("var fs = require('fs');\nmodule.exports = function () {\n"
                                     "  fs.readdirSync('c').forEach(function (file) {\n    require(file);\n  });\n};\n"),
        "examples/mvc/controllers/pet/index.js": "exports.show = function (req, res) {\n  res.send('pet');\n};\n",
        "examples/other/index.js": "exports.lonely = function () {\n  return 1;\n};\n",
        "test/mvc.js": ("var app = require('../examples/mvc');\n\ndescribe('mvc', function () {\n"
                        "  it('loads', function () {\n    expect(app).toBeTruthy();\n  });\n});\n"),
    })
    assert "reaches it through" in detail(evidence, "examples/mvc/controllers/pet/index.js", "show", "tests")
    assert "no test references or reaches it" in detail(evidence, "examples/other/index.js", "lonely", "tests")


def test_equal_verdicts_of_an_axis_are_one_shared_record(tmp_path: Path) -> None:
    """analyze_project folds each axis's equal verdicts into one record (schema.evidence.fold_equal:
    a large project held one per symbol): the verdicts read as before, equal ones are the same object,
    and records that differ in any field stay apart."""
    from reviewer.schema.evidence import assessment, fold_equal

    evidence = analyze(tmp_path, FILES)
    for axis in ("utility", "overengineering", "tests", "documentation"):
        records = [axes[axis] for axes in evidence.assessments.values() if axis in axes]
        by_value: dict[str, object] = {}
        for record in records:
            assert by_value.setdefault(record.model_dump_json(), record) is record, axis
    overengineering = [axes["overengineering"] for axes in evidence.assessments.values()]
    assert len({id(record) for record in overengineering}) < len(overengineering)

    verdicts = {("a.py", "f"): assessment("DEAD", 90, "unused"), ("a.py", "g"): assessment("DEAD", 90, "unused"),
                ("a.py", "h"): assessment("DEAD", 90, "unused", rule="dead/x"),
                ("a.py", "k"): assessment("DEAD", 90, "unused", line_start=3, line_end=4)}
    folded = fold_equal(dict(verdicts))
    assert folded == verdicts
    assert folded[("a.py", "f")] is folded[("a.py", "g")]
    assert len({id(record) for record in folded.values()}) == 3
