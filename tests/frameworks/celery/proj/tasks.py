from celery import shared_task

from .celery import app


@app.task(base=None)
def add(x, y):
    return x + y


@shared_task(name="proj.legacy_cleanup")
def legacy_cleanup():
    """Kept so that messages already queued under this name still resolve."""


def unused_batch(items):
    return [add.delay(i, i) for i in items]
