import unittest

from app.calc import add


def setUpModule():
    print("module set up")


def tearDownModule():
    print("module torn down")


def load_tests(loader, tests, pattern):
    return tests


def make_pair():
    return (1, 2)


def unused_builder():
    return (3, 4)


class AddTestCase(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.pair = make_pair()

    def setUp(self):
        self.total = 0

    def tearDown(self):
        self.total = None

    def test_add(self):
        self.assertEqual(add(*self.pair), 3)


class AsyncCase(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self):
        self.ready = True

    async def test_ready(self):
        self.assertTrue(self.ready)


def _case_for(value):
    class Case(unittest.TestCase):
        def test_value(self):
            self.assertEqual(add(value, 0), value)

    return Case


TestZero = _case_for(0)
unused_case = _case_for(1)
