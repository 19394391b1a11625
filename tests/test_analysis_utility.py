"""Utility verdicts on small real repositories: dead code, propagation, and the decoys."""

from __future__ import annotations

from pathlib import Path

from analysis_helpers import analyze, detail, verdict, write_repo

PYTHON_APP = {
    "pyproject.toml": """
        [project]
        name = "app"
        version = "1"
        [project.scripts]
        app = "app.cli:main"
    """,
    "app/__init__.py": """
        from .core import public_api

        __all__ = ["public_api"]
    """,
    "app/core.py": """
        def public_api(x):
            return _normalize(x)


        def _normalize(x):
            return x.strip()


        def legacy_export(rows):
            return [_legacy_row(r) for r in rows]


        def _legacy_row(row):
            return ",".join(row)


        def _never_called():
            return 1


        def only_tests_use_me():
            return 42
    """,
    "app/cli.py": """
        import importlib
        from .core import public_api
        from .handlers import Handler

        COMMANDS = {}


        def command(name):
            def register(func):
                COMMANDS[name] = func
                return func
            return register


        @command("greet")
        def greet_command():
            return public_api(" hi ")


        def main():
            plugins = importlib.import_module("app.plugins")
            hook = getattr(plugins, "on_start")
            handler = Handler()
            handler.handle_event({"type": "created"})
            return hook()


        def _after_return():
            return 1
            print("never")
    """,
    "app/plugins.py": """
        def on_start():
            return "started"


        def unrelated():
            return "nobody"
    """,
    "app/handlers.py": """
        class Base:
            def describe(self):
                return self.label()

            def label(self):
                return "base"


        class Handler(Base):
            def handle_event(self, event):
                method = getattr(self, "_on_" + event["type"])
                return method(event)

            def _on_created(self, event):
                return "created"

            def _on_deleted(self, event):
                return "deleted"

            def _stale_helper(self):
                return "stale"

            def label(self):
                return "handler"
    """,
    "app/jobs.py": """
        def vacuum():
            return "vacuumed"


        if __name__ == "__main__":
            vacuum()
    """,
    "tests/test_core.py": """
        from app.core import only_tests_use_me


        def test_only():
            assert only_tests_use_me() == 42
    """,
}


def test_python_dead_code_and_decoys(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, PYTHON_APP)
    core, cli, handlers = "app/core.py", "app/cli.py", "app/handlers.py"
    # defects
    assert verdict(evidence, core, "legacy_export", "utility") == "DEAD"
    assert detail(evidence, core, "legacy_export", "utility").startswith(
        "imported by 0 files; 0 references in its own file; no root reaches it (checked ")
    assert verdict(evidence, core, "_legacy_row", "utility") == "DEAD"  # only the dead legacy_export uses it
    assert "referenced only by dead code: legacy_export (app/core.py)" in detail(evidence, core, "_legacy_row", "utility")
    assert verdict(evidence, core, "_never_called", "utility") == "DEAD"
    assert verdict(evidence, "app/plugins.py", "unrelated", "utility") == "DEAD"
    assert verdict(evidence, handlers, "Handler._stale_helper", "utility") == "DEAD"
    # decoys
    assert verdict(evidence, core, "public_api", "utility") == "USED"
    assert verdict(evidence, core, "_normalize", "utility") == "USED"
    assert verdict(evidence, cli, "greet_command", "utility") == "USED"  # registered by @command(...)
    assert "@command" in detail(evidence, cli, "greet_command", "utility")
    assert verdict(evidence, cli, "main", "utility") == "USED"  # console script
    assert "entry point" in detail(evidence, cli, "main", "utility")
    assert verdict(evidence, "app/plugins.py", "on_start", "utility") == "USED"  # getattr(mod, "on_start")
    assert verdict(evidence, handlers, "Handler._on_created", "utility") == "USED"  # getattr(self, "_on_" + ...)
    assert verdict(evidence, handlers, "Handler._on_deleted", "utility") == "USED"
    assert verdict(evidence, handlers, "Handler.handle_event", "utility") == "USED"  # through an instance
    assert verdict(evidence, handlers, "Handler.label", "utility") == "USED"  # override of Base.label
    assert verdict(evidence, "app/jobs.py", "vacuum", "utility") == "USED"  # __main__ block
    assert verdict(evidence, core, "only_tests_use_me", "utility") == "USED"
    assert "used only by tests: tests/test_core.py" in detail(evidence, core, "only_tests_use_me", "utility")
    assert verdict(evidence, "tests/test_core.py", "test_only", "utility") == "USED"
    # unreachable code is a finding on its symbol
    unreachable = [f for f in evidence.findings_for(cli) if f.symbol == "_after_return"]
    assert len(unreachable) == 1 and unreachable[0].verdict == "DEAD" and unreachable[0].axis == "utility"
    assert (unreachable[0].line_start, unreachable[0].line_end) == (30, 30)  # print("never")


