"""pdm-backend's local build hooks: the build loads `pdm_build.py` at the project root (another file when
`[tool.pdm.build] custom-hook` names one) and calls its `pdm_build_*` functions by name at each step of a
build (`pdm_build_hook_enabled`, `pdm_build_initialize`, `pdm_build_update_files`,
`pdm_build_update_setup_kwargs`, `pdm_build_finalize`)."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="pdm-backend build hooks",
    docs="https://backend.pdm-project.org/hooks/",
    enabled_by=("pdm-backend", "file:pdm_build.py"),
    files=(FileRoot(r"^pdm_build\.py$", r"pdm_build_\w+", "pdm-backend build hook (the build calls it by name)"),),
)
