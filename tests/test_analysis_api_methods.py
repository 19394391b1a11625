"""A method nobody calls is weaker evidence of dead code than a function nobody calls: a method may be
called through an object the analysis cannot type (issue 35, first contact round 4). Its DEAD verdict
has its own rule (calibrated apart) and never shows a higher confidence than an unreferenced function;
a public method of a class kept alive as public API is a candidate, not a finding. A wholly unused class
stays a finding, and so does a method whose name no code of the project writes, though the other methods
of its class are called through an instance nobody can type (only code outside could call it)."""

from __future__ import annotations

from pathlib import Path

from analysis_helpers import analyze
from reviewer.review.calibration import calibrated

FILES = {
    "manage.py": "import app.main\n",  # a declared start: an application
    "app/__init__.py": "",
    "app/main.py": (
        "from app.models import Record\n"
        "from app.responses import responder\n"
        "from app.util import used_helper\n\n\n"
        "def handle():\n"
        "    record = Record.create()\n"
        "    used_helper()\n"
        "    if record:\n"
        "        return responder.ok()\n"
        "    return responder.fail()\n\n\n"
        "handle()\n"),
    "app/util.py": "def used_helper():\n    return 1\n\n\ndef unused_helper():\n    return 2\n",
    # a class whose methods the project reaches only through a shared instance it cannot type
    "app/responses.py": (
        "class Responder:\n"
        "    def ok(self):\n        return 200\n\n"
        "    def fail(self):\n        return 400\n\n"
        "    def fast_ok(self):\n        return 201\n\n\n"
        "responder = Responder()\n"),
    # a public module nothing imports: its classes are API users may import, and so are their methods
    "app/crypto.py": (
        "class Cipher:\n"
        "    def __init__(self, key):\n        self.key = key\n\n"
        "    def encrypt(self, text):\n        return text + self.key\n\n"
        "    def decrypt(self, text):\n        return text[: -len(self.key)]\n"),
    # a class used by name: a method of it nobody calls is still a finding, and so is an unused class
    "app/models.py": (
        "class Record:\n"
        "    @classmethod\n    def create(cls):\n        return cls()\n\n"
        "    def stale_label(self):\n        return 'x'\n\n\n"
        "class Leftover:\n"
        "    def run(self):\n        return 3\n"),
}


def utility(evidence, path: str, name: str):
    return evidence.for_symbol(path, name)["utility"]


def shown(found) -> int:
    """The confidence a user is shown: its rule's measured precision (review/calibration.py)."""
    return calibrated(found.rule, found.confidence)


def is_finding(found) -> bool:
    return found.verdict == "DEAD" and found.report and found.confidence >= 70


def test_a_method_nobody_calls_is_never_surer_than_a_function_nobody_calls(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, FILES)
    function = utility(evidence, "app/util.py", "unused_helper")
    method = utility(evidence, "app/models.py", "Record.stale_label")
    assert is_finding(function) and function.rule == "dead/no-root"
    assert is_finding(method) and method.rule == "dead/untyped-receiver-method"
    assert "a method may be called through an object the analysis cannot type" in method.detail
    assert method.confidence <= function.confidence and shown(method) <= shown(function)
    assert is_finding(utility(evidence, "app/models.py", "Leftover"))  # a wholly unused class stays a finding
    untyped = utility(evidence, "app/responses.py", "Responder.fast_ok")
    assert is_finding(untyped) and untyped.rule == "dead/untyped-receiver-method" and shown(untyped) <= shown(function)


def test_public_methods_of_a_class_kept_alive_as_public_api_are_candidates(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, FILES)
    assert "public module of a library" in utility(evidence, "app/crypto.py", "Cipher").detail
    for name in ("Cipher.decrypt", "Cipher.encrypt"):
        found = utility(evidence, "app/crypto.py", name)
        assert found.verdict == "DEAD" and not is_finding(found), (name, found)
        assert found.rule == "dead/interface-method" and "its class Cipher is public API" in found.detail, found.detail
