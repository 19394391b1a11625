"""What a function's body does, in canonical words, so that idioms doing one job read alike.

A static card's summary (docstring or name) says nothing about the body, so a loop that
adds up `line.quantity` and a `reduce` doing the same read as two unrelated functions to
the embedding. This module reads the body's syntax tree and names the job with one fixed
vocabulary, whatever the idiom:

    for line in lines: count += line.quantity          -> "sums item quantity over lines"
    reduce(lambda n, line: n + line.quantity, lines, 0) -> "sums item quantity over lines"
    lines.map((l) => l.quantity).reduce((a, q) => a + q, 0) -> same

Jobs named: sums, multiplies, counts (items or occurrences), groups by, any/all checks,
finds the first, largest/smallest, sorts. Collections built item by item (append loops,
comprehensions, map/filter, joins) are read so that an aggregate over them is named right,
but are not named themselves (see TRANSFORM_JOBS). Names the code binds itself (loop variables, callback
parameters, index variables) become "item"/"key"/"value"/"index", so renaming changes
nothing; attribute names, string keys, operators and constants are kept, so "sums
price" and "sums quantity", or "any" and "all", stay apart.

`read_behaviour` gives a schema.facts.Behaviour per function: the sentence put into the
static card summary (for the embedding), and the same jobs in comparable form, parameters
by position (`sum|item quantity|||arg1`), with the share of the body they account for,
compared by rag.similarity (same jobs: a clone in another idiom; jobs of one family that
differ: not one).

Per-language knowledge is one `BehaviourSyntax` table per grammar (scan.languages); the
reading itself is shared. It runs in the scan on the file's one parse: a walk of each
function's own subtree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Iterator

from tree_sitter import Node

from ..schema.facts import Behaviour
from .records import build
from .languages import BehaviourSyntax
from .structure import split_words

MAX_EXPR_WORDS = 8  # a rendered expression longer than this is cut: the gist, not the code
MAX_FACTS = 2  # jobs named per function (the first ones in the body)
MAX_SENTENCE = 200
RANGE = "a range of numbers"  # `range(a, b)`, `for (i = a; i < b; i++)` and recursion on n - 1 read alike
# Jobs that transform each item (collect, join, map keys to values) are recognised, so an
# aggregate over them reads right (`sum(x.q for x in xs)`), but never named on their own:
# "collects <expression>" describes a shape, not a purpose, and the embedding then finds
# inverse conversions (`to_record`/`from_record`) or opposite filters (keep/drop None) alike,
# with nothing structural to tell them apart when they are written in two idioms.
TRANSFORM_JOBS = frozenset({"collect", "join", "distinct", "map"})

# Operator tokens of both grammars -> one word each, so `===` and `==`, `&&` and `and` agree.
OPERATOR_WORDS = {
    "+": "plus", "-": "minus", "*": "times", "/": "divided by", "//": "divided by", "%": "mod",
    "**": "power", "==": "equals", "===": "equals", "!=": "differs from", "!==": "differs from",
    "is": "equals", "is not": "differs from", "<": "less than", "<=": "at most", ">": "greater than",
    ">=": "at least", "and": "and", "&&": "and", "or": "or", "||": "or", "??": "or", "in": "in",
    "not in": "not in", "not": "not", "!": "not", "instanceof": "is a",
}
COMPARE_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}


@dataclass
class Fact:
    """One job the body does: `verb` over `source`, about `what`, optionally `where` and `by`."""

    verb: str
    what: str = "item"
    source: str = ""
    where: str = ""
    by: str = ""
    descending: bool = False  # sorts only

    def key(self) -> str:
        """The job as one comparable string, `verb|what|by|where|source` (see `Behaviour`)."""
        verb = f"{self.verb} {'descending' if self.descending else 'ascending'}" if self.verb == "sort" else self.verb
        return "|".join((verb, self.what, self.by, self.where, self.source))

    def sentence(self) -> str:
        over = f" of {self.source}" if self.source else ""
        where = f" where {self.where}" if self.where else ""
        if self.verb in ("sum", "product"):
            verb = "sums" if self.verb == "sum" else "multiplies"
            return f"{verb} {self.what}" + (f" over {self.source}" if self.source else "") + where
        if self.verb == "count":
            return f"counts items{over}{where}"
        if self.verb == "tally":
            return f"counts occurrences of {self.what}" + (f" in {self.source}" if self.source else "")
        if self.verb == "group":
            return f"groups items{over} by {self.by}"
        if self.verb in ("any", "all"):
            quantifier = "any item" if self.verb == "any" else "every item"
            return f"checks whether {quantifier}{over} satisfies {self.where or 'item'}"
        if self.verb in ("first", "first index"):
            found = "the first item" if self.verb == "first" else "the index of the first item"
            return f"finds {found}{over}{where}"
        if self.verb in ("largest", "smallest"):
            by = f" by {self.by}" if self.by and self.by != "item" else ""
            return f"finds the {self.verb} item{over}{where}{by}"
        if self.verb == "sort":
            by = f" by {self.by}" if self.by and self.by != "item" else ""
            return f"sorts items{over}{where}{by}" + (" descending" if self.descending else "")
        return self.verb


@dataclass
class _Scope:
    """Names the body binds itself, rendered as roles instead of their spelling."""

    roles: dict[str, str] = field(default_factory=dict)  # local name -> "item" | "key" | "value" | "index" | its value
    index_of: dict[str, str] = field(default_factory=dict)  # index variable -> collection it indexes
    texts: set[str] = field(default_factory=set)  # names initialised to a string: `+=` on them joins text

    def child(self) -> "_Scope":
        return _Scope(dict(self.roles), dict(self.index_of), set(self.texts))


class _Reader:
    """Reads one function's subtree into Facts with one grammar table.

    `parameters_as_roles`: render the function's own parameters by position ("arg1"),
    so that `count(items, target)` and `tally(list, wanted)` read alike (for comparing
    jobs; the sentence keeps their names, which mean more to the embedding).
    While reading, the leaf statements are weighed (bytes): those that yielded a named
    job against those that did something else; bookkeeping (`total = 0`, `return total`,
    `continue`) counts for neither. See `Behaviour.coverage`.
    """

    def __init__(self, syntax: BehaviourSyntax, parameters_as_roles: bool = False) -> None:
        self.syntax = syntax
        self.parameters_as_roles = parameters_as_roles
        self.facts: list[Fact] = []
        self.named = 0  # calls of _add with a named job (kept, or a repeat of a kept one)
        self.explained = 0  # bytes of leaf statements that yielded a named job
        self.unexplained = 0  # bytes of leaf statements that did other work
        self._depth = 0  # _statements calls so far: tells a compound statement from a leaf
        self._idiom_bytes = 0  # bytes of the expressions (`sum(...)`) that named jobs in the current leaf

    # -- expressions as canonical words ------------------------------------------------

    def render(self, node: Node | None, scope: _Scope) -> str:
        words = self._render(node, scope) if node is not None else []
        words = [w for i, w in enumerate(words) if i == 0 or w != words[i - 1] or w not in ("item", "of")]
        return " ".join(words[:MAX_EXPR_WORDS])

    def _render(self, node: Node, scope: _Scope) -> list[str]:
        s, kind = self.syntax, node.type
        if kind in ("identifier", "property_identifier", "shorthand_property_identifier"):
            name = node.text.decode()
            return [scope.roles[name]] if name in scope.roles else split_words(name)
        if kind in s.literal_words:
            return [s.literal_words[kind]]
        if kind in s.number_types:
            return [node.text.decode()]
        if kind in s.string_types:
            text = node.text.decode().strip("\"'`frbFRB")
            return split_words(text)[:2] or ["text"]
        if kind in s.group_types or kind in s.spread_types:
            return [w for c in node.named_children for w in self._render(c, scope)]
        if kind in s.attribute_types:
            obj, attr = (node.child_by_field_name(f) for f in s.attribute_types[kind])
            inner = self._render(obj, scope) if obj is not None else []
            tail = split_words(attr.text.decode()) if attr is not None else []
            return (inner if inner != ["item"] or not tail else ["item"]) + tail
        if kind in s.subscript_types:
            obj, index = (node.child_by_field_name(f) for f in s.subscript_types[kind])
            if obj is not None and index is not None and index.type == "identifier" and scope.index_of.get(index.text.decode()) == obj.text.decode():
                return ["item"]  # `xs[i]` in `for (i = 0; i < xs.length; i++)`
            inner = self._render(obj, scope) if obj is not None else []
            return inner + (self._render(index, scope) if index is not None else [])
        if kind in s.binary_types:
            out: list[str] = []
            for child in node.children:
                if child.is_named:
                    out += self._render(child, scope)
                else:
                    word = OPERATOR_WORDS.get(child.text.decode())
                    if word:
                        out += word.split()
            return out
        if kind in s.unary_types:
            op = node.children[0].text.decode() if node.children else ""
            return ([OPERATOR_WORDS[op]] if op in OPERATOR_WORDS and op not in ("+",) else []) + [
                w for c in node.named_children for w in self._render(c, scope)
            ]
        if kind == s.call_type:
            callee = node.child_by_field_name("function")
            args = node.child_by_field_name("arguments")
            out = self._render(callee, scope) if callee is not None else []
            return out + (self._render(args, scope) if args is not None else [])
        if kind in s.lambda_types:
            return self._render_lambda_body(node, scope)
        return [w for c in node.named_children for w in self._render(c, scope)]

    def _render_lambda_body(self, node: Node, scope: _Scope, roles: Iterable[str] = ("item",)) -> list[str]:
        inner = scope.child()
        for name, role in zip(self._param_names(node), [*roles, *["item"] * 8]):
            inner.roles[name] = role
        body = node.child_by_field_name("body")
        if body is None:
            return []
        returned = self._returned_expression(body)
        return self._render(returned, inner) if returned is not None else []

    def _param_names(self, node: Node) -> list[str]:
        params = node.child_by_field_name("parameters") or node.child_by_field_name("parameter")
        if params is None:
            return []
        if params.type == "identifier":
            return [params.text.decode()]
        return [n.text.decode() for n in _identifiers(params, skip_types=("type_annotation", "default_parameter_value"))]

    def _returned_expression(self, body: Node) -> Node | None:
        """An arrow/lambda body: the expression itself, or the first `return x` in a block."""
        if body.type != "statement_block" and body.type != "block":
            return body
        for statement in body.named_children:
            if statement.type == self.syntax.return_type and statement.named_children:
                return statement.named_children[0]
        return None

    # -- statements ----------------------------------------------------------------------

    def read_function(self, function: Node) -> list[Fact]:
        body = function.child_by_field_name(self.syntax.body_field)
        if body is None:
            return []
        name = function.child_by_field_name("name")
        self.own_name = name.text.decode() if name is not None else ""
        scope = _Scope()
        if self.parameters_as_roles:
            own = [p for p in self._param_names(function) if p not in ("self", "cls", "this")]
            scope.roles.update({p: f"arg{n}" for n, p in enumerate(own, 1)})
        if body.type in ("block", "statement_block"):
            self._statements(body.named_children, scope, loop=None)
        else:  # expression-bodied lambda / arrow function: one expression, all of it the job if one is named
            before = self.named
            self._expression(body, scope)
            self._weigh(body, before)
        return self.facts

    def _weigh(self, statement: Node, named_before: int) -> None:
        """Count a leaf statement's bytes as explained (it yielded a named job) or not."""
        if self._bookkeeping(statement):
            return
        node = _unwrap(statement, self.syntax)
        if node.type == self.syntax.return_type and node.named_children:
            node = node.named_children[0]  # `return` and `;` are no work
        size = node.end_byte - node.start_byte
        # `return sum(xs) / len(xs)`: the sum explains its own bytes, not the division.
        covered = min(size, self._idiom_bytes or size) if self.named > named_before else 0
        self._idiom_bytes = 0
        self.explained += covered
        self.unexplained += size - covered

    def _bookkeeping(self, statement: Node) -> bool:
        """Statements that set up or hand back a result: `total = 0`, `out = []`, `return total`, docstrings."""
        s = self.syntax
        node = _unwrap(statement, s)
        if node.type in ("comment", "pass_statement", "break_statement", "empty_statement", "raise_statement",
                         "throw_statement") or node.type in s.continue_types:
            return True  # validation (`raise ValueError`) guards the job, it is not another one
        if node.type in s.string_types:
            return True  # a docstring
        if node.type == s.return_type:
            value = _strip_groups(node.named_children[0], s) if node.named_children else None
            return value is None or self._constant(value) or _handed_back(value, s)
        if node.type in s.assign_types:  # `groups[k] = []`, `counts[w] = 1`
            value = node.child_by_field_name(s.assign_types[node.type][1])
            return value is not None and self._constant(value)
        bindings = list(self._bindings(statement))
        return bool(bindings) and all(self._constant(v) for _, v in bindings)

    def _constant(self, node: Node) -> bool:
        """A starting value: a literal, an empty container, +/-infinity, `defaultdict(list)`, `new Map()`."""
        s = self.syntax
        text = node.text.decode().replace(" ", "")
        if node.type in s.number_types or node.type in s.literal_words or node.type in s.string_types:
            return True
        if text in s.empty_containers or text.lstrip("-") in ("Infinity", "float('inf')", 'float("inf")', "math.inf"):
            return True
        return bool(re.fullmatch(r"(?:new)?(?:defaultdict|collections\.defaultdict|OrderedDict|Counter|Map|Set)\(\w*\)", text))

    def _statements(self, statements: list[Node], scope: _Scope, loop: "_Loop | None", where: str = "") -> None:
        self._depth += 1
        guards: list[str] = []
        for index, statement in enumerate(statements):
            self._note_bindings(statement, scope, in_loop=loop is not None)
            condition = " and ".join(filter(None, [where, *guards]))
            if self._is_guard(statement):  # `if not ok: continue` -> later statements run where ok
                guards.append(_negate(self.render(statement.child_by_field_name("condition"), scope)))
                continue
            depth, named = self._depth, self.named
            self._statement(statement, scope, loop, condition, statements[index + 1 :])
            if loop is not None and self.named == named and list(self._bindings(statement)):
                continue  # `k = key(item)` in a loop: sets up the statement that names the job
            if self._depth == depth:
                # A leaf, or a compound statement read whole (`if x.late: return True` in a loop);
                # a compound statement read statement by statement had its leaves weighed.
                self._weigh(statement, named)

    def _bindings(self, statement: Node) -> Iterator[tuple[Node, Node]]:
        """(target, value) of `a = v`, `const a = v, b = w`."""
        s = self.syntax
        node = _unwrap(statement, s)
        nodes = node.named_children if node.type in s.declaration_types else [node]
        for binding in nodes:
            if binding.type in s.assign_types:
                target, value = (binding.child_by_field_name(f) for f in s.assign_types[binding.type])
                if target is not None and value is not None and target.type == "identifier":
                    yield target, value

    def _note_bindings(self, statement: Node, scope: _Scope, in_loop: bool) -> None:
        """Text accumulators (`out = ""`), and inside loops, local aliases (`k = key(item)` reads as "key item")."""
        s = self.syntax
        for target, value in self._bindings(statement):
            name = target.text.decode()
            if value.type in s.string_types:
                scope.texts.add(name)
            elif in_loop and name not in scope.roles and value.text.decode() not in s.empty_containers \
                    and value.type not in s.number_types and value.type not in s.literal_words:
                scope.roles[name] = self.render(value, scope)

    def _aliases(self, body: Node, scope: _Scope) -> None:
        for statement in _block(body):
            self._note_bindings(statement, scope, in_loop=True)

    def _is_guard(self, statement: Node) -> bool:
        if statement.type != self.syntax.if_type or statement.child_by_field_name("alternative") is not None:
            return False
        consequence = statement.child_by_field_name("consequence")
        body = consequence.named_children if consequence is not None and consequence.type in ("block", "statement_block") else [consequence]
        return len(body) == 1 and body[0] is not None and body[0].type in self.syntax.continue_types

    def _statement(self, node: Node, scope: _Scope, loop: "_Loop | None", where: str, rest: list[Node]) -> None:
        s, kind = self.syntax, node.type
        if kind in s.function_types and kind not in s.lambda_types:
            return  # a nested function has its own card
        if kind in s.for_each or kind in s.counted_for:
            inner_loop = self._enter_loop(node, scope)
            if inner_loop is not None:
                body = node.child_by_field_name("body")
                self._statements(_block(body), inner_loop.scope, inner_loop)
                self._after_loop(inner_loop, rest)
            return
        if kind in s.while_types:
            body = node.child_by_field_name("body")
            self._statements(_block(body), scope, loop, where)
            return
        if kind == s.if_type or kind == "elif_clause":
            condition = self.render(node.child_by_field_name("condition"), scope)
            both = " and ".join(filter(None, [where, condition]))
            consequence = node.child_by_field_name("consequence")
            if loop is not None and self._loop_exit(node, consequence, condition, scope, loop):
                return
            if loop is not None and self._best_update(node, consequence, scope, loop):
                return
            self._statements(_block(consequence), scope, loop, both)
            alternative = node.child_by_field_name("alternative")
            if alternative is not None:
                other = " and ".join(filter(None, [where, _negate(condition)]))
                self._statements(_block(alternative), scope, loop, other)
            return
        if loop is not None and self._loop_statement(node, scope, loop, where):
            return
        if kind == s.return_type and self._recursion(node, scope):
            return
        self._expression(node, scope)

    def _recursion(self, node: Node, scope: _Scope) -> bool:
        """`return n * f(n - 1)`: the recursive spelling of a loop multiplying (or adding) over a range."""
        s = self.syntax
        value = _strip_groups(node.named_children[0], s) if node.named_children else None
        if value is None or value.type not in s.binary_types or len(value.named_children) != 2 or not self.own_name:
            return False
        ops = [c.text.decode() for c in value.children if not c.is_named]
        calls = [c for c in value.named_children if c.type == s.call_type
                 and (c.child_by_field_name("function").text.decode() in (self.own_name, f"self.{self.own_name}"))]
        if ops not in (["*"], ["+"]) or len(calls) != 1:
            return False
        self._add(Fact("product" if ops == ["*"] else "sum", "item", RANGE))
        return True

    # -- loops -----------------------------------------------------------------------------

    def _enter_loop(self, node: Node, scope: _Scope) -> "_Loop | None":
        s = self.syntax
        inner = scope.child()
        if node.type in s.for_each:
            target_field, source_field = s.for_each[node.type]
            target, source = node.child_by_field_name(target_field), node.child_by_field_name(source_field)
            if target is None or source is None:
                return None
            names = [n.text.decode() for n in _identifiers(target)]
            roles = ["item"] if len(names) == 1 else ["key", "value"] if len(names) == 2 else ["item"] * len(names)
            source_text = self._loop_source(source, scope, names, inner)
            for name, role in zip(names, roles):
                inner.roles.setdefault(name, role) if name in inner.index_of else inner.roles.__setitem__(name, role)
            return _Loop(inner, source_text, node)
        # C-style: `for (let i = 0; i < xs.length; i++)` walks xs; other bounds walk a range.
        init, condition = node.child_by_field_name("initializer"), node.child_by_field_name("condition")
        names = [n.text.decode() for n in _identifiers(init)][:1] if init is not None else []
        if not names or condition is None:
            return None
        bound = condition.named_children[-1] if condition.named_children else None
        if bound is not None and bound.type in s.attribute_types and bound.text.decode().endswith(".length"):
            collection = bound.child_by_field_name(s.attribute_types[bound.type][0])
            inner.index_of[names[0]] = collection.text.decode()
            inner.roles[names[0]] = "index"
            return _Loop(inner, self.render(collection, scope), node)
        inner.roles[names[0]] = "item"
        return _Loop(inner, RANGE, node)

    def _loop_source(self, source: Node, scope: _Scope, names: list[str], inner: _Scope) -> str:
        """`range(len(xs))` walks xs by index; `range(a, b)` a range; anything else is rendered."""
        s = self.syntax
        if source.type == s.call_type and source.child_by_field_name("function").text == b"range":
            args = [a for a in source.child_by_field_name("arguments").named_children]
            if len(args) == 1 and args[0].type == s.call_type and args[0].child_by_field_name("function").text == b"len" and names:
                collection = args[0].child_by_field_name("arguments").named_children
                if collection:
                    inner.index_of[names[0]] = collection[0].text.decode()
                    inner.roles[names[0]] = "index"
                    return self.render(collection[0], scope)
            return RANGE
        return self.render(source, scope)

    def _loop_statement(self, node: Node, scope: _Scope, loop: "_Loop", where: str) -> bool:
        """Accumulation inside a loop: `acc += x`, `acc++`, `out.append(x)`, `d[k] = v`, groups."""
        s = self.syntax
        node = _unwrap(node, s)
        if node.type in s.aug_assign_types:
            target, value = node.child_by_field_name("left"), node.child_by_field_name("right")
            op = node.child_by_field_name("operator")
            op_text = op.text.decode() if op is not None else node.children[1].text.decode()
            if target is None or value is None:
                return False
            if target.type in s.subscript_types:  # counts[word] += 1
                key = target.child_by_field_name(s.subscript_types[target.type][1])
                self._add(Fact("tally", self.render(key, loop.scope), loop.source))
                return True
            if op_text == "+=" and value.text == b"1":
                self._add(Fact("count", source=loop.source, where=where))
            elif op_text == "+=" and target.text.decode() in loop.scope.texts:
                self._add(Fact("join", self.render(value, loop.scope), loop.source, where))
            elif op_text in ("+=", "-="):
                self._add(Fact("sum", self.render(value, loop.scope), loop.source, where))
            elif op_text == "*=":
                self._add(Fact("product", self.render(value, loop.scope), loop.source, where))
            else:
                return False
            return True
        if node.type in s.update_types:
            if "++" in node.text.decode():
                self._add(Fact("count", source=loop.source, where=where))
                return True
            return False
        if node.type == s.call_type:
            return self._collect_call(node, loop, where)
        if node.type in s.assign_types:
            target_field, value_field = s.assign_types[node.type]
            target, value = node.child_by_field_name(target_field), node.child_by_field_name(value_field)
            if target is not None and value is not None and target.type in s.subscript_types:
                if value.text.decode() in s.empty_containers or value.type in s.number_types:
                    return True  # `groups[k] = []` / `counts[k] = 1`: starts a group or a counter, the push or `+=` names the job
                key = target.child_by_field_name(s.subscript_types[target.type][1])
                if value.type in s.binary_types and "get" in value.text.decode():  # d[k] = d.get(k, 0) + 1
                    self._add(Fact("tally", self.render(key, loop.scope), loop.source))
                else:
                    self._add(Fact("map", self.render(value, loop.scope), loop.source, where, by=self.render(key, loop.scope)))
                return True
        return False

    def _collect_call(self, node: Node, loop: "_Loop", where: str) -> bool:
        s = self.syntax
        callee = node.child_by_field_name("function")
        if callee is None or callee.type not in s.attribute_types:
            return False
        receiver, method = (callee.child_by_field_name(f) for f in s.attribute_types[callee.type])
        if method is None or method.text.decode() not in s.collect_methods:
            return False
        args = node.child_by_field_name("arguments")
        values = args.named_children if args is not None else []
        value = values[-1] if values else None
        key = _group_key(receiver, s)
        by = self.render(key, loop.scope) if key is not None else ""
        if _about_item(by):
            self._add(Fact("group", source=loop.source, by=by))
            return True
        verb = "distinct" if method.text.decode() == "add" else "collect"
        self._add(Fact(verb, self.render(value, loop.scope) or "item", loop.source, where))
        return True

    def _loop_exit(self, node: Node, consequence: Node | None, condition: str, scope: _Scope, loop: "_Loop") -> bool:
        """`if cond: return True/False/item` inside a loop: any, all, or find the first."""
        body = _block(consequence)
        if len(body) != 1 or body[0].type != self.syntax.return_type or node.child_by_field_name("alternative") is not None:
            return False
        returned = body[0].named_children[0] if body[0].named_children else None
        word = self.render(returned, loop.scope) if returned is not None else ""
        if word == "true":
            self._add(Fact("any", source=loop.source, where=condition))
        elif word == "false":
            self._add(Fact("all", source=loop.source, where=_negate(condition)))
        elif word in ("item", "index"):
            self._add(Fact("first" if word == "item" else "first index", source=loop.source, where=condition))
        else:
            return False
        return True

    def _best_update(self, node: Node, consequence: Node | None, scope: _Scope, loop: "_Loop") -> bool:
        """`if x.score > best.score: best = x`: the largest (or smallest) item by x.score."""
        s = self.syntax
        body = [_unwrap(b, s) for b in _block(consequence)]
        if len(body) != 1 or body[0].type not in s.assign_types:
            return False
        target = body[0].child_by_field_name(s.assign_types[body[0].type][0])
        if target is None or target.type != "identifier":
            return False
        best = target.text.decode()
        for comparison in _descendants(node.child_by_field_name("condition"), s.binary_types):
            ops = [c.text.decode() for c in comparison.children if not c.is_named]
            sides = comparison.named_children
            if len(ops) != 1 or ops[0] not in COMPARE_FLIP or len(sides) != 2:
                continue
            op = ops[0]
            left_best = _mentions(sides[0], best)
            if left_best == _mentions(sides[1], best):
                continue
            if left_best:
                op, sides = COMPARE_FLIP[op], [sides[1], sides[0]]
            verb = "largest" if op.startswith(">") else "smallest"
            self._add(Fact(verb, source=loop.source, by=self.render(sides[0], loop.scope)))
            return True
        return False

    def _after_loop(self, loop: "_Loop", rest: list[Node]) -> None:
        """Nothing to add: the loop's own statements carry the facts (kept as a hook point)."""

    # -- expressions: library idioms -------------------------------------------------------

    def _expression(self, node: Node, scope: _Scope) -> None:
        """Find library idioms anywhere in an expression/statement (outermost first)."""
        s = self.syntax
        kind = node.type  # read once: each `.type` builds a new string
        if kind in s.function_types and kind not in s.lambda_types:
            return
        if kind == s.call_type and self._call_fact(node, scope):
            return
        if kind in s.comprehensions:
            self._add(self._comprehension(node, scope, s.comprehensions[kind]), node)
            return
        if kind in s.attribute_types and node.text.endswith(b".length"):
            inner = node.child_by_field_name(s.attribute_types[kind][0])
            if inner is not None and inner.type == s.call_type and _method_name(inner, s) == "filter":
                fact = self._method_fact(inner, scope, "filter")
                if fact is not None:
                    self._add(Fact("count", source=fact.source, where=fact.where), node)
                    return
        for child in node.named_children:
            child_kind = child.type
            if child_kind == s.if_type or child_kind in s.for_each or child_kind in s.counted_for:
                self._statement(child, scope, None, "", [])
            elif child_kind in ("block", "statement_block"):
                self._statements(child.named_children, scope, None)
            elif child.named_child_count:  # a node without named children holds no idiom
                self._expression(child, scope)

    def _comprehension(self, node: Node, scope: _Scope, shape: str) -> Fact:
        s = self.syntax
        inner = scope.child()
        sources, conditions = [], []
        for child in node.named_children:
            if child.type == "for_in_clause":
                target_field, source_field = s.for_each[child.type]
                names = [n.text.decode() for n in _identifiers(child.child_by_field_name(target_field))]
                source = child.child_by_field_name(source_field)
                sources.append(self._loop_source(source, scope, names, inner) if source is not None else "")
                roles = ["item"] if len(names) == 1 else ["key", "value"] if len(names) == 2 else ["item"] * len(names)
                for name, role in zip(names, roles):
                    if name not in inner.index_of:
                        inner.roles[name] = role
            elif child.type == "if_clause":
                conditions.append(child)
        where = " and ".join(self.render(c.named_children[0], inner) for c in conditions if c.named_children)
        body = node.child_by_field_name("body") or node.named_children[0]
        source = sources[0] if sources else ""
        if shape == "dict" and body.type == "pair":
            key, value = body.child_by_field_name("key"), body.child_by_field_name("value")
            return Fact("map", self.render(value, inner), source, where, by=self.render(key, inner))
        return Fact("distinct" if shape == "set" else "collect", self.render(body, inner) or "item", source, where)

    def _call_fact(self, node: Node, scope: _Scope) -> bool:
        s = self.syntax
        callee = node.child_by_field_name("function")
        if callee is None:
            return False
        name = callee.text.decode()
        job = s.functions.get(name)
        if job is not None:
            fact = self._function_fact(node, scope, job)
        else:
            method = _method_name(node, s)
            fact = self._method_fact(node, scope, s.methods[method]) if method in s.methods else None
        if fact is None:
            return False
        self._add(fact, node)
        return True

    def _arguments(self, node: Node) -> tuple[list[Node], dict[str, Node]]:
        args = node.child_by_field_name("arguments")
        positional, keywords = [], {}
        if args is not None and args.type in self.syntax.comprehensions:  # sum(x for x in xs)
            return [args], {}
        for arg in args.named_children if args is not None else []:
            if self.syntax.keyword_argument and arg.type == self.syntax.keyword_argument:
                keywords[arg.child_by_field_name("name").text.decode()] = arg.child_by_field_name("value")
            else:
                positional.append(arg)
        return positional, keywords

    def _function_fact(self, node: Node, scope: _Scope, job: str) -> Fact | None:
        """`sum(...)`, `max(xs, key=...)`, `any(...)`, `reduce(f, xs, 0)`, `Math.max(...xs)`..."""
        s = self.syntax
        positional, keywords = self._arguments(node)
        if not positional:
            return None
        first = positional[0]
        if first.type in s.spread_types and first.named_children and len(positional) == 1:
            first = first.named_children[0]  # Math.max(...xs.map(f)) reads xs.map(f)
            positional = [first]
        inner = self._inner_fact(first, scope)
        descending = "reverse" in keywords and keywords["reverse"].text in (b"True", b"true")
        if job == "reduce" and len(positional) >= 2 and positional[0].type in s.lambda_types:
            return self._reduce_fact(positional[0], self.render(positional[1], scope), scope)
        if job in ("wrap", "distinct"):
            if inner is not None and job == "distinct" and inner.verb == "collect":
                inner.verb = "distinct"
            return inner
        if job in ("filter", "map") and len(positional) >= 2:
            callback, source = positional[0], self.render(positional[1], scope)
            body = self.render(callback, scope)
            return Fact("collect", "item", source, body) if job == "filter" else Fact("collect", body, source)
        if inner is not None and inner.verb in ("collect", "distinct"):
            if job in ("sum", "product"):
                counting = inner.what == "1"
                return Fact("count", source=inner.source, where=inner.where) if counting else Fact(job, inner.what, inner.source, inner.where)
            if job in ("any", "all"):
                condition = " and ".join(filter(None, [inner.where, "" if inner.what == "item" else inner.what]))
                return Fact(job, source=inner.source, where=condition)
            if job == "count":
                return Fact("count", source=inner.source, where=inner.where)
            if job in ("first",):
                return Fact("first", source=inner.source, where=inner.where)
            if job in ("largest", "smallest"):
                return Fact(job, source=inner.source, where=inner.where, by=inner.what)
            if job == "sort":
                return Fact("sort", source=inner.source, where=inner.where, by=inner.what, descending=descending)
            return None
        if job in ("largest", "smallest", "sort"):
            key = keywords.get("key")
            by = self._render_lambda_body(key, scope) if key is not None and key.type in s.lambda_types else []
            if len(positional) > 1 and job != "sort":
                return None  # max(a, b): a comparison of two values, not a search
            return Fact(job, source=self.render(first, scope), by=" ".join(by) or "item", descending=descending)
        if job in ("sum", "product"):
            return Fact(job, "item", self.render(first, scope))
        if job == "tally":
            return Fact("tally", "item", self.render(first, scope))
        if job == "count":
            return None  # len(xs) alone is a size, not a job
        return None

    def _inner_fact(self, node: Node, scope: _Scope) -> Fact | None:
        """The collection an aggregate reads: a comprehension, or a map/filter call chain."""
        s = self.syntax
        if node.type in s.comprehensions:
            return self._comprehension(node, scope, s.comprehensions[node.type])
        if node.type == s.call_type:
            method = _method_name(node, s)
            if method in ("map", "filter", "flatMap"):
                return self._method_fact(node, scope, s.methods[method])
            name = node.child_by_field_name("function").text.decode()
            if s.functions.get(name) in ("map", "filter"):
                return self._function_fact(node, scope, s.functions[name])
        return None

    def _method_fact(self, node: Node, scope: _Scope, job: str) -> Fact | None:
        """`xs.map(f)`, `xs.filter(f)`, `xs.some(f)`, `xs.reduce(f, 0)`, `xs.sort(cmp)`..."""
        s = self.syntax
        callee = node.child_by_field_name("function")
        receiver = callee.child_by_field_name(s.attribute_types[callee.type][0])
        positional, _ = self._arguments(node)
        callback = positional[0] if positional and positional[0].type in s.lambda_types else None
        upstream = self._inner_fact(receiver, scope) if receiver is not None else None
        source = upstream.source if upstream is not None else self.render(receiver, scope)
        prior = upstream.where if upstream is not None else ""
        if job == "join":
            if s.join_on_separator:  # ", ".join(parts): the collection is the argument
                upstream = self._inner_fact(positional[0], scope) if positional else None
                if upstream is None:
                    return None
            elif upstream is None:
                return None
            return Fact("join", upstream.what, upstream.source, upstream.where)
        if job == "reduce":
            if callback is None:
                return None
            fact = self._reduce_fact(callback, source, scope)
            if fact is not None and upstream is not None and upstream.verb == "collect" and fact.what == "item":
                fact.what, fact.where = upstream.what, " and ".join(filter(None, [prior, fact.where]))
            return fact
        if job == "sort":
            by = self._comparator_key(callback, scope) if callback is not None else ("item", False)
            return Fact("sort", source=source, by=by[0], where=prior, descending=by[1])
        body = " ".join(self._render_lambda_body(callback, scope)) if callback is not None else self.render(positional[0], scope) if positional else ""
        if job == "map":
            what = body or "item"
            if upstream is not None and upstream.verb == "collect" and upstream.what != "item":
                what = body.replace("item", upstream.what, 1) if body else upstream.what
            return Fact("collect", what, source, prior)
        if job == "filter":
            what = upstream.what if upstream is not None else "item"
            return Fact("collect", what, source, " and ".join(filter(None, [prior, body])))
        if job in ("any", "all", "first", "first index"):
            return Fact(job, source=source, where=" and ".join(filter(None, [prior, body])))
        return None

    def _reduce_fact(self, callback: Node, source: str, scope: _Scope) -> Fact | None:
        """`(acc, x) => acc + x.q` sums x.q; `*` multiplies; a best-so-far ternary finds an extreme."""
        s = self.syntax
        params = self._param_names(callback)
        if len(params) < 2:
            return None
        inner = scope.child()
        inner.roles[params[0]] = "total"
        inner.roles[params[1]] = "item"
        body = callback.child_by_field_name("body")
        returned = self._returned_expression(body) if body is not None else None
        returned = _strip_groups(returned, s)
        if returned is not None and returned.type in s.binary_types and len(returned.named_children) == 2:
            ops = [c.text.decode() for c in returned.children if not c.is_named]
            left, right = returned.named_children
            other = right if _mentions(left, params[0]) and not _mentions(right, params[0]) else (
                left if _mentions(right, params[0]) and not _mentions(left, params[0]) else None)
            if other is not None and ops in (["+"], ["*"]):
                verb = "sum" if ops == ["+"] else "product"
                what = self.render(other, inner)
                return Fact("count", source=source) if what == "1" and verb == "sum" else Fact(verb, what, source)
        if returned is not None and returned.type in ("ternary_expression", "conditional_expression"):
            for comparison in _descendants(returned, s.binary_types):
                ops = [c.text.decode() for c in comparison.children if not c.is_named]
                if len(ops) == 1 and ops[0] in COMPARE_FLIP:
                    return Fact("largest" if ops[0].startswith(">") else "smallest", source=source)
        if body is not None:
            self._aliases(body, inner)
            for member in _descendants(body, frozenset(s.attribute_types)):
                receiver, method = (member.child_by_field_name(f) for f in s.attribute_types[member.type])
                key = _group_key(receiver, s)
                by = self.render(key, inner) if key is not None else ""
                if _about_item(by) and method is not None and method.text.decode() in s.collect_methods:
                    return Fact("group", source=source, by=by)
        return None

    def _comparator_key(self, callback: Node, scope: _Scope) -> tuple[str, bool]:
        """`(a, b) => a.price - b.price` sorts by price ascending; `b - a` descending."""
        params = self._param_names(callback)
        body = callback.child_by_field_name("body")
        returned = _strip_groups(self._returned_expression(body) if body is not None else None, self.syntax)
        if len(params) < 2 or returned is None or len(returned.named_children) != 2:
            return "item", False
        inner = scope.child()
        inner.roles[params[0]] = inner.roles[params[1]] = "item"
        left = returned.named_children[0]
        return self.render(left, inner) or "item", _mentions(left, params[1]) and not _mentions(left, params[0])

    def _add(self, fact: Fact | None, node: Node | None = None) -> None:
        """Keep a job (the first MAX_FACTS); `node`: the expression that named it, when not the whole statement."""
        if fact is not None and fact.verb not in TRANSFORM_JOBS and node is not None:
            self._idiom_bytes += node.end_byte - node.start_byte
        if fact is not None and fact.verb in TRANSFORM_JOBS:
            self.facts.append(Fact("opaque"))  # takes its place among the first jobs, says nothing
            return
        if fact is None:
            return
        repeated = fact.sentence() in (f.sentence() for f in self.facts)
        if len(self.facts) < MAX_FACTS and not repeated:
            self.facts.append(fact)
            self.named += 1
        elif repeated:
            self.named += 1


