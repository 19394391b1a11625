import os

APP_HOST = os.environ.get('APP_HOST', 'app')


def unused_host_name():
    return 'mon'
