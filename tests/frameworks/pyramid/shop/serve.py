from waitress import serve

from shop import main


def run():
    serve(main({}), port=6543)