@dataclass
class _Loop:
    scope: _Scope
    source: str
    node: Node


# -- small tree helpers --------------------------------------------------------------------


def _block(node: Node | None) -> list[Node]:
    """The statements of a block, an `else` clause or a single unbraced statement."""
    if node is None:
        return []
    if node.type in ("block", "statement_block"):
        return [c for c in node.named_children if c.type != "comment"]
    if node.type == "else_clause":
        body = node.child_by_field_name("body") or (node.named_children[-1] if node.named_children else None)
        return _block(body)
    return [node]


def _unwrap(node: Node, syntax: BehaviourSyntax) -> Node:
    """An expression statement -> its expression."""
    while node.type == "expression_statement" and node.named_children:
        node = node.named_children[0]
    return node


def _strip_groups(node: Node | None, syntax: BehaviourSyntax) -> Node | None:
    while node is not None and node.type == "parenthesized_expression" and node.named_children:
        node = node.named_children[0]
    return node


def _identifiers(node: Node | None, skip_types: tuple[str, ...] = ()) -> Iterator[Node]:
    if node is None:
        return
    if node.type in ("identifier", "shorthand_property_identifier_pattern"):
        yield node
        return
    for child in node.named_children:
        if child.type not in skip_types:
            yield from _identifiers(child, skip_types)


