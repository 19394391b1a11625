from django.contrib import admin

from .models import Product


@admin.register(Product)
class ProductAdmin(admin.ModelAdmin):
    list_display = ["name", "price_label"]
    actions = ["mark_featured"]

    @admin.action(description="Feature")
    def mark_featured(self, request, queryset):
        queryset.update(name="*")
