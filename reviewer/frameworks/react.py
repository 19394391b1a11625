"""React: a class component's base is known. React calls the lifecycle methods and `render` by name and
offers `setState`, `forceUpdate` and the static members of its documented API; the component's other
methods are its own (event handlers live when the JSX or the code names them)."""

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

FRAMEWORK = Framework(
    name="React",
    docs="https://react.dev/reference/react/Component",
    enabled_by=("react", "preact", "react-native"),
    bases=(BaseRule(r"Component|PureComponent", hooks=_COMPONENT),),
    protocol_methods=frozenset({
        "render", "componentDidMount", "componentDidUpdate", "componentWillUnmount", "shouldComponentUpdate",
        "getDerivedStateFromProps", "getSnapshotBeforeUpdate", "componentDidCatch", "getDerivedStateFromError",
        "UNSAFE_componentWillMount", "UNSAFE_componentWillReceiveProps", "UNSAFE_componentWillUpdate",
    }),
)
