"""Flask-SQLAlchemy: `db.Model` subclasses are mapped by the extension, which offers `query`."""

from . import BaseRule, Framework

FRAMEWORK = Framework(
    name="Flask-SQLAlchemy",
    docs="https://flask-sqlalchemy.readthedocs.io/en/stable/models/",
    enabled_by=("flask-sqlalchemy", "flask_sqlalchemy"),
    bases=(BaseRule(r"Model", discovered=True, hooks=frozenset({"query", "query_class", "__tablename__",
                                                                 "__table_args__", "__bind_key__"})),),
)
