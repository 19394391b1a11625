"""Markdown-safe text: what any name, message or path must go through before it
lands in a table cell or a line of a .rev.md / report.md.

Names come from other people's code (`|` in a TS union type, backticks in a
template literal, `<T>` generics, newlines in a signature), so nothing is
trusted: a cell is one line, pipes are escaped, HTML is neutralised, and very
long text is cut with an ellipsis so one minified file cannot blow up a report.
"""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import quote

CELL_LIMIT = 160  # characters in one table cell
LINE_LIMIT = 400  # characters in one paragraph line (details, evidence)

# Characters that start Markdown syntax mid-line; escaping them keeps a name literal.
# An underscore between two letters or digits (snake_case) never starts emphasis in
# GFM, so it stays as is; `__init__` still gets escaped.
_MARKDOWN_SPECIALS = re.compile(r"([\\`*\[\]<>|#]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9]))")
_SPECIAL_CHARS = frozenset("\\`*[]<>|#_")


def truncate(value: str, limit: int) -> str:
    return value if len(value) <= limit else value[: max(limit - 1, 0)] + "…"


def one_line(value: object) -> str:
    """Collapse every run of whitespace (newlines included) into one space."""
    shown = str(value)
    if shown.isprintable() and "  " not in shown:  # the common case, without splitting
        return shown.strip()
    return " ".join(shown.split())


def _escape_specials(fragment: str) -> str:
    return fragment if _SPECIAL_CHARS.isdisjoint(fragment) else _MARKDOWN_SPECIALS.sub(r"\\\1", fragment)


@lru_cache(maxsize=65536)
def _escaped(value: str, limit: int) -> str:
    return _escape_specials(truncate(one_line(value), limit))


def text(value: object, limit: int = LINE_LIMIT) -> str:
    """Plain prose on one line: Markdown specials escaped, cut at `limit`.
    Cached: names and verdicts come back in every table of every page."""
    return _escaped(value if isinstance(value, str) else str(value), limit)


_CODE_SPAN = re.compile(r"(`+)([^`]|[^`].*?[^`])\1(?!`)")


@lru_cache(maxsize=65536)
def _prose(value: str, limit: int, in_table: bool) -> str:
    shown = truncate(one_line(value), limit)
    parts, position = [], 0
    for span in _CODE_SPAN.finditer(shown) if "`" in shown else ():
        parts.append(_escape_specials(shown[position:span.start()]))
        code_text = span.group(0)
        parts.append(code_text.replace("|", "\\|") if in_table else code_text)
        position = span.end()
    parts.append(_escape_specials(shown[position:]))
    return "".join(parts)


def prose(value: object, limit: int = LINE_LIMIT) -> str:
    """Text a reviewer wrote (messages, details, actions): like `text`, but its
    balanced `code spans` stay code; a lone backtick is escaped."""
    return _prose(value if isinstance(value, str) else str(value), limit, False)


def prose_cell(value: object, limit: int = CELL_LIMIT) -> str:
    """`prose` for a table cell: pipes escaped inside code spans too; `-` when empty."""
    return _prose(value if isinstance(value, str) else str(value), limit, True) or "-"


def plural(count: int, word: str, many: str | None = None) -> str:
    return f"{count:,} {word if count == 1 else (many or word + 's')}"


def cell(value: object, limit: int = CELL_LIMIT) -> str:
    """A table cell: one line, `|` escaped, Markdown specials escaped, cut at `limit`.
    An empty value shows as a dash so the table keeps its shape."""
    shown = text(value, limit)
    return shown if shown else "-"


def code(value: object, limit: int = CELL_LIMIT) -> str:
    """Inline code that survives backticks in the value (for headings and prose).

    CommonMark: a code span opened by N backticks ends at the next run of exactly
    N, so use one more backtick than the longest run inside, and pad with spaces
    when the value starts or ends with a backtick."""
    shown = truncate(one_line(value), limit)
    if not shown:
        return "-"
    if "`" not in shown:
        return f"`{shown}`"
    longest = max((len(run) for run in re.findall(r"`+", shown)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if shown.startswith("`") or shown.endswith("`") else ""
    return f"{fence}{pad}{shown}{pad}{fence}"


def code_cell(value: object, limit: int = CELL_LIMIT) -> str:
    """Inline code inside a table cell: GFM splits cells on `|` even inside code
    spans, so pipes are escaped as `\\|` (GitHub shows a plain `|`)."""
    return code(value, limit).replace("|", "\\|")


def quote_target(target: str) -> str:
    """A relative link target, percent-encoded (spaces, parentheses, `|`, `#`)."""
    return quote(target, safe="/.-_~")


def percent(part: float, whole: float) -> str:
    return "0%" if not whole else f"{100 * part / whole:.0f}%"
