"""Over-engineering verdicts: each rule with its decoy."""

from __future__ import annotations

from pathlib import Path

from analysis_helpers import analyze, detail, verdict

PYTHON_FILES = {
    "store.py": """
        from abc import ABC, abstractmethod
        from dataclasses import dataclass


        class Storage(ABC):
            @abstractmethod
            def load(self, key): ...


        class DiskStorage(Storage):
            def load(self, key):
                return open(key).read()


        class Gateway(ABC):
            @abstractmethod
            def charge(self, amount): ...


        class CardGateway(Gateway):
            def charge(self, amount):
                return f"card {amount}"


        class CashGateway(Gateway):
            def charge(self, amount):
                return f"cash {amount}"


        class Greeter:
            def __init__(self, greeting):
                self.greeting = greeting

            def greet(self, name):
                return f"{self.greeting} {name}"


        @dataclass
        class Point:
            x: int
            y: int

            def norm(self):
                return (self.x ** 2 + self.y ** 2) ** 0.5


        def load_text(path):
            return open(path).read()


        def fetch_text(path):
            return load_text(path)


        async def read_text_later(path):
            return load_text(path)


        def read_upper(path):
            text = load_text(path)
            return text.upper()


        def gateway_for(kind):
            if kind == "card":
                return CardGateway()
            return CashGateway()


        def make_gateway(kind="card"):
            if kind == "card":
                return CardGateway()
            if kind == "cash":
                return CashGateway()
            raise ValueError(kind)


        HANDLERS = {}


        def handler(name):
            def register(func):
                HANDLERS[name] = func
                return func
            return register


        @handler("only")
        def only_handler():
            return 1


        PLUGINS = {}


        def plugin(func):
            PLUGINS[func.__name__] = func
            return func


        @plugin
        def first():
            return 1


        @plugin
        def second():
            return 2
    """,
    "main.py": """
        import sys
        from store import DiskStorage, Greeter, Point, gateway_for, make_gateway, fetch_text, read_upper

        print(DiskStorage().load("x"), Greeter("hi").greet("you"), Point(1, 2).norm())
        print(fetch_text("a"), read_upper("b"), read_text_later("c"))
        print(gateway_for(sys.argv[1]).charge(1), make_gateway("card").charge(2))
        print(make_gateway("card").charge(3))
    """,
}


def test_python_overengineering_rules_and_decoys(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, PYTHON_FILES)
    s = "store.py"
    assert verdict(evidence, s, "Storage", "overengineering") == "OVER"
    assert detail(evidence, s, "Storage", "overengineering") == \
        "abstract base Storage has 1 implementation: DiskStorage (store.py); nothing else names it"
    assert verdict(evidence, s, "Gateway", "overengineering") == "ACCEPTABLE"
    assert verdict(evidence, s, "DiskStorage", "overengineering") == "LEAN"  # one method, but an implementation
    assert verdict(evidence, s, "Greeter", "overengineering") == "OVER"
    assert "one public method (greet)" in detail(evidence, s, "Greeter", "overengineering")
    assert verdict(evidence, s, "Point", "overengineering") == "LEAN"  # a dataclass is a record
    assert verdict(evidence, s, "fetch_text", "overengineering") == "OVER"
    assert "forwards its arguments unchanged to load_text" in detail(evidence, s, "fetch_text", "overengineering")
    assert verdict(evidence, s, "read_upper", "overengineering") == "LEAN"
    # execa's handleDummyPromise: an async wrapper turns the sync call's throw into a rejection
    assert verdict(evidence, s, "read_text_later", "overengineering") == "ACCEPTABLE"
    assert verdict(evidence, s, "gateway_for", "overengineering") == "LEAN"  # runtime choice
    assert verdict(evidence, s, "make_gateway", "overengineering") == "OVER"
    assert "every call is make_gateway(\"card\") (2 call sites)" in detail(evidence, s, "make_gateway",
                                                                          "overengineering")
    assert verdict(evidence, s, "handler", "overengineering") == "OVER"
    assert "1 registered item: only_handler" in detail(evidence, s, "handler", "overengineering")
    assert verdict(evidence, s, "plugin", "overengineering") == "LEAN"
    assert verdict(evidence, s, "only_handler", "utility") == "USED"
    assert verdict(evidence, s, "first", "utility") == "USED"


