"""ESLint plugins: a plugin's package (`eslint-plugin-<name>/`) may keep a folder of sample code with its
own ESLint configuration enabling the plugin (`plugin:<name>/recommended`, `plugins: ["<name>"]`): a
playground that shows what each rule reports. Its files are inputs for the rules, read by the linter as
data; their unused classes and functions are the examples, not dead code."""

from __future__ import annotations

import re
from typing import Iterator

from . import FileRoot, Framework, beside

_PLUGIN_FOLDER = re.compile(r"(?:^|/)eslint-plugin-([\w.-]+)/")


def sample_folders(path: str, text: str) -> Iterator[FileRoot]:
    """the folder of an ESLint configuration inside a plugin's package that enables that same plugin."""
    plugin = _PLUGIN_FOLDER.search(path)
    if plugin is None:
        return
    name = re.escape(plugin.group(1))
    if not re.search(rf"""["']plugin:{name}/|["']{name}["']|["']eslint-plugin-{name}["']""", text):
        return
    yield FileRoot(f"^{beside(path)}.*\\.(?:[cm]?[jt]sx?)$", None,
                   f"a sample for the rules of eslint-plugin-{plugin.group(1)} (its ESLint configuration {path} "
                   "enables them there)", members=True, data=True)


FRAMEWORK = Framework(
    name="ESLint plugin",
    docs="https://eslint.org/docs/latest/extend/plugins",
    enabled_by=("file:**/eslint-plugin-*/package.json", "file:eslint-plugin-*/package.json"),
    config_files=("**/eslint-plugin-*/**/.eslintrc", "**/eslint-plugin-*/**/.eslintrc.*",
                  "**/eslint-plugin-*/**/eslint.config.*"),
    read_config=sample_folders,
)
