"""Dead code the analysis must find (issue 10, part 2): dynamic lookups and strings keep
alive only what they can reach, and dead code in tests, unused imports and unused private
names are reported. Each case is a small repository, scanned and analyzed for real."""

from __future__ import annotations

from pathlib import Path

from analysis_helpers import analyze, detail, verdict

APP = {"manage.py": "import sys\n\nprint(sys.argv)\n"}  # a declared start: an application


def _utility(evidence, path: str, name: str):
    return evidence.for_symbol(path, name)["utility"]


def test_getattr_on_a_parameter_keeps_no_name_of_its_module(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/util.py": "def get_value(obj, key, default=None):\n    return getattr(obj, key, default)\n\n\n"
                       "def _orphan():\n    return 1\n",
        "app/main.py": "from .util import get_value\n\nprint(get_value(1, 'real'))\n",
    })
    orphan = _utility(evidence, "app/util.py", "_orphan")
    assert (orphan.verdict, orphan.report) == ("DEAD", True) and orphan.confidence >= 70


def test_getattr_with_a_prefix_keeps_only_names_with_that_prefix(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/visit.py": "class Visitor:\n    def visit(self, node):\n"
                        "        return getattr(self, f'visit_{node.kind}')(node)\n\n"
                        "    def visit_name(self, node):\n        return node\n\n"
                        "    def _unused_helper(self):\n        return 2\n\n\n"
                        "def _module_orphan():\n    return 3\n",
        "app/main.py": "from .visit import Visitor\n\nVisitor().visit(1)\n",
    })
    assert verdict(evidence, "app/visit.py", "Visitor.visit_name", "utility") == "USED"
    assert "visit_" in detail(evidence, "app/visit.py", "Visitor.visit_name", "utility")
    assert verdict(evidence, "app/visit.py", "Visitor._unused_helper", "utility") == "DEAD"
    assert _utility(evidence, "app/visit.py", "_module_orphan").report


def test_globals_and_module_lookups_reach_their_module(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/handlers.py": "def handle_a():\n    return 1\n",
        "app/dispatch.py": "from . import handlers\n\n\ndef run(kind):\n"
                           "    return getattr(handlers, 'handle_' + kind)()\n\n\n"
                           "def cmd_x():\n    return 2\n\n\n"
                           "def call(name):\n    return globals()[name]()\n",
        "app/main.py": "from .dispatch import run, call\n\nrun('a')\ncall('cmd_x')\n",
    })
    assert verdict(evidence, "app/handlers.py", "handle_a", "utility") == "USED"
    assert verdict(evidence, "app/dispatch.py", "cmd_x", "utility") == "USED"


def test_locals_in_top_level_code_lists_the_module_s_names(tmp_path: Path) -> None:
    # aiohttp's setup.py (round 59): `print("* {build_type} build *".format_map(locals()))`; in a function,
    # locals() lists the function's own names, not the module's.
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/build.py": "build_type = 'Pure'\nprint('* {build_type} build *'.format_map(locals()))\n",
        "app/other.py": "unused_kind = 'x'\n\n\ndef show():\n    return '{a}'.format_map(locals())\n",
        "app/main.py": "import app.build\nfrom app.other import show\n\nshow()\n",
    })
    assert verdict(evidence, "app/build.py", "build_type", "utility") == "USED"
    assert verdict(evidence, "app/other.py", "unused_kind", "utility") == "DEAD"


def test_strings_keep_names_alive_only_where_they_can_become_lookups(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/names.py": "def compared_name():\n    return 1\n\n\n"
                        "def dict_key_name():\n    return 2\n\n\n"
                        "def patched_name():\n    return 3\n\n\n"
                        "class Admin:\n    list_display = ('admin_column',)\n\n"
                        "    def admin_column(self, obj):\n        return obj\n",
        "app/main.py": "import app.names\n\n\ndef check(kind, obj, mock):\n"
                       "    mock.setattr(obj, 'patched_name', None)\n"
                       "    data = {'dict_key_name': 1}\n"
                       "    return kind == 'compared_name', data, app.names.Admin\n\n\ncheck(1, 2, 3)\n",
    })
    for name in ("compared_name", "dict_key_name"):
        found = _utility(evidence, "app/names.py", name)
        assert found.verdict == "DEAD" and found.report, name
        assert "the string" in found.detail  # named as a weak hint
    assert verdict(evidence, "app/names.py", "patched_name", "utility") == "USED"
    assert verdict(evidence, "app/names.py", "Admin.admin_column", "utility") == "USED"


