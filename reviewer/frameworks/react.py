"""React: a class component's base is known. React calls the lifecycle methods and `render` by name and
offers `setState`, `forceUpdate` and the static members of its documented API; the component's other
methods are its own (event handlers live when the JSX or the code names them)."""

import posixpath
import re
from typing import Mapping

from . import BaseRule, Framework

# https://react.dev/reference/react/Component: the complete API of a class component.
_COMPONENT = frozenset({
    "render", "constructor", "componentDidMount", "componentDidUpdate", "componentWillUnmount",
    "shouldComponentUpdate", "getSnapshotBeforeUpdate", "componentDidCatch", "getDerivedStateFromProps",
    "getDerivedStateFromError", "componentWillMount", "componentWillReceiveProps", "componentWillUpdate",
    "UNSAFE_componentWillMount", "UNSAFE_componentWillReceiveProps", "UNSAFE_componentWillUpdate",
    "getChildContext", "setState", "forceUpdate", "state", "props", "context", "refs", "contextType",
    "contextTypes", "childContextTypes", "defaultProps", "propTypes", "displayName",
})

# The classic JSX runtime compiles each tag to a call of its factory (`h("div")` for Preact), named by
# TypeScript's `jsxFactory`/`jsxFragmentFactory` or by Babel's `pragma`/`pragmaFrag` (preset-react,
# transform-react-jsx; https://babeljs.io/docs/babel-plugin-transform-react-jsx#pragma): a JSX file's
# import of that name is read by every tag it writes. A dotted factory (`React.createElement`) reads its
# first name.
_JSX_FACTORY = re.compile(r"""["']?(?:jsx(?:Fragment)?Factory|pragma(?:Frag)?)["']?\s*:\s*["']([A-Za-z_$][\w$]*)""")
_BABEL_CONFIG = ("**/.babelrc", "**/.babelrc.json", "**/.babelrc.js", "**/.babelrc.cjs", "**/.babelrc.mjs",
                 "**/babel.config.json")  # babel.config.js is one of the JavaScript module's `*.config.js`


def jsx_factories(config_texts: Mapping[str, str]) -> set[str]:
    """The names the project's compiler configuration makes compiled JSX call (tsconfig, jsconfig, Babel's
    configuration files and package.json's `babel` key)."""
    found = set()
    for path, text in config_texts.items():
        name = posixpath.basename(path)
        if (name.startswith(("tsconfig", "jsconfig", ".babelrc", "babel.config")) or name == "package.json") \
                and ("actory" in text or "pragma" in text):
            found.update(_JSX_FACTORY.findall(text))
    return found


FRAMEWORK = Framework(
    name="React",
    docs="https://react.dev/reference/react/Component",
    enabled_by=("react", "preact", "react-native"),
    bases=(BaseRule(r"Component|PureComponent", hooks=_COMPONENT),),
    config_files=_BABEL_CONFIG,
    protocol_methods=frozenset({
        "render", "componentDidMount", "componentDidUpdate", "componentWillUnmount", "shouldComponentUpdate",
        "getDerivedStateFromProps", "getSnapshotBeforeUpdate", "componentDidCatch", "getDerivedStateFromError",
        "UNSAFE_componentWillMount", "UNSAFE_componentWillReceiveProps", "UNSAFE_componentWillUpdate",
    }),
)
