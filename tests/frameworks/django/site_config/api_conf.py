# The URLconf of the API host (django-hosts names it by a dotted string in its settings).
from django.urls import path

from shop.views import health

app_name = "api"
urlpatterns = [path("health/", health)]
handler500 = "shop.views.not_found"
