"""coverage.py: it calls `coverage_init(reg, options)` of each plugin module its configuration lists."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="coverage.py",
    docs="https://coverage.readthedocs.io/en/latest/plugins.html",
    enabled_by=("coverage", "pytest-cov", "file:.coveragerc"),
    config_files=(".coveragerc",),
    files=(FileRoot(r"\.py$", r"coverage_init", "coverage.py plugin hook"),),
)
