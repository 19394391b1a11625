def app(environ, start_response):
    start_response("200 OK", [])
    return [b"ok"]


def unused_healthcheck():
    return True
