from pyramid.view import view_config

from shop.plugins.audit import AUDITED
from shop.routes import HOME


@view_config(route_name=HOME, renderer="json")
def home(request):
    return {"ok": True, "audited": AUDITED}
