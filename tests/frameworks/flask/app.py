from flask import Flask

from models import Basket
from helpers import slug

app = Flask(__name__)
app.config.from_object("config.ProductionConfig")


@app.route("/")
def index():
    return slug("Home")


@app.before_request
def load_user():
    return None


@app.template_filter("money")
def money(value):
    return f"{value} EUR"


@app.cli.command("seed")
def seed():
    print("seeded")


@app.shell_context_processor
def shell_context():
    return {"Basket": Basket}


def create_app():
    """What `flask run` calls when FLASK_APP names no object."""
    return app