def test_a_thin_member_of_a_family_written_alike_is_no_finding(tmp_path: Path) -> None:
    # parse_description beside parse_name and parse_servings; updatePieData beside updateLineAreaData: a
    # family written for symmetry, where one member that only forwards is the family's shape. Blind
    # first-contact labels found every such pass-through or constant parameter wrong.
    evidence = analyze(tmp_path, {
        "recipes.py": """
            from textwrap import dedent


            def parse_name(data):
                return dedent(data["name"]).title()


            def parse_description(data):
                return clean_text(data)


            def clean_text(text):
                return dedent(text).strip()


            def parse_servings(data):
                return int(data.get("servings") or 1)
        """,
        "main.py": """
            from recipes import parse_description, parse_name, parse_servings

            print(parse_name({"name": "x"}), parse_description(" y "), parse_servings({}))
        """,
    })
    assert verdict(evidence, "recipes.py", "parse_description", "overengineering") == "ACCEPTABLE"
    assert "one of a family written alike (parse_name, parse_servings)" in detail(
        evidence, "recipes.py", "parse_description", "overengineering")


def test_typescript_interface_with_one_implementation(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "src/clock.ts": """
            export interface Clock { now(): number }

            export class SystemClock implements Clock {
              now(): number { return Date.now(); }
            }

            export interface Shape { area(): number }

            export class Square implements Shape {
              constructor(private side: number) {}
              area(): number { return this.side * this.side; }
            }

            export class Circle implements Shape {
              constructor(private r: number) {}
              area(): number { return 3.14 * this.r * this.r; }
            }

            export interface Settings { verbose: boolean }

            export const forward = (x: number): number => Math.abs(x);
            export function twice(x: number): number { return helper(x); }
            function helper(x: number): number { return x * 2; }
        """,
    })
    c = "src/clock.ts"
    assert verdict(evidence, c, "Clock", "overengineering") == "OVER"
    assert verdict(evidence, c, "Shape", "overengineering") == "ACCEPTABLE"
    assert verdict(evidence, c, "Settings", "overengineering") == "LEAN"  # a data shape, no implementation
    assert verdict(evidence, c, "twice", "overengineering") == "OVER"
    assert verdict(evidence, c, "forward", "overengineering") == "ACCEPTABLE"  # isolates an external API


def test_layers_of_interfaces_and_public_aliases_are_not_over(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "shapes.py": """
            from abc import ABC, abstractmethod

            __all__ = ["Shape", "Polygon", "Square", "area_of", "surface"]


            class Shape(ABC):
                @abstractmethod
                def area(self): ...


            class Polygon(Shape):
                @abstractmethod
                def sides(self): ...


            class Square(Polygon):
                def area(self):
                    return 1

                def sides(self):
                    return 4


            def area_of(shape):
                return shape.area()


            def surface(shape):
                return area_of(shape)
        """,
    })
    assert verdict(evidence, "shapes.py", "Shape", "overengineering") == "LEAN"  # its one child is abstract too
    # public (in __all__): an extension point users may implement, however many implementations the repo holds
    assert verdict(evidence, "shapes.py", "Polygon", "overengineering") == "ACCEPTABLE"
    assert verdict(evidence, "shapes.py", "surface", "overengineering") == "ACCEPTABLE"  # public alias


def test_only_strong_evidence_is_reported(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **PYTHON_FILES,
        "wrap.py": """
            from typing import overload

            def load(path):
                return open(path).read()

            def _load_once(path):
                return load(path)

            HANDLERS = {"x": _load_once}

            @overload
            def parse(text: str) -> str: ...
            @overload
            def parse(text: bytes) -> bytes: ...
            def parse(text):
                return text
        """,
        "examples/demo.py": """
            class Greeting:
                def __init__(self, word):
                    self.word = word

                def say(self, name):
                    return f"{self.word} {name}"

            print(Greeting("hi").say("you"))
        """,
    })

    def reported(path, name):
        found = evidence.for_symbol(path, name)["overengineering"]
        return found.verdict == "OVER" and found.report

    assert reported("store.py", "Storage")  # one implementation inside the application: 75
    assert not reported("store.py", "Greeter")  # "a function would do" is a lead (65), not a finding
    assert "under the floor" in detail(evidence, "store.py", "Greeter", "overengineering")
    assert not reported("store.py", "fetch_text")  # its user is another module: maybe an API
    assert reported("wrap.py", "_load_once")  # a wrapper with one user in its own module
    assert verdict(evidence, "wrap.py", "parse", "overengineering") == "LEAN"  # overload stubs and implementation
    assert verdict(evidence, "examples/demo.py", "Greeting", "overengineering") == "LEAN"  # demo code


