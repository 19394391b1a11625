"""Python packaging and npm manifests: console scripts and every entry-point group, `__main__`,
package.json `main`/`exports`/`bin`/`scripts`, and the launch files that start an application
(Procfile, Dockerfile, compose files, CI workflows, task files). The entry-point rules read these
files; this record makes the scan read them, so a change to one changes the verdicts it affects."""

from . import Framework

FRAMEWORK = Framework(
    name="Packaging and launch files",
    docs="https://packaging.python.org/en/latest/specifications/entry-points/",
    config_files=("pyproject.toml", "setup.cfg", "setup.py", "**/package.json", "Procfile", "Procfile.*",
                  "Dockerfile", "Dockerfile.*", "*.Dockerfile", "docker-compose*.yml", "docker-compose*.yaml",
                  "compose*.yml", "compose*.yaml", ".github/workflows/*.yml", ".github/workflows/*.yaml",
                  "Makefile", "justfile", "noxfile.py", ".pre-commit-config.yaml", "app.json", "fly.toml",
                  "render.yaml", "vercel.json", "netlify.toml"),
)
