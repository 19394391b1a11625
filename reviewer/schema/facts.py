"""What the scan phase knows about a repository: pydantic models at the boundary.

Every line number is 1-based and inclusive. Every path is repo-relative POSIX.
"""

from __future__ import annotations

import base64
import sys
from array import array
from typing import Annotated, Literal

from pydantic import BaseModel, Field, PlainSerializer, PlainValidator, SerializationInfo, WithJsonSchema

SymbolKind = Literal[
    "function",  # module-level or nested function, arrow function / function expression bound to a name
    "method",  # function defined in a class body (or an object-literal member)
    "class",
    "constant",  # module-level UPPER_CASE (Python) or `const` (TS/JS) binding that is not a function
    "variable",  # other module-level binding
    "type",  # TS type alias
    "interface",  # TS interface
    "enum",  # TS enum
]

def _packed(typecode: str):
    """A list of unsigned hashes held as an `array` of machine integers (4 bytes for 32-bit hashes, 8
    for wider ones) rather than a list of Python ints (36 bytes each): a large repository's facts
    hold millions. Read from a list, an array or the base64 of its little-endian bytes; dumped as a
    list of integers, and in JSON as that base64 string: the facts cross from the scan's workers and
    into the facts cache as JSON, where a list made a Python int of every hash on the way back (the
    standard library's facts: 158 MB of JSON as lists, 135 MB so; read back in 0.9 s instead of 1.5).
    `reviewer scan --json` shows the strings too."""

    def validate(value) -> array:
        if type(value) is array and value.typecode == typecode:
            return value
        if type(value) is str:
            packed = array(typecode)
            packed.frombytes(base64.b64decode(value, validate=True))
            if sys.byteorder == "big":
                packed.byteswap()
            return packed
        return array(typecode, value)

    def serialize(value, info: SerializationInfo):
        if not info.mode_is_json():
            return value.tolist() if type(value) is array else list(value)
        if type(value) is not array or value.typecode != typecode:
            value = array(typecode, value)
        if sys.byteorder == "big":
            value = array(typecode, value)
            value.byteswap()
        return base64.b64encode(value.tobytes()).decode("ascii")

    return Annotated[array, PlainValidator(validate), PlainSerializer(serialize),
                     WithJsonSchema({"type": "string", "contentEncoding": "base64",
                                     "description": f"little-endian unsigned {array(typecode).itemsize * 8}-bit integers"})]


Hashes32 = _packed("I")  # array("I"): 32-bit unsigned hashes
Hashes64 = _packed("Q")  # array("Q"): up to 64-bit unsigned hashes


def hashes32(values=()) -> array:
    """A Hashes32 value (the default of those fields, and what the scan builds them with)."""
    return array("I", values)


def hashes64(values=()) -> array:
    return array("Q", values)


FUNCTION_KINDS = ("function", "method")
TYPE_KINDS = ("type", "interface")  # declarations the type checker alone reads: no value at run time


def complexity_score(cyclomatic: int) -> int:
    """Map cyclomatic complexity to the 1-5 score of the FunctionCard contract."""
    if cyclomatic <= 2:
        return 1
    if cyclomatic <= 5:
        return 2
    if cyclomatic <= 10:
        return 3
    if cyclomatic <= 20:
        return 4
    return 5


class LineRange(BaseModel):
    line_start: int
    line_end: int
    reason: str = ""  # e.g. "after return", "if False", "while 0", "if (DEBUG) with DEBUG = false"
    name: str = ""  # the module constant a false condition reads ("DEBUG"): dead only while nothing mutates it


class Behaviour(BaseModel):
    """What a function body does, in canonical words (scan.behaviour), whatever the idiom."""

    jobs: list[str] = Field(default_factory=list)  # "verb|what|by|where|source", parameters by position ("arg1")
    coverage: float = 0.0  # share of the body's working statements those jobs account for
    family: str = ""  # language family: jobs compare only within one
    sentence: str = ""  # the jobs as a sentence for the static card (parameters by name)