def test_conventions_read_exports_and_computed_requires_reach_other_modules(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "web", "private": true, "dependencies": {"next": "14"}}',
        "app/docs/page.tsx": "export default function Page() { return null }\nfunction orphanHelper() { return 1 }\n",
        "src/view.js": "function View(name) { return require(name) }\nfunction unusedStat() { return 2 }\n"
                       "module.exports = View\n",
        "src/main.js": "const View = require('./view')\nView('x')\n",
    })
    assert verdict(evidence, "app/docs/page.tsx", "Page", "utility") == "USED"
    assert _utility(evidence, "app/docs/page.tsx", "orphanHelper").report
    assert _utility(evidence, "src/view.js", "unusedStat").report


def test_unused_fixtures_and_test_helpers_are_dead_test_code(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "def f():\n    return 1\n",
        "tests/conftest.py": "import pytest\n\n\n@pytest.fixture\ndef client():\n    return 1\n\n\n"
                             "@pytest.fixture\ndef unused_fixture():\n    return 2\n\n\n"
                             "@pytest.fixture(name='db')\ndef _db_fixture():\n    return 3\n\n\n"
                             "@pytest.fixture(autouse=True)\ndef reset():\n    yield\n\n\n"
                             "@pytest.fixture\ndef by_string():\n    return 4\n\n\n"
                             "def pytest_configure(config):\n    pass\n",
        "tests/test_app.py": "import pytest\nfrom app import f\n\n\ndef _helper():\n    return f()\n\n\n"
                             "def _unused_helper():\n    return 5\n\n\n"
                             "def test_f(client, db):\n    assert _helper() == client\n\n\n"
                             "@pytest.mark.usefixtures('by_string')\nclass TestThing:\n"
                             "    def setup_method(self):\n        self.x = 1\n\n"
                             "    def test_x(self):\n        assert self._check()\n\n"
                             "    def _check(self):\n        return True\n\n"
                             "    def _stale(self):\n        return False\n\n\n"
                             "class Base:\n    def setup_method(self):\n        pass\n\n\n"
                             "class TestSub(Base):\n    def test_y(self):\n        assert FakeRegistry()\n\n\n"
                             "class FakeRegistry:\n    def Close(self):\n        pass\n",
    })
    for name in ("Base.setup_method", "FakeRegistry.Close"):
        assert verdict(evidence, "tests/test_app.py", name, "utility") == "USED", name
    for name in ("client", "_db_fixture", "reset", "by_string", "pytest_configure"):
        assert verdict(evidence, "tests/conftest.py", name, "utility") == "USED", name
    for name in ("test_f", "_helper", "TestThing.setup_method", "TestThing.test_x", "TestThing._check"):
        assert verdict(evidence, "tests/test_app.py", name, "utility") == "USED", name
    fixture = _utility(evidence, "tests/conftest.py", "unused_fixture")
    assert (fixture.verdict, fixture.report) == ("DEAD", True) and fixture.detail.startswith("unused fixture")
    for name in ("_unused_helper", "TestThing._stale"):
        found = _utility(evidence, "tests/test_app.py", name)
        assert found.verdict == "DEAD" and found.detail.startswith("unused test code"), name
    assert _utility(evidence, "tests/test_app.py", "_unused_helper").report


def test_an_unused_python_import_of_a_module_that_registers_when_loaded_says_to_keep_it(tmp_path: Path) -> None:
    # `from utils.ppo import CustomTrainer` unused, where utils/ppo.py decorates it `@register_trainer`:
    # importing the module registers the trainer that a configuration picks by name
    evidence = analyze(tmp_path, {
        **APP,
        "train.py": "from utils.ppo import CustomTrainer\nfrom utils.plain import helper\n\nprint('train')\n",
        "utils/__init__.py": "",
        "utils/ppo.py": "from trlx import register_trainer\n\n\n@register_trainer\nclass CustomTrainer:\n    pass\n",
        "utils/plain.py": "import functools\n\n\n@functools.lru_cache\ndef helper():\n    return 1\n",
    })
    found = {f.message.split(" (from")[0]: f for f in evidence.findings if f.path == "train.py"}
    trainer = found["unused import CustomTrainer"]
    assert "runs its top-level code (@register_trainer CustomTrainer)" in trainer.message
    assert trainer.action == "remove the name; keep `import utils.ppo` for what its module does when loaded."
    assert "top-level code" not in found["unused import helper"].message and not found["unused import helper"].action


