from huey import RedisHuey, crontab

from .text import Formatter

huey = RedisHuey("app")


@huey.task()
def send_report(address):
    return Formatter().banner(f"report to {address}")


@huey.periodic_task(crontab(minute="0", hour="3"))
def nightly_cleanup():
    return "cleaned"


@huey.on_startup()
def open_connections():
    return None
