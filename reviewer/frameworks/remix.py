"""Remix and React Router framework mode: the exports of app/root, the server and client entries,
and of route modules (loader, action, meta, links, default...) are read by name."""

from . import FileRoot, Framework

_JS = r"\.(?:[cm]?[jt]sx?)$"

FRAMEWORK = Framework(
    name="Remix / React Router",
    docs="https://reactrouter.com/start/framework/route-module",
    enabled_by=("@remix-run/*", "@react-router/*", "react-router"),
    files=(
        FileRoot(r"(?:^|/)app/(?:root|routes|entry\.(?:server|client))" + _JS, why="Remix root and entry modules",
                 exports=True),
        FileRoot(r"(?:^|/)routes/.*" + _JS,
                 r"Route|loader|action|clientLoader|clientAction|meta|links|headers|handle|ErrorBoundary"
                 r"|HydrateFallback|Component|default|shouldRevalidate|middleware",
                 "file-based router (Remix / React Router / TanStack Router)", exports=True),
    ),
)
