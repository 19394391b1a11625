from flask import Flask
from flask_sqlalchemy import SQLAlchemy

app = Flask(__name__)
db = SQLAlchemy(app)

from app import models  # noqa: E402,F401
import views  # noqa: E402,F401
