from twisted.internet import defer, protocol
from twisted.web.iweb import IBodyProducer
from twisted.web.resource import Resource
from zope.interface import implementer


@implementer(IBodyProducer)
class _BodyProducer:
    def __init__(self, body):
        self.body = body
        self.length = len(body)

    def startProducing(self, consumer):
        consumer.write(self.body)
        return defer.succeed(None)

    def pauseProducing(self):
        pass

    def stopProducing(self):
        pass

    def describe(self):
        return f"{self.length} bytes"


class Echo(protocol.Protocol):
    def dataReceived(self, data):
        self.transport.write(data)


class EchoFactory(protocol.Factory):
    def buildProtocol(self, addr):
        return Echo()


class Status(Resource):
    isLeaf = True

    def render_GET(self, request):
        return b"ok"


def unused_helper():
    return 1


def make(body):
    return _BodyProducer(body), EchoFactory(), Status()


if __name__ == "__main__":
    make(b"x")
