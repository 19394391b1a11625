"""shadcn/ui: its CLI copies UI components into the project (the folder `components.json` names under
`aliases.ui`, `@/components/ui` by default). The copies are a kit kept whole on purpose: a component's
unused parts (a `SelectLabel` beside the used `Select`) are its API, not code to prune."""

from __future__ import annotations

import json
import re
from typing import Iterator

from . import FileRoot, Framework, beside


def ui_folder(path: str, text: str) -> Iterator[FileRoot]:
    """the folder of `aliases.ui` (an `@/` alias read as the project's src/ or root): every export is the kit's API."""
    try:
        alias = (json.loads(text).get("aliases") or {}).get("ui") or "@/components/ui"
    except (ValueError, AttributeError):
        return
    if not isinstance(alias, str):
        return
    folder = alias.removeprefix("@/").removeprefix("~/").strip("/")
    prefix = beside(path)
    yield FileRoot(f"^{prefix}(?:src/)?{re.escape(folder)}/", None,
                   f"a UI kit the shadcn CLI copied in ({path}: aliases.ui)", exports=True)


FRAMEWORK = Framework(
    name="shadcn/ui",
    docs="https://ui.shadcn.com/docs/components-json",
    enabled_by=("file:components.json",),
    config_files=("components.json",),
    read_config=ui_folder,
)
