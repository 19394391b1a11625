"""Jest and Vitest: module mocks under __mocks__ replace modules by path, and the files a runner's
configuration names (globalSetup, setupFiles, resolvers...) are loaded by it: their exports are called."""

from __future__ import annotations

import re
from typing import Iterator

from . import FileRoot, Framework, named_script

_FILE_OPTION = re.compile(
    r"""\b(globalSetup|globalTeardown|setupFiles|setupFilesAfterEnv|snapshotResolver|testSequencer|resolver"""
    r"""|testEnvironment|reporters|watchPlugins|testResultsProcessor|dependencyExtractor|runner|testRunner)"""
    r"""["']?\s*:\s*(\[[^\]]*\]|["'][^"']+["'])""")
_QUOTED = re.compile(r"""["']([^"']+)["']""")


def loaded_files(path: str, text: str) -> Iterator[FileRoot]:
    """the files globalSetup, setupFiles, resolver... name: the runner loads them and calls their exports."""
    for option, value in _FILE_OPTION.findall(text):
        for written in _QUOTED.findall(value):
            if "/" not in written and "." not in written:
                continue  # a package name (`jest-environment-node`), not a file
            yield named_script(path, written.replace("<rootDir>", "."), f"loaded by the test runner: {option} in {path}")


FRAMEWORK = Framework(
    name="Jest / Vitest",
    docs="https://jestjs.io/docs/configuration#globalsetup-string",
    enabled_by=("jest", "vitest", "ts-jest", "@jest/*", "file:jest.config.*", "file:vitest.config.*"),
    config_files=("jest.config.*", "vitest.config.*", "vite.config.*", "vitest.workspace.*", "**/package.json"),
    files=(FileRoot(r"(?:^|/)__mocks__/", why="jest/vitest module mock"),),
    read_config=loaded_files,
)
