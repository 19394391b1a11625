"""Hard cases of extraction: broken files, unreachable code, suppressions, clones, deep trees."""

from __future__ import annotations

import hashlib
import pickle
import textwrap
from concurrent.futures import ProcessPoolExecutor

import pytest

from reviewer.scan import fingerprint
from reviewer.scan.extract import extract_file
from reviewer.schema.facts import FileFacts, Symbol


def scan(source: str, language: str = "python", path: str = "m.py") -> FileFacts:
    return extract_file(path, textwrap.dedent(source).lstrip("\n").encode(), language)


def symbol(facts: FileFacts, qualified: str) -> Symbol:
    matches = [s for s in facts.symbols if s.qualified_name == qualified]
    assert len(matches) == 1, [s.qualified_name for s in facts.symbols]
    return matches[0]


def ranges(sym: Symbol) -> list[tuple[int, int, str]]:
    return [(r.line_start, r.line_end, r.reason) for r in sym.unreachable]


# -- syntax errors


def test_python_syntax_error_still_yields_the_recoverable_symbols():
    facts = scan(
        """
        def good(a):
            return a + 1

        def broken(:
            pass

        class Fine:
            def method(self):
                return good(2)
        """
    )
    assert facts.syntax_errors >= 1
    names = [s.qualified_name for s in facts.symbols]
    assert "good" in names and "Fine" in names and "Fine.method" in names
    assert symbol(facts, "Fine.method").calls == ["good"]


def test_typescript_syntax_error_still_yields_the_recoverable_symbols():
    facts = scan(
        """
        export function ok(x: number): number { return x * 2; }
        function bad( { return ; }
        export class Later { run() { return ok(1); } }
        """,
        language="typescript",
        path="m.ts",
    )
    assert facts.syntax_errors >= 1
    names = [s.qualified_name for s in facts.symbols]
    assert names[0] == "ok"
    assert "Later.run" in names
    assert symbol(facts, "ok").exported is True


def test_clean_file_has_no_syntax_errors():
    assert scan("def f():\n    return 1\n").syntax_errors == 0


# -- decorators, overloads, nesting


def test_overloads_are_one_symbol_each_with_their_decorators():
    facts = scan(
        """
        from typing import overload

        @overload
        def parse(x: int) -> int: ...
        @overload
        def parse(x: str) -> str: ...
        def parse(x):
            return x
        """
    )
    parses = [s for s in facts.symbols if s.name == "parse"]
    assert [(s.line_start, s.line_end, s.decorators) for s in parses] == [
        (3, 4, ["overload"]),
        (5, 6, ["overload"]),
        (7, 8, []),
    ]


def test_nested_classes_and_functions_get_dotted_names():
    facts = scan(
        """
        class Outer:
            class Inner:
                def deep(self):
                    class Local:
                        def m(self):
                            pass
                    return Local

        def factory():
            class Made:
                pass
            def build():
                return Made()
            return build
        """
    )
    got = [(s.qualified_name, s.kind, s.parent, s.exported) for s in facts.symbols]
    assert got == [
        ("Outer", "class", None, True),
        ("Outer.Inner", "class", "Outer", True),
        ("Outer.Inner.deep", "method", "Outer.Inner", True),
        ("Outer.Inner.deep.Local", "class", "Outer.Inner.deep", False),
        ("Outer.Inner.deep.Local.m", "method", "Outer.Inner.deep.Local", False),
        ("factory", "function", None, True),
        ("factory.Made", "class", "factory", False),
        ("factory.build", "function", "factory", False),
    ]
    assert symbol(facts, "factory.build").calls == ["Made"]
    assert symbol(facts, "factory").calls == []


def test_multiple_decorators_with_arguments():
    facts = scan(
        """
        @app.route(
            "/x",
            methods=["GET"],
        )
        @login_required
        async def view(request):
            return await render(request)
        """
    )
    view = symbol(facts, "view")
    assert view.decorators == ['app.route( "/x", methods=["GET"], )', "login_required"]
    assert (view.line_start, view.line_end) == (1, 7)
    assert view.signature == "async def view(request)"
    assert view.is_async is True
    assert facts.module_calls == ["app.route"]


# -- unreachable code


def test_python_unreachable_ranges():
    facts = scan(
        """
        DEBUG = False
        VERBOSE = False
        VERBOSE = True

        def f(x):
            if False:
                never()
            if DEBUG:
                trace()
            if VERBOSE:
                talk()
            for item in x:
                if item:
                    continue
                    skipped()
            return x
            # a comment is not code
            dead_one()
            dead_two()

        def g():
            raise ValueError()
            after()
        """
    )
    assert ranges(symbol(facts, "f")) == [
        (7, 7, "if False"),
        (9, 9, "if DEBUG with DEBUG = False"),
        (15, 15, "after continue"),
        (18, 19, "after return"),
    ]
    assert ranges(symbol(facts, "g")) == [(23, 23, "after raise")]


