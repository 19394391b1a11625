"""dramatiq: actors are registered by `@dramatiq.actor` (a registration) or by subclassing
`GenericActor`, whose `perform` the worker calls; a broker middleware's hooks are called by name.
Messages name actors by string, so a queued actor must keep its name."""

from . import BaseRule, Framework

FRAMEWORK = Framework(
    name="dramatiq",
    docs="https://dramatiq.io/reference.html",
    enabled_by=("dramatiq",),
    # https://dramatiq.io/guide.html: `dramatiq module[:broker]` starts workers that import the module
    launch_commands=(r"\bdramatiq(?:-gevent)?\s+(?:-\S+\s+)*([A-Za-z_][\w.]*)(?::([A-Za-z_]\w*))?",),
    bases=(BaseRule(r"GenericActor", discovered=True, hooks=frozenset({"perform", "Meta"})),
           BaseRule(r"Middleware", hooks=frozenset({
               "before_ack", "after_ack", "before_nack", "after_nack", "before_declare_actor",
               "after_declare_actor", "before_declare_queue", "after_declare_queue",
               "after_declare_delay_queue", "before_enqueue", "after_enqueue", "before_delay_message",
               "before_process_message", "after_process_message", "after_skip_message",
               "before_consumer_thread_shutdown", "before_worker_thread_shutdown", "before_worker_boot",
               "after_worker_boot", "before_worker_shutdown", "after_worker_shutdown", "after_process_boot",
               "before_process_stop", "after_consumer_thread_boot", "after_worker_thread_boot", "actor_options",
               "forks"}))),
)
