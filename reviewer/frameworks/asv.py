"""airspeed velocity: benchmark modules are collected by path, their `time_*`, `mem_*`... functions and
methods and set-up attributes read by name."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="asv",
    docs="https://asv.readthedocs.io/en/stable/writing_benchmarks.html",
    enabled_by=("asv", "file:asv.conf.json"),
    config_files=("asv.conf.json",),
    files=(
        FileRoot(r"(?:^|/)benchmarks?/.*\.py$",
                 r"(?:time|mem|peakmem|track|timeraw)_\w+|setup|teardown|setup_cache|params|param_names|timeout",
                 "asv benchmark", members=True),
        FileRoot(r"(?:^|/)benchmarks?/.*\.py$", r"[A-Z]\w*", "asv benchmark suite (classes holding benchmarks)"),
    ),
)
