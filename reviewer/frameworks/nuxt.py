"""Nuxt: components, composables and utils are auto-imported (used with no import statement); pages,
layouts, middleware, plugins and server routes are registered by their place."""

from . import FileRoot, Framework

_JS = r"\.(?:[cm]?[jt]sx?)$"

FRAMEWORK = Framework(
    name="Nuxt",
    docs="https://nuxt.com/docs/guide/concepts/auto-imports",
    enabled_by=("nuxt", "nuxt3"),
    config_files=("nuxt.config.ts", "nuxt.config.js", "app.config.ts"),
    files=(
        # https://nuxt.com/docs/guide/directory-structure: composables/, utils/, shared/ and server/utils/
        # are auto-imported; modules/ are registered by their place.
        FileRoot(r"(?:^|/)(?:composables|utils|shared/(?:utils|types)|server/utils)/[^/]+" + _JS,
                 why="Nuxt auto-import", exports=True),
        FileRoot(r"(?:^|/)(?:middleware|plugins|modules|server/(?:api|routes|middleware|plugins|tasks))/.*" + _JS,
                 why="Nuxt directory convention", exports=True),
    ),
)
