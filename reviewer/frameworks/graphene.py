"""graphene: schema types are found through the schema and, with graphene-django, registered by the
model they map; a type's `resolve_<field>` methods are called by name for each field."""

from . import BaseRule, Framework

FRAMEWORK = Framework(
    name="graphene",
    docs="https://docs.graphene-python.org/en/latest/types/objecttypes/#resolvers",
    enabled_by=("graphene", "graphene-django"),
    bases=(BaseRule(r"ObjectType|Mutation|InputObjectType|Interface|DjangoObjectType", discovered=True),),
)
