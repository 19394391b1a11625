from .core import run


class CsvPlugin:
    def load(self):
        return run()
