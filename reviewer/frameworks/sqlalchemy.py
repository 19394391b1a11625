"""SQLAlchemy and SQLModel: declarative classes are mapped by their base's registry; hybrid
attributes wrap a method in place like `property`."""

from . import BaseRule, Framework

FRAMEWORK = Framework(
    name="SQLAlchemy",
    docs="https://docs.sqlalchemy.org/en/20/orm/declarative_styles.html",
    enabled_by=("sqlalchemy", "sqlmodel", "flask-sqlalchemy", "flask_sqlalchemy"),
    bases=(BaseRule(r"DeclarativeBase|DeclarativeBaseNoMeta|SQLModel|Base", discovered=True),),
    wrapping_decorators=frozenset({"hybrid_property", "hybrid_method"}),
)
