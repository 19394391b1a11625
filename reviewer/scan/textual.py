"""Facts read from a file's text rather than its tree, once, in the scan (analysis never opens a file).

- name fragments: the literal start of a computed name (`f"_render_{x}"`, `"_on_" + x`,
  `` `handle${x}` ``, `"do_%s" % x`): analysis narrows a dynamic lookup to the names they begin;
- assertion lines: `assert`, `assert*` calls, `expect(...)`, `pytest.raises`, `.should`,
  `.toBe(...)` matchers, `self.fail(...)`, ava's `t.is(...)`: a test that asserts;
- literal call arguments: `make_parser("json", x, strict=True)` -> "\"json\", *, strict=True", for
  a factory whose every caller passes the same literals, a parameter every caller passes alike;
- dotted-path strings (`"app.auth.services.handler"` in Django settings, celery routes,
  `import_string`): a function loaded by that name at run time;
- the path strings of a file that makes HTTP client calls (`client.get("/users/")`): tests
  that reach routes over HTTP;
- copy notes: a comment or docstring line saying the code is copied on purpose ("What follows is
  the OrderedDict from dictutils.py", "vendored from ...", "copied in from strutils"): analysis
  leaves such a copy out of DUPLICATE findings when the note names the other copy's module.
"""

from __future__ import annotations

import re
from itertools import accumulate

# Starts at the quote (a string prefix `f"` changes nothing): a leading character class lets
# the regex engine skip to candidate positions, ten times faster than an optional prefix.
_NAME_FRAGMENT = re.compile(r"""["'`]([A-Za-z_$][\w$]*)(?:\{|\$\{|%[sr]|["'`]\s*\+)""")
# It runs over every file: every alternative starts with a literal character, so the engine
# skips to candidates (three times faster); ava's `\bt.` checks its word boundary after the `t`.
_ASSERTS = re.compile(
    r"assert|expect\s*\(|pytest\.(?:raises|warns|approx)|\.should\b|\.to[A-Z]\w*\s*\(|self\.fail\s*\("
    r"|t(?<!\wt)\.(?:is|deepEqual|true|false|throws)\s*\("
)
_LITERAL = re.compile(r"""^(?:"[^"]*"|'[^']*'|`[^`$]*`|-?\d+(?:\.\d+)?|True|False|None|true|false|null)$""")
# require(`./commands/${name}`), import("./plugins/" + x) in JS/TS...
# Its word boundary is checked after the word by a look back, as _ASSERTS does: a leading `\b`
# makes the engine try every position of the file.
_COMPUTED_JS = re.compile(r"""(?:require(?<!\wrequire)|import(?<!\wimport))\s*\(\s*[`'"](\.{1,2}/[^`'"$]*)(?:\$\{|[`'"]\s*\+)""")
# ... and import_module(f"pkg.mod.{x}") / import_module("pkg.mod." + x) / __import__("pkg.mod." + x) in Python
_COMPUTED_PY = re.compile(r"""(?:import_module|__import__)\(\s*f?["']([A-Za-z_][\w.]*\.)(?:\{|["']\s*\+)""")
# ... or through a name: `module_name = f"pkg.backends.{name}"` ... `import_module(module_name)`: a file
# that imports by a name may load any module under a dotted prefix it builds (f-string or `+`).
_IMPORT_BY_NAME_PY = re.compile(r"""(?:import_module|__import__)\(\s*[A-Za-z_]""")
_DOTTED_PREFIX_PY = re.compile(r"""\bf["']([A-Za-z_]\w*(?:\.\w+)*\.)\{|["']([A-Za-z_]\w*(?:\.\w+)*\.)["']\s*\+""")
# An import its line says to leave alone: `noqa` (any case, `# NOQA` too), eslint-disable, @ts-ignore,
# pylint's `disable=unused-import`. Not `type: ignore`: it silences a type checker, not an unused name.
_SILENCED = re.compile(r"#\s*noqa|eslint-disable|@ts-ignore|pylint:\s*disable\s*=\s*[\w\s,-]*\bunused-", re.IGNORECASE)
# The line before the statement silencing it (`// eslint-disable-next-line unused-imports/no-unused-imports`,
# `# pylint: disable-next=unused-import`): with no rule named, or a rule about unused names.
_SILENCED_NEXT = re.compile(r"eslint-disable-next-line(?:[ \t]*(?:\*/)?[ \t]*$|[^\n]*unused)"
                            r"|pylint:\s*disable-next\s*=\s*[\w\s,-]*\bunused-", re.IGNORECASE)