def test_a_parameter_every_caller_passes_alike_is_a_constant(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "dates.py": """
            def shifted(today, delta):
                return today + delta


            def padded(text, width, fill=" "):
                return text.rjust(width, fill)


            def scaled(value, factor):
                return value * factor
        """,
        "views.py": """
            from dates import padded, scaled, shifted


            def one(day):
                return shifted(day, 1), padded("a", 4), scaled(day, 2)


            def two(day):
                return shifted(day, 1), padded("b", 4, fill="0"), scaled(day, 2)


            def three(day):
                return shifted(day, 1), padded("c", 4), scaled(day, 3)
        """,
    })
    assert verdict(evidence, "dates.py", "shifted", "overengineering") == "OVER"
    assert detail(evidence, "dates.py", "shifted", "overengineering") == \
        "every call of shifted (3 call sites) passes delta=1: a constant, not an option"
    assert evidence.assessments[("dates.py", "shifted")]["overengineering"].rule == "over/constant-parameter"
    # width is 4 everywhere too; fill varies (a keyword once, the default twice); scaled's factor varies.
    assert "width=4" in detail(evidence, "dates.py", "padded", "overengineering")
    assert verdict(evidence, "dates.py", "scaled", "overengineering") == "LEAN"


def test_two_callers_or_a_function_handed_on_are_no_constant(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "dates.py": """
            def shifted(today, delta):
                return today + delta


            def later(today, delta):
                return today + delta
        """,
        "views.py": """
            from dates import later, shifted

            HOOKS = [later]


            def one(day):
                return shifted(day, 1), later(day, 1)


            def two(day):
                return shifted(day, 1), later(day, 1), later(day, 1)
        """,
    })
    assert verdict(evidence, "dates.py", "shifted", "overengineering") == "LEAN"  # two call sites
    assert verdict(evidence, "dates.py", "later", "overengineering") == "LEAN"  # a value in HOOKS too


def test_an_option_no_caller_sets_is_unused_unless_a_test_or_a_caller_sets_it(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "mail.py": """
            def send(user, to=None, retries=3):
                return (to or user, retries)


            def notify(user, channel="mail"):
                return (user, channel)


            def ping(user, loud=False):
                return (user, loud)


            def tree(path, depth=2):
                return [tree(path + "/x", depth - 1)] if depth > 0 else []
        """,
        "crud.py": """
            def get_user(pk, conn=None):
                return (pk, conn)


            def get_wallet(pk, conn=None):
                return (pk, conn)


            def get_asset(pk, conn=None):
                return (pk, conn)
        """,
        "views.py": """
            from mail import notify, ping, send


            from crud import get_asset, get_user, get_wallet


            def one(user):
                return send(user), notify(user), ping(user), tree("a"), get_user(1), get_wallet(1), get_asset(1)


            def two(user):
                return send(user, retries=5), notify(user, "sms"), ping(user), tree("b"), get_user(2), get_wallet(2), get_asset(2)
        """,
        "tests/test_mail.py": """
            from mail import ping


            def test_ping_loud():
                assert ping("a", loud=True)[1]
        """,
    })
    assert verdict(evidence, "mail.py", "send", "overengineering") == "OVER"
    assert evidence.assessments[("mail.py", "send")]["overengineering"].rule == "over/unused-option"
    assert detail(evidence, "mail.py", "send", "overengineering") == \
        "no call of send (2 call sites) sets to: the default is the only value, not an option (confidence 60 is " \
        "under the floor 70: not a finding)"  # a candidate for the Claude reviewer
    assert verdict(evidence, "mail.py", "notify", "overengineering") == "LEAN"  # a caller passes "sms"
    assert verdict(evidence, "mail.py", "ping", "overengineering") == "LEAN"  # the test sets loud
    assert verdict(evidence, "mail.py", "tree", "overengineering") == "LEAN"  # its recursive call sets depth
    assert verdict(evidence, "crud.py", "get_user", "overengineering") == "LEAN"  # the layer's shared `conn`


