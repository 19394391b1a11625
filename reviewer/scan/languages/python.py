"""Python hooks for the shared walk: imports, `__all__`, module bindings, docstrings, parameters."""

from __future__ import annotations

import inspect
import keyword
import re
from typing import TYPE_CHECKING

from tree_sitter import Node, TreeCursor

from reviewer.scan.records import build
from reviewer.schema.facts import DynamicLookup, ImportedName, ImportRef

if TYPE_CHECKING:
    from reviewer.scan.extract import Extractor


def _first_named(node: Node | None) -> Node | None:
    """The first named child, or None (named_child() raises past the end)."""
    return node.named_child(0) if node is not None and node.named_child_count else None


_UPPER_CASE = re.compile(r"_*[A-Z][A-Z0-9_]*")
_STRING_PREFIX = re.compile(rb"[A-Za-z]*")
_MAIN_GUARD = re.compile(r"""__name__\s*==\s*(['"])__main__\1|(['"])__main__\2\s*==\s*__name__""")
_ABSTRACT_DECORATORS = frozenset(
    {"abstractmethod", "abstractproperty", "abstractclassmethod", "abstractstaticmethod"}
)
_ABSTRACT_BASES = frozenset({"ABC", "abc.ABC"})
_ABSTRACT_METACLASSES = frozenset({"ABCMeta", "abc.ABCMeta"})
# How a body that opens with a docstring (or a comment before it) can start: a quote,
# a string prefix letter, "#".
_DOCSTRING_FIRST_BYTES = frozenset(bytes([c]) for c in b"\"'#rRbBuUfF")


def string_literal_value(ex: Extractor, node: Node) -> str | None:
    """The value of a plain string literal (no f-string, no concatenation), quotes stripped."""
    if node.type != "string":
        return None
    raw = ex.data[node.start_byte : node.end_byte]
    prefix = _STRING_PREFIX.match(raw).group(0)  # type: ignore[union-attr]
    if b"f" in prefix.lower() or b"b" in prefix.lower():
        return None
    body = raw[len(prefix) :]
    quote = body[:3] if body[:3] in (b'"""', b"'''") else body[:1]
    if len(body) < 2 * len(quote):
        return None
    return body[len(quote) : len(body) - len(quote)].decode("utf-8", "replace")


# -- symbol hooks


def bound_name(ex: Extractor, node: Node) -> tuple[str, Node] | None:
    """`f = lambda x: ...` at module or class level names the lambda `f`."""
    if node.type != "lambda" or ex.frames[-1].kind not in ("module", "class"):
        return None
    assignment = node.parent
    if assignment is None or assignment.type != "assignment":
        return None
    left, right = assignment.child_by_field_name("left"), assignment.child_by_field_name("right")
    if left is None or right is None or left.type != "identifier" or right.id != node.id:
        return None
    statement = assignment.parent
    return ex.text(left), statement if statement is not None else assignment


def params(ex: Extractor, node: Node) -> list[str]:
    parameters = node.child_by_field_name("parameters")
    if parameters is None:
        return []
    names = []
    for child in parameters.named_children:
        child_type = child.type
        if child_type == "identifier":
            names.append(ex.text(child))
        elif child_type in ("default_parameter", "typed_default_parameter"):
            name = child.child_by_field_name("name")
            if name is not None:
                names.append(ex.text(name))
        elif child_type in ("typed_parameter", "list_splat_pattern", "dictionary_splat_pattern"):
            for part in child.named_children:
                if part.type == "identifier":
                    names.append(ex.text(part))
                    break
                if part.type in ("list_splat_pattern", "dictionary_splat_pattern"):
                    inner = _first_named(part)
                    if inner is not None:
                        names.append(ex.text(inner))
                    break
    return names


def docstring(ex: Extractor, node: Node, anchor: Node, body: Node | None) -> tuple[str | None, int | None, int]:
    """The first statement's string, dedented; the hashed body starts after it (1 STR token)."""
    if body is None or ex.data[body.start_byte : body.start_byte + 1] not in _DOCSTRING_FIRST_BYTES:
        return None, None, 0  # the body starts with neither a string nor a comment: no docstring
    if body.type != "block" or body.named_child_count == 0:
        return None, None, 0
    statement = _first_named(body)
    while statement is not None and statement.type == "comment":
        statement = statement.next_named_sibling
    if statement is None or statement.type != "expression_statement" or statement.named_child_count != 1:
        return None, None, 0
    value = string_literal_value(ex, _first_named(statement))  # type: ignore[arg-type]
    if value is None:
        return None, None, 0
    return inspect.cleandoc(value), statement.end_byte, 1


