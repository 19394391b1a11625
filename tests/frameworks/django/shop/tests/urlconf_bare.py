# A URLconf a test selects by its dotted name: Django reads its urlpatterns, nothing imports it.
from django.urls import path

from shop.views import health

UNUSED_PREFIX = "bare/"

urlpatterns = [path("health/", health)]