def _descendants(node: Node | None, types: frozenset[str]) -> Iterator[Node]:
    if node is None:
        return
    if node.type in types:
        yield node
    for child in node.named_children:
        yield from _descendants(child, types)


def _mentions(node: Node, name: str) -> bool:
    return any(n.text.decode() == name for n in _identifiers(node))


def _method_name(call: Node, syntax: BehaviourSyntax) -> str:
    callee = call.child_by_field_name("function")
    if callee is None or callee.type not in syntax.attribute_types:
        return ""
    attr = callee.child_by_field_name(syntax.attribute_types[callee.type][1])
    return attr.text.decode() if attr is not None else ""


def _group_key(receiver: Node | None, syntax: BehaviourSyntax) -> Node | None:
    """The key of `groups.setdefault(k, [])`, `groups[k]` or `(acc[k] = acc[k] || [])`: what items are grouped by."""
    node = _strip_groups(receiver, syntax)
    if node is None:
        return None
    if node.type in syntax.assign_types:
        node = node.child_by_field_name(syntax.assign_types[node.type][0])
    if node is None:
        return None
    if node.type in syntax.subscript_types:
        return node.child_by_field_name(syntax.subscript_types[node.type][1])
    if node.type == syntax.call_type and _method_name(node, syntax) == "setdefault":
        args = node.child_by_field_name("arguments")
        return args.named_children[0] if args is not None and args.named_children else None
    return None


