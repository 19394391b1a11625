"""Flask-Login: the user class's properties and `get_id` are called by the extension by name, on
whatever object the `user_loader` returns ("your user class must implement these properties and
methods"), with or without the `UserMixin` that supplies them."""

from . import BaseRule, Framework

_LOGIN_HOOKS = frozenset({"is_authenticated", "is_active", "is_anonymous", "get_id"})

FRAMEWORK = Framework(
    name="Flask-Login",
    docs="https://flask-login.readthedocs.io/en/latest/#your-user-class",
    enabled_by=("flask-login", "flask_login"),
    bases=(BaseRule(r"UserMixin|AnonymousUserMixin", hooks=_LOGIN_HOOKS),),
    protocol_methods=_LOGIN_HOOKS,
    wrapping_decorators=frozenset({"login_required", "fresh_login_required"}),
)