def test_a_file_that_stops_importing_a_symbol_makes_it_dead(tmp_path: Path) -> None:
    files = {
        "lib.py": "def shared():\n    return 1\n",
        "user.py": "from lib import shared\n\n\ndef run():\n    return shared()\n\n\nrun()\n",
    }
    assert verdict(analyze(tmp_path, files), "lib.py", "shared", "utility") == "USED"
    write_repo(tmp_path, {"user.py": "def run():\n    return 1\n\n\nrun()\n"})
    evidence = analyze(tmp_path)
    assert verdict(evidence, "lib.py", "shared", "utility") == "DEAD"
    assert detail(evidence, "lib.py", "shared", "utility").startswith("imported by 0 files; 0 references in its own file")


def test_barrel_reexport_of_a_subpackage_needs_an_importer(tmp_path: Path) -> None:
    files = {
        "pkg/__init__.py": "",
        "pkg/sub/__init__.py": "from .impl import used, unused\n",
        "pkg/sub/impl.py": "def used():\n    return 1\n\n\ndef unused():\n    return 2\n",
        "pkg/main.py": "from pkg.sub import used\n\nprint(used())\n",
    }
    evidence = analyze(tmp_path, files)
    assert verdict(evidence, "pkg/sub/impl.py", "used", "utility") == "USED"
    assert verdict(evidence, "pkg/sub/impl.py", "unused", "utility") == "DEAD"
    assert "re-exported by pkg/sub/__init__.py" in detail(evidence, "pkg/sub/impl.py", "unused", "utility")


def test_typescript_usage_through_barrels_namespaces_and_require(tmp_path: Path) -> None:
    files = {
        "package.json": '{"name": "demo", "main": "dist/index.js"}',
        "src/index.ts": "export { start } from './app';\n",
        "src/app.ts": """
            import { total } from './lib';
            import * as fmt from './format';
            import type { Options } from './types';

            export function start(options: Options): string {
              return fmt.money(total([1, 2]));
            }
        """,
        "src/lib/index.ts": "export * from './sum';\n",
        "src/lib/sum.ts": """
            export function total(values: number[]): number {
              return values.reduce((a, b) => a + b, 0);
            }

            export function average(values: number[]): number {
              return total(values) / values.length;
            }
        """,
        "src/format.ts": """
            export function money(value: number): string {
              return `$${value}`;
            }

            export function percent(value: number): string {
              return `${value}%`;
            }
        """,
        "src/types.ts": "export interface Options { verbose: boolean }\n\nexport interface Unused { x: number }\n",
        "src/legacy.js": """
            function helper() { return 1; }
            function orphan() { return 2; }
            module.exports = { helper };
        """,
        "src/consumer.js": "const { helper } = require('./legacy');\nconsole.log(helper());\n",
        "src/app.test.ts": """
            import { average } from './lib/sum';
            test('average', () => { expect(average([2, 4])).toBe(3); });
        """,
    }
    evidence = analyze(tmp_path, files)
    assert verdict(evidence, "src/app.ts", "start", "utility") == "USED"  # package.json main -> src/index.ts
    assert verdict(evidence, "src/lib/sum.ts", "total", "utility") == "USED"  # through export *
    assert verdict(evidence, "src/lib/sum.ts", "average", "utility") == "USED"
    assert "used only by tests" in detail(evidence, "src/lib/sum.ts", "average", "utility")
    assert verdict(evidence, "src/format.ts", "money", "utility") == "USED"  # namespace member
    assert verdict(evidence, "src/format.ts", "percent", "utility") == "DEAD"
    assert verdict(evidence, "src/types.ts", "Options", "utility") == "USED"  # type-only import
    assert verdict(evidence, "src/types.ts", "Unused", "utility") == "DEAD"
    assert verdict(evidence, "src/legacy.js", "helper", "utility") == "USED"  # require + destructuring
    assert verdict(evidence, "src/legacy.js", "orphan", "utility") == "DEAD"