class Structure(BaseModel):
    """What the shingles erase (scan.structure): literals, operand order, callees, domain words."""

    literals: list[str] = Field(default_factory=list)  # "NUM:0#1", "OP:<=#2": counted, most frequent first
    alpha_grams: Hashes64 = Field(default_factory=hashes64)  # 4-grams with local names renamed by first use (48-bit hashes)
    calls: list[str] = Field(default_factory=list)  # bare names it calls and does not bind, `self.m` methods
    vocabulary: list[str] = Field(default_factory=list)  # attribute names, free names, key strings (one spelling)
    # The vocabulary words written as types (CapWords: `Argument`, `ItemCreate`): two copies that
    # differ only in these are per-type boilerplate (analysis.duplicates).
    type_words: list[str] = Field(default_factory=list)
    # Per line of the function's text (index 0 = its first line): a 24-bit hash of the line's
    # tokens with local names -> ID (attributes, literals, keywords kept), shifted left 8 bits, plus the line's
    # token count (capped at 255) in the low 8 bits; 0 for a line without code (header,
    # blank, comment, lone bracket). Blocks repeated inside other functions are runs of these.
    line_hashes: Hashes32 = Field(default_factory=hashes32)


class BodyShape(BaseModel):
    """The few body shapes analysis looks for (scan.shapes), read from the body as written."""

    has_body: bool = False  # False: no body text (a bodiless signature)
    forwards_to: str | None = None  # the whole body is one call `f(a, b)` / `return f(a, b)`: its callee
    forward_arguments: list[str] = Field(default_factory=list)  # that call's arguments as written
    forwards_params: bool = False  # ... and it passes the parameters through unchanged, in order
    returns_its_argument: bool = False  # the whole body is `return <its one parameter>`
    # the body ends `return <its first parameter>` after other statements: a decorator that registers
    # the function somewhere and hands it back unchanged (`config.on_message = wrap(func); return func`)
    hands_back_argument: bool = False
    returns_value: bool = False  # some `return x` / `yield x` with a value (not None)
    writes_self: bool = False  # assigns an attribute of self/this/cls
    writes_module_state: bool = False  # `global` / `nonlocal`
    writes_memo: bool = False  # `cache[key] = ...` into a *memo*/*cache* table


class Symbol(BaseModel):
    name: str
    qualified_name: str  # "Class.method", "outer.inner", "obj.member"
    kind: SymbolKind
    exported: bool = False
    line_start: int
    line_end: int
    signature: str = ""  # as written, without the body
    docstring: str | None = None  # Python docstring or JSDoc text (comment markers stripped)
    body_hash: str = ""  # sha256 of the body with comments and whitespace normalized
    calls: list[str] = Field(default_factory=list)  # callee as written: "foo", "self.bar", "mod.baz"
    references: list[str] = Field(default_factory=list)  # identifiers and dotted names read in the body
    complexity: int = 1  # cyclomatic: 1 + decision points
    complexity_score: int = 1  # 1-5, see complexity_score()
    parent: str | None = None  # qualified name of the enclosing class/function/object, if any
    params: list[str] = Field(default_factory=list)  # parameter names, in order
    decorators: list[str] = Field(default_factory=list)  # decorator text without "@", e.g. "app.route('/x')"
    bases: list[str] = Field(default_factory=list)  # classes: base classes / extends / implements as written
    fields: list[str] = Field(default_factory=list)  # Python classes: the names their body assigns (`x = ...`, `x: T`)
    attribute_writes: dict[str, int] = Field(default_factory=dict)  # Python methods: `self.name = ...` -> first line
    is_async: bool = False
    is_abstract: bool = False  # abstract class / method, or TS interface
    value: str | None = None  # constants/variables: the initializer text, truncated to 200 chars
    # Defined inside an unnamed function (a test case's callback, a handler passed inline) rather
    # than at the top of its module or enclosing symbol: a stub written where it is used.
    in_callback: bool = False
    unreachable: list[LineRange] = Field(default_factory=list)  # statically unreachable code inside
    # Structural fingerprint: sorted unique 32-bit hashes of shingles of the normalized
    # token stream (identifiers -> ID, strings -> STR, numbers -> NUM), for clone detection.
    shingles: Hashes32 = Field(default_factory=hashes32)
    token_count: int = 0  # length of the normalized token stream of the body
    # Functions and methods only (None otherwise), read from the scan's one parse of the file:
    behaviour: Behaviour | None = None
    structure: Structure | None = None
    shape: BodyShape | None = None
    # Calls by a bare name -> each call's arguments ("'json', 2"), or "*" when one is not a literal.
    call_arguments: dict[str, list[str]] = Field(default_factory=dict)


