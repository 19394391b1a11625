"""gettext and the message catalogs built on it (Babel, Django, Flask-Babel): `pybabel extract`, `xgettext` and
`django-admin makemessages` read the string literal of each marker call in the source, so a module-level
`_sign_in = _('Sign in')` exists to put "Sign in" in the catalog (a template renders it by its text).
The markers are the extraction tools' default keywords."""

from . import Framework

FRAMEWORK = Framework(
    name="gettext",
    docs="https://babel.pocoo.org/en/latest/messages.html#extraction-method-mapping-and-configuration",
    enabled_by=("gettext", "babel", "flask_babel", "flask-babel", "flask_babelex", "flask-babelex", "django"),
    # Babel's DEFAULT_KEYWORDS, xgettext's for Python and Django's makemessages keywords
    effect_calls=frozenset({
        "_", "N_", "gettext", "ngettext", "ugettext", "ungettext", "dgettext", "dngettext", "pgettext", "npgettext",
        "gettext_lazy", "ngettext_lazy", "pgettext_lazy", "npgettext_lazy", "ugettext_lazy", "ungettext_lazy",
        "gettext_noop", "ugettext_noop", "lazy_gettext", "lazy_pgettext", "lazy_ngettext", "_l",
    }),
)
