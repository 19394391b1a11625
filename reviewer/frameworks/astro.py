"""Astro: every file under src/pages/ is a route. A .js/.ts file there is an endpoint whose exported
HTTP handlers (GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD, ALL) Astro calls, with `getStaticPaths`
and `prerender` read from it too; src/middleware exports `onRequest`; the content collections
config exports `collections`; src/actions exports `server`."""

from . import FileRoot, Framework

_JS = r"\.(?:[cm]?[jt]s)$"

FRAMEWORK = Framework(
    name="Astro",
    docs="https://docs.astro.build/en/guides/endpoints/",
    enabled_by=("astro", "file:astro.config.*", "file:**/astro.config.*"),
    files=(
        FileRoot(r"(?:^|/)src/pages/.*" + _JS,
                 r"GET|POST|PUT|PATCH|DELETE|OPTIONS|HEAD|ALL|getStaticPaths|prerender|partial",
                 "Astro endpoint (src/pages/)", exports=True),
        FileRoot(r"(?:^|/)src/middleware(?:/index)?" + _JS, r"onRequest", "Astro middleware", exports=True),
        FileRoot(r"(?:^|/)src/content(?:/config|\.config)" + _JS, r"collections", "Astro content collections",
                 exports=True),
        FileRoot(r"(?:^|/)src/actions(?:/index)?" + _JS, r"server", "Astro actions", exports=True),
    ),
)
