"""Next.js: the file's place is its registration. The app router reads the exports of its special
files (page, layout, route handlers, metadata files), the pages router every module under pages/.
next.config's `images.loaderFile` names a module whose default export is the image loader."""

from __future__ import annotations

import re
from typing import Iterator

from . import FileRoot, Framework, named_script

_JS = r"\.(?:[cm]?[jt]sx?)$"
# `loaderFile: "./loader.ts"`, or chosen by a condition (`loaderFile: isProd ? "./loader.ts" : undefined`)
_LOADER_FILE = re.compile(r"""\bloaderFile["']?\s*:\s*[^,}\n"']*["']([^"']+)["']""")


def loader_files(path: str, text: str) -> Iterator[FileRoot]:
    """`images: { loaderFile: './my/image/loader.js' }`: Next.js imports that file and calls its default export."""
    for written in _LOADER_FILE.findall(text):
        yield named_script(path, written, f"Next.js image loader: images.loaderFile in {path}")


FRAMEWORK = Framework(
    name="Next.js",
    docs="https://nextjs.org/docs/app/api-reference/file-conventions",
    enabled_by=("next",),
    config_files=("next.config.js", "next.config.mjs", "next.config.ts", "**/next.config.js", "**/next.config.mjs",
                  "**/next.config.ts"),
    files=(
        FileRoot(r"(?:^|/)app/(?:.*/)?(?:page|layout|template|loading|error|not-found|global-error|forbidden"
                 r"|unauthorized|default|route|head|opengraph-image|twitter-image|icon|apple-icon|sitemap|robots"
                 r"|manifest)" + _JS, why="Next.js app router", exports=True),
        FileRoot(r"(?:^|/)pages/.*" + _JS, why="Next.js pages router", exports=True),
        FileRoot(r"(?:^|/)(?:middleware|proxy|instrumentation|instrumentation-client)" + _JS,
                 why="Next.js middleware / instrumentation", exports=True),
    ),
    read_config=loader_files,
)