def test_a_default_export_renamed_by_a_barrel_or_an_import_is_used(tmp_path: Path) -> None:
    # `export {default as List} from './List'` in an index, `import {default as Card} from './Card'`:
    # the keyword `default` names the module's default export in both
    files = {
        "package.json": '{"name": "app", "private": true, "scripts": {"start": "node src/main.jsx"}}',
        "src/components/index.js": "export {default as List} from './List';\nexport {default} from './Panel';\n",
        "src/components/List.jsx": "export default function List({items}) {\n  return <ul>{items}</ul>;\n}\n",
        "src/components/Panel.jsx": "export default function Panel() {\n  return <div />;\n}\n",
        "src/components/Card.jsx": "export default function Card() {\n  return <p />;\n}\n",
        "src/components/Stale.jsx": "export default function Stale() {\n  return <hr />;\n}\n",
        "src/main.jsx": ("import Panel, {List} from './components';\nimport {default as Card} from './components/Card';\n"
                         "console.log(<List items={[]} />, <Panel />, <Card />);\n"),
    }
    evidence = analyze(tmp_path, files)
    for path, name in (("src/components/List.jsx", "List"), ("src/components/Panel.jsx", "Panel"),
                       ("src/components/Card.jsx", "Card")):
        assert verdict(evidence, path, name, "utility") == "USED", (path, detail(evidence, path, name, "utility"))
    assert verdict(evidence, "src/components/Stale.jsx", "Stale", "utility") == "DEAD"


def test_a_type_read_through_a_namespace_import_and_a_types_only_star_is_used(tmp_path: Path) -> None:
    # `import * as common from './common'` then `type Datatype = common.Datatype | ...`, where common/index.ts
    # says `export type * from './data-types'`: the type annotation names one member of the namespace
    files = {
        "package.json": '{"name": "app", "private": true, "scripts": {"start": "node src/main.ts"}}',
        "src/common/data-types.ts": "export interface Datatype { a: number }\nexport interface Stale { b: number }\n",
        "src/common/index.ts": "export type * from './data-types'\n",
        "src/views.ts": "import * as common from './common'\nexport type Datatype = common.Datatype | string\n",
        "src/main.ts": "import type { Datatype } from './views'\nconst x: Datatype = 'a'\nconsole.log(x)\n",
    }
    evidence = analyze(tmp_path, files)
    assert verdict(evidence, "src/common/data-types.ts", "Datatype", "utility") == "USED"
    assert verdict(evidence, "src/common/data-types.ts", "Stale", "utility") == "DEAD"


def test_a_type_that_exports_itself_is_used_by_the_top_level_code_that_names_it(tmp_path: Path) -> None:
    # zipline's worker: `export type UploadWorkerData = ...` then, at the top level, `const { user } = workerData
    # as UploadWorkerData`. Exporting is not using (`module.exports = { helper }` reads helper for the export
    # alone), but a declaration that exports itself writes no reference to itself: this one is a use.
    files = {
        "package.json": '{"name": "app", "private": true, "scripts": {"start": "node src/worker.ts"}}',
        "src/worker.ts": "import { workerData } from 'worker_threads'\nexport type UploadWorkerData = { user: string }\n"
                         "const { user } = workerData as UploadWorkerData\nconsole.log(user)\n",
        "src/lib.js": "function helper() {\n  return 1\n}\nmodule.exports = { helper }\n",
    }
    evidence = analyze(tmp_path, files)
    assert verdict(evidence, "src/worker.ts", "UploadWorkerData", "utility") == "USED"
    assert verdict(evidence, "src/lib.js", "helper", "utility") == "DEAD"


