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
    assert verdict(evidence, ops, "scale", "documentation") == "PARTIAL"
    assert detail(evidence, ops, "scale", "documentation") == \
        "docstring does not describe values, factor, the return value"
    assert verdict(evidence, ops, "ratio", "documentation") == "PARTIAL"  # Sphinx params, no :returns:
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
    assert verdict(evidence, m, "log", "documentation") == "PARTIAL"
    assert detail(evidence, m, "log", "documentation") == "doc comment does not describe level"
    assert verdict(evidence, m, "print", "documentation") == "DOCUMENTED"  # void: names its one parameter
    assert verdict(evidence, m, "bare", "documentation") == "UNDOCUMENTED"


def test_documentation_never_asks_for_injected_parameters(tmp_path: Path) -> None:
    """FastAPI dependencies and request objects, and click command options, are filled in by
    the framework: a docstring naming only the real inputs is complete."""
    evidence = analyze(tmp_path, {"api.py": (
        "from fastapi import Depends, Query, Request\nimport click\n\n\n"
        "def read(item_id: int, request: Request, db=Depends(get_db), q: str = Query(None)) -> None:\n"
        "    \"\"\"Read the item item_id.\"\"\"\n\n\n"
        "def plain(item_id: int, limit: int = 3) -> None:\n"
        "    \"\"\"Read the item item_id.\"\"\"\n\n\n"
        "@click.command()\n@click.option('--name')\ndef hello(name) -> None:\n"
        "    \"\"\"Greet.\"\"\"\n")})
    assert verdict(evidence, "api.py", "read", "documentation") == "DOCUMENTED"
    assert verdict(evidence, "api.py", "hello", "documentation") == "DOCUMENTED"
    assert "limit" in detail(evidence, "api.py", "plain", "documentation")  # a real input is still asked for
