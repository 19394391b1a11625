"""SQLAlchemy and SQLModel: declarative classes are mapped by their base's registry (the subclasses
of a project's `Base` too); hybrid attributes wrap a method in place like `property`. The
declarative base offers a documented, closed set of names to its subclasses: a mapped class's other
public methods are the project's own, alive only when something calls them. (`@validates`,
`@event.listens_for`, `@declared_attr` and `@reconstructor` register: the default for a decorator.)"""

from . import BaseRule, Framework

# https://docs.sqlalchemy.org/en/20/orm/mapping_api.html#sqlalchemy.orm.DeclarativeBase
_DECLARATIVE = frozenset({"metadata", "registry", "type_annotation_map", "__tablename__", "__table__",
                          "__table_args__", "__mapper__", "__mapper_args__", "__abstract__"})

FRAMEWORK = Framework(
    name="SQLAlchemy",
    docs="https://docs.sqlalchemy.org/en/20/orm/declarative_styles.html",
    enabled_by=("sqlalchemy", "sqlmodel", "flask-sqlalchemy", "flask_sqlalchemy"),
    bases=(BaseRule(r"DeclarativeBase|DeclarativeBaseNoMeta", discovered=True, hooks=_DECLARATIVE),
           BaseRule(r"SQLModel|Base", discovered=True)),
    wrapping_decorators=frozenset({"hybrid_property", "hybrid_method"}),
)
