"""Docusaurus: a site's `src/theme/` holds swizzled theme components, which the theme loads in place of
its own by their path (`src/theme/DocItem/Layout/index.tsx` replaces `@theme/DocItem/Layout`); every
file of `src/pages/` is a page whose default export the site renders. Both sit beside the site's
docusaurus.config."""

from __future__ import annotations

import re
from typing import Iterator

from . import FileRoot, Framework, beside

_JS = r"\.(?:[cm]?[jt]sx?)$"


def site_folders(path: str, text: str) -> Iterator[FileRoot]:
    """The theme and pages folders of the site whose configuration this is."""
    prefix = beside(path)
    yield FileRoot(f"^{prefix}src/theme/.*{_JS}", r"default", f"Docusaurus swizzled theme component ({path})",
                   exports=True)
    yield FileRoot(f"^{prefix}src/pages/.*{_JS}", r"default|frontMatter|metadata|toc|assets",
                   f"Docusaurus page ({path})", exports=True)


FRAMEWORK = Framework(
    name="Docusaurus",
    docs="https://docusaurus.io/docs/swizzling",
    enabled_by=("@docusaurus/core", "file:**/docusaurus.config.*"),
    config_files=("docusaurus.config.*", "**/docusaurus.config.*"),
    read_config=site_folders,
)