def test_a_dead_recursive_function_says_its_only_reference_is_its_own_call(tmp_path: Path) -> None:
    # tracecat's `_serialize_temporal_exception` calls itself and nothing else calls it: dead, and the evidence
    # must not say "0 references", which a reader of the function sees is not so
    evidence = analyze(tmp_path, {
        "app/__init__.py": "",
        "app/__main__.py": "print(1)\n",
        "app/errors.py": "def _serialize(error):\n    if error.__cause__:\n        return [error, *_serialize(error.__cause__)]\n"
                         "    return [error]\n",
    })
    assert verdict(evidence, "app/errors.py", "_serialize", "utility") == "DEAD"
    assert "its own recursive call" in detail(evidence, "app/errors.py", "_serialize", "utility")


def test_a_bundle_named_after_its_package_is_built_from_its_entry(tmp_path: Path) -> None:
    # `"module": "./dist/floating-ui.react.esm.js"` of `@floating-ui/react`: a bundler's output named after
    # the package and its format, built from src/index.ts, whose exports are the package's API
    files = {
        "package.json": '{"name": "root", "private": true, "workspaces": ["packages/*"]}',
        "packages/react/package.json": '{"name": "@floating-ui/react", "module": "./dist/floating-ui.react.esm.js", '
                                       '"exports": {"./utils": "./dist/floating-ui.react.utils.esm.js"}}',
        "packages/react/src/index.ts": "export type * from './types'\n",
        "packages/react/src/types.ts": "export interface UseFloatingData { open: boolean }\n",
        "packages/react/src/utils.ts": "export const helper = () => 1\n",
    }
    evidence = analyze(tmp_path, files)
    assert verdict(evidence, "packages/react/src/types.ts", "UseFloatingData", "utility") == "USED"
    assert "floating-ui.react.esm.js" in detail(evidence, "packages/react/src/types.ts", "UseFloatingData", "utility")


def test_a_literal_false_block_in_a_typescript_test_is_a_type_test_not_dead_code(tmp_path: Path) -> None:
    files = {
        "package.json": '{"name": "lib", "main": "src/index.ts"}',
        "src/index.ts": "export function f(n: number): number {\n  if (false) {\n    return 0;\n  }\n  return n;\n}\n",
        "src/index.test.ts": ("import { f } from './index';\ntest('types', () => {\n  if (false) {\n"
                              "    // @ts-expect-error a string is no number\n    f('x');\n  }\n  expect(f(1)).toBe(1);\n});\n"),
    }
    evidence = analyze(tmp_path, files)
    assert [f.line_start for f in evidence.findings_for("src/index.test.ts") if f.rule == "dead/unreachable"] == []
    assert [f.line_start for f in evidence.findings_for("src/index.ts") if f.rule == "dead/unreachable"] == [2]


def test_a_handler_nested_in_a_component_named_like_a_type_lives_with_the_component(tmp_path: Path) -> None:
    # `type UpdateMongo` and the component `const UpdateMongo` share a name (TypeScript allows a type and a
    # value to): the handler nested in the component is the component's, not the type's
    files = {
        "package.json": '{"name": "app", "private": true, "main": "src/main.tsx"}',
        "src/Form.tsx": ("type UpdateMongo = { name: string };\nexport const UpdateMongo = () => {\n"
                         "  const onSubmit = async (data: UpdateMongo) => console.log(data);\n"
                         "  return <form onSubmit={handle(onSubmit)} />;\n};\n"),
        "src/main.tsx": "import { UpdateMongo } from './Form';\nconsole.log(<UpdateMongo />);\n",
    }
    evidence = analyze(tmp_path, files)
    assert verdict(evidence, "src/Form.tsx", "UpdateMongo.onSubmit", "utility") == "USED"


