"""Python packaging and npm manifests: console scripts and every entry-point group, `__main__`,
package.json `main`/`exports`/`bin`/`scripts`, and the launch files that start an application
(Procfile, Dockerfile, compose files, CI workflows, task files). The entry-point rules read these
files; this record makes the scan read them, so a change to one changes the verdicts it affects."""

from . import Framework

# Files that start an application (a server command, FLASK_APP, `python -m`), looked up by these names at
# the root and in each top-level folder: the entry-point rules read the targets they name. (The globs the
# scan reads for frameworks' launch commands are frameworks.LAUNCH_FILES.)
LAUNCH_FILE_NAMES = ("Procfile", "Dockerfile", "docker-compose.yml", "docker-compose.yaml", "compose.yml", "compose.yaml",
                ".flaskenv", "boot.sh", "entrypoint.sh", "start.sh", "fly.toml", "app.yaml", "Makefile")

FRAMEWORK = Framework(
    name="Packaging and launch files",
    docs="https://packaging.python.org/en/latest/specifications/entry-points/",
    config_files=("pyproject.toml", "setup.cfg", "setup.py", "**/pyproject.toml", "**/setup.cfg", "**/package.json", *LAUNCH_FILE_NAMES, "Procfile.*",
                  "Dockerfile.*", "*.Dockerfile", "docker-compose*.yml", "docker-compose*.yaml",
                  ".github/workflows/*.yml", ".github/workflows/*.yaml", "justfile", "noxfile.py",
                  ".pre-commit-config.yaml", "app.json", "render.yaml", "vercel.json", "netlify.toml",
                  "nest-cli.json", "alembic.ini", "tox.ini"),
)
