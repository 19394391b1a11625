import os


def pdm_build_initialize(context):
    metadata = context.config.metadata
    metadata["name"] = _package_name()


def _package_name():
    return os.getenv("TIANGOLO_BUILD_PACKAGE", "asyncer")


def _unused_step():
    return None
