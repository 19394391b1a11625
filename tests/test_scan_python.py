"""Python extraction with the real tree-sitter grammar: symbols, imports, exports, complexity."""

from __future__ import annotations

import textwrap

from reviewer.scan.extract import extract_file
from reviewer.schema.facts import FileFacts, Symbol


def scan(source: str, path: str = "pkg/mod.py") -> FileFacts:
    return extract_file(path, textwrap.dedent(source).lstrip("\n").encode(), "python")


def symbol(facts: FileFacts, qualified: str) -> Symbol:
    matches = [s for s in facts.symbols if s.qualified_name == qualified]
    assert len(matches) == 1, [s.qualified_name for s in facts.symbols]
    return matches[0]


SOURCE = '''
"""Module docstring."""
import os
import a.b as c, d.e
from ..pkg import y as z, w
from . import sibling
from x import *

MAX_SIZE = 10
cache = {}
square = lambda n: n * n


def helper(a, b=1, *args, key: str = "k", **kw) -> int:
    """Add things.

    Args:
        a: first.
    """
    total = a + b  # a comment
    return os.path.join(total, MAX_SIZE)


async def fetch(url):
    return await client.get(url)


class Base:
    pass


class Service(Base, metaclass=Meta):
    """A service."""

    def run(self, item):
        def inner(x):
            return transform(x)
        return self.step(inner(item), helper)

    @staticmethod
    def _private():
        return None

    def __len__(self):
        return 0


def _internal():
    pass


if __name__ == "__main__":
    main(helper)
'''


def test_every_python_symbol_kind_with_names_parents_and_lines():
    facts = scan(SOURCE)
    got = [(s.qualified_name, s.kind, s.parent, s.line_start, s.line_end) for s in facts.symbols]
    assert got == [
        ("MAX_SIZE", "constant", None, 8, 8),
        ("cache", "variable", None, 9, 9),
        ("square", "function", None, 10, 10),
        ("helper", "function", None, 13, 20),
        ("fetch", "function", None, 23, 24),
        ("Base", "class", None, 27, 28),
        ("Service", "class", None, 31, 44),
        ("Service.run", "method", "Service", 34, 37),
        ("Service.run.inner", "function", "Service.run", 35, 36),
        ("Service._private", "method", "Service", 39, 41),
        ("Service.__len__", "method", "Service", 43, 44),
        ("_internal", "function", None, 47, 48),
    ]
    assert facts.language == "python"
    assert facts.path == "pkg/mod.py"
    assert facts.lines == 52
    assert facts.has_main_guard is True
    assert facts.syntax_errors == 0


def test_signatures_params_docstrings_values():
    facts = scan(SOURCE)
    helper = symbol(facts, "helper")
    assert helper.signature == 'def helper(a, b=1, *args, key: str = "k", **kw) -> int'
    assert helper.params == ["a", "b", "args", "key", "kw"]
    assert helper.docstring == "Add things.\n\nArgs:\n    a: first."
    assert symbol(facts, "fetch").signature == "async def fetch(url)"
    assert symbol(facts, "fetch").is_async is True
    assert helper.is_async is False
    service = symbol(facts, "Service")
    assert service.signature == "class Service(Base, metaclass=Meta)"
    assert service.bases == ["Base"]
    assert service.docstring == "A service."
    assert symbol(facts, "Service.run").params == ["self", "item"]
    assert symbol(facts, "Service._private").decorators == ["staticmethod"]
    assert symbol(facts, "Service._private").line_start == 39  # the decorator's line
    assert symbol(facts, "MAX_SIZE").value == "10"
    assert symbol(facts, "MAX_SIZE").signature == "MAX_SIZE"
    assert symbol(facts, "cache").value == "{}"
    assert symbol(facts, "square").signature == "square = lambda n"
    assert symbol(facts, "square").params == ["n"]
    assert symbol(facts, "Base").docstring is None


