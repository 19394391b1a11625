"""WTForms and Flask-WTF: a form's `validate_<field>` methods are called by `validate()` for each
field; templates call the form's own methods by name."""

from . import BaseRule, Framework

FRAMEWORK = Framework(
    name="WTForms",
    docs="https://wtforms.readthedocs.io/en/3.1.x/forms/#in-line-validators",
    enabled_by=("wtforms", "flask-wtf", "flask_wtf"),
    bases=(BaseRule(r"FlaskForm",
                    hooks=frozenset({"Meta", "validate", "validate_on_submit", "populate_obj", "process",
                                     "hidden_tag", "is_submitted", "__iter__", "__getitem__"}),
                    prefixes=("validate_",)),),
)
