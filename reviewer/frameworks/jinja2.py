"""Jinja2: an extension class is loaded by its dotted name (`Environment(extensions=["pkg.ext.MyExt"])`)
and the environment calls its hooks by name. The names a template's expressions call are read by the
scan from the templates themselves (`{{ user.gravatar() }}`), whatever the framework."""

from . import BaseRule, Framework

FRAMEWORK = Framework(
    name="Jinja2",
    docs="https://jinja.palletsprojects.com/en/stable/extensions/#extension-api",
    enabled_by=("jinja2", "flask"),
    bases=(BaseRule(r"Extension", discovered=True,
                    hooks=frozenset({"tags", "priority", "identifier", "parse", "preprocess", "filter_stream",
                                     "bind", "attr", "call_method", "__init__"})),),
)
