"""Python-Markdown: an extension named by its module's dotted path (`markdown(text, extensions=["pkg.ext"])`,
a plugin's `f"{plugin}.markdown"`) is loaded by importing that module and calling its `makeExtension`."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="Python-Markdown",
    docs="https://python-markdown.github.io/extensions/api/#dot_notation",
    enabled_by=("markdown",),
    files=(FileRoot(r"\.py$", r"makeExtension", "Python-Markdown extension entry point (loaded by module path)"),),
)
