"""Nuxt: middleware, plugins and server routes are registered by their place. (Components, composables
and utils are auto-imported: a use with no import statement, which the usage graph reads from the
components' names; an auto-imported function nothing uses is dead like any other.)"""

from . import FileRoot, Framework

_JS = r"\.(?:[cm]?[jt]sx?)$"

FRAMEWORK = Framework(
    name="Nuxt",
    docs="https://nuxt.com/docs/guide/concepts/auto-imports",
    enabled_by=("nuxt", "nuxt3"),
    config_files=("nuxt.config.ts", "nuxt.config.js", "app.config.ts"),
    files=(
        FileRoot(r"(?:^|/)(?:middleware|plugins|modules|server/(?:api|routes|middleware|plugins|tasks))/.*" + _JS,
                 why="Nuxt directory convention", exports=True),
    ),
)
