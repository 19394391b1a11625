"""Facts read from a file's text rather than its tree, once, in the scan (analysis never opens a file).

- name fragments: the literal start of a computed name (`f"_render_{x}"`, `"_on_" + x`,
  `` `handle${x}` ``, `"do_%s" % x`): analysis narrows a dynamic lookup to the names they begin;
- assertion lines: `assert`, `assert*` calls, `expect(...)`, `pytest.raises`, `.should`,
  `.toBe(...)` matchers, `self.fail(...)`, ava's `t.is(...)`: a test that asserts;
- literal call arguments: `make_parser("json")` -> "\"json\"", for a factory whose every
  caller passes the same literals;
- dotted-path strings (`"app.auth.services.handler"` in Django settings, celery routes,
  `import_string`): a function loaded by that name at run time;
- the path strings of a file that makes HTTP client calls (`client.get("/users/")`): tests
  that reach routes over HTTP.
"""

from __future__ import annotations

import re

# Starts at the quote (a string prefix `f"` changes nothing): a leading character class lets
# the regex engine skip to candidate positions, ten times faster than an optional prefix.
_NAME_FRAGMENT = re.compile(r"""["'`]([A-Za-z_$][\w$]*)(?:\{|\$\{|%[sr]|["'`]\s*\+)""")
# Kept free of look-behinds: it runs over every line of every file.
_ASSERTS = re.compile(
    r"assert|expect\s*\(|pytest\.(?:raises|warns|approx)|\.should\b|\.to[A-Z]\w*\s*\(|self\.fail\s*\("
    r"|\bt\.(?:is|deepEqual|true|false|throws)\s*\("
)
_LITERAL = re.compile(r"""^(?:"[^"]*"|'[^']*'|`[^`$]*`|-?\d+(?:\.\d+)?|True|False|None|true|false|null)$""")
_DOTTED_STRING = re.compile(r"""["']([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)["']""")
_HTTP_CALL = re.compile(r"""\b(?:client|test_client|api_client|app|request\([^)]*\))\s*\.\s*(?:get|post|put|patch|delete|head|options)\s*\(""")
# _HTTP_CALL without its leading `\b`: a quick first search (a `\b` first makes the engine try every position).
_HTTP_CALL_CANDIDATE = re.compile(_HTTP_CALL.pattern.removeprefix(r"\b"))
_PATH_STRING = re.compile(r"""["'`]([^"'`\n]*/[^"'`\n]*)["'`]""")
MAX_ARGUMENTS = 120  # longer argument lists are not a literal choice of product
NOT_LITERAL = "*"  # a call whose arguments are not all literals


def name_fragments(text: str) -> list[str]:
    return sorted(set(_NAME_FRAGMENT.findall(text)))


def assert_lines(text: str) -> list[int]:
    found: list[int] = []
    line, offset = 1, 0
    for match in _ASSERTS.finditer(text):  # one pass, lines counted incrementally
        line += text.count("\n", offset, match.start())
        offset = match.start()
        if not found or found[-1] != line:
            found.append(line)
    return found


def dotted_strings(text: str) -> list[str]:
    return sorted(set(_DOTTED_STRING.findall(text)))


def http_call_paths(text: str) -> list[str]:
    """The strings holding a "/" of a file that makes HTTP client calls ([] when it makes none;
    ["/"] when it makes some on paths it does not spell out)."""
    if not (_HTTP_CALL_CANDIDATE.search(text) and _HTTP_CALL.search(text)):
        return []
    return sorted(set(_PATH_STRING.findall(text))) or ["/"]


def literal_arguments(arguments: bytes) -> str:
    """The text of an argument list `(...)` when every argument is a literal, whitespace collapsed; else NOT_LITERAL."""
    if len(arguments) > MAX_ARGUMENTS + 2 or arguments[:1] != b"(" or arguments[-1:] != b")":
        return NOT_LITERAL
    inner = " ".join(arguments[1:-1].decode("utf-8", "replace").split())
    if all(_LITERAL.match(a.strip()) for a in inner.split(",") if a.strip()):
        return inner
    return NOT_LITERAL
