"""pydantic: models and settings are schemas (their fields are read by name by the validator and by
serializers); `validate_call` wraps a function in place."""

from . import BaseRule, Framework

FRAMEWORK = Framework(
    name="pydantic",
    docs="https://docs.pydantic.dev/latest/concepts/models/",
    enabled_by=("pydantic", "pydantic-settings", "sqlmodel", "fastapi"),
    bases=(BaseRule(r"BaseModel|BaseSettings|RootModel", discovered=True),),
    wrapping_decorators=frozenset({"validate_call", "pydantic.validate_call", "validate_arguments"}),
)
