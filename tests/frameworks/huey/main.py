from huey import RedisHuey, crontab

huey = RedisHuey("app")


@huey.task()
def send_report(address):
    return f"report to {address}"


@huey.periodic_task(crontab(minute="0", hour="3"))
def nightly_cleanup():
    return "cleaned"


@huey.on_startup()
def open_connections():
    return None


def unused_schedule_all(addresses):
    return [send_report(a) for a in addresses]
