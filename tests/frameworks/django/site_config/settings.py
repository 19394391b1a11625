SECRET_KEY = "dev"
INSTALLED_APPS = ["django.contrib.admin", "shop.apps.ShopConfig"]
MIDDLEWARE = ["shop.middleware.TimingMiddleware"]
ROOT_URLCONF = "site_config.urls"
