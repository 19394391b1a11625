"""Dead-code and test findings a maintainer can trust: each false-positive class measured on
real code (issue 10) as a small repository, plus confidence, cascades and the floor."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from analysis_helpers import analyze, detail, verdict
from reviewer.analysis.roots import type_checked_tests
from reviewer.config import Config
from reviewer.scan import scan_repository

APP = {"manage.py": "import sys\n\nprint(sys.argv)\n"}  # a declared start: an application


def _config_texts(root: Path) -> dict[str, str]:
    """The texts besides the code the scan reads for the analysis (ScanResult.config_files)."""
    return scan_repository(root, Config(), workers=1).config_files


def test_names_tools_read_by_convention_are_alive(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **APP,
        # each tool's rules are on because the project uses it (frameworks/: enabled_by)
        "requirements.txt": "sphinx\nalembic\nasv\ncoverage\ndjango\n",
        "docs/conf.py": "project = 'x'\nextensions = []\nhtml_theme = 'alabaster'\n",
        "app/__init__.py": "",
        "app/migrations/versions/0001_init.py": "revision = 'a1'\ndown_revision = None\n\n\ndef upgrade():\n"
                                                "    pass\n\n\ndef downgrade():\n    pass\n",
        "benchmarks/bench_parse.py": "class TimeSuite:\n    def setup(self):\n        self.d = 1\n\n"
                                     "    def time_parse(self):\n        return self.d\n",
        "app/ext.py": "def load_ipython_extension(ipython):\n    return ipython\n\n\n__author__ = 'me'\n",
        "app_coverage.py": "def coverage_init(reg, options):\n    return reg\n",  # .coveragerc: plugins = app_coverage
        "tests/urls_invalid.py": "urlpatterns = []\n",  # @override_settings(ROOT_URLCONF="tests.urls_invalid")
        # black's formatter inputs, read as text: an unused import or a line after `return` is their content
        "tests/data/cases/comments.py": "import os\n\n\ndef f(a,b):\n  return a\n  print(b)\n",
    })
    assert not [f for f in evidence.findings if f.path == "tests/data/cases/comments.py"]
    for path, name in (("docs/conf.py", "html_theme"), ("app/migrations/versions/0001_init.py", "upgrade"),
                       ("app/migrations/versions/0001_init.py", "revision"),
                       ("benchmarks/bench_parse.py", "TimeSuite.time_parse"),
                       ("app/ext.py", "load_ipython_extension"), ("app/ext.py", "__author__"),
                       ("app_coverage.py", "coverage_init"),
                       ("tests/urls_invalid.py", "urlpatterns"), ("tests/data/cases/comments.py", "f")):
        assert verdict(evidence, path, name, "utility") == "USED", (path, name)
        assert "by convention" in detail(evidence, path, name, "utility") or name == "TimeSuite.time_parse"


def test_javascript_conventions_routes_stories_and_lazy_routes(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "web", "private": true, "dependencies": {"next": "14", "react-router": "6"},'
                        ' "devDependencies": {"@storybook/react": "8"}}',
        "app/dashboard/page.tsx": "export default function Page() { return null }\n"
                                  "export function generateMetadata() { return {} }\n",
        "src/button.stories.tsx": "const meta = { title: 'B' }\nexport default meta\nexport const Primary = {}\n",
        "src/router.tsx": "export const routes = [{ lazy: () => import('./routes/users').then(convert) }]\n"
                          "function convert(m) { return m }\n",
        "src/routes/users.tsx": "const UsersRoute = () => null\nexport default UsersRoute\n",
        "gatsby-node.js": "exports.createPages = async ({ actions }) => actions.createPage({ path: '/' })\n"
                          "function unusedHelper() { return 1 }\n",
        "netlify/functions/hello.js": "export async function handler() { return { statusCode: 200 } }\n",
    })
    assert verdict(evidence, "gatsby-node.js", "createPages", "utility") == "USED"
    assert verdict(evidence, "gatsby-node.js", "unusedHelper", "utility") == "DEAD"  # not exported: not read
    assert verdict(evidence, "netlify/functions/hello.js", "handler", "utility") == "USED"
    assert verdict(evidence, "app/dashboard/page.tsx", "generateMetadata", "utility") == "USED"
    assert verdict(evidence, "src/button.stories.tsx", "Primary", "utility") == "USED"
    assert verdict(evidence, "src/routes/users.tsx", "UsersRoute", "utility") == "USED"


def test_a_class_expression_assigned_in_place_and_a_name_read_by_a_dynamic_import(tmp_path: Path) -> None:
    # execa's tests: `globalThis.Promise = class BrokenPromise {...}` at load, and
    # `await import(new URL(optionsFixture, NESTED_URL))` reading a module constant.
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "t", "private": true, "main": "src/index.js"}',
        "src/index.js": "import './override.js'\nimport { load } from './nested.js'\nload('a')\n",
        "src/override.js": "globalThis.Promise = class BrokenPromise {\n  then() { return 1 }\n}\n"
                           "class Forgotten {}\n",
        "src/nested.js": "const NESTED_URL = new URL('nested/', import.meta.url)\n"
                         "export async function load(name) {\n  return import(new URL(name, NESTED_URL))\n}\n",
    })
    assert verdict(evidence, "src/override.js", "BrokenPromise", "utility") == "USED"
    assert verdict(evidence, "src/override.js", "Forgotten", "utility") == "DEAD"
    assert verdict(evidence, "src/nested.js", "NESTED_URL", "utility") == "USED"


def test_files_loaded_by_path_examples_and_a_monorepo_package_built_to_dist(tmp_path: Path) -> None:
    # formik: `path.join(__dirname, './src/lib/docs/md-loader')` registers a webpack loader; each
    # examples/*.js exports the component the docs link to; packages/formik/package.json's
    # `main: dist/index.js` is built from packages/formik/src/index.tsx.
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "root", "private": true}',
        "website/next.config.js": "const path = require('path')\nmodule.exports = { loaders: [path.join(__dirname, './src/md-loader')] }\n",
        "website/src/md-loader.js": "module.exports = function loader(source) { return source }\n",
        "website/src/unused.js": "export function nobody() { return 1 }\n",
        "examples/Basic.js": "const Basic = () => null\nexport default Basic\nfunction helper() { return 2 }\n",
        "packages/lib/package.json": '{"name": "lib", "main": "dist/index.js", "typings": "dist/index.d.ts"}',
        "packages/lib/src/index.tsx": "export * from './Field'\n",
        "packages/lib/src/Field.tsx": "export function useField() { return 1 }\n",
    })
    assert verdict(evidence, "website/src/md-loader.js", "loader", "utility") == "USED"
    assert verdict(evidence, "website/src/unused.js", "nobody", "utility") == "DEAD"
    assert verdict(evidence, "examples/Basic.js", "Basic", "utility") == "USED"
    assert verdict(evidence, "examples/Basic.js", "helper", "utility") == "DEAD"
    assert verdict(evidence, "packages/lib/src/Field.tsx", "useField", "utility") == "USED"


def test_a_workspace_package_built_to_a_flavour_folder_offers_its_exports(tmp_path: Path) -> None:
    # A published package whose build writes one folder per flavour (`dist/prod/index.js`,
    # `dist/dev/index.js`) beside a private docs site: the package's `export *` modules are its API.
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "mono", "private": true, "workspaces": ["packages/*", "docs"]}',
        "docs/package.json": '{"name": "docs", "private": true}',
        "packages/math/package.json": '{"name": "@x/math", "main": "./dist/prod/index.js", "exports": {".": '
                                      '{"development": "./dist/dev/index.js", "default": "./dist/prod/index.js"}}}',
        "packages/math/src/index.ts": "export * from './range'\n",
        "packages/math/src/range.ts": "export function rangeIncludes(a: number) { return a }\n"
                                      "function unusedLocal() { return 2 }\n",
    })
    assert verdict(evidence, "packages/math/src/range.ts", "rangeIncludes", "utility") == "USED"
    assert verdict(evidence, "packages/math/src/range.ts", "unusedLocal", "utility") == "DEAD"


# Roots measured at first contact in the twelfth pass: one small repository per case, then the
# verdict of each symbol that case names ((path, qualified name) -> verdict).
JS_LIBRARY = {"package.json": '{"name": "lib", "exports": {".": "./src/index.ts"}}'}
FIRST_CONTACT_ROOTS = [
    # TypeScript-Node-Starter: `"serve": "node dist/server.js"` runs src/server.ts once built (tsc's outDir),
    # whose `const server = app.listen(...)` is the application's start; `ts-node copyStaticAssets.ts`
    # runs a build script; an application's unused export is no API.
    pytest.param({
        "package.json": '{"name": "starter", "version": "0.1.0", "scripts": {"start": "npm run serve",'
                        ' "serve": "node -r dotenv/config dist/server.js", "build": "tsc && ts-node copyStaticAssets.ts",'
                        ' "test": "jest --forceExit"}}',
        "src/server.ts": "import app from './app'\nconst server = app.listen(3000)\nexport default server\n",
        "src/app.ts": "const app = { listen: (port: number) => port }\nexport default app\n",
        "src/util/unused.ts": "export function nobody() { return 1 }\n",
        "copyStaticAssets.ts": "function copy() { return 2 }\ncopy()\n",
    }, {("src/server.ts", "server"): "USED", ("src/app.ts", "app"): "USED", ("copyStaticAssets.ts", "copy"): "USED",
        ("src/util/unused.ts", "nobody"): "DEAD"}, id="files-npm-scripts-run"),
    # htm: `microbundle src/index.mjs -o ./mini/index.js --alias ./constants.mjs=./constants-mini.mjs` builds the
    # mini bundle with src/constants-mini.mjs wherever src/ imports ./constants.mjs.
    pytest.param({
        "package.json": '{"name": "htm", "version": "1.0.0", "module": "dist/htm.module.js", "scripts": {"build": '
                        '"microbundle src/index.mjs", "build:mini": "microbundle src/index.mjs -o ./mini/index.js '
                        '--alias ./constants.mjs=./constants-mini.mjs"}}',
        "src/index.mjs": "import { MINI } from './constants.mjs'\nexport default function htm() { return MINI }\n",
        "src/constants.mjs": "export const MINI = false\n",
        "src/constants-mini.mjs": "export const MINI = true\n",
        "src/unused.mjs": "const nobody = () => 1\n",
    }, {("src/constants-mini.mjs", "MINI"): "USED", ("src/unused.mjs", "nobody"): "DEAD"}, id="files-build-alias"),
    # saas-starter: `import * as schema from './schema'` then `drizzle(client, { schema })`: drizzle reads the
    # relations it is given; an exported type is no value of that object; a test reads the members it checks,
    # whatever the scan makes of its type annotations.
    pytest.param({
        "package.json": '{"name": "app", "private": true, "main": "src/index.ts"}',
        "src/index.ts": "import { db } from './db'\nimport * as util from './util'\nconsole.log(db, util.used())\n",
        "src/db.ts": "import * as schema from './schema'\nexport const db = connect({ schema })\n",
        "src/schema.ts": "export const users = table('users')\nexport const usersRelations = relations(users)\n"
                         "export type User = { id: number }\n",
        "src/util.ts": "export function used() { return 1 }\nexport function unused() { return 2 }\n",
        "tests/util.test.ts": "import * as util from '../src/util'\ntest('x', () => { expect(util).toBeDefined() })\n",
    }, {("src/schema.ts", "usersRelations"): "USED", ("src/schema.ts", "User"): "DEAD",
        ("src/util.ts", "unused"): "DEAD"}, id="namespace-handed-on-whole"),
    # A schema folder's index re-exports every table file (`export * from "./categories"`): the namespace
    # handed on holds their values too (drizzle's `relations()` objects, read by `db.query.x.findMany({ with
    # })`), not their types nor a default export. Handed to a call, spread, or read by Object.values alike.
    pytest.param({
        "package.json": '{"name": "app", "private": true, "main": "src/index.ts"}',
        "src/index.ts": "import { db } from './db'\nimport { a, b, c } from './other'\nconsole.log(db, a, b, c)\n",
        "src/db.ts": "import * as schema from './schema'\nexport const db = drizzle(client, { schema })\n",
        "src/schema/index.ts": "export * from './categories'\nexport * from './more'\n",
        "src/schema/more.ts": "export * from './categories'\nexport default function unusedDefault() { return 1 }\n",
        "src/schema/categories.ts": "export const categories = table('categories')\n"
                                    "export const categoriesRelations = relations(categories)\n"
                                    "export type NewCategory = typeof categories.$inferInsert\n",
        "src/other.ts": "import * as s1 from './s1'\nimport * as s2 from './s2'\nimport * as s3 from './s3'\n"
                        "export const a = f(s1)\nexport const b = { ...s2 }\nexport const c = Object.values(s3)\n",
        "src/s1.ts": "export * from './s1/inner'\n",
        "src/s1/inner.ts": "export const one = 1\n",
        "src/s2.ts": "export * from './s2/inner'\n",
        "src/s2/inner.ts": "export const two = 2\n",
        "src/s3.ts": "export * from './s3/inner'\n",
        "src/s3/inner.ts": "export const three = 3\n",
    }, {("src/schema/categories.ts", "categoriesRelations"): "USED", ("src/schema/categories.ts", "NewCategory"): "DEAD",
        ("src/schema/more.ts", "unusedDefault"): "DEAD", ("src/s1/inner.ts", "one"): "USED",
        ("src/s2/inner.ts", "two"): "USED", ("src/s3/inner.ts", "three"): "USED"}, id="namespace-handed-on-through-star"),
    # ts-pattern's patterns: a function builds an object literal whose member shares the imported helper's
    # name (`getSelectionKeys: () => getSelectionKeys(pattern)`): the call reads the import, not the member.
    pytest.param({
        **JS_LIBRARY,
        "src/index.ts": "import { getKeys } from './helpers'\n\nexport function optional(p: any) {\n"
                        "  return {\n    match: (v: any) => getKeys(p).length > 0,\n    getKeys: () => getKeys(p),\n  }\n}\n",
        "src/helpers.ts": "export const getKeys = (p: any): string[] => Object.keys(p)\nexport const unused = () => 1\n",
    }, {("src/helpers.ts", "getKeys"): "USED", ("src/helpers.ts", "unused"): "DEAD"}, id="object-member-named-like-an-import"),
    # A Python module handed on whole: a migration runner walks `module.__dict__` for `m001_*` names. The
    # module read only through its attributes keeps the per-name verdicts.
    pytest.param({
        "app/__init__.py": "",
        "app/__main__.py": "from app.main import main\n\nmain()\n",
        "app/migrations.py": "def m000_table(db):\n    return 0\n\n\ndef m001_initial(db):\n    return 1\n",
        "app/helpers.py": "def used():\n    return 1\n\n\ndef unused():\n    return 2\n",
        "app/main.py": "import re\n\nfrom app import helpers\nfrom app import migrations as core_migrations\n\n\n"
                       "def run(module):\n    for key, fn in list(module.__dict__.items()):\n"
                       "        if re.match(r'^m\\d{3}_', key):\n            fn(None)\n\n\n"
                       "def main():\n    core_migrations.m000_table(None)\n    run(core_migrations)\n    helpers.used()\n",
    }, {("app/migrations.py", "m001_initial"): "USED", ("app/helpers.py", "unused"): "DEAD"},
        id="python-module-handed-on-whole"),
    # click's testing.py patches `utils.should_strip_ansi = fake` and puts it back: writing an attribute of
    # a module is no read of the module object; its other functions keep their own verdicts.
    pytest.param({
        "app/__init__.py": "",
        "app/__main__.py": "from app.runner import isolation\n\nisolation(print)\n",
        "app/utils.py": "def should_strip(text):\n    return False\n\n\ndef used():\n    return 1\n\n\n"
                        "def _forgotten():\n    return 2\n",
        "app/runner.py": "from app import utils\n\n\ndef isolation(fake):\n    old = utils.should_strip\n"
                         "    utils.should_strip = fake\n    try:\n        return utils.used()\n    finally:\n"
                         "        utils.should_strip = old\n",
    }, {("app/utils.py", "used"): "USED", ("app/utils.py", "_forgotten"): "DEAD"},
        id="python-module-patched-is-not-handed-on"),
    # zod v3: index.ts `export * from "./external.js"`, external.ts `export * from "./types.js"`, types.ts
    # `export { dateType as date }`: two stars deep, still the package's public API.
    pytest.param({
        **JS_LIBRARY,
        "src/index.ts": 'export * from "./external.js"\n',
        "src/external.ts": 'export * from "./types.js"\nexport * from "./helpers/util.js"\n',
        "src/types.ts": "const dateType = () => new Date()\nexport { dateType as date }\n"
                        "const forgotten = () => 1\nexport default function main() { return 2 }\n",
        "src/helpers/util.ts": "export function isAny(x: unknown) { return true }\n",
    }, {("src/types.ts", "dateType"): "USED", ("src/helpers/util.ts", "isAny"): "USED",
        ("src/types.ts", "forgotten"): "DEAD"}, id="export-star-chain"),
    # zod v4: core/index.ts `export * as regexes from "./regexes.js"` (users write `z.regexes.uuid4`),
    # classic/external.ts `import * as util ...` then `export { util }`.
    pytest.param({
        **JS_LIBRARY,
        "src/index.ts": 'export * as regexes from "./regexes.js"\nimport * as util from "./util.js"\nexport { util }\n',
        "src/regexes.ts": "export const uuid4 = /x/\n",
        "src/util.ts": "export function assertIs(x: unknown) { return x }\nfunction hidden() { return 1 }\n",
    }, {("src/regexes.ts", "uuid4"): "USED", ("src/util.ts", "assertIs"): "USED", ("src/util.ts", "hidden"): "DEAD"},
        id="exported-namespace"),
    # zod v3: `protected _regex(...)` of the exported ZodString, for user subclasses; `private` stays hidden.
    pytest.param({
        **JS_LIBRARY,
        "src/index.ts": "export class ZodString {\n  protected _regex(re: RegExp) { return re }\n"
                        "  private _unused() { return 1 }\n}\n",
    }, {("src/index.ts", "ZodString._regex"): "USED", ("src/index.ts", "ZodString._unused"): "DEAD"},
        id="protected-member"),
    # zod's bench/property-access.ts: `metabench("...", { objA() { objA.value } })` reads the module's
    # `objA`; an object literal binds no name for the code inside it.
    pytest.param({
        "package.json": '{"name": "bench", "private": true, "main": "src/run.ts"}',
        "src/run.ts": "export const objA = { value: 1 }\nconst unusedObj = { value: 2 }\nconst bench = suite({\n"
                      "  objA() {\n    objA.value;\n  },\n  unusedObj() {\n    return 3\n  },\n})\nbench.run()\n",
    }, {("src/run.ts", "objA"): "USED", ("src/run.ts", "unusedObj"): "DEAD"}, id="object-literal-member"),
    # zod: packages/integration's `"test:built": "tsc --project fixtures/internal-types/tsconfig.bundler.json"`
    # compiles fixtures whose every declaration is a type assertion (`const _schema = z.string()`).
    pytest.param({
        "package.json": '{"name": "root", "private": true}',
        "packages/integration/package.json": '{"name": "i", "private": true, "scripts": {"test:built": '
                                             '"tsc --project fixtures/internal-types/tsconfig.json && echo ok"}}',
        "packages/integration/fixtures/internal-types/tsconfig.json": "{}",
        "packages/integration/fixtures/internal-types/index.ts": "const _schema = make()\nexport const exported = 1\n",
        "packages/integration/fixtures/other/index.ts": "const _unchecked = make()\n",
    }, {("packages/integration/fixtures/internal-types/index.ts", "_schema"): "USED",
        ("packages/integration/fixtures/other/index.ts", "_unchecked"): "DEAD"}, id="tsc-project-fixtures"),
    # pdoc's web server: http.server calls `do_` + the request's method, cmd.Cmd `do_` + the command,
    # ast visitors `visit_` + the node's class; none of them defines those methods.
    pytest.param({
        **APP,
        "web.py": "import ast\nimport http.server\n\n\nclass DocHandler(http.server.BaseHTTPRequestHandler):\n"
                  "    def do_GET(self):\n        return 1\n\n    def unused(self):\n        return 2\n\n\n"
                  "class Names(ast.NodeVisitor):\n    def visit_Name(self, node):\n        return node\n\n\n"
                  "http.server.HTTPServer(('', 0), DocHandler)\nNames().visit(ast.parse('x'))\n",
    }, {("web.py", "DocHandler.do_GET"): "USED", ("web.py", "Names.visit_Name"): "USED", ("web.py", "DocHandler.unused"): "DEAD"},
        id="stdlib-dispatch-by-name"),
    # datasette's docs run `[[[cog from metadata_doc import config_example ... ]]]` blocks (`cog -r docs/*.rst`).
    pytest.param({
        **APP,
        "docs/metadata_doc.py": "def config_example(cog, text):\n    cog.out(text)\n\n\ndef forgotten():\n    return 1\n",
        "docs/config.rst": "Config\n======\n\n.. [[[cog\n    from metadata_doc import config_example\n"
                           "    config_example(cog, 'x')\n.. ]]]\n.. [[[end]]]\n",
    }, {("docs/metadata_doc.py", "config_example"): "USED", ("docs/metadata_doc.py", "forgotten"): "DEAD"},
        id="cog-blocks-of-docs-pages"),
]


@pytest.mark.parametrize("files, expected", FIRST_CONTACT_ROOTS)
def test_roots_found_at_first_contact(tmp_path: Path, files: dict[str, str], expected: dict) -> None:
    evidence = analyze(tmp_path, files)
    assert {key: verdict(evidence, *key, "utility") for key in expected} == expected


def test_a_fixture_folder_tsc_checks_says_which_script_checks_it(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "package.json").write_text(json.dumps({"scripts": {"t": "tsc -p fixtures/types/tsconfig.json"}}))
    (tmp_path / "pkg" / "src.ts").write_text("export const x = 1\n")
    assert "tsc --project fixtures/types/tsconfig.json" in type_checked_tests(_config_texts(tmp_path))["pkg/fixtures/types"]


def test_a_folder_a_test_script_compiles_is_type_tests_but_the_package_is_not(tmp_path: Path) -> None:
    # reselect (round 56): `"test:typescript": "tsc --noEmit -p typescript_test/tsconfig.json"`; a `typecheck`
    # script compiling the package's own tsconfig checks the code, which runs anyway
    (tmp_path / "package.json").write_text(json.dumps({"scripts": {
        "test:typescript": "tsc --noEmit -p typescript_test/tsconfig.json",
        "typecheck": "tsc --noEmit -p tsconfig.json", "build": "tsc -p src/tsconfig.build.json"}}))
    found = type_checked_tests(_config_texts(tmp_path))
    assert list(found) == ["typescript_test"] and "scripts.test:typescript" in found["typescript_test"]


def test_a_source_file_a_documentation_page_includes_is_shown_to_readers(tmp_path: Path) -> None:
    # fastapi-users: docs/configuration/oauth.md has `--8<-- "docs/src/db_sqlalchemy_oauth.py"`.
    evidence = analyze(tmp_path, {
        "manage.py": "import sys\n\nprint(sys.argv)\n",
        "docs/src/db_oauth.py": "def get_user_db():\n    return 1\n",
        "docs/src/orphan.py": "def forgotten():\n    return 2\n",
        "docs/configuration/oauth.md": '# OAuth\n\n```py\n--8<-- "docs/src/db_oauth.py"\n```\n',
        "docs/api.rst": "API\n===\n\n.. literalinclude:: ../examples/app.py\n",
        "examples/app.py": "def create_app():\n    return 3\n",
        # fastapi-utils (round 45): markdown-include's `{!./src/x.py!}`, its base path docs/
        "docs/user-guide/basics/camelcase.md": "# Camel case\n\n```python\n{!./src/camelcase2.py!}\n```\n",
        "docs/src/camelcase2.py": "class Base:\n    pass\n",
    })
    assert verdict(evidence, "docs/src/camelcase2.py", "Base", "utility") == "USED"
    assert verdict(evidence, "docs/src/db_oauth.py", "get_user_db", "utility") == "USED"
    assert "shown in the documentation (docs/configuration/oauth.md" in detail(evidence, "docs/src/db_oauth.py",
                                                                                "get_user_db", "utility")
    assert verdict(evidence, "examples/app.py", "create_app", "utility") == "USED"


def test_tsconfig_paths_of_a_nested_frontend(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "frontend/package.json": '{"name": "web", "private": true}',
        "frontend/tsconfig.json": '{"compilerOptions": {"baseUrl": ".", "paths": {"@/*": ["./src/*"]}}}',
        "frontend/src/main.ts": "import { helper } from '@/lib/util'\nhelper()\n",
        "frontend/src/lib/util.ts": "export function helper() { return 1 }\n",
    })
    assert verdict(evidence, "frontend/src/lib/util.ts", "helper", "utility") == "USED"


def test_private_hash_methods_called_on_a_local_instance(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "lib", "exports": "./source/index.ts"}',
        "source/index.ts": "export class Ky {\n  static create() {\n    const ky = new Ky()\n"
                           "    return ky.#fetch()\n  }\n  #fetch() { return 1 }\n}\n",
    })
    assert verdict(evidence, "source/index.ts", "Ky.#fetch", "utility") == "USED"


def test_library_public_names_are_never_dead(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "pkg/__init__.py": "from .api import get as get\n\n__all__ = ['get']\n",
        "pkg/api.py": "def get():\n    return 1\n",
        "pkg/utils.py": "def documented_helper():\n    return 2\n\n\nclass Auth:\n    def __call__(self, r):\n"
                        "        return r\n",
    })
    helper = evidence.for_symbol("pkg/utils.py", "documented_helper")["utility"]
    assert (helper.verdict, helper.report) == ("USED", False)
    assert helper.detail.startswith("public, unused in this repository")
    assert "library (public API: package `pkg` offers 1 name (get))" in helper.detail
    assert verdict(evidence, "pkg/utils.py", "Auth.__call__", "utility") == "USED"  # its class is public


def test_introspection_dotted_strings_and_generated_files_keep_names(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/errors.py": "import inspect\nimport sys\n\n\ndef trigger_a():\n    raise ValueError\n\n\n"
                         "def run():\n    return [m for n, m in inspect.getmembers(sys.modules[__name__])"
                         " if n.startswith('trigger')]\n",
        "app/settings.py": "JWT = {'HANDLER': 'app.auth.payload_handler'}\n",
        "app/auth.py": "def payload_handler(token):\n    return token\n",
        "app/main.py": "from app.errors import run\n\nrun()\n",
    })
    assert verdict(evidence, "app/errors.py", "trigger_a", "utility") == "USED"
    assert verdict(evidence, "app/auth.py", "payload_handler", "utility") == "USED"
    assert "dotted path" in detail(evidence, "app/auth.py", "payload_handler", "utility")


def test_confidence_floor_and_one_finding_per_cascade(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/main.py": "from app.core import used\n\nused()\n",
        "app/core.py": "def used():\n    return 1\n\n\ndef _stale():\n    return _helper()\n\n\n"
                       "def _helper():\n    return _leaf()\n\n\ndef _leaf():\n    return 2\n\n\n"
                       "def maybe():\n    return 3\n\n\nNAMES = ['maybe']\n",
    })
    root = evidence.for_symbol("app/core.py", "_stale")["utility"]
    assert (root.verdict, root.report) == ("DEAD", True) and root.confidence >= 90
    assert "with it, 2 symbols only it (or other dead code) uses: _helper, _leaf" in root.detail
    assert "no root reaches it (checked" in root.detail and "project: application" in root.detail
    for member in ("_helper", "_leaf"):
        found = evidence.for_symbol("app/core.py", member)["utility"]
        assert (found.verdict, found.report) == ("DEAD", False)
        assert "part of the dead cascade of _stale (app/core.py)" in found.detail
    # the string 'maybe' makes it USED (possibly reached); never a confident DEAD
    assert verdict(evidence, "app/core.py", "maybe", "utility") == "USED"


def test_a_cascade_lists_no_helper_a_doubtful_dead_symbol_also_uses(tmp_path: Path) -> None:
    # `shown` is named by a component that was not scanned: DEAD under the floor, not a finding.
    # The helper both use must not be listed under `stale`'s finding as deletable with it.
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "web", "private": true}',
        "src/main.ts": "console.log(1)\n",
        "src/api.ts": "function fetchApi(p: string) { return fetch(p) }\n"
                      "export function shown() { return fetchApi('a') }\n"
                      "export function stale() { return fetchApi('b') }\n",
        "src/App.vue": "<script setup>\nconst a = shown()\n</script>\n",
    })
    stale = evidence.for_symbol("src/api.ts", "stale")["utility"]
    assert (stale.verdict, stale.report) == ("DEAD", True)
    assert "fetchApi" not in stale.detail
    shown = evidence.for_symbol("src/api.ts", "shown")["utility"]
    assert shown.report is False and "src/App.vue" in shown.detail
    helper = evidence.for_symbol("src/api.ts", "fetchApi")["utility"]
    assert helper.report is False


def test_remix_route_modules_root_and_entries_are_read_by_the_framework(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "web", "private": true, "dependencies": {"@remix-run/react": "2"}}',
        "app/root.tsx": "export const links = () => []\nexport default function App() { return null }\n",
        "app/entry.server.tsx": "export default function handleRequest() { return helper() }\n"
                                "function helper() { return 1 }\nfunction unused() { return 2 }\n",
        "app/routes/notes.new.tsx": "export const action = async () => null\n"
                                    "export default function NewNotePage() { return null }\n"
                                    "export function stray() { return 1 }\n",
    })
    for path, name in (("app/root.tsx", "App"), ("app/root.tsx", "links"), ("app/entry.server.tsx", "handleRequest"),
                       ("app/entry.server.tsx", "helper"), ("app/routes/notes.new.tsx", "NewNotePage"),
                       ("app/routes/notes.new.tsx", "action")):
        assert verdict(evidence, path, name, "utility") == "USED", (path, name)
    assert verdict(evidence, "app/entry.server.tsx", "unused", "utility") == "DEAD"
    assert verdict(evidence, "app/routes/notes.new.tsx", "stray", "utility") == "DEAD"


def test_what_a_constant_calls_when_its_module_loads_is_alive(tmp_path: Path) -> None:
    # got's documentation/examples/uppercase-headers.js: the server starts at load and calls main;
    # main reads the server; a helper only an uncalled initializer reads stays dead.
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "web", "private": true}',
        "src/main.js": "import http from 'node:http'\n"
                       "const main = async () => { console.log(server.address()); server.close() }\n"
                       "const server = http.createServer((req, res) => res.end('ok')).listen(0, main)\n"
                       "function format(x) { return String(x) }\n"
                       "const unused = () => format(1)\n",
    })
    for name in ("main", "server"):
        assert verdict(evidence, "src/main.js", name, "utility") == "USED", name
    assert verdict(evidence, "src/main.js", "unused", "utility") == "DEAD"


def test_under_the_floor_is_evidence_not_a_finding(tmp_path: Path) -> None:
    # no entry point and no public API: a public name of a package module may be imported by users
    evidence = analyze(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/core.py": "def orphan():\n    return 2\n\n\ndef used():\n    return 1\n",
        "pkg/main.py": "from pkg.core import used\n\nused()\n",
    })
    found = evidence.for_symbol("pkg/core.py", "orphan")["utility"]
    assert found.verdict == "DEAD" and found.report is False and found.confidence < 70
    assert "users may import it" in found.detail and "under the floor 70: not a finding" in found.detail


def test_tests_axis_says_unknown_without_evidence(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {"app/__init__.py": "", "app/core.py": "def f():\n    return 1\n"})
    tests = evidence.for_symbol("app/core.py", "f")["tests"]
    assert (tests.verdict, tests.report) == ("NONE", False) and tests.detail.startswith("unknown: no test evidence")


def test_tests_axis_routes_called_over_http_and_indirect_use(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "app/__init__.py": "",
        "app/routes.py": "from fastapi import APIRouter\nfrom app.db import get_db\n\nrouter = APIRouter()\n\n\n"
                         "@router.get('/items/{item_id}')\ndef read_item(item_id: int):\n    return get_db()\n",
        "app/db.py": "def get_db():\n    return 1\n",
        "app/core.py": "def helper():\n    return 1\n\n\ndef api():\n    return helper()\n\n\n"
                       "def lonely():\n    return 3\n",
        "tests/test_items.py": "from app.core import api\n\n\ndef test_item(client):\n"
                               "    assert client.get('/api/items/1').status_code == 200\n\n\n"
                               "def test_api():\n    assert api() == 1\n",
    })
    for name, path in (("read_item", "app/routes.py"), ("get_db", "app/db.py"), ("helper", "app/core.py")):
        found = evidence.for_symbol(path, name)["tests"]
        assert found.report is False and found.detail.startswith("unknown:"), (name, found.detail)
    lonely = evidence.for_symbol("app/core.py", "lonely")["tests"]
    assert (lonely.verdict, lonely.report) == ("NONE", True)


def test_a_module_name_written_after_global_is_used(tmp_path: Path) -> None:
    """`global _MODE` then `_MODE = ...` and `return _MODE`: the function uses the module
    constant (found on this repository's own workspace.py, reported DEAD before)."""
    evidence = analyze(tmp_path, {**APP, "app/mode.py": (
        "def file_mode():\n    global _MODE\n    if _MODE is None:\n        _MODE = 0o644\n    return _MODE\n\n\n"
        "_MODE = None\n\n\ndef run():\n    return file_mode()\n"), "main.py": "from app.mode import run\n\nrun()\n"})
    assert verdict(evidence, "app/mode.py", "_MODE", "utility") == "USED"


def test_a_member_read_on_a_call_result_is_used(tmp_path: Path) -> None:
    """`Workspace(root).facts_cache`: the member is read on the object a call returns
    (found on this repository's own pipeline.py, reported DEAD before)."""
    evidence = analyze(tmp_path, {**APP, "app/ws.py": (
        "class Workspace:\n    def __init__(self, root):\n        self.root = root\n\n"
        "    @property\n    def facts_cache(self):\n        return self.root\n\n"
        "    def unused_here(self):\n        return 1\n"),
        "main.py": "from app.ws import Workspace\n\nprint(Workspace('.').facts_cache)\n"})
    assert verdict(evidence, "app/ws.py", "Workspace.facts_cache", "utility") == "USED"


def test_methods_of_classes_handed_to_the_interactive_shell_are_used(tmp_path: Path) -> None:
    """`@app.shell_context_processor` hands Post to `flask shell`, where a maintainer calls
    `Post.reindex()` (a mixin's classmethod) by hand: alive. A class the shell does not get
    keeps its unused methods dead (found on microblog, reported DEAD before)."""
    evidence = analyze(tmp_path, {**APP, "app/models.py": (
        "class Searchable:\n    @classmethod\n    def reindex(cls):\n        return cls\n\n\n"
        "class Post(Searchable):\n    pass\n\n\n"
        "class Other:\n    def unused(self):\n        return 1\n"),
        "main.py": ("from flask import Flask\nfrom app.models import Post, Other\n\napp = Flask(__name__)\n"
                    "print(Other())\n\n\n@app.shell_context_processor\ndef make_shell_context():\n"
                    "    return {'Post': Post}\n")})
    assert verdict(evidence, "app/models.py", "Searchable.reindex", "utility") == "USED"
    assert "interactive shell" in detail(evidence, "app/models.py", "Searchable.reindex", "utility")
    assert verdict(evidence, "app/models.py", "Other.unused", "utility") == "DEAD"


def test_a_name_an_import_string_in_the_settings_imports_is_used(tmp_path: Path) -> None:
    """SHELL_PLUS_IMPORTS = ["from app.utils import print_qs"]: django-extensions imports it into
    the shell (found on django-styleguide, reported DEAD once its settings were scanned)."""
    evidence = analyze(tmp_path, {**APP, "app/__init__.py": "", "app/utils.py": (
        "def print_qs(qs):\n    return qs\n\n\ndef unused(qs):\n    return qs\n"),  # imported: not an orphan module
        "config/settings.py": 'SHELL_PLUS_IMPORTS = ["from app.utils import print_qs"]\n',
        "main.py": "import app.utils\n\nprint(app.utils.__name__)\n"})
    assert verdict(evidence, "app/utils.py", "print_qs", "utility") == "USED"
    assert verdict(evidence, "app/utils.py", "unused", "utility") == "DEAD"


def test_a_name_imported_on_one_branch_and_defined_on_the_other_is_used_both_ways(tmp_path: Path) -> None:
    # click's _compat: `if WIN: from ._winconsole import f` / `else: def f(...)`; calls resolve to
    # the local def, and whichever branch runs, the import is used with it.
    evidence = analyze(tmp_path, {
        **APP,
        "pkg/__init__.py": "",
        "pkg/_win.py": "def console_stream(stream):\n    return stream\n",
        "pkg/compat.py": "import sys\n\nif sys.platform.startswith('win'):\n    from ._win import console_stream\n"
                         "else:\n    def console_stream(stream):\n        return None\n\n\n"
                         "def text_stdout():\n    return console_stream(sys.stdout)\n",
        "main.py": "from pkg.compat import text_stdout\n\ntext_stdout()\n",
    })
    assert verdict(evidence, "pkg/_win.py", "console_stream", "utility") == "USED"


def test_a_method_overriding_a_hook_of_an_ancestors_external_base_is_used(tmp_path: Path) -> None:
    # Reader(RawBase), RawBase(io.RawIOBase): io calls Reader.readinto, though no class the method
    # sits on names io directly.
    evidence = analyze(tmp_path, {
        **APP,
        "streams.py": "import io\n\n\nclass RawBase(io.RawIOBase):\n    def __init__(self, handle):\n"
                      "        self.handle = handle\n\n\nclass Reader(RawBase):\n    def readinto(self, b):\n"
                      "        return 0\n\n    def _unused_helper(self):\n        return 1\n",
        "main.py": "from streams import Reader\n\nprint(Reader(0))\n",
    })
    assert verdict(evidence, "streams.py", "Reader.readinto", "utility") == "USED"
    assert "io.RawIOBase" in detail(evidence, "streams.py", "Reader.readinto", "utility")
    assert verdict(evidence, "streams.py", "Reader._unused_helper", "utility") == "DEAD"


def test_reading_another_module_from_sys_modules_lists_no_name_of_this_file(tmp_path: Path) -> None:
    # click's utils: `sys.modules["__main__"]` finds the program's name; only `sys.modules[__name__]`
    # (with getmembers, vars, setattr) reaches this file's own names.
    evidence = analyze(tmp_path, {
        **APP,
        "util.py": "import sys\n\n\ndef program_name():\n    main = sys.modules['__main__']\n"
                   "    return getattr(main, '__file__', '')\n\n\ndef _forgotten(name):\n    return name.lower()\n",
        "main.py": "from util import program_name\n\nprint(program_name())\n",
    })
    assert verdict(evidence, "util.py", "_forgotten", "utility") == "DEAD"


def test_a_member_bound_in_an_inline_component_template_is_used(tmp_path: Path) -> None:
    # angular-realworld: `(click)="toggleFavorite()"` in the @Component's inline template.
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "web", "private": true}',
        "src/main.ts": "import { FavoriteButton } from './favorite'\nbootstrap(FavoriteButton)\n",
        "src/favorite.ts": "@Component({\n  selector: 'app-favorite',\n  template: `\n"
                           "    <button (click)=\"toggleFavorite()\">{{ label }}</button>\n  `,\n})\n"
                           "export class FavoriteButton {\n  label = 'Fav'\n  toggleFavorite() { return 1 }\n"
                           "  forgotten() { return 2 }\n}\n",
    })
    assert verdict(evidence, "src/favorite.ts", "FavoriteButton.toggleFavorite", "utility") == "USED"
    assert verdict(evidence, "src/favorite.ts", "FavoriteButton.forgotten", "utility") == "DEAD"


