"""React: the lifecycle methods of class components are called by React by name."""

from . import Framework

FRAMEWORK = Framework(
    name="React",
    docs="https://react.dev/reference/react/Component",
    enabled_by=("react", "preact", "react-native"),
    protocol_methods=frozenset({
        "render", "componentDidMount", "componentDidUpdate", "componentWillUnmount", "shouldComponentUpdate",
        "getDerivedStateFromProps", "getSnapshotBeforeUpdate", "componentDidCatch", "getDerivedStateFromError",
        "UNSAFE_componentWillMount", "UNSAFE_componentWillReceiveProps", "UNSAFE_componentWillUpdate",
    }),
)
