from django.urls import path

from . import views

app_name = "shop"
urlpatterns = [
    path("", views.ProductList.as_view(), name="list"),
    path("health/", views.health, name="health"),
]
