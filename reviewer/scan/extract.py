"""Facts about one source file: symbols, imports, exports, fingerprints, in one tree walk.

`extract_file(path, data, language)` parses with the language's tree-sitter grammar
and walks the tree once with a TreeCursor (no recursion, so deep trees are safe).
Each node type is dispatched through a table built from the LanguageSpec; what a
symbol owns is decided by a stack of frames: a frame opens at a symbol's node and
closes when the walk leaves that node, so calls, references, decision points and
body tokens go to the innermost symbol (nested functions and classes keep theirs,
anonymous callbacks stay part of the function that contains them).

Conventions worth knowing:
- line_start includes decorators (Python `@dec`, TS `@Component(...)`); line_end is
  the last line of the definition. For `const f = () => ...` the range is the
  declarator's.
- The body hash and the token shingles cover the body only (not the signature, not
  the Python docstring); comments are dropped.
- `references` are the names and dotted chains (up to 3 parts) read in the symbol,
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
from functools import cache

from tree_sitter import Node, TreeCursor

from reviewer.scan import fingerprint
from reviewer.scan.complexity import complexity_node_types, decision_points
from reviewer.scan.languages import LANGUAGES, LanguageSpec, get_parser
from reviewer.scan.models import (
    FUNCTION_KINDS,
    ExportRef,
    FileFacts,
    ImportRef,
    complexity_score,
)

_MAX_SIGNATURE = 300
_MAX_VALUE = 200
_MAX_CALLEE = 120
_MAX_STRING_LITERALS = 500

_WHITESPACE = re.compile(r"\s+")
_BYTES_WHITESPACE = re.compile(rb"\s+")
_CHAIN = re.compile(rb"[A-Za-z_$#][\w$#]*(?:\s*\??\.\s*[A-Za-z_$#][\w$#]*)+")
_CHAIN_SEPARATOR = re.compile(rb"\s*\??\.\s*")
_IDENTIFIER = re.compile(rb"[A-Za-z_$][\w$]*")
_IDENTIFIER_STRING = re.compile(rb"""[A-Za-z]{0,2}(["'`])([A-Za-z_][A-Za-z0-9_]*)\1""")
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
    )

    def __init__(self, depth: int, kind: str, qualified: str, symbol: dict | None) -> None:
        self.depth = depth
        self.kind = kind
        self.qualified = qualified
        self.symbol = symbol  # the Symbol fields known at creation; None for the module
        self.calls: list[str] = []
        self.refs: list[str] = []
        self.assigned: set[str] = set()
        self.complexity = 1
        self.unreachable: list[tuple[int, int, str]] = []
        self.body_start = -1  # start byte of the body node (a direct child of the frame's node)
        self.body_depth = -1  # depth of that body node while it has not been reached
        self.doc_tokens = 0  # tokens at the start of the body that belong to the docstring
        self.tok_start: int | None = None
        self.tok_end: int | None = None
        self.hash_range: tuple[int, int, int] | None = None  # (start byte, end byte, first column)
        self.signature_range: tuple[str, int, int] | None = None  # (prefix, start byte, end byte)
        self.is_container = False  # an object literal bound to a name: its functions are methods
        self.private = False  # a member hidden by its language (TS `private`, JS `#x`): never exported


