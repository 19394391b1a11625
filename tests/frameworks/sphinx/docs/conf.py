import os
import sys

sys.path.insert(0, os.path.abspath("../ext"))

project = "Docs"
extensions = ["sphinx.ext.autodoc", "glossary_ext"]
html_theme = "alabaster"


def setup(app):
    app.add_css_file("custom.css")
