from markdown.extensions import Extension


class EmojiExtension(Extension):
    def extendMarkdown(self, md):
        md.registerExtension(self)


def makeExtension(**kwargs):
    return EmojiExtension(**kwargs)


def unused_helper():
    return 1
