import graphene

import schema


def main():
    print(graphene.Schema(query=schema.Query, mutation=schema.Mutations).execute("{ hello }"))
