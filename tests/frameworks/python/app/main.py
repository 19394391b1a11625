import ast
import cmd
import importlib.abc
import pickle
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

from .util import cached_square


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)

    def render_page(self):
        return "never called"


class Shell(cmd.Cmd):
    def do_greet(self, arg):
        print("hello", arg)

    def help_greet(self):
        print("greets")

    def complete_greet(self, text, line, begidx, endidx):
        return []

    def unused_helper(self):
        return 1


class Counter(ast.NodeVisitor):
    def visit_Name(self, node):
        self.generic_visit(node)

    def summary(self):
        return 0


class Worker(threading.Thread):
    def run(self):
        print("working")


class Sink:
    def write(self, text):
        return len(text)

    def flush(self):
        pass


class StatePickler(pickle.Pickler):
    def reducer_override(self, obj):
        return NotImplemented

    def describe(self):
        return "never called"


class PluginFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path, target=None):
        return None

    def exec_module(self, module):
        pass


class AppError(Exception):
    def describe(self):
        return "never called"


def main():
    HTTPServer(("", 0), Handler)
    Shell().cmdloop()
    Counter().visit(ast.parse("x"))
    Worker().start()
    print("x", file=Sink())
    print(cached_square(3))
    StatePickler(Sink()).dump(1)
    importlib.abc.sys.meta_path.append(PluginFinder())
    raise AppError()