def test_a_package_re_exporting_as_itself_is_a_library_even_with_a_console_script(tmp_path: Path) -> None:
    # typer: a CLI (`typer = typer.cli:main`) and `from .main import Typer as Typer` for its users.
    files = {
        "pyproject.toml": '[project]\nname = "tool"\nversion = "1"\n[project.scripts]\ntool = "tool.cli:main"\n',
        "tool/__init__.py": "from . import colors as colors\nfrom .main import run as run\nfrom .main import Tool as Tool\n",
        "tool/colors.py": "BLACK = 'black'\nRESET = 'reset'\n",
        "tool/main.py": "from .colors import RESET\n\n\nclass Tool:\n    pass\n\n\ndef run():\n    return Tool(), RESET\n",
        "tool/cli.py": "from .main import run\n\n\ndef main():\n    return run()\n",
    }
    evidence = analyze(tmp_path, files)
    assert verdict(evidence, "tool/colors.py", "BLACK", "utility") == "USED"
    assert "re-exported as" in detail(evidence, "tool/colors.py", "BLACK", "utility")
    files["tool/__init__.py"] = "from .main import run\n"  # an application's package face
    evidence = analyze(tmp_path / "app", files)
    assert verdict(evidence, "tool/colors.py", "BLACK", "utility") == "DEAD"


