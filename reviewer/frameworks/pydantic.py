"""pydantic: `validate_call` wraps a function in place. (Validators and serializers are registered by
their decorators, the default for a decorator; a model is a plain class that lives when something
names it, a forward reference in a string included: pydantic keeps no registry of models.)"""

from . import Framework

FRAMEWORK = Framework(
    name="pydantic",
    docs="https://docs.pydantic.dev/latest/concepts/validation_decorator/",
    enabled_by=("pydantic", "pydantic-settings", "sqlmodel", "fastapi"),
    wrapping_decorators=frozenset({"validate_call", "pydantic.validate_call", "validate_arguments"}),
)