class ImportedName(BaseModel):
    name: str  # the imported name as exported by the source ("default" for a default import)
    alias: str | None = None  # local binding when different from name
    binds: bool = True  # False: destructured further (`{ promises: { readFile } }`), no binding of its own


class ImportRef(BaseModel):
    source: str  # module as written: "os.path", "x" (with level 1 for "from .x"), "./util", "react"
    level: int = 0  # Python relative-import dots; 0 for absolute and for TS/JS
    names: list[ImportedName] = Field(default_factory=list)
    namespace: str | None = None  # local name bound to the whole module: `import a.b as c` -> "c",
    # `import a.b` -> "a.b", `import * as ns from` -> "ns", `const m = require("m")` -> "m"
    star: bool = False  # `from x import *`
    type_only: bool = False  # `import type {...}` / `import {type X}` when every name is a type
    kind: Literal["static", "dynamic", "require", "side_effect"] = "static"
    line: int = 0
    # Read by the scan for the unused-import check: the statement's last line, whether it
    # stands at the top level with no noqa/eslint-disable, and the names it binds that
    # nothing else in the file mentions (annotations, __all__, comments and JSX included).
    line_end: int = 0
    reportable: bool = False
    unmentioned: list[str] = Field(default_factory=list)
    unmentioned_lines: list[int] = Field(default_factory=list)  # the line each of them stands on in the statement
    kept: str | None = None  # what a comment at it says to keep it ("a comment at it says 'backwards compat'")


class ExportRef(BaseModel):
    name: str  # the name other modules import ("default" for a default export, "*" for export *)
    local: str | None = None  # the local symbol it exports, when defined in this file
    source: str | None = None  # for re-exports: the module specifier `export ... from "./x"`
    star: bool = False  # `export * from "./x"` (name "*"), or `export * as ns from` (name "ns")
    type_only: bool = False
    line: int = 0


class DynamicLookup(BaseModel):
    """A name looked up at run time with a computed key: `getattr(obj, f"visit_{x}")`,
    `globals()[name]`. What it can reach depends on what it looks up on."""

    target: str  # the object as written: "self", "cls", "globals()", "mod", "obj.field"
    prefix: str = ""  # the literal start of the computed name ("visit_"); "" when none
    line: int