def test_an_unused_name_from_a_module_that_acts_when_loaded_says_to_keep_the_bare_import(tmp_path: Path) -> None:
    # `import { SignInStep } from "./sign-in-step"` where the module calls customElements.define at its top
    # level: the name is unused, but deleting the line would unregister the element
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "web", "private": true, "scripts": {"start": "node src/wizard.js"}}',
        "src/wizard.js": 'import { SignInStep } from "./sign-in-step";\nimport { helper } from "./plain";\n'
                         'document.addEventListener("DOMContentLoaded", () => {});\n',
        "src/sign-in-step.js": "export class SignInStep extends HTMLElement {}\ncustomElements.define('sign-in-step', SignInStep);\n",
        "src/plain.js": "export function helper() {\n  return 1;\n}\n",
        # a declaration file's imports are types: nothing is loaded, there is no bare import to keep
        "types/steps.d.ts": 'import { Wizard } from "../src/sign-in-step";\nexport declare const steps: number;\n',
        "src/typed.ts": 'import type { SignInStep as Step } from "./sign-in-step";\nexport const n = 1;\n',
    })
    found = {f.message.split(" (from")[0]: f for f in evidence.findings if f.message.startswith("unused import")}
    assert set(found) == {"unused import SignInStep", "unused import helper", "unused import Wizard", "unused import Step"}
    for types_only in ("unused import Wizard", "unused import Step"):
        assert "top-level code" not in found[types_only].message and not found[types_only].action, types_only
    step = found["unused import SignInStep"]
    assert "runs its top-level code (customElements.define)" in step.message
    assert step.action.startswith('remove the name; keep `import "./sign-in-step"`')
    assert "top-level code" not in found["unused import helper"].message and not found["unused import helper"].action


def test_unused_imports_are_reported_and_reexports_are_not(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "from .core import run\n",
        "app/core.py": "from __future__ import annotations\n\nimport os\nimport json\nimport app.signals\n"
                       "from typing import TYPE_CHECKING, Any\nfrom .models import Model as Model\n"
                       "from collections import (\n    OrderedDict,\n    defaultdict,\n)\n"
                       "from decimal import Decimal  # noqa: F401\n\nif TYPE_CHECKING:\n    from .models import Other\n\n\n"
                       "def run(x: 'Other') -> Any:\n    return json.dumps(defaultdict(list))\n\n\n"
                       "_UNUSED_CONSTANT = 3\n",
        "app/models.py": "class Model:\n    pass\n\n\nclass Other:\n    pass\n",
        "app/signals.py": "print('registered')\n",
        "app/compat.py": "from urllib.parse import urlparse, quote\n",  # a re-export module
        "app/client.py": "from .compat import urlparse\n\nprint(urlparse)\n",
        "app/tasks.py": "from .models import Model\n",  # imported to be registered
        # tqdm's deprecated _main.py: `from .cli import *` and `from .cli import __all__` (its public names)
        "app/_old.py": "from .core import *  # NOQA\nfrom .core import __all__  # NOQA\nfrom . import __version__\n",
        "web/package.json": '{"name": "web", "private": true}',
        "web/src/main.tsx": "import React from 'react'\nimport { used, unusedName } from './lib'\nimport './side.css'\n"
                            "export const App = () => <div>{used()}</div>\n",
        "web/src/lib.ts": "export const used = () => 1\nexport const unusedName = 2\n",
        # create-react-app writes JSX in .js files: React.createElement needs `React` in scope
        "web/src/Banner.js": "import React from 'react'\n\nexport const Banner = () => <h1>hi</h1>\n",
        "web/src/plain.js": "import React from 'react'\n\nexport const three = 3\n",
    })
    messages = sorted(f.message.split(" (from")[0] for f in evidence.findings if f.message.startswith("unused import"))
    assert messages == ["unused import OrderedDict", "unused import React", "unused import os", "unused import unusedName"]
    assert any(f.path == "web/src/plain.js" for f in evidence.findings if f.message.startswith("unused import React"))
    constant = _utility(evidence, "app/core.py", "_UNUSED_CONSTANT")
    assert (constant.verdict, constant.report) == ("DEAD", True)


def test_external_bases_keep_a_class_alive_only_when_their_framework_finds_subclasses(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/models.py": "from django.db import models\nfrom http.server import BaseHTTPRequestHandler\n"
                         "import argparse\n\n\nclass Article(models.Model):\n    class Meta:\n        ordering = ['id']\n\n"
                         "    def save(self, *a):\n        pass\n\n"
                         "    def _stale_helper(self):\n        return 1\n\n\n"
                         "class _Handler(BaseHTTPRequestHandler):\n    def do_GET(self):\n        pass\n\n\n"
                         "class Fmt(argparse.HelpFormatter):\n    def _split_lines(self, text, width):\n"
                         "        return [text]\n\n    def _unused(self):\n        return 1\n\n\n"
                         "print(Fmt)\n\n\n"
                         "class LooseAction(argparse.Action):\n    pass\n",
        "app/main.py": "from . import models\n\nprint(models.__name__)\n",
    })
    assert verdict(evidence, "app/models.py", "Article", "utility") == "USED"
    assert verdict(evidence, "app/models.py", "Article.save", "utility") == "USED"
    assert verdict(evidence, "app/models.py", "Article.Meta", "utility") == "USED"  # read by Django's model metaclass
    helper = _utility(evidence, "app/models.py", "Article._stale_helper")  # not a hook Django's Model calls
    assert (helper.verdict, helper.report) == ("DEAD", True)
    assert verdict(evidence, "app/models.py", "Fmt._split_lines", "utility") == "USED"  # argparse defines it
    unused = _utility(evidence, "app/models.py", "Fmt._unused")  # argparse does not
    assert (unused.verdict, unused.report) == ("DEAD", True)
    handler = _utility(evidence, "app/models.py", "_Handler")
    assert (handler.verdict, handler.report) == ("DEAD", True) and "external base" in handler.detail
    loose = _utility(evidence, "app/models.py", "LooseAction")  # public: its framework may instantiate it
    assert loose.verdict == "DEAD" and not loose.report


