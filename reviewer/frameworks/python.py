"""Python itself: the module protocol, the decorators of the standard library that wrap in place,
the bases that carry no registry, and the methods the runtime and the standard library call by name."""

from . import BaseRule, FileRoot, Framework

# Bases that carry no registry: a subclass of one lives only when something names it.
PLAIN_BASES = frozenset({
    "object", "Exception", "BaseException", "ABC", "abc.ABC", "Protocol", "typing.Protocol",
    "Generic", "typing.Generic", "NamedTuple", "typing.NamedTuple", "TypedDict", "typing.TypedDict",
    "Enum", "enum.Enum", "IntEnum", "enum.IntEnum", "StrEnum", "enum.StrEnum", "Flag", "IntFlag",
    "dict", "list", "set", "tuple", "str", "int", "float", "bytes", "Error", "TypeError", "ValueError",
})

# Hooks the standard library calls when a subclass defines them but that its base class does not define,
# so reading the base (analysis/roots.stdlib_base_defines) cannot tell: the pickle and importlib docs.
OPTIONAL_HOOKS = {
    "pickle.Pickler": frozenset({"reducer_override"}),
    "importlib.abc.MetaPathFinder": frozenset({"find_spec"}),
    "importlib.abc.PathEntryFinder": frozenset({"find_spec"}),
    "importlib.abc.Loader": frozenset({"exec_module"}),
}

FRAMEWORK = Framework(
    name="Python",
    docs="https://docs.python.org/3/reference/datamodel.html",
    files=(FileRoot(r"\.pyi?$", r"__\w+__", "module metadata (read by name by Python and tools)"),),
    # Classes of the standard library that call their subclasses' methods by a name they build.
    bases=(BaseRule(r"(?:Base|Simple|CGI)HTTPRequestHandler", prefixes=("do_",)),
           BaseRule(r"Cmd", prefixes=("do_", "help_", "complete_")),
           BaseRule(r"NodeVisitor|NodeTransformer", prefixes=("visit_", "generic_visit"))),
    wrapping_decorators=frozenset({
        "staticmethod", "classmethod", "property", "cached_property", "functools.cached_property",
        "abstractmethod", "abc.abstractmethod", "abstractproperty", "abc.abstractproperty",
        "wraps", "functools.wraps", "lru_cache", "functools.lru_cache", "cache", "functools.cache",
        "total_ordering", "functools.total_ordering", "dataclass", "dataclasses.dataclass",
        "overload", "typing.overload", "override", "typing.override", "typing_extensions.override",
        "final", "typing.final", "contextmanager", "contextlib.contextmanager",
        "asynccontextmanager", "contextlib.asynccontextmanager", "singledispatch",
        "functools.singledispatch", "singledispatchmethod", "functools.singledispatchmethod",
        "runtime_checkable", "typing.runtime_checkable", "deprecated", "warnings.deprecated",
        "typing_extensions.deprecated", "unique", "enum.unique", "no_type_check", "typing.no_type_check",
        "dataclass_transform", "typing.dataclass_transform", "coroutine", "types.coroutine",
    }),
    plain_bases=PLAIN_BASES,
    # threading.Thread.run and socketserver's handle are called by the runtime; file-like objects are
    # handed to print(file=...), shutil, io and csv, which call these by name.
    protocol_methods=frozenset({
        "run", "handle", "read", "readline", "readlines", "write", "writelines", "flush", "close", "fileno",
        "isatty", "seek", "tell", "readable", "writable", "seekable",
    }),
)
