import dramatiq
from dramatiq import GenericActor, Middleware


@dramatiq.actor(queue_name="mail")
def send_mail(address):
    print("mail", address)


class Resize(GenericActor):
    class Meta:
        queue_name = "images"

    def perform(self, path):
        print("resize", path)

    def thumbnail_size(self):
        return 64


class Timing(Middleware):
    def before_process_message(self, broker, message):
        print("start", message)

    def after_process_message(self, broker, message, *, result=None, exception=None):
        print("done", message)

    def report(self):
        return "never called"


def unused_enqueue_all(addresses):
    for address in addresses:
        send_mail.send(address)


dramatiq.get_broker().add_middleware(Timing())