def test_javascript_unreachable_ranges_ignore_hoisted_functions():
    facts = scan(
        """
        const FLAG = 0;
        function f(x) {
          if (false) { a(); }
          if (FLAG) { b(); }
          switch (x) {
            case 1:
              return 1;
              c();
          }
          return helper(x);
          function helper(y) { return y; }
        }
        function g() {
          throw new Error("x");
          d();
        }
        """,
        language="javascript",
        path="m.js",
    )
    assert ranges(symbol(facts, "f")) == [
        (3, 3, "if (false)"),
        (4, 4, "if (FLAG) with FLAG = 0"),
        (8, 8, "after return"),
    ]
    assert ranges(symbol(facts, "g")) == [(15, 15, "after throw")]


# -- suppressions


def test_suppression_comments():
    facts = scan(
        """
        def a():  # reviewer: ignore[duplication]
            pass

        # reviewer: ignore
        def b():
            pass

        # reviewer:ignore[utility, tests] kept for the plugin API
        def c():
            pass
        """
    )
    assert facts.suppressions == {1: ["duplication"], 4: ["*"], 8: ["utility", "tests"]}
    js = scan("// reviewer: ignore[utility]\nexport function x() {}\n", language="javascript", path="m.js")
    assert js.suppressions == {1: ["utility"]}


# -- clones


CLONE_A = '''
def total_price(items, tax):
    """Sum the prices."""
    result = 0
    for item in items:  # loop
        result += item.price * tax
    return result
'''

CLONE_B = '''
class Cart:
    def compute(self, goods, rate):
        summed = 0
        for g in goods:
            summed += g.price * rate
        return summed
'''


def test_renamed_copy_has_identical_shingles_and_token_count():
    original = symbol(scan(CLONE_A), "total_price")
    renamed = symbol(scan(CLONE_B), "Cart.compute")
    assert original.token_count == renamed.token_count == 17  # ID = NUM for ID in ID : ID += ID . ID * ID return ID
    assert original.shingles == renamed.shingles
    assert len(original.shingles) == 13  # 17 - 5 + 1 windows, all distinct
    # but the text differs, so the body hash does too
    assert original.body_hash != renamed.body_hash


def test_body_hash_ignores_comments_whitespace_docstring_and_indentation():
    plain = symbol(scan("def f(a):\n    x = a  +  1\n    return x\n"), "f")
    noisy = symbol(
        scan('class K:\n    def f(a):\n        """Doc."""\n        # note\n        x = a + 1   # why\n\n        return x\n'),
        "K.f",
    )
    assert plain.body_hash == noisy.body_hash
    changed = symbol(scan("def f(a):\n    x = a + 2\n    return x\n"), "f")
    assert changed.body_hash != plain.body_hash
    # Python indentation is structure: dedenting a statement changes the hash
    inside = symbol(scan("def f(a):\n    if a:\n        a()\n        b()\n"), "f")
    outside = symbol(scan("def f(a):\n    if a:\n        a()\n    b()\n"), "f")
    assert inside.body_hash != outside.body_hash


def test_shingles_are_stable_and_short_streams_get_one():
    tokens = ["def", "ID", "(", "ID", ")", ":", "return", "ID"]
    assert fingerprint.shingles(tokens) == fingerprint.shingles(list(tokens))
    assert len(fingerprint.shingles(["return", "NUM"])) == 1
    assert fingerprint.shingles([]) == []
    assert fingerprint.shingles(["a", "b"]) != fingerprint.shingles(["b", "a"])
    hashes = fingerprint.window_hashes(tokens)
    assert len(hashes) == len(tokens) - 4
    assert fingerprint.shingles_of_slice(tokens, hashes, 0, len(tokens)) == fingerprint.shingles(tokens)
    assert all(0 <= h < 2**32 for h in hashes)


