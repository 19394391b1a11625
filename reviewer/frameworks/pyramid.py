"""Pyramid: `config.include("pkg.module")` (in code, or the `pyramid.includes` setting of an .ini file)
imports the module and calls its `includeme(config)`, so any module's top-level `includeme` is read by
name. Views and subscribers register through decorators (`@view_config`, `@subscriber`) that
`config.scan()` finds, which the analysis counts as registrations; the application factory a paste
entry point names (`[paste.app_factory] main = pkg:main`) is an entry point like any other."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="Pyramid",
    docs="https://docs.pylonsproject.org/projects/pyramid/en/latest/narr/advconfig.html#including-configuration-from-external-sources",
    enabled_by=("pyramid",),
    files=(FileRoot(r"\.py$", r"includeme", "Pyramid's config.include() calls a module's includeme(config)"),),
)
