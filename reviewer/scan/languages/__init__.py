"""Per-language knowledge: one LanguageSpec table per language, and the parser cache.

The shared walk in extract.py reads only these tables: node types for functions,
classes, calls, decision points, imports, comments, literals... plus a few hooks for
what is genuinely language-shaped (naming an anonymous function from its binding,
parameters, docstrings, import/export statements). Adding a language (Go, Rust)
means a new table, its hook module and its grammar wheel, not edits in the analysis.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import tree_sitter_javascript
import tree_sitter_python
import tree_sitter_typescript
from tree_sitter import Language, Node, Parser

from reviewer.scan.languages import ecmascript as ecmascript_syntax
from reviewer.scan.languages import python as python_syntax

@dataclass(frozen=True)
class BehaviourSyntax:
    """Node types and library idioms of one grammar (the only language-specific part)."""

    function_types: frozenset[str]  # filled from the LanguageSpec
    body_field: str
    for_each: Mapping[str, tuple[str, str]]  # loop node -> (target field, iterable field)
    counted_for: frozenset[str]  # C-style `for (init; cond; step)` loops
    while_types: frozenset[str]
    if_type: str
    return_type: str
    continue_types: frozenset[str]
    aug_assign_types: frozenset[str]  # `a += b` (field operator)
    update_types: frozenset[str]  # `a++`
    assign_types: Mapping[str, tuple[str, str]]  # node -> (target field, value field)
    call_type: str
    attribute_types: Mapping[str, tuple[str, str]]  # `a.b` -> (object field, attribute field)
    subscript_types: Mapping[str, tuple[str, str]]  # `a[b]` -> (object field, index field)
    binary_types: frozenset[str]
    unary_types: frozenset[str]
    group_types: frozenset[str]  # parentheses, argument lists, expression statements: read through
    spread_types: frozenset[str]
    lambda_types: frozenset[str]
    comprehensions: Mapping[str, str]  # node -> "list" | "set" | "dict"
    literal_words: Mapping[str, str]  # node type -> canonical word ("null"/"None" -> "none")
    string_types: frozenset[str]
    number_types: frozenset[str]
    # Library idioms: callee as written -> job (see _call_fact).
    functions: Mapping[str, str]
    methods: Mapping[str, str]
    collect_methods: frozenset[str]  # `out.append(x)` / `out.push(x)`
    keyword_argument: str = ""  # Python `key=...`, `reverse=True`
    declaration_types: frozenset[str] = frozenset()  # `const a = 1, b = 2` -> its declarators
    join_on_separator: bool = False  # Python `", ".join(xs)` vs JavaScript `xs.join(", ")`
    empty_containers: frozenset[str] = frozenset({"[]", "{}", "()", "set()", "dict()", "list()", "new Map()", "new Set()"})

@dataclass(frozen=True)
class TokenSyntax:
    """Lexical pieces of one grammar for the token views of scan.structure and scan.shapes."""

    comment: str  # regex of a comment
    identifier: str  # regex of a name in the vocabulary scan
    punctuation: str  # regex of one punctuation token (longest first)
    keywords: frozenset[str]
    docstring: str = ""  # regex of a docstring-like literal (Python triple quotes): dropped like comments
    string_prefix: str = ""  # regex of string prefixes (`rb"..."`)
    header_brackets: tuple[str, str] = ("([{", ")]}")  # brackets nesting inside a definition's header
    colon_opens_body: bool = False  # `def f(x) -> T:` vs `function f(x): T {`
    param_openers: tuple[str, ...] = ("(", ",")  # tokens after which a name in a parameter list is bound
    in_binds: bool = False  # `for x in`: the name before `in` is bound
    loop_and_lambda_targets: bool = False  # `for a, b in` / `lambda a, b:` bind every name up to `in` / `:`
    tuple_targets: bool = False  # `a, b = ...` binds both
    destructuring: bool = False  # `const { a, b } = ...` binds both
    annotation_types: frozenset[str] = frozenset()  # builtin types in annotations: not domain vocabulary
    field_declaration: str = ""  # regex of a line that only declares a typed field (Python `name: T`)


# A node handler: (extractor, node, depth, cursor) -> True to skip the node's children.
NodeHandler = Callable[[Any, Node, int, Any], bool | None]


@dataclass(frozen=True)
class LanguageHooks:
    """The language-shaped parts of extraction, as functions of (extractor, node, ...)."""

    bound_name: Callable[..., tuple[str, Node] | None]  # anonymous function/class -> (name, binding anchor)
    params: Callable[..., list[str]]
    docstring: Callable[..., tuple[str | None, int | None]]  # -> (text, byte where the hashed body starts)
    decorators: Callable[..., tuple[list[str], Node | None]]  # -> (texts without "@", first decorator)
    bases: Callable[..., list[str]]
    is_abstract: Callable[..., bool]
    is_private: Callable[..., bool]  # a class member hidden from other modules (never exported)
    signature: Callable[..., str]
    binding_signature: Callable[..., str]  # constants/variables: the declaration up to the value
    string_has_code: Callable[[bytes], bool]  # string node text -> has interpolations to walk into
    on_call: Callable[..., bool]  # imports by call (require, import()), dynamic access; True: an import
    finish: Callable[..., None]  # exported flags, dynamic-access resolution


@dataclass(frozen=True)
class LanguageSpec:
    name: str
    extensions: tuple[str, ...]
    grammar: Callable[[], object]  # returns the grammar capsule for tree_sitter.Language
    hooks: LanguageHooks
    # Language-specific node handlers (imports, exports, module-level bindings, __all__...).
    node_handlers: Mapping[str, NodeHandler]

    # -- symbols
    function_types: frozenset[str]  # every function-like node, named or not
    named_function_types: frozenset[str]  # those that carry their own name (def, function f, method)
    class_types: frozenset[str]
    type_declaration_kinds: Mapping[str, str]  # TS interface/type/enum node -> Symbol kind
    member_container_types: frozenset[str]  # a function directly inside one of these is a method
    method_signature_types: frozenset[str]  # bodiless abstract methods (kind method, is_abstract)

    # -- calls and references
    call_types: Mapping[str, str]  # call node type -> field holding the callee
    # hooks.on_call runs only for these callees (text as written, or node type): the rest are plain calls
    call_hook_callees: frozenset[bytes]
    call_hook_callee_types: frozenset[str]
    attribute_types: frozenset[str]  # `a.b` nodes: recorded as dotted chains
    reference_types: frozenset[str]  # identifier leaves that can read a name
    name_token_types: frozenset[str]  # leaves normalized to "ID" in the token stream
    reference_skip: Mapping[str, frozenset[str]]  # field -> parent types where an identifier is not a read
    assignment_targets: Mapping[str, frozenset[str]]  # field -> parent types where an identifier is assigned
    no_reference_types: frozenset[str]  # subtrees whose identifiers are not reads (import statements)

    # -- tokens
    string_types: frozenset[str]  # -> "STR" (children walked only when the string holds code)
    number_types: frozenset[str]  # -> "NUM"
    comment_types: frozenset[str]  # dropped; scanned for suppressions
    string_part_types: frozenset[str]  # leaves inside strings, dropped from the token stream

    # -- complexity (see complexity.py)
    decision_types: frozenset[str]
    logical_binary_types: frozenset[str]
    logical_operators: frozenset[str]
    case_types: frozenset[str]
    is_default_case: Callable[[Node], bool]

    # -- reachability
    block_types: frozenset[str]  # statement lists: code after a terminator there is unreachable
    terminator_types: frozenset[str]  # return, raise/throw, break, continue
    hoisted_types: frozenset[str] = field(default_factory=frozenset)  # declarations reachable anyway
    # Assignments that write a binding declared elsewhere (JS `x = 1` reaches the enclosing `let x`),
    # so the name they write is no local of the function: its reads there are references.
    rebinding_types: frozenset[str] = frozenset()
    if_types: frozenset[str] = frozenset({"if_statement"})
    while_types: frozenset[str] = frozenset({"while_statement"})  # a false condition: the body never runs
    false_literals: frozenset[str] = frozenset()  # condition texts that are always false

    indent_significant: bool = False  # Python: keep line structure in the body hash

    # -- body readers (scan.behaviour, scan.structure, scan.shapes)
    family: str = ""  # languages whose functions can call one another
    behaviour: BehaviourSyntax | None = None
    tokens: TokenSyntax | None = None


_PYTHON_HOOKS = LanguageHooks(
    bound_name=python_syntax.bound_name,
    params=python_syntax.params,
    docstring=python_syntax.docstring,
    decorators=python_syntax.decorators,
    bases=python_syntax.bases,
    is_abstract=python_syntax.is_abstract,
    is_private=python_syntax.is_private,
    signature=python_syntax.signature,
    binding_signature=python_syntax.binding_signature,
    string_has_code=python_syntax.string_has_code,
    on_call=python_syntax.on_call,
    finish=python_syntax.finish,
)

PYTHON = LanguageSpec(
    name="python",
    extensions=(".py",),
    grammar=tree_sitter_python.language,
    hooks=_PYTHON_HOOKS,
    node_handlers=python_syntax.NODE_HANDLERS,
    function_types=frozenset({"function_definition", "lambda"}),
    named_function_types=frozenset({"function_definition"}),
    class_types=frozenset({"class_definition"}),
    type_declaration_kinds={},
    member_container_types=frozenset(),
    method_signature_types=frozenset(),
    call_types={"call": "function"},
    call_hook_callees=frozenset({b"getattr", b"hasattr", b"setattr", b"delattr", b"importlib.import_module", b"import_module", b"__import__",
                                 b"dir"}),
    call_hook_callee_types=frozenset(),
    attribute_types=frozenset({"attribute"}),
    reference_types=frozenset({"identifier"}),
    name_token_types=frozenset({"identifier"}),
    reference_skip={
        "attribute": frozenset({"attribute"}),
        "name": frozenset(
            {
                "keyword_argument",
                "function_definition",
                "class_definition",
                "default_parameter",
                "typed_default_parameter",
            }
        ),
        "alias": frozenset({"aliased_import", "as_pattern_target"}),
    },
    assignment_targets={
        "left": frozenset({"assignment", "augmented_assignment", "for_statement", "for_in_clause"}),
    },
    no_reference_types=frozenset(
        {"import_statement", "import_from_statement", "future_import_statement", "global_statement", "nonlocal_statement"}
    ),
    string_types=frozenset({"string"}),
    number_types=frozenset({"integer", "float"}),
    comment_types=frozenset({"comment"}),
    string_part_types=frozenset({"string_start", "string_content", "string_end", "escape_sequence"}),
    decision_types=frozenset(
        {
            "if_statement",
            "elif_clause",
            "for_statement",
            "while_statement",
            "except_clause",
            "except_group_clause",
            "conditional_expression",
            "boolean_operator",
            "if_clause",
        }
    ),
    logical_binary_types=frozenset(),
    logical_operators=frozenset(),
    case_types=frozenset({"case_clause"}),
    is_default_case=python_syntax.is_default_case,
    block_types=frozenset({"block"}),
    terminator_types=frozenset({"return_statement", "raise_statement", "break_statement", "continue_statement"}),
    false_literals=frozenset({"False", "0", "None"}),
    indent_significant=True,
    family="python",
    behaviour=BehaviourSyntax(function_types=frozenset({"function_definition", "lambda"}), **python_syntax.BEHAVIOUR),
    tokens=TokenSyntax(**python_syntax.TOKENS),
)


_ECMASCRIPT_FUNCTIONS = frozenset(
    {
        "function_declaration",
        "generator_function_declaration",
        "function_expression",
        "function",
        "generator_function",
        "arrow_function",
        "method_definition",
    }
)
_ECMASCRIPT_BEHAVIOUR = BehaviourSyntax(function_types=_ECMASCRIPT_FUNCTIONS, **ecmascript_syntax.BEHAVIOUR)
_ECMASCRIPT_TOKENS = TokenSyntax(**ecmascript_syntax.TOKENS)


def _ecmascript_spec(name: str, extensions: tuple[str, ...], grammar: Callable[[], object], typed: bool) -> LanguageSpec:
    """JavaScript, TypeScript and TSX share one table; TypeScript adds its declarations."""
    type_nodes = {"type_identifier"} if typed else set()
    hooks = LanguageHooks(
        bound_name=ecmascript_syntax.bound_name,
        params=ecmascript_syntax.params,
        docstring=ecmascript_syntax.docstring,
        decorators=ecmascript_syntax.decorators,
        bases=ecmascript_syntax.bases,
        is_abstract=ecmascript_syntax.is_abstract,
        is_private=ecmascript_syntax.is_private,
        signature=ecmascript_syntax.signature,
        binding_signature=ecmascript_syntax.binding_signature,
        string_has_code=ecmascript_syntax.string_has_code,
        on_call=ecmascript_syntax.on_call,
        finish=ecmascript_syntax.finish,
    )
    return LanguageSpec(
        name=name,
        extensions=extensions,
        grammar=grammar,
        hooks=hooks,
        node_handlers=ecmascript_syntax.NODE_HANDLERS,
        function_types=_ECMASCRIPT_FUNCTIONS,
        named_function_types=frozenset({"function_declaration", "generator_function_declaration", "method_definition"}),
        class_types=frozenset({"class_declaration", "abstract_class_declaration", "class"}),
        type_declaration_kinds=(
            {"interface_declaration": "interface", "type_alias_declaration": "type", "enum_declaration": "enum"}
            if typed
            else {}
        ),
        member_container_types=frozenset({"class_body", "object"}),
        method_signature_types=frozenset({"abstract_method_signature"}) if typed else frozenset(),
        call_types={"call_expression": "function", "new_expression": "constructor"},
        call_hook_callees=frozenset({b"require"}),
        call_hook_callee_types=frozenset({"import"}),
        # `ns.Type` in a type (a namespace import's type) is one chain, as `ns.value` is
        attribute_types=frozenset({"member_expression", *({"nested_type_identifier"} if typed else ())}),
        reference_types=frozenset({"identifier", "shorthand_property_identifier", *type_nodes}),
        name_token_types=frozenset(
            {
                "identifier",
                "property_identifier",
                "shorthand_property_identifier",
                "shorthand_property_identifier_pattern",
                "private_property_identifier",
                "statement_identifier",
                *type_nodes,
            }
        ),
        reference_skip={
            "name": frozenset(
                {
                    "function_declaration",
                    "generator_function_declaration",
                    "function_expression",
                    "generator_function",
                    "class_declaration",
                    "abstract_class_declaration",
                    "class",
                    "interface_declaration",
                    "type_alias_declaration",
                    "enum_declaration",
                    "type_parameter",
                    "import_specifier",
                }
            ),
            "alias": frozenset({"export_specifier", "import_specifier"}),
            "label": frozenset({"labeled_statement", "break_statement", "continue_statement"}),
        },
        rebinding_types=frozenset({"assignment_expression", "augmented_assignment_expression"}),
        assignment_targets={
            "name": frozenset({"variable_declarator"}),
            "left": frozenset({"assignment_expression", "augmented_assignment_expression", "for_in_statement"}),
            "pattern": frozenset({"required_parameter", "optional_parameter"}),
            "value": frozenset({"pair_pattern"}),
        },
        no_reference_types=frozenset({"import_statement"}),
        string_types=frozenset({"string", "template_string", "regex"}),
        number_types=frozenset({"number"}),
        comment_types=frozenset({"comment", "html_comment"}),
        string_part_types=frozenset({"string_fragment", "escape_sequence", '"', "'", "`"}),
        decision_types=frozenset(
            {
                "if_statement",
                "for_statement",
                "for_in_statement",
                "while_statement",
                "do_statement",
                "catch_clause",
                "ternary_expression",
            }
        ),
        logical_binary_types=frozenset({"binary_expression", "augmented_assignment_expression"}),
        logical_operators=frozenset({"&&", "||", "??", "&&=", "||=", "??="}),
        case_types=frozenset({"switch_case"}),
        is_default_case=ecmascript_syntax.is_default_case,
        block_types=frozenset({"statement_block", "switch_case", "switch_default"}),
        terminator_types=frozenset({"return_statement", "throw_statement", "break_statement", "continue_statement"}),
        hoisted_types=frozenset(
            {
                "function_declaration",
                "generator_function_declaration",
                "interface_declaration",
                "type_alias_declaration",
            }
        ),
        false_literals=frozenset({"false", "0", "null", "undefined"}),
        family="ecmascript",
        behaviour=_ECMASCRIPT_BEHAVIOUR,
        tokens=_ECMASCRIPT_TOKENS,
    )


JAVASCRIPT = _ecmascript_spec(
    "javascript", (".js", ".jsx", ".mjs", ".cjs"), tree_sitter_javascript.language, typed=False
)
TYPESCRIPT = _ecmascript_spec(
    "typescript", (".ts", ".mts", ".cts"), tree_sitter_typescript.language_typescript, typed=True
)
TSX = _ecmascript_spec("tsx", (".tsx",), tree_sitter_typescript.language_tsx, typed=True)

LANGUAGES: dict[str, LanguageSpec] = {spec.name: spec for spec in (PYTHON, JAVASCRIPT, TYPESCRIPT, TSX)}

_BY_EXTENSION = {extension: spec.name for spec in LANGUAGES.values() for extension in spec.extensions}


def language_for_path(path: str) -> str | None:
    """The language of a file from its extension (case-insensitive), or None when no grammar handles it."""
    dot = path.rfind(".")
    if dot < 0 or "/" in path[dot:]:
        return None
    return _BY_EXTENSION.get(path[dot:].lower())


@functools.cache
def get_parser(language: str) -> Parser:
    """One parser per language per process (each pool worker builds its own on first use)."""
    return Parser(Language(LANGUAGES[language].grammar()))


def language_family(language: str) -> str:
    """Languages whose functions can call one another: a duplicate across families cannot be shared."""
    spec = LANGUAGES.get(language)
    return spec.family if spec is not None else language
