"""Storybook: every export of a story file is a story (or its metadata); .storybook/ holds its
configuration modules."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="Storybook",
    docs="https://storybook.js.org/docs/api/csf",
    enabled_by=("storybook", "@storybook/*", "file:.storybook/*"),
    files=(
        FileRoot(r"\.stories\.(?:[cm]?[jt]sx?)$", why="Storybook story", exports=True),
        FileRoot(r"(?:^|/)\.storybook/", why="Storybook configuration"),
    ),
)