def test_a_package_classified_as_a_library_is_one_even_with_a_console_script(tmp_path: Path) -> None:
    # rq: `rq = "rq.cli:main"` and an `__all__`, but its metadata says what it is for PyPI's users.
    files = {
        "pyproject.toml": '[project]\nname = "jobs"\nversion = "1"\nclassifiers = [\n'
                          '  "Topic :: Software Development :: Libraries :: Python Modules",\n]\n'
                          '[project.scripts]\njobs = "jobs.cli:main"\n',
        "jobs/__init__.py": "from .queue import Queue\n\n__all__ = ['Queue']\n",
        "jobs/queue.py": "from .exceptions import JobError\n\n\nclass Queue:\n    def push(self):\n        raise JobError()\n\n"
                         "    def pop_handler(self):\n        return 2\n",
        "jobs/exceptions.py": "class JobError(Exception):\n    pass\n\n\nclass InvalidJobDependency(Exception):\n    pass\n",
        "jobs/cli.py": "from .queue import Queue\n\n\ndef main():\n    return Queue().push()\n",
    }
    evidence = analyze(tmp_path, files)
    assert verdict(evidence, "jobs/exceptions.py", "InvalidJobDependency", "utility") != "DEAD"
    assert verdict(evidence, "jobs/queue.py", "Queue.pop_handler", "utility") != "DEAD"
    assert "Topic :: Software Development :: Libraries" in detail(evidence, "jobs/exceptions.py", "InvalidJobDependency",
                                                                  "utility")
    files["pyproject.toml"] = files["pyproject.toml"].replace("Libraries :: Python Modules", "Build Tools")
    evidence = analyze(tmp_path / "app", files)  # no such word: the console script makes it an application
    assert verdict(evidence, "jobs/exceptions.py", "InvalidJobDependency", "utility") == "DEAD"


