import sys

import markdown


def render(text, extension):
    return markdown.markdown(text, extensions=[extension])  # a module path: `render.py emoji_ext`


if __name__ == "__main__":
    print(render(sys.stdin.read(), sys.argv[1]))
