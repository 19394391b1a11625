"""IPython and Jupyter: the rich display protocol (`_repr_html_` and the other `_repr_*_`,
`_ipython_display_`) is called on any object a notebook shows, and extensions are loaded by name.
Always on: a library implements the protocol without depending on IPython."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="IPython / Jupyter",
    docs="https://ipython.readthedocs.io/en/stable/config/integrating.html",
    # https://jupyter-server.readthedocs.io/en/latest/developers/extensions.html: the server finds an
    # extension's points and loads it through these module-level functions.
    files=(FileRoot(r"\.py$", r"(?:load|unload)_ipython_extension|_jupyter_\w+_(?:paths|points)"
                                r"|_?load_jupyter_server_extension", "IPython / Jupyter extension hook"),),
    protocol_methods=frozenset({
        "_repr_html_", "_repr_markdown_", "_repr_svg_", "_repr_png_", "_repr_jpeg_", "_repr_latex_", "_repr_json_",
        "_repr_javascript_", "_repr_pdf_", "_repr_mimebundle_", "_repr_pretty_", "_ipython_display_",
        "_ipython_key_completions_",
    }),
)
