"""marshmallow: schema classes register themselves in its class registry (named by string in
`fields.Nested("UserSchema")`)."""

from . import BaseRule, Framework

FRAMEWORK = Framework(
    name="marshmallow",
    docs="https://marshmallow.readthedocs.io/en/stable/nesting.html",
    enabled_by=("marshmallow", "marshmallow-sqlalchemy", "flask-marshmallow"),
    bases=(BaseRule(r"Schema|SQLAlchemySchema|SQLAlchemyAutoSchema|ModelSchema", discovered=True),),
)