def test_a_class_of_static_methods_only_is_a_namespace(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "services.py": """
            class UserService:
                @staticmethod
                def get(pk):
                    return {"id": pk}

                @staticmethod
                def create(name):
                    return {"name": name}


            class Clock:
                @staticmethod
                def now():
                    return 0


            class Cache:
                store = {}

                def __init__(self):
                    self.hits = 0

                @staticmethod
                def get(key):
                    return Cache.store.get(key)

                @staticmethod
                def put(key, value):
                    Cache.store[key] = value
        """,
        "main.py": """
            from services import Cache, Clock, UserService

            print(UserService.get(1), UserService.create("a"), Clock.now(), Cache.get("k"), Cache.put("k", 1))
        """,
        "web.ts": """
            export class Format {
              static date(d: Date) { return d.toISOString() }
              static money(n: number) { return n.toFixed(2) }
            }
        """,
    })
    assert verdict(evidence, "services.py", "UserService", "overengineering") == "OVER"
    assert evidence.assessments[("services.py", "UserService")]["overengineering"].rule == "over/static-namespace"
    assert detail(evidence, "services.py", "UserService", "overengineering") == \
        "class UserService holds only static methods (get, create): module functions would do (confidence 65 is " \
        "under the floor 70: not a finding)"  # a candidate for the Claude reviewer
    assert verdict(evidence, "web.ts", "Format", "overengineering") == "OVER"
    assert verdict(evidence, "services.py", "Clock", "overengineering") == "LEAN"  # one method
    assert verdict(evidence, "services.py", "Cache", "overengineering") == "LEAN"  # its instances hold state


def test_an_abstract_base_whose_one_implementation_a_setting_loads_is_an_extension_point(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "rates/base.py": """
            from abc import ABC, abstractmethod


            class BaseBackend(ABC):
                @abstractmethod
                def rates(self): ...
        """,
        "rates/bank.py": """
            from rates.base import BaseBackend


            class BankBackend(BaseBackend):
                def rates(self):
                    return {}
        """,
        "rates/loader.py": """
            from importlib import import_module

            RATE_BACKEND = "rates.bank.BankBackend"


            def backend():
                module, name = RATE_BACKEND.rsplit(".", 1)
                return getattr(import_module(module), name)()
        """,
        "main.py": """
            from rates.loader import backend

            print(backend().rates())
        """,
    })
    assert verdict(evidence, "rates/base.py", "BaseBackend", "overengineering") == "ACCEPTABLE"
    assert evidence.assessments[("rates/base.py", "BaseBackend")]["overengineering"].rule == "over/extension-point"


def test_a_class_forwarding_every_method_to_one_attribute_is_a_pass_through_layer(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "repo.py": """
            class UserRepository:
                def __init__(self, session):
                    self.session = session

                def add(self, user):
                    return self.session.add(user)

                def delete(self, user):
                    return self.session.delete(user)


            class CachedRepository:
                def __init__(self, session):
                    self.session = session
                    self.cache = {}

                def add(self, user):
                    return self.session.add(user)

                def get(self, key):
                    if key not in self.cache:
                        self.cache[key] = self.session.get(key)
                    return self.cache[key]


            class SessionAdapter(Base):
                def __init__(self, session):
                    self.session = session

                def save(self, user):
                    return self.session.save(user)

                def remove(self, user):
                    return self.session.remove(user)
        """,
        "main.py": """
            from repo import CachedRepository, SessionAdapter, UserRepository

            print(UserRepository(1).add(2), CachedRepository(1).get(2), SessionAdapter(1).remove(2))
        """,
    })
    assert verdict(evidence, "repo.py", "UserRepository", "overengineering") == "OVER"
    assert detail(evidence, "repo.py", "UserRepository", "overengineering") == \
        "class UserRepository only forwards each of its 2 methods unchanged to self.session: use that object directly"
    assert verdict(evidence, "repo.py", "CachedRepository", "overengineering") == "LEAN"  # get adds a cache
    assert verdict(evidence, "repo.py", "SessionAdapter", "overengineering") == "LEAN"  # an adapter to its base


