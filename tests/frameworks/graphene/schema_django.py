from graphene_django import DjangoObjectType


class AuthorType(DjangoObjectType):
    class Meta:
        model = "library.Author"
        fields = ["name"]
