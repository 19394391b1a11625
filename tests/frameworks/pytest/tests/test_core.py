import pytest

sp = pytest.importorskip("json")

from app.core import double

pytestmark = pytest.mark.filterwarnings("error")


def setup_module(module):
    module.ready = True


def teardown_module(module):
    module.ready = False


def setup_function(function):
    function.calls = 0


def teardown_function(function):
    function.calls = None


def unused_expectation():
    return 42


def test_double(number):
    assert double(number) == 42


class TestDouble:
    def setup_method(self, method):
        self.base = 2

    def teardown_method(self, method):
        self.base = None

    def test_base(self):
        assert double(self.base) == 4