def test_a_thin_twin_of_a_class_with_the_same_methods_is_one_side_of_an_interface(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "sync.py": """
            import threading


            class AsyncSemaphore:
                def __init__(self, bound):
                    self.bound = bound
                    self.semaphore = None

                async def acquire(self):
                    if self.semaphore is None:
                        self.semaphore = make(self.bound)
                    await self.semaphore.acquire()

                async def release(self):
                    self.semaphore.release()


            class Semaphore:
                def __init__(self, bound):
                    self.semaphore = threading.Semaphore(value=bound)

                def acquire(self):
                    self.semaphore.acquire()

                def release(self):
                    self.semaphore.release()
        """,
        "main.py": """
            from sync import AsyncSemaphore, Semaphore

            print(AsyncSemaphore(1), Semaphore(1).acquire())
        """,
    })
    assert verdict(evidence, "sync.py", "Semaphore", "overengineering") == "LEAN"


def test_a_local_helper_and_a_benchmark_knob_are_no_constant(tmp_path: Path) -> None:
    # A helper nested beside its siblings spells each call's value out; a benchmark's size parameter
    # is the knob the sibling benchmarks turn. The same calls of a module-level function stay a finding.
    calls = "    return {name}(1, 'image'), {name}(2, 'image'), {name}(3, 'image')\n"
    evidence = analyze(tmp_path, {
        "attrs.py": "def get_attributes(rows):\n    def add_image(row, url_id):\n        return (row, url_id)\n\n"
                    + calls.format(name="add_image") + "\n\ndef add_url(row, url_id):\n    return (row, url_id)\n\n\n"
                    "def collect():\n" + calls.format(name="add_url") + "\n\nprint(get_attributes([]), collect())\n",
        "benchmarks/streaming.py": "def run(workers, num_chunks):\n    return workers * num_chunks\n\n\n"
                                   "def main():\n    return run(1, 1000), run(2, 1000), run(4, 1000)\n\n\nmain()\n",
    })
    assert verdict(evidence, "attrs.py", "get_attributes.add_image", "overengineering") == "LEAN"
    assert verdict(evidence, "attrs.py", "add_url", "overengineering") == "OVER"
    assert verdict(evidence, "benchmarks/streaming.py", "run", "overengineering") == "LEAN"


def test_a_decorator_on_many_views_is_no_registry_of_one_wherever_it_stands(tmp_path: Path) -> None:
    # A registry decorator stacked under another registering one (`@router.get("/a")` then `@track`) registers
    # there too: counted only where it stood first, `track` on three views was "a registry of 1 item".
    evidence = analyze(tmp_path, {
        "app/__init__.py": "",
        "app/__main__.py": "from app import views\n\nprint(views.index, views.edit, views.delete)\n",
        "app/decorators.py": "HANDLERS = {}\n\n\ndef track(func):\n    HANDLERS[func.__name__] = func\n    return func\n\n\n"
                             "def once(func):\n    HANDLERS['once'] = func\n    return func\n",
        "app/views.py": "from fastapi import APIRouter\n\nfrom app.decorators import track, once\n\nrouter = APIRouter()\n\n\n"
                        "@track\ndef index(request):\n    return 1\n\n\n@router.get('/edit')\n@track\ndef edit(request):\n"
                        "    return 2\n\n\n@router.get('/delete')\n@track\ndef delete(request):\n    return 3\n\n\n"
                        "@once\ndef single(request):\n    return 4\n",
    })
    assert verdict(evidence, "app/decorators.py", "track", "overengineering") == "LEAN"
    assert "3 registered items" in detail(evidence, "app/decorators.py", "track", "overengineering")
    assert verdict(evidence, "app/decorators.py", "once", "overengineering") == "OVER"


def test_a_wrapping_decorator_whose_line_ends_in_a_comment_is_no_registry(tmp_path: Path) -> None:
    # bugsink: `@atomic_for_request_method  # a consistent view (barring cached)`: the comment was read as part
    # of the decorator, its `(` as a call, and the wrapper it returns as a registry of one view
    evidence = analyze(tmp_path, {
        "app/__init__.py": "",
        "app/__main__.py": "from app import views\n\nprint(views.counts)\n",
        "app/decorators.py": "from functools import wraps\n\n\ndef atomic_for_request_method(function):\n"
                             "    @wraps(function)\n    def wrapper(request):\n        return function(request)\n\n"
                             "    return wrapper\n",
        "app/views.py": "from app.decorators import atomic_for_request_method\n\n\n"
                        "@atomic_for_request_method  # get a consistent view (barring cached)\ndef counts(request):\n"
                        "    return 1\n",
    })
    assert verdict(evidence, "app/decorators.py", "atomic_for_request_method", "overengineering") == "LEAN"


