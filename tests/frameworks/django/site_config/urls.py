from django.urls import include, path

urlpatterns = [path("shop/", include("shop.urls"))]
handler404 = "shop.views.not_found"