def decorators(ex: Extractor, node: Node, anchor: Node) -> tuple[list[str], Node | None]:
    parent = node.parent
    if parent is None or parent.type != "decorated_definition":
        return [], None
    found = [child for child in parent.named_children if child.type == "decorator"]
    return [_decorator_text(ex, child) for child in found], (found[0] if found else None)


def _decorator_text(ex: Extractor, decorator: Node) -> str:
    """The decorator's expression without the `@`, and without a comment that ends its line
    (`@atomic  # a consistent view (barring cached)`: the comment is a child of the decorator node)."""
    expression = next((child for child in decorator.named_children if child.type != "comment"), None)
    return ex.flat_text(expression) if expression is not None else ex.flat_text(decorator)[1:].strip()


def bases(ex: Extractor, node: Node) -> list[str]:
    superclasses = node.child_by_field_name("superclasses")
    if superclasses is None:
        return []
    return [
        ex.flat_text(child)
        for child in superclasses.named_children
        if child.type not in ("keyword_argument", "comment")
    ]


def is_abstract(ex: Extractor, node: Node, decorator_texts: list[str], base_texts: list[str]) -> bool:
    if node.type == "class_definition":
        if any(base in _ABSTRACT_BASES for base in base_texts):
            return True
        superclasses = node.child_by_field_name("superclasses")
        for child in superclasses.named_children if superclasses is not None else ():
            if child.type == "keyword_argument":
                name, value = child.child_by_field_name("name"), child.child_by_field_name("value")
                if name is not None and value is not None and ex.text(name) == "metaclass":
                    if ex.text(value) in _ABSTRACT_METACLASSES:
                        return True
        return False
    return any(text.rsplit(".", 1)[-1] in _ABSTRACT_DECORATORS for text in decorator_texts)


def is_private(ex: Extractor, node: Node, anchor: Node, name: str) -> bool:
    return not _is_public_member(name)


def signature(ex: Extractor, node: Node, anchor: Node, body: Node | None) -> tuple[str, int, int]:
    start = anchor.start_byte if node.type == "lambda" else node.start_byte
    return "", start, body.start_byte if body is not None else node.end_byte


def binding_signature(ex: Extractor, node: Node, value: Node) -> tuple[str, int, int]:
    return "", node.start_byte, value.start_byte


def string_has_code(text: bytes) -> bool:
    """An f-string (an `f`/`F` in its prefix) holds expressions to walk."""
    if text[:1] in (b'"', b"'"):  # no prefix: the common case, decided without the regex
        return False
    prefix = _STRING_PREFIX.match(text).group(0)  # type: ignore[union-attr]
    return b"f" in prefix or b"F" in prefix


def is_default_case(node: Node) -> bool:
    """`case _:` is the match statement's default."""
    for child in node.named_children:
        if child.type == "case_pattern":
            return child.text == b"_"
    return False


_ATTRIBUTE_FUNCTIONS = (b"getattr", b"hasattr", b"setattr", b"delattr")
_COMPUTED_HEAD = re.compile(r"""^[A-Za-z]{0,2}["']([A-Za-z_]\w*)(?:\{|["']?\s*[+%]|%)""")


def computed_name_prefix(ex: Extractor, node: Node) -> str:
    """The literal start of a computed name: f"visit_{x}", "on_" + x, "do_%s" % x -> "visit_"..."""
    if node.type in ("binary_operator", "string"):
        match = _COMPUTED_HEAD.match(ex.flat_text(node)[:120])
        if match:
            return match.group(1)
    return ""


def _record_lookup(ex: Extractor, node: Node, target: Node, name: Node) -> None:
    ex.dynamic_access = True
    ex.dynamic_lookups.append(DynamicLookup.model_construct(
        target=ex.flat_text(target)[:80], prefix=computed_name_prefix(ex, name), line=node.start_point[0] + 1))


# `[key for key in dir(self) if key.startswith("_db_")]`: the filter's literal prefix
_STARTSWITH = re.compile(r"""\.startswith\(\s*[rRbBuU]?["']([A-Za-z_]\w*)["']\s*\)""")
_FILTERING = ("list_comprehension", "generator_expression", "set_comprehension", "dictionary_comprehension",
              "for_statement")