def test_a_package_whose_docs_are_an_api_reference_is_a_library_even_with_a_console_script(tmp_path: Path) -> None:
    # pyramid: `pserve = "pyramid.scripts.pserve:main"`, and docs/api/*.rst documenting its modules
    files = {
        "pyproject.toml": '[project]\nname = "web"\nversion = "1"\n[project.scripts]\nserve = "web.cli:main"\n',
        "web/__init__.py": "",
        "web/config.py": "class Configurator:\n    pass\n\n\nActionState = Configurator  # bw-compat for plugins\n",
        "web/settings.py": "def asbool(value):\n    return bool(value)\n",
        "web/request.py": "class Request:\n    pass\n",
        "web/cli.py": "from .config import Configurator\n\n\ndef main():\n    return Configurator()\n",
        "docs/api/config.rst": ".. automodule:: web.config\n\n.. autoclass:: Configurator\n",
        "docs/api/settings.rst": ".. automodule:: web.settings\n\n  .. autofunction:: asbool\n",
        "docs/api/request.rst": ".. automodule:: web.request\n",
    }
    evidence = analyze(tmp_path, files)
    assert verdict(evidence, "web/config.py", "ActionState", "utility") != "DEAD"
    assert "an API reference in docs/api/" in detail(evidence, "web/config.py", "ActionState", "utility")
    # a site documenting its apps for its developers (zds-site: no package metadata) offers them to nobody
    site = {**files, "pyproject.toml": "[tool.black]\nline-length = 120\n", "manage.py": "import sys\n\nprint(sys.argv)\n"}
    evidence = analyze(tmp_path / "site", site)
    assert verdict(evidence, "web/config.py", "ActionState", "utility") == "DEAD"
    for page in ("docs/api/settings.rst", "docs/api/request.rst"):
        del files[page]  # one page naming its own module: not yet a reference of the project's API
    evidence = analyze(tmp_path / "app", files)
    assert verdict(evidence, "web/config.py", "ActionState", "utility") == "DEAD"


def test_what_the_api_reference_documents_is_never_dead(tmp_path: Path) -> None:
    # cookiecutter: `.. automodule:: cookiecutter.exceptions` with `:members:` documents two
    # exceptions nothing raises any more; users may catch them. mkdocstrings' `::: pkg.mod.Name` too.
    evidence = analyze(tmp_path, {
        "pyproject.toml": '[project]\nname = "gen"\nversion = "1"\n[project.scripts]\ngen = "gen.cli:main"\n',
        "gen/__init__.py": "",
        "gen/cli.py": "from .exceptions import Used\nfrom .tools import helper\n\n\ndef main():\n    raise Used(helper())\n",
        "gen/exceptions.py": "class Used(Exception):\n    pass\n\n\nclass Documented(Exception):\n    pass\n",
        "gen/tools.py": "def helper():\n    return 1\n\n\ndef listed():\n    return 2\n\n\ndef forgotten():\n    return 3\n\n\n"
                        "class Box:\n    def open(self):\n        return 4\n",
        "docs/api.rst": "API\n===\n\n.. automodule:: gen.exceptions\n   :members:\n   :undoc-members:\n\n"
                        ".. autofunction:: gen.tools.listed\n",
        "docs/box.md": "# Box\n\n::: gen.tools.Box\n",
    })
    assert verdict(evidence, "gen/exceptions.py", "Documented", "utility") == "USED"
    assert "documented in the API reference (docs/api.rst)" in detail(evidence, "gen/exceptions.py", "Documented", "utility")
    assert verdict(evidence, "gen/tools.py", "listed", "utility") == "USED"
    assert verdict(evidence, "gen/tools.py", "Box.open", "utility") == "USED"
    assert verdict(evidence, "gen/tools.py", "forgotten", "utility") == "DEAD"  # the reference does not name it


def test_django_site_hooks_a_mixin_offers_templates_of_any_text_and_a_urls_package(tmp_path: Path) -> None:
    # djangoproject.com: `BlogViewMixin.get_allow_future` reaches ArchiveIndexView through a subclass;
    # a release checklist in Markdown under templates/ reads `release.is_security_release`;
    # ROOT_URLCONF = "djangoproject.urls.www" loads a URLconf of a `urls/` package.
    evidence = analyze(tmp_path, {
        "manage.py": "import sys\n\nprint(sys.argv)\n",
        "site/__init__.py": "",
        "site/settings.py": "ROOT_URLCONF = 'site.urls.www'\n",
        "site/urls/__init__.py": "",
        "site/urls/www.py": "from blog.views import ArchiveView\n\nurlpatterns = [ArchiveView]\n",
        "blog/__init__.py": "",
        "blog/views.py": "from django.views.generic import ArchiveIndexView\n\n\nclass BlogViewMixin:\n"
                         "    def get_allow_future(self):\n        return False\n\n\n"
                         "class ArchiveView(BlogViewMixin, ArchiveIndexView):\n    pass\n\n\n"
                         "class LonelyMixin:\n    def get_thing(self):\n        return 1\n",
        "blog/models.py": "from django.db import models\n\n\nclass Release(models.Model):\n"
                          "    @property\n    def is_security_release(self):\n        return True\n\n"
                          "    @property\n    def forgotten(self):\n        return False\n",
        "blog/templates/blog/checklist.md": "# Release\n{% if release.is_security_release %}CVE{% endif %}\n",
    })
    assert verdict(evidence, "blog/views.py", "BlogViewMixin.get_allow_future", "utility") == "USED"
    assert "mixed into ArchiveView" in detail(evidence, "blog/views.py", "BlogViewMixin.get_allow_future", "utility")
    assert verdict(evidence, "blog/views.py", "LonelyMixin.get_thing", "utility") == "DEAD"
    assert verdict(evidence, "blog/models.py", "Release.is_security_release", "utility") == "USED"
    assert verdict(evidence, "blog/models.py", "Release.forgotten", "utility") == "DEAD"
    assert verdict(evidence, "site/urls/www.py", "urlpatterns", "utility") == "USED"


def test_tools_read_what_their_config_and_hook_files_offer_not_every_name(tmp_path: Path) -> None:
    # angular's app.config.ts is read for its exports; typer's mkdocs hooks module for its on_* hooks.
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "web", "private": true}',
        "src/main.ts": "import { appConfig } from './app.config'\nbootstrap(appConfig)\n",
        "src/app.config.ts": "export function initAuth() { return 1 }\n"
                             "export const appConfig = { providers: [initAuth] }\n"
                             "function leftOver() { return 2 }\n",
        "vite.config.ts": "export default { plugins: [] }\n",
        "mkdocs.yml": "site_name: x\nhooks:\n  - scripts/hooks.py\n",
        "scripts/hooks.py": "def on_nav(nav, config, files):\n    return nav\n\n\n"
                            "def _stale(nav):\n    return nav\n",
    })
    assert verdict(evidence, "src/app.config.ts", "leftOver", "utility") == "DEAD"
    assert verdict(evidence, "src/app.config.ts", "appConfig", "utility") == "USED"
    assert verdict(evidence, "scripts/hooks.py", "on_nav", "utility") == "USED"
    assert verdict(evidence, "scripts/hooks.py", "_stale", "utility") == "DEAD"


def test_a_django_tag_library_offers_what_it_registers(tmp_path: Path) -> None:
    # bakerydemo's navigation_tags: `has_children` was written and never registered nor called.
    evidence = analyze(tmp_path, {
        **APP,
        "shop/__init__.py": "",
        "shop/templatetags/__init__.py": "",
        "shop/templatetags/navigation_tags.py": "from django import template\n\nregister = template.Library()\n\n\n"
                                                "@register.simple_tag(takes_context=True)\ndef get_site_root(context):\n"
                                                "    return context['request'].site\n\n\n"
                                                "@register.filter\ndef twice(value):\n    return helper(value)\n\n\n"
                                                "def helper(value):\n    return value * 2\n\n\n"
                                                "def has_children(page):\n    return page.children\n",
    })
    path = "shop/templatetags/navigation_tags.py"
    for name in ("get_site_root", "twice", "helper"):
        assert verdict(evidence, path, name, "utility") == "USED", name
    assert verdict(evidence, path, "has_children", "utility") == "DEAD"


def test_a_server_module_counts_only_when_it_binds_what_a_server_runs(tmp_path: Path) -> None:
    # starlette's middleware/wsgi.py holds WSGIMiddleware: a library module, not a deployment.
    files = {
        "lib/__init__.py": "from lib.status import HTTP_200_OK\n",
        "lib/middleware/__init__.py": "",
        "lib/middleware/wsgi.py": "from lib import status\n\n\nclass WSGIMiddleware:\n    def run(self):\n"
                                  "        return status.HTTP_200_OK\n",
        "lib/status.py": "HTTP_200_OK = 200\nHTTP_404_NOT_FOUND = 404\n",  # for users: `from lib import status`
    }
    evidence = analyze(tmp_path / "library", files)
    assert verdict(evidence, "lib/status.py", "HTTP_404_NOT_FOUND", "utility") == "USED"
    files["lib/wsgi.py"] = "from lib.middleware.wsgi import WSGIMiddleware\n\napplication = WSGIMiddleware()\n"
    evidence = analyze(tmp_path / "app", files)
    assert verdict(evidence, "lib/status.py", "HTTP_404_NOT_FOUND", "utility") == "DEAD"
    assert "lib/wsgi.py runs the project" in detail(evidence, "lib/status.py", "HTTP_404_NOT_FOUND", "utility")


def test_names_in_a_type_written_as_a_string_are_used(tmp_path: Path) -> None:
    # pipx: `cast("list[_OutdatedEntry]", json.loads(output))` is the TypedDict's only use.
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/parse.py": "from typing import TypedDict, cast\n\n\ndef parse(x):\n    return cast(\"list[_Entry]\", x)\n\n\n"
                        "def first(y) -> \"_Head | None\":\n    return y\n\n\nclass _Entry(TypedDict):\n    name: str\n\n\n"
                        "class _Head:\n    pass\n\n\nclass _Unused:\n    pass\n\n\nprint(parse(1), first(2))\n",
    })
    for name in ("_Entry", "_Head"):
        assert verdict(evidence, "app/parse.py", name, "utility") == "USED", name
    assert verdict(evidence, "app/parse.py", "_Unused", "utility") == "DEAD"


def test_names_a_string_uses_as_code_are_not_dead(tmp_path: Path) -> None:
    # attrs builds __repr__/__hash__ from source lines (`_compat.repr_context.already_repring`,
    # `__import__('attr._make')._make._CacheHashWrapper`); flask's tests hand `'create_app2("foo")'`
    # to an evaluator. Prose in a message names nothing.
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/_gen.py": "import threading\n\nrepr_context = threading.local()\n\n\nclass _Wrapper(int):\n    pass\n\n\n"
                      "def _unused_helper():\n    pass\n\n\ndef script():\n    lines = ['x = app._gen.repr_context.value',\n"
                      "             \"w = __import__('app._gen')._gen._Wrapper\"]\n"
                      "    if not lines:\n        raise ValueError('no lines; _unused_helper is not called here')\n"
                      "    return lines\n\n\nprint(script())\n",
        "tests/test_cli.py": "import pytest\n\n\n@pytest.mark.parametrize('call', ['create_app2(\"foo\")'])\n"
                             "def test_locate(call):\n    assert call\n",
        "tests/apps/factory.py": "def create_app2(name):\n    return name\n",
    })
    for path, name in (("app/_gen.py", "repr_context"), ("app/_gen.py", "_Wrapper"), ("tests/apps/factory.py", "create_app2")):
        assert verdict(evidence, path, name, "utility") == "USED", (path, name)
        assert "string" in detail(evidence, path, name, "utility")
    assert verdict(evidence, "app/_gen.py", "_unused_helper", "utility") == "DEAD"


def test_test_inputs_loaded_by_path_and_a_celery_module_are_alive(tmp_path: Path) -> None:
    # typer's tests/assets/cli/*.py are modules its CLI loads by path and scans for functions;
    # flask's examples/celery/make_celery.py binds the app `celery -A make_celery worker` loads.
    evidence = analyze(tmp_path, {
        **APP,
        "tests/assets/cli/func_other_name.py": "def some_function(name: str):\n    print(name)\n",
        "worker/make_celery.py": "from celery import Celery\n\ncelery_app = Celery('w')\n",
        "tests/helpers.py": "def unused_helper():\n    return 1\n",
    })
    expected = {("tests/assets/cli/func_other_name.py", "some_function"): "USED",
                ("worker/make_celery.py", "celery_app"): "USED", ("tests/helpers.py", "unused_helper"): "DEAD"}
    assert {place: verdict(evidence, *place, "utility") for place in expected} == expected


