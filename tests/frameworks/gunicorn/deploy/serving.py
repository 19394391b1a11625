accesslog = "-"
access_log_format = "%(h)s %(r)s"


def on_starting(server):
    server.log.info("starting")
