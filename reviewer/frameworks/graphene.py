"""graphene: a type's `resolve_<field>` methods are called by name for each field (its base is not
known, so they stay alive); with graphene-django, a `DjangoObjectType` is registered by the model it
maps (related fields find it there). Other types live when the schema reaches them by reference."""

from . import BaseRule, Framework

FRAMEWORK = Framework(
    name="graphene",
    docs="https://docs.graphene-python.org/projects/django/en/latest/queries/",
    enabled_by=("graphene", "graphene-django"),
    bases=(BaseRule(r"DjangoObjectType", discovered=True),),
)
