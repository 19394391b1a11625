"""Turborepo code generators: `turbo gen` loads `turbo/generators/config.{ts,js,cjs,cts,mjs,mts}` at the
repository root (or in a workspace) and calls its default export with the Plop API; the templates it
names are `.hbs` files, not code."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="Turborepo generators",
    docs="https://turbo.build/repo/docs/guides/generating-code",
    enabled_by=("turbo",),
    files=(FileRoot(r"(?:^|/)turbo/generators/config\.[cm]?[jt]s$", r"default",
                    "Turborepo generator configuration (`turbo gen` calls its default export)", exports=True),),
)
