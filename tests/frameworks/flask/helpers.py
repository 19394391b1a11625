def slug(text):
    return text.lower()


def unused_title(text):
    return text.title()
