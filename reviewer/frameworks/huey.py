"""huey: tasks and periodic tasks are registered by their decorators (`@huey.task()`,
`@huey.periodic_task(...)`, `@db_task`), which the analysis counts as registrations; the consumer
is started on the huey instance by its dotted name (`huey_consumer main.huey`), which it reads."""

from . import Framework

FRAMEWORK = Framework(
    name="huey",
    docs="https://huey.readthedocs.io/en/latest/consumer.html",
    enabled_by=("huey",),
    # `huey_consumer[.py] [options] path.to.huey_instance`
    launch_commands=(r"\bhuey_consumer(?:\.py)?\s+(?:-\S+\s+)*([A-Za-z_][\w.]*)\.([A-Za-z_]\w*)",),
)
