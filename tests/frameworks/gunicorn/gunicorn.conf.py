bind = "0.0.0.0:8000"
workers = 2


def post_fork(server, worker):
    server.log.info("worker %s", worker.pid)


def when_ready(server):
    server.log.info("ready")