def _handed_back(value: Node, syntax: BehaviourSyntax) -> bool:
    """`return total`, `return dict(groups)`, `return [...seen]`: the result handed back as built."""
    if value.type == "identifier" or value.type in syntax.attribute_types:
        return True
    if value.type == syntax.call_type:
        args = value.child_by_field_name("arguments")
        callee = value.child_by_field_name("function")
        wraps = callee is not None and callee.text.decode() in ("dict", "list", "tuple", "Array.from", "Object.fromEntries")
        return wraps and args is not None and len(args.named_children) == 1 and args.named_children[0].type == "identifier"
    return False


def _about_item(words: str) -> bool:
    """A group key computed from the item (`person.city`, `key(item)`), not a position (`out[out.length - 1]`)."""
    return bool(set(words.split()) & {"item", "key", "value"})


def _negate(condition: str) -> str:
    """The opposite condition, in words; only simple conditions are rewritten, others get "not"."""
    if not condition:
        return ""
    if " and " in condition or " or " in condition:
        return f"not {condition}"
    if condition.startswith("not "):
        return condition[4:]
    for positive, negative in (("equals", "differs from"), ("differs from", "equals"), (" not in ", " in "), (" in ", " not in ")):
        if condition.count(positive) == 1:
            return condition.replace(positive, negative)
    return f"not {condition}"


