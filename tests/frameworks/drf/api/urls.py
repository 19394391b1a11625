from django.urls import path
from rest_framework.routers import DefaultRouter

from .views import NoteViewSet, ping

router = DefaultRouter()
router.register("notes", NoteViewSet, basename="note")
urlpatterns = [path("ping/", ping), *router.urls]
