"""Celery: the app a worker loads by name (`celery -A proj`), its configuration module, task classes,
and the fixtures its pytest plugin (`celery.contrib.pytest`) requests by name. Task functions are registered by their
decorator (`@app.task`, `@shared_task`), which the analysis counts as a registration."""

from . import BaseRule, FileRoot, Framework

FRAMEWORK = Framework(
    name="Celery",
    docs="https://docs.celeryq.dev/en/stable/userguide/application.html",
    enabled_by=("celery",),
    files=(FileRoot(r"(?:^|/)(?:\w+_)?(?:celery|tasks)\.py$", r"app|celery_app", "celery app"),
           # https://docs.celeryq.dev/en/stable/userguide/configuration.html: `app.config_from_object("celeryconfig")`
           # reads every setting of the conventional configuration module by name.
           FileRoot(r"(?:^|/)celeryconfig\.py$", None, "Celery configuration module (settings read by name)")),
    bases=(BaseRule(r"Task", discovered=True),),
    # https://docs.celeryq.dev/en/stable/reference/cli.html: `celery -A proj worker`, `--app=proj.celery:app`
    launch_commands=(r"\bcelery\s+(?:-A|--app)[=\s]\s*['\"]?([A-Za-z_][\w.]*)(?::([A-Za-z_]\w*))?",),
    test_fixtures=frozenset({"celery_config", "celery_includes", "celery_parameters", "celery_worker_parameters",
                             "celery_enable_logging", "celery_worker_pool", "use_celery_app_trap"}),
)