_DOTTED_STRING = re.compile(r"""["']([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)["']""")
# "package.module:name", the import string of ASGI/WSGI servers and entry points (a server's own
# tests start `tests.test_cli:App`): read as "package.module.name".
_IMPORT_PATH_STRING = re.compile(r"""["']([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*):([A-Za-z_]\w*)["']""")
_IMPORT_STRING = re.compile(r"""["']\s*from\s+([A-Za-z_][\w.]*)\s+import\s+([\w\s,]+?)\s*["']""")
_HTTP_CALL = re.compile(r"""\b(?:client|test_client|api_client|app|request\([^)]*\))\s*\.\s*(?:get|post|put|patch|delete|head|options)\s*\(""")
# _HTTP_CALL without its leading `\b`: a quick first search (a `\b` first makes the engine try every position).
_HTTP_CALL_CANDIDATE = re.compile(_HTTP_CALL.pattern.removeprefix(r"\b"))
_PATH_STRING = re.compile(r"""["'`]([^"'`\n]*/[^"'`\n]*)["'`]""")
_WORD_CHARACTER = re.compile(r"[\w$]")
MAX_ARGUMENTS = 120  # longer argument lists are not a literal choice of product
NOT_LITERAL = "*"  # an argument that is not a literal
UNREAD_ARGUMENTS = "?"  # an argument list too long, or with a `*`/`**` splat: its parameters cannot be told


def signature_parameters(signature: str) -> list[str] | None:
    """The parameters of a signature as written (`def f(a, b: dict[str, int] = {}, *c)` -> ["a",
    " b: dict[str, int] = {}", " *c"]), split at the commas outside brackets; None without parentheses."""
    start, end = signature.find("("), signature.rfind(")")
    if start < 0 or end < start:
        return None
    depth, part, parts = 0, "", []
    for char in signature[start + 1 : end]:
        depth += char in "([{"
        depth -= char in ")]}"
        if char == "," and depth == 0:
            parts.append(part)
            part = ""
        else:
            part += char
    parts.append(part)
    return parts


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


def computed_import_prefixes(text: str) -> list[str]:
    """The literal start of modules imported by a computed path: "./commands/" (relative,
    JS) or "pkg.handlers." (dotted, Python): every module under it may be loaded."""
    found = [m.group(1) for m in _COMPUTED_JS.finditer(text)] + [m.group(1) for m in _COMPUTED_PY.finditer(text)]
    if _IMPORT_BY_NAME_PY.search(text):
        found += [m.group(1) or m.group(2) for m in _DOTTED_PREFIX_PY.finditer(text)]
    return list(dict.fromkeys(found))


def annotate_imports(text: str, imports: list, shim: str | None) -> None:
    """Fill each ImportRef's line_end, reportable and unmentioned (see schema.facts); `shim`: the
    evidence that the module is a deprecated one (deprecated_module), which keeps every import."""
    lines = text.splitlines()
    offsets: list[int] | None = None  # where each line starts in `text`, and its end
    for ref in imports:
        start = ref.line
        if not 1 <= start <= len(lines) or lines[start - 1][:1].isspace():
            continue  # indented: try/TYPE_CHECKING/function bodies import for a reason
        end = _statement_end(lines, start)
        if any(_SILENCED.search(line) for line in lines[start - 1:end]) or (start > 1 and _SILENCED_NEXT.search(lines[start - 2])):
            continue
        if offsets is None:
            offsets = list(accumulate(map(len, text.splitlines(keepends=True)), initial=0))
        bound = [n.alias or n.name for n in ref.names if n.binds] + ([ref.namespace] if ref.namespace else [])
        ref.line_end, ref.reportable = end, True
        ref.kept = _kept_import(lines, start, end) or shim
        column = _statement_stop(lines, start, end)
        stop = offsets[end] if column is None else offsets[end - 1] + column
        ref.unmentioned = [local for local in dict.fromkeys(bound)
                           if not _mentioned(text, local, offsets[start - 1], stop)]
        # a name of a statement over several lines (`from x import (\n    a,\n    b,\n)`) is reported where it stands
        ref.unmentioned_lines = [_line_of(lines, local, start, end) for local in ref.unmentioned]