def test_a_project_started_by_its_deployment_is_an_application(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "pyproject.toml": "[project]\nname = 'svc'\nversion = '1'\n",
        "Procfile": "web: uvicorn svc.server:app --port 80\n",
        "svc/__init__.py": "from .helpers import shout\n",
        "svc/server.py": "def app(scope, receive, send):\n    return None\n",
        "svc/helpers.py": "def shout(x):\n    return x\n\n\ndef never_called():\n    return 1\n",
    })
    assert verdict(evidence, "svc/server.py", "app", "utility") == "USED"
    dead = _utility(evidence, "svc/helpers.py", "never_called")
    assert (dead.verdict, dead.report) == ("DEAD", True), dead.detail
    assert "application (uvicorn svc.server:app in Procfile)" in dead.detail


def test_a_demo_started_by_the_deployment_does_not_make_a_library_an_application(tmp_path: Path) -> None:
    # A package whose docker-compose starts only its examples/ app: the demo shows how to use the
    # library, whose public names the demo leaves unused are its users' API, not dead code.
    evidence = analyze(tmp_path, {
        "pyproject.toml": "[project]\nname = 'kit'\nversion = '1'\n",
        "docker-compose.yml": "services:\n  app:\n    command: uvicorn examples.main:app --port 80\n",
        "kit/__init__.py": "",
        "kit/widgets.py": "class Input:\n    pass\n\n\nclass Radio:\n    pass\n",
        "examples/__init__.py": "",
        "examples/main.py": "from kit.widgets import Input\n\n\ndef app(scope, receive, send):\n    return Input()\n",
    })
    assert verdict(evidence, "examples/main.py", "app", "utility") == "USED"
    radio = _utility(evidence, "kit/widgets.py", "Radio")
    assert not (radio.verdict == "DEAD" and radio.report), radio.detail


def test_tests_axis_sees_module_aliases_default_exports_and_a_root_tests_py(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **APP,
        "pkg/__init__.py": "",
        "pkg/mod.py": "def f():\n    return 1\n\n\ndef g():\n    return 2\n",
        "tests.py": "import pkg.mod as m\n\n\ndef test_f():\n    assert m.f() == 1\n",
        "web/package.json": '{"name": "web", "private": true}',
        "web/src/widget.ts": "export default class Widget {\n  size() { return 1 }\n}\n",
        "web/src/widget.test.ts": "import Widget from './widget'\n\n"
                                  "it('sizes', () => { expect(new Widget().size()).toBe(1) })\n",
    })
    assert verdict(evidence, "pkg/mod.py", "f", "tests") == "GOOD"
    assert verdict(evidence, "pkg/mod.py", "g", "tests") == "NONE"
    assert evidence.for_symbol("pkg/mod.py", "g")["tests"].report
    assert verdict(evidence, "web/src/widget.ts", "Widget", "tests") == "GOOD"
    assert verdict(evidence, "web/src/widget.ts", "Widget.size", "tests") == "GOOD"


def test_a_dead_cycle_is_one_finding(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/cycle.py": "class _Loop:\n    def a(self):\n        return _Loop().b()\n\n"
                        "    def b(self):\n        return self.a()\n",
        "app/main.py": "from . import cycle\n\nprint(cycle.__name__)\n",
    })
    reported = [name for name in ("_Loop", "_Loop.a", "_Loop.b")
                if _utility(evidence, "app/cycle.py", name).report]
    assert reported == ["_Loop"]


def test_a_decorator_that_wraps_in_place_registers_nothing(tmp_path: Path) -> None:
    # django-styleguide: a `@transaction.atomic` service nothing calls is dead; a decorator
    # nobody knows (`@receiver(...)`, a plugin's hook) may register its function and keeps it.
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/services.py": "from django.db import transaction\nfrom django.dispatch import receiver\n\n\n"
                           "@transaction.atomic\ndef course_create(name):\n    return name\n\n\n"
                           "@receiver('saved')\ndef on_saved(sender):\n    return sender\n",
        "app/main.py": "from . import services\n\nprint(services.__name__)\n",
    })
    dead = _utility(evidence, "app/services.py", "course_create")
    assert (dead.verdict, dead.report) == ("DEAD", True), dead.detail
    assert verdict(evidence, "app/services.py", "on_saved", "utility") == "USED"