class Extractor:
    """State of one file's walk. Language hooks read and fill it (see languages.py)."""

    def __init__(self, spec: LanguageSpec, path: str, data: bytes) -> None:
        self.spec = spec
        self.hooks = spec.hooks
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
        self.dunder_all: list[str] | None = None
        self.dunder_all_literal = True
        self.string_literals: dict[str, None] = {}
        self.dynamic_access = False
        self.has_main_guard = False
        self.suppressions: dict[int, list[str]] = {}
        self.assign_counts: dict[str, int] = {}  # name -> times it is assigned anywhere in the file
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
        qualified = f"{enclosing.qualified}.{name}" if enclosing.symbol is not None else name
        first = first_line_node if first_line_node is not None else anchor
        line_start = min(first.start_point[0], anchor.start_point[0], node.start_point[0]) + 1
        symbol = {
            "name": name,
            "qualified_name": qualified,
            "kind": kind,
            "line_start": line_start,
            "line_end": max(node.end_point[0], anchor.end_point[0]) + 1,
            "docstring": docstring,
            "parent": enclosing.qualified if enclosing.symbol is not None else None,
            "params": params or [],
            "decorators": decorators or [],
            "bases": bases or [],
            "is_async": is_async,
            "is_abstract": is_abstract,
            "value": value,
        }
        frame = Frame(depth, kind, qualified, symbol)
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
        """Visit every node once, in source order. This loop runs for every node of every
        file (millions on a big repository), so it works on integer kind ids with tables
        built once per language (see WalkTables) and keeps the innermost frame in locals."""
        tables = walk_tables(self.spec.name)
        handler_of = tables.handler_of
        token_of = tables.token_of
        reference_kinds = tables.reference_kinds
        identifier_fields = tables.identifier_fields
        data = self.data
        tokens = self.tokens
        append_token = tokens.append
        frames = self.frames
        close_frames = self._close_frames
        # The innermost frame, its depth, its unreached body depth and its references,
        # and the end of the no-reference region, kept in locals: they change only when
        # a handler ran or a frame closed.
        top = frames[-1]
        top_depth, body_depth, refs = top.depth, top.body_depth, top.refs
        noref_end = self.noref_end
        cursor = root.walk()
        depth = 0
        while True:
            node = cursor.node
            if depth <= top_depth:
                close_frames(depth)
                top = frames[-1]
                top_depth, body_depth, refs = top.depth, top.body_depth, top.refs
            if depth == body_depth and node.start_byte == top.body_start:
                top.tok_start = len(tokens) + top.doc_tokens
                top.body_depth = body_depth = -1
            kind = node.kind_id
            handler = handler_of[kind]
            if handler is not None:
                skip = handler(self, node, depth, cursor)
                top = frames[-1]
                top_depth, body_depth, refs = top.depth, top.body_depth, top.refs
                noref_end = self.noref_end
                if skip:  # the handler consumed the node: on to the next one without descending
                    while not cursor.goto_next_sibling():
                        if not cursor.goto_parent():
                            close_frames(0)
                            return
                        depth -= 1
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

    def _identifier(self, node: Node, parents: tuple[frozenset[int], frozenset[int]]) -> None:
        """An identifier in a field where it may be written or not be a read, by parent kind."""
        assignment_parents, skip_parents = parents
        parent_kind = node.parent.kind_id
        if parent_kind in assignment_parents:
            name = self.text(node)
            self.assign_counts[name] = self.assign_counts.get(name, 0) + 1
            self.frames[-1].assigned.add(name)
        elif parent_kind not in skip_parents:
            self.frames[-1].refs.append(self.data[node.start_byte : node.end_byte])

    # -- results

    def facts(self, tree_has_error: bool, root: Node) -> FileFacts:
        self.hooks.finish(self)
        self._resolve_false_ifs()
        hashes = fingerprint.window_hashes(self.tokens)
        symbols = [self._symbol(frame, hashes) for frame in self.closed]
        module = self.module
        data = self.data
        # One validation of plain dicts (pydantic-core) is cheaper than building models one by one.
        return FileFacts.model_validate(
            dict(
            path=self.path,
            language=self.spec.name,
            sha256=hashlib.sha256(data).hexdigest(),
            lines=data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0),
            size=len(data),
            symbols=symbols,
            imports=self.imports,
            exports=self.exports,
            dunder_all=self.dunder_all if self.dunder_all_literal else None,
            module_references=list(dict.fromkeys(module.refs)),
            module_calls=list(dict.fromkeys(module.calls)),
            string_literals=list(self.string_literals)[:_MAX_STRING_LITERALS],
            dynamic_access=self.dynamic_access,
            has_main_guard=self.has_main_guard,
            syntax_errors=_count_syntax_errors(root) if tree_has_error else 0,
            decode_errors=False,
            suppressions=self.suppressions,
            )
        )

    def _resolve_false_ifs(self) -> None:
        """`if DEBUG:` is dead when DEBUG is a module binding assigned once, to a false literal."""
        for frame, name, condition, line_start, line_end in self.false_if_candidates:
            binding = self.module_bindings.get(name)
            if binding is None or self.assign_counts.get(name) != 1:
                continue
            value = (binding.get("value") or "").strip()
            if value in self.spec.false_literals:
                frame.unreachable.append((line_start, line_end, f"if {condition} with {name} = {value}"))

    def _symbol(self, frame: Frame, hashes: list[int]) -> dict:
        fields = frame.symbol
        assert fields is not None
        data = self.data
        prefix, start, end = frame.signature_range or ("", 0, 0)
        signature = fingerprint.strip_comments(data, start, end, self.comment_starts, self.comment_ends)
        signature_text = _WHITESPACE.sub(" ", prefix + signature.decode("utf-8", "replace")).strip()
        signature_text = signature_text.rstrip(" :=;{").strip()[:_MAX_SIGNATURE]
        token_start = token_end = 0
        if frame.tok_start is not None and frame.tok_end is not None and frame.hash_range is not None:
            token_start, token_end = frame.tok_start, max(frame.tok_start, frame.tok_end)
        body_hash = ""
        if frame.hash_range is not None:
            hash_start, hash_end, column = frame.hash_range
            body = fingerprint.strip_comments(data, hash_start, hash_end, self.comment_starts, self.comment_ends)
            body_hash = fingerprint.body_hash(body, indent_significant=self.spec.indent_significant, first_column=column)
        removed = frame.assigned | set(fields["params"]) if frame.kind in FUNCTION_KINDS else set()
        references = [name for name in dict.fromkeys(frame.refs) if name not in removed]
        fields.update(
            exported=fields.get("exported", False),
            signature=signature_text,
            body_hash=body_hash,
            calls=list(dict.fromkeys(frame.calls)),
            references=references,
            complexity=frame.complexity,
            complexity_score=complexity_score(frame.complexity),
            unreachable=[
                {"line_start": a, "line_end": b, "reason": reason} for a, b, reason in sorted(frame.unreachable)
            ],
            shingles=fingerprint.shingles_of_slice(self.tokens, hashes, token_start, token_end),
            token_count=token_end - token_start,
        )
        return fields


