from flask_wtf import FlaskForm
from wtforms import PasswordField, StringField


class LoginForm(FlaskForm):
    name = StringField()
    password = PasswordField()

    def validate_name(self, field):
        return field.data

    def strength(self):
        return "never called"


class RegisterForm(FlaskForm):
    name = StringField()
