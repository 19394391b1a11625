from flask import Flask
from flask_login import LoginManager, login_required

from api_user import ApiUser
from user import User

app = Flask(__name__)
login_manager = LoginManager(app)


@login_manager.user_loader
def load_user(user_id):
    return ApiUser(user_id) if user_id.startswith("api-") else User(user_id)


@app.route("/")
@login_required
def home():
    return "home"


@login_required
def unrouted_private_page():
    return "nobody routes here"
