from schemas import PostSchema


def main():
    print(PostSchema().load({"title": "x"}))