def test_calls_and_references_belong_to_the_innermost_symbol():
    facts = scan(SOURCE)
    helper = symbol(facts, "helper")
    assert helper.calls == ["os.path.join"]
    # parameters and locals are not references; the annotation types are
    assert helper.references == ["str", "int", "os.path.join", "MAX_SIZE"]
    run = symbol(facts, "Service.run")
    assert run.calls == ["self.step", "inner"]
    assert run.references == ["self.step", "inner", "helper"]
    inner = symbol(facts, "Service.run.inner")
    assert inner.calls == ["transform"]
    assert inner.references == ["transform"]
    assert symbol(facts, "Service").references == ["Base", "Meta", "staticmethod"]
    assert symbol(facts, "fetch").calls == ["client.get"]
    assert facts.module_calls == ["main"]
    assert facts.module_references == ["__name__", "main", "helper"]


def test_python_exports_without_all_are_the_public_names():
    facts = scan(SOURCE)
    exported = {s.qualified_name for s in facts.symbols if s.exported}
    assert exported == {
        "MAX_SIZE",
        "cache",
        "square",
        "helper",
        "fetch",
        "Base",
        "Service",
        "Service.run",
        "Service.__len__",
    }
    assert facts.dunder_all is None
    assert facts.exports == []


def test_dunder_all_restricts_exports():
    facts = scan(
        """
        __all__ = ["visible", "Klass"]
        __all__ += ["extra"]

        def visible(): pass
        def hidden(): pass
        def extra(): pass
        class Klass:
            def method(self): pass
        """
    )
    assert facts.dunder_all == ["visible", "Klass", "extra"]
    assert {s.qualified_name: s.exported for s in facts.symbols} == {
        "visible": True,
        "hidden": False,
        "extra": True,
        "Klass": True,
        "Klass.method": True,
    }


def test_non_literal_dunder_all_falls_back_to_public_names():
    facts = scan(
        """
        from .core import __all__ as core_all
        __all__ = core_all + ["x"]
        def x(): pass
        def y(): pass
        """
    )
    assert facts.dunder_all is None
    assert [s.name for s in facts.symbols if s.exported] == ["x", "y"]


def test_python_imports():
    facts = scan(SOURCE)
    got = [(i.source, i.level, [(n.name, n.alias) for n in i.names], i.namespace, i.star, i.kind, i.line) for i in facts.imports]
    assert got == [
        ("os", 0, [], "os", False, "static", 2),
        ("a.b", 0, [], "c", False, "static", 3),
        ("d.e", 0, [], "d.e", False, "static", 3),
        ("pkg", 2, [("y", "z"), ("w", None)], None, False, "static", 4),
        ("", 1, [("sibling", None)], None, False, "static", 5),
        ("x", 0, [], None, True, "static", 6),
    ]


def test_a_module_path_split_by_a_line_continuation_is_one_dotted_name():
    facts = scan("from pkg.pages.\\\n    delete_page import DeletePage\nimport a.\\\n  b\nfrom .\\\n  sub import x\n")
    got = [(i.source, i.level, [n.name for n in i.names]) for i in facts.imports]
    assert got == [("pkg.pages.delete_page", 0, ["DeletePage"]), ("a.b", 0, []), ("sub", 1, ["x"])]


def test_imports_inside_functions_and_importlib_with_a_literal():
    facts = scan(
        """
        import importlib

        def load():
            import json
            from .plugins import registry
            return importlib.import_module("pkg.plugin"), json, registry
        """
    )
    got = [(i.source, i.level, i.namespace, i.kind, i.line) for i in facts.imports]
    assert got == [
        ("importlib", 0, "importlib", "static", 1),
        ("json", 0, "json", "static", 4),
        ("plugins", 1, None, "static", 5),
        ("pkg.plugin", 0, None, "dynamic", 6),
    ]
    assert facts.dynamic_access is False
    # imported names are usages, not references of the function
    assert symbol(facts, "load").references == ["importlib.import_module", "json", "registry"]


