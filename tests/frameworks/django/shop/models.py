from django.db import models


class Product(models.Model):
    name = models.CharField(max_length=100)

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return f"/shop/{self.pk}/"

    def save(self, *args, **kwargs):
        self.name = self.name.strip()
        super().save(*args, **kwargs)

    def price_label(self):
        return f"{self.name}: on sale"

    def discount_label(self):
        return "never shown"
