"""unittest (also run by pytest and Django's test runner): TestCase classes are collected by the
runner, which calls their set-up and tear-down methods and the module's load_tests protocol."""

from . import BaseRule, Framework

FRAMEWORK = Framework(
    name="unittest",
    docs="https://docs.python.org/3/library/unittest.html#class-and-module-fixtures",
    bases=(BaseRule(r"\w*TestCase|\w*Case|TestSuite", discovered=True),),  # DRF's APITestCase, Django's...
    protocol_methods=frozenset({"setUp", "tearDown", "setUpClass", "tearDownClass", "asyncSetUp", "asyncTearDown"}),
    runner_names=frozenset({"load_tests", "setUpModule", "tearDownModule"}),
)