def _line_of(lines: list[str], name: str, start: int, end: int) -> int:
    """The line of the statement start..end where `name` stands as a whole word, the last such (an alias
    follows its name: `import a as b`), or `start`."""
    if start == end:
        return start
    pattern = re.compile(rf"(?<![\w$]){re.escape(name)}(?![\w$])")
    found = [line for line in range(start, end + 1) if pattern.search(lines[line - 1].split("#", 1)[0])]
    return found[-1] if found else start


def _mentioned(text: str, name: str, start: int, end: int) -> bool:
    """Whether `name` occurs as a whole word (not next to a `[\\w$]` character) in `text` outside
    text[start:end], the import statement's lines. Searched in place, with no per-name pattern to
    compile: no copy of the rest of the file per import, and names differ in every file."""
    size = len(name)
    word = _WORD_CHARACTER.match
    for low, high in ((0, start), (end, len(text))):
        found = text.find(name, low, high)
        while found >= 0:
            after = found + size
            if not (found and word(text, found - 1)) and not (after < high and word(text, after)):
                return True
            found = text.find(name, found + 1, high)
    return False


def _statement_stop(lines: list[str], start: int, end: int) -> int | None:
    """Where the statement ends in its last line: after a `;` outside brackets (what follows,
    `from gevent import monkey; monkey.patch_all()`, is another statement, which may use the
    name): its column, or None when the statement runs to the line's end."""
    depth = sum(line.count("(") + line.count("{") - line.count(")") - line.count("}") for line in lines[start - 1:end - 1])
    last = lines[end - 1]
    for column, character in enumerate(last):
        if character in "({":
            depth += 1
        elif character in ")}":
            depth -= 1
        elif character == ";" and depth <= 0:
            return column + 1
        elif character == "#" or last.startswith("//", column):
            break
    return None


def _statement_end(lines: list[str], start: int) -> int:
    """The last line of the import statement that starts at `start` (bracketed names span lines)."""
    depth, line = 0, start
    while line <= len(lines):
        text = lines[line - 1].split("#", 1)[0] if not lines[line - 1].lstrip().startswith("//") else ""
        depth += text.count("(") + text.count("{") - text.count(")") - text.count("}")
        if depth <= 0:
            return line
        line += 1
    return start


def dotted_strings(text: str) -> list[str]:
    return sorted(set(_DOTTED_STRING.findall(text)) | {f"{module}.{name}" for module, name in _IMPORT_PATH_STRING.findall(text)})


def import_strings(text: str) -> list[str]:
    """"module.name" for each name a `from module import a, b as c` written in a string imports."""
    found = set()
    for module, names in _IMPORT_STRING.findall(text):
        for name in names.split(","):
            words = name.split()
            if words and words[0].isidentifier():
                found.add(f"{module}.{words[0]}")
    return sorted(found)


# A JS file names another for a tool or the runtime to load by its path, not by an import: a webpack
# loader or an Electron preload (`path.join(__dirname, './src/md-loader')`), `require.resolve('./x')`,
# a worker (`new Worker(new URL('./worker.js', import.meta.url))`).
_LOADED_PATH = re.compile(
    r"""(?:\bpath\.(?:join|resolve)\(\s*__dirname\s*,\s*|\brequire\.resolve\(\s*|\bnew\s+URL\(\s*)"""
    r"""(['"`])(\.{1,2}/[^'"`\n$]+)\1""")


# A loader handed the module's own folder (`requireDirectory(__dirname)`, `readdirSync(__dirname)` then a
# require of each, `import.meta.glob("./*.ts")`): every module beside it is loaded, written "./*".
_LOADS_OWN_FOLDER = re.compile(
    r"""\b\w*(?:[Rr]equire|[Ii]mport|[Ll]oad|readdir)\w*\s*(?:<[^()]*>)?\(\s*(?:__dirname|import\.meta\.dirname)\s*[,)]"""
    r"""|\bimport\.meta\.glob\(\s*['"`]\./\*""")


