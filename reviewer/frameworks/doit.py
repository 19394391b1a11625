"""doit (pydoit): `doit` loads `dodo.py` (or the file `-f` names) and collects its task creators by name:
every function whose name starts with `task_`, `DOIT_CONFIG`, and any object with a `create_doit_tasks`
method; tasks name one another only in strings (`task_dep`, `doit build`)."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="doit",
    docs="https://pydoit.org/tasks.html",
    enabled_by=("doit", "file:dodo.py"),
    files=(FileRoot(r"(?:^|/)dodo\.py$", r"task_\w+|DOIT_CONFIG", "doit task creator (collected by its name)"),),
    protocol_methods=frozenset({"create_doit_tasks"}),
)
