"""WTForms and Flask-WTF: a form's `validate_<field>` methods are called by `validate()` for each
field; templates call the form's own methods by name. A form's inner `class Meta` overrides the
hooks of `wtforms.meta.DefaultMeta`, which the form calls by name (`meta.get_translations(form)`)."""

from . import BaseRule, Framework

FRAMEWORK = Framework(
    name="WTForms",
    docs="https://wtforms.readthedocs.io/en/3.1.x/forms/#in-line-validators",
    enabled_by=("wtforms", "flask-wtf", "flask_wtf"),
    # https://wtforms.readthedocs.io/en/3.1.x/meta/#wtforms.meta.DefaultMeta
    protocol_methods=frozenset({"bind_field", "wrap_formdata", "render_field", "build_csrf", "get_translations",
                                "update_values"}),
    bases=(BaseRule(r"FlaskForm|Form",
                    hooks=frozenset({"Meta", "validate", "validate_on_submit", "populate_obj", "process",
                                     "hidden_tag", "is_submitted", "__iter__", "__getitem__"}),
                    prefixes=("validate_",)),),
)