def test_a_package_of_its_own_inside_the_tests_is_their_input(tmp_path: Path) -> None:
    # axios's test/module/typings/esm: a package the tests install and check with `tsc --noEmit`;
    # each declaration is a typing under test. It makes the project no application either.
    files = {
        "package.json": '{"name": "lib", "main": "index.js"}',
        "index.js": "export function get() { return 1 }\n",
        "lib/unused.js": "export function helper() { return 2 }\nfunction orphan() { return 3 }\n",
        "test/module/typings/esm/package.json": '{"name": "typings-esm", "private": true}',
        "test/module/typings/esm/index.ts": "import { get } from 'lib'\n\nconst config: number = get()\n"
                                            "function handleError(e: Error): string { return e.message }\n",
    }
    evidence = analyze(tmp_path, files)
    for name in ("config", "handleError"):
        assert verdict(evidence, "test/module/typings/esm/index.ts", name, "utility") == "USED", name
        assert "input of the tests" in detail(evidence, "test/module/typings/esm/index.ts", name, "utility")
    assert verdict(evidence, "lib/unused.js", "orphan", "utility") == "DEAD"


def test_a_private_package_json_that_maps_exports_is_published(tmp_path: Path) -> None:
    # zustand: "private": true in the repository, `exports: {"./*": ...}` written for dist/, sources in src/.
    files = {
        "package.json": '{"name": "store", "private": true, "main": "./index.js", '
                        '"exports": {".": {"default": "./index.js"}, "./*": {"import": "./esm/*.mjs", "default": "./*.js"}}}',
        "src/index.ts": "export { create } from './react'\n",
        "src/react.ts": "export const create = () => 1\n",
        "src/middleware.ts": "export { ssrSafe as unstable_ssrSafe } from './middleware/ssrSafe'\n",
        "src/middleware/ssrSafe.ts": "export function ssrSafe() {\n  return 1\n}\n",
        "examples/demo/package.json": '{"name": "demo", "private": true}',
        "examples/demo/src/App.tsx": "import { create } from 'store'\nexport default function App() { return create() }\n",
    }
    evidence = analyze(tmp_path, files)
    assert verdict(evidence, "src/middleware/ssrSafe.ts", "ssrSafe", "utility") == "USED"
    files["package.json"] = '{"name": "store", "private": true}'  # an application: nothing is published
    evidence = analyze(tmp_path / "app", files)
    assert verdict(evidence, "src/middleware/ssrSafe.ts", "ssrSafe", "utility") == "DEAD"


def test_a_private_alias_kept_for_importers_of_a_library_is_alive(tmp_path: Path) -> None:
    # structlog's dev.py: `_use_colors = _has_colors` ("prevent breakage of packages that used the old name").
    evidence = analyze(tmp_path, {
        "lib/__init__.py": "from lib.dev import render\n",
        "lib/dev.py": "_has_colors = True\n_use_colors = _has_colors\nFATAL = 50\nCRITICAL = 50\nFATAL = CRITICAL\n\n\n"
                      "def render():\n    return _has_colors\n",
    })
    assert verdict(evidence, "lib/dev.py", "_use_colors", "utility") == "USED"
    assert "alias of _has_colors" in detail(evidence, "lib/dev.py", "_use_colors", "utility")


def test_a_test_folder_a_type_checker_is_run_on_is_read_by_it(tmp_path: Path) -> None:
    # structlog's tox.ini: `mypy tests/typing`; the functions there are never called, only checked.
    files = {
        "lib/__init__.py": "def make():\n    return 1\n",
        "tests/__init__.py": "",
        "tests/test_lib.py": "from lib import make\n\n\ndef test_make():\n    assert make() == 1\n",
        "tests/typing/api.py": "from lib import make\n\n\ndef typecheck_make() -> int:\n    return make()\n",
    }
    evidence = analyze(tmp_path / "plain", files)
    assert verdict(evidence, "tests/typing/api.py", "typecheck_make", "utility") == "DEAD"
    files["tox.ini"] = "[testenv:typing]\ncommands =\n    mypy tests/typing\n    mypy src\n"
    evidence = analyze(tmp_path / "checked", files)
    assert verdict(evidence, "tests/typing/api.py", "typecheck_make", "utility") == "USED"
    assert "mypy tests/typing` in tox.ini" in detail(evidence, "tests/typing/api.py", "typecheck_make", "utility")
    # stamina's noxfile.py: `session.run("mypy", "tests/typing")`
    del files["tox.ini"]
    files["noxfile.py"] = ("import nox\n\n\n@nox.session(tags=['typing'])\ndef mypy_api(session):\n"
                           "    session.install('mypy')\n    session.run(\"mypy\", \"tests/typing\")\n")
    evidence = analyze(tmp_path / "nox", files)
    assert "mypy tests/typing` in noxfile.py" in detail(evidence, "tests/typing/api.py", "typecheck_make", "utility")
    # parsel's tox.ini: `mypy {posargs:parsel tests}`, the whole suite: its typing folder is read by the
    # checker alone, while a helper of the suite that no test calls stays dead
    del files["noxfile.py"]
    files["tox.ini"] = "[testenv:typing]\ncommands =\n    mypy {posargs:lib tests}\n"
    files["tests/helpers.py"] = "def unused_helper():\n    return 2\n"
    evidence = analyze(tmp_path / "suite", files)
    assert "mypy tests` in tox.ini" in detail(evidence, "tests/typing/api.py", "typecheck_make", "utility")
    assert verdict(evidence, "tests/helpers.py", "unused_helper", "utility") == "DEAD"


def test_a_type_checker_command_ends_with_its_line(tmp_path: Path) -> None:
    # attrs's tox.ini: a bare `pyright` line, then `pytest tests/test_pyright.py` (run, not type-checked)
    from reviewer.analysis.roots import type_checked_tests

    (tmp_path / "tox.ini").write_text("[testenv:typing]\ncommands =\n    pyright\n    pytest tests/test_pyright.py -vv\n"
                                      "    mypy typing_tests\n")
    assert list(type_checked_tests(_config_texts(tmp_path))) == ["typing_tests"]


def test_nest_starts_the_entry_file_of_nest_cli_json(tmp_path: Path) -> None:
    # awesome-nest-boilerplate's src/main.ts: `export const viteNodeApp = bootstrap();`, read by vite-plugin-node.
    files = {
        "package.json": '{"name": "app", "private": true}',
        "src/main.ts": "function setup() {\n  return 1\n}\n\nasync function bootstrap() {\n  return setup()\n}\n\n"
                       "export const viteNodeApp = bootstrap();\n",
    }
    evidence = analyze(tmp_path / "plain", files)
    # bootstrap() runs when the module loads, as a bare `bootstrap()` statement would; the name it binds is unread
    assert verdict(evidence, "src/main.ts", "bootstrap", "utility") == "USED"
    assert verdict(evidence, "src/main.ts", "viteNodeApp", "utility") == "DEAD"
    files["nest-cli.json"] = '{"collection": "@nestjs/schematics", "sourceRoot": "src"}'
    evidence = analyze(tmp_path / "nest", files)
    for name in ("viteNodeApp", "bootstrap", "setup"):
        assert verdict(evidence, "src/main.ts", name, "utility") == "USED", name


def test_a_global_type_named_without_an_import_is_used(tmp_path: Path) -> None:
    # awesome-nest-boilerplate's polyfill: `declare global { export type Uuid = string & {...} }`.
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "app", "private": true}',
        "src/main.ts": "import './polyfill'\nimport { User } from './user'\n\nconsole.log(new User())\n",
        "src/polyfill.ts": "declare global {\n  export type Uuid = string & { _brand: undefined };\n"
                           "  export type Todo = any;\n}\n\nexport {}\n",
        "src/user.ts": "export class User {\n  id!: Uuid;\n}\n",
    })
    assert verdict(evidence, "src/polyfill.ts", "Uuid", "utility") == "USED"
    assert verdict(evidence, "src/polyfill.ts", "Todo", "utility") == "DEAD"


def test_a_published_entry_file_offers_what_it_re_exports_with_export_star(tmp_path: Path) -> None:
    # swr: package.json exports "./_internal" -> dist/_internal/index.mjs, whose source ends with
    # `export * from './types'`; and "." has a react-server build of src/index/index.react-server.ts.
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "swr", "exports": {".": {"react-server": "./dist/index/react-server.mjs", '
                        '"import": "./dist/index/index.mjs"}, "./_internal": {"import": "./dist/_internal/index.mjs"}}}',
        "src/index/index.ts": "export const useSWR = () => 1\n",
        "src/index/index.react-server.ts": "export { SWRConfig } from './config'\n",
        "src/index/config.ts": "export const SWRConfig = 1\n",
        "src/_internal/index.ts": "export * from './types'\n",
        "src/_internal/types.ts": "export type Mutator = () => void\nexport type Broadcaster = () => void\n",
        "jest.config.build.js": "const useBuildConfig = true\nmodule.exports = { useBuildConfig }\n",
    })
    for path, name in (("src/_internal/types.ts", "Mutator"), ("src/_internal/types.ts", "Broadcaster"),
                       ("src/index/config.ts", "SWRConfig"), ("jest.config.build.js", "useBuildConfig")):
        assert verdict(evidence, path, name, "utility") == "USED", (path, name)


def test_a_member_read_at_the_end_of_a_long_chain_and_a_name_of_a_module_loaded_by_dunder_import(tmp_path: Path) -> None:
    # djangopackages: `self.request.user.profile.can_edit_grid` in a view, and
    # `getattr(__import__("package.repos." + repo_id).repos, repo_id).repo_handler` in package/repos.
    evidence = analyze(tmp_path, {
        **APP,
        "package/__init__.py": "",
        "package/profiles.py": "class Profile:\n    @property\n    def can_edit_grid(self):\n        return True\n\n"
                               "    @property\n    def can_delete_grid(self):\n        return False\n",
        "package/views.py": "from django.contrib.auth.mixins import UserPassesTestMixin\n\nfrom package.profiles import Profile\n\n\n"
                            "class GridView(UserPassesTestMixin):\n    def test_func(self):\n"
                            "        return self.request.user.profile.can_edit_grid\n\n\nprint(Profile, GridView)\n",
        "package/repos/__init__.py": "def get_repo(repo_id):\n    mod = __import__(\"package.repos.\" + repo_id)\n"
                                    "    return getattr(mod.repos, repo_id).repo_handler\n",
        "package/repos/github.py": "class GitHubHandler:\n    pass\n\n\nrepo_handler = GitHubHandler()\n",
        "package/main.py": "from package import repos, views\n\nprint(repos.get_repo('github'), views)\n",
    })
    assert verdict(evidence, "package/profiles.py", "Profile.can_edit_grid", "utility") == "USED"
    assert verdict(evidence, "package/profiles.py", "Profile.can_delete_grid", "utility") == "DEAD"
    assert verdict(evidence, "package/repos/github.py", "repo_handler", "utility") == "USED"


def test_gunicorn_settings_a_method_calling_its_namesake_and_a_module_named_by_its_dotted_path(tmp_path: Path) -> None:
    # junction: gunicorn.conf.py's `workers`; `AuditAdmin.save_model` calling the module's
    # `save_model(...)`; urls.py routing to `junction.proposals.dashboard.proposals_dashboard`.
    evidence = analyze(tmp_path, {
        **APP,
        "gunicorn.conf.py": "workers = 2\nloglevel = 'info'\n",
        "junction/__init__.py": "",
        "junction/base/__init__.py": "",
        "junction/base/admin.py": "def save_model(self, request, obj):\n    obj.save()\n\n\n"
                                  "class AuditAdmin:\n    def save_model(self, request, obj):\n"
                                  "        save_model(self, request, obj)\n\n\nprint(AuditAdmin)\n",
        "junction/proposals/__init__.py": "",
        "junction/proposals/dashboard.py": "def proposals_dashboard(request):\n    return request\n\n\n"
                                          "def stale_view(request):\n    return request\n",
        "junction/urls.py": "import junction.proposals.dashboard\n\nurlpatterns = [\n"
                            "    junction.proposals.dashboard.proposals_dashboard,\n]\n",
    })
    assert verdict(evidence, "gunicorn.conf.py", "workers", "utility") == "USED"
    assert verdict(evidence, "junction/base/admin.py", "save_model", "utility") == "USED"
    assert verdict(evidence, "junction/proposals/dashboard.py", "proposals_dashboard", "utility") == "USED"
    assert verdict(evidence, "junction/proposals/dashboard.py", "stale_view", "utility") == "DEAD"


def test_a_schema_field_reads_the_attribute_of_its_name(tmp_path: Path) -> None:
    # flask-realworld: `favoritesCount = fields.Int()` in ArticleSchema dumps Article.favoritesCount
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/models.py": "class Article:\n    @property\n    def favoritesCount(self):\n        return 1\n\n"
                         "    @property\n    def unread(self):\n        return 0\n",
        "app/serializers.py": "from marshmallow import Schema, fields\n\n\nclass ArticleSchema(Schema):\n"
                              "    favoritesCount = fields.Int()\n\n\narticle_schema = ArticleSchema()\n",
        "app/views.py": "from .models import Article\nfrom .serializers import article_schema\n\n"
                        "print(article_schema.dump(Article()))\n",
    })
    assert verdict(evidence, "app/models.py", "Article.favoritesCount", "utility") == "USED"
    assert verdict(evidence, "app/models.py", "Article.unread", "utility") == "DEAD"