def test_low_value_identity_function(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "m.py": "def same(value):\n    return value\n\n\ndef real(value):\n    return value * 2\n\n\n"
                "print(same(1), real(2))\n",
    })
    assert verdict(evidence, "m.py", "same", "utility") == "LOW_VALUE"
    assert verdict(evidence, "m.py", "real", "utility") == "USED"


def test_find_usages_lists_importers_and_callers(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "lib.py": "def shared():\n    return 1\n",
        "user.py": "from lib import shared\n\n\ndef run():\n    return shared()\n",
    })
    assert evidence.find_usages("shared") == ["user.py:4 run() calls shared (lib.py)"]
    assert evidence.find_usages("nothing_here") == ["no project symbol named nothing_here"]
    assert evidence.called_internals("user.py", "run") == ["lib.py:shared"]


def test_library_decoys_public_all_orphan_module_and_cross_file_prefix(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "lib/__init__.py": "",
        "lib/codec.py": """
            __all__ = ["encode"]


            def encode(text):
                return text.encode()


            def stale(text):
                return text
        """,
        "lib/user.py": "from lib.codec import encode\n\nprint(encode('x'))\n",
        "lib/plugin.py": "def activate():\n    return 1\n\n\ndef _unused():\n    return 2\n",
        "lib/compat.py": """
            def defproperty(klass, name):
                return property(getattr(klass, "_get_" + name))
        """,
        "lib/node.py": """
            from lib.compat import defproperty


            class Node:
                def _get_name(self):
                    return "node"

                def _forgotten(self):
                    return 0


            Node.name = defproperty(Node, "name")
        """,
    })
    assert verdict(evidence, "lib/codec.py", "stale", "utility") == "DEAD"
    assert verdict(evidence, "lib/codec.py", "encode", "utility") == "USED"
    # a module of the package that nothing imports: a plugin or API, not dead code
    assert verdict(evidence, "lib/plugin.py", "activate", "utility") == "USED"
    assert "no project file imports lib/plugin.py" in detail(evidence, "lib/plugin.py", "activate", "utility")
    assert verdict(evidence, "lib/plugin.py", "_unused", "utility") == "DEAD"
    # "_get_" + name in another module reaches Node._get_name, not Node._forgotten
    assert verdict(evidence, "lib/node.py", "Node._get_name", "utility") == "USED"
    assert verdict(evidence, "lib/node.py", "Node._forgotten", "utility") == "DEAD"


# A library checked out on its own: the scanned directory is the package (like `click/`).
ROOT_PACKAGE_LIBRARY = {
    "__init__.py": """
        from .core import Widget as Widget
        from .helpers import render as render
    """,
    "core.py": """
        class Widget:
            def resize(self, width):
                return self._clamp(width)

            def _clamp(self, width):
                return max(width, 0)

            def _forgotten(self):
                return "never called"


        class Internal:
            def tick(self):
                return 1
    """,
    "helpers.py": """
        def render(widget):
            return repr(widget)


        def _stale_format(value):
            return str(value)
    """,
    "testing.py": """
        from .core import Widget


        class Runner:
            def invoke(self):
                return Widget().resize(3)
    """,
    "_impl.py": """
        def undocumented_helper():
            return 1
    """,
}


def test_a_root_that_is_a_package_offers_its_reexports_as_public_api(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, ROOT_PACKAGE_LIBRARY)
    assert verdict(evidence, "core.py", "Widget", "utility") == "USED"
    assert verdict(evidence, "helpers.py", "render", "utility") == "USED"  # re-exported, called by nothing
    assert "public API of the package" in detail(evidence, "helpers.py", "render", "utility")
    # a public module nothing imports (`pkg.testing`): users may import it
    assert verdict(evidence, "testing.py", "Runner", "utility") == "USED"
    assert "public, unused in this repository: public name of public module testing.py of a library" in detail(
        evidence, "testing.py", "Runner", "utility")
    assert evidence.for_symbol("testing.py", "Runner")["utility"].confidence == 50
    assert evidence.for_symbol("testing.py", "Runner")["utility"].report is False  # reported apart, never DEAD
    assert verdict(evidence, "testing.py", "Runner.invoke", "utility") == "USED"
    # a private module nothing imports is not library API
    assert verdict(evidence, "_impl.py", "undocumented_helper", "utility") == "DEAD"


