from flask import Flask, render_template

from . import forms as Forms

app = Flask(__name__)
app.jinja_env.globals["Forms"] = Forms


@app.route("/login")
def login():
    return render_template("login.html")