class FileFacts(BaseModel):
    path: str
    language: str  # "python", "javascript", "typescript", "tsx"
    sha256: str
    lines: int
    size: int
    symbols: list[Symbol] = Field(default_factory=list)
    imports: list[ImportRef] = Field(default_factory=list)
    exports: list[ExportRef] = Field(default_factory=list)
    dunder_all: list[str] | None = None  # Python __all__, when defined with literal strings
    module_references: list[str] = Field(default_factory=list)  # names read by top-level code
    module_calls: list[str] = Field(default_factory=list)  # calls made by top-level code
    string_literals: list[str] = Field(default_factory=list)  # identifier-like strings (getattr("x"))
    dynamic_access: bool = False  # getattr/globals()/module[...] with a non-literal key
    # Python computed lookups, each with its target (a subset of what set dynamic_access)
    dynamic_lookups: list[DynamicLookup] = Field(default_factory=list)
    # string_literals in a place where a string can become a lookup (call arguments,
    # subscripts, class attributes, collections): not comparisons, dict keys, returns, docstrings
    lookup_strings: list[str] = Field(default_factory=list)
    has_main_guard: bool = False  # Python `if __name__ == "__main__":`
    shebang: bool = False  # the file starts with `#!`: a script run by its name
    jsx: bool = False  # JS/TS: the file writes JSX elements (the classic runtime reads `React` in scope)
    syntax_errors: int = 0  # count of ERROR/MISSING nodes; symbols are still extracted
    # A line that is only a template tag (`{% if project.x %}`): a Jinja or Django template with
    # a code extension (a project generator's hook), rendered into code before anything runs it
    template_tags: bool = False
    decode_errors: bool = False  # non-UTF-8 bytes decoded with replacement
    suppressions: dict[int, list[str]] = Field(default_factory=dict)  # line -> axes from "reviewer: ignore[...]"
    module_call_arguments: dict[str, list[str]] = Field(default_factory=dict)  # as Symbol.call_arguments, top level
    name_fragments: list[str] = Field(default_factory=list)  # string prefixes of computed names: "_on_" + kind
    assert_lines: list[int] = Field(default_factory=list)  # lines holding an assertion (assert, expect(...))
    computed_import_prefixes: list[str] = Field(default_factory=list)  # "./commands/", "pkg.handlers."
    dotted_strings: list[str] = Field(default_factory=list)  # Python strings that name "a.module.attribute"
    # import statements written in strings ("from a.b import c" -> "a.b.c"): a tool runs them
    # in its own process (django-extensions SHELL_PLUS_IMPORTS, exec'd code)
    import_strings: list[str] = Field(default_factory=list)
    http_call_paths: list[str] = Field(default_factory=list)  # with HTTP client calls: the strings holding "/"
    # JS: relative paths handed to the runtime to load (`path.join(__dirname, "./loader")`, textual.loaded_paths);
    # "./*" when the file loads every module of its own folder (`requireDirectory(__dirname)`)
    loaded_paths: list[str] = Field(default_factory=list)
    # Source files named by a string literal (`check_example("imports-aliases.py")`, "examples/app.js"): in a
    # test, the inputs it reads or runs (textual.named_source_files).
    named_source_files: list[str] = Field(default_factory=list)
    # Per line, the code outside functions hashed as Structure.line_hashes (0: blank, comment or a
    # function's line): repeated blocks of module-level data and top-level callbacks.
    module_line_hashes: Hashes32 = Field(default_factory=hashes32)
    # [first, last] line of each unnamed function passed straight to a call (a route handler, a mock,
    # a test case's callback), in source order.
    callback_spans: list[list[int]] = Field(default_factory=list)
    # Symbols the file itself says to keep although nothing may use them, by first line: a `noqa` or
    # `pylint: disable=unused-...` on it, a comment or docstring saying it is kept on purpose
    # (compatibility, deprecated, do not remove...), a conditional alternative definition (scan.textual).
    kept: dict[int, str] = Field(default_factory=dict)
    unreachable: list[LineRange] = Field(default_factory=list)  # in module code: `if False:` at the top level
    # Attribute names the file assigns on any object (`config.DEBUG = True`, `obj.x += 1`): another
    # module's constant may be mutated here.
    assigned_attributes: list[str] = Field(default_factory=list)
    # Names the file binds more than once, declarations and plain assignments alike (`let sink;` then
    # `sink = value` in a loop): a name written again is no name written nowhere else.
    rebound: list[str] = Field(default_factory=list)
    # Names the file reads only to assign an attribute of them (`utils.should_strip_ansi = fake`, a module
    # patched and put back): the object itself is not handed on.
    written_through: list[str] = Field(default_factory=list)
    # A `setattr(obj, name, value)` whose name is computed, on anything but self/cls (a loader setting a
    # plugin module's options from configuration): any module's constant may be rebound here.
    sets_computed_attributes: bool = False
    # [line, text] of comment or docstring lines saying code here is copied on purpose ("vendored
    # from", "what follows is the X from y.py"): scan.textual.copy_notes
    copy_notes: list[list] = Field(default_factory=list)


class SkippedFile(BaseModel):
    path: str
    reason: str  # "binary", "over size limit (1.2 MB > 1.0 MB)", "generated", "no grammar for .go", ...


class ScanResult(BaseModel):
    root: str
    files: list[FileFacts] = Field(default_factory=list)
    skipped: list[SkippedFile] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)  # e.g. "src/x.py: non-UTF-8 bytes replaced"
    unscanned_names: dict[str, str] = Field(default_factory=dict)  # identifiers of skipped text files -> one file
    template_names: dict[str, str] = Field(default_factory=dict)  # identifiers of template expressions -> one template
    template_calls: dict[str, str] = Field(default_factory=dict)  # names template expressions call -> one template
    # The files besides the code that frameworks and the analysis read (manifests, framework configuration,
    # launch files, documentation pages): path -> text. Read once by the scan; the analysis opens no file.
    config_files: dict[str, str] = Field(default_factory=dict)
    frameworks: dict[str, str] = Field(default_factory=dict)  # framework switched on for this project -> why
    # Names the project defines -> where each is written outside the code the usage graph reads (text
    # files, strings and comments of code): (file, line, kind: 0 prose, 1 used as a name, 2 a doctest), scan.words
    mentions: dict[str, list[tuple[str, int, int]]] = Field(default_factory=dict)
    text_files_indexed: int = 0  # text files (not parsed code) read for those words
    seconds: float = 0.0

    def by_path(self) -> dict[str, FileFacts]:
        return {f.path: f for f in self.files}