def test_shingles_of_a_slice_agree_whatever_its_length():
    """Per-file window hashes sliced per symbol (numpy for long slices) = hashing the slice alone."""
    vocabulary = ["def", "ID", "(", ")", ":", "return", "NUM", "STR", "+", ".", "if", "else"]
    tokens = [vocabulary[(index * 7 + index // 5) % len(vocabulary)] for index in range(3000)]
    windows = fingerprint.WindowHashes(fingerprint.token_ids(tokens))
    for start, end in [(0, 0), (0, 3), (10, 14), (10, 15), (5, 40), (100, 400), (0, 3000), (2990, 3000)]:
        assert windows.shingles(start, end) == fingerprint.shingles(tokens[start:end]), (start, end)


def test_python_body_hash_normalizes_lines_like_the_reference():
    """Trailing blanks, blank lines and runs inside a line go; indentation and single spaces stay."""
    noisy = b"x = 1   \n\n    \t\n    if  x :\t\n        y =\t\t2\r\n"
    clean = b"x = 1\n    if x :\n        y = 2"
    assert fingerprint.body_hash(noisy, indent_significant=True, first_column=0) == hashlib.sha256(clean).hexdigest()
    # the same body one level deeper (a method), dedented by the column of its first line
    deeper = noisy.replace(b"\n    ", b"\n        ")
    assert fingerprint.body_hash(deeper, indent_significant=True, first_column=4) == hashlib.sha256(clean).hexdigest()


def _shingles_in_worker(source: str) -> list[int]:
    return extract_file("m.py", source.encode(), "python").symbols[0].shingles


def test_shingles_do_not_depend_on_the_process():
    """Another process (another hash seed) computes the same fingerprint."""
    here = _shingles_in_worker(CLONE_A)
    with ProcessPoolExecutor(max_workers=1) as pool:
        there = pool.submit(_shingles_in_worker, CLONE_A).result()
    assert here == there


# -- dynamic access and string literals


def test_python_dynamic_access_and_identifier_like_strings():
    static = scan('x = getattr(obj, "name")\ny = {"key_one": 1, "not an id": 2}\n')
    assert static.dynamic_access is False
    assert static.string_literals == ["name", "key_one"]
    assert scan("x = getattr(obj, attr)\n").dynamic_access is True
    assert scan("f = globals()[name]\n").dynamic_access is True
    assert scan("import importlib\nm = importlib.import_module(path)\n").dynamic_access is True


# -- robustness


def test_deeply_nested_code_does_not_hit_the_recursion_limit():
    depth = 3000
    source = "x = " + "(" * depth + "1" + ")" * depth + "\n"
    facts = extract_file("deep.py", source.encode(), "python")
    assert [s.name for s in facts.symbols] == ["x"]
    chain = "def f():\n    return " + " + ".join(["a"] * 5000) + "\n"
    assert symbol(extract_file("long.py", chain.encode(), "python"), "f").token_count == 10000


def test_empty_and_non_utf8_files():
    empty = extract_file("e.py", b"", "python")
    assert (empty.lines, empty.size, empty.symbols, empty.syntax_errors) == (0, 0, [], 0)
    latin = extract_file("l.py", "def caf\xe9():\n    return 'ol\xe9'\n".encode("latin-1"), "python")
    assert latin.lines == 2
    assert latin.decode_errors is False  # set by discovery, not here


def test_facts_pickle_for_the_process_pool():
    facts = scan(CLONE_B)
    assert pickle.loads(pickle.dumps(facts)) == facts


def test_a_bare_ampersand_in_jsx_text_is_no_syntax_error() -> None:
    """`<Button>Save & Close</Button>`: valid JSX the TSX grammar rejects (a run would exit 2 on it)."""
    from reviewer.scan.extract import extract_file

    source = (b"export function Dialog() {\n  return (\n    <div>\n    <Button onClick={() => close(false)}>\n"
              b"      Save & Close\n    </Button>\n    <Label>Files & Collections</Label>\n    </div>\n  )\n}\n"
              b"type Both = A & B\n")
    facts = extract_file("dialog.tsx", source, "tsx")
    assert facts.syntax_errors == 0 and [s.name for s in facts.symbols] == ["Dialog", "Both"]


def test_jsx_text_after_a_tag_and_inline_import_types_are_no_syntax_errors() -> None:
    """Valid TSX the grammar rejects: a bare `&` in text after a closing tag, and a type imported inline
    (`import('./api').Product[]`, `typeof import('x')`): each made a first-contact run exit 2."""
    from reviewer.scan.extract import extract_file

    source = (b"export type Page = {\n  products: import('@/constants/mock-api').Product[];\n}\n"
              b"export function Hero() {\n  return (\n    <p>\n"
              b"      <span className=\"x\">Built with</span> Python, React & modern tooling\n    </p>\n  )\n}\n"
              b"export async function mock(importOriginal) {\n  return await importOriginal<typeof import('x')>()\n}\n")
    facts = extract_file("page.tsx", source, "tsx")
    assert facts.syntax_errors == 0 and [s.name for s in facts.symbols] == ["Page", "Hero", "mock"]


def test_an_indexed_import_type_and_an_escape_in_a_template_literal_type_are_no_syntax_errors() -> None:
    """Astro starlight's virtual modules (round 41, exit 2): an inline import type indexed on a row the grammar
    only marks with a MISSING `}` or `;` (`import('astro').AstroConfig['trailingSlash']`), and `\\0` in a
    template literal type (a virtual module's id, `\\0${T}`); typebox (round 52, exit 2): an escaped backtick in
    one, `` `\\`${Template}\\`` ``."""
    from reviewer.scan.extract import extract_file

    declarations = (b"declare module 'virtual:app/context' {\n\tconst Context: {\n\t\troot: string;\n"
                    b"\t\ttrailingSlash: import('astro').AstroConfig['trailingSlash'];\n\t};\n"
                    b"\texport default Context;\n}\n\n"
                    b"declare module 'virtual:app/collections' {\n"
                    b"\texport const collections: import('astro:content').ContentConfig['collections'] | undefined;\n}\n")
    assert extract_file("virtual.d.ts", declarations, "typescript").syntax_errors == 0
    module = (b"export function resolveId<T extends string>(id: T): `\\0${T}` {\n\treturn `\\0${id}`;\n}\n")
    facts = extract_file("virtual-modules.ts", module, "typescript")
    assert facts.syntax_errors == 0 and [s.name for s in facts.symbols] == ["resolveId"]
    quoted = (b"export type TParse<Template extends string,\n"
              b"  Parsed extends [unknown[], string] | [] = TTypes<`\\`${Template}\\``>,\n"
              b"> = Parsed\n\nexport function parse(template: string): unknown {\n  return template\n}\n")
    facts = extract_file("template.ts", quoted, "typescript")
    assert facts.syntax_errors == 0 and [s.name for s in facts.symbols] == ["TParse", "parse"]


def test_a_nul_byte_in_a_template_string_is_no_syntax_error() -> None:
    """pnpm (round 46, exit 2): a key joined with a NUL byte written as itself in a template literal."""
    from reviewer.scan.extract import extract_file

    source = (b"export function keyOf(lockfilePath: string, hash: string): string {\n"
              b"  const tupleKey = `${lockfilePath}\0${hash}`\n  return tupleKey\n}\n\nexport const SEP = '\0'\n")
    facts = extract_file("cache.ts", source, "typescript")
    assert facts.syntax_errors == 0 and [s.name for s in facts.symbols] == ["keyOf", "SEP"]


def test_a_class_field_named_accessor_is_no_syntax_error() -> None:
    """buildbot's data module (round 44, exit 2): a field named `accessor`, which the grammar reads as the
    auto-accessor keyword; a method of that name is left as it is (its name is a symbol)."""
    from reviewer.scan.extract import extract_file

    source = (b"export class DataCollection {\n  accessor!: IDataAccessor;\n  private other: number = 1;\n\n"
              b"  constructor(accessor: IDataAccessor) {\n    this.accessor = accessor;\n  }\n}\n\n"
              b"export class Base {\n  private accessor: IDataAccessor;\n  read() {\n    return this.accessor;\n  }\n}\n")
    facts = extract_file("data.ts", source, "typescript")
    assert facts.syntax_errors == 0
    assert [s.qualified_name for s in facts.symbols] == ["DataCollection", "DataCollection.constructor", "Base",
                                                          "Base.read"]


def test_python_type_parameter_defaults_are_no_syntax_errors_and_keep_their_names() -> None:
    """mopidy (round 44, exit 2): PEP 696 defaults (Python 3.13) in a class's and a function's type parameters,
    on one row and over several; the default's name is still read (an import of it is used)."""
    from reviewer.scan.extract import extract_file

    source = (b"from .types import ConfigValue, String\n\n\nclass List[V: ConfigValue = String](ConfigValue[V]):\n"
              b"    pass\n\n\nclass Pair[\n    K: ConfigValue = String,\n    V: ConfigValue = String,\n](ConfigValue):\n"
              b"    pass\n\n\ndef first[T = int](values: list[T]) -> T:\n    return values[0] if values == [] else values[-1]\n")
    facts = extract_file("types.py", source, "python")
    assert facts.syntax_errors == 0
    assert [s.name for s in facts.symbols] == ["List", "Pair", "first"]
    assert "String" in facts.symbols[0].references and "String" in facts.symbols[1].references


def test_an_ampersand_inside_a_word_or_at_a_line_end_of_jsx_text_is_no_syntax_error() -> None:
    """`Q&A` and `descriptive &` closing a line of JSX text: valid JSX the grammar rejects (each made a
    first-contact run exit 2); an expression's `&&` on an error-free row is left as it is."""
    from reviewer.scan.extract import extract_file

    source = (b"export function Help({ ready }) {\n  return (\n    <div>\n      <p className=\"muted\">\n"
              b"        Enable Q&A for your links.\n      </p>\n      <FormDescription>\n"
              b"        Pick something descriptive &\n        memorable.\n      </FormDescription>\n"
              b"      {ready &&\n        <span>&amp; done</span>}\n    </div>\n  )\n}\n")
    facts = extract_file("help.tsx", source, "tsx")
    assert facts.syntax_errors == 0 and [s.name for s in facts.symbols] == ["Help"]


# Rows of JSX text holding a bare `&`, each of which made a first-contact run exit 2: an operator as text
# before a closing tag (`<span>&&</span>`); prose with a colon under a multi-line tag's closing `>` (an
# email template); a character reference (whose `;` is no code) beside a bare `&`.
JSX_AMPERSAND_TEXTS = {
    "operator-before-closing-tag": (b"export function Help({ ok }) {\n  return (\n    <p>\n"
                                    b"      Combine with <span className=\"mono\">&&</span>, <span>||</span>"
                                    b"{ok && \" or not\"}.\n    </p>\n  )\n}\n"),
    "prose-with-a-colon-under-a-tag": (b"export function Help() {\n  return (\n    <Text\n      style={{ margin: 0 }}\n"
                                       b"    >\n      Hint: set a password in Settings & members, My\n      account.\n"
                                       b"    </Text>\n  )\n}\n"),
    "character-reference-beside-it": (b"export function Help() {\n  return (\n    <li>\n"
                                      b"                You&apos;re comfortable & prefer absolute control with low-level\n"
                                      b"                APIs.\n    </li>\n  )\n}\n"),
    "query-string-in-a-single-quoted-attribute": (
        b"export function Help() {\n  return (\n    <link\n"
        b"      href='https://fonts.googleapis.com/css2?family=Mono:wght@400;700&family=Ubuntu:wght@400&display=swap'\n"
        b"      rel='stylesheet'\n    />\n  )\n}\n"),
}


@pytest.mark.parametrize("source", JSX_AMPERSAND_TEXTS.values(), ids=JSX_AMPERSAND_TEXTS.keys())
def test_jsx_text_holding_a_bare_ampersand_is_no_syntax_error(source: bytes) -> None:
    facts = extract_file("help.tsx", source, "tsx")
    assert facts.syntax_errors == 0 and [s.name for s in facts.symbols] == ["Help"]


def test_using_as_a_typescript_name_is_no_syntax_error() -> None:
    """`using` named as a parameter, a variable or spread (valid TypeScript the grammar reads as a TS 5.2
    `using` declaration) made two first-contact runs exit 2; a real `using` declaration stays one."""
    from reviewer.scan.extract import extract_file

    node = (b"export function create(using: UsingNode, tables: string[]): UsingNode {\n"
            b"  return { kind: 'UsingNode', tables: [...using.tables, ...tables] }\n}\n"
            b"export function dispose() {\n  using handle = openFile()\n  return handle\n}\n")
    facts = extract_file("using-node.ts", node, "typescript")
    assert facts.syntax_errors == 0 and [s.name for s in facts.symbols] == ["create", "dispose"]
    component = (b"export function Step({ running }: Props) {\n  const using = useMemo(() => running, [running])\n"
                 b"  return (\n    <div className=\"flex\">\n      <p className={cn(!using && 'muted', using && 'shimmer')}>\n"
                 b"        {using ? <span>busy</span> : <span>done</span>}\n      </p>\n    </div>\n  )\n}\n")
    facts = extract_file("step.tsx", component, "tsx")
    assert facts.syntax_errors == 0 and [s.name for s in facts.symbols] == ["Step"]


def test_an_augmented_assignment_whose_value_is_used_reads_its_target() -> None:
    """`return (cache ||= make())` reads the module variable it rebinds (a memo cache lives on it);
    `count += 1` as a statement only writes it (see test_assigning_an_outer_binding_declares_no_local)."""
    from reviewer.scan.extract import extract_file

    ts = extract_file("cache.ts", b"let cache: number\nlet count = 0\nexport function get() {\n  count += 1\n"
                                  b"  const one = (cache ||= 1)\n  return one\n}\n", "typescript")
    assert [s.references for s in ts.symbols if s.name == "get"] == [["cache"]]
    py = extract_file("count.py", b"count = 0\n\n\ndef bump():\n    global count\n    count += 1\n", "python")
    assert [s.references for s in py.symbols if s.name == "bump"] == [[]]
