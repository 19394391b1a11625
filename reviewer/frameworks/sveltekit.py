"""SvelteKit: it calls `load`, `actions`, `GET`, `prerender`... of its route files and `handle` of
its hooks files."""

from . import FileRoot, Framework

_JS = r"\.(?:[cm]?[jt]sx?)$"

FRAMEWORK = Framework(
    name="SvelteKit",
    docs="https://svelte.dev/docs/kit/routing",
    enabled_by=("@sveltejs/kit",),
    config_files=("svelte.config.js",),
    files=(
        FileRoot(r"(?:^|/)routes/(?:.*/)?\+(?:page|layout|server|error)(?:\.server)?" + _JS,
                 why="SvelteKit route", exports=True),
        FileRoot(r"(?:^|/)src/hooks(?:\.server|\.client)?" + _JS, why="SvelteKit hooks", exports=True),
        FileRoot(r"(?:^|/)src/params/[^/]+" + _JS, r"match", "SvelteKit param matcher", exports=True),
    ),
)
