"""Expo Router: every file of a React Native app's `app/` folder (`src/app/` when the app keeps its code
in src/) is a route; the router imports it and renders its default export, and reads `ErrorBoundary`,
`unstable_settings`, `generateStaticParams` and `loader` from it (`_layout` files, `+not-found`, `+html`
included); an API route (`+api.ts`) exports its HTTP handlers. The folder is the app's: the package
whose package.json depends on expo-router, not every `app/` of a monorepo."""

from __future__ import annotations

import json
import re
from typing import Iterator

from . import FileRoot, Framework, beside, declared_dependencies

_JS = r"\.(?:[cm]?[jt]sx?)$"
_ROUTE_EXPORTS = r"default|ErrorBoundary|unstable_settings|generateStaticParams|loader|GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS"


def route_folders(path: str, text: str) -> Iterator[FileRoot]:
    """The `app/` (or `src/app/`) folder beside a package.json that depends on expo-router."""
    if "expo-router" not in declared_dependencies(path, text):
        try:
            manifest = json.loads(text)
        except ValueError:
            return
        if not isinstance(manifest, dict) or manifest.get("main") != "expo-router/entry":
            return
    prefix = beside(path)
    yield FileRoot(f"^{prefix}(?:src/)?app/.*{_JS}", _ROUTE_EXPORTS, f"Expo Router route (the app of {path})",
                   exports=True)


FRAMEWORK = Framework(
    name="Expo Router",
    docs="https://docs.expo.dev/router/basics/core-concepts/",
    enabled_by=("expo-router",),
    config_files=("**/package.json",),
    read_config=route_folders,
)