def test_public_methods_of_a_library_class_are_used_private_helpers_are_not(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, ROOT_PACKAGE_LIBRARY)
    assert verdict(evidence, "core.py", "Widget.resize", "utility") == "USED"  # nothing here calls it
    assert "public method of public class Widget (library API" in detail(evidence, "core.py", "Widget.resize",
                                                                         "utility")
    assert evidence.for_symbol("core.py", "Widget.resize")["utility"].confidence < 85
    assert verdict(evidence, "core.py", "Widget._clamp", "utility") == "USED"
    assert verdict(evidence, "core.py", "Widget._forgotten", "utility") == "DEAD"
    assert detail(evidence, "core.py", "Widget._forgotten", "utility").startswith("private and never referenced")
    assert verdict(evidence, "helpers.py", "_stale_format", "utility") == "DEAD"
    # a public class of an imported module that neither the API nor the project uses
    # is a library's public API: never DEAD, reported apart (no finding)
    internal = evidence.for_symbol("core.py", "Internal")["utility"]
    assert (internal.verdict, internal.report) == ("USED", False)
    assert internal.detail.startswith("public, unused in this repository: public name of public module core.py "
                                      "of a library (public API: package `the scanned folder` offers 2 names")


def test_an_application_keeps_unexported_uncalled_public_code_dead(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "pyproject.toml": '[project]\nname = "tool"\nversion = "1"\n[project.scripts]\ntool = "tool.cli:main"\n',
        "tool/__init__.py": "from .models import Exported\n\n__all__ = ['Exported']\n",
        "tool/models.py": """
            class Exported:
                def shown(self):
                    return 1


            class Hidden:
                def used(self):
                    return 2

                def never_called(self):
                    return 3


            def never_called_function():
                return 4
        """,
        "tool/cli.py": """
            from .models import Hidden


            def main():
                return Hidden().used()
        """,
    })
    models = "tool/models.py"
    assert verdict(evidence, models, "never_called_function", "utility") == "DEAD"
    assert detail(evidence, models, "never_called_function", "utility").startswith(
        "imported by 0 files; 0 references in its own file")  # an application: full confidence
    assert "project: application (entry point tool.cli:main in pyproject.toml)" in detail(
        evidence, models, "never_called_function", "utility")
    assert verdict(evidence, models, "Hidden.never_called", "utility") == "DEAD"
    assert verdict(evidence, models, "Hidden.used", "utility") == "USED"
    # exported from the top-level API: its users call its public methods
    assert verdict(evidence, models, "Exported.shown", "utility") == "USED"
    assert "public method of public class Exported" in detail(evidence, models, "Exported.shown", "utility")


def test_function_level_imports_bind_only_inside_their_function(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "pkg/__init__.py": "from .ui import getchar, pager\n",
        "pkg/_impl.py": """
            def getchar():
                return "c"


            def raw_terminal():
                return "raw"


            def pager():
                return "impl pager"
        """,
        "pkg/ui.py": """
            def getchar():
                from ._impl import getchar as f
                return f()


            def raw():
                from ._impl import raw_terminal as f
                return f()


            def pager():
                from ._impl import pager
                return pager()
        """,
    })
    assert verdict(evidence, "pkg/_impl.py", "getchar", "utility") == "USED"  # not shadowed by raw()'s f
    assert verdict(evidence, "pkg/_impl.py", "pager", "utility") == "USED"  # the local import shadows ui.pager