def test_a_standard_library_base_keeps_alive_only_the_methods_it_defines(tmp_path: Path) -> None:
    # httpie's `Argument(typing.NamedTuple).is_positional`: a NamedTuple, an ABC or a dict calls
    # none of its subclass's own methods; a framework base (unknown methods) still may.
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/kinds.py": "import abc\nimport typing\n\nfrom framework import Hooks\n\n\n"
                        "class Argument(typing.NamedTuple):\n    name: str\n\n    def is_positional(self):\n        return True\n\n\n"
                        "class Store(abc.ABC):\n    def flush_all(self):\n        return 1\n\n\n"
                        "class Table(dict):\n    def keys(self):\n        return []\n\n    def first_row(self):\n        return 1\n\n\n"
                        "class Shape(typing.Protocol):\n    def area(self) -> float: ...\n\n\n"
                        "class Plugin(Hooks):\n    def on_load(self):\n        return 1\n",
        "app/main.py": "from .kinds import Argument, Plugin, Shape, Store, Table\n\nprint(Argument, Plugin, Shape, Store, Table)\n",
    })
    for name in ("Argument.is_positional", "Store.flush_all", "Table.first_row"):
        assert verdict(evidence, "app/kinds.py", name, "utility") == "DEAD", name
    assert "overrides Table.keys" not in detail(evidence, "app/kinds.py", "Table.keys", "utility")
    assert "overrides dict.keys (a method its base class defines)" in detail(evidence, "app/kinds.py", "Table.keys", "utility")
    assert "member of typing.Protocol" in detail(evidence, "app/kinds.py", "Shape.area", "utility")
    assert "may override a method of external base Hooks" in detail(evidence, "app/kinds.py", "Plugin.on_load", "utility")


def test_methods_a_template_calls_and_the_hooks_of_known_framework_bases(tmp_path: Path) -> None:
    # flasky: `Role.remove_permission` of a db.Model nothing calls is dead; `User.gravatar` is
    # called by a Jinja template only; `User.get_id` is a Flask-Login hook.
    evidence = analyze(tmp_path, {
        **APP,
        "requirements.txt": "flask\nflask-sqlalchemy\nflask-login\n",  # the frameworks whose hooks are known
        "app/__init__.py": "",
        "app/models.py": "from flask_login import UserMixin\n\nfrom . import db\n\n\n"
                         "class Role(db.Model):\n    def add_permission(self, perm):\n        return perm\n\n"
                         "    def remove_permission(self, perm):\n        return perm\n\n\n"
                         "class User(UserMixin, db.Model):\n    def gravatar(self, size=100):\n        return size\n\n"
                         "    def get_id(self):\n        return 1\n",
        "app/views.py": "from .models import Role, User\n\n\ndef view(role):\n    role.add_permission(1)\n    return User\n",
        "app/main.py": "from . import views\n\nviews.view(1)\n",
        "app/templates/user.html": "<img src=\"{{ user.gravatar(size=256) }}\">\n",
    })
    dead = _utility(evidence, "app/models.py", "Role.remove_permission")
    assert (dead.verdict, dead.report) == ("DEAD", True), dead.detail
    assert "named in a template (app/templates/user.html)" in detail(evidence, "app/models.py", "User.gravatar", "utility")
    assert "protocol method get_id" in detail(evidence, "app/models.py", "User.get_id", "utility")  # Flask-Login calls it


def test_a_template_filter_no_template_names_is_dead(tmp_path: Path) -> None:
    # djangopackages' grid_tags: `@register.filter` `multiply` and `@register.filter("hash")` `hash_`,
    # which no template uses, next to `style_element`, which one does.
    evidence = analyze(tmp_path, {
        **APP,
        "grid/__init__.py": "",
        "grid/templatetags/__init__.py": "",
        "grid/templatetags/grid_tags.py": "from django import template\n\nregister = template.Library()\n\n\n"
                                          "@register.filter\ndef style_element(text):\n    return text\n\n\n"
                                          "@register.filter\ndef multiply(value, by):\n    return value * by\n\n\n"
                                          "@register.filter(\"hash\")\ndef hash_(h, key):\n    return h[key]\n",
        "templates/grid/grid_detail.html": "{% load grid_tags %}\n<td>{{ element.text|style_element }}</td>\n",
    })
    assert verdict(evidence, "grid/templatetags/grid_tags.py", "style_element", "utility") == "USED"
    for name in ("multiply", "hash_"):
        dead = _utility(evidence, "grid/templatetags/grid_tags.py", name)
        assert (dead.verdict, dead.report) == ("DEAD", True), (name, dead.detail)