def loaded_paths(text: str) -> list[str]:
    """The relative paths (`./src/md-loader`, `../worker.js`) a JS file hands to the runtime to load;
    "./*" when it loads every module of its own folder."""
    found = {match.group(2) for match in _LOADED_PATH.finditer(text)} if "./" in text else set()
    if ("__dirname" in text or "import.meta" in text) and _LOADS_OWN_FOLDER.search(text):
        found.add("./*")
    return sorted(found)


# A string literal that is a source file's name or path (`"imports-aliases.py"`, `'fixtures/app.tsx'`), not a URL.
_NAMED_SOURCE_FILE = re.compile(r"""["']((?:[\w.-]+/)*[\w-][\w.-]*\.(?:py|pyi|js|mjs|cjs|jsx|ts|mts|cts|tsx))["']""")


def named_source_files(text: str) -> list[str]:
    """The source file names and relative paths the file's code writes as strings."""
    return sorted(set(_NAMED_SOURCE_FILE.findall(text))) if "." in text else []


def http_call_paths(text: str) -> list[str]:
    """The strings holding a "/" of a file that makes HTTP client calls ([] when it makes none;
    ["/"] when it makes some on paths it does not spell out)."""
    if not (_HTTP_CALL_CANDIDATE.search(text) and _HTTP_CALL.search(text)):
        return []
    return sorted(set(_PATH_STRING.findall(text))) or ["/"]


# A note of a deliberate copy. Lower-cased text is searched (each alternative starts with a literal).
_COPY_NOTE = re.compile(r"copied\b|copy(?:-| |/)?past|copy from|vendored|vendoring|taken from|borrowed from|adapted from|ported from"
                        r"|lifted from|duplicated from|what follows is")
_NOTE_OPENERS = ("#", "//", "/*", "*", '"', "'", "--")
_CODE_AFTER = ("=", "(", ".", "[", ")", ",")  # `copied = ...`, `copied.append(...)`: a name in code
MAX_COPY_NOTE = 200  # characters kept of a note's line
MAX_COPY_NOTES = 20


def copy_notes(text: str) -> list[list]:
    """[line, text] of each comment or docstring line that says code here is a copy on purpose.
    The line must read as prose: it opens with a comment marker or a quote, holds a `#`/`//` before
    the phrase, or holds no `=` and no `(` before it and no operator right after it (a docstring's
    line), so `copied = dup(x)` is none."""
    lowered = text.lower()
    if not _COPY_NOTE.search(lowered):
        return []
    found: list[list] = []
    for match in _COPY_NOTE.finditer(lowered):
        start = lowered.rfind("\n", 0, match.start()) + 1
        end = lowered.find("\n", match.end())
        line_text = text[start : end if end >= 0 else len(text)]
        before, after = line_text[: match.start() - start], line_text[match.end() - start :].lstrip()
        stripped = line_text.lstrip()
        if not (stripped.startswith(_NOTE_OPENERS) or "#" in before or "//" in before
                or ("=" not in before and "(" not in before and not after.startswith(_CODE_AFTER))):
            continue
        line = lowered.count("\n", 0, start) + 1
        if not found or found[-1][0] != line:
            found.append([line, stripped[:MAX_COPY_NOTE]])
        if len(found) == MAX_COPY_NOTES:
            break
    return found


def literal_arguments(arguments: bytes) -> str:
    """An argument list `(...)`, one entry per argument joined by ", ": a literal as written
    (whitespace collapsed), `name=<literal>` for a keyword, NOT_LITERAL for any other value
    (`name=*` for a keyword); UNREAD_ARGUMENTS for a list too long or with a `*`/`**` splat."""
    if len(arguments) > MAX_ARGUMENTS + 2 or arguments[:1] != b"(" or arguments[-1:] != b")":
        return UNREAD_ARGUMENTS
    inner = " ".join(arguments[1:-1].decode("utf-8", "replace").split())
    out = []
    for argument in _split_arguments(inner):
        if argument.startswith("*"):
            return UNREAD_ARGUMENTS
        name, value = _KEYWORD.match(argument).groups() if _KEYWORD.match(argument) else (None, argument)
        value = value if _LITERAL.match(value) else NOT_LITERAL
        out.append(f"{name}={value}" if name else value)
    return ", ".join(out)


