"""Copy this file to `<framework>.py` to teach reviewer a framework, and add a fixture folder
`tests/frameworks/<framework>/` (a mini repository that declares the dependency, uses each field you
fill, and holds at least one dead helper; `expected.yaml` maps "path::qualified.name" to USED or DEAD;
tests/test_frameworks.py runs it). Fill only the fields the framework needs; each is documented on
`Framework` in `__init__.py`. Take the knowledge from the framework's own documentation (put its
address in `docs`), not from one project that uses it."""

from . import BaseRule, FileRoot, Framework

FRAMEWORK = Framework(
    name="Example",
    docs="https://example.org/docs/",
    enabled_by=("example",),  # a dependency or import name, or "file:<glob>"; () = always on
    config_files=(),  # globs of configuration files read_config reads
    files=(FileRoot(r"(?:^|/)example_hooks\.py$", r"on_\w+", "Example hook (called by name)"),),
    bases=(BaseRule(r"ExamplePlugin", discovered=True, hooks=frozenset({"setup"})),),
    wrapping_decorators=frozenset(),
    protocol_methods=frozenset(),
    test_fixtures=frozenset(),
    launch_commands=(),  # regexes over Procfile, Dockerfile...: group 1 the module started, group 2 the name read
)
