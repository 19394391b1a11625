"""SolidStart: `<FileRoutes />` makes a route of every file under the app's `src/routes/` (route groups
`(name)/`, `[param]` and `[...rest]` segments, a `blog.tsx` layout beside a `blog/` folder); a UI
route's page is its default export, with a `route` export for its config (preload); an API route exports
its HTTP handlers (GET, POST...). The app's `src/app.tsx`, `src/entry-client.tsx` and
`src/entry-server.tsx`, and its `app.config.ts`, are loaded by the toolchain by their default export.
The folder is the app's: the package whose package.json depends on @solidjs/start, not every
`routes/` of a monorepo."""

from __future__ import annotations

from typing import Iterator

from . import FileRoot, Framework, beside, declared_dependencies

_JS = r"\.(?:[cm]?[jt]sx?)$"
_ROUTE_EXPORTS = r"default|route|GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS"
_STARTERS = ("@solidjs/start", "solid-start")


def app_folders(path: str, text: str) -> Iterator[FileRoot]:
    """The routes and entries of the app beside a package.json that depends on SolidStart."""
    if not any(name in declared_dependencies(path, text) for name in _STARTERS):
        return
    prefix = beside(path)
    yield FileRoot(f"^{prefix}src/routes/.*{_JS}", _ROUTE_EXPORTS, f"SolidStart file route (the app of {path})",
                   exports=True)
    yield FileRoot(f"^{prefix}(?:src/(?:app|entry-client|entry-server)|app\\.config){_JS}", "default",
                   f"SolidStart app entry (the app of {path})", exports=True)


FRAMEWORK = Framework(
    name="SolidStart",
    docs="https://docs.solidjs.com/solid-start/building-your-application/routing",
    enabled_by=_STARTERS,
    config_files=("**/package.json",),
    read_config=app_folders,
)