_KEYWORD = re.compile(r"^([A-Za-z_]\w*)\s*=(?!=)\s*(.*)$")
_OPEN, _CLOSE = "([{", ")]}"


def _split_arguments(text: str) -> list[str]:
    """The arguments of `text` (an argument list without its parentheses), split at the commas
    outside brackets and strings; empty ones (a trailing comma) left out."""
    parts, depth, quote, start = [], 0, "", 0
    for k, char in enumerate(text):
        if quote:
            if char == quote and text[k - 1] != "\\":
                quote = ""
        elif char in "\"'`":
            quote = char
        elif char in _OPEN:
            depth += 1
        elif char in _CLOSE:
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:k].strip())
            start = k + 1
    parts.append(text[start:].strip())
    return [part for part in parts if part]


# The ecosystem's own ways of saying "this looks unused, and it is meant to be" on a definition:
# a bare `noqa`, or one naming the unused-name checks (pyflakes F401 imported, F811 redefined,
# F841 assigned); pylint's `disable=unused-...`; vulture's whitelist comment; eslint's, oxlint's and
# biome's unused-variable rule switched off at it. (`type: ignore` silences a type checker, which says
# nothing of use.)
_KEEP_PRAGMA = re.compile(
    r"#\s*noqa(?!\s*:)|#\s*noqa\s*:\s*(?:[A-Z]+\d+\s*,\s*)*(?:F401|F811|F841)\b|pylint:\s*disable\s*=\s*[\w\s,-]*\bunused-"
    r"|\bvulture:\s*ignore|(?:es|ox)lint-disable(?:-next-line|-line)?\s+[\w\s,/@-]*no-unused-vars"
    r"|biome-ignore\s+lint/correctness/noUnused\w+", re.IGNORECASE)
# A comment line whose pragma applies to the line after it.
_NEXT_LINE_PRAGMA = re.compile(r"^\s*(?://|/\*).*(?:-disable-next-line|biome-ignore)")
# A comment or docstring that says the definition is kept on purpose.
# The words of a comment that keeps the definitions it names (not "used by", which says where one is used).
_KEEPING = (r"\bbackwards?[- ]compat\w*|\bcompatibility\b|\bdeprecated\b|\blegacy\b|\bkept\b|\bkeep (?:it|this|them)\b"
            r"|\b(?:do not|don't|never) (?:remove|delete)\b|\bon purpose\b|\bintentionally\b")
_KEEP_NAMED = re.compile(_KEEPING, re.IGNORECASE)
# ... and of a comment at a definition, which may also say where it is used or why it is there.
_KEEP_WORDS = re.compile(
    _KEEPING + r"|\bpublic api\b|\bused (?:by|from|in)\b|\bcalled (?:by|from)\b|\bold pickles?\b|\bqueued\b"
               r"|\bworkaround\b",
    re.IGNORECASE)
_KEEP_NAMED_REACH = 40  # lines below a comment where the definitions it names may stand
_DEPRECATED = re.compile(r"(?:[\w.]+\.)?deprecated\b")
_OWN_SUPPRESSION = re.compile(r"reviewer:\s*ignore")
_COMMENT_LINE = re.compile(r"^\s*(?:#|//|/\*|\*)")
_CODE_COMMENT = re.compile(r"(?:#|//)(.*)$")


def _leading_body_comments(lines: list[str], start: int, python: bool) -> list[str]:
    """The comment lines that open a definition's body (`def f(x):` then `# UNUSED; kept for reference.`):
    they speak of it as a docstring would."""
    opening = ":" if python else "{"
    for at in range(start - 1, min(start + 11, len(lines))):  # the signature's last line, decorators first
        if lines[at].rstrip().endswith(opening):
            found = []
            for line in lines[at + 1:at + 5]:
                if not _COMMENT_LINE.match(line):
                    break
                found.append(line)
            return found
    return []


