"""JavaScript / TypeScript / TSX hooks for the shared walk: ES and CommonJS imports and
exports, names of arrow functions and function expressions, JSDoc, parameters."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tree_sitter import Node, TreeCursor

from reviewer.scan.records import build
from reviewer.schema.facts import DynamicLookup, ExportRef, ImportedName, ImportRef

if TYPE_CHECKING:
    from reviewer.scan.extract import Extractor


def _first_named(node: Node | None) -> Node | None:
    """The first named child, or None (named_child() raises past the end)."""
    return node.named_child(0) if node is not None and node.named_child_count else None


def _first_child(node: Node | None) -> Node | None:
    return node.child(0) if node is not None and node.child_count else None

_FUNCTION_VALUES = frozenset(
    {"function_expression", "function", "generator_function", "arrow_function", "class"}
)
_CJS_MEMBER = re.compile(r"(?:module\.)?exports\.([A-Za-z_$][\w$]*)")
_FIELD_TYPES = {"field_definition": "property", "public_field_definition": "name"}
_PATTERN_IDENTIFIERS = frozenset({"identifier", "shorthand_property_identifier_pattern"})


def string_value(ex: Extractor, node: Node | None) -> str | None:
    """The value of a string literal (or a template without `${}`), quotes stripped."""
    if node is None or node.type not in ("string", "template_string"):
        return None
    raw = ex.text(node)
    if node.type == "template_string" and "${" in raw:
        return None
    return raw[1:-1]


def _key_name(ex: Extractor, key: Node | None) -> str | None:
    if key is None:
        return None
    if key.type in ("property_identifier", "identifier", "private_property_identifier"):
        return ex.text(key)
    if key.type == "string":
        return string_value(ex, key)
    return None


def _specifier_name(ex: Extractor, key: Node | None) -> str | None:
    """The name of an export or import specifier: `default` is a keyword node of its own
    (`export {default as List} from './List'`, `export {x as default}`), not an identifier."""
    if key is not None and key.type == "default":
        return "default"
    return _key_name(ex, key)


def _same(a: Node | None, b: Node) -> bool:
    return a is not None and a.id == b.id


# -- symbol hooks


def bound_name(ex: Extractor, node: Node) -> tuple[str, Node] | None:
    """The name an anonymous function/class is bound to, and the binding node.

    `const f = () => {}`, `{ post: () => {} }`, class field `handle = () => {}`,
    `exports.x = function () {}`, `module.exports = function () {}` ("default" unless
    the function has its own name), `export default function () {}` ("default").
    """
    parent = node.parent
    if parent is None:
        return None
    parent_type = parent.type
    if parent_type == "variable_declarator":
        name = parent.child_by_field_name("name")
        if _same(parent.child_by_field_name("value"), node) and name is not None and name.type == "identifier":
            return ex.text(name), parent
        return None
    if parent_type == "pair":
        if _same(parent.child_by_field_name("value"), node):
            key = _key_name(ex, parent.child_by_field_name("key"))
            if key is not None:
                return key, parent
        return None
    if parent_type in _FIELD_TYPES:
        if _same(parent.child_by_field_name("value"), node):
            key = _key_name(ex, parent.child_by_field_name(_FIELD_TYPES[parent_type]))
            if key is not None:
                return key, parent
        return None
    if parent_type == "assignment_expression" and ex.frames[-1] is ex.module:
        left = parent.child_by_field_name("left")
        if left is None or not _same(parent.child_by_field_name("right"), node):
            return None
        target = ex.text(left).replace(" ", "")
        match = _CJS_MEMBER.fullmatch(target)
        if match is not None:
            return match.group(1), parent
        if target == "module.exports":
            return _own_name(ex, node) or "default", parent
        return None
    if parent_type == "export_statement":
        return _own_name(ex, node) or "default", parent
    return None


def _names_read(ex: Extractor, node: Node) -> list[bytes]:
    """The plain identifiers of an expression (not property names after a dot)."""
    found = []
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "identifier":
            found.append(ex.data[current.start_byte : current.end_byte])
        stack.extend(current.named_children)
    return found


def _own_name(ex: Extractor, node: Node) -> str | None:
    name = node.child_by_field_name("name")
    return ex.text(name) if name is not None else None


def _pattern_names(ex: Extractor, node: Node, out: list[str]) -> None:
    """Names bound by a parameter pattern: `a`, `a = 1`, `...rest`, `{a, b: c}`, `[x, y]`."""
    node_type = node.type
    if node_type in _PATTERN_IDENTIFIERS:
        out.append(ex.text(node))
    elif node_type in ("required_parameter", "optional_parameter"):
        pattern = node.child_by_field_name("pattern")
        if pattern is not None:
            _pattern_names(ex, pattern, out)
    elif node_type in ("assignment_pattern", "object_assignment_pattern"):
        left = node.child_by_field_name("left")
        if left is not None:
            _pattern_names(ex, left, out)
    elif node_type == "pair_pattern":
        value = node.child_by_field_name("value")
        if value is not None:
            _pattern_names(ex, value, out)
    elif node_type in ("rest_pattern", "object_pattern", "array_pattern"):
        for child in node.named_children:
            _pattern_names(ex, child, out)


def params(ex: Extractor, node: Node) -> list[str]:
    single = node.child_by_field_name("parameter")  # `x => x * 2`
    if single is not None:
        return [ex.text(single)]
    parameters = node.child_by_field_name("parameters")
    names: list[str] = []
    if parameters is not None:
        for child in parameters.named_children:
            _pattern_names(ex, child, names)
    return names


def _statement_of(anchor: Node) -> Node:
    """The statement a declaration sits in: `const f = ...` and `export ...` wrappers included."""
    statement = anchor
    if statement.type == "variable_declarator" and statement.parent is not None:
        statement = statement.parent
    if statement.parent is not None and statement.parent.type == "export_statement":
        statement = statement.parent
    return statement


def docstring(ex: Extractor, node: Node, anchor: Node, body: Node | None) -> tuple[str | None, int | None, int]:
    """The JSDoc block right above the declaration (past `export` and decorators)."""
    statement = _statement_of(anchor)
    start_row = statement.start_point[0]
    previous = statement.prev_sibling
    while previous is not None and previous.type == "decorator":
        start_row = previous.start_point[0]
        previous = previous.prev_sibling
    if previous is None or previous.type != "comment" or previous.end_point[0] < start_row - 1:
        return None, None, 0
    raw = ex.text(previous)
    if not raw.startswith("/**") or raw == "/**/":
        return None, None, 0
    lines = []
    for line in raw[3:-2].split("\n"):
        line = line.strip()
        if line.startswith("*"):
            line = line[1:]
            if line.startswith(" "):
                line = line[1:]
        lines.append(line.rstrip())
    text = "\n".join(lines).strip()
    return (text or None), None, 0


def decorators(ex: Extractor, node: Node, anchor: Node) -> tuple[list[str], Node | None]:
    """Decorators inside the node, on its `export` wrapper, and (class members) just before it."""
    found = [child for child in node.children if child.type == "decorator"]
    parent = anchor.parent
    if parent is not None and parent.type == "export_statement":
        found = [child for child in parent.children if child.type == "decorator"] + found
    previous = anchor.prev_sibling
    before = []
    while previous is not None and previous.type == "decorator":
        before.append(previous)
        previous = previous.prev_sibling
    found = before[::-1] + found
    # Whole, not cut at a signature's length: an Angular `@Component({template: `...`})` binds
    # the class's members by name in its template (analysis.usage reads them there).
    return [ex.flat_text(child, DECORATOR_LIMIT)[1:].strip() for child in found], (found[0] if found else None)


DECORATOR_LIMIT = 20_000


def bases(ex: Extractor, node: Node) -> list[str]:
    """`extends A implements B, C` (classes) or `extends J, K` (interfaces), as written."""
    out: list[str] = []
    for child in node.named_children:
        if child.type == "class_heritage":
            clauses = child.named_children
            if clauses and all(c.type not in ("extends_clause", "implements_clause") for c in clauses):
                out.extend(ex.flat_text(c) for c in clauses if c.type != "comment")  # JavaScript
                continue
            for clause in clauses:
                _clause_types(ex, clause, out)
        elif child.type == "extends_type_clause":
            _clause_types(ex, child, out)
    return out


def _clause_types(ex: Extractor, clause: Node, out: list[str]) -> None:
    for part in clause.named_children:
        if part.type == "comment":
            continue
        if part.type == "type_arguments" and out:
            out[-1] += ex.flat_text(part)
        else:
            out.append(ex.flat_text(part))


def is_abstract(ex: Extractor, node: Node, decorator_texts: list[str], base_texts: list[str]) -> bool:
    return node.type == "abstract_class_declaration"


def is_private(ex: Extractor, node: Node, anchor: Node, name: str) -> bool:
    """`#x`, `_x` by convention, or a TS `private`/`protected` member."""
    if name.startswith(("_", "#")):
        return True
    for child in anchor.children:
        if child.type == "accessibility_modifier":
            return child.text in (b"private", b"protected")
        if child.is_named and child.type != "decorator":
            break
    return False


def signature(ex: Extractor, node: Node, anchor: Node, body: Node | None) -> tuple[str, int, int]:
    """Declaration text up to the body: `function f<T>(a: T): T`, `const f = (a) =>`, `get()`."""
    end = body.start_byte if body is not None else node.end_byte
    if anchor.type == "variable_declarator":
        declaration = anchor.parent
        keyword = _first_child(declaration) if declaration is not None else None
        prefix = ex.text(keyword) + " " if keyword is not None and not keyword.is_named else ""
        return prefix, anchor.start_byte, end
    if anchor.id != node.id and anchor.type != "export_statement":
        return "", anchor.start_byte, end  # pair, class field, `exports.x = function ...`
    start = node.start_byte
    for child in node.children:
        if child.type == "decorator":
            start = child.end_byte
    return "", start, end


def binding_signature(ex: Extractor, declarator: Node, value: Node) -> tuple[str, int, int]:
    declaration = declarator.parent
    keyword = _first_child(declaration) if declaration is not None else None
    prefix = ex.text(keyword) + " " if keyword is not None and not keyword.is_named else ""
    return prefix, declarator.start_byte, value.start_byte


def string_has_code(text: bytes) -> bool:
    return text[:1] == b"`" and b"${" in text


def is_default_case(node: Node) -> bool:
    return node.type == "switch_default"


def _import_ref(source: str, line: int, **fields) -> ImportRef:
    values = {
        "source": source,
        "level": 0,
        "names": [],
        "namespace": None,
        "star": False,
        "type_only": False,
        "kind": "static",
        "line": line,
    }
    values.update(fields)
    return build(ImportRef, **values)


def on_call(ex: Extractor, node: Node, callee: Node, callee_text: bytes) -> bool:
    """`import("./x")` and `require("y")` are imports, not calls.

    Called only for the callees in the spec's call_hook_callees/_types (keep them in step).
    """
    if callee.type == "import":
        arguments = node.child_by_field_name("arguments")
        source = string_value(ex, _first_named(arguments)) if arguments is not None else None
        if source is not None:
            ex.imports.append(_import_ref(source, node.start_point[0] + 1, kind="dynamic"))
        else:
            ex.dynamic_access = True
            if arguments is not None:  # `import(new URL(name, BASE))` reads BASE
                ex.frames[-1].refs.extend(_names_read(ex, arguments))
        return True
    if callee_text != b"require":
        return False
    arguments = node.child_by_field_name("arguments")
    source = string_value(ex, _first_named(arguments)) if arguments is not None else None
    if source is None:
        ex.dynamic_access = True
        if arguments is not None:  # `require(packagePath)` reads packagePath
            ex.frames[-1].refs.extend(_names_read(ex, arguments))
        return True
    namespace, names = None, []
    parent = node.parent
    member = None
    if parent is not None and parent.type == "member_expression":  # require("x").y
        member = parent.child_by_field_name("property")
        parent = parent.parent
    if parent is not None and parent.type == "variable_declarator":
        target = parent.child_by_field_name("name")
        if target is not None and target.type == "identifier":
            local = ex.text(target)
            if member is not None:
                name = ex.text(member)
                names.append(ImportedName.model_construct(name=name, alias=local if local != name else None))
            else:
                namespace = local
        elif target is not None and target.type == "object_pattern":
            for child in target.named_children:
                if child.type == "shorthand_property_identifier_pattern":
                    names.append(ImportedName.model_construct(name=ex.text(child), alias=None))
                elif child.type == "pair_pattern":
                    key = _key_name(ex, child.child_by_field_name("key"))
                    value = child.child_by_field_name("value")
                    if key is not None:
                        alias = ex.text(value) if value is not None and value.type == "identifier" else None
                        nested = value is not None and value.type in ("object_pattern", "array_pattern")
                        names.append(ImportedName.model_construct(name=key, alias=alias if alias != key else None,
                                                                  binds=not nested))
    ex.imports.append(_import_ref(source, node.start_point[0] + 1, kind="require", namespace=namespace, names=names))
    return True


# -- language-specific node handlers


def _on_import(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """ES `import` in all its forms (and TS `import x = require("y")`)."""
    line = node.start_point[0] + 1
    source = string_value(ex, node.child_by_field_name("source"))
    statement_type_only = any(child.type == "type" for child in node.children[:2])
    names: list[ImportedName] = []
    namespace = None
    name_kinds: list[bool] = []  # per imported name: type-only?
    has_clause = False
    for child in node.named_children:
        if child.type == "import_require_clause":
            local = _first_named(child)
            required = string_value(ex, child.child_by_field_name("source"))
            if required is not None:
                ex.imports.append(
                    _import_ref(required, line, kind="require", namespace=ex.text(local) if local else None)
                )
            return
        if child.type != "import_clause":
            continue
        has_clause = True
        for part in child.named_children:
            if part.type == "identifier":
                names.append(ImportedName.model_construct(name="default", alias=ex.text(part)))
                name_kinds.append(statement_type_only)
            elif part.type == "namespace_import":
                local = _first_named(part)
                namespace = ex.text(local) if local is not None else None
            elif part.type == "named_imports":
                for specifier in part.named_children:
                    if specifier.type != "import_specifier":
                        continue
                    name = _specifier_name(ex, specifier.child_by_field_name("name")) or ex.text(specifier)
                    alias = specifier.child_by_field_name("alias")
                    names.append(
                        ImportedName.model_construct(name=name, alias=ex.text(alias) if alias is not None else None)
                    )
                    name_kinds.append(statement_type_only or _first_child(specifier).type == "type")
    if source is None:
        return
    type_only = statement_type_only or (bool(name_kinds) and all(name_kinds) and namespace is None)
    ex.imports.append(
        _import_ref(
            source,
            line,
            names=names,
            namespace=namespace,
            type_only=type_only,
            kind="static" if has_clause else "side_effect",
        )
    )


def _export(ex: Extractor, name: str, line: int, **fields) -> None:
    values = {"name": name, "local": None, "source": None, "star": False, "type_only": False, "line": line}
    values.update(fields)
    ex.exports.append(ExportRef.model_construct(**values))


def _declared_names(ex: Extractor, declaration: Node) -> list[str]:
    if declaration.type in ("lexical_declaration", "variable_declaration"):
        names: list[str] = []
        for declarator in declaration.named_children:
            if declarator.type == "variable_declarator":
                target = declarator.child_by_field_name("name")
                if target is not None:
                    _pattern_names(ex, target, names)
        return names
    name = declaration.child_by_field_name("name")
    return [ex.text(name)] if name is not None else []


def _on_export(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """`export` declarations, `export default`, `export {a as b}`, re-exports, `export =`."""
    line = node.start_point[0] + 1
    children = node.children
    type_only = any(child.type == "type" for child in children[:3])
    source = string_value(ex, node.child_by_field_name("source"))
    if source is not None:
        ex.open_no_reference(node)
    is_default = any(child.type == "default" for child in children)
    declaration = node.child_by_field_name("declaration")
    value = node.child_by_field_name("value")
    if declaration is not None:
        declared_type_only = declaration.type in ("interface_declaration", "type_alias_declaration")
        for name in _declared_names(ex, declaration):
            _export(ex, "default" if is_default else name, line, local=name, type_only=declared_type_only)
        return
    if is_default or any(child.type == "=" for child in children):  # `export default x`, TS `export = x`
        if value is None:
            value = next((c for c in node.named_children if c.type not in ("comment", "decorator")), None)
        local = None
        if value is not None:
            if value.type == "identifier":
                local = ex.text(value)
            elif value.type in _FUNCTION_VALUES:
                local = _own_name(ex, value) or "default"
        _export(ex, "default", line, local=local)
        return
    for child in node.named_children:
        if child.type == "export_clause":
            ex.export_lists.append((line, node.end_point[0] + 1))
            for specifier in child.named_children:
                if specifier.type != "export_specifier":
                    continue
                name = _specifier_name(ex, specifier.child_by_field_name("name"))
                alias = _specifier_name(ex, specifier.child_by_field_name("alias"))
                if name is None:
                    continue
                specifier_type_only = type_only or _first_child(specifier).type == "type"
                _export(ex, alias or name, line, local=name, source=source, type_only=specifier_type_only)
        elif child.type == "namespace_export":  # export * as ns from "./x"
            local = _first_named(child)
            _export(ex, ex.text(local) if local is not None else "*", line, source=source, star=True)
    if source is not None and any(child.type == "*" for child in children):
        _export(ex, "*", line, source=source, star=True, type_only=type_only)


def _on_variable_declarator(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """Module-level `const X = ...` (constant) / `let`, `var` (variable); an object value is a container.
    Anywhere, `const { a, b: c } = obj` reads `obj.a` and `obj.b` (a store's methods taken by name)."""
    target = node.child_by_field_name("name")
    if target is not None and target.type == "object_pattern":
        _destructured_reads(ex, target, node.child_by_field_name("value"))
    if ex.frames[-1] is not ex.module:
        return
    declaration = node.parent
    if declaration is None or declaration.parent is None:
        return
    if declaration.parent.type not in ("program", "export_statement"):
        return
    target, value = node.child_by_field_name("name"), node.child_by_field_name("value")
    if target is None or target.type != "identifier":
        return
    if value is not None and value.type in _FUNCTION_VALUES:
        return  # the function/class handler names it
    if value is not None and _is_require(value):
        return  # an import (see on_call)
    name = ex.text(target)
    if name in ex.module_bindings:
        return
    keyword = _first_child(declaration)
    is_const = keyword is not None and keyword.type == "const"
    frame = ex.open_symbol(
        node,
        depth,
        name=name,
        kind="constant" if is_const else "variable",
        anchor=declaration,
        body=value,
        signature=binding_signature(ex, node, value) if value is not None else ("", node.start_byte, node.end_byte),
        docstring=docstring(ex, node, node, None)[0],
        value=ex.text(value)[:200] if value is not None else None,
    )
    frame.is_container = value is not None and value.type == "object"
    ex.module_bindings[name] = frame.symbol  # type: ignore[assignment]


def _destructured_reads(ex: Extractor, pattern: Node, value: Node | None) -> None:
    """The attribute reads of a destructuring from a name or a member chain (`= documents`, `= this.store`):
    each key read off the value, as `documents.fetchChildDocuments` would be."""
    if value is None or value.type not in ("identifier", "member_expression", "this"):
        return
    receiver = ex.text(value)
    for child in pattern.named_children:
        if child.type == "shorthand_property_identifier_pattern":
            key: str | None = ex.text(child)
        elif child.type == "pair_pattern":
            key = _key_name(ex, child.child_by_field_name("key"))
        elif child.type == "object_assignment_pattern":  # `{ a = 1 }`
            left = child.child_by_field_name("left")
            key = ex.text(left) if left is not None and left.type == "shorthand_property_identifier_pattern" else None
        else:
            key = None
        if key:
            ex.frames[-1].refs.append(f"{receiver}.{key}".encode())


def _on_assignment(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """CommonJS: `module.exports = ...`, `module.exports.x = ...`, `exports.x = ...` at top level."""
    if ex.frames[-1] is not ex.module:
        return
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if left is None or right is None or left.type != "member_expression":
        return
    target = ex.text(left).replace(" ", "")
    line = node.start_point[0] + 1
    match = _CJS_MEMBER.fullmatch(target)
    if match is not None:
        name = match.group(1)
        if right.type == "identifier":
            local: str | None = ex.text(right)
        elif right.type in _FUNCTION_VALUES:
            local = name
        else:
            local = None
        _export(ex, name, line, local=local)
        return
    if target != "module.exports":
        return
    if right.type == "identifier":
        _export(ex, "default", line, local=ex.text(right))
    elif right.type in _FUNCTION_VALUES:
        _export(ex, "default", line, local=_own_name(ex, right) or "default")
    elif right.type == "object":
        for member in right.named_children:
            if member.type == "shorthand_property_identifier":
                member_name = ex.text(member)
                _export(ex, member_name, line, local=member_name)
            elif member.type == "pair":
                key = _key_name(ex, member.child_by_field_name("key"))
                value = member.child_by_field_name("value")
                if key is None:
                    continue
                if value is not None and value.type == "identifier":
                    _export(ex, key, line, local=ex.text(value))
                elif value is not None and value.type in _FUNCTION_VALUES:
                    _export(ex, key, line, local=key)
                else:
                    _export(ex, key, line)
            elif member.type == "method_definition":
                member_name = _own_name(ex, member)
                if member_name is not None:
                    _export(ex, member_name, line, local=member_name)
    else:
        _export(ex, "default", line)


def _is_require(value: Node) -> bool:
    """`require("x")` or `require("x").member`."""
    if value.type == "member_expression":
        value = value.child_by_field_name("object") or value
    if value.type != "call_expression":
        return False
    callee = value.child_by_field_name("function")
    return callee is not None and callee.type == "identifier" and callee.text == b"require"


def _on_jsx_element(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """`<div>` names an intrinsic element, not a variable; `<Header>` reads the component."""
    ex.jsx = True
    name = node.child_by_field_name("name")
    if name is not None and name.type == "identifier" and name.text[:1].islower():
        ex.open_no_reference(name)


def _on_subscript(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """`ns[name]` with a computed key: dynamic when `ns` turns out to be a module namespace."""
    target = node.child_by_field_name("object")
    index = node.child_by_field_name("index")
    if target is None or index is None or target.type != "identifier":
        return
    if index.type in ("string", "number") or string_value(ex, index) is not None:
        return
    ex.subscripted_names.add(ex.text(target))


def _on_function_signature(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """An overload of a TS function (`export function literal<T>(value: T): ZodLiteral<T>;`): a
    signature for the type checker alone (see Extractor._type_level_lines)."""
    ex.overload_lines.append((node.start_point[0] + 1, node.end_point[0] + 1))


NODE_HANDLERS = {
    "import_statement": _on_import,
    "function_signature": _on_function_signature,
    "export_statement": _on_export,
    "variable_declarator": _on_variable_declarator,
    "assignment_expression": _on_assignment,
    "subscript_expression": _on_subscript,
    "jsx_opening_element": _on_jsx_element,
    "jsx_closing_element": _on_jsx_element,
    "jsx_self_closing_element": _on_jsx_element,
}


def finish(ex: Extractor) -> None:
    """exported: module-level symbols named by an export; public members of exported classes/objects."""
    exported_locals = {export.local for export in ex.exports if export.source is None and export.local}
    by_qualified: dict[str, dict] = {}
    for frame in ex.closed:
        symbol = frame.symbol
        assert symbol is not None
        parent = symbol["parent"]
        if parent is None:
            exported = symbol["name"] in exported_locals
        else:
            owner = by_qualified.get(parent)
            exported = (
                owner is not None
                and owner["parent"] is None
                and owner["kind"] in ("class", "constant", "variable")
                and owner.get("exported", False)
                and not frame.private
            )
        symbol["exported"] = exported
        by_qualified.setdefault(symbol["qualified_name"], symbol)
    namespaces = {ref.namespace for ref in ex.imports if ref.namespace}
    for name in sorted(ex.subscripted_names & namespaces):  # ns[key]: any export of ns
        ex.dynamic_access = True
        ex.dynamic_lookups.append(DynamicLookup.model_construct(target=name, prefix="", line=0))


# -- what a function body does (scan.behaviour): node types and library idioms ----------------

BEHAVIOUR = dict(
    body_field="body",
    for_each={"for_in_statement": ("left", "right")},
    counted_for=frozenset({"for_statement"}),
    while_types=frozenset({"while_statement", "do_statement"}),
    if_type="if_statement",
    return_type="return_statement",
    continue_types=frozenset({"continue_statement"}),
    aug_assign_types=frozenset({"augmented_assignment_expression"}),
    update_types=frozenset({"update_expression"}),
    assign_types={"assignment_expression": ("left", "right"), "variable_declarator": ("name", "value")},
    call_type="call_expression",
    attribute_types={"member_expression": ("object", "property")},
    subscript_types={"subscript_expression": ("object", "index")},
    binary_types=frozenset({"binary_expression"}),
    unary_types=frozenset({"unary_expression"}),
    group_types=frozenset({"parenthesized_expression", "expression_statement", "arguments", "as_expression",
                           "non_null_expression", "satisfies_expression"}),
    spread_types=frozenset({"spread_element"}),
    lambda_types=frozenset({"arrow_function", "function_expression", "function"}),
    comprehensions={},
    literal_words={"true": "true", "false": "false", "null": "none", "undefined": "none", "this": "self"},
    string_types=frozenset({"string", "template_string"}),
    number_types=frozenset({"number"}),
    functions={"Math.max": "largest", "Math.min": "smallest"},
    methods={"reduce": "reduce", "map": "map", "filter": "filter", "some": "any", "every": "all", "find": "first",
             "sort": "sort", "toSorted": "sort", "flatMap": "map", "findIndex": "first index", "join": "join"},
    collect_methods=frozenset({"push", "add", "unshift"}),
    declaration_types=frozenset({"lexical_declaration", "variable_declaration"}),
)

# -- lexical pieces of the token views (scan.structure, scan.shapes) ----------------------------

TOKENS = dict(
    comment=r"//[^\n]*|/\*[\s\S]*?\*/",
    identifier=r"[A-Za-z_$][\w$]*",
    punctuation=r"=>|\.\.\.|\?\.|===|!==|[-+*/%&|^<>!=]=|==|[^\s\w$]",
    keywords=frozenset(
        "break case catch class const continue default delete do else export extends false finally for function if "
        "import in instanceof let new null return super switch this throw true try typeof undefined var void while "
        "yield async await of static get set as keyof infer is type readonly declare".split()
    ),
    header_brackets=("([{<", ")]}>"),
    param_openers=("(", ",", "{", "[", "..."),
    destructuring=True,
)
