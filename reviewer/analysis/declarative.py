"""Repeats of declarations: markup, data literals and type fields, read from the repeated lines.

A repeated block whose lines declare (JSX elements and their attributes, object-literal or keyword
entries, type fields, closing brackets) rather than act (calls, assignments from calls, control flow)
is the layout or the data of two places that happen to look alike: the same dialog footer with other
labels, a store's state literal with other defaults, a schema's fields for another table. Folding it
asks for a component or a table taking every difference as a parameter, which a reviewer asks only
when the block is long; a short one is a candidate for the Claude reviewer, not a finding. The same
declarations word for word (a style table copied whole, two components alike but for their names) stay a finding: they can be
shared as they are.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# A line that acts: control flow, a return, an await; or a call outside markup (`save(x)`, `x = f()`).
_CONTROL = re.compile(r"^(?:if|elif|else|for|while|try|except|catch|finally|with|switch|case|return|yield|await|raise"
                      r"|throw|break|continue|del|assert|async\s+def|def|function|const\s+\w+\s*=\s*(?:async\s*)?\(?"
                      r"[^)=]*\)?\s*=>)\b")
_CALL = re.compile(r"[\w$\])]\s*\(")
# Markup: an element opening or closing, a fragment, an attribute line, a text line between tags.
_MARKUP = re.compile(r"^(?:</?[A-Za-z>]|/>|>|\{/\*|[A-Za-z_$][\w$.-]*=(?:[\"'{]|$))")
# Data: `key: value,` / `"key": value` / `key=value,` entries, type fields (`name?: Type;`), bare values
# of a list (`"a",`), closing brackets.
_ENTRY = re.compile(r"""^(?:["']?[\w$.-]+["']?\??\s*[:=]\s*(?!.*=>).*[,;{(\[]?$|["'`\w$.-]+,?$|[\])}>]+[,;)]*$)""")


def _statement(line: str) -> bool:
    if _CONTROL.match(line):
        return True
    if _MARKUP.match(line):
        return False
    if _ENTRY.match(line):
        # an entry whose value is a call (`total: sum(items),`) still declares; an assignment of a call acts
        return bool(re.match(r"^[\w$.\[\]]+\s*=[^=]", line)) and bool(_CALL.search(line))
    return bool(_CALL.search(line)) or "=" in line


def _code(lines: list[str]) -> list[str]:
    """The lines that are code, stripped: not blank, not comments."""
    stripped = (line.strip() for line in lines)
    return [line for line in stripped if line and not line.startswith(("#", "//", "/*", "*", "*/"))]


def declarative_share(lines: list[str]) -> float:
    """The share of code lines (not blank, not comments) that declare rather than act."""
    code = _code(lines)
    if not code:
        return 0.0
    return sum(1 for line in code if not _statement(line)) / len(code)


RULE_DECLARATIVE_REPEAT = "duplicate/declarative-repeat"
# At least this share of the repeated lines declares, on both sides ...
DECLARATIVE_SHARE = 0.8
# ... and the repeat is shorter than this: a long block of markup or data copied whole (a landing page's
# sections, a 100-line view) is a component or a table to share all the same.
LONG_DECLARATIVE_LINES = 40


def demote_declarative(copies: dict, lines_of: Callable[[str], list[str]]) -> int:
    """Production clones (analysis.duplicates: copy key -> [Clone]) whose repeated lines are declarations
    on both sides and shorter than LONG_DECLARATIVE_LINES become candidates. `lines_of(path)`: the file's
    lines. Returns how many were demoted."""
    demoted = 0
    for (path, qualified_name, _), clones in copies.items():
        name = qualified_name.rpartition(".")[2]
        for clone in clones:
            if not clone.report or clone.test_code:
                continue
            span = min(clone.lines[1] - clone.lines[0], clone.other_lines[1] - clone.other_lines[0]) + 1
            if span >= LONG_DECLARATIVE_LINES:
                continue
            mine = lines_of(path)[clone.lines[0] - 1:clone.lines[1]]
            theirs = lines_of(clone.keep.file_path)[clone.other_lines[0] - 1:clone.other_lines[1]]
            other = clone.keep.name.rpartition(".")[2]
            if [line.replace(name, other) for line in _code(mine)] == _code(theirs):
                continue  # the same declarations word for word (a style table copied whole): one to share as is
            share = min(declarative_share(mine), declarative_share(theirs))
            if share >= DECLARATIVE_SHARE:
                clone.report, clone.rule = False, RULE_DECLARATIVE_REPEAT
                clone.note = (f"a candidate, not a finding ({RULE_DECLARATIVE_REPEAT}): {round(share * 100)}% of the "
                              f"{span} repeated lines declare (markup, data entries, type fields) rather than act")
                demoted += 1
    return demoted