# -- shared node handlers (the language-specific ones live in the hook modules)


def _on_function(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    spec, hooks = ex.spec, ex.hooks
    if node.type in spec.named_function_types:
        name_node = node.child_by_field_name("name")
        if name_node is None:
            return
        name, anchor = ex.text(name_node), node
    else:
        bound = hooks.bound_name(ex, node)
        if bound is None:
            return  # an anonymous callback: part of the body that contains it
        name, anchor = bound
    enclosing = ex.frames[-1]
    is_member = enclosing.kind == "class" or anchor.parent.type in spec.member_container_types
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
        is_async=_is_async(node),
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
        is_async=_is_async(node),
        is_abstract=True,
        private=hooks.is_private(ex, node, node, ex.text(name_node)),
    )


def _on_class(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    hooks = ex.hooks
    name_node = node.child_by_field_name("name")
    if name_node is not None:
        name, anchor = ex.text(name_node), node
    else:
        bound = hooks.bound_name(ex, node)
        if bound is None:
            return
        name, anchor = bound
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


def _on_call(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> bool:
    callee = node.child_by_field_name(ex.spec.call_types[node.type])
    if callee is None:
        return False
    text = ex.data[callee.start_byte : callee.end_byte]
    if ex.hooks.on_call(ex, node, callee, text):
        ex.tokens.append("import")
        return True  # an import in disguise (require, import()): not a call, nothing inside to read
    if len(text) > _MAX_CALLEE or b"\n" in text or b"  " in text:
        text = _BYTES_WHITESPACE.sub(b" ", text)[:_MAX_CALLEE]
    ex.frames[-1].calls.append(text.decode("utf-8", "replace"))
    return False


def _on_attribute(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """Record a pure dotted chain (`self.helper`, `mod.func`) once, not its parts."""
    start = node.start_byte
    if start < ex.noref_end:
        return
    text = ex.data[start : node.end_byte]
    if _CHAIN.fullmatch(text) is None:
        return  # `f(x).y`, `a[0].b`: the parts are walked one by one
    ex.open_no_reference(node)
    field = cursor.field_name
    if field is not None:
        parents = ex.spec.assignment_targets.get(field)
        if parents is not None and node.parent.type in parents:
            return  # written (`self.x = 1`), not read
    parts = _CHAIN_SEPARATOR.split(text)
    ex.frames[-1].refs.append(b".".join(parts[:3]).decode("utf-8", "replace"))


def _on_no_reference(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    ex.open_no_reference(node)


def _on_string(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> bool:
    ex.tokens.append("STR")
    text = ex.data[node.start_byte : node.end_byte]
    if len(text) < 80:
        match = _IDENTIFIER_STRING.fullmatch(text)
        if match is not None:
            ex.string_literals[match.group(2).decode()] = None
    return not ex.hooks.string_has_code(text)


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


def _on_decision(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
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
    sibling = node.next_named_sibling
    while sibling is not None:
        sibling_type = sibling.type
        if sibling_type not in spec.comment_types and sibling_type not in spec.hoisted_types:
            if first is None:
                first = sibling
            last = sibling
        sibling = sibling.next_named_sibling
    if first is not None and last is not None:
        keyword = node.type.split("_", 1)[0]
        frame.unreachable.append((first.start_point[0] + 1, last.end_point[0] + 1, f"after {keyword}"))


def _on_if(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """`if False:` / `if (0)` bodies are unreachable; `if (NAME)` is checked once the file is read."""
    frame = ex.frames[-1]
    if frame.kind not in FUNCTION_KINDS:
        return
    condition = node.child_by_field_name("condition")
    consequence = node.child_by_field_name("consequence")
    if condition is None or consequence is None:
        return
    raw = ex.data[condition.start_byte : condition.end_byte]
    bare = raw.strip(b"() \t\r\n")
    if len(bare) > 64:
        return
    written = raw.decode("utf-8", "replace")
    line_start, line_end = consequence.start_point[0] + 1, consequence.end_point[0] + 1
    text = bare.decode("utf-8", "replace")
    if text in ex.spec.false_literals:
        frame.unreachable.append((line_start, line_end, f"if {written}"))
    elif _IDENTIFIER.fullmatch(bare):
        ex.false_if_candidates.append((frame, text, written, line_start, line_end))


def _is_async(node: Node) -> bool:
    """An `async` keyword among the leading modifiers (`static async m()`, `async def`)."""
    for index in range(min(node.child_count, 4)):
        child = node.child(index)
        if child is None or child.is_named:
            return False
        if child.type == "async":
            return True
    return False


def _count_syntax_errors(root: Node) -> int:
    count = 0
    cursor = root.walk()
    while True:
        node = cursor.node
        if node.is_error or node.is_missing:
            count += 1
        if node.has_error and cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return count


@cache
def _dispatch(language: str) -> dict[str, tuple]:
    """node type -> handlers, built once per language from its table."""
    spec = LANGUAGES[language]
    table: dict[str, list] = {}

    def add(types, handler) -> None:
        for node_type in types:
            table.setdefault(node_type, []).append(handler)

    add(spec.function_types, _on_function)
    add(spec.method_signature_types, _on_method_signature)
    add(spec.class_types, _on_class)
    add(spec.type_declaration_kinds, _on_type_declaration)
    add(spec.call_types, _on_call)
    add(spec.attribute_types, _on_attribute)
    add(spec.no_reference_types, _on_no_reference)
    add(complexity_node_types(spec), _on_decision)
    add(spec.terminator_types, _on_terminator)
    add(spec.if_types, _on_if)
    for node_type, handler in spec.node_handlers.items():
        add([node_type], handler)
    # Strings and comments end the node (their children are not walked), so they go last.
    add(spec.string_types, _on_string)
    add(spec.comment_types, _on_comment)
    return {node_type: tuple(handlers) for node_type, handlers in table.items()}


@cache
def _leaf_tokens(language: str) -> dict[str, str | None]:
    """Leaf type -> token in the normalized stream (None: dropped); other leaves keep their type."""
    spec = LANGUAGES[language]
    tokens: dict[str, str | None] = {node_type: "ID" for node_type in spec.name_token_types}
    tokens.update({node_type: "NUM" for node_type in spec.number_types})
    tokens.update({node_type: None for node_type in spec.string_part_types | spec.comment_types})
    return tokens


def extract_file(path: str, data: bytes, language: str) -> FileFacts:
    """Parse `data` (the file at repo-relative `path`) and extract its facts.

    A file with syntax errors still yields what tree-sitter recovered; `syntax_errors`
    counts the ERROR/MISSING nodes.
    """
    spec = LANGUAGES[language]
    tree = get_parser(language).parse(data)
    root = tree.root_node
    extractor = Extractor(spec, path, data)
    extractor.walk(root)
    return extractor.facts(root.has_error, root)