def test_classes_loaded_by_a_dotted_path_have_their_hooks_called_and_default_app_config_is_read(tmp_path: Path) -> None:
    # pycon: NoIndexMiddleware in MIDDLEWARE_CLASSES, TeamPermissionsBackend in AUTHENTICATION_BACKENDS,
    # `default_app_config = "pycon.schedule.apps.ScheduleConfig"` in an app package.
    evidence = analyze(tmp_path, {
        **APP,
        "pycon/__init__.py": "",
        "pycon/settings.py": "MIDDLEWARE_CLASSES = ['pycon.middleware.NoIndexMiddleware']\n"
                             "AUTHENTICATION_BACKENDS = ['pycon.auth.TeamPermissionsBackend']\n",
        "pycon/middleware.py": "class NoIndexMiddleware(object):\n    def process_response(self, request, response):\n"
                               "        return response\n\n    def _helper(self):\n        return 1\n",
        "pycon/auth.py": "class TeamPermissionsBackend(object):\n    def authenticate(self, **credentials):\n        return None\n",
        "pycon/schedule/__init__.py": "default_app_config = 'pycon.schedule.apps.ScheduleConfig'\n",
    })
    assert verdict(evidence, "pycon/middleware.py", "NoIndexMiddleware.process_response", "utility") == "USED"
    assert verdict(evidence, "pycon/auth.py", "TeamPermissionsBackend.authenticate", "utility") == "USED"
    assert verdict(evidence, "pycon/middleware.py", "NoIndexMiddleware._helper", "utility") == "DEAD"
    assert verdict(evidence, "pycon/schedule/__init__.py", "default_app_config", "utility") == "USED"


def test_import_strings_plugin_fixtures_and_duck_typed_interfaces_keep_names(tmp_path: Path) -> None:
    """Round 9 of first contact (uvicorn, valtio): a class named by "module:attr" (an ASGI server's
    import string), a fixture a pytest plugin requests, the methods of a class whose instances
    only outside code calls, and the members of a class whose type a type test checks."""
    evidence = analyze(tmp_path, {
        **APP,
        "requirements.txt": "anyio\npytest\n",
        "app/__init__.py": "",
        "app/ws.py": "class Server:\n    closing = False\n\n    def register(self, ws):\n        pass\n\n"
                     "    def is_serving(self):\n        return not self.closing\n\n\n"
                     "class Helper:\n    def used(self):\n        return 1\n\n    def stale(self):\n        return 2\n\n\n"
                     "def make():\n    Helper().used()\n    return Server()\n",
        "app/main.py": "from app.ws import make\n\nmake()\n",
        "tests/__init__.py": "",
        "tests/conftest.py": "import pytest\n\n\n@pytest.fixture\ndef anyio_backend():\n    return 'asyncio'\n",
        "tests/test_cli.py": "class App:\n    def __call__(self, scope):\n        return scope\n\n\n"
                             "def test_run(runner):\n    assert runner.invoke(['tests.test_cli:App'])\n",
        "tests/snapshot.test.ts": "it('keeps methods', () => {\n  class User {\n    hasRole(role: string) {\n"
                                  "      return role === 'a'\n    }\n  }\n  type A = Snapshot<typeof user>\n"
                                  "  const user = new User()\n  expectTypeOf<A>().toEqualTypeOf<B>()\n})\n",
    })
    assert verdict(evidence, "tests/test_cli.py", "App", "utility") == "USED"
    assert "tests.test_cli.App" in detail(evidence, "tests/test_cli.py", "App", "utility")
    assert "anyio pytest plugin" in detail(evidence, "tests/conftest.py", "anyio_backend", "utility")
    assert "type test" in detail(evidence, "tests/snapshot.test.ts", "User.hasRole", "utility")
    for name in ("Server.register", "Server.is_serving"):
        found = evidence.for_symbol("app/ws.py", name)["utility"]
        assert not found.report and "none of its methods is called in the project" in found.detail, name
    stale = evidence.for_symbol("app/ws.py", "Helper.stale")["utility"]  # its class's other method is called
    assert (stale.verdict, stale.report) == ("DEAD", True) and "none of its methods" not in stale.detail, stale.detail


def test_project_templates_framework_components_and_classic_scripts_keep_names(tmp_path: Path) -> None:
    """Round 10 of first contact: files a scaffolder copies into new projects (create-t3-app's
    cli/template/), components an .astro page imports by default under its own name, and the
    globals of classic browser scripts another script calls (healthchecks' static/js)."""
    evidence = analyze(tmp_path, {
        "cli/package.json": '{"name": "create-x", "bin": {"create-x": "dist/index.js"}}\n',
        "cli/src/index.ts": "import path from 'path'\nconsole.log(path.join(__dirname, 'template/extras/db.ts'))\n",
        "cli/template/extras/db.ts": "export const db = connect()\nfunction connect() {\n  return 1\n}\n",
        "www/package.json": '{"name": "www", "private": true}\n',
        "www/src/pages/about.astro": '---\nimport Preview from "../components/cli";\n---\n<Preview />\n',
        "www/src/components/cli.tsx": "export default function CodeCard() {\n  return null\n}\n",
        "www/src/components/orphan.tsx": "export default function Orphan() {\n  return null\n}\n",
        "static/js/ping.js": "function loadPing(url) {\n  return fetch(url)\n}\n\nfunction unusedHelper() {\n  return 2\n}\n",
        "static/js/details.js": "document.body.onclick = function() {\n  loadPing('/x')\n}\n",
    })
    assert "project template" in detail(evidence, "cli/template/extras/db.ts", "db", "utility")
    card = evidence.for_symbol("www/src/components/cli.tsx", "CodeCard")["utility"]
    assert not card.report and "appears in www/src/pages/about.astro, which was not scanned" in card.detail
    assert evidence.for_symbol("www/src/components/orphan.tsx", "Orphan")["utility"].report
    assert "classic script" in detail(evidence, "static/js/ping.js", "loadPing", "utility")
    assert evidence.for_symbol("static/js/ping.js", "unusedHelper")["utility"].report


def test_vue_aliases_vuex_modules_class_expressions_and_handed_on_modules_keep_names(tmp_path: Path) -> None:
    """Round 11 of first contact (vue-realworld, pino): `@/` imports of a Vue CLI app, a Vuex
    module exported where declared and read by its default export, a class expression known by
    its binding, a CommonJS module object handed on whole, a nested destructuring require, and
    the declarations of a tstyche type test."""
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "app", "private": true, "main": "src/main.js"}\n',
        "src/main.js": 'import store from "./store/article"\nimport { ArticlesService } from "@/common/api"\n'
                       "ArticlesService.get(store)\n",
        "src/common/api.js": "export const ArticlesService = { get(x) { return x } }\n"
                             "export const UnusedService = { get(x) { return x } }\n",
        "src/store/article.js": "export const mutations = { set(state) { return state } }\n"
                                "const getters = {}\nexport default {\n  getters,\n  mutations\n}\n",
        "src/store/settings.js": "export const mutations = { set(state) { return state } }\n"
                                 "export default {\n  mutations\n}\n",  # a Vuex module nothing registers
        "lib/package.json": '{"name": "logger", "main": "pino.js"}\n',
        "lib/pino.js": "const symbols = require('./symbols')\nconst { promises: { readFile } } = require('node:fs')\n"
                       "const constructor = class Pino {}\nmodule.exports = { constructor, readFile }\n"
                       "module.exports.symbols = symbols\n",
        "lib/symbols.js": "const levelSym = Symbol('level')\nconst labelsSym = Symbol('labels')\n"
                          "module.exports = { levelSym, labelsSym }\n",
        "lib/test/types/pino.tst.ts": "import pino from '../../pino'\nconst log2 = pino({ level: 'info' })\n",
    })
    assert verdict(evidence, "src/common/api.js", "ArticlesService", "utility") == "USED"
    assert evidence.for_symbol("src/common/api.js", "UnusedService")["utility"].report
    assert verdict(evidence, "src/store/article.js", "mutations", "utility") == "USED"
    assert evidence.for_symbol("src/store/settings.js", "mutations")["utility"].report
    assert verdict(evidence, "lib/pino.js", "constructor", "utility") == "USED"
    assert verdict(evidence, "lib/symbols.js", "labelsSym", "utility") == "USED"
    assert "type test" in detail(evidence, "lib/test/types/pino.tst.ts", "log2", "utility")
    assert not [f.message for f in evidence.findings if f.message.startswith("unused import")]


def test_sveltekit_files_lib_alias_runner_set_up_and_global_object_keep_names(tmp_path: Path) -> None:
    """Round 12 of first contact (svelte-realworld, node-express-realworld): SvelteKit's route and
    hook files, its `$lib` alias, the files a jest configuration loads by path, and a `var` the
    global set-up hands to the tear-down through `globalThis`."""
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "app", "private": true, "devDependencies": {"@sveltejs/kit": "2", "jest": "29"}}\n',
        "src/hooks.server.js": "export async function handle({ event, resolve }) {\n  return resolve(event)\n}\n",
        "src/routes/+page.server.js": "import { page_size } from '$lib/constants.js'\n"
                                      "export async function load() {\n  return { page_size }\n}\n",
        "src/lib/constants.js": "export const page_size = 10\nexport const unused_size = 20\n",
        "e2e/jest.config.ts": "export default {\n  globalSetup: '<rootDir>/src/support/global-setup.ts',\n"
                              "  globalTeardown: '<rootDir>/src/support/global-teardown.ts',\n"
                              "  testEnvironment: 'node',\n}\n",
        "e2e/src/support/global-setup.ts": "var __TEARDOWN_MESSAGE__: string;\n\nmodule.exports = async function () {\n"
                                           "  globalThis.__TEARDOWN_MESSAGE__ = 'bye'\n}\n",
        "e2e/src/support/global-teardown.ts": "module.exports = async function () {\n"
                                              "  console.log(globalThis.__TEARDOWN_MESSAGE__)\n}\n",
    })
    assert "SvelteKit hooks" in detail(evidence, "src/hooks.server.js", "handle", "utility")
    assert "SvelteKit route" in detail(evidence, "src/routes/+page.server.js", "load", "utility")
    assert verdict(evidence, "src/lib/constants.js", "page_size", "utility") == "USED"
    assert evidence.for_symbol("src/lib/constants.js", "unused_size")["utility"].report
    assert "globalSetup in e2e/jest.config.ts" in detail(evidence, "e2e/src/support/global-setup.ts", "default", "utility")
    assert "global object" in detail(evidence, "e2e/src/support/global-setup.ts", "__TEARDOWN_MESSAGE__", "utility")


def test_a_name_two_imports_bind_keeps_both_sources(tmp_path: Path) -> None:
    """sqlmodel: `from ._compat import UndefinedType`, then `if TYPE_CHECKING: from pydantic_core
    import PydanticUndefinedType as UndefinedType`. References resolve to the second binding, but
    at run time the first one is what they read."""
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/_compat.py": "class UndefinedType:\n    pass\n\n\nclass Stale:\n    pass\n",
        "app/main.py": "from typing import TYPE_CHECKING\n\nfrom ._compat import UndefinedType\n\n"
                       "if TYPE_CHECKING:\n    from pydantic_core import PydanticUndefinedType as UndefinedType\n\n\n"
                       "def check(x):\n    return isinstance(x, UndefinedType)\n\n\ncheck(1)\n",
    })
    assert verdict(evidence, "app/_compat.py", "UndefinedType", "utility") == "USED"
    assert evidence.for_symbol("app/_compat.py", "Stale")["utility"].report


def test_an_unread_name_whose_value_calls_something_is_not_a_deletion_finding(tmp_path: Path) -> None:
    """`var tips = nodes.map(n => new Tooltip(n))`: nothing reads `tips`, but the call runs for its effect;
    a finding telling the user to delete the statement would break the page."""
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "web", "private": true}',
        "src/app.js": "const nodes = document.querySelectorAll('[data-tip]')\n"
                      "var tips = [...nodes].map(n => new Tooltip(n))\nconst LIMIT = 3\n"
                      "const label = translate('Sources')\nfunction translate(s) {\n  return s\n}\n",
    })
    tips = evidence.for_symbol("src/app.js", "tips")["utility"]
    assert tips.verdict == "DEAD" and tips.confidence < 70 and "may run for its effect" in tips.detail
    assert evidence.for_symbol("src/app.js", "LIMIT")["utility"].confidence >= 70
    assert evidence.for_symbol("src/app.js", "label")["utility"].confidence >= 70  # a pure value dies with its name


def test_every_package_json_export_subpath_is_an_entry_and_the_evidence_counts_them(tmp_path: Path) -> None:
    # A library that maps `.`, `./browser` and `./core/*` to built files under lib/: each subpath's source
    # under src/ is public API, and a DEAD finding's evidence says there is more than the first entry.
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "lib", "exports": {".": {"import": "./lib/core/index.mjs"}, "./browser": '
                        '{"browser": {"default": "./lib/browser/index.mjs"}, "node": null}, '
                        '"./core/*": "./lib/core/*.mjs"}}',
        "src/core/index.ts": "export const core = 1\n",
        "src/browser/index.ts": "export function setupWorker() { return 1 }\n",
        "src/core/http.ts": "export const http = { get() { return 1 } }\n",
        "src/browser/glossary.ts": "export type StartHandler = () => void\n",
    })
    for path, name in (("src/core/index.ts", "core"), ("src/browser/index.ts", "setupWorker"),
                       ("src/core/http.ts", "http")):
        assert verdict(evidence, path, name, "utility") == "USED", name
    dead = evidence.for_symbol("src/browser/glossary.ts", "StartHandler")["utility"]
    assert dead.verdict == "DEAD"
    assert re.search(r"src/core/index.ts \(./lib/core/index.mjs\) and 2 more\b", dead.detail), dead.detail


def test_a_name_exported_under_another_name_says_so_when_dead(tmp_path: Path) -> None:
    # `module.exports = config` is the export of `config` (as the module's default), not a reference:
    # a file nothing loads leaves it DEAD, and the evidence shows the export rather than only "0 references".
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "app", "private": true, "main": "src/index.js"}',
        "src/index.js": "console.log(1)\n",
        "src/orphan.cjs": "const settings = { a: 1 }\nmodule.exports = settings\n",
    })
    dead = evidence.for_symbol("src/orphan.cjs", "settings")["utility"]
    assert dead.verdict == "DEAD"
    assert "exported as `default` at line 2, which no file imports" in dead.detail, dead.detail