# -- entry point ---------------------------------------------------------------------------


# Jobs a callee names only over a collection another idiom built (`sum(map(...))`): alone they name none.
_TRANSFORM_ONLY = TRANSFORM_JOBS | {"wrap"}
_job_words_of: dict[int, re.Pattern[bytes]] = {}  # id(BehaviourSyntax) -> its _job_words


def _job_words(syntax: BehaviourSyntax) -> re.Pattern[bytes]:
    """The words without which a body names no job: `for` (every loop that names one) and the
    callees that do (`sum`, `max`, `.reduce`; see _call_fact), dotted ones by their last part."""
    found = _job_words_of.get(id(syntax))
    if found is None:
        callees = {*syntax.functions.items(), *syntax.methods.items()}
        words = {"for", *(name.rsplit(".", 1)[-1] for name, job in callees if job not in _TRANSFORM_ONLY)}
        found = re.compile(rb"\b(?:" + b"|".join(re.escape(w.encode()) for w in sorted(words)) + rb")\b")
        _job_words_of[id(syntax)] = found
    return found


def may_name_a_job(function: Node, syntax: BehaviourSyntax, code_start: int) -> bool:
    """Whether reading the body can name a job: one of _job_words in its code (from byte
    `code_start`, past the docstring, whose "for" names nothing), or its own name used again
    (recursion: `return n * f(n - 1)`). Most functions have neither, and their reading is skipped."""
    text = function.text
    if _job_words(syntax).search(text, max(0, code_start - function.start_byte)):
        return True
    name = function.child_by_field_name("name")
    return name is not None and text.count(name.text) > 1


