"""Custom elements: the browser calls their lifecycle callbacks by name. Always on: a component
registered with `customElements.define` needs no dependency."""

from . import Framework

FRAMEWORK = Framework(
    name="Web components",
    docs="https://developer.mozilla.org/en-US/docs/Web/API/Web_components/Using_custom_elements",
    protocol_methods=frozenset({"connectedCallback", "disconnectedCallback", "attributeChangedCallback",
                                "adoptedCallback", "formAssociatedCallback", "formResetCallback",
                                "formDisabledCallback", "formStateRestoreCallback"}),
)
