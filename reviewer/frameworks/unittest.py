"""unittest (also run by pytest and Django's test runner): TestCase classes are collected by the
runner, which calls their set-up and tear-down methods and the module's load_tests protocol. The
loader takes every TestCase in a test module's namespace, however it got there: a class a factory
builds and binds to a `Test*` name (`TestDraft4 = suite.to_testcase(...)`) is collected like one
written out (pytest collects `Test*` classes the same way)."""

from . import BaseRule, FileRoot, Framework

FRAMEWORK = Framework(
    name="unittest",
    docs="https://docs.python.org/3/library/unittest.html#class-and-module-fixtures",
    bases=(BaseRule(r"\w*TestCase|\w*Case|TestSuite", discovered=True),),  # DRF's APITestCase, Django's...
    protocol_methods=frozenset({"setUp", "tearDown", "setUpClass", "tearDownClass", "asyncSetUp", "asyncTearDown"}),
    runner_names=frozenset({"load_tests", "setUpModule", "tearDownModule"}),
    files=(FileRoot(r"(^|/)(test[^/]*|[^/]*_test)\.py$", r"Test\w*", "a test class the test loader collects"),),
)