def test_a_private_attribute_nothing_reads_is_dead(tmp_path: Path) -> None:
    # click's `Context._close_callbacks`: assigned in __init__, never read; `_skipped` is only
    # ever incremented. `_stack` is read, `_cache` is named by a string, `public` may be read by users.
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/ctx.py": "class Context:\n    def __init__(self):\n        self._close_callbacks = []\n        self._stack = []\n"
                      "        self._cache = {}\n        self._skipped = 0\n        self.public = 1\n\n"
                      "    def close(self):\n        self._skipped += 1\n        return self._stack, getattr(self, '_cache')\n",
        "app/main.py": "from .ctx import Context\n\nContext().close()\n",
    })
    unread = sorted((f.line_start, f.message.split(" of ")[0]) for f in evidence.findings if "never read" in f.message)
    assert unread == [(3, "attribute self._close_callbacks"), (6, "attribute self._skipped")]


def test_an_attribute_a_computed_name_in_a_dynamic_file_starts_is_no_finding(tmp_path: Path) -> None:
    # textual (round 40): `self._reactive_current = initial` in a widget is the value behind a reactive
    # attribute, which reactive.py reads as `getattr(obj, f"_reactive_{name}")`. A prefix only in a message
    # (no dynamic lookup in its file) reads nothing.
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/reactive.py": "def value_of(obj, name):\n    return getattr(obj, f\"_reactive_{name}\")\n",
        "app/log.py": "def describe(name):\n    return f\"_shown_{name}\"\n",
        "app/widget.py": "class Switcher:\n    def mount(self, initial):\n        self._reactive_current = initial\n"
                         "        self._shown_state = initial\n",
        "app/main.py": "from .reactive import value_of\nfrom .log import describe\nfrom .widget import Switcher\n\n"
                       "s = Switcher()\ns.mount(1)\nprint(value_of(s, 'current'), describe('x'))\n",
    })
    unread = sorted((f.line_start, f.message.split(" of ")[0]) for f in evidence.findings if "never read" in f.message)
    assert unread == [(4, "attribute self._shown_state")], unread


def test_an_attribute_a_base_outside_the_project_may_read_is_no_finding(tmp_path: Path) -> None:
    # Django's LazyObject reads `self._wrapped`, which a subclass's `_setup` assigns: the reader is
    # outside the project. A class of the project's own hierarchy is still judged.
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/sites.py": "from django.utils.functional import LazyObject\n\n\nclass Base:\n    pass\n\n\n"
                        "class DefaultSite(LazyObject):\n    def _setup(self):\n        self._wrapped = object()\n\n\n"
                        "class Local(Base):\n    def __init__(self):\n        self._unread = 1\n",
        "app/main.py": "from .sites import DefaultSite, Local\n\nDefaultSite()\nLocal()\n",
    })
    unread = sorted((f.line_start, f.message.split(" of ")[0]) for f in evidence.findings if "never read" in f.message)
    assert unread == [(15, "attribute self._unread")]


def test_a_service_run_from_its_own_folder_imports_its_own_packages(tmp_path: Path) -> None:
    # A captioning service in service/cap/ runs with its folder on sys.path and imports
    # `api.im2txt.data` (folders without __init__.py), while the repository's Django app has an `api`
    # package of its own.
    evidence = analyze(tmp_path, {
        **APP,
        "api/__init__.py": "",
        "api/views.py": "def view():\n    return 1\n",
        "service/cap/api/im2txt/data.py": "def get_loader():\n    return 1\n\n\ndef stale():\n    return 2\n",
        "service/cap/api/im2txt/train.py": "from api.im2txt.data import get_loader\n\n\ndef main():\n    get_loader()\n\n\n"
                                          "if __name__ == '__main__':\n    main()\n",
    })
    assert verdict(evidence, "service/cap/api/im2txt/data.py", "get_loader", "utility") == "USED"
    stale = _utility(evidence, "service/cap/api/im2txt/data.py", "stale")
    assert (stale.verdict, stale.report) == ("DEAD", True)


def _unused_imports(evidence):
    return sorted((f.path, f.message.split(" (from")[0]) for f in evidence.findings if f.message.startswith("unused import"))


def test_a_name_used_after_a_semicolon_on_the_import_line_is_used(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/mini.py": "from gevent import monkey; monkey.patch_all()\nimport os; import json\n\nprint(json)\n",
        "web/package.json": '{"name": "web", "private": true}',
        "web/src/a.js": "import { b, c } from './b'; b()\n",
        "web/src/b.js": "export const b = () => 1\nexport const c = 2\n",
    })
    assert _unused_imports(evidence) == [("app/mini.py", "unused import os"), ("web/src/a.js", "unused import c")]