def keep_markers(lines: list[str], symbols: list[dict], bound_elsewhere: dict[str, int], python: bool,
                 shim: str | None = None) -> dict[int, str]:
    """Per symbol (by its first line): what the file itself says to keep it although nothing may use it,
    as evidence text. `bound_elsewhere`: top-level names bound more than once in the file (imports
    and definitions) -> how many times; `shim`: see annotate_imports."""
    found: dict[int, str] = {}
    for fields in symbols:
        start = fields["line_start"]
        if not 1 <= start <= len(lines) or start in found:
            continue
        head = lines[start - 1:start + len(fields.get("decorators") or ())]
        if start >= 2 and _NEXT_LINE_PRAGMA.search(lines[start - 2]):  # a JS linter's pragma for the next line
            head = [lines[start - 2], *head]
        pragma = next((m.group(0).strip() for line in head if (m := _KEEP_PRAGMA.search(line))), None)
        if pragma:
            found[start] = f"its line says '{pragma}'"
            continue
        comments = [line for line in head if _CODE_COMMENT.search(line)] + _leading_body_comments(lines, start, python)
        above = start - 1
        while above >= 1 and _COMMENT_LINE.match(lines[above - 1]) and start - above <= 8:
            comments.append(lines[above - 1])
            above -= 1
        # reviewer's own `reviewer: ignore[...]` is a suppression, which the report counts as one
        comments = [line for line in comments if not _OWN_SUPPRESSION.search(line)]
        said = next((m for text in comments if (m := _KEEP_WORDS.search(_comment_text(text)))), None)
        if said:
            found[start] = f"a comment at it says '{said.group(0)}'"
            continue
        deprecated = next((d for d in fields.get("decorators") or () if _DEPRECATED.match(d.strip().lstrip("@"))), None)
        if deprecated:  # PEP 702's @warnings.deprecated, and the libraries before it
            found[start] = f"its decorator says '@{deprecated.split('(', 1)[0].strip()}'"
            continue
        docstring = fields.get("docstring") or ""
        said = _KEEP_WORDS.search(docstring[:1000])
        if said:
            found[start] = f"its docstring says '{said.group(0)}'"
            continue
        if shim and fields.get("parent") is None:
            found[start] = shim
            continue
        name = fields["name"]
        if python and fields.get("parent") is None and bound_elsewhere.get(name, 0) > 1 and lines[start - 1][:1].isspace():
            found[start] = (f"a conditional alternative definition: {name} is bound more than once at the top of the "
                            f"file (an `if`/`try` branch picks one)")
    _named_in_keep_comments(lines, symbols, found)
    return found


def _named_in_keep_comments(lines: list[str], symbols: list[dict], found: dict[int, str]) -> None:
    """A comment that says to keep the definitions it names ("A and B are kept for backward
    compatibility") covers each named one defined in the lines below it, not only the first."""
    blocks: list[tuple[int, str]] = []  # (last line of a comment block, its text)
    block: list[str] = []
    for number, line in enumerate(lines, 1):
        if _COMMENT_LINE.match(line):
            block.append(_comment_text(line))
        elif block:
            blocks.append((number - 1, " ".join(block)))
            block = []
    blocks = [(end, text) for end, text in blocks if _KEEP_NAMED.search(text)]
    for end, text in blocks:
        said = _KEEP_NAMED.search(text).group(0)
        for fields in symbols:
            start = fields["line_start"]
            if start not in found and end < start <= end + _KEEP_NAMED_REACH and fields.get("parent") is None \
                    and re.search(rf"(?<![\w$]){re.escape(fields['name'])}(?![\w$])", text):
                found[start] = f"a comment at line {end} names it and says '{said}'"


# A module-level `warnings.warn(..., DeprecationWarning)`: the module is a shim kept for old importers.
_MODULE_WARN = re.compile(r"^(?:warnings\.)?warn\(")
_DEPRECATION_WARNING = re.compile(r"\b(?:Pending)?DeprecationWarning\b|\bFutureWarning\b")
# How the keep markers of a whole module or block open (analysis.guard.kept_rule names their rules by them).
DEPRECATED_MODULE = "its module warns when imported that it is deprecated"
AUGMENTS_MODULE = "it augments the module"  # scan.extract._augmentations: a `declare module 'pkg'` block
DECLARES_GLOBAL = "it declares a global"  # ... and a `declare global` block


