"""ProseMirror: the editor view calls the methods of a node view by name (prosemirror-view's NodeView
interface): `selectNode`, `deselectNode`, `setSelection`, `stopEvent`, `ignoreMutation`. Its `update` and
`destroy` too, but those names are everyone's: a method so named stays judged by its callers."""

from . import Framework

FRAMEWORK = Framework(
    name="ProseMirror",
    docs="https://prosemirror.net/docs/ref/#view.NodeView",
    enabled_by=("prosemirror-view", "prosemirror-state", "@tiptap/*", "@tiptap/core"),
    protocol_methods=frozenset({"selectNode", "deselectNode", "setSelection", "stopEvent", "ignoreMutation"}),
)
