"""Next.js: the file's place is its registration. The app router reads the exports of its special
files (page, layout, route handlers, metadata files), the pages router every module under pages/."""

from . import FileRoot, Framework

_JS = r"\.(?:[cm]?[jt]sx?)$"

FRAMEWORK = Framework(
    name="Next.js",
    docs="https://nextjs.org/docs/app/api-reference/file-conventions",
    enabled_by=("next",),
    config_files=("next.config.js", "next.config.mjs", "next.config.ts"),
    files=(
        FileRoot(r"(?:^|/)app/(?:.*/)?(?:page|layout|template|loading|error|not-found|global-error|forbidden"
                 r"|unauthorized|default|route|head|opengraph-image|twitter-image|icon|apple-icon|sitemap|robots"
                 r"|manifest)" + _JS, why="Next.js app router", exports=True),
        FileRoot(r"(?:^|/)pages/.*" + _JS, why="Next.js pages router", exports=True),
        FileRoot(r"(?:^|/)(?:middleware|proxy|instrumentation|instrumentation-client)" + _JS,
                 why="Next.js middleware / instrumentation", exports=True),
    ),
)
