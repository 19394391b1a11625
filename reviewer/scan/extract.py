"""Facts about one source file: symbols, imports, exports, fingerprints, in one tree walk.

`extract_file(path, data, language)` parses with the language's tree-sitter grammar
and walks the tree once with a TreeCursor (no recursion, so deep trees are safe).
Each node is dispatched by its integer kind id through tables built once per
language from its LanguageSpec (WalkTables); the most frequent nodes (identifiers,
dotted chains, calls, strings) are handled inline in the walk, the others by
handler functions. The walk keeps names as bytes and token ids as ints; they are
decoded and hashed once per symbol at the end. What a symbol owns is decided by a
stack of frames: a frame opens at a symbol's node and
closes when the walk leaves that node, so calls, references, decision points and
body tokens go to the innermost symbol (nested functions and classes keep theirs,
anonymous callbacks stay part of the function that contains them).

Conventions worth knowing:
- line_start includes decorators (Python `@dec`, TS `@Component(...)`); line_end is
  the last line of the definition. For `const f = () => ...` the range is the
  declarator's.
- The body hash and the token shingles cover the body only (not the signature, not
  the Python docstring); comments are dropped.
- `references` are the names and dotted chains (up to 8 parts) read in the symbol,
  signature included (type annotations, base classes, default values), minus its
  parameters and the plain names it assigns locally. Module-level constants own the
  references of their initializer (`HANDLERS = {"a": on_a}` -> HANDLERS reads on_a).
- Python exports: public names (dunder methods count as public), or only the names
  in `__all__` when it is a literal list/tuple; methods and nested classes follow
  their class. TS/JS: `export` forms and CommonJS `module.exports`/`exports.x`;
  public members (not `#x`/`_x`) of an exported class or object follow it.
- For a re-export `export { a as b } from "./x"`, ExportRef.local is the name in the
  source module ("a").
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from tree_sitter import Node, TreeCursor

from reviewer.scan import fingerprint, textual
from reviewer.scan.behaviour import read_behaviour
from reviewer.scan.complexity import complexity_node_types, decision_points
from reviewer.scan.languages import LANGUAGES, LanguageSpec, NodeHandler, get_parser
from reviewer.scan.shapes import shape_of
from reviewer.scan.structure import module_line_hashes, structure_of
from reviewer.scan.records import build
from reviewer.schema.facts import (
    FUNCTION_KINDS,
    Behaviour,
    DynamicLookup,
    ExportRef,
    FileFacts,
    ImportRef,
    LineRange,
    Symbol,
    complexity_score,
    hashes32,
)

# The version of what extraction produces: bump it with any change to the facts a file
# gives (here, in the readers it calls or in the language tables), so that the facts
# cache (cache.py) parses every file again rather than serve facts of the old scanner.
SCANNER_VERSION = 82  # 2: `global`/`nonlocal` names are not locals; 3: `f(x).y` is a use of .y;
# 4: `a.b = v` reads `a`; 5: no dotted strings from comments, import strings; 6: module_line_hashes, in_callback;
# 7: callback_spans; 8: Structure.type_words; 9: keyword-forwarding lines weigh no tokens; 10: whole TS decorators;
# 11: a line opening with a language keyword (`def f(`, `catch (e)`) is no forwarding line; 12: names in Python
# type strings (`cast("list[_Entry]", x)`), typed field declarations weigh nothing, TS call signatures and
# trailing commas repaired, a `yield` after `raise` is no unreachable code; 13: a JS/TS function assigning
# an outer `let` (`store = x`) reads it as the outer binding, not as a local; 14: names a Python string
# uses as code (`.attr`, `callee(`) may be lookups; 15: a chain is one reference of up to 8 parts (was 3);
# 16: a Python class's fields, the attributes a method assigns on self; 17: "pkg.module:name" import strings;
# 18: a constructor's state lines (`self.loop = loop`) weigh no tokens; 19: a JS class expression is named by its
# binding, `{ promises: { readFile } } = require(...)` reads `promises`; 20: a local name alone on its line
# (`timeout,`, a positional argument handed on) weighs no tokens; so do a TS class's type parameters and an
# interface's method and call signatures in module code, FileFacts.jsx; 21: JS files repaired like TS files, an
# escape sequence a template string holds repaired; 22: a class expression bound to no name is read where it stands,
# names inside a dynamic import() are read; 23: FileFacts.loaded_paths; 24: `export type *` and a bare `&` in
# a JSX attribute string repaired, FileFacts.template_tags; 25: variance annotations (`<in T>`) repaired;
# 26: export lists take no part in module_line_hashes, overload signatures weigh nothing there; 27: FileFacts.kept,
# `while` on a false constant and module-level false branches are unreachable, LineRange.name; 28: a bare `&`
# in JSX text repaired; 29: call arguments one per argument (keywords by name), FileFacts.copy_notes; 30: JSX
# text after a tag's end and inline import types (`import('x').T`) repaired; 31: a tagged template with type
# arguments (`sql<T[] | null>`...``) is no syntax error; 32: ImportRef.kept; 33: a Python default value's
# names are read in the enclosing scope (`key=Security(key)`); 34: `if False: yield` is no unreachable code;
# 35: a module name built from a dotted prefix and passed to import_module by a name is a computed import;
# FileFacts.shebang; a JSX text `&` anywhere in a word or at a line's end is no syntax error;
# 36: FileFacts.sets_computed_attributes; a row of JSX text with character references (`You&apos;re`) is text;
# 37: `using` as a TypeScript name is no syntax error; 38: an augmented assignment whose value is used reads its target;
# 39: BodyShape.hands_back_argument; 40: a function type's parameter named `any` and a type argument
# `typeof import('x')` on the row before an error are no syntax errors; 41: a keep comment covers each
# definition it names below it, BodyShape.hands_back_argument reads `return x as T`, a JSX attribute `class`; 42: a
# `declare module 'pkg'` block's declarations are kept (FileFacts.kept); FileFacts.loaded_paths "./*"; 44: `const { a } = obj`
# reads obj.a; 45: a type member named `in`, a call signature after a doc comment are no syntax errors; 46: nor
# `&sup3;` in JSX text; 47: "workaround" in a comment keeps what it stands at;
# 48: a type member `in_progress` is no syntax error; 49: `const in out T` type parameters (TS 5.0) too;
# 50: `<span>&&</span>` (an operator as JSX text before a closing tag); 51: no JSX repairs in a `.ts` file;
# 52: a call signature on the row after a MISSING node; 53: `default` in an export or import specifier;
# 54: a `&` in JSX prose with a colon, under a tag's closing `>`
# 55: a Python import whose module path a backslash continuation splits (`from a.\\ b import c`)
# 56: a string a `TypeAlias` annotation types is a type (its names, quoted forward references too);
# 57: oxlint's and biome's unused-variable pragmas keep a definition; 58: `require(name)` reads name;
# 59: FileFacts.rebound; 60: TypeScript `ns.Type` (nested_type_identifier) is one chain, a comment opening a
# body may say it is kept; FileFacts.written_through; repair (5) in single-quoted attributes too; a Python
# decorator without the comment that ends its line; 61: an import statement ends at its `;` (what follows on
# its line may use the names); 62: `dir(x)` filtered by a prefix is a dynamic lookup with that prefix
# 63: `m.__dict__` read as a table (READS_NAMESPACE), a `;` ends an import statement; 64: import attributes on a
# re-export are repaired; 65: a linter's next-line pragma silences an import; 66: ImportRef.unmentioned_lines;
# 67: a module that warns at import that it is deprecated keeps its names (FileFacts.kept, ImportRef.kept); 68: repair
# (3) in a template literal type, (8) on the row of a MISSING node; 69: `if False:` holding a yield among other
# statements makes a generator; 70: a `declare global` block's declarations are kept (FileFacts.kept); 71: repairs
# (15), a TS field named `accessor`, and (P1), Python's type parameter defaults; 72: (12) for `in2?:` too; 73: (16); 74: an arrow
# function's expression body after a typed `const f: T = (x) =>` is its return (BodyShape); 75: (3) an escaped backtick in a template literal type; 76: (1) not after a row an expression goes on from; 77: an import's own descriptive comment keeps it (ImportRef.kept); 78: a parameter's annotation reads the enclosing scope too; 79: (11) any reserved word as a JSX attribute name; 80: FileFacts.named_source_files; 81: (12) members named `instanceof`, methods named `in`; 82: packed hashes in JSON as base64 (the facts cache)

_MAX_SIGNATURE = 300
_SIGNATURE_MEMBERS = frozenset({"method_signature", "call_signature", "construct_signature"})  # of a TS interface
_MAX_CHAIN_PARTS = 8
_MAX_CALLEE = 120
_MAX_STRING_LITERALS = 500

_WHITESPACE = re.compile(r"\s+")
_DEFAULT_NAME = re.compile(r"[A-Za-z_]\w*")


def _default_names(signature: str) -> set[str]:
    """The identifiers read by the default values and the annotations of a Python signature (`def f(a, b=g(a))`,
    `def get(dep: Annotated[T, Security(dep)])`): both are evaluated where the function is defined, strings
    left out; empty when it has neither."""
    names: set[str] = set()
    for parameter in textual.signature_parameters(signature) or ():
        head, equals, default = parameter.partition("=")
        if equals and not head.rstrip().endswith(("!", "<", ">")):
            names.update(_DEFAULT_NAME.findall(re.sub(r"(['\"]).*?\1", "", default)))
        _, colon, annotation = head.partition(":")
        if colon:
            names.update(_DEFAULT_NAME.findall(re.sub(r"(['\"]).*?\1", "", annotation)))
    return names


_BYTES_WHITESPACE = re.compile(rb"\s+")
_CHAIN = re.compile(rb"[A-Za-z_$#][\w$#]*(?:\s*\??\.\s*[A-Za-z_$#][\w$#]*)+")
_CHAIN_SEPARATOR = re.compile(rb"\s*\??\.\s*")
_SELF_NAMES = frozenset({b"self", b"cls", b"this"})  # an object's own attributes written: attribute_writes
_SIMPLE_CHAIN = re.compile(rb"[A-Za-z_$#][\w$#]*(?:\.[A-Za-z_$#][\w$#]*){1,2}")  # recorded as written
_IDENTIFIER = re.compile(rb"[A-Za-z_$][\w$]*")
_IMPORT_STATEMENTS = frozenset({"import_statement", "import_from_statement", "future_import_statement"})
_IDENTIFIER_STRING = re.compile(rb"""[A-Za-z]{0,2}(["'`])([A-Za-z_][A-Za-z0-9_]*)\1""")
# Names a string uses as code (`"_compat.repr_context.already_repring"` in a generated __repr__,
# `'create_app2("foo")'` that a test hands to an evaluator): an attribute after a dot, or a callee.
_CODE_STRING_NAME = re.compile(rb"\.([A-Za-z_]\w{2,})|\b([A-Za-z_]\w{2,})\(")
# A Python type written as a string, subscripted or a union: `cast("list[_Entry]", x)`,
# `-> "Optional[Node]"`, `"A | B"`, a forward reference quoted inside (`'list["Tree" | Leaf]'`). Each name
# in it is read where the type is checked.
_TYPE_STRING = re.compile(
    rb"""(["'])([A-Za-z_][\w.]*\s*\[(?:[\w.\[\], |]|(?!\1)["'])*\]|[A-Za-z_][\w.]*(?:\s*\|\s*[A-Za-z_][\w.]*)+)\1""")
# Where an identifier-like string is only a value (compared, returned, assigned, a dict key,
# a docstring, a default): it cannot become a lookup there. Anywhere else (call arguments,
# subscripts, collections, class attributes, string annotations) it may.
_VALUE_ONLY_STRING_PARENTS = frozenset({
    "comparison_operator", "binary_expression", "boolean_operator", "return_statement",
    "expression_statement", "default_parameter", "typed_default_parameter", "case_pattern",
    "switch_case", "jsx_attribute", "not_operator", "unary_expression",
})
_ASSIGNMENT_PARENTS = frozenset({"assignment", "variable_declarator", "assignment_expression"})
_SUPPRESSION = re.compile(r"reviewer:\s*ignore(?:\[([^\]]*)\])?")


class Frame:
    """A symbol being extracted (or the module): what its walk collects, and where its body is."""

    __slots__ = (
        "depth",
        "kind",
        "qualified",
        "symbol",
        "calls",
        "refs",
        "assigned",
        "outer_names",
        "complexity",
        "unreachable",
        "body_start",
        "body_depth",
        "doc_tokens",
        "tok_start",
        "tok_end",
        "hash_range",
        "signature_range",
        "is_container",
        "private",
        "node",
        "argument_spans",
        "attribute_writes",
    )

    def __init__(self, depth: int, kind: str, qualified: str, symbol: dict | None) -> None:
        self.depth = depth
        self.kind = kind
        self.qualified = qualified
        self.symbol = symbol  # the Symbol fields known at creation; None for the module
        self.calls: list[str] = []
        self.refs: list[str] = []
        self.assigned: set[str] = set()
        self.outer_names: set[str] = set()  # `global x` / `nonlocal x`: assigning x is not a local
        self.complexity = 1
        self.unreachable: list[tuple[int, int, str, str]] = []  # first, last line, why, the constant it reads
        self.body_start = -1  # start byte of the body node (a direct child of the frame's node)
        self.body_depth = -1  # depth of that body node while it has not been reached
        self.doc_tokens = 0  # tokens at the start of the body that belong to the docstring
        self.tok_start: int | None = None
        self.tok_end: int | None = None
        self.hash_range: tuple[int, int, int] | None = None  # (start byte, end byte, first column)
        self.signature_range: tuple[str, int, int] | None = None  # (prefix, start byte, end byte)
        self.is_container = False  # an object literal bound to a name: its functions are methods
        self.private = False  # a member hidden by its language (TS `private`, JS `#x`): never exported
        self.node: Node | None = None  # the definition node (functions: read again by the body readers)
        self.argument_spans: list[tuple[bytes, int, int]] = []  # bare-name calls: (callee, arguments start, end)
        self.attribute_writes: dict[str, int] = {}  # Python `self.name = ...`: name -> first line


class Extractor:
    """State of one file's walk. Language hooks read and fill it (see languages.py)."""

    def __init__(self, spec: LanguageSpec, path: str, data: bytes) -> None:
        self.spec = spec
        self.hooks = spec.hooks
        self.tables = walk_tables(spec.name)
        self.path = path
        self.data = data
        self.tokens: list[str] = []
        self.comment_starts: list[int] = []
        self.comment_ends: list[int] = []
        self.module = Frame(-1, "module", "", None)
        self.frames: list[Frame] = [self.module]
        self.closed: list[Frame] = []  # symbol frames, in creation order
        self.noref_end = 0  # identifiers starting before this byte are not reads
        self.imports: list[ImportRef] = []
        self.exports: list[ExportRef] = []
        self.export_lists: list[tuple[int, int]] = []  # lines of `export { a, b as c } [from "./x"]` statements
        self.overload_lines: list[tuple[int, int]] = []  # TS overload signatures of functions
        self.dunder_all: list[str] | None = None
        self.dunder_all_literal = True
        self.string_literals: dict[str, None] = {}
        self.lookup_strings: dict[str, None] = {}
        self.dynamic_lookups: list[DynamicLookup] = []
        self.dynamic_access = False
        self.has_main_guard = False
        self.jsx = False
        self.suppressions: dict[int, list[str]] = {}
        self.callbacks: list[list[int]] = []  # [first, last] line of each unnamed function passed to a call
        self.assign_counts: dict[str, int] = {}  # name -> times it is assigned anywhere in the file
        self.write_targets: dict[bytes, int] = {}  # `utils.f = x`: b"utils" -> times read to write an attribute
        self.module_bindings: dict[str, dict] = {}  # module-level constant/variable name -> symbol fields
        self.false_if_candidates: list[tuple[Frame, str, str, int, int]] = []
        self.subscripted_names: set[str] = set()  # `name[expr]` with a non-literal key (JS namespaces)

    # -- small helpers for hooks

    def text(self, node: Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def flat_text(self, node: Node, limit: int = _MAX_SIGNATURE) -> str:
        """Node text on one line, whitespace runs collapsed, truncated."""
        text = _WHITESPACE.sub(" ", self.text(node)).strip()
        return text[:limit]

    def open_no_reference(self, node: Node) -> None:
        """Identifiers inside `node` are not reads (import names, written chains).

        Kept as the end byte of the region: the walk is in source order, so a node is
        inside the region exactly when it starts before that end.
        """
        if node.start_byte >= self.noref_end:
            self.noref_end = node.end_byte

    # -- symbols

    def open_symbol(
        self,
        node: Node,
        depth: int,
        *,
        name: str,
        kind: str,
        anchor: Node,
        body: Node | None,
        signature: tuple[str, int, int],
        first_line_node: Node | None = None,
        docstring: str | None = None,
        hash_start: int | None = None,
        doc_tokens: int = 0,
        params: list[str] | None = None,
        decorators: list[str] | None = None,
        bases: list[str] | None = None,
        is_async: bool = False,
        is_abstract: bool = False,
        value: str | None = None,
        private: bool = False,
        push: bool = True,
    ) -> Frame:
        """Create a symbol whose walk starts at `node` (at `depth`); its frame closes with the node."""
        enclosing = self.frames[-1]
        parent = enclosing.qualified if enclosing.symbol is not None else None
        qualified = f"{parent}.{name}" if parent is not None else name
        if anchor is node:  # the common case: no binding or decorator around the definition
            line_start = (node.start_point[0] if first_line_node is None else min(
                first_line_node.start_point[0], node.start_point[0]
            )) + 1
            line_end = node.end_point[0] + 1
        else:
            first = first_line_node if first_line_node is not None else anchor
            line_start = min(first.start_point[0], anchor.start_point[0], node.start_point[0]) + 1
            line_end = max(node.end_point[0], anchor.end_point[0]) + 1
        symbol = {
            "name": name,
            "qualified_name": qualified,
            "kind": kind,
            "line_start": line_start,
            "line_end": line_end,
            "docstring": docstring,
            "parent": parent,
            "params": params or [],
            "decorators": decorators or [],
            "bases": bases or [],
            "is_async": is_async,
            "is_abstract": is_abstract,
            "value": value,
        }
        if self._in_callback(anchor, enclosing):
            symbol["in_callback"] = True
        frame = Frame(depth, kind, qualified, symbol)
        frame.node = node
        frame.private = private
        frame.signature_range = signature
        if body is not None:
            start = body.start_byte if hash_start is None else hash_start
            frame.hash_range = (start, body.end_byte, body.start_point[1])
            frame.body_start = body.start_byte
            frame.body_depth = depth + 1
            frame.doc_tokens = doc_tokens
        self.closed.append(frame)
        if push:
            self.frames.append(frame)
        return frame

    def _in_callback(self, anchor: Node, enclosing: Frame) -> bool:
        """Whether an unnamed function lies between the definition and its enclosing symbol (or the
        module): `it("...", () => { const stub = ... })`."""
        functions, stop = self.spec.function_types, enclosing.node
        node = anchor.parent
        while node is not None and node != stop:
            if node.type in functions:
                return True
            node = node.parent
        return False

    def _close_frames(self, depth: int) -> None:
        frames = self.frames
        count = len(self.tokens)
        while depth <= frames[-1].depth:
            frame = frames.pop()
            frame.tok_end = count
            if frame.tok_start is None:  # no body (a bodiless signature)
                frame.tok_start = count

    # -- the walk

    def walk(self, root: Node) -> None:
        """Visit every node once, in source order.

        This loop runs for every node of every file (millions on a big repository), so
        it works on integer kind ids with tables built once per language (WalkTables),
        keeps the innermost frame's state in locals, and handles the most frequent
        nodes (identifiers, dotted chains, calls, strings) inline rather than through
        a handler call; every other node type goes to its handler.
        """
        tables = self.tables
        role_of = tables.role_of
        token_of = tables.token_of
        reference_kinds = tables.reference_kinds
        identifier_fields = tables.identifier_fields
        assignment_fields = tables.assignment_fields
        callee_field = tables.callee_field
        call_hook_callees = self.spec.call_hook_callees
        call_hook_callee_kinds = tables.call_hook_callee_kinds
        string_has_code = self.hooks.string_has_code
        string_literals = self.string_literals
        data = self.data
        tokens = self.tokens
        append_token = tokens.append
        frames = self.frames
        close_frames = self._close_frames
        chain = _CHAIN.fullmatch
        simple_chain = _SIMPLE_CHAIN.fullmatch
        identifier_string = _IDENTIFIER_STRING.fullmatch
        python = self.spec.name == "python"  # type strings, self-attribute writes
        # The innermost frame, its depth, unreached body depth, references and calls,
        # and the end of the no-reference region, kept in locals: they change only
        # when a handler ran or a frame closed.
        top = frames[-1]
        top_depth, body_depth, refs, calls = top.depth, top.body_depth, top.refs, top.calls
        noref_end = self.noref_end
        cursor = root.walk()
        depth = 0
        while True:
            node = cursor.node
            if depth == body_depth and node.start_byte == top.body_start:
                top.tok_start = len(tokens) + top.doc_tokens
                top.body_depth = body_depth = -1
            kind = node.kind_id
            role = role_of[kind]
            if role is not None:
                skip = False
                if role is _CHAIN_ROLE:
                    # `self.helper`, `mod.func`: one reference for the chain, not one per part.
                    start = node.start_byte
                    if start >= noref_end:
                        end = node.end_byte
                        text = data[start:end]
                        if chain(text) is not None:  # not `f(x).y`, `a[0].b`: their parts are walked one by one
                            noref_end = self.noref_end = end
                            field = cursor.field_id
                            if field is not None and field in assignment_fields and (
                                node.parent.kind_id in assignment_fields[field]  # `self.x = 1` writes .x ...
                            ):
                                parts = _CHAIN_SEPARATOR.split(text)
                                if python and len(parts) == 2 and parts[0] == b"self":
                                    top.attribute_writes.setdefault(parts[1].decode("utf-8", "replace"),
                                                                    node.start_point[0] + 1)
                                parts = parts[:-1]  # ... and reads `self`: `out.text = s` uses out
                                if len(parts) == 1 and parts[0] not in _SELF_NAMES:
                                    self.write_targets[parts[0]] = self.write_targets.get(parts[0], 0) + 1
                            elif simple_chain(text) is None:  # spaced, `?.`, or more than 3 parts
                                parts = _CHAIN_SEPARATOR.split(text)
                            else:
                                parts = None
                            # the whole chain, normalized: `app.proposals.dashboard.view` (a module
                            # imported by its dotted path) and `self.request.user.profile.can_edit` (.can_edit read)
                            refs.append(text if parts is None else b".".join(parts[:_MAX_CHAIN_PARTS]))
                        else:  # `Workspace(root).cache`: the object is walked; `.cache` is a use of a member
                            last = node.child(node.child_count - 1)
                            if last is not None and last.is_named and b"." in data[start:last.start_byte][-3:]:
                                refs.append(b"." + data[last.start_byte:last.end_byte])
                elif role is _CALL_ROLE:
                    callee = node.child_by_field_id(callee_field[kind])
                    if callee is not None:
                        text = data[callee.start_byte : callee.end_byte]
                        if text in call_hook_callees or callee.kind_id in call_hook_callee_kinds:
                            skip = self._call_hook(node, callee, text)
                        if not skip:
                            if len(text) > _MAX_CALLEE or b"\n" in text or b"  " in text:
                                text = _BYTES_WHITESPACE.sub(b" ", text)[:_MAX_CALLEE]
                            calls.append(text)
                            if callee.kind_id in reference_kinds:  # a bare name: its arguments may pick a product
                                top.argument_spans.append((text, callee.end_byte, node.end_byte))
                elif role is _STRING_ROLE:
                    append_token(_STR_TOKEN)
                    text = data[node.start_byte : node.end_byte]
                    if len(text) < 80:
                        match = identifier_string(text)
                        if match is not None:
                            value = match.group(2).decode()
                            string_literals[value] = None
                            if self._string_may_be_lookup(node):
                                self.lookup_strings[value] = None
                        elif python and self._string_may_be_lookup(node):
                            match = _TYPE_STRING.fullmatch(text)
                            if match is not None:
                                names = _IDENTIFIER.findall(match.group(2))
                            else:
                                names = [attribute or callee for attribute, callee in _CODE_STRING_NAME.findall(text)]
                            for name in names:
                                self.lookup_strings[name.decode()] = None
                    skip = not string_has_code(text)  # an f-string / template: walk its expressions
                else:
                    skip = role(self, node, depth, cursor)
                    top = frames[-1]
                    top_depth, body_depth, refs, calls = top.depth, top.body_depth, top.refs, top.calls
                    noref_end = self.noref_end
                if skip:  # the node is consumed: on to the next one without descending
                    while not cursor.goto_next_sibling():
                        if not cursor.goto_parent():
                            close_frames(0)
                            return
                        depth -= 1
                    if depth <= top_depth:  # left the innermost symbol's node (same as below)
                        close_frames(depth)
                        top = frames[-1]
                        top_depth, body_depth, refs, calls = top.depth, top.body_depth, top.refs, top.calls
                    continue
            if cursor.goto_first_child():
                depth += 1
                continue
            token = token_of[kind]
            if token is not None:
                append_token(token)
                if kind in reference_kinds:
                    start = node.start_byte
                    if start >= noref_end:
                        field = cursor.field_id
                        if field is None or field not in identifier_fields:
                            refs.append(data[start : node.end_byte])
                        else:
                            self._identifier(node, identifier_fields[field])
            while not cursor.goto_next_sibling():
                if not cursor.goto_parent():
                    close_frames(0)
                    return
                depth -= 1
            # Frames close when the walk moves to a node outside them: only a move to a
            # sibling or up can do that, never a move down to a child.
            if depth <= top_depth:
                close_frames(depth)
                top = frames[-1]
                top_depth, body_depth, refs, calls = top.depth, top.body_depth, top.refs, top.calls

    def _call_hook(self, node: Node, callee: Node, text: bytes) -> bool:
        """hooks.on_call for a callee that may be an import (require, import()): True if it was."""
        if self.hooks.on_call(self, node, callee, text):
            self.tokens.append(self.tables.import_token)
            return True  # not a call, nothing inside to read
        return False

    def _identifier(self, node: Node, parents: tuple[frozenset[int], frozenset[int]]) -> None:
        """An identifier in a field where it may be written or not be a read, by parent kind."""
        assignment_parents, skip_parents = parents
        parent_kind = node.parent.kind_id
        if parent_kind in assignment_parents:
            name = self.text(node)
            self.assign_counts[name] = self.assign_counts.get(name, 0) + 1
            if parent_kind not in self.tables.rebinding_kinds:
                self.frames[-1].assigned.add(name)
            statement = node.parent.parent
            if parent_kind in self.tables.reading_assignment_kinds and statement is not None \
                    and statement.type != "expression_statement":
                self.frames[-1].refs.append(self.data[node.start_byte : node.end_byte])
        elif parent_kind not in skip_parents:
            self.frames[-1].refs.append(self.data[node.start_byte : node.end_byte])

    # -- results

    def _text_without_comments(self) -> str:
        data = fingerprint.strip_comments(self.data, 0, len(self.data), self.comment_starts, self.comment_ends)
        return data.decode("utf-8", "replace")

    def facts(self, tree_has_error: bool, root: Node) -> FileFacts:
        self.hooks.finish(self)
        self._resolve_false_ifs()
        hashes = fingerprint.WindowHashes(self.tokens)
        symbols = [self._symbol(frame, hashes) for frame in self.closed]
        module = self.module
        data = self.data
        text = data.decode("utf-8", "replace")
        lines = text.splitlines()  # as every reader of a symbol's text (the card, the Claude prompt) splits it
        self._read_bodies(lines, symbols)
        shim = textual.deprecated_module(text) if self.spec.family == "python" else None
        textual.annotate_imports(text, self.imports, shim)
        bound = Counter(fields["name"] for fields in symbols if fields["parent"] is None)
        bound.update(n.alias or n.name for ref in self.imports for n in ref.names if n.binds)
        # The values are of their declared types already: records built without validation (records.py).
        return build(
            FileFacts,
            path=self.path,
            language=self.spec.name,
            sha256=hashlib.sha256(data).hexdigest(),
            lines=data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0),
            size=len(data),
            symbols=[build(Symbol, **fields) for fields in symbols],
            imports=self.imports,
            exports=self.exports,
            dunder_all=self.dunder_all if self.dunder_all_literal else None,
            module_references=_decoded_unique(module.refs),
            module_calls=_decoded_unique(module.calls),
            string_literals=list(self.string_literals)[:_MAX_STRING_LITERALS],
            dynamic_access=self.dynamic_access,
            dynamic_lookups=self.dynamic_lookups,
            lookup_strings=list(self.lookup_strings)[:_MAX_STRING_LITERALS],
            has_main_guard=self.has_main_guard,
            shebang=data.startswith(b"#!"),
            jsx=self.jsx,
            syntax_errors=_count_syntax_errors(root) if tree_has_error else 0,
            template_tags=tree_has_error and _TEMPLATE_TAG_LINE.search(data) is not None,
            decode_errors=False,
            suppressions=self.suppressions,
            module_call_arguments=self._call_arguments(module),
            name_fragments=textual.name_fragments(text),
            assert_lines=textual.assert_lines(text),
            # a commented-out "app.apps.CustomConfig" loads nothing
            dotted_strings=textual.dotted_strings(code_text := self._text_without_comments()),
            import_strings=textual.import_strings(code_text),
            computed_import_prefixes=textual.computed_import_prefixes(text) if self.dynamic_access else [],
            http_call_paths=textual.http_call_paths(text),
            loaded_paths=textual.loaded_paths(code_text) if self.spec.family == "ecmascript" else [],
            named_source_files=textual.named_source_files(code_text),
            module_line_hashes=hashes32(self._module_line_hashes(lines, symbols)),
            callback_spans=self.callbacks,
            kept={**textual.keep_markers(lines, symbols, bound, self.spec.family == "python", shim),
                  **_augmentations(root, symbols)},
            unreachable=[build(LineRange, line_start=a, line_end=b, reason=reason, name=name)
                         for a, b, reason, name in sorted(module.unreachable)],
            assigned_attributes=textual.assigned_attributes(code_text),
            rebound=sorted(name for name, count in self.assign_counts.items() if count > 1),
            written_through=self._written_through(module),
            sets_computed_attributes=self.spec.family == "python" and textual.sets_computed_attributes(code_text),
            copy_notes=textual.copy_notes(text),
        )

    def _written_through(self, module: Frame) -> list[str]:
        """The names the file reads only to assign an attribute of them (`utils.f = x`, a module patched
        and put back): every read of the name is such a write, none reads the object itself."""
        if not self.write_targets:
            return []
        reads = Counter(module.refs)
        for frame in self.closed:
            reads.update(frame.refs)
        return sorted(name.decode("utf-8", "replace") for name, writes in self.write_targets.items()
                      if reads[name] == writes)

    def _module_line_hashes(self, lines: list[str], symbols: list[dict]) -> list[int]:
        if self.spec.tokens is None:
            return []
        # Functions are their own units; imports repeat in every file by nature, and so do the lists
        # of names a module exports (two flavours of an API each re-exporting the same checks of its core).
        hidden = [(f["line_start"], f["line_end"]) for f in symbols if f["kind"] in FUNCTION_KINDS]
        hidden += [(i.line, i.line_end or i.line) for i in self.imports if i.line]
        hidden += self.export_lists
        return module_line_hashes(lines, hidden, self.spec.tokens, self._type_level_lines(symbols))

    def _type_level_lines(self, symbols: list[dict]) -> list[tuple[int, int]]:
        """The lines of TS module code that restate a signature for the type checker alone: the type
        parameters a class or interface header spells out a line each (eleven schema classes each opening with
        `TType extends Maybe<...>`, `TContext = AnyObject`...) and the method and call signatures of an
        interface (overloads, and the methods a schema type restates with its own return type), and the
        overload signatures of functions (two flavours of `literal` each declaring two). Each
        type restates them with its own names by design; a data shape written twice (an interface's
        properties, a type alias) still weighs."""
        spans = list(self.overload_lines)
        for frame, fields in zip(self.closed, symbols):
            node = frame.node
            if node is None:
                continue
            if fields["kind"] in ("class", "interface"):
                parameters = node.child_by_field_name("type_parameters")
                if parameters is not None and parameters.end_point.row > parameters.start_point.row:
                    # Its lines after the one it opens on, the closing `> extends Base<...> {` included.
                    spans.append((parameters.start_point.row + 2, parameters.end_point.row + 1))
            if fields["kind"] == "interface":
                body = node.child_by_field_name("body")
                for member in body.named_children if body is not None else ():
                    if member.type in _SIGNATURE_MEMBERS:
                        spans.append((member.start_point.row + 1, member.end_point.row + 1))
        return spans

    def _read_bodies(self, lines: list[str], symbols: list[dict]) -> None:
        """Behaviour, structure and shape of each function, from its node in this parse and its lines."""
        spec = self.spec
        syntax, tokens = spec.behaviour, spec.tokens
        for frame, fields in zip(self.closed, symbols):
            if frame.kind not in FUNCTION_KINDS:
                continue
            source = "\n".join(lines[fields["line_start"] - 1 : fields["line_end"]])
            node = frame.node
            if syntax is not None:
                if node is not None and node.type in syntax.function_types:
                    code_start = frame.hash_range[0] if frame.hash_range is not None else node.start_byte
                    fields["behaviour"] = read_behaviour(node, syntax, spec.family, code_start)
                else:
                    fields["behaviour"] = build(Behaviour, family=spec.family)
            if tokens is not None:
                fields["structure"] = structure_of(source, tokens)
                fields["shape"] = shape_of(source, fields["signature"], fields["params"], tokens)

    def _call_arguments(self, frame: Frame) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        data = self.data
        for callee, start, end in frame.argument_spans:
            found.setdefault(callee.decode("utf-8", "replace"), []).append(textual.literal_arguments(data[start:end].strip()))
        return found

    def _string_may_be_lookup(self, node: Node) -> bool:
        """Whether an identifier-like string stands where it can become a name lookup."""
        parent = node.parent
        if parent is None:
            return False
        kind = parent.type
        if kind in _VALUE_ONLY_STRING_PARENTS:
            return False
        if kind == "pair":  # {"name": value}: a key is data; a value may be a name
            return parent.child_by_field_name("key") != node
        if kind in _ASSIGNMENT_PARENTS:  # `x = "name"` is a value, a class attribute a declaration
            annotation = parent.child_by_field_name("type")
            if annotation is not None and self.text(annotation).rsplit(".", 1)[-1] == "TypeAlias":
                return True  # `Tree: TypeAlias = "list[Tree] | Leaf"`: the string is a type
            return self.frames[-1].kind == "class"
        return True

    def _resolve_false_ifs(self) -> None:
        """`if DEBUG:` is dead when DEBUG is a module binding assigned once, to a false literal, and no
        `from x import *` may rebind it (a settings module's local overrides). Whether another file
        mutates it is the analysis's to check (LineRange.name)."""
        if any(ref.star for ref in self.imports):
            return
        for frame, name, condition, line_start, line_end in self.false_if_candidates:
            binding = self.module_bindings.get(name)
            if binding is None or self.assign_counts.get(name) != 1:
                continue
            value = (binding.get("value") or "").strip()
            if value in self.spec.false_literals:
                frame.unreachable.append((line_start, line_end, f"{condition} with {name} = {value}", name))

    def _symbol(self, frame: Frame, hashes: fingerprint.WindowHashes) -> dict:
        fields = frame.symbol
        assert fields is not None
        data = self.data
        prefix, start, end = frame.signature_range or ("", 0, 0)
        signature = fingerprint.strip_comments(data, start, end, self.comment_starts, self.comment_ends)
        signature_text = _WHITESPACE.sub(" ", prefix + signature.decode("utf-8", "replace")).strip()
        signature_text = signature_text.rstrip(" :=;{").strip()[:_MAX_SIGNATURE]
        token_start = token_end = 0
        body_hash = ""
        if frame.hash_range is not None:
            if frame.tok_start is not None and frame.tok_end is not None:
                token_start, token_end = frame.tok_start, max(frame.tok_start, frame.tok_end)
            hash_start, hash_end, column = frame.hash_range
            body = fingerprint.strip_comments(data, hash_start, hash_end, self.comment_starts, self.comment_ends)
            body_hash = fingerprint.body_hash(body, indent_significant=self.spec.indent_significant, first_column=column)
        references = _decoded_unique(frame.refs)
        if frame.kind in FUNCTION_KINDS:
            removed = (frame.assigned - frame.outer_names).union(fields["params"])
            if self.spec.name == "python":
                # A default or an annotation is evaluated where the function is defined: `key: str =
                # Security(key)` reads the module's `key`, though a parameter of that name shadows it in the body.
                removed -= _default_names(signature_text)
            if removed:
                references = [name for name in references if name not in removed]
        unreachable = frame.unreachable
        if unreachable:
            unreachable.sort()
        fields.update(
            attribute_writes=frame.attribute_writes,
            exported=fields.get("exported", False),
            signature=signature_text,
            body_hash=body_hash,
            calls=_decoded_unique(frame.calls),
            references=references,
            complexity=frame.complexity,
            complexity_score=complexity_score(frame.complexity),
            unreachable=[build(LineRange, line_start=a, line_end=b, reason=reason, name=name)
                         for a, b, reason, name in unreachable],
            shingles=hashes32(hashes.shingles(token_start, token_end)),
            token_count=token_end - token_start,
            call_arguments=self._call_arguments(frame),
        )
        return fields


def _decoded_unique(names: list[bytes]) -> list[str]:
    """Names as text, in first-occurrence order, each once.

    Deduplicated as bytes, then decoded in one call: the names never hold a newline
    (identifiers, dotted chains, callees with their whitespace collapsed), so they
    travel joined by newlines.
    """
    if not names:
        return []
    unique = list(dict.fromkeys(names))
    try:  # strict UTF-8 maps different byte strings to different texts
        texts = b"\n".join(unique).decode().split("\n")
        if len(texts) == len(unique):
            return texts
    except UnicodeDecodeError:  # not UTF-8 (extract_file called on raw bytes): replacement may merge names
        pass
    return list(dict.fromkeys(name.decode("utf-8", "replace") for name in unique))


# -- shared node handlers (the language-specific ones live in the hook modules)


def _on_function(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    spec, hooks = ex.spec, ex.hooks
    if node.kind_id in ex.tables.named_function_kinds:
        name_node = node.child_by_field_name("name")
        if name_node is None:
            return
        name, anchor = ex.text(name_node), node
    else:
        bound = hooks.bound_name(ex, node)
        if bound is None:
            # An anonymous callback: part of the body that contains it. One passed straight to a call
            # (a route, a mock, a test case) has its lines kept: a handler written out in many tests
            # is support code to share, where a function inside the options of a call is a value.
            parent = node.parent
            call = parent.parent if parent is not None else None
            if call is not None and call.child_by_field_name("arguments") == parent:
                ex.callbacks.append([node.start_point[0] + 1, node.end_point[0] + 1])
            return
        name, anchor = bound
    enclosing = ex.frames[-1]
    is_member = enclosing.kind == "class" or (
        bool(spec.member_container_types) and anchor.parent.type in spec.member_container_types
    )
    kind = "method" if is_member or enclosing.is_container else "function"
    body = node.child_by_field_name("body")
    docstring, hash_start, doc_tokens = hooks.docstring(ex, node, anchor, body)
    decorators, first_decorator = hooks.decorators(ex, node, anchor)
    ex.open_symbol(
        node,
        depth,
        name=name,
        kind=kind,
        anchor=anchor,
        body=body,
        signature=hooks.signature(ex, node, anchor, body),
        first_line_node=first_decorator,
        docstring=docstring,
        hash_start=hash_start,
        doc_tokens=doc_tokens,
        params=hooks.params(ex, node),
        decorators=decorators,
        is_async=_is_async(ex, node, body),
        is_abstract=hooks.is_abstract(ex, node, decorators, []),
        private=hooks.is_private(ex, node, anchor, name),
    )


def _on_method_signature(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """A bodiless abstract method (TS `abstract m(): void;`)."""
    name_node = node.child_by_field_name("name")
    if name_node is None:
        return
    hooks = ex.hooks
    decorators, first_decorator = hooks.decorators(ex, node, node)
    docstring, _, _ = hooks.docstring(ex, node, node, None)
    ex.open_symbol(
        node,
        depth,
        name=ex.text(name_node),
        kind="method",
        anchor=node,
        body=None,
        signature=("", node.start_byte, node.end_byte),
        first_line_node=first_decorator,
        docstring=docstring,
        params=hooks.params(ex, node),
        decorators=decorators,
        is_async=_is_async(ex, node, None),
        is_abstract=True,
        private=hooks.is_private(ex, node, node, ex.text(name_node)),
    )


def _on_class(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    hooks = ex.hooks
    name_node = node.child_by_field_name("name")
    # A class expression is known by what it is bound to: `const constructor = class Logger {}` binds
    # `constructor`; its own name (`Logger`, its `.name`) is in scope only inside it.
    bound = hooks.bound_name(ex, node) if name_node is None or node.type == "class" else None
    if bound is not None:
        name, anchor = bound
    elif name_node is not None:
        name, anchor = ex.text(name_node), node
        if node.type == "class":
            # A class expression bound to nothing we name (`globalThis.Promise = class BrokenPromise {}`,
            # `register(class Plugin {})`) is a value: the code around it uses it where it stands.
            ex.frames[-1].refs.append(ex.data[name_node.start_byte : name_node.end_byte])
    else:
        return
    body = node.child_by_field_name("body")
    docstring, hash_start, doc_tokens = hooks.docstring(ex, node, anchor, body)
    decorators, first_decorator = hooks.decorators(ex, node, anchor)
    bases = hooks.bases(ex, node)
    ex.open_symbol(
        node,
        depth,
        name=name,
        kind="class",
        anchor=anchor,
        body=body,
        signature=hooks.signature(ex, node, anchor, body),
        first_line_node=first_decorator,
        docstring=docstring,
        hash_start=hash_start,
        doc_tokens=doc_tokens,
        decorators=decorators,
        bases=bases,
        is_abstract=hooks.is_abstract(ex, node, decorators, bases),
    )


def _on_type_declaration(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """TS interface / type alias / enum."""
    name_node = node.child_by_field_name("name")
    if name_node is None:
        return
    kind = ex.spec.type_declaration_kinds[node.type]
    body = node.child_by_field_name("body") or node.child_by_field_name("value")
    docstring, _, _ = ex.hooks.docstring(ex, node, node, body)
    if kind == "type":
        signature = ("", node.start_byte, node.end_byte)
    else:
        signature = ex.hooks.signature(ex, node, node, body)
    ex.open_symbol(
        node,
        depth,
        name=ex.text(name_node),
        kind=kind,
        anchor=node,
        body=body,
        signature=signature,
        docstring=docstring,
        bases=ex.hooks.bases(ex, node),
        is_abstract=kind == "interface",
    )


def _on_no_reference(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    ex.open_no_reference(node)


def _on_comment(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> bool:
    start = node.start_byte
    ex.comment_starts.append(start)
    ex.comment_ends.append(node.end_byte)
    text = ex.data[start : node.end_byte]
    if b"reviewer" in text:
        match = _SUPPRESSION.search(text.decode("utf-8", "replace"))
        if match is not None:
            axes = [axis.strip() for axis in (match.group(1) or "*").split(",") if axis.strip()]
            line = node.start_point[0] + 1
            ex.suppressions.setdefault(line, []).extend(axes or ["*"])
    return True


def _on_decision_point(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """A node that is always one decision point (spec.decision_types)."""
    ex.frames[-1].complexity += 1


def _on_decision(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """A node that may be one (a logical operator, a non-default case): see complexity.py."""
    ex.frames[-1].complexity += decision_points(ex.spec, node)


def _on_terminator(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """Statements after return/raise/throw/break/continue in the same block are unreachable."""
    frame = ex.frames[-1]
    if frame.kind not in FUNCTION_KINDS:
        return
    spec = ex.spec
    if node.parent.type not in spec.block_types:
        return
    first = last = None
    marker = True  # only `yield` statements follow: what makes the function a generator (`raise E; yield`)
    sibling = node.next_named_sibling
    while sibling is not None:
        sibling_type = sibling.type
        if sibling_type not in spec.comment_types and sibling_type not in spec.hoisted_types:
            if first is None:
                first = sibling
            last = sibling
            marker = marker and _is_bare_yield(sibling)
        sibling = sibling.next_named_sibling
    if first is not None and last is not None and not marker:
        keyword = node.type.split("_", 1)[0]
        frame.unreachable.append((first.start_point[0] + 1, last.end_point[0] + 1, f"after {keyword}", ""))


def _is_bare_yield(statement: Node) -> bool:
    return (statement.type == "expression_statement" and statement.named_child_count == 1
            and statement.named_children[0].type == "yield")


def _on_if(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """The body of `if False:` / `if (0)` / `while 0:` is unreachable, in a function or in module code;
    `if (NAME)` is checked once the file is read (`TYPE_CHECKING = False` then `if TYPE_CHECKING:` is how
    imports are made for a type checker alone, and so is a module's `if False:` holding only imports)."""
    frame = ex.frames[-1]
    if frame.kind not in FUNCTION_KINDS and frame is not ex.module:
        return
    condition = node.child_by_field_name("condition")
    consequence = node.child_by_field_name("consequence") or node.child_by_field_name("body")
    if condition is None or consequence is None:
        return
    raw = ex.data[condition.start_byte : condition.end_byte]
    bare = raw.strip(b"() \t\r\n")
    if len(bare) > 64:
        return
    keyword = "while" if "while" in node.type else "if"
    written = f"{keyword} {raw.decode('utf-8', 'replace')}"
    line_start, line_end = consequence.start_point[0] + 1, consequence.end_point[0] + 1
    text = bare.decode("utf-8", "replace")
    if text in ex.spec.false_literals:
        if frame is ex.module and all(child.type in _IMPORT_STATEMENTS or child.type in ex.spec.comment_types
                                      for child in consequence.named_children):
            return
        if frame is not ex.module and any(_is_bare_yield(child) for child in consequence.named_children):
            # `if False: yield` makes the function a generator: written never to run, with what follows the
            # yield (`raise AssertionError("should never be called")`) saying so
            return
        frame.unreachable.append((line_start, line_end, written, ""))
    elif _IDENTIFIER.fullmatch(bare) and text != "TYPE_CHECKING":
        ex.false_if_candidates.append((frame, text, written, line_start, line_end))


def _is_async(ex: Extractor, node: Node, body: Node | None) -> bool:
    """An `async` keyword among the leading modifiers (`static async m()`, `async def`)."""
    # The modifiers come before the body: without "async" in that text, no need to look at children.
    if b"async" not in ex.data[node.start_byte : body.start_byte if body is not None else node.end_byte]:
        return False
    for index in range(min(node.child_count, 4)):
        child = node.child(index)
        if child is None or child.is_named:
            return False
        if child.type == "async":
            return True
    return False


# Valid TypeScript and JavaScript that tree-sitter reads as an error, repaired in place (offsets and
# lines unchanged) before the file is parsed again; the new tree is kept only when it has fewer
# errors. (1) No semicolon is inserted before a member of an object type that opens with `<` or
# `(` (a call signature on its own line: `<T>() => ...`, tree-sitter-typescript#335):
# such a line in an error gets the `;` in its indentation. (2) A trailing comma the TSX grammar
# cannot place (`importActual<typeof import('x')>(\n 'x',\n)`) stands alone in an error node:
# it becomes a space, which changes nothing a trailing comma means. (3) An escape sequence the
# grammar rejects in a template string (`\u` with no digits: a tagged template may hold any since
# ES2018, a test's `$\`echo.js \u\``) or in a template literal type (`\0${T}`, a virtual module's id; an
# escaped backtick, `\`${T}\``): its backslash becomes a space (and an escaped backtick with it, which alone
# would close the template), which changes nothing the scan reads. (4) `export type * from './types'` (TypeScript 5.0) is read as an
# error: `type` becomes spaces, a re-export of every name as before. (5) A bare `&` in a JSX attribute
# string (`href="...?a=1&utm_medium=x"`, or in single quotes), which the grammar takes for an unfinished character reference
# (`&amp;`): inside the quotes of an error row it becomes a space. (6) The variance annotations of a
# type parameter (TypeScript 4.7: `interface $ZodCheck<in T>`, `out Output = unknown,` in
# multi-line parameter lists) become spaces: the parameter stays, what the scan reads of it too.
# A line holding only a Jinja/Django statement tag: no Python, JavaScript or TypeScript line reads so.
_TEMPLATE_TAG_LINE = re.compile(rb"(?m)^[ \t]*\{%-?[ \t]*\w[^\n]*%\}[ \t]*\r?$")
_SIGNATURE_LINE = re.compile(rb"(?m)^([ \t]*)[ \t](?=[<(])")
_GENERIC_SIGNATURE_LINE = re.compile(rb"^([ \t]*)[ \t](?=<[A-Za-z_$][\w$]*(?:[ \t]+extends\b[^<>]*)?(?:,[^<>]*)?>[ \t]*\()")
_EXPORT_TYPE_STAR = re.compile(rb"^([ \t]*export[ \t]+)type(?=[ \t]+\*)")
_QUOTED = re.compile(rb'"[^"\n]*"|\'[^\'\n]*\'')  # a JSX attribute's value, in either quotes
_BARE_AMPERSAND = re.compile(rb"&(?!#?\w+;)")
# (7) A bare `&` in JSX text ("Save & Close" between tags) is valid JSX that the TSX grammar rejects: on a
# row of plain text (no code punctuation) or between a `>` and a `<` of one row, blanked.
_TEXT_ROW = re.compile(rb"^[^=:;(){}<>\[\]`'\"]*$")
_PROSE_ROW = re.compile(rb"^[^=;(){}<>\[\]`'\"]*$")  # a text row that may hold a colon
_CHARACTER_REFERENCE = re.compile(rb"&#?\w+;")  # `&apos;` in a row of text: its `;` is no code punctuation
_TAG_TEXT = re.compile(rb">[^<>{}=;]*(?=<|$)")
# (8) A type that imports a module's type inline (`import('./api').Product[]`, `typeof import('x')`) is valid
# TypeScript the grammar rejects in some positions: on an error row, read as a name of the same length.
_IMPORT_TYPE = re.compile(rb"\bimport\(\s*(['\"])[^'\"\n]+\1\s*\)")
# (9) `using` as a name (a parameter `using: UsingNode`, `const using = useMemo(...)`) is valid TypeScript
# the grammar, which knows TS 5.2's `using x = resource` declarations, rejects: on an error row, a
# `using` that declares nothing becomes a name of the same length.
_USING_NAME = re.compile(rb"(?<![\w$])(?<![^.]\.)using(?![\w$])(?![ \t]+[A-Za-z_$][\w$]*[ \t]*=(?!=))")
# (10) A parameter of a function type named like a predefined type (`inject: (any) => void`,
# `onChange: (string) => void`: valid TypeScript, a parameter `string` of type any) is an error to the
# grammar: on an error row, the name becomes another of the same length (its last letter a `$`).
_TYPE_NAMED_PARAMETER = re.compile(
    rb"(?<=[(,])[ \t]*(?:any|string|number|boolean|unknown|object|symbol|bigint|never)(?=[ \t]*[,)])"
)
# (11) A JSX attribute named after a reserved word (`<i class="fa fa-plus">`, `<label for="x">`, react-bootstrap's
# `<Collapse in={open}>`: valid JSX) is an error to the JavaScript grammar, whose recovery spreads over the rows
# after it: in the whole file, a reserved word before `=` and a quote or brace becomes a name of its length (no
# JavaScript statement is written so; TSX's grammar rejects only `extends`).
_KEYWORD_ATTRIBUTE = re.compile(
    rb"(?<=[ \t])(?:break|case|catch|class|const|continue|debugger|default|delete|do|else|export|extends|finally|for"
    rb"|function|if|import|in|instanceof|new|return|super|switch|this|throw|try|typeof|var|void|while|with)(?==[\"'{])")
# Any `&` of JSX text that starts no character reference (`Q&A`, `descriptive &` at a line's end): not the
# `&&` or `&=` of an expression.
_TEXT_AMPERSAND = re.compile(rb"(?<!&)&(?![&=]|#?\w+;)")
# JSX text right before a closing tag (`<span>&&</span>`, an operator shown in a help text): no expression
# ends at `</`, so every `&` there that starts no character reference is text.
_CLOSED_TEXT = re.compile(rb">[^<>{}=;]*(?=</)")
_VARIANCE = re.compile(rb"(?:(?<=[<,])|^)[ \t]*(?:const[ \t]+)?((?:in[ \t]+)?(?:out[ \t]+)?)"
                       rb"(?=[A-Za-z_$][\w$]*[ \t]*(?:extends\b|=|,|>|\r?$))")
_REPAIR_ROUNDS = 3
_COMMENT_ROWS = 100  # rows looked past after an error for the next line of code
# (12) A member named `in` or `instanceof` (`in?: Maybe<string>` in a generated GraphQL filter type, chai's
# `instanceof(constructor: any): Expectation`) or `in_` and more (`in_progress: number` after a member with no
# semicolon) is an error to the grammar, which reads the operator: on an error row, at the start of a member
# (a property or a method), a name of its length.
_IN_MEMBER = re.compile(rb"^([ \t]*)in(?=(?:stanceof|[_\d][\w$]*)?[ \t]*\??[ \t]*[:(<])")  # `in?:`, `in_progress:`, `in2?:` too
# (13) A named character reference with a digit (`&sup3;`, `&frac12;` in JSX text), which the grammar does
# not know: on an error row, blanked (the text of a cubic metre's label, nothing the scan reads).
_DIGIT_REFERENCE = re.compile(rb"&[A-Za-z]+\d[A-Za-z\d]*;")
# (14) Import attributes on a re-export (`export { a } from './data' with { type: 'json' }`, ES2025; `assert`
# before it), which the grammar rejects after `export ... from`: on an error row, the clause after the
# specifier's quote becomes spaces (the scan reads the names and the specifier, never the attributes).
_IMPORT_ATTRIBUTES = re.compile(rb"(?<=['\"])[ \t]+(?:with|assert)[ \t]*\{[^{}\n]*\}")
# (16) A NUL byte written as itself in a string or template (a key joined with `\0`), which JavaScript allows and
# the grammar rejects: every NUL becomes a space, in the whole file (a string's content is nothing the scan reads).
# (15) A class field named `accessor` (`accessor!: IDataAccessor;`, `private accessor: Api;`), which the grammar
# reads as TypeScript 4.9's auto-accessor keyword: on an error row, a name of its length (a field is no symbol
# the scan keeps; its type is read as before). Not a method: `accessor() {` names a symbol.
_ACCESSOR_FIELD = re.compile(rb"(?<![\w$.])accessor(?=[ \t]*[!?]?[ \t]*[:;=])")


def _repaired(parser, data: bytes, tree, markup: bool = True):
    """`tree` with fewer syntax errors when repairs of valid code the grammar rejects give it; `markup`:
    the language may hold JSX (JavaScript, TSX), whose text and attributes have repairs of their own (a
    `.ts` file has none: its `> &` ends a line of a type, not JSX text)."""
    errors = _count_syntax_errors(tree.root_node)
    if b"using" in data:  # (9) first and alone: a whole file can be one error, whose other repairs would hurt
        rows = _error_places(tree.root_node)[0]
        lines = data.split(b"\n")
        for row in rows:
            if row < len(lines):
                lines[row] = _USING_NAME.sub(b"usin$", lines[row])
        data, tree, errors = _kept_if_better(parser, data, tree, errors, b"\n".join(lines))
        if not errors:
            return tree
    if b"\0" in data:  # (16) a NUL byte in a string (pnpm's `${path}\0${hash}` key), valid and unread: a space
        data, tree, errors = _kept_if_better(parser, data, tree, errors, data.replace(b"\0", b" "))
        if not errors:
            return tree
    if markup and _KEYWORD_ATTRIBUTE.search(data):  # (11), whole-file
        repaired = _KEYWORD_ATTRIBUTE.sub(_underscored, data)
        data, tree, errors = _kept_if_better(parser, data, tree, errors, repaired)
        if not errors:
            return tree
    for _ in range(_REPAIR_ROUNDS):
        rows, leading, blanks, last_rows = _error_places(tree.root_node)
        patched = bytearray(data)
        for at in blanks:
            patched[at] = 0x20
        lines = bytes(patched).split(b"\n")
        for row in sorted(rows):
            if row < len(lines):
                lines[row] = _repaired_row(lines[row], markup, _continued(lines, row))
                if markup and row > 0 and lines[row - 1].rstrip().endswith(b">") and _PROSE_ROW.match(lines[row]):
                    # a row of JSX text under a tag's closing `>`: prose (`Hint: Settings & members`) may hold a colon
                    lines[row] = _TEXT_AMPERSAND.sub(b" ", lines[row])
        for row in leading:
            if 0 <= row < len(lines):
                lines[row] = _IMPORT_TYPE.sub(_underscored, lines[row])
                lines[row] = _IN_MEMBER.sub(rb"\1i_", lines[row])
                lines[row] = _ACCESSOR_FIELD.sub(b"accesso$", lines[row])
                # a call signature the grammar misread (`<T>(`: in markup, a tag opening the row looks alike)
                if not _continued(lines, row):
                    lines[row] = (_GENERIC_SIGNATURE_LINE if markup else _SIGNATURE_LINE).sub(rb"\1;", lines[row], count=1)
        for row in last_rows:  # (1) past the comments and blank lines after an error
            following = _next_code_row(lines, row + 1)
            if following is not None and following not in rows and not _continued(lines, following):
                lines[following] = _SIGNATURE_LINE.sub(rb"\1;", lines[following], count=1)
        repaired = b"\n".join(lines)
        if repaired == data:
            return tree
        retry = parser.parse(repaired)
        retry_errors = _count_syntax_errors(retry.root_node)
        if retry_errors >= errors:
            return tree
        data, tree, errors = repaired, retry, retry_errors
        if not errors:
            return tree
    return tree


# (P1) Python 3.13's type parameter defaults (PEP 696: `class List[V: ConfigValue = String]`, over several rows
# too), which the grammar rejects: the `=` becomes `|` after a bound (`V: ConfigValue | String`) and `:` without
# one (`T : int`), so every name the list reads stays where it was.
_TYPE_PARAMETERS = re.compile(rb"(?m)^[ \t]*(?:async[ \t]+)?(?:class|def|type)[ \t]+[A-Za-z_]\w*[ \t]*\[")


def _type_parameter_defaults(data: bytes) -> bytes:
    patched = bytearray(data)
    for found in _TYPE_PARAMETERS.finditer(data):
        depth, bound = 1, False
        for at in range(found.end(), min(len(data), found.end() + 2000)):
            char = data[at:at + 1]
            if char in b"[(":
                depth += 1
            elif char in b"])":
                depth -= 1
                if depth == 0:
                    break
            elif depth == 1 and char == b",":
                bound = False
            elif depth == 1 and char == b":":
                bound = True
            elif depth == 1 and char == b"=" and data[at + 1:at + 2] != b"=" and data[at - 1:at] not in (b"=", b"!", b"<", b">"):
                patched[at] = ord("|") if bound else ord(":")
    return bytes(patched)


def _underscored(found: re.Match) -> bytes:
    """A match written as underscores of its length: a name where the grammar read something else."""
    return b"_" * len(found.group(0))


def _kept_if_better(parser, data: bytes, tree, errors: int, repaired: bytes):
    """(data, tree, errors) of the repaired text when it parses with fewer errors, else as they were."""
    if repaired != data:
        retry = parser.parse(repaired)
        retry_errors = _count_syntax_errors(retry.root_node)
        if retry_errors < errors:
            return repaired, retry, retry_errors
    return data, tree, errors


# The end of a row that an expression or a type goes on from (`export const apply =`, `<A>(a: A) =>`, `f(`,
# `| `): a `<T>(` or `(` opening the next row continues it, and is no call signature of (1).
_CONTINUED = (b"=", b"=>", b"(", b",", b"?", b":", b"|", b"&", b"[")


def _continued(lines: list[bytes], row: int) -> bool:
    """Whether the code row before `row` (past blank rows and comments) ends in a way the row goes on from."""
    before = _code_row(lines, row - 1, -1)
    return before is not None and lines[before].strip().endswith(_CONTINUED)


def _repaired_row(line: bytes, markup: bool = True, continued: bool = False) -> bytes:
    """One row of an error with repairs (1), (4), (5), (6), (7), (8), (10), (12), (13), (14) and (15) applied,
    as long as it was; (1) not where the row before goes on into it (`continued`)."""
    if not continued:
        line = _SIGNATURE_LINE.sub(rb"\1;", line, count=1)
    if b"from" in line:
        line = _IMPORT_ATTRIBUTES.sub(lambda found: b" " * len(found.group(0)), line)
    line = _EXPORT_TYPE_STAR.sub(rb"\1    ", line, count=1)
    line = _VARIANCE.sub(lambda found: found.group(0)[: found.start(1) - found.start(0)] + b" " * len(found.group(1)), line)
    if markup and _TEXT_ROW.match(_CHARACTER_REFERENCE.sub(b"", line)):
        line = _TEXT_AMPERSAND.sub(b" ", line)
    elif markup and b"&" in line:
        line = _TAG_TEXT.sub(lambda text: _TEXT_AMPERSAND.sub(b" ", text.group(0)), line)
        line = _CLOSED_TEXT.sub(lambda text: _BARE_AMPERSAND.sub(b" ", text.group(0)), line)
    line = _IMPORT_TYPE.sub(_underscored, line)
    line = _TYPE_NAMED_PARAMETER.sub(lambda found: found.group(0)[:-1] + b"$", line)
    line = _IN_MEMBER.sub(rb"\1i_", line)
    line = _ACCESSOR_FIELD.sub(b"accesso$", line)
    if not markup:
        return line
    line = _DIGIT_REFERENCE.sub(lambda found: b" " * len(found.group(0)), line)
    return _QUOTED.sub(lambda quoted: _BARE_AMPERSAND.sub(b" ", quoted.group(0)), line)


def _next_code_row(lines: list[bytes], row: int) -> int | None:
    """The first row from `row` on that is neither blank nor a comment (a member's doc comment stands
    between two members of an object type), within a few rows."""
    return _code_row(lines, row, 1)


def _code_row(lines: list[bytes], row: int, step: int) -> int | None:
    """The first row from `row`, going `step` (1 down, -1 up) at most _COMMENT_ROWS rows, that is neither blank
    nor a comment."""
    for index in range(row, row + step * _COMMENT_ROWS, step):
        if not 0 <= index < len(lines):
            return None
        stripped = lines[index].strip()
        if stripped and not stripped.startswith((b"//", b"/*", b"*")):
            return index
    return None


_TEMPLATES = frozenset({"template_string", "template_literal_type"})  # (3): `\0${id}` and the type `\0${T}`


def _error_places(root: Node) -> tuple[set[int], set[int], list[int], set[int]]:
    """Rows spanned by the outermost ERROR nodes (and the row after each, where a signature may
    open); the row before each, where an import type the grammar misread may stand (`f<\n typeof
    import('x')\n>()` leaves only its `>()` in the error), and the row after a MISSING node (a member
    the grammar misread); and the offsets to blank: an error that is one comma, the backslash of an
    escape sequence a template string holds."""
    rows: set[int] = set()
    leading: set[int] = set()
    last_rows: set[int] = set()
    blanks: list[int] = []
    for node in _error_nodes(root, nested=False):
        if node.is_error:
            rows.update(range(node.start_point[0], node.end_point[0] + 2))
            leading.add(node.start_point[0] - 1)
            last_rows.add(node.end_point[0])
            if node.end_byte - node.start_byte == 1 and node.text == b",":
                blanks.append(node.start_byte)
            elif node.parent is not None and node.parent.type in _TEMPLATES and node.text[:1] == b"\\":
                # an escaped backtick (`\`${T}\``) goes too: alone it would close the template
                blanks.extend(range(node.start_byte, node.start_byte + (2 if node.text[1:2] == b"`" else 1)))
        elif node.is_missing:  # a `}` the grammar wanted where the next member (`in_progress:`) confused it,
            # or a `;` where an import type goes on (`import('astro').AstroConfig['build']`) on its own row
            leading.update((node.start_point[0], node.start_point[0] + 1))
    return rows, leading - rows, blanks, last_rows


def _is_phantom_non_null(node: Node) -> bool:
    """A tagged template with type arguments (`sql<T[] | null>`...``, valid TypeScript): the grammar
    reads the tag, its type arguments and the template right, as a call of `tag<T>!` whose `!` it marks
    MISSING (an empty node). Nothing is missing from the code, so this is no syntax error."""
    parent = node.parent
    if node.type != "!" or parent is None or parent.type != "non_null_expression":
        return False
    call = parent.parent
    operand = parent.named_children[0] if parent.named_child_count else None
    arguments = call.child_by_field_name("arguments") if call is not None and call.type == "call_expression" else None
    return (operand is not None and operand.type == "instantiation_expression"
            and arguments is not None and arguments.type == "template_string")


def _count_syntax_errors(root: Node) -> int:
    return sum(1 for _ in _error_nodes(root))


def _error_nodes(root: Node, nested: bool = True) -> Iterator[Node]:
    """The ERROR and MISSING nodes, walking only subtrees that hold one; `nested` False: not
    those inside an ERROR node."""
    cursor = root.walk()
    while True:
        node = cursor.node
        if node.is_error or node.is_missing and not _is_phantom_non_null(node):
            yield node
        if node.has_error and (nested or not node.is_error) and cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return


# Kind ids are 16-bit; ERROR nodes carry the largest one (0xFFFF), so tables indexed by
# kind id have this many entries.
_KIND_ID_LIMIT = 0x10000
_ID_TOKEN, _NUM_TOKEN, _STR_TOKEN = (fingerprint.token_id(token) for token in ("ID", "NUM", "STR"))


class _Role:
    """A kind of node the walk handles inline (see Extractor.walk), for speed."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"<role {self.name}>"


_CHAIN_ROLE = _Role("chain")  # spec.attribute_types: `a.b.c` is one reference
_CALL_ROLE = _Role("call")  # spec.call_types: the callee as written
_STRING_ROLE = _Role("string")  # spec.string_types: one STR token; children walked only if code inside


_READING_ASSIGNMENTS = frozenset({"augmented_assignment_expression", "augmented_assignment"})


@dataclass(frozen=True)
class WalkTables:
    """One language's LanguageSpec turned into lookups by integer kind/field id.

    The walk asks a question of every node; a list indexed by `node.kind_id` answers
    it without building the node's type string. Built once per language and process.
    """

    # kind id -> what the walk does with such a node: None (nothing), one of the roles
    # it handles inline (_CHAIN_ROLE, _CALL_ROLE, _STRING_ROLE), or the node type's handler
    role_of: list[object]
    token_of: list[int | None]  # kind id -> token id of such a leaf in the normalized stream (None: dropped)
    reference_kinds: frozenset[int]  # identifier leaves that can read a name
    # field id -> (parent kinds where an identifier there is assigned, parent kinds where it is not a read)
    identifier_fields: dict[int, tuple[frozenset[int], frozenset[int]]]
    assignment_fields: dict[int, frozenset[int]]  # field id -> parent kinds where a node there is written
    rebinding_kinds: frozenset[int]  # spec.rebinding_types: assignments that declare no local
    # `return (cache ||= make())`: an augmented assignment whose value is used reads its target (a module's
    # memo cache lives on it); `count += 1` as a statement only writes it (a counter never read is dead state)
    reading_assignment_kinds: frozenset[int]
    callee_field: dict[int, int]  # call kind id -> field id of its callee
    named_function_kinds: frozenset[int]  # spec.named_function_types
    call_hook_callee_kinds: frozenset[int]  # callee kinds that go to hooks.on_call whatever their text
    import_token: int  # token id that replaces an import made by a call (require, import())


@cache
def walk_tables(language: str) -> WalkTables:
    spec = LANGUAGES[language]
    grammar = get_parser(language).language
    names = {kind: grammar.node_kind_for_id(kind) for kind in range(grammar.node_kind_count)}
    names[_KIND_ID_LIMIT - 1] = grammar.node_kind_for_id(_KIND_ID_LIMIT - 1)  # ERROR

    def kinds(types: Iterable[str]) -> frozenset[int]:
        wanted = set(types)
        return frozenset(kind for kind, name in names.items() if name in wanted)

    def field_id(name: str) -> int | None:
        return grammar.field_id_for_name(name)

    handlers: dict[int, list] = {}

    def add(types: Iterable[str], handler: NodeHandler | _Role) -> None:
        for kind in sorted(kinds(types)):
            handlers.setdefault(kind, []).append(handler)

    add(spec.function_types, _on_function)
    add(spec.method_signature_types, _on_method_signature)
    add(spec.class_types, _on_class)
    add(spec.type_declaration_kinds, _on_type_declaration)
    add(spec.call_types, _CALL_ROLE)
    add(spec.attribute_types, _CHAIN_ROLE)
    add(spec.no_reference_types, _on_no_reference)
    add(spec.decision_types, _on_decision_point)
    add(complexity_node_types(spec) - spec.decision_types, _on_decision)
    add(spec.terminator_types, _on_terminator)
    add(spec.if_types | spec.while_types, _on_if)
    for node_type, handler in spec.node_handlers.items():
        add([node_type], handler)
    # Strings and comments end the node (their children are not walked), so they go last.
    add(spec.string_types, _STRING_ROLE)
    add(spec.comment_types, _on_comment)
    role_of: list[object] = [None] * _KIND_ID_LIMIT
    for kind, found in handlers.items():
        if len(found) == 1:
            role_of[kind] = found[0]
        elif any(isinstance(one, _Role) for one in found):
            # The walk handles a role itself: a node type cannot have it and other handlers.
            raise ValueError(f"{language}: {names[kind]} has an inline role and other handlers")
        else:
            role_of[kind] = _all_of(tuple(found))

    token_of: list[int | None] = [None] * _KIND_ID_LIMIT
    for kind, name in names.items():
        if name in spec.string_part_types or name in spec.comment_types:
            continue
        if name in spec.number_types:
            token_of[kind] = _NUM_TOKEN
        elif name in spec.name_token_types:
            token_of[kind] = _ID_TOKEN
        else:
            token_of[kind] = fingerprint.token_id(name)
    reference_kinds = frozenset(kind for kind in kinds(spec.reference_types) if token_of[kind] == _ID_TOKEN)

    identifier_fields: dict[int, tuple[frozenset[int], frozenset[int]]] = {}
    for name in set(spec.assignment_targets) | set(spec.reference_skip):
        found_id = field_id(name)
        if found_id is not None:
            identifier_fields[found_id] = (
                kinds(spec.assignment_targets.get(name, ())),
                kinds(spec.reference_skip.get(name, ())),
            )
    assignment_fields = {
        found_id: kinds(parents)
        for name, parents in spec.assignment_targets.items()
        if (found_id := field_id(name)) is not None
    }
    callee_field = {}
    for call_type, field_name in spec.call_types.items():
        found_id = field_id(field_name)
        if found_id is not None:
            callee_field.update(dict.fromkeys(kinds([call_type]), found_id))
    return WalkTables(
        role_of=role_of,
        token_of=token_of,
        reference_kinds=reference_kinds,
        identifier_fields=identifier_fields,
        assignment_fields=assignment_fields,
        rebinding_kinds=kinds(spec.rebinding_types),
        reading_assignment_kinds=kinds(_READING_ASSIGNMENTS),
        callee_field=callee_field,
        named_function_kinds=kinds(spec.named_function_types),
        call_hook_callee_kinds=kinds(spec.call_hook_callee_types),
        import_token=fingerprint.token_id("import"),
    )


def _all_of(handlers: tuple[NodeHandler, ...]) -> NodeHandler:
    """One handler that runs several in order; the node is skipped if any asks for it."""

    def run_all(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> bool:
        skip = False
        for handler in handlers:
            if handler(ex, node, depth, cursor):
                skip = True
        return skip

    return run_all


def _augmentations(root: Node, symbols: list[dict]) -> dict[int, str]:
    """Per symbol (by its first line) declared in a `declare module 'pkg' { ... }` block at the top of a
    TypeScript file: a module augmentation, which the type checker merges into that module's own
    declarations (`interface StoreCustomProperties` typing what a plugin adds). Nothing names it. And each
    declared in a `declare global { ... }` block: a global, which other files name without importing it."""
    blocks = []
    for node in root.named_children:
        if node.type == "export_statement" and node.named_children:  # `export declare global { ... }`
            node = node.named_children[0]
        module = node.named_children[0] if node.type == "ambient_declaration" and node.named_children else None
        name = module.child_by_field_name("name") if module is not None and module.type == "module" else None
        if name is not None and name.type == "string":
            blocks.append((node.start_point[0] + 1, node.end_point[0] + 1,
                           f"{textual.AUGMENTS_MODULE} {name.text.decode('utf-8', 'replace')} (`declare module`): the type "
                           "checker merges it into that module's declarations"))
        elif module is not None and module.type == "statement_block" and node.text.startswith(b"declare global"):
            blocks.append((node.start_point[0] + 1, node.end_point[0] + 1,
                           f"{textual.DECLARES_GLOBAL} (`declare global`): any file of the program may name it without an "
                           "import"))
    found: dict[int, str] = {}
    for first, last, why in blocks:
        for fields in symbols:
            if first < fields["line_start"] <= last:
                found[fields["line_start"]] = why
    return found


def extract_file(path: str, data: bytes, language: str) -> FileFacts:
    """Parse `data` (the file at repo-relative `path`) and extract its facts.

    A file with syntax errors still yields what tree-sitter recovered; `syntax_errors`
    counts the ERROR/MISSING nodes.
    """
    spec = LANGUAGES[language]
    parser = get_parser(language)
    tree = parser.parse(data)
    if tree.root_node.has_error and spec.family == "ecmascript":
        tree = _repaired(parser, data, tree, markup=language != "typescript")
    elif tree.root_node.has_error and b"[" in data:
        tree = _kept_if_better(parser, data, tree, _count_syntax_errors(tree.root_node), _type_parameter_defaults(data))[1]
    root = tree.root_node
    extractor = Extractor(spec, path, data)
    extractor.walk(root)
    return extractor.facts(root.has_error, root)