def test_an_import_a_script_loads_by_its_dotted_path_is_used(tmp_path: Path) -> None:
    # huey's examples: `main.py` imports the huey instance so that `huey_consumer main.huey`, run from
    # the example's folder, finds it there (the worker reads the module's attribute, not the name's home)
    evidence = analyze(tmp_path, {
        **APP,
        "examples/flask_ex/__init__.py": "",
        "examples/flask_ex/app.py": "huey = object()\napp = object()\n",
        "examples/flask_ex/main.py": "from app import app\nfrom app import huey\nimport tasks\n\napp.run()\n",
        "examples/flask_ex/tasks.py": "print(1)\n",
        "examples/flask_ex/run_huey.sh": "#!/bin/sh\npython ../../huey/bin/huey_consumer.py main.huey -w2\n",
        "examples/other/main.py": "from os import sep\nfrom os import path\n",
    })
    assert _unused_imports(evidence) == [("examples/other/main.py", "unused import path"),
                                 ("examples/other/main.py", "unused import sep")]


def test_a_module_whose_namespace_is_read_whole_keeps_its_imports(tmp_path: Path) -> None:
    # tortoise-orm's docs/type_globals.py: names imported for `get_type_hints(obj, localns=type_globals.__dict__)`
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/models.py": "class Q:\n    pass\n",
        "docs/type_globals.py": "from app.models import Q\n\n\nclass Helper:\n    pass\n",
        "docs/other.py": "from app.models import Q\n",
        "docs/hints.py": "import type_globals\nfrom typing import get_type_hints\n\n\n"
                         "def hints(obj):\n    return get_type_hints(obj, localns=type_globals.__dict__)\n\n\nprint(hints(int))\n",
    })
    assert _unused_imports(evidence) == [("docs/other.py", "unused import Q")]
    assert verdict(evidence, "docs/type_globals.py", "Helper", "utility") == "USED"


def test_a_prefix_scan_of_dir_reaches_the_members_with_that_prefix(tmp_path: Path) -> None:
    # tortoise-orm's Field: `for dialect in [key for key in dir(self) if key.startswith("_db_")]`
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/fields.py": "class Field:\n    def dialects(self):\n"
                         "        return [key for key in dir(self) if key.startswith('_db_')]\n\n\n"
                         "class JSONField(Field):\n    class _db_postgres:\n        SQL_TYPE = 'JSONB'\n\n"
                         "    def _unused_helper(self):\n        return 1\n",
        "app/main.py": "from .fields import JSONField\n\nprint(JSONField().dialects())\n",
    })
    assert verdict(evidence, "app/fields.py", "JSONField._db_postgres", "utility") == "USED"
    assert "_db_" in detail(evidence, "app/fields.py", "JSONField._db_postgres", "utility")
    assert verdict(evidence, "app/fields.py", "JSONField._unused_helper", "utility") == "DEAD"


def test_fixture_folders_anywhere_are_test_inputs_and_an_export_is_never_private(tmp_path: Path) -> None:
    # vite-plugin-react: src/transforms/fixtures/scope/*.js are cases `scope.test.ts` globs (an unreferenced
    # import is the case), and the refresh runtime's `export function __hmr_import` is read by generated code
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "plugin", "private": true}',
        "src/transforms/scope.test.ts": "test('scope', () => glob('./fixtures/scope/*.js'))\n",
        "src/transforms/fixtures/scope/jsx-pragma.js": "import React from 'react'; // should be unreferenced\n"
                                                       "export const x = 1\n",
        "src/runtime.js": "export function __hmr_import(url) {\n  return import(url)\n}\n\n"
                          "function __leftover() {\n  return 1\n}\n\nexport const used = 1\n",
        "src/index.js": "import { used } from './runtime.js'\nconsole.log(used)\n",
    })
    assert _unused_imports(evidence) == []
    hmr = _utility(evidence, "src/runtime.js", "__hmr_import")
    assert hmr.rule != "dead/private-unnamed" and not (hmr.verdict == "DEAD" and hmr.confidence >= 90)
    leftover = _utility(evidence, "src/runtime.js", "__leftover")
    assert (leftover.verdict, leftover.rule) == ("DEAD", "dead/private-unnamed")


