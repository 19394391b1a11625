from jinja2 import nodes
from jinja2.ext import Extension


class CacheExtension(Extension):
    tags = {"cache"}

    def parse(self, parser):
        lineno = next(parser.stream).lineno
        return nodes.Output([nodes.Const("cached")]).set_lineno(lineno)

    def unused_helper(self):
        return 1