def test_complexity_counts_each_decision_point():
    facts = scan(
        """
        def decide(items, flag, other):
            result = []
            for item in items:                      # +1
                if item and flag or other:          # +1 if, +2 boolean operators
                    result.append(item)
                elif item is None:                  # +1
                    continue
                else:
                    pass
            while flag:                             # +1
                flag = False
            try:
                risky()
            except ValueError:                      # +1
                pass
            except (TypeError, KeyError):           # +1
                pass
            value = 1 if flag else 2                # +1
            evens = [x for x in items if x % 2]     # +1
            match value:
                case 1:                             # +1
                    pass
                case 2:                             # +1
                    pass
                case _:
                    pass
            return result

        def simple():
            return 1

        def outer(x):
            def nested(y):
                if y:
                    return y and x
            return nested if x else None
        """
    )
    assert symbol(facts, "decide").complexity == 13
    assert symbol(facts, "decide").complexity_score == 4
    assert symbol(facts, "simple").complexity == 1
    assert symbol(facts, "simple").complexity_score == 1
    assert symbol(facts, "outer").complexity == 2  # the nested function's decisions are its own
    assert symbol(facts, "outer.nested").complexity == 3


def test_abstract_classes_and_methods():
    facts = scan(
        """
        import abc
        from abc import ABC, abstractmethod

        class Port(ABC):
            @abstractmethod
            def send(self): ...

            def concrete(self): ...

        class Meta(metaclass=abc.ABCMeta):
            @abc.abstractmethod
            def go(self): ...

        class Plain(object):
            pass
        """
    )
    assert {s.qualified_name: s.is_abstract for s in facts.symbols} == {
        "Port": True,
        "Port.send": True,
        "Port.concrete": False,
        "Meta": True,
        "Meta.go": True,
        "Plain": False,
    }


def test_module_bindings_only_at_top_level_and_first_assignment_wins():
    facts = scan(
        """
        DEBUG = False
        DEBUG = True
        x, Y = 1, 2
        name: str = "n"
        if True:
            conditional = 1

        def f():
            local = 3
        """
    )
    got = [(s.name, s.kind, s.value) for s in facts.symbols]
    assert got == [
        ("DEBUG", "constant", "False"),
        ("x", "variable", "1, 2"),
        ("Y", "constant", "1, 2"),
        ("name", "variable", '"n"'),
        ("f", "function", None),
    ]
    assert symbol(facts, "name").signature == "name: str"


def test_result_round_trips_through_the_pydantic_models():
    facts = scan(SOURCE)
    again = FileFacts.model_validate_json(facts.model_dump_json())
    assert again == facts
    assert facts.sha256 == __import__("hashlib").sha256(textwrap.dedent(SOURCE).lstrip("\n").encode()).hexdigest()
    assert facts.size == len(textwrap.dedent(SOURCE).lstrip("\n").encode())


def test_dotted_strings_in_comments_load_nothing():
    # A commented-out INSTALLED_APPS entry is not a setting: it names nothing that runs.
    facts = extract_file("config/settings.py", textwrap.dedent('''
        INSTALLED_APPS = [
            "app.apps.AppConfig",
            # "app.custom_admin.apps.CustomAdminConfig",
        ]
    ''').encode(), "python")
    assert facts.dotted_strings == ["app.apps.AppConfig"]


def test_import_path_strings_name_their_attribute():
    # uvicorn/gunicorn and entry points write "package.module:attribute"; a URL or a time is no such path.
    facts = extract_file("tests/test_cli.py", textwrap.dedent('''
        runner.invoke(cli, ["tests.test_cli:App", "main:app", "http://x:80", "12:30"])
    ''').encode(), "python")
    assert facts.dotted_strings == ["main.app", "tests.test_cli.App"]