def test_an_import_silenced_on_the_line_before_or_compiled_jsx_calls_is_not_reported(tmp_path: Path) -> None:
    # unocss's vite-preact example: `// eslint-disable-next-line unused-imports/no-unused-imports` above
    # `import { h, render } from 'preact'`, and tsconfig's `"jsxFactory": "h"` (every tag compiles to h(...))
    evidence = analyze(tmp_path, {
        "web/package.json": '{"name": "web", "private": true}',
        "web/tsconfig.json": '{"compilerOptions": {"jsx": "preserve", "jsxFactory": "h", "jsxFragmentFactory": "Fragment"}}',
        "web/src/main.tsx": "import { h, Fragment, render } from 'preact'\nimport { unusedThing } from './util'\n\n"
                            "render(<><p>hi</p></>, document.body)\n",
        "web/src/other.ts": "// eslint-disable-next-line no-unused-vars\nimport { leftover } from './util'\n"
                            "// eslint-disable-next-line no-console\nimport { stale } from './util'\n\nconsole.log(1)\n",
        "web/src/util.ts": "export const unusedThing = 1\nexport const leftover = 2\nexport const stale = 3\n",
        "app/__init__.py": "",
        "app/mod.py": "# pylint: disable-next=unused-import\nimport os\nimport sys\n",
        **APP,
    })
    assert _unused_imports(evidence) == [("app/mod.py", "unused import sys"), ("web/src/main.tsx", "unused import unusedThing"),
                                         ("web/src/other.ts", "unused import stale")]


def test_an_import_of_the_jsx_pragma_babel_names_is_not_reported(tmp_path: Path) -> None:
    # polka's firebase example (round 52): `.babelrc` sets transform-react-jsx's `"pragma": "h"`, so every
    # tag of a .js file compiles to h(...) and `import { h, Component } from 'preact'` is used
    evidence = analyze(tmp_path, {
        "client/package.json": '{"name": "client", "private": true, "dependencies": {"preact": "8"}}',
        "client/.babelrc": '{"plugins": [["transform-react-jsx", { "pragma": "h" }]]}',
        "client/tags/App.js": "import { h, Component } from 'preact'\nimport { stale } from '../util'\n\n"
                              "export default class App extends Component {\n  render() {\n    return <p>hi</p>\n  }\n}\n",
        "client/index.js": "import App from './tags/App'\nconsole.log(App)\n",
        "client/util.js": "export const stale = 1\n",
        **APP,
    })
    assert _unused_imports(evidence) == [("client/tags/App.js", "unused import stale")]


def test_alembic_env_imports_a_project_module_for_what_loading_it_does(tmp_path: Path) -> None:
    # microblog-api (round 52): migrations/env.py's `from microblog import app` creates the application,
    # which configures the database the migrations run on; its unused stdlib import is still one
    evidence = analyze(tmp_path, {
        "requirements.txt": "alembic\nflask\n",
        "microblog.py": "from api import create_app\n\napp = create_app()\n",
        "api/__init__.py": "def create_app():\n    return object()\n",
        "migrations/env.py": "import os\nfrom alembic import context\nfrom microblog import app\n\n"
                             "config = context.config\n",
        "api/views.py": "from microblog import app\n\nprint(1)\n",
        **APP,
    })
    assert _unused_imports(evidence) == [("api/views.py", "unused import app"), ("migrations/env.py", "unused import os")]


def test_a_class_member_a_methods_default_names_is_used(tmp_path: Path) -> None:
    # walrus (round 54): `def cached(self, key_fn=_key_fn)` reads the class body's `_key_fn` (defaults are
    # evaluated there); a member nothing names stays dead, and a builtin read in a body is no member
    evidence = analyze(tmp_path, {
        "cache/__init__.py": "from cache.core import Cache\n",
        "cache/core.py": "class Cache:\n    def _key_fn(a, k):\n        return repr((a, k))\n\n"
                         "    def _unused_fn(a):\n        return a\n\n"
                         "    def len(self):\n        return 0\n\n"
                         "    def cached(self, key_fn=_key_fn, timeout=None):\n        return key_fn((), {})\n\n"
                         "    def size(self):\n        return len([])\n",
        "main.py": "from cache import Cache\nprint(Cache().cached(), Cache().size())\n",
        **APP,
    })
    assert _utility(evidence, "cache/core.py", "Cache._key_fn").verdict == "USED"
    assert _utility(evidence, "cache/core.py", "Cache._unused_fn").verdict == "DEAD"


def test_an_unused_name_of_a_statement_over_several_lines_is_reported_on_its_own_line(tmp_path: Path) -> None:
    # django-simple-history: `from .manager import (` on line 40, the unused name on line 71
    evidence = analyze(tmp_path, {
        **APP,
        "app/__init__.py": "",
        "app/core.py": "from collections import (\n    OrderedDict,\n    defaultdict,\n)\nimport os\n\n"
                       "print(defaultdict(list))\n",
    })
    lines = sorted((f.message.split(" (from")[0], f.line_start, f.line_end) for f in evidence.findings
                   if f.message.startswith("unused import"))
    assert lines == [("unused import OrderedDict", 2, 2), ("unused import os", 5, 5)]
