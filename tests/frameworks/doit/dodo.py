"""Build tasks: `doit list` shows them, `doit build` runs one."""

from builder import compile_all

DOIT_CONFIG = {"default_tasks": ["build"]}


def task_build():
    """Compile everything."""
    return {"actions": [compile_all], "task_dep": ["clean"]}


def task_clean():
    return {"actions": ["rm -rf build"]}


class Release:
    def create_doit_tasks(self):
        return {"actions": ["echo release"]}


release = Release()


def unused_package_step():
    return {"actions": ["echo never"]}
