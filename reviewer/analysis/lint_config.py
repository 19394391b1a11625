"""The project's own linter configuration: where it tells its linter that unused imports are expected.

`per-file-ignores` of ruff (`[tool.ruff.lint.per-file-ignores]` or `[tool.ruff.per-file-ignores]` in a
pyproject.toml, `[lint.per-file-ignores]` in ruff.toml) and of flake8 (`per-file-ignores` in `[flake8]` of
setup.cfg, tox.ini or .flake8) map file patterns to the codes not to report there. A pattern that silences
F401 (unused import; `F4`, `F` or `ALL` do too) says the authors keep such imports on purpose in those
files (Alembic revision scripts written from a template, re-export modules): an unused import there is a
candidate, not a finding, with that line of configuration as its evidence. Patterns are read relative
to the configuration file's folder, `*` crossing folders as both tools' matching does.
"""

from __future__ import annotations

import configparser
import fnmatch
import posixpath
import re
import tomllib
from dataclasses import dataclass
from typing import Mapping

UNUSED_IMPORT = "F401"
_FLAKE8_ENTRY = re.compile(r"([^\s:,]+)\s*:\s*((?:[A-Z]+[0-9]*\s*,?\s*)+)")


@dataclass(frozen=True)
class ImportIgnore:
    folder: str  # the configuration file's folder ("" at the root)
    pattern: str
    where: str  # "server/pyproject.toml ([tool.ruff.lint.per-file-ignores] "migrations/*")"

    def covers(self, path: str) -> bool:
        if self.folder and not path.startswith(self.folder + "/"):
            return False
        relative = path[len(self.folder) + 1:] if self.folder else path
        pattern = self.pattern.removeprefix("./")
        # flake8 and ruff match a pattern without a folder against the file's name too
        return fnmatch.fnmatchcase(relative, pattern) or ("/" not in pattern and fnmatch.fnmatchcase(
            posixpath.basename(relative), pattern)) or fnmatch.fnmatchcase(relative, pattern.rstrip("/") + "/*")


def _silences_unused_import(codes: list[str]) -> bool:
    return any(code.strip().upper() in ("ALL",) or UNUSED_IMPORT.startswith(code.strip().upper())
               for code in codes if code.strip())


def _ruff_table(data: dict, *keys: str) -> dict:
    for key in keys:
        data = data.get(key) if isinstance(data, dict) else None
    return data if isinstance(data, dict) else {}


def unused_import_ignores(texts: Mapping[str, str]) -> list[ImportIgnore]:
    """Every file pattern the project's ruff or flake8 configuration silences F401 for."""
    found: list[ImportIgnore] = []
    for path, text in sorted(texts.items()):
        name = posixpath.basename(path)
        folder = posixpath.dirname(path)
        if name in ("pyproject.toml", "ruff.toml", ".ruff.toml"):
            try:
                data = tomllib.loads(text)
            except (tomllib.TOMLDecodeError, ValueError):
                continue
            tables = ([("[tool.ruff.lint.per-file-ignores]", _ruff_table(data, "tool", "ruff", "lint", "per-file-ignores")),
                       ("[tool.ruff.per-file-ignores]", _ruff_table(data, "tool", "ruff", "per-file-ignores"))]
                      if name == "pyproject.toml" else
                      [("[lint.per-file-ignores]", _ruff_table(data, "lint", "per-file-ignores")),
                       ("[per-file-ignores]", _ruff_table(data, "per-file-ignores"))])
            for table, mapping in tables:
                for pattern, codes in mapping.items():
                    if isinstance(codes, list) and _silences_unused_import([str(c) for c in codes]):
                        found.append(ImportIgnore(folder, pattern, f'{path} ({table} "{pattern}")'))
        elif name in ("setup.cfg", "tox.ini", ".flake8"):
            parser = configparser.ConfigParser(interpolation=None)
            try:
                parser.read_string(text)
            except configparser.Error:
                continue
            if not parser.has_option("flake8", "per-file-ignores"):
                continue
            # `pattern: CODE,CODE` entries, one or more a line
            for entry in _FLAKE8_ENTRY.finditer(parser.get("flake8", "per-file-ignores")):
                pattern, codes = entry.group(1), entry.group(2)
                if _silences_unused_import(re.split(r"[\s,]+", codes)):
                    found.append(ImportIgnore(folder, pattern, f"{path} ([flake8] per-file-ignores {pattern})"))
    return found
