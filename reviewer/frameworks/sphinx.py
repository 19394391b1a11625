"""Sphinx: `conf.py` is executed and its settings read by name; an extension's `setup(app)` is called
by the build for each module `extensions` names. (The API reference its autodoc directives document
is read from the documentation pages: see the documented-API rule.)"""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="Sphinx",
    docs="https://www.sphinx-doc.org/en/master/usage/configuration.html",
    enabled_by=("sphinx", "file:conf.py"),
    config_files=("conf.py",),
    files=(FileRoot(r"(?:^|/)conf\.py$", why="Sphinx configuration (settings read from conf.py by name)"),),
)