def test_a_codemods_golden_fixtures_are_test_inputs(tmp_path: Path) -> None:
    # A transform's tests run it on `__testfixtures__/<case>/input.ts` and compare with `output.ts`:
    # what those files declare or import is their content, not code to prune.
    files = {
        "package.json": '{"name": "codemod", "private": true, "main": "src/index.ts"}',
        "src/index.ts": "export default function transform(source: string) { return source }\n",
        "__testfixtures__/any-schema/input.ts": "import { z } from 'zod'\nimport { never } from 'zod'\n\n"
                                                "const Schema3 = z.any()\n",
        "__testfixtures__/any-schema/output.ts": "import * as v from 'valibot'\n\nconst Schema3 = v.any()\n",
    }
    evidence = analyze(tmp_path, files)
    for path in ("__testfixtures__/any-schema/input.ts", "__testfixtures__/any-schema/output.ts"):
        assert verdict(evidence, path, "Schema3", "utility") == "USED", path
        assert evidence.findings_for(path) == [], path


def test_a_hybrid_property_s_accessor_under_another_name_is_registered(tmp_path: Path) -> None:
    # SQLAlchemy 2's in-place hybrid style: `@type.inplace.setter def _type_setter` is called by `type`.
    evidence = analyze(tmp_path, {
        "app/__init__.py": "",
        "app/models.py": "from sqlalchemy.ext.hybrid import hybrid_property\n\n\nclass Customer:\n"
                         "    @hybrid_property\n    def kind(self):\n        return self._kind\n\n"
                         "    @kind.inplace.setter\n    def _kind_setter(self, value):\n        self._kind = value\n\n"
                         "    @kind.inplace.expression\n    @classmethod\n    def _kind_expression(cls):\n        return cls._kind\n\n"
                         "    def _forgotten(self):\n        return 1\n",
        "app/main.py": "from app.models import Customer\n\nc = Customer()\nc.kind = 'company'\nprint(c.kind)\n",
    })
    for name in ("Customer._kind_setter", "Customer._kind_expression"):
        assert verdict(evidence, "app/models.py", name, "utility") == "USED", name
    assert verdict(evidence, "app/models.py", "Customer._forgotten", "utility") == "DEAD"


def test_unused_imports_the_projects_linter_configuration_expects_are_no_finding(tmp_path: Path) -> None:
    # server/pyproject.toml tells ruff that migrations keep their template's imports; setup.cfg tells
    # flake8 the same of a compatibility module. Elsewhere an unused import stays a finding.
    evidence = analyze(tmp_path, {
        "server/pyproject.toml": '[tool.ruff.lint.per-file-ignores]\n"migrations/*" = [\n  "F401", # unused import\n]\n'
                                 '"scripts/*" = ["T20"]\n',
        "server/migrations/versions/0001_init.py": "import sqlalchemy as sa\nfrom alembic import op\n\n"
                                                   "revision = '0001'\ndown_revision = None\n\n\ndef upgrade():\n"
                                                   "    op.drop_table('x')\n",
        "server/scripts/seed.py": "import os\n\nprint('seed')\n",
        "setup.cfg": "[flake8]\nper-file-ignores =\n    lib/compat.py: F401, E501\n    lib/other.py: E501\n",
        "lib/__init__.py": "", "lib/compat.py": "import json\n\nVERSION = 1\n", "lib/other.py": "import json\n\nVERSION = 2\n",
    })
    unused = {(f.path, f.message.split(" (from")[0]) for f in evidence.findings if f.rule == "dead/unused-import"}
    assert ("server/migrations/versions/0001_init.py", "unused import sa") not in unused
    assert ("lib/compat.py", "unused import json") not in unused
    assert ("server/scripts/seed.py", "unused import os") in unused and ("lib/other.py", "unused import json") in unused


def test_a_workspace_package_is_imported_by_its_name(tmp_path: Path) -> None:
    # An npm workspace: the app imports `@acme/trpc/server/user.types` (a deep path of a package with no
    # exports map) and `@acme/lib` (its entry, a built path whose source is under src/).
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "acme", "private": true, "workspaces": ["apps/*", "packages/*"]}',
        "apps/web/package.json": '{"name": "@acme/web", "private": true, "scripts": {"dev": "node server.js"}}',
        "apps/web/server.js": "import { TUser } from '@acme/trpc/server/user.types'\nimport { slug } from '@acme/lib'\n"
                              "console.log(TUser, slug('a'))\n",
        "packages/trpc/package.json": '{"name": "@acme/trpc", "private": true, "main": "./index.ts"}',
        "packages/trpc/index.ts": "export const router = {}\n",
        "packages/trpc/server/user.types.ts": "export const TUser = 'user'\nexport const TLeftover = 'gone'\n",
        "packages/lib/package.json": '{"name": "@acme/lib", "private": true, "exports": {".": {"import": "./dist/index.mjs"}}}',
        "packages/lib/src/index.ts": "export function slug(text: string) { return text.toLowerCase() }\n",
    })
    assert verdict(evidence, "packages/trpc/server/user.types.ts", "TUser", "utility") == "USED"
    assert verdict(evidence, "packages/lib/src/index.ts", "slug", "utility") == "USED"
    assert verdict(evidence, "packages/trpc/server/user.types.ts", "TLeftover", "utility") == "DEAD"


def test_a_private_package_of_a_private_monorepo_is_internal_not_published(tmp_path: Path) -> None:
    # homarr: every package of the pnpm workspace is private, and each maps `exports` for the others: nothing
    # goes to a registry, so an export no package imports is dead, not a library's API. A private package at
    # the root that maps `exports` is still published from a build step (its package.json copied to dist/).
    monorepo = {
        "package.json": '{"name": "acme", "private": true}',
        "apps/web/package.json": '{"name": "@acme/web", "private": true, "scripts": {"dev": "node server.js"}}',
        "apps/web/server.js": "import { slug } from '@acme/lib'\nconsole.log(slug('a'))\n",
        "packages/lib/package.json": '{"name": "@acme/lib", "private": true, "exports": {".": "./src/index.ts"}}',
        "packages/lib/src/index.ts": "export function slug(text: string) { return text.toLowerCase() }\nexport const leftover = 1\n",
    }
    evidence = analyze(tmp_path / "monorepo", monorepo)
    assert verdict(evidence, "packages/lib/src/index.ts", "slug", "utility") == "USED"
    assert verdict(evidence, "packages/lib/src/index.ts", "leftover", "utility") == "DEAD"
    evidence = analyze(tmp_path / "built", {
        "package.json": '{"name": "lib", "private": true, "exports": {".": "./dist/index.js"}}',
        "src/index.ts": "export function slug(text: string) { return text.toLowerCase() }\n",
    })
    assert verdict(evidence, "src/index.ts", "slug", "utility") == "USED"


def test_a_project_decorator_that_stores_the_function_and_hands_it_back_registers_it(tmp_path: Path) -> None:
    # `@cl.on_message`: the decorator wraps the handler into config and returns it unchanged; a decorator
    # that returns its wrapper instead (a timing decorator) registers nothing.
    evidence = analyze(tmp_path, {
        "chat/__init__.py": "from chat.callbacks import on_message, timed\n",
        "chat/callbacks.py": "class _Config:\n    on_message = None\n\n\nconfig = _Config()\n\n\ndef on_message(func):\n"
                             "    async def with_parent(message):\n        return await func(message)\n\n"
                             "    config.on_message = with_parent\n    return func\n\n\ndef timed(func):\n"
                             "    def wrapper(*args):\n        return func(*args)\n\n    return wrapper\n",
        "app/__init__.py": "",
        "app/main.py": "import chat as cl\n\n\n@cl.on_message\nasync def _answer(message):\n    return message\n\n\n"
                       "@cl.timed\ndef _forgotten():\n    return 1\n",
    })
    assert verdict(evidence, "app/main.py", "_answer", "utility") == "USED"
    assert verdict(evidence, "app/main.py", "_forgotten", "utility") == "DEAD"


def test_a_frameworks_own_repository_finds_subclasses_of_its_discovering_base(tmp_path):
    # The framework's own tests and scripts subclass its base as its users do, to be found by it
    # (a spider loader, a test that runs `crawl <name>`): the base is a project class there.
    evidence = analyze(tmp_path, {
        "pyproject.toml": '[project]\nname = "scrapy"\n',
        "scrapy/__init__.py": "from scrapy.spiders import Spider\n",
        "scrapy/spiders/__init__.py": "class Spider:\n    name = None\n",
        "tests/spiders/normal.py": "from scrapy import Spider\n\n\nclass NormalSpider(Spider):\n    name = 'normal'\n",
        "extras/bench.py": "from scrapy.spiders import Spider\n\n\nclass BenchSpider(Spider):\n    name = 'bench'\n\n\n"
                           "class Helper:\n    pass\n",
    })
    assert verdict(evidence, "tests/spiders/normal.py", "NormalSpider", "utility") == "USED"
    assert verdict(evidence, "extras/bench.py", "BenchSpider", "utility") == "USED"
    assert "the framework this project is" in detail(evidence, "extras/bench.py", "BenchSpider", "utility")
    assert verdict(evidence, "extras/bench.py", "Helper", "utility") == "DEAD"


def test_an_import_that_finds_a_declaration_file_uses_the_implementation_beside_it(tmp_path: Path) -> None:
    # `@/components/EmptyState` with EmptyState.d.ts and EmptyState.jsx side by side: the bundler
    # loads the .jsx, the type checker reads the .d.ts; both are used.
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "app", "private": true, "scripts": {"start": "webpack serve"}}',
        "tsconfig.json": '{"compilerOptions": {"baseUrl": "./", "paths": {"@/*": ["./app/*"]}}}',
        "app/index.tsx": "import EmptyState, { HelpMessage } from '@/components/EmptyState'\n"
                         "console.log(EmptyState, HelpMessage)\n",
        "app/components/EmptyState.d.ts": "export interface EmptyStateProps { header?: string }\n"
                                          "export declare const HelpMessage: unknown\n"
                                          "export default function EmptyState(props: EmptyStateProps): unknown\n",
        "app/components/EmptyState.jsx": "export function HelpMessage() { return null }\n"
                                         "export default function EmptyState() { return null }\n"
                                         "export function Unused() { return null }\n",
    })
    assert verdict(evidence, "app/components/EmptyState.jsx", "HelpMessage", "utility") == "USED"
    assert verdict(evidence, "app/components/EmptyState.jsx", "EmptyState", "utility") == "USED"
    assert verdict(evidence, "app/components/EmptyState.d.ts", "EmptyStateProps", "utility") == "USED"
    assert verdict(evidence, "app/components/EmptyState.jsx", "Unused", "utility") == "DEAD"


def test_a_value_handed_to_a_function_that_keeps_it_is_registered(tmp_path: Path) -> None:
    # `export const actionSave = register({...})`: register appends the action to the list the UI
    # renders by name and hands it back typed; nothing needs to import actionSave. A value from a
    # call that keeps nothing stays dead when no one reads it.
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "app", "private": true, "scripts": {"start": "vite"}}',
        "src/register.ts": "export let actions: unknown[] = []\n"
                           "export const register = <T,>(action: T) => {\n"
                           "  actions = actions.concat(action)\n"
                           "  return action as T & {\n    keyTest?: unknown\n  }\n}\n"
                           "export const build = <T,>(action: T) => ({ ...action })\n",
        "src/actions.ts": "import { register, build } from './register'\n"
                          "export const actionSave = register({ name: 'save' })\n"
                          "export const actionDraft = build({ name: 'draft' })\n",
        "src/main.ts": "import './actions'\nimport { actions } from './register'\nconsole.log(actions)\n",
    })
    assert verdict(evidence, "src/actions.ts", "actionSave", "utility") == "USED"
    assert "keeps it and hands it back" in detail(evidence, "src/actions.ts", "actionSave", "utility")
    assert verdict(evidence, "src/actions.ts", "actionDraft", "utility") == "DEAD"


def test_a_librarys_own_testing_package_offers_its_names(tmp_path: Path) -> None:
    # `alembic.testing`: the test-support package a library ships for the authors of its dialects and
    # plugins; what its `__init__` imports is theirs to call, whatever the project's own tests use.
    evidence = analyze(tmp_path, {
        "pyproject.toml": '[project]\nname = "migrate"\n',
        "migrate/__init__.py": "from migrate.core import upgrade\n",
        "migrate/core.py": "def upgrade():\n    return 1\n",
        "migrate/testing/__init__.py": "from migrate.testing.assertions import expect_deprecated\n",
        "migrate/testing/assertions.py": "def expect_deprecated():\n    return 2\n\n\ndef _private_helper():\n    return 3\n",
    })
    assert verdict(evidence, "migrate/testing/assertions.py", "expect_deprecated", "utility") == "USED"
    assert "test-support package the library ships" in detail(evidence, "migrate/testing/assertions.py",
                                                               "expect_deprecated", "utility")
    assert verdict(evidence, "migrate/testing/assertions.py", "_private_helper", "utility") == "DEAD"


def test_a_dynamic_import_of_a_wrapper_uses_what_it_re_exports(tmp_path: Path) -> None:
    # `const { generateEntrypoints } = await import('../../scripts/entrypoints.js')` in a package's build
    # configuration, where entrypoints.js only re-exports the TypeScript module's function.
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "mono", "private": true, "workspaces": ["packages/*"]}',
        "packages/server/package.json": '{"name": "server", "private": true, "scripts": {"build": "tsdown"}}',
        "packages/server/tsdown.config.ts": "export default {\n  onSuccess: async () => {\n"
                                            "    const { generateEntrypoints } = await import(\n"
                                            "      '../../scripts/entrypoints.js'\n    );\n"
                                            "    await generateEntrypoints([]);\n  },\n}\n",
        "scripts/entrypoints.js": "export { generateEntrypoints } from './entrypoints.ts';\n",
        "scripts/entrypoints.ts": "export function generateEntrypoints(input: string[]) { return input }\n"
                                  "export function unusedHelper() { return 1 }\n",
    })
    assert verdict(evidence, "scripts/entrypoints.ts", "generateEntrypoints", "utility") == "USED"
    assert verdict(evidence, "scripts/entrypoints.ts", "unusedHelper", "utility") == "DEAD"