def test_import_statements_written_in_strings_name_what_they_import():
    # django-extensions runs SHELL_PLUS_IMPORTS in `shell_plus`; exec'd code alike.
    facts = extract_file("config/settings.py", textwrap.dedent('''
        SHELL_PLUS_IMPORTS = ["from app.shell.utils import print_qs, tabulate as tab", "import os"]
    ''').encode(), "python")
    assert facts.import_strings == ["app.shell.utils.print_qs", "app.shell.utils.tabulate"]


def test_a_yield_after_raise_makes_a_generator_and_is_no_unreachable_code() -> None:
    # attrs' test_setattr: `raise ValueError(...)` then `yield`, so that the hook is a generator.
    facts = extract_file("t.py", b"def hook(a):\n    raise ValueError('x')\n    yield\n\n\n"
                                  b"def f():\n    return 1\n    print('dead')\n", "python")
    by_name = {s.name: s for s in facts.symbols}
    assert by_name["hook"].unreachable == []
    assert [(r.line_start, r.reason) for r in by_name["f"].unreachable] == [(8, "after return")]


def test_a_class_body_lists_its_fields_and_a_long_chain_is_one_reference() -> None:
    facts = scan(
        "class ArticleSchema(Schema):\n    favoritesCount = fields.Int()\n    title: str = 'x'\n    body: str\n\n"
        "    def dump_one(self):\n        local = 1\n        return self.request.user.profile.can_edit + local\n"
    )
    by_name = {s.qualified_name: s for s in facts.symbols}
    assert by_name["ArticleSchema"].fields == ["favoritesCount", "title", "body"]
    assert by_name["ArticleSchema.dump_one"].fields == []
    assert "self.request.user.profile.can_edit" in by_name["ArticleSchema.dump_one"].references
    method = scan("class C:\n    def __init__(self):\n        self._cb = []\n        self.a.b = 2\n        self._n += 1\n")
    assert {s.qualified_name: s.attribute_writes for s in method.symbols}["C.__init__"] == {"_cb": 3, "_n": 5}


def test_a_default_value_reads_the_enclosing_scope_even_under_a_parameter_of_its_name() -> None:
    # FastAPI's `api_key_header: str = Security(api_key_header)`: the default reads the module's
    # APIKeyHeader, though the parameter shadows it inside the body; a plain parameter does not.
    facts = extract_file("deps.py", textwrap.dedent("""
        api_key_header = object()


        def check(api_key_header: str = Security(api_key_header), label="a=b"):
            return api_key_header


        def plain(api_key_header):
            return api_key_header
    """).encode(), "python")
    by_name = {s.name: s for s in facts.symbols}
    assert "api_key_header" in by_name["check"].references
    assert "api_key_header" not in by_name["plain"].references
    assert "b" not in by_name["check"].references  # a string default reads nothing


def test_an_annotation_reads_the_enclosing_scope_even_under_a_parameter_of_its_name() -> None:
    # fastapi's tests (round 56): `dep3: Annotated[dict, Security(dep3, scopes=["scope3"])]` reads the module's
    # dep3 function, which the parameter shadows inside the body
    facts = extract_file("deps.py", textwrap.dedent("""
        async def dep3():
            return {}


        def get_scopes(dep3: Annotated[dict, Security(dep3, scopes=["scope3"])]):
            return dep3


        def plain(dep3: dict):
            return dep3
    """).encode(), "python")
    by_name = {s.name: s for s in facts.symbols}
    assert "dep3" in by_name["get_scopes"].references
    assert "dep3" not in by_name["plain"].references


def test_a_type_alias_written_as_a_string_names_the_types_in_it():
    # `X: TypeAlias = '...'` is a type, its quoted forward references included; a plain string value is not.
    facts = scan("from typing import Literal, TypeAlias\n\nLogical = Literal['and', 'or']\n"
                 "Tree: TypeAlias = 'list[\"Tree\" | Atom | Logical]'\nlabel = 'list[Unread]'\n")
    assert {"Tree", "Atom", "Logical"} <= set(facts.lookup_strings)
    assert "Unread" not in facts.lookup_strings
