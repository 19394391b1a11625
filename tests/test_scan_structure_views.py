"""The scan's one-pass code views (structure._code_views: one `findall` per function) read
exactly what the token scan they stand in for reads (_code_tokens, then _literals_and_stream
and _line_hashes). Both stay in the code: the token scan takes the texts the one pass leaves
(`$` names, JSX text), so the two must not drift apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from reviewer.scan.languages import LANGUAGES, language_for_path
from reviewer.scan.structure import _code_tokens, _code_views, _line_hashes, _literals_and_stream, header_end

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted([*(ROOT / "reviewer").rglob("*.py"), *(ROOT / "tests" / "fixtures").rglob("*.ts*")])


def chunks(text: str) -> list[tuple[str, int]]:
    """The whole file, and each block that starts at an unindented `def`/`function`/`export`."""
    lines = text.splitlines(keepends=True)
    starts = [k for k, line in enumerate(lines) if line.startswith(("def ", "async def ", "function ", "export "))]
    bounds = zip(starts, [*starts[1:], len(lines)])
    return [(text, 0)] + [("".join(lines[a:b]), a) for a, b in bounds]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_one_pass_views_equal_the_token_scan(path: Path) -> None:
    syntax = LANGUAGES[language_for_path(path.name)].tokens
    compared = 0
    for text, _ in chunks(path.read_text(encoding="utf-8")):
        for function in (True, False):
            start = header_end(text, syntax) if function else 0
            views = _code_views(text, start, syntax, function=function)
            if views is None:
                continue
            written = _code_tokens(text, start, syntax)
            literals, stream = _literals_and_stream(written, syntax)
            hashes = _line_hashes(text, start, written, syntax, function=function)
            assert views[2] == hashes
            if function:
                assert (views[0], views[1]) == (literals, stream)
            compared += 1
    # Where the one pass declines a whole file (a `$` in a template literal or a string, JSX text), its
    # functions without one are still compared; a declarative module of regular expressions may have none.
    assert compared or path.suffix != ".py" or "$" in path.read_text(encoding="utf-8")


def test_a_constructor_storing_its_state_weighs_no_tokens_where_logic_does() -> None:
    """`self.loop = loop` in `__init__` declares state (two classes holding the same state repeat
    it by design); the same line in another method is a step of its logic."""
    from reviewer.scan.languages import LANGUAGES as languages
    from reviewer.scan.structure import structure_of

    syntax = languages["python"].tokens
    init = structure_of("def __init__(self, loop, config):\n    self.loop = loop\n    self.tasks = set()\n"
                        "    self.root = config.root\n    self.start(loop)\n", syntax)
    assert [h & 0xFF for h in init.line_hashes[1:5]] == [0, 0, 0, 3]
    step = structure_of("def receive(self):\n    self.waiting = False\n", syntax)
    assert step.line_hashes[1] & 0xFF > 0