def deprecated_module(text: str) -> str | None:
    """Evidence that a Python module warns at import time that it is deprecated (`warnings.warn("toolz.compat
    is deprecated", DeprecationWarning)` at its top level): every name it binds stays for the code written
    against it, used or not. Only a top-level call counts: one in a function warns of that function."""
    if "warn(" not in text:
        return None
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        if _MODULE_WARN.match(line):
            statement = " ".join(lines[number - 1:_statement_end(lines, number)])
            if _DEPRECATION_WARNING.search(statement):
                return f"{DEPRECATED_MODULE} (line {number})"
    return None


def _kept_import(lines: list[str], start: int, end: int) -> str | None:
    """What a comment on an import statement's own lines says to keep it (`from lib import OMIT, Let
    # backwards compat`: the old names are imported on purpose). Not the comments above it: a file's
    header, or a note over a group of imports, says nothing of this one."""
    said = next((m for line in lines[start - 1:end] if (c := _CODE_COMMENT.search(line))
                 and not _OWN_SUPPRESSION.search(line) and (m := _KEEP_WORDS.search(c.group(1)))), None)
    if said:
        return f"a comment at it says '{said.group(0)}'"
    # Any note of its author's on the import's own lines (`from django.core.signals import request_started  #
    # Sent when HTTP request begins.`): a leftover import carries none. Of 953 unused imports labelled at first
    # contact, the 4 with such a comment were all kept on purpose, the 949 without it 883 right.
    described = next((text for line in lines[start - 1:end] if (text := _trailing_comment(line))), None)
    return f"a comment at it describes it: '{described[:60]}'" if described else None


# A tool's pragma, or a note that the import is to go: no author's reason to keep it.
_NOT_A_REASON = re.compile(r"^(?:noqa|type\s*:|pylint|pyright|mypy|ruff|flake8|isort|nosec|pragma|fmt\s*:|eslint|"
                           r"@ts-|biome|prettier|deno-|jshint|istanbul|c8\s|NOSONAR)|\b(?:unused|remove|delete|todo|"
                           r"fixme|xxx)\b", re.IGNORECASE)
_QUOTED_TEXT = re.compile(r"""(["'`])(?:\\.|(?!\1).)*\1""")
_TRAILING_COMMENT = re.compile(r"(?:^|\s)(?:#|//)\s*(.*?)\s*$")


def _trailing_comment(line: str) -> str | None:
    """The words of a comment after the code of an import line (outside its strings: a URL's `//` is none),
    unless it is a tool's pragma or says to remove the import."""
    found = _TRAILING_COMMENT.search(_QUOTED_TEXT.sub("", line))
    text = found.group(1).strip(" -:") if found else ""
    return text if len(text) >= 3 and not _NOT_A_REASON.search(text) else None


def _comment_text(line: str) -> str:
    """The comment of a line: after `#` or `//`, else the whole line (a block comment's)."""
    found = _CODE_COMMENT.search(line)
    return found.group(1) if found else line


# `obj.NAME = value`, `obj.NAME += 1` (not `==`, nor a keyword argument `f(x=1)`, which has no dot).
_ATTRIBUTE_ASSIGNMENT = re.compile(r"\.\s*([A-Za-z_$][\w$]*)\s*(?:[-+*/%|&^]|\*\*|//|<<|>>)?=(?!=)")


# `setattr(module, name, value)`, `setattr(engine, f"opt_{k}", v)`: a name that is no plain string literal.
_COMPUTED_SETATTR = re.compile(r"""\bsetattr\(\s*(?!(?:self|cls)\s*,)[A-Za-z_][\w.]*\s*,\s*(?![rRbBuU]?["'])""")


def sets_computed_attributes(code: str) -> bool:
    """Whether the code sets an attribute whose name it computes on some object other than self/cls."""
    # The pattern opens with `\b`, so the engine would try every position: most files hold no `setattr(`.
    return "setattr(" in code and _COMPUTED_SETATTR.search(code) is not None


def assigned_attributes(code: str) -> list[str]:
    """The attribute names a file's code assigns on some object (comments left out by the caller)."""
    return sorted(set(_ATTRIBUTE_ASSIGNMENT.findall(code)))