def test_modules_of_a_folder_its_index_loads_whole_are_loaded(tmp_path: Path) -> None:
    # tasks/index.ts: `requireDirectory(__dirname).forEach(([module, id]) => tasks[id] = module.default)`
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "server", "private": true, "scripts": {"start": "node dist/main.js"}}',
        "src/main.ts": "import tasks from './tasks'\nconsole.log(tasks)\n",
        "src/tasks/index.ts": "import { requireDirectory } from '../fs'\n"
                              "const tasks = {}\nrequireDirectory<{ default: unknown }>(__dirname).forEach("
                              "([module, id]) => { tasks[id] = module.default })\nexport default tasks\n",
        "src/tasks/CleanupTask.ts": "export default class CleanupTask {}\n",
        "src/fs.ts": "export function requireDirectory<T>(dir: string): [T, string][] { return [] }\n"
                     "export function unusedFs() { return 1 }\n",
    })
    assert verdict(evidence, "src/tasks/CleanupTask.ts", "CleanupTask", "utility") == "USED"
    assert "loaded with every module of its folder by src/tasks/index.ts" in detail(
        evidence, "src/tasks/CleanupTask.ts", "CleanupTask", "utility")
    assert verdict(evidence, "src/fs.ts", "unusedFs", "utility") == "DEAD"


def test_a_method_taken_by_destructuring_is_read(tmp_path: Path) -> None:
    # `const { fetchChildDocuments } = documents` in a component: the store's method is read by name.
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "app", "private": true, "scripts": {"start": "vite"}}',
        "src/main.ts": "import { DocumentsStore } from './store'\nconst documents = new DocumentsStore()\n"
                       "function Sidebar() {\n  const { fetchChildDocuments } = documents\n"
                       "  return fetchChildDocuments()\n}\nconsole.log(Sidebar())\n",
        "src/store.ts": "export class DocumentsStore {\n  fetchChildDocuments() { return [] }\n"
                        "  unusedMethod() { return 1 }\n}\n",
    })
    assert verdict(evidence, "src/store.ts", "DocumentsStore.fetchChildDocuments", "utility") == "USED"
    assert verdict(evidence, "src/store.ts", "DocumentsStore.unusedMethod", "utility") == "DEAD"


def test_the_pytest_configuration_collects_classes_and_functions_by_its_own_patterns(tmp_path: Path) -> None:
    # `python_classes = test_*` in setup.cfg: pytest collects `class test_Channel`; a helper class stays dead.
    evidence = analyze(tmp_path, {
        "setup.cfg": "[tool:pytest]\ntestpaths = t/unit/\npython_classes = test_*\npython_functions = check_*\n",
        "t/unit/test_redis.py": "class test_Channel:\n    def test_basic(self):\n        assert True\n\n"
                                "    def check_more(self):\n        assert True\n\n\n"
                                "class Helper:\n    def _private(self):\n        return 1\n\n\n"
                                "def check_alone():\n    assert True\n",
    })
    assert verdict(evidence, "t/unit/test_redis.py", "test_Channel", "utility") == "USED"
    assert verdict(evidence, "t/unit/test_redis.py", "test_Channel.check_more", "utility") == "USED"
    assert verdict(evidence, "t/unit/test_redis.py", "check_alone", "utility") == "USED"
    assert verdict(evidence, "t/unit/test_redis.py", "Helper._private", "utility") == "DEAD"


@pytest.mark.parametrize("start", ["sandbox/manage.py", "docs/code/manage.py"])
def test_a_librarys_sandbox_site_does_not_make_it_an_application(tmp_path: Path, start: str) -> None:
    # A Django library with a demo site in sandbox/ (its own manage.py), or its tutorial's project under docs/
    # (django-tastypie, round 53): the library's public names stay API.
    evidence = analyze(tmp_path, {
        "pyproject.toml": '[project]\nname = "shop"\n',
        "src/shop/__init__.py": "from shop.models import Basket\n",
        "src/shop/models.py": "class Basket:\n    def total(self):\n        return 0\n\n\ndef public_helper():\n"
                              "    return 1\n",
        start: "import sys\n\nif __name__ == '__main__':\n    print(sys.argv)\n",
    })
    assert verdict(evidence, "src/shop/models.py", "Basket.total", "utility") != "DEAD"
    assert verdict(evidence, "src/shop/models.py", "public_helper", "utility") != "DEAD"


def test_round_14_conventions_a_js_test_double_gettext_and_a_workaround_import(tmp_path: Path) -> None:
    # A fake IntersectionObserver a test installs globally (the component calls its methods); gettext's
    # `_` marker; an import a comment calls a workaround (for an API extractor); a helper stays dead.
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "app", "private": true, "scripts": {"start": "vite"}}',
        "src/Row.test.tsx": "class IntersectionObserver {\n  observe() {}\n  unobserve() {}\n  takeRecords() { return [] }\n"
                            "  #secret() { return 1 }\n}\nglobalThis.IntersectionObserver = IntersectionObserver\n"
                            "it('renders', () => { expect(1).toBe(1) })\n",
        "src/setup.ts": "import type {\n  Dispatch, // Workaround for API-Extractor\n} from './types'\n"
                        "export function setup() { return 1 }\n",
        "src/types.ts": "export type Dispatch = () => void\n",
        "src/main.ts": "import { setup } from './setup'\nconsole.log(setup())\n",
        "app/utils.py": "def _(text):\n    return text\n\n\nMESSAGE = _('hello')\n",
        "app/__main__.py": "from app.utils import MESSAGE\n\nprint(MESSAGE)\n",
    })
    assert verdict(evidence, "src/Row.test.tsx", "IntersectionObserver.unobserve", "utility") == "USED"
    assert verdict(evidence, "src/Row.test.tsx", "IntersectionObserver.takeRecords", "utility") == "USED"
    assert not [f for f in evidence.findings if f.path == "src/setup.ts" and f.axis == "utility"]
    assert evidence.for_symbol("app/utils.py", "_")["utility"].verdict != "LOW_VALUE"


def test_modules_a_tool_loads_by_path_config_modules_and_a_login_protocol_without_its_mixin(tmp_path: Path) -> None:
    # A tool's configuration names modules by relative path (an app's config plugin, a test reporter);
    # `karma.sauce.conf.js` is a tool's configuration file; a Flask app's `configs/` modules are loaded
    # by app.config; Flask-Login calls its protocol on whatever user class the loader returns.
    evidence = analyze(tmp_path, {
        **APP,
        "package.json": '{"name": "web", "private": true, "scripts": {"sauce": "karma start karma.sauce.conf.js"}}',
        "app.config.js": "import { helper } from './lib/helper.js'\n"
                         "export default { plugins: ['./plugins/camera.js'], name: helper() }\n",
        "plugins/camera.js": "module.exports = function withCamera(config) { return config }\n",
        "lib/helper.js": "export function helper() { return 'x' }\nexport function otherHelper() { return 'y' }\n",
        "karma.sauce.conf.js": "module.exports = function (config) { config.set({}) }\n",
        "requirements.txt": "flask\nflask-login\n",
        "wsgi.py": "from app import create_app\n\napp = create_app()\n",
        "app/__init__.py": "from flask import Flask\n\nfrom .models import User\n\n\n"
                           "def create_app():\n    app = Flask(__name__)\n    app.config.from_pyfile('../configs/development.py')\n"
                           "    return app, User\n",
        "app/models.py": "class User:\n    def get_id(self):\n        return '1'\n\n    @property\n    def is_active(self):\n"
                         "        return True\n\n    def forgotten(self):\n        return 2\n",
        "configs/development.py": "CAPTCHA_WIDTH = 160\n",
        "env-config/config-docker.py": "MAIL_PASSWORD = 'x'\n",
    })
    assert verdict(evidence, "plugins/camera.js", "withCamera", "utility") == "USED"
    assert "loaded by path from app.config.js" in detail(evidence, "plugins/camera.js", "withCamera", "utility")
    # a module the configuration imports is followed name by name, not taken whole
    assert verdict(evidence, "lib/helper.js", "otherHelper", "utility") == "DEAD"
    assert verdict(evidence, "karma.sauce.conf.js", "default", "utility") == "USED"
    for path, name in (("configs/development.py", "CAPTCHA_WIDTH"), ("env-config/config-docker.py", "MAIL_PASSWORD")):
        assert verdict(evidence, path, name, "utility") == "USED", path
    for name in ("User.get_id", "User.is_active"):
        assert f"protocol method {name[5:]}" in detail(evidence, "app/models.py", name, "utility"), name
    assert "protocol method" not in detail(evidence, "app/models.py", "User.forgotten", "utility")


def test_a_module_calling_a_classic_script_s_global_keeps_it(tmp_path: Path) -> None:
    """pyodide (round 43): emscripten's `--pre-js` file is a classic script whose top-level functions are
    globals, and an ES module calls one without importing it. A module's own definition or import of the
    same name is its own, not the script's."""
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "app", "private": true, "scripts": {"build": "node build.mjs"}}\n',
        "build.mjs": "import { run } from './src/suspenders.mjs'\nrun()\n",
        "src/pre.js": "function wasmFunctionType(fn) {\n  return fn.type\n}\n\nfunction describe(x) {\n  return x\n}\n"
                      "\n\nfunction unusedPre() {\n  return 3\n}\n",
        "src/suspenders.mjs": "import { describe } from './describe.mjs'\n\nexport function run(f) {\n"
                              "  return [wasmFunctionType(f), describe(f), unusedPre2()]\n}\n\nfunction unusedPre2() {\n"
                              "  return unusedPre\n}\n",
        "src/describe.mjs": "export function describe(x) {\n  return String(x)\n}\n",
    })
    assert "named by the module src/suspenders.mjs" in detail(evidence, "src/pre.js", "wasmFunctionType", "utility")
    assert verdict(evidence, "src/pre.js", "describe", "utility") == "DEAD"  # the module imports its own describe


def test_ambient_declarations_are_no_dead_code(tmp_path: Path) -> None:
    """pyodide's src/js/types.ts (round 43): a `declare global { ... }` block declares globals other files
    name without an import; a `declare module 'pkg'` block augments the package's types. Neither is a
    finding; a plain unused export beside them still is."""
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "app", "private": true, "main": "src/index.ts"}\n',
        "src/index.ts": "import { helper } from './util'\nexport function main() {\n  _dump_traceback()\n  return helper()\n}\n",
        "src/util.ts": "export function helper() {\n  return 1\n}\n\nexport function unusedUtil() {\n  return 2\n}\n",
        "src/types.ts": "export {};\n\ndeclare global {\n  export const _dump_traceback: () => void;\n"
                        "  export const UTF8ArrayToString: (a: Uint8Array) => string;\n}\n\n"
                        "declare module 'pinia' {\n  export interface PiniaCustomProperties {\n    router: string\n  }\n}\n",
    })
    for name in ("_dump_traceback", "UTF8ArrayToString"):
        found = evidence.for_symbol("src/types.ts", name)["utility"]
        assert not found.report, (name, found)
        if found.verdict == "DEAD":
            assert "`declare global`" in found.detail and found.rule == "dead/guard-ambient-declaration", found
    augmented = evidence.for_symbol("src/types.ts", "PiniaCustomProperties")["utility"]
    assert not augmented.report and (augmented.verdict != "DEAD" or "`declare module`" in augmented.detail)
    assert evidence.for_symbol("src/util.ts", "unusedUtil")["utility"].report


def test_a_typed_identity_function_is_a_compile_time_proof_not_dead_code(tmp_path: Path) -> None:
    """pnpm's config reader (round 46): `const _proofKeysAreExhaustive: Proof = (x) => x` and
    `(carrier: A & B): never => carrier` exist for the type checker, which checks the assignment; an untyped
    identity helper nobody calls is still dead."""
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "app", "private": true, "main": "src/index.ts"}\n',
        "src/index.ts": "import { KEYS } from './keys'\nexport function main() {\n  return KEYS\n}\n",
        "src/keys.ts": "export const KEYS = ['a', 'b'] as const\n\n"
                       "type Proof = (_: Record<typeof KEYS[number], unknown>) => Record<'a' | 'b', unknown>\n\n"
                       "const _proofKeysAreExhaustive: Proof = (x) => x\n\n"
                       "export const _proofNoContradiction = (carrier: 'a' & 'b'): never => carrier\n\n"
                       "const _untypedIdentity = (x) => x\n",
    })
    for name in ("_proofKeysAreExhaustive", "_proofNoContradiction"):
        found = evidence.for_symbol("src/keys.ts", name)["utility"]
        assert not found.report and found.rule == "dead/guard-type-proof", (name, found)
    assert evidence.for_symbol("src/keys.ts", "_untypedIdentity")["utility"].report


def test_a_lazy_import_cached_in_a_module_variable_reads_that_variable(tmp_path: Path) -> None:
    """evennia (round 47): `_STRIP_MXP = None`, then a function declares `global _STRIP_MXP` and imports
    `strip_mxp as _STRIP_MXP` on first use: the module variable holds the cache, and the function reads it.
    A function-level import without `global` binds a local name only."""
    evidence = analyze(tmp_path, {
        **APP,
        "app/ansi.py": "def strip_mxp(text):\n    return text\n",
        "app/inputs.py": "_STRIP_MXP = None\n_UNUSED_CACHE = None\n\n\ndef strip(text):\n    global _STRIP_MXP\n"
                         "    if not _STRIP_MXP:\n        from app.ansi import strip_mxp as _STRIP_MXP\n"
                         "    return _STRIP_MXP(text)\n\n\ndef local(text):\n"
                         "    from app.ansi import strip_mxp as _UNUSED_CACHE\n    return _UNUSED_CACHE(text)\n",
        "manage.py": "from app.inputs import local, strip\n\nprint(strip('x'), local('y'))\n",
    })
    assert verdict(evidence, "app/inputs.py", "_STRIP_MXP", "utility") == "USED"
    assert verdict(evidence, "app/ansi.py", "strip_mxp", "utility") == "USED"
    assert verdict(evidence, "app/inputs.py", "_UNUSED_CACHE", "utility") == "DEAD"
