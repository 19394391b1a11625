class Table:
    def __init__(self, rows):
        self.rows = rows

    def _repr_html_(self):
        return "<table></table>"

    def _repr_markdown_(self):
        return "| a |"

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {"text/plain": "table"}

    def _ipython_display_(self):
        print("table")

    def _ipython_key_completions_(self):
        return ["a"]

    def to_frame(self):
        return None


def load_ipython_extension(ipython):
    ipython.push({"Table": Table})


def unload_ipython_extension(ipython):
    pass


def _jupyter_labextension_paths():
    return [{"src": "labextension", "dest": "app"}]


def _jupyter_server_extension_points():
    return [{"module": "app"}]


def _load_jupyter_server_extension(serverapp):
    serverapp.log.info("loaded")


def _unused_private():
    return 0
