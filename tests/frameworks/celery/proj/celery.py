from celery import Celery, Task

app = Celery("proj", include=["proj.tasks"])
app.config_from_object("celeryconfig")


class LoggedTask(Task):
    def on_failure(self, exc, task_id, args, kwargs, einfo):
        print("failed", task_id)
