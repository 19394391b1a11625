"""pytest-docker: the fixtures it offers and requests by name (`docker_services` asks for the compose
file, project name, command, setup and cleanup). A project's fixture of one of these names overrides the
plugin's, so nothing in the project asks for it and it is alive all the same."""

from . import Framework

FRAMEWORK = Framework(
    name="pytest-docker",
    docs="https://github.com/avast/pytest-docker#readme",
    enabled_by=("pytest-docker",),
    test_fixtures=frozenset({"docker_ip", "docker_services", "docker_compose_file", "docker_compose_project_name",
                             "docker_compose_command", "docker_setup", "docker_cleanup"}),
)
