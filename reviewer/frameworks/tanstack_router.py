"""TanStack Router: file-based routes export `Route`, read by the generated route tree."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="TanStack Router",
    docs="https://tanstack.com/router/latest/docs/framework/react/routing/file-based-routing",
    enabled_by=("@tanstack/react-router", "@tanstack/solid-router", "@tanstack/react-start"),
    files=(FileRoot(r"(?:^|/)routes/.*\.(?:[cm]?[jt]sx?)$", r"Route|default",
                    "file-based router (TanStack Router)", exports=True),),
)