def read_behaviour(function: Node, syntax: BehaviourSyntax, family: str, code_start: int = 0) -> Behaviour:
    """What one parsed function node does: comparable jobs, their coverage, and the card sentence.

    Two readings of the function's own subtree: the jobs name parameters by position (for
    comparing), the sentence by name (for the embedding). Unusual syntax (an error-recovered
    tree) loses the behaviour, never the symbol. `code_start`: the byte where the body's
    code starts (after a docstring)."""
    if not may_name_a_job(function, syntax, code_start):
        return build(Behaviour, family=family)  # what the reading gives a body that names no job (coverage 0)
    try:
        reader = _Reader(syntax, parameters_as_roles=True)
        facts = reader.read_function(function)
        jobs = [f.key() for f in facts if f.verb != "opaque"]
        weighed = reader.explained + reader.unexplained
        coverage = reader.explained / weighed if weighed else (1.0 if jobs else 0.0)
        if not jobs:  # the second reading names the same jobs: none either (most functions)
            return build(Behaviour, coverage=round(coverage, 2), family=family)
        named = _Reader(syntax).read_function(function)
    except (AttributeError, IndexError, KeyError, RecursionError, UnicodeDecodeError):
        return build(Behaviour, family=family)
    text = "; ".join(f.sentence() for f in named if f.verb != "opaque")
    sentence = text[:MAX_SENTENCE].rsplit(" ", 1)[0] if len(text) > MAX_SENTENCE else text
    return build(Behaviour, jobs=jobs, coverage=round(coverage, 2), family=family, sentence=sentence)