def _record_name_scan(ex: Extractor, node: Node, target: Node) -> None:
    """`dir(x)` filtered by a prefix (in the comprehension or loop it feeds): every member of x whose
    name starts with it may be read, as getattr(x, "prefix" + name) reads them."""
    holder = node.parent
    while holder is not None and holder.type not in _FILTERING and holder.type not in ("function_definition", "module"):
        holder = holder.parent
    if holder is None or holder.type not in _FILTERING:
        return
    prefix = _STARTSWITH.search(ex.flat_text(holder)[:400])
    if prefix:
        ex.dynamic_access = True
        ex.dynamic_lookups.append(DynamicLookup.model_construct(
            target=ex.flat_text(target)[:80], prefix=prefix.group(1), line=node.start_point[0] + 1))


def on_call(ex: Extractor, node: Node, callee: Node, callee_text: bytes) -> bool:
    """getattr with a computed name, `dir(x)` filtered by a prefix and importlib with a computed module
    make the file dynamic.

    Called only for the callees in the spec's call_hook_callees (keep the two in step).
    """
    if callee_text == b"dir":
        arguments = node.child_by_field_name("arguments")
        args = [a for a in arguments.named_children if a.type != "comment"] if arguments is not None else []
        if len(args) == 1:
            _record_name_scan(ex, node, args[0])
        return False
    if callee_text in _ATTRIBUTE_FUNCTIONS or callee_text in (b"importlib.import_module", b"import_module",
                                                             b"__import__"):
        arguments = node.child_by_field_name("arguments")
        args = [a for a in arguments.named_children if a.type != "comment"] if arguments is not None else []
        if callee_text in _ATTRIBUTE_FUNCTIONS:
            if len(args) >= 2 and string_literal_value(ex, args[1]) is None:
                _record_lookup(ex, node, args[0], args[1])
        elif args:
            module = string_literal_value(ex, args[0])
            if module is None:
                ex.dynamic_access = True
            else:
                level = len(module) - len(module.lstrip("."))
                ex.imports.append(
                    build(
                        ImportRef,
                        source=module[level:],
                        level=level,
                        names=[],
                        namespace=None,
                        star=False,
                        type_only=False,
                        kind="dynamic",
                        line=node.start_point[0] + 1,
                    )
                )
    return False


# -- language-specific node handlers


_CONTINUATION = re.compile(r"[\s\\]+")  # a backslash, the line break after it and the indent


def _dotted(ex: Extractor, node: Node) -> str:
    """A dotted name as Python reads it: `a.b.\\<newline> c` is `a.b.c` (a line continuation
    may split a module path, and the node's text keeps the backslash and the indent)."""
    return _CONTINUATION.sub("", ex.text(node))


