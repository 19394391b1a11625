from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

# Strings the templates render by their text, added here for `pybabel extract`.
_sign_in = _('Sign in')
_sign_out = _l("Sign out")

_page_size = int("20")


def main():
    print(_("Hello"))