def test_commonjs_values_computed_requires_and_symbol_keyed_methods_are_used(tmp_path) -> None:
    """npm-style CommonJS: `module.exports = Class`, `require("./x")(args)`, commands loaded by
    `require(`./commands/${name}`)`, and a `[util.inspect.custom]` method: none of them dead."""
    from pathlib import Path

    from reviewer.analysis.project import analyze_project
    from reviewer.config import Config
    from reviewer.scan import scan_repository

    files = {
        "package.json": '{"name": "tool", "bin": {"tool": "bin/tool.js"}}',
        "bin/tool.js": 'const Tool = require("../lib/tool.js")\nnew Tool().run(process.argv[2])\n',
        "lib/base.js": "class Base {\n  run () { return 1 }\n}\nmodule.exports = Base\n",
        "lib/tool.js": (
            'const Base = require("./base.js")\n'
            "class Tool extends Base {\n"
            "  run (name) {\n"
            "    const Cmd = require(`./commands/${name}`)\n"
            '    return require("./suggest.js")(name) || new Cmd()\n'
            "  }\n"
            "  [Symbol.iterator] () { return [].values() }\n"
            "}\nmodule.exports = Tool\n"
        ),
        "lib/suggest.js": "const suggest = (name) => name.trim()\nmodule.exports = suggest\n",
        "lib/commands/hello.js": "class Hello {\n  exec () { return 'hi' }\n}\nmodule.exports = Hello\n",
        "lib/orphan.js": "function orphan () { return 2 }\nmodule.exports = orphan\n",
    }
    for rel, text in files.items():
        path = Path(tmp_path) / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    scan = scan_repository(Path(tmp_path), Config())
    evidence = analyze_project(scan, Path(tmp_path), Config())

    def utility(path: str, name: str) -> str:
        return evidence.for_symbol(path, name)["utility"].verdict

    assert utility("lib/base.js", "Base") == "USED"
    assert utility("lib/suggest.js", "suggest") == "USED"
    assert utility("lib/commands/hello.js", "Hello") == "USED"
    assert utility("lib/tool.js", "Tool.[Symbol.iterator]") == "USED"
    assert utility("lib/orphan.js", "orphan") == "DEAD"


def test_a_monorepo_package_s_verdict_names_its_own_manifest_first(tmp_path: Path) -> None:
    # hoppscotch (round 59): a DEAD candidate in the private app package said "project: library (public API:
    # packages/codemirror-lang-graphql/package.json exports ...)", another package's manifest.
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "root", "private": true, "workspaces": ["packages/*"]}',
        "packages/lang/package.json": '{"name": "lang", "exports": {".": "./src/index.js"}}',
        "packages/lang/src/index.js": "export function parse() { return 1 }\n",
        "packages/app/package.json": '{"name": "app", "private": true, "scripts": {"start": "node src/main.js"}}',
        "packages/app/src/main.js": "import { helper } from './util.js'\nhelper()\n",
        "packages/app/src/util.js": "export function helper() { return 1 }\nfunction orphan() { return 2 }\n",
    })
    said = detail(evidence, "packages/app/src/util.js", "orphan", "utility")
    assert verdict(evidence, "packages/app/src/util.js", "orphan", "utility") == "DEAD"
    project = said.split("project: ", 1)[1]
    assert "application (" in project
    assert "packages/app/package.json" in project.split("application (", 1)[1].split(")", 1)[0], project


def test_a_verdict_names_its_own_python_package_first(tmp_path: Path) -> None:
    # pygal (round 61): "project: library (public API: package `demo/moulinrouge` offers 21 names ...)" on a
    # verdict of pygal/graph.py, the demo app's package sorting first.
    evidence = analyze(tmp_path, {
        "setup.py": "from setuptools import setup\nsetup(name='pygal', packages=['pygal'])\n",
        "demo/moulinrouge/__init__.py": "def create_app():\n    return 1\n",
        "pygal/__init__.py": "from pygal.graph import Graph\n",
        "pygal/graph.py": "class Graph:\n    pass\n\n\ndef _orphan():\n    return 2\n",
    })
    said = detail(evidence, "pygal/graph.py", "_orphan", "utility")
    assert said.split("project: ", 1)[1].startswith("library (public API: package `pygal` offers"), said