def _on_import(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """`import a.b as c, d` -> one ImportRef per module."""
    line = node.start_point[0] + 1
    for child in node.children_by_field_name("name"):
        if child.type == "aliased_import":
            name, alias = child.child_by_field_name("name"), child.child_by_field_name("alias")
            source = _dotted(ex, name) if name is not None else ""
            namespace = ex.text(alias) if alias is not None else source
        else:
            source = namespace = _dotted(ex, child)
        ex.imports.append(_import_ref(source=source, namespace=namespace, line=line))


def _on_import_from(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """`from ..pkg import y as z, w` / `from x import *` -> one ImportRef."""
    module = node.child_by_field_name("module_name")
    level, source = 0, ""
    if module is not None:
        if module.type == "relative_import":
            for part in module.named_children:
                if part.type == "import_prefix":
                    level = part.end_byte - part.start_byte
                elif part.type == "dotted_name":
                    source = _dotted(ex, part)
        else:
            source = _dotted(ex, module)
    names = []
    for child in node.children_by_field_name("name"):
        if child.type == "aliased_import":
            name, alias = child.child_by_field_name("name"), child.child_by_field_name("alias")
            names.append(
                ImportedName.model_construct(
                    name=ex.text(name) if name is not None else "", alias=ex.text(alias) if alias is not None else None
                )
            )
        else:
            names.append(ImportedName.model_construct(name=ex.text(child), alias=None))
    star = any(child.type == "wildcard_import" for child in node.named_children)
    ex.imports.append(
        _import_ref(source=source, level=level, names=names, star=star, line=node.start_point[0] + 1)
    )


def _import_ref(*, source: str, line: int, level: int = 0, names=None, namespace=None, star=False) -> ImportRef:
    return build(
        ImportRef,
        source=source,
        level=level,
        names=names or [],
        namespace=namespace,
        star=star,
        type_only=False,
        kind="static",
        line=line,
    )


def _literal_names(ex: Extractor, node: Node | None) -> list[str] | None:
    """Strings of a literal list/tuple, or None when it is anything else."""
    if node is None or node.type not in ("list", "tuple"):
        return None
    names = []
    for child in node.named_children:
        if child.type == "comment":
            continue
        value = string_literal_value(ex, child)
        if value is None:
            return None
        names.append(value)
    return names


def _on_assignment(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """Module-level `NAME = value` -> constant (UPPER_CASE) or variable; `__all__` -> dunder_all.
    In a class body, `name = ...` / `name: T` -> the class's `fields`."""
    if ex.frames[-1] is not ex.module:
        _class_field(ex, node)
        return
    statement = node.parent
    if statement is None or statement.type != "expression_statement" or statement.parent.type != "module":
        return
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if left is None or right is None:
        return
    if left.type == "identifier":
        targets = [left]
    elif left.type in ("pattern_list", "tuple_pattern"):
        targets = [child for child in left.named_children if child.type == "identifier"]
    else:
        return
    value = ex.text(right)[:200]
    for target in targets:
        name = ex.text(target)
        if name == "__all__":
            names = _literal_names(ex, right)
            if names is None:
                ex.dunder_all_literal = False
            else:
                ex.dunder_all = names
            continue
        if name in ex.module_bindings or (right.type == "lambda" and len(targets) == 1):
            continue
        frame = ex.open_symbol(
            node,
            depth,
            name=name,
            kind="constant" if _UPPER_CASE.fullmatch(name) else "variable",
            anchor=statement,
            body=right if len(targets) == 1 else None,
            signature=binding_signature(ex, node, right),
            value=value,
            push=len(targets) == 1,
        )
        if len(targets) > 1:
            frame.signature_range = ("", target.start_byte, target.end_byte)
        ex.module_bindings[name] = frame.symbol  # type: ignore[assignment]


def _class_field(ex: Extractor, node: Node) -> None:
    """`name = ...` / `name: T` written directly in a class body: one of the class's fields."""
    frame = ex.frames[-1]
    statement = node.parent
    if frame.kind != "class" or frame.symbol is None or statement is None or statement.type != "expression_statement":
        return
    body = statement.parent
    left = node.child_by_field_name("left")
    if body is None or body.type != "block" or body.parent is None or body.parent.type != "class_definition":
        return
    if left is not None and left.type == "identifier":
        frame.symbol.setdefault("fields", []).append(ex.text(left))


def _on_augmented_assignment(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """`__all__ += [...]` extends the literal list (anything else makes it non-literal)."""
    if ex.frames[-1] is not ex.module:
        return
    left = node.child_by_field_name("left")
    if left is None or left.type != "identifier" or ex.text(left) != "__all__":
        return
    names = _literal_names(ex, node.child_by_field_name("right"))
    if names is None or ex.dunder_all is None:
        ex.dunder_all_literal = False
    else:
        ex.dunder_all.extend(names)


def _on_if(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    if ex.frames[-1] is not ex.module or ex.has_main_guard:
        return
    condition = node.child_by_field_name("condition")
    if condition is not None and _MAIN_GUARD.fullmatch(ex.flat_text(condition)):
        ex.has_main_guard = True


def _on_subscript(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """`globals()[name]` / `locals()[name]` reach names dynamically."""
    value = node.child_by_field_name("value")
    if value is not None and value.type == "call":
        callee = value.child_by_field_name("function")
        subscript = node.child_by_field_name("subscript")
        if callee is not None and callee.text in (b"globals", b"locals", b"vars") and subscript is not None \
                and string_literal_value(ex, subscript) is None:
            _record_lookup(ex, node, value, subscript)


def _on_outer_names(ex: Extractor, node: Node, depth: int, cursor: TreeCursor) -> None:
    """`global x` / `nonlocal x`: the function reads and writes the enclosing x (a module
    constant assigned only there is still used)."""
    ex.frames[-1].outer_names.update(ex.text(child) for child in node.named_children if child.type == "identifier")


NODE_HANDLERS = {
    "global_statement": _on_outer_names,
    "nonlocal_statement": _on_outer_names,
    "import_statement": _on_import,
    "import_from_statement": _on_import_from,
    "assignment": _on_assignment,
    "augmented_assignment": _on_augmented_assignment,
    "if_statement": _on_if,
    "subscript": _on_subscript,
}


def finish(ex: Extractor) -> None:
    """exported: public module-level names, or only `__all__` when it is a literal."""
    exported_names = set(ex.dunder_all) if ex.dunder_all is not None and ex.dunder_all_literal else None
    by_qualified: dict[str, dict] = {}
    for frame in ex.closed:
        symbol = frame.symbol
        assert symbol is not None
        name = symbol["name"]
        parent = symbol["parent"]
        if parent is None:
            exported = name in exported_names if exported_names is not None else not name.startswith("_")
        else:
            owner = by_qualified.get(parent)
            exported = (
                owner is not None
                and owner["kind"] == "class"
                and owner.get("exported", False)
                and not frame.private
            )
        symbol["exported"] = exported
        by_qualified.setdefault(symbol["qualified_name"], symbol)


def _is_public_member(name: str) -> bool:
    return not name.startswith("_") or (name.startswith("__") and name.endswith("__"))


# -- what a function body does (scan.behaviour): node types and library idioms ----------------

BEHAVIOUR = dict(
    body_field="body",
    for_each={"for_statement": ("left", "right"), "for_in_clause": ("left", "right")},
    counted_for=frozenset(),
    while_types=frozenset({"while_statement"}),
    if_type="if_statement",
    return_type="return_statement",
    continue_types=frozenset({"continue_statement"}),
    aug_assign_types=frozenset({"augmented_assignment"}),
    update_types=frozenset(),
    assign_types={"assignment": ("left", "right")},
    call_type="call",
    attribute_types={"attribute": ("object", "attribute")},
    subscript_types={"subscript": ("value", "subscript")},
    binary_types=frozenset({"binary_operator", "comparison_operator", "boolean_operator"}),
    unary_types=frozenset({"not_operator", "unary_operator"}),
    group_types=frozenset({"parenthesized_expression", "expression_statement", "argument_list"}),
    spread_types=frozenset({"list_splat", "dictionary_splat"}),
    lambda_types=frozenset({"lambda"}),
    comprehensions={"list_comprehension": "list", "generator_expression": "list", "set_comprehension": "set",
                    "dictionary_comprehension": "dict"},
    literal_words={"true": "true", "false": "false", "none": "none"},
    string_types=frozenset({"string", "concatenated_string"}),
    number_types=frozenset({"integer", "float"}),
    functions={"sum": "sum", "max": "largest", "min": "smallest", "any": "any", "all": "all", "sorted": "sort",
               "len": "count", "next": "first", "Counter": "tally", "collections.Counter": "tally",
               "reduce": "reduce", "functools.reduce": "reduce", "filter": "filter", "map": "map",
               "list": "wrap", "set": "distinct", "tuple": "wrap", "dict": "wrap", "math.prod": "product"},
    methods={"sort": "sort", "join": "join"},
    collect_methods=frozenset({"append", "add", "insert", "extend"}),
    keyword_argument="keyword_argument",
    join_on_separator=True,
)

# -- lexical pieces of the token views (scan.structure, scan.shapes) ----------------------------

TOKENS = dict(
    comment=r"#[^\n]*",
    docstring=r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'',
    string_prefix=r"[rbfuRBFU]{0,2}",
    identifier=r"[A-Za-z_][\w]*",
    punctuation=r"\*\*=?|//=?|:=|->|[-+*/%&|^<>!=]=|==|[^\s\w]",
    keywords=frozenset(keyword.kwlist),
    header_brackets=("([{", ")]}"),
    colon_opens_body=True,
    param_openers=("(", ",", "*", "**"),  # `[` opens an annotation's subscript: `list[LineItem]`
    in_binds=True,
    loop_and_lambda_targets=True,
    tuple_targets=True,
    annotation_types=frozenset("int float str bool bytes list dict set tuple object None True False".split()),
    # `package: str | None` in a dataclass, TypedDict or NamedTuple: no value, no trailing comma
    # (a dict entry), no keyword first (`else: x`, `lambda x: y`: see structure.module_line_hashes).
    field_declaration=r"[ \t]*(?!(?:" + "|".join(keyword.kwlist) + r")\b)[A-Za-z_]\w*[ \t]*:[ \t]*[^\s=,#](?:[^=#]*[^=#,\s])?[ \t]*(?:#.*)?",
)
