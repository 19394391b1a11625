import graphene


class Query(graphene.ObjectType):
    hello = graphene.String()

    def resolve_hello(self, info):
        return "world"


class CreateUser(graphene.Mutation):
    ok = graphene.Boolean()

    def mutate(self, info):
        return CreateUser(ok=True)


class Mutations(graphene.ObjectType):
    create_user = CreateUser.Field()


class ForgottenType(graphene.ObjectType):
    name = graphene.String()


def unused_resolver():
    return None
