"""Twisted: the reactor and its protocols call the methods of the interfaces a class provides
(`@implementer(IBodyProducer)`, a `Protocol` or `Factory` subclass) by name: a protocol's
`dataReceived`/`connectionMade`, a factory's `buildProtocol`, a producer's `startProducing`,
`pauseProducing`, `resumeProducing` and `stopProducing`, a consumer's `registerProducer`. A web
`Resource` is rendered through `render_<METHOD>` and walked with `getChild`."""

from __future__ import annotations

from . import BaseRule, Framework

FRAMEWORK = Framework(
    name="Twisted",
    docs="https://docs.twisted.org/en/stable/api/twisted.internet.interfaces.html",
    enabled_by=("twisted", "twisted[*]"),
    protocol_methods=frozenset({
        # IProtocol, IHalfCloseableProtocol, ILoggingContext
        "makeConnection", "connectionMade", "dataReceived", "connectionLost", "readConnectionLost",
        "writeConnectionLost", "logPrefix",
        # IProtocolFactory, ClientFactory, IProtocolNegotiationFactory
        "buildProtocol", "doStart", "doStop", "startedConnecting", "clientConnectionFailed",
        "clientConnectionLost", "acceptableProtocols",
        # IProcessProtocol
        "childDataReceived", "childConnectionLost", "processExited", "processEnded",
        # IPushProducer, IPullProducer, IBodyProducer (twisted.web.iweb), IConsumer
        "startProducing", "pauseProducing", "resumeProducing", "stopProducing", "registerProducer",
        "unregisterProducer",
        # LineReceiver
        "lineReceived", "rawDataReceived", "lineLengthExceeded",
    }),
    bases=(BaseRule(r"Resource", hooks=frozenset({"render", "getChild", "getChildWithDefault"}),
                    prefixes=("render_",)),),
)