def test_an_app_factory_every_caller_calls_without_arguments_is_no_single_product_factory(tmp_path: Path) -> None:
    # tracecat's `create_app()`: five callers pass nothing, so none picks a product the same way; the classes
    # its body names are what the app is built of, not products to choose among
    evidence = analyze(tmp_path, {
        "app/__init__.py": "",
        "app/__main__.py": "from app.factory import create_app\n\napp = create_app()\nprint(app, create_app())\n",
        "app/factory.py": "class Api:\n    pass\n\n\nclass Admin:\n    pass\n\n\ndef create_app(**kwargs):\n"
                          "    if kwargs.get('admin'):\n        return Admin()\n    return Api()\n",
    })
    assert verdict(evidence, "app/factory.py", "create_app", "overengineering") == "LEAN"


def test_a_one_method_class_with_a_twin_or_a_module_level_instance_is_no_function_in_disguise(tmp_path: Path) -> None:
    # bugsink's NewlineFinder / LengthFinder: two strategies with the same `process`, handed to one reader;
    # fava's Lexer: compiled once into module-level `_LEXER` instances. lemur's RedisHandler, built and used
    # once per call (`RedisHandler().redis()`), stays a class that a function would replace.
    evidence = analyze(tmp_path, {
        "app/__init__.py": "",
        "app/__main__.py": "from app.parsers import read, NewlineFinder, LengthFinder\nfrom app.lexer import tokens\n"
                           "from app.redis import connect\n\nprint(read(NewlineFinder()), read(LengthFinder(3)), tokens('a'), "
                           "connect())\n",
        "app/parsers.py": "class NewlineFinder:\n    def process(self, chunk):\n        return chunk.find(b'\\n')\n\n\n"
                          "class LengthFinder:\n    def __init__(self, length):\n        self.length = length\n\n"
                          "    def process(self, chunk):\n        return self.length\n\n\n"
                          "def read(finder):\n    return finder.process(b'x')\n",
        "app/lexer.py": "import re\n\n\nclass Lexer:\n    def __init__(self, pattern):\n        self.regex = re.compile(pattern)\n\n"
                        "    def tokenize(self, text):\n        return self.regex.findall(text)\n\n\n_LEXER = Lexer(r'\\w+')\n\n\n"
                        "def tokens(text):\n    return _LEXER.tokenize(text)\n",
        "app/redis.py": "class RedisHandler:\n    def __init__(self, host='localhost'):\n        self.host = host\n\n"
                        "    def redis(self):\n        return f'redis://{self.host}'\n\n\ndef connect():\n"
                        "    return RedisHandler().redis()\n",
    })
    assert verdict(evidence, "app/parsers.py", "NewlineFinder", "overengineering") == "LEAN"
    assert verdict(evidence, "app/parsers.py", "LengthFinder", "overengineering") == "LEAN"
    assert verdict(evidence, "app/lexer.py", "Lexer", "overengineering") == "LEAN"
    assert verdict(evidence, "app/redis.py", "RedisHandler", "overengineering") == "OVER"


def test_a_pass_through_names_its_one_user(tmp_path: Path) -> None:
    # langfuse (round 49): "has one user" read as one call site where a test module's top-level code called a
    # short alias 21 times; the message names the user. A wrapper two functions use says neither.
    evidence = analyze(tmp_path, {
        "manage.py": "import sys\n\nimport app.text\nfrom app.codec import run, run_too\n\n"
                     "print(run(sys.argv), run_too(sys.argv))\n",
        "app/__init__.py": "",
        "app/codec.py": "def encode(value):\n    return str(value)\n\n\ndef _enc(value):\n    return encode(value)\n\n\n"
                        "def run(values):\n    return [_enc(values), _enc(1)]\n\n\ndef run_too(values):\n    return _enc(values)\n",
        "app/text.py": "def decode(text):\n    return int(text)\n\n\ndef _dec(text):\n    return decode(text)\n\n\n"
                       "print(_dec('1'), _dec('2'), _dec('3'))\n",
    })
    shared = evidence.for_symbol("app/codec.py", "_enc")["overengineering"]
    module = evidence.for_symbol("app/text.py", "_dec")["overengineering"]
    assert shared.verdict == "OVER" and "uses it" not in shared.detail and "one user" not in shared.detail, shared
    assert module.verdict == "OVER" and "only the top-level code of its module uses it" in module.detail, module
    assert module.confidence > shared.confidence
